#!/usr/bin/env python3
"""The family's history with thousands of games, on the real server, run by hand (not a test).

    .venv/bin/python benchmarks/history.py               # writes RESULTS.md's history section
    .venv/bin/python benchmarks/history.py --games 300 --no-write   # a smoke run

A new instance folder gets ``--games`` finished games (3,000) of three games (Eversol, Base
Rules and Hand and Foot in teams) among 30 players, each replayed by the rules core and written
through the store's own row maker (``new_game_row``: the summary and finish time a game's
last write leaves), spread over two years. ``referee run`` then serves it in a process of its
own, and each page is asked ``--repeat`` times on a kept-alive connection, timed by the client
from sending the request to reading the answer's last byte: the first request of each is
left out of the figures and given apart (it computes what the later ones are handed).
Median, p95 and bytes go to benchmarks/RESULTS.md between ``<!-- history:begin -->`` and
``<!-- history:end -->``, with the machine, the command and the load average.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from speed import Client, Server, load_average  # benchmarks/ is on sys.path when this runs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- history:begin -->", "<!-- history:end -->"
NAMES = ("Ann Bo Cy Di Ed Flo Gus Hal Ivy Jo Kit Lou Max Ned Oda Pip Quin Ros Sal Ted Uma "
         "Vic Wes Xan Yul Zoe Abe Bea Cal Dot").split()
TARGET_MS, TARGET_BYTES = 300, 100_000


def hands_of(ruleset: str, players: list[str], chance: random.Random) -> list[dict]:
    """A whole game's events, as a table might enter them."""
    if ruleset == "eversol":  # the benchmark, not the app, may name the games it lays down
        return [{"type": "hand_scored", "hand": hand, "went_out": (out := chance.choice(players)),
                 "points": {name: 5 * chance.randint(1, 20) for name in players if name != out}}
                for hand in range(1, 7)]
    if ruleset == "base":
        out = chance.choice(players)
        return [{"type": "hand_scored", "hand": 1, "went_out": out, "players": {
            name: ({"melded": 5 * chance.randint(6, 12), "held": 0} if name == out else
                   {"melded": 5 * chance.randint(0, 6), "held": 5 * chance.randint(1, 6)})
            for name in players}}]
    entry = {"held": 0, "clean_piles": 0, "dirty_piles": 0, "wild_piles": 0, "red_threes": 0,
             "went_out": False}
    return [{"type": "hand_scored", "hand": hand, "teams": {
        team: {**entry, "melded": 5 * chance.randint(10, 80)} for team in ("Us", "Them")}}
        for hand in range(1, 5)]


def lay_down(env: dict, count: int) -> None:
    os.environ.update({k: env[k] for k in ("REFEREE_INSTANCE_PATH", "SECRET_KEY")})
    from sqlalchemy import insert

    from referee import create_app
    from referee.core.game import GameSetup, event_from_dict, replay
    from referee.extensions import db
    from referee.store.games import new_game_row
    from referee.store.models import Game, GameEvent

    chance = random.Random(40)
    start = datetime.datetime(2025, 1, 1)
    app = create_app()
    with app.app_context():
        rows = []
        for number in range(count):
            ruleset = chance.choices(("eversol", "base", "hand-and-foot"), (6, 2, 2))[0]
            seated = chance.sample(NAMES, 4 if ruleset == "hand-and-foot"
                                   else chance.randint(2, 5))
            teams = ([{"name": "Us", "players": seated[::2]},
                      {"name": "Them", "players": seated[1::2]}]
                     if ruleset == "hand-and-foot" else None)
            setup = GameSetup.create(ruleset, seated, first_dealer=seated[0], teams=teams)
            events = hands_of(ruleset, seated, chance)
            state = replay(setup, [event_from_dict(event) for event in events], strict=False)
            assert state.finished, (ruleset, state.totals)
            when = start + datetime.timedelta(minutes=number * 300 + chance.randint(0, 60))
            game = new_game_row(setup, "benchmark", state, len(events), created_at=when,
                                updated_at=when)
            game.finished_at = when + datetime.timedelta(hours=1)
            db.session.add(game)
            rows.append((game, events))
            if len(rows) == 250 or number == count - 1:
                db.session.flush()
                db.session.execute(insert(GameEvent), [
                    {"game_id": game.id, "version": version, "kind": event["type"],
                     "payload": event} for game, events in rows
                    for version, event in enumerate(events, 1)])
                db.session.commit()
                rows = []
        assert db.session.query(Game).count() == count
        db.engine.dispose()


