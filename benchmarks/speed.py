#!/usr/bin/env python3
"""The speed the issue asks of a long game, on the real server, run by hand (not a test).

    .venv/bin/python benchmarks/speed.py                 # SQLite; writes RESULTS.md's section
    .venv/bin/python benchmarks/speed.py --database-url postgresql://... # an empty database
    .venv/bin/python benchmarks/speed.py --games 20 --poll-seconds 20 --no-write  # smoke run

``referee run`` (waitress, 8 threads) serves a new instance folder in its own
process; every request goes over HTTP on a kept-alive connection
(``http.client``), timed by the client from sending the request to reading the
answer's last byte.

Before the server starts, 200 games of five players are laid down, each a
followed Eversol hand 2,000 events long (each event checked by the game's own
fold first; then the rows go into the event table in bulk, and each game's row
gets its version and summary as a write would have left them). Then:

- one game, scored from a device that joined it: GET of the game (the API's
  document, no ETag, so always a whole answer), the scorer's hand screen
  (GET /games/<id>), a write (a draw or a discard, POST .../events) and the
  arranger (POST /api/v1/hands/arrange, one 40-card hand of 500), taking turns;
- GET /games (and GET /players, which has no target) with the 200 games;
- the first GET /games of a server started again on the same database, its
  first GET of the game (nothing kept in that process yet), and its first GET of
  another game of 2,000 events, which the first server read once and never wrote;
- 50 devices polling the game's board as an open watch page does
  (/games/<id>/poll/board with If-None-Match, about once a second each, spread
  over the second) while one writer posts a step about every second or so: the
  poll answers that carried a change (200) and those that did not (304).

Before the servers, in this process on the same database: the game's requests
through the app as ``referee run`` builds it, round by round with the collector
as Python sets it and as ``referee run`` sets it (its long-lived objects frozen),
every collection's pause timed (``--gc-rounds``).

p50, p95 and max of each, against the issue's targets, go to
benchmarks/RESULTS.md between ``<!-- speed:begin -->`` and ``<!-- speed:end -->``
with the machine, the command and the load average.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from long_games import long_hand  # benchmarks/ is on sys.path when this file runs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- speed:begin -->", "<!-- speed:end -->"
PLAYERS = ("Abe", "Ben", "Carl", "Dee", "Eve")
# ms, p95 (the targets)
TARGETS = {"get_document": 20, "hand_screen": 30, "write": 30, "games_list": 50,
           "poll_changed": 20, "poll_unchanged": 5}
# A 40-card hand of 500 from two decks with four jokers (random.Random(3)): ~10 ms to arrange.
ARRANGED = {"ruleset": "500", "decks": 2, "cards": __import__("random").Random(3).sample(
    [rank + suit for rank in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for suit in "CDHS"] * 2
    + ["JK"] * 4, 40)}
NAMES = {"get_document": "GET of the game (API document)",
         "hand_screen": "the hand screen (scorer's GET /games/<id>)",
         "write": "a write (POST .../events)",
         "arrange": "the arranger (POST /api/v1/hands/arrange, 40 cards)",
         "games_list": "GET /games",
         "players": "GET /players",
         "poll_changed": "polling devices: answer with a change (200)",
         "poll_unchanged": "polling devices: answer without a change (304)"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: SQLite "
                                               "in a new instance folder)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=200, help="requests per measured target")
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--poll-seconds", type=float, default=60, help="how long they poll")
    parser.add_argument("--poll-every", type=float, default=1.0)
    parser.add_argument("--write-every", type=float, default=1.5)
    parser.add_argument("--restarts", type=int, default=3,
                        help="servers started again, for the median of their first reads")
    parser.add_argument("--gc-rounds", type=int, default=20)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    load = {"start": load_average()}
    folder = Path(tempfile.mkdtemp(prefix="speed-"))
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
           "REFEREE_INSTANCE_PATH": str(folder), "SECRET_KEY": "speed-benchmark",
           "PYTHONUNBUFFERED": "1"}
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    began = time.perf_counter()
    game = lay_down_games(env, args.games, args.events)
    built = time.perf_counter() - began
    print(f"laid down {args.games} games of {args.events} events in {built:.0f} s",
          file=sys.stderr)
    load["built"] = load_average()
    figures: dict = {}
    figures.update(gc_pauses(game, args.gc_rounds))
    server = Server(env, folder, "first")
    try:
        table = Table(server.port, game)
        figures.update(table.measure(args.repeat))
        listing = Client(server.port)
        figures["games_list"] = timings(lambda: listing.get("/games"), args.repeat)
        figures["players"] = timings(lambda: listing.get("/players"), max(args.repeat // 10, 5))
        load["single"] = load_average()
        figures.update(polling(server.port, table, args))
        load["polling"] = load_average()
        if "other" in game:  # read once, never written: what a restart finds of most games
            listing.get(f"/api/v1/games/{game['other']}")
    finally:
        server.stop()
    firsts: dict[str, list[float]] = {}
    for again in range(args.restarts):
        server = Server(env, folder, f"restarted-{again}")
        try:
            fresh = Client(server.port)
            reads = {"first_games_list": "/games",
                     "first_get_document": f"/api/v1/games/{game['id']}",
                     "first_get_other": f"/api/v1/games/{game.get('other')}",
                     "second_games_list": "/games"}
            for what, path in reads.items():
                if "None" not in path:
                    firsts.setdefault(what, []).append(timed(lambda: fresh.get(path)))
        finally:
            server.stop()
    for what, times in firsts.items():  # each a single request: the median of the servers'
        figures[what] = statistics.median(times)
        figures[what + "_each"] = [round(time_, 1) for time_ in times]
    load["end"] = load_average()
    shutil.rmtree(folder)  # its database and the servers' backups: hundreds of MB
    figures = {what: summary(value) if isinstance(value, list) and not what.endswith("_each")
               else value if isinstance(value, (list, dict)) else round(value, 1)
               for what, value in figures.items()}
    run = {"figures": figures, "load": load, "built_s": round(built),
           "command": " ".join([".venv/bin/python", "benchmarks/speed.py",
                                *map(without_password, sys.argv[1:])]),
           "database": "PostgreSQL" if args.database_url else "SQLite", "args": vars(args),
           "commit": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                    capture_output=True, text=True, check=False).stdout.strip()}
    print(json.dumps(run, indent=2, default=str))
    if not args.no_write:
        write_results(run)


# --------------------------------------------------------------------------- the games


def without_password(argument: str) -> str:
    """An argument as RESULTS.md may show it: a database URL's password hidden."""
    option, equals, value = argument.rpartition("=") if argument.startswith("--") else (
        "", "", argument)
    if "://" not in value:
        return argument
    from sqlalchemy.engine import make_url
    return option + equals + make_url(value).render_as_string(hide_password=True)


