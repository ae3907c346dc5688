#!/usr/bin/env python3
"""Long answers beside everyone else's, on the real server, run by hand.

    .venv/bin/python benchmarks/heavy.py              # writes its section of benchmarks/RESULTS.md
    .venv/bin/python benchmarks/heavy.py --no-write   # print only

``referee run`` (8 threads, its own process) on a new SQLite instance. Eight devices (eight
loopback addresses) each ask at once for the FreeCell search that takes longest (game 11,982,
proved unwinnable: seconds of search) while another device asks ``GET /api/v1/rulesets`` and
a kept game's page over and over, as a table's taps and polls do. Measured: how long that device
waits for each answer (median, max) beside the same requests on an idle server, and what the
eight searches were answered (200, or 503 server_busy at once past the server's ration,
referee/heavy_work.py). Issue 39's figure before the ration: 17.4 s for one rulesets answer.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
SEARCHERS = 8
HARDEST = {"game": 11982}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ask(port: int, method: str, path: str, body=None, device: str = "127.0.0.1",
        timeout: float = 120) -> tuple[int, float]:
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(device, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data,
                           headers={"Content-Type": "application/json"} if data else {})
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - started
    finally:
        connection.close()


def taps(port: int, game_page: str, rounds: int) -> list[float]:
    waited = []
    for _ in range(rounds):
        for path in ("/api/v1/rulesets", game_page):
            status, seconds = ask(port, "GET", path, device="127.0.0.200")
            assert status == 200, (path, status)
            waited.append(seconds)
    return waited


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "REFEREE_INSTANCE_PATH": folder, "SECRET_KEY": "heavy",
               "PYTHONUNBUFFERED": "1"}
        env.pop("DATABASE_URL", None)
        server = subprocess.Popen([sys.executable, "-m", "referee.cli", "run", "--host",
                                   "127.0.0.1", "--port", str(port), "--threads", "8"],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        try:
            for line in server.stdout:
                if "is serving" in line:
                    break
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/api/v1/games", body=json.dumps(
                {"ruleset": "eversol", "players": ["Abe", "Ben", "Cy"], "first_dealer": "Abe"}),
                headers={"Content-Type": "application/json"})
            game = json.loads(connection.getresponse().read())
            connection.close()
            page = f"/games/{game['id']}"
            idle = taps(port, page, args.rounds)

            answers: list[tuple[int, float]] = []
            searchers = [threading.Thread(target=lambda n=n: answers.append(ask(
                port, "POST", "/api/v1/freecell/solve", HARDEST, device=f"127.0.0.{10 + n}")))
                for n in range(SEARCHERS)]
            for searcher in searchers:
                searcher.start()
            busy = taps(port, page, args.rounds)
            for searcher in searchers:
                searcher.join()
        finally:
            server.terminate()
            server.wait(30)
    refused = sorted(seconds for status, seconds in answers if status == 503)
    searched = sorted(seconds for status, seconds in answers if status == 200)
    load = os.getloadavg()[0]
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, load {load:.1f} at the end; "
        f"command: `.venv/bin/python benchmarks/heavy.py`, {time.strftime('%Y-%m-%d')}.",
        "",
        "| another device's taps (rulesets, a game page) | median | max |",
        "|---|---|---|",
        f"| on an idle server | {statistics.median(idle) * 1000:.0f} ms | "
        f"{max(idle) * 1000:.0f} ms |",
        f"| while {SEARCHERS} devices ask for game 11,982's search at once | "
        f"{statistics.median(busy) * 1000:.0f} ms | {max(busy) * 1000:.0f} ms |",
        "",
        f"The {SEARCHERS} searches: {len(searched)} answered 200 "
        f"(in {', '.join(f'{s:.1f}' for s in searched)} s), {len(refused)} answered 503 "
        f"server_busy (in at most {max(refused, default=0) * 1000:.0f} ms).",
    ]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        begin, end = "<!-- heavy:begin -->", "<!-- heavy:end -->"
        section = f"{begin}\n## Long answers beside everyone else's (issue 39.5)\n\n{text}\n{end}"
        results = RESULTS.read_text()
        if begin in results:
            results = results[:results.index(begin)] + section + results[
                results.index(end) + len(end):]
        else:
            results = results.rstrip("\n") + "\n\n" + section + "\n"
        RESULTS.write_text(results)


if __name__ == "__main__":
    main()