def measure(client: Client, path: str, repeat: int) -> dict:
    first_began = time.perf_counter()
    status, body = fetch(client, path)
    first = (time.perf_counter() - first_began) * 1000
    times, sizes = [], []
    for _ in range(repeat):
        began = time.perf_counter()
        status, body = fetch(client, path)
        times.append((time.perf_counter() - began) * 1000)
        sizes.append(len(body))
    times.sort()
    return {"path": path, "status": status, "first_ms": first,
            "median_ms": statistics.median(times),
            "p95_ms": times[max(0, int(round(0.95 * len(times))) - 1)],
            "bytes": int(statistics.median(sizes))}


def fetch(client: Client, path: str) -> tuple[int, bytes]:
    # Identity encoding: the bytes a page is, not what a compressing server sends of it.
    client.connection.request("GET", path, headers={"Accept-Encoding": "identity"})
    answer = client.connection.getresponse()
    return answer.status, answer.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    load = {"start": load_average()}
    folder = Path(tempfile.mkdtemp(prefix="history-"))
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
           "REFEREE_INSTANCE_PATH": str(folder), "SECRET_KEY": "history-benchmark",
           "PYTHONUNBUFFERED": "1"}
    began = time.perf_counter()
    lay_down(env, args.games)
    built = time.perf_counter() - began
    print(f"laid down {args.games} games in {built:.0f} s", file=sys.stderr)
    server = Server(env, folder, "history")
    try:
        client = Client(server.port)
        paths = ["/players", "/api/v1/ratings?ruleset=eversol", "/ratings/eversol",
                 "/records/eversol", f"/players/{NAMES[0]}", f"/api/v1/players/{NAMES[0]}/stats"]
        figures = [figure for figure in (measure(client, path, args.repeat) for path in paths)
                   if figure["status"] != 404]  # a screen not built yet
    finally:
        server.stop()
    load["end"] = load_average()
    shutil.rmtree(folder)
    section = markdown(figures, args, load, built)
    print(section)
    if not args.no_write:
        write(section)


def markdown(figures: list[dict], args, load: dict, built: float) -> str:
    command = "benchmarks/history.py" + ("" if args.games == 3000 else f" --games {args.games}")
    lines = [BEGIN, "## The family's history with 3,000 finished games (issue 40)", "",
             f"{datetime.date.today():%Y-%m-%d}, {platform.machine()} "
             f"{platform.processor() or platform.system()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}, SQLite; `.venv/bin/python {command}` "
             f"(--repeat {args.repeat}; {args.games} games of Eversol, Base Rules and Hand and "
             f"Foot among {len(NAMES)} players laid down in {built:.0f} s). Load average "
             f"(1, 5, 15 min) {load['start']} at the start, {load['end']} at the end: the "
             "machine was shared with other work, so the figures are upper bounds.", "",
             f"Target: each page within {TARGET_MS} ms and under {TARGET_BYTES // 1000} KB. "
             "The first request of each page (computing what later ones are handed, after the "
             "server started) is given apart.", "",
             "| page | status | first (ms) | median (ms) | p95 (ms) | bytes | within target |",
             "|---|---|---|---|---|---|---|"]
    for figure in figures:
        ok = figure["p95_ms"] <= TARGET_MS and figure["bytes"] < TARGET_BYTES
        lines.append(f"| `GET {figure['path']}` | {figure['status']} | {figure['first_ms']:.0f} "
                     f"| {figure['median_ms']:.1f} | {figure['p95_ms']:.1f} | {figure['bytes']:,} "
                     f"| {'yes' if ok else 'no'} |")
    lines += ["", END]
    return "\n".join(lines)


def write(section: str) -> None:
    text = RESULTS.read_text()
    if BEGIN in text:
        before, rest = text.split(BEGIN, 1)
        after = rest.split(END, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    RESULTS.write_text(text)


if __name__ == "__main__":
    main()
