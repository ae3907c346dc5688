#!/usr/bin/env python3
"""A write's time on two checkouts' real servers at once, run by hand (not a test):

    .venv/bin/python benchmarks/write_pair.py BEFORE AFTER [ROUNDS]   # two checkouts' folders

Starts ``referee run`` (8 threads, a new SQLite instance folder each) from both checkouts,
then in each of ROUNDS (default 30) a new Eversol game on each server gets 20 writes (six
hands, then corrections), one POST .../events each on a kept-alive connection, the two
servers taking turns and swapping who goes first each write. On a shared machine both then
meet the same load, so the ratio of their medians is fair where either's times alone are not.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.writes import PLAYERS, WRITES_PER_GAME, step  # noqa: E402
from tests.server_process import ServerProcess  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(checkout: Path) -> ServerProcess:
    folder, port = Path(tempfile.mkdtemp(prefix="referee-write-pair-")), free_port()
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {"REFEREE_INSTANCE_PATH": str(folder), "SECRET_KEY": "benchmark"}
    server = ServerProcess([sys.executable, "-m", "referee.cli", "run", "--host", "127.0.0.1",
                            "--port", str(port), "--threads", "8"], port, folder / "server.log",
                           checkout, env)
    server.start()
    return server


def main() -> None:
    checkouts = {"before": Path(sys.argv[1]).resolve(), "after": Path(sys.argv[2]).resolve()}
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    servers = {name: serve(checkout) for name, checkout in checkouts.items()}
    try:
        connections = {name: http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                       for name, server in servers.items()}

        def post(name: str, path: str, body: dict, headers: dict | None = None):
            connection = connections[name]
            connection.request("POST", path, body=json.dumps(body),
                               headers={"Content-Type": "application/json", **(headers or {})})
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read())

        times: dict[str, list[float]] = {name: [] for name in servers}
        for number in range(rounds):
            games = {name: post(name, "/api/v1/games", {
                "ruleset": "eversol", "players": PLAYERS, "first_dealer": "Abe"})[1]
                for name in servers}
            for version in range(WRITES_PER_GAME):
                order = list(servers) if (number + version) % 2 else list(servers)[::-1]
                for name in order:
                    game, began = games[name], time.perf_counter()
                    status, _ = post(name, f"/api/v1/games/{game['id']}/events",
                                     {"expected_version": version, "event": step(version)},
                                     {"X-Edit-Key": game["edit_key"]})
                    times[name].append(time.perf_counter() - began)
                    assert status == 201
        for name, taken in times.items():
            print(f"{name} ({checkouts[name]}): {len(taken)} writes, median "
                  f"{statistics.median(taken) * 1000:.2f} ms, p95 "
                  f"{sorted(taken)[int(len(taken) * 0.95)] * 1000:.2f} ms")
        print(f"after / before, medians: "
              f"{statistics.median(times['after']) / statistics.median(times['before']):.3f}")
    finally:
        for server in servers.values():
            server.stop()


if __name__ == "__main__":
    main()
