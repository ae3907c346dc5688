#!/usr/bin/env python3
"""What a request costs as a game's log grows, run by hand (not a test).

    .venv/bin/python benchmarks/long_games.py --code /tmp/main-wt --save /tmp/before.json
    .venv/bin/python benchmarks/long_games.py --before /tmp/before.json --write

The first line measures another checkout's code (``--code``: main's, in a
worktree of its own) and keeps the figures; the second measures this
checkout's and writes both into benchmarks/RESULTS.md between
``<!-- long-games:begin -->`` and ``<!-- long-games:end -->``.

A followed Eversol hand many turns long (three players, the stock turned over
whenever it runs out, every discard named) of 100, 500 and 2,000 events;
then 60 such games of 300 events for the games list and the players' page.
The app runs in this process on a new SQLite file, through Flask's test
client, as a device would use it: the game document (GET /api/v1/games/<id>,
no ETag, so always a full answer), the hand screen of the device that scores
(GET /games/<id>), and a write (POST .../events, a draw or a discard). Each
figure is the median of several requests, after one to warm up; the three
games take turns, so a busy moment of the shared machine costs each alike.
Besides, the first read of each game by a new app on the same database: what
a restarted process, or a second one, pays before it has anything kept.

The long logs are laid down directly in the event table (each event checked
by the game's own fold first): sending 2,000 events one by one through main's
API would take most of an hour, since each write there refolds the log.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- long-games:begin -->", "<!-- long-games:end -->"
LENGTHS = (100, 500, 2000)
LISTED = (60, 300)  # games, events each
PLAYERS = ("Abe", "Ben", "Carl")
CARDS = [f"{rank}{suit}" for suit in "CDHS" for rank in ("3", "4", "5", "6", "7", "8", "9",
                                                         "T", "J", "Q", "K", "A", "2")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, help="the checkout whose code to measure")
    parser.add_argument("--save", type=Path, help="keep the figures in this JSON file")
    parser.add_argument("--before", type=Path, help="figures of main's code, from --save")
    parser.add_argument("--write", action="store_true", help="write RESULTS.md's section")
    parser.add_argument("--repeat", type=int, default=9, help="requests per median")
    args = parser.parse_args()
    code = (args.code or HERE.parent).resolve()
    sys.path.insert(0, str(code))
    figures = measure(args.repeat)
    figures["commit"] = subprocess.run(["git", "-C", str(code), "rev-parse", "--short", "HEAD"],
                                       capture_output=True, text=True, check=False).stdout.strip()
    print(json.dumps(figures, indent=2))
    if args.save:
        args.save.write_text(json.dumps(figures, indent=2))
    if args.write:
        before = json.loads(args.before.read_text()) if args.before else None
        write_results(before, figures, " ".join([".venv/bin/python", *sys.argv]))


def measure(repeat: int) -> dict:
    from referee import create_app

    folder = Path(tempfile.mkdtemp(prefix="long-games-"))
    config = {"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "MIGRATE_ON_START": False,
              "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.db'}"}
    app = create_app({**config, "MIGRATE_ON_START": True})
    figures: dict = {"games": {}, "repeat": repeat}
    with app.app_context():
        tables = {}
        for length in LENGTHS:
            client = app.test_client()
            game = new_game(client)
            lay_down(app, game["id"], length)
            tables[length] = Table(client, game)
        # The lengths take turns, request by request, so that a moment when the shared
        # machine is busy costs each of them alike.
        times: dict[int, dict[str, list[float]]] = {n: {} for n in LENGTHS}
        for round_ in range(repeat + 1):
            for length, table in tables.items():
                for what, request in table.requests().items():
                    spent = request()
                    if round_:  # the first round warms up
                        times[length].setdefault(what, []).append(spent)
        for length, table in tables.items():
            figures["games"][str(length)] = {
                **{what: round(statistics.median(spent) * 1000, 1)
                   for what, spent in times[length].items()},
                **table.sizes(),
                # What a restarted process (or a second one on the database) pays first.
                "first_read": first_read(create_app, config, table.game)}
            print(length, figures["games"][str(length)], file=sys.stderr)
        count, length = LISTED
        client = app.test_client()
        for _ in range(count):
            lay_down(app, new_game(client)["id"], length)
        figures["list"] = {
            "games_list": median_ms(lambda: ok(client.get("/games")), repeat),
            "players": median_ms(lambda: ok(client.get("/players")), repeat)}
        print(figures["list"], file=sys.stderr)
    return figures


def new_game(client) -> dict:
    answer = client.post("/api/v1/games", json={"ruleset": "eversol", "players": list(PLAYERS),
                                                 "first_dealer": PLAYERS[0]})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def long_hand(length: int, players: tuple[str, ...] = PLAYERS) -> tuple[list[dict], object]:
    """``length`` events of hand 1 followed turn by turn, each taken by the game's fold, and
    the state they lead to. benchmarks/speed.py lays its games down with it too."""
    from referee.core.game import GameSetup, event_from_dict
    from referee.core.game.state import GameState

    state = GameState.start(GameSetup.create("eversol", players, first_dealer=players[0]))
    events, turn = [], 0
    pending = [{"type": "upcard_turned", "hand": 1, "card": "KH"}]
    while len(events) < length:
        if not pending:
            player = state.live.current
            if state.live.phase.value == "draw":
                pending = [{"type": "drew", "player": player, "source": "stock"}]
            else:
                card = CARDS[turn % len(CARDS)]
                turn += 1
                pending = [{"type": "discarded", "player": player, "card": card},
                           {"type": "discarded", "player": player}]  # if the card is refused
        event = pending.pop(0)
        try:
            state = state.apply(event_from_dict(event))
        except ValueError:
            continue
        pending = []
        events.append(event)
    return events, state


_HANDS: dict[int, list[dict]] = {}


def lay_down(app, game_id: str, length: int) -> None:
    from referee.extensions import db
    from referee.store.models import Game, GameEvent

    events = _HANDS.setdefault(length, long_hand(length)[0])
    db.session.add_all(GameEvent(game_id=game_id, version=version, kind=event["type"],
                                 payload=event) for version, event in enumerate(events, 1))
    db.session.get(Game, game_id).version = length
    db.session.commit()


class Table:
    """One long game, scored from a device that joined it (so the hand screen is the
    scorer's), with the version and live hand it last saw."""

    def __init__(self, client, game: dict):
        self.client, self.game = client, game
        self.path = f"/api/v1/games/{game['id']}"
        ok(client.get(f"/games/{game['id']}/join/{game['edit_key']}"), 303)
        document = ok(client.get(self.path)).get_json()
        self.version, self.live = document["version"], document["live"]

    def requests(self) -> dict:
        return {"get_document": lambda: timed(lambda: ok(self.client.get(self.path))),
                "hand_screen": lambda: timed(
                    lambda: ok(self.client.get(f"/games/{self.game['id']}"))),
                "write": self.write}

    def write(self) -> float:
        """A draw or a discard (not said): always legal in this hand."""
        player = self.live["current"]
        event = ({"type": "drew", "player": player, "source": "stock"}
                 if self.live["phase"] == "draw" else {"type": "discarded", "player": player})
        started = time.perf_counter()
        answer = self.client.post(f"{self.path}/events",
                                  headers={"X-Edit-Key": self.game["edit_key"]},
                                  json={"expected_version": self.version, "event": event})
        spent = time.perf_counter() - started
        assert answer.status_code == 201, answer.get_data(as_text=True)
        self.version, self.live = answer.get_json()["version"], answer.get_json()["live"]
        return spent

    def sizes(self) -> dict:
        return {"document_kb": round(len(ok(self.client.get(self.path)).data) / 1024, 1),
                "hand_screen_kb": round(len(ok(self.client.get(
                    f"/games/{self.game['id']}")).data) / 1024, 1)}


def timed(request) -> float:
    started = time.perf_counter()
    request()
    return time.perf_counter() - started


def first_read(create_app, config: dict, game: dict) -> float:
    fresh = create_app(config)
    with fresh.app_context():
        client = fresh.test_client()
        ok(client.get("/api/v1/rulesets"))  # the app's own first request, not the game's
        started = time.perf_counter()
        ok(client.get(f"/api/v1/games/{game['id']}"))
        return round((time.perf_counter() - started) * 1000, 1)


def ok(response, status: int = 200):
    assert response.status_code == status, (response.status_code, response.get_data()[:300])
    return response


def median_ms(request, repeat: int) -> float:
    request()  # to warm up
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        request()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1000, 1)


