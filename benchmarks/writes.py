#!/usr/bin/env python3
"""What one write costs the app, run by hand from a checkout (not a test):

    .venv/bin/python benchmarks/writes.py [GAMES]    # default 30 games of 20 writes each

Through the app's test client (no server, no network) on a new SQLite file: each game of
Eversol gets its six hands and then corrections, one POST .../events each. Prints the median
wall and CPU time of a write; CPU time is the steadier on a shared machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import create_app  # noqa: E402

PLAYERS = ["Abe", "Ben", "Carl"]
WRITES_PER_GAME = 20


def step(version: int) -> dict:
    points = {"Ben": 10, "Carl": 15}
    if version < 6:
        return {"type": "hand_scored", "hand": version + 1, "went_out": "Abe", "points": points}
    return {"type": "hand_corrected", "hand": version % 6 + 1, "went_out": "Abe",
            "points": points, "reason": "benchmark"}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    folder = tempfile.mkdtemp(prefix="referee-writes-")
    app = create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/writes.sqlite3"})
    client = app.test_client()
    walls, cpus = [], []
    for _ in range(games):
        game = client.post("/api/v1/games", json={"ruleset": "eversol", "players": PLAYERS,
                                                  "first_dealer": "Abe"}).get_json()
        for version in range(WRITES_PER_GAME):
            wall, cpu = time.perf_counter(), time.process_time()
            answer = client.post(f"/api/v1/games/{game['id']}/events",
                                 json={"expected_version": version, "event": step(version)},
                                 headers={"X-Edit-Key": game["edit_key"]})
            cpus.append(time.process_time() - cpu)
            walls.append(time.perf_counter() - wall)
            assert answer.status_code == 201, answer.get_json()
    print(f"{len(walls)} writes: median wall {statistics.median(walls) * 1000:.2f} ms, "
          f"median CPU {statistics.median(cpus) * 1000:.2f} ms ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
