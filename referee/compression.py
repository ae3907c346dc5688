"""Text answers compressed for the clients that accept it: pages, styles, scripts, JSON, SVG.

Brotli where the client accepts it (every browser the tablets, phones and TVs run does, over
HTTPS and on localhost), gzip otherwise. The first page with its style sheet is about 100 KB
as written, a quarter of that gzipped and less again with brotli; a tablet on a weak home
network feels the difference. Static files are compressed once per version of the file, at
the slowest and smallest quality, and kept in memory; pages and JSON are made per request,
so they are compressed at a quick quality.

A compressed body is another representation of the same resource, so its ETag is made
weak (``W/"..."``). ``If-None-Match`` is compared weakly, as RFC 9110 asks (Werkzeug
does so for static files; the views that answer 304 use ``contains_weak``), so the
weak tag a browser sends back still matches the strong one a view computes.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import brotli
from flask import Flask, Response, current_app, request

from .static_versions import PerFileVersion

COMPRESSIBLE = frozenset({
    "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
    "image/svg+xml", "text/csv", "text/plain"})
# Below this, the encoding's own framing and the CPU cost outweigh what it saves.
MINIMUM_SIZE = 1024
# Brotli's quality per request: 4 is about as quick as gzip's level 6 and still smaller;
# 11 (static files, done once per file version) is many times slower and smaller again.
DYNAMIC_QUALITY = 4
STATIC_QUALITY = 11


def register_compression(app: Flask) -> None:
    app.after_request(compress)


def _encoding() -> str | None:
    """The encoding this client is sent: brotli when it accepts it, else gzip, else none."""
    accepted = request.accept_encodings
    if accepted["br"] > 0:
        return "br"
    return "gzip" if accepted["gzip"] > 0 else None


def _compressed(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(data, mode=brotli.MODE_TEXT, quality=DYNAMIC_QUALITY)
    return gzip.compress(data, compresslevel=6, mtime=0)


def compress(response: Response) -> Response:
    if response.mimetype not in COMPRESSIBLE or "Content-Encoding" in response.headers:
        return response
    response.vary.add("Accept-Encoding")
    encoding = _encoding()
    if response.status_code in (204, 206, 304) or encoding is None:
        return response
    if response.direct_passthrough:
        kept = _STATIC[encoding]
        body = (kept(current_app.static_folder, (request.view_args or {}).get("filename", ""))
                if request.endpoint == "static" else None)
    elif response.is_streamed:
        body = None  # a stream is sent as it is made; it is not held whole to compress it
    else:
        data = response.get_data()
        body = _compressed(data, encoding) if len(data) >= MINIMUM_SIZE else None
    if body is None:
        return response
    if response.direct_passthrough and hasattr(response.response, "close"):
        response.response.close()  # the static file's handle: its compressed copy is sent
    response.direct_passthrough = False
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding
    response.headers.pop("Accept-Ranges", None)  # byte ranges of the file, not of this body
    etag, _weak = response.get_etag()
    if etag:
        response.set_etag(etag, weak=True)
    return response


def _gzip_file(path: Path, stat: os.stat_result) -> bytes | None:
    if stat.st_size < MINIMUM_SIZE:
        return None
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def _brotli_file(path: Path, stat: os.stat_result) -> bytes | None:
    if stat.st_size < MINIMUM_SIZE:
        return None
    return brotli.compress(path.read_bytes(), mode=brotli.MODE_TEXT, quality=STATIC_QUALITY)


_STATIC = {"gzip": PerFileVersion(_gzip_file), "br": PerFileVersion(_brotli_file)}
