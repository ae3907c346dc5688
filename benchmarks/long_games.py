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
figure is the median of several requests, after one to warm up.

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
import secrets
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
                                       capture_output=True, text=True).stdout.strip()
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
    figures: dict = {"games": {}}
    with app.app_context():
        for length in LENGTHS:
            client = app.test_client()
            game = new_game(client)
            lay_down(app, game["id"], length)
            figures["games"][str(length)] = one_game(client, game, repeat)
            # What a restarted process (or a second one on the database) pays first.
            figures["games"][str(length)]["first_read"] = first_read(create_app, config, game)
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


def long_hand(length: int) -> list[dict]:
    """``length`` events of hand 1 followed turn by turn, each taken by the game's fold."""
    from referee.core.game import GameSetup, event_from_dict
    from referee.core.game.state import GameState

    state = GameState.start(GameSetup.create("eversol", PLAYERS, first_dealer=PLAYERS[0]))
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
    return events


_HANDS: dict[int, list[dict]] = {}


def lay_down(app, game_id: str, length: int) -> None:
    from referee.extensions import db
    from referee.store.models import Game, GameEvent

    events = _HANDS.setdefault(length, long_hand(length))
    db.session.add_all(GameEvent(game_id=game_id, version=version, kind=event["type"],
                                 payload=event) for version, event in enumerate(events, 1))
    db.session.get(Game, game_id).version = length
    db.session.commit()


def one_game(client, game: dict, repeat: int) -> dict:
    game_id, key = game["id"], game["edit_key"]
    ok(client.get(f"/games/{game_id}/join/{key}"), 303)
    document = ok(client.get(f"/api/v1/games/{game_id}"))
    version, live = document.get_json()["version"], document.get_json()["live"]
    sizes = {"document_kb": round(len(document.data) / 1024, 1),
             "hand_screen_kb": round(len(ok(client.get(f"/games/{game_id}")).data) / 1024, 1)}

    def write():
        nonlocal version, live
        player = live["current"]
        event = ({"type": "drew", "player": player, "source": "stock"}
                 if live["phase"] == "draw" else {"type": "discarded", "player": player})
        started = time.perf_counter()
        answer = client.post(f"/api/v1/games/{game_id}/events", headers={"X-Edit-Key": key},
                             json={"expected_version": version, "event": event})
        spent = time.perf_counter() - started
        assert answer.status_code == 201, answer.get_data(as_text=True)
        version, live = answer.get_json()["version"], answer.get_json()["live"]
        return spent

    writes = [write() for _ in range(repeat + 1)][1:]
    return {"get_document": median_ms(lambda: ok(client.get(f"/api/v1/games/{game_id}")),
                                      repeat),
            "hand_screen": median_ms(lambda: ok(client.get(f"/games/{game_id}")), repeat),
            "write": round(statistics.median(writes) * 1000, 1), **sizes}


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
             f"Written by `benchmarks/long_games.py` (run by hand; not part of the test suite).",
             "",
             f"- Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
             f"- Commands: main's code first, from a worktree of main: `.venv/bin/python "
             f"benchmarks/long_games.py --code /tmp/main-wt --save /tmp/before.json`; then "
             f"this branch's: `{command}`",
             f"- Machine: `nproc` = {os.cpu_count()}; CPU: {cpu}; Python "
             f"{platform.python_version()}; SQLite through Flask's test client",
             f"- Commits: " + ", ".join(f"{name} {run['commit']}" for name, run in runs),
             "- Median of 9 requests after one to warm up, in ms (wall). Sizes in KiB.", "",
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
              f"{ratios}.", END]
    text = RESULTS.read_text() if RESULTS.exists() else ""
    section = "\n".join(lines)
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    RESULTS.write_text(text)


if __name__ == "__main__":
    main()