def lay_down_games(env: dict, count: int, length: int) -> dict:
    """``count`` games of ``length`` events, in bulk; the first one's id and edit key."""
    os.environ.update({k: env[k] for k in ("REFEREE_INSTANCE_PATH", "SECRET_KEY")})
    if "DATABASE_URL" in env:
        os.environ["DATABASE_URL"] = env["DATABASE_URL"]
    from sqlalchemy import func, insert, select, update

    from referee import create_app
    from referee.core.game import GameSetup
    from referee.extensions import db
    from referee.store.games import create_game, summary_columns
    from referee.store.models import Game, GameEvent

    events, state = long_hand(length, PLAYERS)
    app = create_app()
    with app.app_context():
        if db.session.scalar(select(func.count()).select_from(Game)):
            sys.exit("The database already holds games: give an empty one.")
        setup = GameSetup.create("eversol", PLAYERS, first_dealer=PLAYERS[0])
        made = [create_game(setup) for _ in range(count)]
        for loaded, _ in made:
            db.session.execute(insert(GameEvent), [
                {"game_id": loaded.game.id, "version": version, "kind": event["type"],
                 "payload": event} for version, event in enumerate(events, 1)])
            db.session.execute(update(Game).where(Game.id == loaded.game.id)
                               .values(version=length, **summary_columns(state, length)))
            db.session.commit()
        first, key = made[0]
        game = {"id": first.game.id, "edit_key": key}
        if count > 1:
            game["other"] = made[1][0].game.id
        db.engine.dispose()
    return game


