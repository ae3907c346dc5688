"""Static files named by their content, so a browser keeps them for a year and still never
runs an old script after an update.

Every ``url_for('static', ...)`` gains ``?v=`` and the first 12 hex digits of the file's
SHA-256. A request carrying the file's current fingerprint is answered as immutable for a
year; any other (an old page asking for an old version, or no version) is answered as
before, to be checked again. A new version of a file is a new address, so the long keep
is safe. Fingerprints are worked out once per file version (path, size, modification
time) and kept in memory.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

A_YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={A_YEAR}, immutable"
VERSION_ARGUMENT = "v"

_fingerprints: dict[tuple[str, int, int], str] = {}
_lock = threading.Lock()


def register_static_versions(app: Flask) -> None:
    app.url_defaults(_add_version)
    app.after_request(_keep_versioned)


def fingerprint(static_folder: str, filename: str) -> str | None:
    """The file's fingerprint, or None when there is no such file."""
    path = safe_join(static_folder, filename)
    if path is None:
        return None
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    key = (path, stat.st_size, stat.st_mtime_ns)
    with _lock:
        found = _fingerprints.get(key)
    if found is None:
        found = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]
        with _lock:
            _fingerprints[key] = found
    return found


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
