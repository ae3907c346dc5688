"""Text answers gzipped for the clients that accept it: pages, styles, scripts, JSON, SVG.

The first page with its style sheet and htmx is about 95 KB as written and a quarter
of that gzipped; a tablet on a weak home network feels the difference. Static files
are compressed once per version of the file and kept in memory.

A gzipped body is another representation of the same resource, so its ETag is made
weak (``W/"..."``). ``If-None-Match`` is compared weakly, as RFC 9110 asks (Werkzeug
does so for static files; the views that answer 304 use ``contains_weak``), so the
weak tag a browser sends back still matches the strong one a view computes.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from flask import Flask, Response, current_app, request

from .static_versions import PerFileVersion

COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "image/svg+xml", "text/csv", "text/plain"})
# Below this, gzip's own header and the CPU cost outweigh what it saves.
MINIMUM_SIZE = 1024


def register_compression(app: Flask) -> None:
    app.after_request(compress)


def _accepts_gzip() -> bool:
    return request.accept_encodings["gzip"] > 0


def compress(response: Response) -> Response:
    if response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers:
        return response
    response.vary.add("Accept-Encoding")
    if response.status_code in (204, 206, 304) or not _accepts_gzip():
        return response
    if response.direct_passthrough:
        body = (_static_gzipped(current_app.static_folder,
                                (request.view_args or {}).get("filename", ""))
                if request.endpoint == "static" else None)
    elif response.is_streamed:
        body = None  # a stream is sent as it is made; it is not held whole to compress it
    else:
        data = response.get_data()
        body = gzip.compress(data, compresslevel=6, mtime=0) if len(data) >= MINIMUM_SIZE \
            else None
    if body is None:
        return response
    if response.direct_passthrough and hasattr(response.response, "close"):
        response.response.close()  # the static file's handle: its gzipped copy is sent instead
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    response.headers.pop("Accept-Ranges", None)  # byte ranges of the file, not of this body
    etag, _weak = response.get_etag()
    if etag:
        response.set_etag(etag, weak=True)
    return response


def _gzip_file(path: Path, stat: os.stat_result) -> bytes | None:
    if stat.st_size < MINIMUM_SIZE:
        return None
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


_static_gzipped = PerFileVersion(_gzip_file)
