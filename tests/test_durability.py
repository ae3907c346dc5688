"""Killing the server while hands are entered loses no hand the server acknowledged.

The real server (``referee run``: waitress, in a process of its own) on the
test's database: the app fixture's SQLite file, or its PostgreSQL schema when
TEST_DATABASE_URL is set. A device enters hands, corrections and the odd undo
as fast as it can; the server is killed with SIGKILL at a random moment and
started again on the same database. Every step that got its 201 must be there,
in order, and the game must have moved on by exactly those steps, or by one
more: the step in flight when the server died may have landed or not, but
never half of it (a version with no event, or an event with no version).

``RefereeServer``, ``servers`` and ``call`` are used by other tests of the real server too.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from referee.core.game import GameSetup, event_from_dict, replay
from tests.server_process import ServerEnded, ServerProcess

GAMES = "/api/v1/games"
PLAYERS = ["Abe", "Ben", "Carl"]
ROOT = Path(__file__).resolve().parent.parent


# --- The real server in a process of its own, and a plain HTTP client ----------------------------

class RefereeServer(ServerProcess):
    """``referee run`` on a free loopback port, on the given database."""

    def __init__(self, database_uri: str, folder: Path, name: str = "server", threads: int = 4):
        self.database_uri, self.folder = database_uri, folder
        super().__init__([], 0, folder / f"{name}.log", ROOT, {
            **os.environ, "DATABASE_URL": database_uri,
            "REFEREE_INSTANCE_PATH": str(folder / "instance"),
            # Given, so two servers starting at once never race to make the key file.
            "SECRET_KEY": "server-process-tests"})
        self.name, self.threads = name, threads
        self.starts = 0
        self.wrapper: list[str] = []  # a command that runs the server (prlimit, say)

    def start(self) -> list[str]:
        for _attempt in range(3):  # another program may take the free port first
            self.port = free_port()
            self.starts += 1
            self.command = [*self.wrapper, sys.executable, "-m", "referee.cli", "run",
                            "--host", "127.0.0.1",
                            "--port", str(self.port), "--threads", str(self.threads)]
            with self.log.open("a") as log:
                log.write(f"--- start {self.starts} on port {self.port}\n")
            try:
                return super().start()
            except ServerEnded:
                self.stop()
        raise RuntimeError(f"{self.name} did not start; its log:\n{self.tail()}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(port: int, method: str, path: str, body: Any = None, headers: dict | None = None,
         timeout: float = 15) -> tuple[int, dict[str, str], Any]:
    """One request on a new connection: status, headers, and the JSON body (or None)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {**(headers or {}), **({"Content-Type": "application/json"} if data else {})}
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        document = json.loads(raw) if raw and "json" in (response.getheader("Content-Type")
                                                         or "") else None
        return response.status, {k.lower(): v for k, v in response.getheaders()}, document
    finally:
        connection.close()


@pytest.fixture
def servers(app, tmp_path):
    """Start ``referee run`` processes on the app fixture's database; all stopped at the end."""
    started: list[RefereeServer] = []

    def start(name: str = "server", **env: str) -> RefereeServer:
        """``env``: settings of the environment for this one (the server's limits, say)."""
        server = RefereeServer(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path, name)
        server.env.update(env)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:  # before the app fixture empties the database
        server.stop()


def new_game(port: int) -> dict:
    status, _, game = call(port, "POST", GAMES, {"ruleset": "eversol", "players": PLAYERS,
                                                 "first_dealer": "Abe"})
    assert status == 201, game
    return game


# --- What the device sent, and what the game must then hold --------------------------------------

class Log:
    """The steps the server acknowledged, as the history must show them."""

    def __init__(self) -> None:
        self.steps: list[dict | None] = []  # an event, or None for an undo; step k made version k+1

    @property
    def version(self) -> int:
        return len(self.steps)

    def history(self, steps: list[dict | None] | None = None) -> list[tuple[int, dict, int | None]]:
        """(version, event, undone_in) for each event, as GET /games/{id} lists them."""
        rows: list[list] = []
        for version, step in enumerate(self.steps if steps is None else steps, 1):
            if step is None:
                last = next(row for row in reversed(rows) if row[2] is None)
                last[2] = version
            else:
                rows.append([version, event_from_dict(step).to_dict(), None])
        return [tuple(row) for row in rows]

    def active(self) -> list[dict]:
        return [event for _, event, undone in self.history() if undone is None]

    def next_step(self, rng: random.Random) -> dict | None:
        """A step the game can take now: the next hand, a correction, or an undo (None)."""
        active = self.active()
        if active and rng.random() < 0.12:
            return None
        scored = sum(1 for event in active if event["type"] == "hand_scored")
        went_out = rng.choice(PLAYERS)
        points = {name: 5 * rng.randint(1, 20) for name in PLAYERS if name != went_out}
        if scored < 6 and (scored == 0 or rng.random() < 0.5):
            return {"type": "hand_scored", "hand": scored + 1, "went_out": went_out,
                    "points": points}
        return {"type": "hand_corrected", "hand": rng.randint(1, scored), "went_out": went_out,
                "points": points, "reason": f"recounted, step {self.version + 1}"}


