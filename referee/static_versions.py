"""Static files named by their content, so a browser keeps them for a year and still never
runs an old script after an update.

Every ``url_for('static', ...)`` gains ``?v=`` and the first 12 hex digits of the file's
SHA-256. A request carrying the file's current fingerprint is answered as immutable for a
year; any other (an old page asking for an old version, or no version) is answered as
before, to be checked again. A new version of a file is a new address, so the long keep
is safe. Fingerprints are worked out once per file version (``PerFileVersion``) and kept
in memory.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

A_YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={A_YEAR}, immutable"
VERSION_ARGUMENT = "v"
T = TypeVar("T")


class PerFileVersion:
    """Something worked out from a static file once, and kept until the file changes (its
    size or modification time): its fingerprint, its compressed bytes."""

    def __init__(self, make: Callable[[Path, os.stat_result], T]):
        self._make = make
        self._kept: dict[str, tuple[tuple[int, int], T]] = {}
        self._lock = threading.Lock()

    def __call__(self, static_folder: str, filename: str) -> T | None:
        """What ``make`` makes of the file, or None when there is no such file."""
        path = safe_join(static_folder, filename) if filename else None
        if path is None:
            return None
        try:
            stat = Path(path).stat()
        except OSError:
            return None
        version = (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            kept = self._kept.get(path)
        if kept is None or kept[0] != version:
            kept = (version, self._make(Path(path), stat))
            with self._lock:
                self._kept[path] = kept
        return kept[1]


fingerprint = PerFileVersion(
    lambda path, _stat: hashlib.sha256(path.read_bytes()).hexdigest()[:12])


def register_static_versions(app: Flask) -> None:
    app.url_defaults(_add_version)
    app.after_request(_keep_versioned)


def _add_version(endpoint: str, values: dict) -> None:
    if endpoint != "static" or VERSION_ARGUMENT in values or "filename" not in values:
        return
    version = fingerprint(current_app.static_folder, values["filename"])
    if version:
        values[VERSION_ARGUMENT] = version


def _keep_versioned(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code != 200:
        return response
    asked = request.args.get(VERSION_ARGUMENT)
    filename = (request.view_args or {}).get("filename", "")
    if asked and asked == fingerprint(current_app.static_folder, filename):
        response.headers["Cache-Control"] = IMMUTABLE
    return response