def gc_pauses(game: dict, rounds: int) -> dict:
    """The game's requests in this process, the app built as ``referee run`` builds it:
    each round once with the collector as Python sets it, once as ``referee run`` does
    (nothing if this checkout's ``referee run`` does not); every collection's pause."""
    import gc

    from referee import cli, create_app

    settle = getattr(cli, "_settle_for_serving", None)
    if settle is None or not rounds:
        return {}
    app = create_app()
    client = app.test_client()
    client.get(f"/games/{game['id']}/join/{game['edit_key']}")
    requests = [lambda: client.get(f"/api/v1/games/{game['id']}"),
                lambda: client.get(f"/games/{game['id']}"),
                lambda: client.post("/api/v1/hands/arrange", json=ARRANGED)] * 20
    for request in requests:
        request()  # to warm up
    now = {"mode": None, "began": 0.0}
    found: dict = {f"gc_{part}_{mode}": [] for mode in ("python", "server")
                   for part in ("pause", "full_pause", "request", "full_collect")}

    def timed_collection(phase: str, info: dict) -> None:
        if phase == "start":
            now["began"] = time.perf_counter()
        elif now["mode"]:
            spent = (time.perf_counter() - now["began"]) * 1000
            found[f"gc_pause_{now['mode']}"].append(spent)
            if info["generation"] == 2:
                found[f"gc_full_pause_{now['mode']}"].append(spent)

    python = gc.get_threshold()
    gc.callbacks.append(timed_collection)
    try:
        for _ in range(rounds):
            for mode in ("python", "server"):
                if mode == "server":
                    settle()  # its own full collection is the start's, not a request's
                now["mode"] = mode
                found[f"gc_request_{mode}"] += [timed(request) for request in requests]
                now["mode"] = None
                found[f"gc_full_collect_{mode}"].append(timed(gc.collect))  # whenever one comes
                gc.unfreeze()
                gc.set_threshold(*python)
    finally:
        gc.callbacks.remove(timed_collection)
    counts = {f"{what}_count": len(times) for what, times in found.items() if "pause" in what}
    found = {what: value for what, value in found.items() if value != []}
    return {**found, **counts, "gc_objects": len(gc.get_objects())}


# --------------------------------------------------------------------------- the server

