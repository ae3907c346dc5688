#!/usr/bin/env python3
"""Bytes the first page costs over the wire: ``/`` and every file it loads, as sent without
and with ``Accept-Encoding: gzip`` and ``br`` (the app's test client, a new SQLite
database).

    .venv/bin/python benchmarks/first_page.py
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brotli  # noqa: E402

from referee import create_app  # noqa: E402


def transfer(client, encoding: str) -> dict[str, int]:
    page = client.get("/", headers={"Accept-Encoding": encoding})
    text = {"gzip": gzip.decompress, "br": brotli.decompress}.get(
        page.headers.get("Content-Encoding", ""), bytes)(page.data)
    sizes = {"/": len(page.data)}
    for path in re.findall(rb'(?:href|src)="(/static/[^"]+)"', text):
        sizes[path.decode()] = len(client.get(path.decode(),
                                              headers={"Accept-Encoding": encoding}).data)
    return sizes


def main() -> None:
    folder = tempfile.mkdtemp(prefix="first-page-")
    app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/first-page.sqlite3"})
    client = app.test_client()
    sent = [transfer(client, encoding) for encoding in ("identity", "gzip", "br")]
    print(f"{'':52} {'identity':>8} {'gzip':>8} {'br':>8}")
    for path in sent[0]:
        print(f"{path:52} " + " ".join(f"{each[path]:>8}" for each in sent))
    print(f"{'total':52} " + " ".join(f"{sum(each.values()):>8}" for each in sent))


if __name__ == "__main__":
    main()
