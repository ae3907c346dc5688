#!/usr/bin/env python3
"""What the instance password costs a request: the guarded screens and the API's new game with
no password (as every home serves them), with one (a signed-in device, the API with HTTP
Basic), and a sign-in itself (the password's salted hash checked on purpose slowly).

    .venv/bin/python benchmarks/doors.py [--code FOLDER] [--repeat 51]

``--code`` runs another checkout's app (main's, for the "before"): only the no-password rows
apply to code without a password. Medians in ms (wall) through Flask's test client on a new
SQLite database holding 20 games.
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import tempfile
import time
from pathlib import Path

GAME = {"ruleset": "eversol", "players": ["Ann", "Bob", "Cy"], "first_dealer": "Ann"}


def timed(call, repeat: int) -> float:
    for _ in range(3):  # warm: templates compiled, games folded
        call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def rows(app, repeat: int, password: bool) -> dict[str, float]:
    client = app.test_client()
    headers = {}
    if password:
        from werkzeug.security import generate_password_hash

        app.config["PASSWORD_HASH"] = generate_password_hash("club night")  # the real hash
        headers = {"Authorization": "Basic " + base64.b64encode(b":club night").decode()}
        client.post("/sign-in", data={"password": "club night", "next": "/"})
    for _ in range(20):
        assert client.post("/api/v1/games", json=GAME, headers=headers).status_code == 201
    found = {path: timed(lambda p=path: client.get(p), repeat)
             for path in ("/", "/games", "/players", "/games/new/eversol")}
    found["POST /api/v1/games"] = timed(
        lambda: client.post("/api/v1/games", json=GAME, headers=headers), repeat)
    if password:
        fresh = app.test_client()
        found["sign-in (hash checked)"] = timed(
            lambda: fresh.post("/sign-in", data={"password": "club night", "next": "/"}),
            min(repeat, 11))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--repeat", type=int, default=51)
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    from referee import create_app

    for password in (False, True) if (args.code / "referee" / "doors.py").exists() else (False,):
        folder = tempfile.mkdtemp(prefix="doors-")
        app = create_app({"TESTING": True, "SECRET_KEY": "benchmark", "WTF_CSRF_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/doors.sqlite3"})
        for name, ms in rows(app, args.repeat, password).items():
            print(f"{'password' if password else 'none':9} {name:28} {ms:8.2f}")


if __name__ == "__main__":
    main()