class Server:
    """``referee run`` in a process of its own on the instance folder's database."""

    def __init__(self, env: dict, folder: Path, name: str):
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = (folder / f"{name}.log").open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "referee.cli", "run", "--host", "127.0.0.1", "--port",
             str(self.port), "--threads", "8"], cwd=ROOT, env=env, stdout=self.log,
            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 300
        log = folder / f"{name}.log"
        while "serving on" not in log.read_text():  # after its backup at start
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start: " + log.read_text())
            time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class Client:
    """One kept-alive connection, as a browser tab holds one, with the tab's cookie."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def request(self, method: str, path: str, body: dict | None = None,
                headers: dict | None = None, expect: tuple[int, ...] = (200,)):
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            self.connection.request(method, path, data, headers)
            answer = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self.connection.close()  # the server closed a kept connection: as a browser, retry
            self.connection.request(method, path, data, headers)
            answer = self.connection.getresponse()
        content = answer.read()
        if answer.status not in expect:
            raise RuntimeError(f"{method} {path}: {answer.status} {content[:300]!r}")
        if answer.getheader("Set-Cookie"):
            self.cookie = answer.getheader("Set-Cookie").split(";", 1)[0]
        return answer, content

    def get(self, path: str, **kwargs):
        return self.request("GET", path, **kwargs)


def timed(request) -> float:
    started = time.perf_counter()
    request()
    return (time.perf_counter() - started) * 1000


def timings(request, repeat: int) -> list[float]:
    request()  # to warm up
    return [timed(request) for _ in range(repeat)]


class Table:
    """The followed game, scored from a device that joined it."""

    def __init__(self, port: int, game: dict):
        self.port, self.game = port, game
        self.client = Client(port)
        self.path = f"/api/v1/games/{game['id']}"
        self.client.get(f"/games/{game['id']}/join/{game['edit_key']}", expect=(303,))
        self.saw(json.loads(self.client.get(self.path)[1]))
        self.lock = threading.Lock()

    def saw(self, document: dict) -> None:
        self.version, self.live = document["version"], document["live"]

    def step(self, client: Client | None = None) -> None:
        """A draw or a discard (not said): always legal in this hand."""
        player = self.live["current"]
        event = ({"type": "drew", "player": player, "source": "stock"}
                 if self.live["phase"] == "draw" else {"type": "discarded", "player": player})
        _, content = (client or self.client).request(
            "POST", f"{self.path}/events", {"expected_version": self.version, "event": event},
            {"X-Edit-Key": self.game["edit_key"]}, expect=(201,))
        self.saw(json.loads(content))

    def measure(self, repeat: int) -> dict[str, list[float]]:
        requests = {"get_document": lambda: self.client.get(self.path),
                    "hand_screen": lambda: self.client.get(f"/games/{self.game['id']}"),
                    "write": self.step,
                    "arrange": lambda: self.client.request("POST", "/api/v1/hands/arrange",
                                                           ARRANGED)}
        times: dict[str, list[float]] = {what: [] for what in requests}
        for round_ in range(repeat + 1):  # taking turns: a busy moment costs each alike
            for what, request in requests.items():
                spent = timed(request)
                if round_:  # the first round warms up
                    times[what].append(spent)
        return times


def polling(port: int, table: Table, args) -> dict[str, list[float]]:
    """``args.devices`` watch pages polling the board while one device writes."""
    times: dict[str, list[float]] = {"poll_changed": [], "poll_unchanged": []}
    lock, stop = threading.Lock(), threading.Event()
    path = f"/games/{table.game['id']}/poll/board"
    start = time.perf_counter() + 1

    def device(number: int) -> None:
        client, etag, polls = Client(port), None, 0
        offset = number / args.devices * args.poll_every  # spread over the second
        while not stop.is_set():
            wait = start + offset + polls * args.poll_every - time.perf_counter()
            if wait > 0:
                stop.wait(wait)
            polls += 1
            headers = {"If-None-Match": etag} if etag else {}
            began = time.perf_counter()
            answer, _ = client.get(path, headers=headers, expect=(200, 304))
            spent = (time.perf_counter() - began) * 1000
            if answer.status == 200:
                etag = answer.getheader("ETag")
            if polls > 1:  # the first poll loads the board, as the page itself would
                with lock:
                    times["poll_changed" if answer.status == 200 else "poll_unchanged"] \
                        .append(spent)

    def writer() -> None:
        client, writes = Client(port), 0
        while not stop.wait(max(0.0, start + (writes + 0.5) * args.write_every
                                - time.perf_counter())):
            table.step(client)
            writes += 1

    threads = [threading.Thread(target=device, args=(n,)) for n in range(args.devices)]
    threads.append(threading.Thread(target=writer))
    for thread in threads:
        thread.start()
    time.sleep(1 + args.poll_seconds)
    stop.set()
    for thread in threads:
        thread.join(60)
    return times


# --------------------------------------------------------------------------- the report

def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"n": len(ordered), "p50": round(statistics.median(ordered), 2),
            "p95": round(p95, 2), "p99": round(p99, 2), "max": round(ordered[-1], 2)}


def write_results(run: dict) -> None:
    figures, args = run["figures"], run["args"]
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text()
                .splitlines() if line.startswith("model name")), platform.processor())
    lines = [f"## On {run['database']}", "",
             f"- Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
             f"commit {run['commit']}",
             f"- Command: `{run['command']}`",
             f"- Machine: `nproc` = {os.cpu_count()}; CPU: {cpu}; Python "
             f"{platform.python_version()}; {run['database']}; `referee run` (waitress, 8 "
             "threads) in its own process, the client in another, on one machine over "
             "loopback",
             "- Load average (1, 5, 15 min): " + "; ".join(
                 f"{when} {value}" for when, value in run["load"].items()) +
             f". The machine's {os.cpu_count()} cores are shared with whatever else runs on it.",
             f"- Data: {args['games']} games of 5 players, each an Eversol hand followed turn "
             f"by turn to {args['events']:,} events, laid down in bulk in "
             f"{run['built_s']} s; the measured game grows by each write.",
             f"- Single requests: {args['repeat']} of each after one to warm up, the four "
             "of the game taking turns; then /games. Polling: "
             f"{args['devices']} devices for {args['poll_seconds']:g} s, each polling the "
             f"board every {args['poll_every']:g} s (spread over the interval) with the ETag "
             f"it holds, while one device writes a step every {args['write_every']:g} s.", "",
             "Times in ms (wall, from sending the request to the answer's last byte).", "",
             "| what | n | p50 | p95 | max | target (p95) | |", "| --- | ---: | ---: | ---: "
             "| ---: | ---: | --- |"]
    for what, name in NAMES.items():
        row = figures[what]
        target = TARGETS.get(what)
        verdict = "" if target is None else ("pass" if row["p95"] <= target else "**fail**")
        lines.append(f"| {name} | {row['n']} | {row['p50']:.1f} | {row['p95']:.1f} | "
                     f"{row['max']:.1f} | {'' if target is None else target} | {verdict} |")
    lines += ["", f"A server started again on the same database (nothing kept in its process; "
              f"the median of {args['restarts']} started one after the other): "
              f"its first GET /games {figures['first_games_list']:.0f} ms (no game folded: each "
              f"game's row holds its summary), its second {figures['second_games_list']:.0f} "
              f"ms; its first GET of the game {figures['first_get_document']:.0f} ms (the "
              "game's log folded from its newest snapshot)"
              + (f"; its first GET of another game of {args['events']:,} events, read once by "
                 f"the first server and never written, {figures['first_get_other']:.0f} ms"
                 if "first_get_other" in figures else "") + "."]
    RESULTS.write_text(with_part(RESULTS.read_text() if RESULTS.exists() else "",
                                 run["database"], "\n".join(lines)))


def with_part(text: str, database: str, part: str) -> str:
    """``text`` with the section's part for ``database`` replaced by ``part``: a run on one
    database leaves the other's figures as they were."""
    begin, end = f"<!-- speed:{database}:begin -->", f"<!-- speed:{database}:end -->"
    part = f"{begin}\n{part}\n{end}"
    if BEGIN not in text or END not in text:
        heading = ("# Speed: a long game on the real server\n\nWritten by "
                   "`benchmarks/speed.py` (run by hand; not part of the test suite).")
        return text.rstrip("\n") + f"\n\n{BEGIN}\n{heading}\n\n{part}\n{END}\n"
    head, rest = text.split(BEGIN, 1)
    section, tail = rest.split(END, 1)
    if begin in section and end in section:
        section = section[:section.index(begin)] + part + section[section.index(end) + len(end):]
    else:
        section = section.rstrip("\n") + f"\n\n{part}\n"
    return head + BEGIN + section + END + tail


if __name__ == "__main__":
    main()