class Device(threading.Thread):
    """Enters steps one after another, as fast as the server answers, until it stops answering."""

    def __init__(self, port: int, game: dict, log: Log, rng: random.Random):
        super().__init__(daemon=True)
        self.port, self.game, self.log, self.rng = port, game, log, rng
        self.in_flight: dict | None | bool = False  # False: nothing was being sent
        self.problem: str | None = None  # an answer no device should get

    def run(self) -> None:
        while True:
            step = self.log.next_step(self.rng)
            path = f"{GAMES}/{self.game['id']}/" + ("undo" if step is None else "events")
            body = {"expected_version": self.log.version}
            if step is not None:
                body["event"] = step
            self.in_flight = step
            try:
                status, _, document = call(self.port, "POST", path, body,
                                           {"X-Edit-Key": self.game["edit_key"]})
            except (OSError, http.client.HTTPException):
                return  # the server died: this step may have landed or not
            except Exception as error:  # noqa: BLE001  (an answer that is not JSON, say)
                self.problem = f"{error!r} for {body}"
                return
            if status != 201 or document["version"] != self.log.version + 1:
                self.problem = f"{status} for {body}: {document}"
                return
            self.log.steps.append(step)
            self.in_flight = False


def check_game(port: int, game: dict, log: Log, in_flight: dict | None | bool) -> None:
    """The game holds every acknowledged step in order, plus the one in flight or not; it folds."""
    status, _, document = call(port, "GET", f"{GAMES}/{game['id']}")
    assert status == 200, document
    status, _, history = call(port, "GET", f"{GAMES}/{game['id']}/history?limit=500")
    assert status == 200, history
    held = [(row["version"], row["event"], row["undone_in"]) for row in history["events"]]
    if document["version"] == log.version:
        assert held == log.history(), "the history does not match the acknowledged steps"
    else:
        assert in_flight is not False and document["version"] == log.version + 1, (
            f"the game is at version {document['version']}, but {log.version} steps were "
            "acknowledged" + ("" if in_flight is not False else " and none was in flight"))
        assert held == log.history([*log.steps, in_flight]), (
            f"the game moved to version {document['version']}, but its history is not the "
            "acknowledged steps and the one in flight, whole: a half write")
        log.steps.append(in_flight)  # it landed whole: the device would see it on reloading
    # The state shown is the fold of the events that count, and nothing else.
    setup = GameSetup.create("eversol", PLAYERS, first_dealer="Abe")
    state = replay(setup, [event_from_dict(event) for event in log.active()])
    assert document["totals"] == state.totals
    assert document["hand"] == state.hand
    assert [(h["hand"], h["went_out"], h["points"], h["corrections"]) for h in document["hands"]] \
        == [(r.hand, r.went_out, dict(r.held), list(r.corrections)) for r in state.results]


# --- The test ------------------------------------------------------------------------------------

KILLS = 3


def test_a_killed_server_keeps_every_acknowledged_hand(servers):
    seed = random.randrange(1 << 32)
    print(f"seed {seed}")  # the steps are random; the moment of each kill is not repeatable
    rng = random.Random(seed)
    server = servers()
    game = new_game(server.port)
    log = Log()
    for kill in range(KILLS):
        device = Device(server.port, game, log, random.Random(rng.random()))
        before = log.version
        device.start()
        # Let a few steps through, then kill at a random moment of the stream.
        deadline = time.monotonic() + 30
        while log.version < before + 3 and device.is_alive() and time.monotonic() < deadline:
            time.sleep(0.005)
        time.sleep(rng.uniform(0.0, 0.5))
        assert device.is_alive(), f"the device stopped before the kill: {device.problem}"
        server.kill()
        device.join(30)
        assert not device.is_alive() and device.problem is None, device.problem
        assert log.version > before + 2, "too few steps were acknowledged before the kill"
        acknowledged = log.version
        started = time.monotonic()
        server.start()
        restart = time.monotonic() - started
        check_game(server.port, game, log, device.in_flight)
        print(f"kill {kill + 1}: {acknowledged - before} steps acknowledged, "
              f"{'one' if device.in_flight is not False else 'none'} in flight"
              f"{', and it landed' if log.version > acknowledged else ''}; "
              f"restarted in {restart:.1f} s")
    # After all that the game still takes steps where the device left off.
    status, _, document = call(server.port, "POST", f"{GAMES}/{game['id']}/undo",
                               {"expected_version": log.version},
                               {"X-Edit-Key": game["edit_key"]})
    assert status == 201 and document["version"] == log.version + 1, (seed, document)