def write_results(before: dict | None, after: dict, command: str) -> None:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text()
                .splitlines() if line.startswith("model name")), platform.processor())
    runs = [("main", before), ("this branch", after)] if before else [("this branch", after)]
    lines = [BEGIN, "# Long games: a request's cost against the length of the log", "",
             "Written by `benchmarks/long_games.py` (run by hand; not part of the test suite).",
             "",
             f"- Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
             f"- Commands: main's code first, from a worktree of main: `.venv/bin/python "
             f"benchmarks/long_games.py --code /tmp/main-wt --save /tmp/before.json`; then "
             f"this branch's: `{command}`",
             f"- Machine: `nproc` = {os.cpu_count()}; CPU: {cpu}; Python "
             f"{platform.python_version()}; SQLite through Flask's test client",
             "- Commits: " + ", ".join(f"{name} {run['commit']}" for name, run in runs),
             "- Median of " + " and ".join(f"{run.get('repeat', 9)} ({name})" for name, run in runs)
             + " requests after one to warm up, in ms (wall), the three games taking turns "
             "request by request. Sizes in KiB. The first GET by a new process: one request, "
             "on a new app on the same database (nothing kept in memory yet).", "",
             "| events | code | GET document | hand screen | write | first GET by a new process "
             "| document size | hand screen size |",
             "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for length in LENGTHS:
        for name, run in runs:
            row = run["games"][str(length)]
            lines.append(f"| {length:,} | {name} | {row['get_document']} | {row['hand_screen']}"
                         f" | {row['write']} | {row.get('first_read', '')} | {row['document_kb']} "
                         f"| {row['hand_screen_kb']} |")
    lines += ["", f"{LISTED[0]} games of {LISTED[1]} events each:", "",
              "| code | GET /games | GET /players |", "| --- | ---: | ---: |"]
    lines += [f"| {name} | {run['list']['games_list']} | {run['list']['players']} |"
              for name, run in runs]
    small, large = after["games"][str(LENGTHS[0])], after["games"][str(LENGTHS[-1])]
    ratios = ", ".join(f"{what} {large[what] / small[what]:.2f}x"
                       for what in ("get_document", "hand_screen", "write"))
    lines += ["", f"Target: 2,000 events within about 1.5x of 100 events. This branch: "
              f"{ratios}.", "", "What still grows with the log: the first read of a game by a "
              "process that has kept nothing of it (after a restart, or the first time a second "
              "process on the database sees it) folds the whole log once; the games list and the "
              "players' page likewise fold, once, each game a process has not seen. States are "
              "kept in memory only, not yet as snapshots in the database.", END]
    text = RESULTS.read_text() if RESULTS.exists() else ""
    section = "\n".join(lines)
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    RESULTS.write_text(text)


if __name__ == "__main__":
    main()
