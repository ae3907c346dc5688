#!/usr/bin/env python3
"""Bytes the first page costs over the wire: ``/`` and every file it loads, as sent without
and with ``Accept-Encoding: gzip`` (the app's test client, a new SQLite database).

    .venv/bin/python benchmarks/first_page.py
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import create_app  # noqa: E402


def transfer(client, encoding: str) -> dict[str, int]:
    page = client.get("/", headers={"Accept-Encoding": encoding})
    text = gzip.decompress(page.data) if page.headers.get("Content-Encoding") else page.data
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
    plain, packed = transfer(client, "identity"), transfer(client, "gzip")
    for path in plain:
        print(f"{path:40} {plain[path]:>8} {packed[path]:>8}")
    print(f"{'total':40} {sum(plain.values()):>8} {sum(packed.values()):>8}")


if __name__ == "__main__":
    main()
