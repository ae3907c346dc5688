"""The real server (``referee run``, in a process of its own) as an operator meets it: it keeps
answering with hundreds of slow or idle connections open, backs the database up as it starts,
and refuses to start, with one sentence and no traceback, on a damaged or read-only database
or a port another program holds."""

from __future__ import annotations

import argparse
import base64
import gc
import http.client
import os
import re
import select
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from referee import cli, doors
from tests.test_api_games import make_game
from tests.test_durability import GAMES, ROOT, call, free_port, new_game, servers  # noqa: F401

SLOW_CONNECTIONS = 200
ALEMBIC_LOG = "INFO  [alembic"  # the migrations' own lines, on every start


# --- Slow and idle clients ---------------------------------------------------------------------

# Linux answers every 127.x.y.z: connections from these look like other devices to the server.
DEVICES = [f"127.0.0.{number}" for number in range(2, 6)]


def ask(port: int, path: str = "/", device: str = "127.0.0.1") -> tuple[int, bytes]:
    """One GET from ``device``'s address on a new connection: status and body."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                            source_address=(device, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def closed_by_the_server(client: socket.socket) -> bool:
    """Whether the server closed this connection: it sent nothing, and never will."""
    try:
        return client.recv(1) == b""
    except ConnectionResetError:
        return True


def test_the_server_answers_with_200_slow_or_idle_connections_open(servers):  # noqa: F811
    """A few devices holding 200 connections, half of them trickling a request that never ends
    and half saying nothing: someone else's request is still answered."""
    server = servers()
    held: list[socket.socket] = []
    try:
        for number in range(SLOW_CONNECTIONS):
            client = socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                              source_address=(DEVICES[number % 4], 0))
            held.append(client)
            if number % 2:  # half trickle a request that never ends; half say nothing
                client.sendall(b"GET / HTTP/1.1\r\nHost: slow\r\nX-Slow: ")
        for client in held[1::2]:
            client.sendall(b"x")  # one more byte each: they are still sending
        assert ask(server.port)[0] == 200
        assert ask(server.port, "/games")[0] == 200
    finally:
        for client in held:
            client.close()


def test_a_request_whose_headers_drip_in_is_closed_once_the_time_for_them_has_passed(
        servers):  # noqa: F811
    """A header dripped a byte at a time is never idle, so the idle limit (a minute) never
    closes it; the time allowed for a request's headers (1 s here) does, while a request
    sent whole is answered as usual."""
    server = servers(REFEREE_HEADER_SECONDS="1")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: slow\r\nX-Drip: ")
        began = time.monotonic()
        assert ask(server.port)[0] == 200  # answered while the other drips
        # A byte every 0.2 s until the server closes the connection (or, at most, 150 bytes).
        for _ in range(150):
            if select.select([client], [], [], 0.2)[0]:
                break
            client.sendall(b"x")
        took = time.monotonic() - began
        assert closed_by_the_server(client)
    assert 1 <= took < 10, f"closed after {took:.1f} s"
    assert ask(server.port)[0] == 200


def test_a_body_larger_than_any_request_is_refused_before_it_is_sent(servers):  # noqa: F811
    """A client announcing 200 MB is answered 413 from its headers alone: the server does not
    read (and spool to disk) what no request of the app can be, and still answers others."""
    server = servers()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as client:
        client.sendall(b"POST /games/import HTTP/1.1\r\nHost: big\r\n"
                       b"Content-Type: application/json\r\nContent-Length: 209715200\r\n\r\n{")
        answer = client.recv(200)
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert ask(server.port)[0] == 200


def test_one_address_holds_a_few_connections_at_most_and_others_are_still_answered(
        servers):  # noqa: F811
    """One address holding the most connections one address may (5 here): its next one is
    closed at once, unanswered, while another device is answered; once it lets one go, it may
    open another."""
    server = servers(REFEREE_CONNECTIONS_PER_ADDRESS="5")
    greedy, other = DEVICES[:2]
    held = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30,
                                       source_address=(greedy, 0)) for _ in range(5)]
    try:
        for connection in held:  # each answered, and kept open (HTTP/1.1 keep-alive)
            connection.request("GET", "/")
            response = connection.getresponse()
            assert response.status == 200 and not response.will_close
            response.read()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                      source_address=(greedy, 0)) as sixth:
            sixth.sendall(b"GET / HTTP/1.1\r\nHost: greedy\r\n\r\n")
            assert closed_by_the_server(sixth)
        assert ask(server.port, device=other)[0] == 200
        held.pop().close()
        # The server notices the close as it reads: asking until answered needs no pause.
        for _ in range(50):
            try:
                if ask(server.port, device=greedy)[0] == 200:
                    break
            except (ConnectionError, http.client.RemoteDisconnected):
                continue
        else:
            raise AssertionError("a connection let go was still counted against its address")
    finally:
        for connection in held:
            connection.close()


def test_behind_a_proxy_its_one_address_is_not_held_to_the_limit_per_address(
        servers):  # noqa: F811
    """With REFEREE_TRUSTED_PROXIES every connection comes from the proxy: holding it to the
    limit would hold the whole household to it (the proxy limits each client instead)."""
    server = servers(REFEREE_CONNECTIONS_PER_ADDRESS="5", REFEREE_TRUSTED_PROXIES="1")
    held = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30) for _ in range(6)]
    try:
        for connection in held:
            connection.request("GET", "/")
            response = connection.getresponse()
            assert response.status == 200 and not response.will_close
            response.read()
    finally:
        for connection in held:
            connection.close()


# --- Behind a reverse proxy ------------------------------------------------------------------

PASSWORD = "club night"
NEW_GAME = {"ruleset": "eversol", "players": ["Abe", "Ben", "Carl"], "first_dealer": "Abe"}
# What an https proxy in front says of its visitors (addresses of the documentation ranges:
# only named in headers, never sent to).
FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org"}
VISITORS = ["198.51.100.1", "198.51.100.2"]


def with_password(instance: Path) -> None:
    instance.mkdir(parents=True, exist_ok=True)
    doors.set_password(instance, PASSWORD)


def new_game_as(port: int, visitor: str, password: str) -> tuple[int, dict, Any]:
    """POST a new game through the proxy for ``visitor``, with ``password`` (HTTP Basic)."""
    secret = base64.b64encode(f":{password}".encode()).decode()
    return call(port, "POST", GAMES, NEW_GAME, {**FORWARDED, "X-Forwarded-For": visitor,
                                                "Authorization": f"Basic {secret}"})


def page(port: int, path: str, headers: dict) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                response.read().decode())
    finally:
        connection.close()


def joined(port: int, game: dict) -> tuple[str, str]:
    """Open the game's join link through the proxy: the cookie it sets, and the game page as
    that cookie then shows it (its own join link on it)."""
    status, headers, _ = page(port, f"/games/{game['id']}/join/{game['edit_key']}", FORWARDED)
    assert status == 303, headers
    cookie = headers["set-cookie"]
    status, _, shown = page(port, f"/games/{game['id']}",
                            {**FORWARDED, "Cookie": cookie.split(";", 1)[0]})
    assert status == 200
    join = re.search(r'href="([^"]*/games/[^/"]+/join/[^"]+)"', shown).group(1)
    return cookie, join


def test_behind_a_trusted_proxy_the_visitors_scheme_host_and_address_are_believed(
        servers, tmp_path):  # noqa: F811
    """``referee run`` with REFEREE_TRUSTED_PROXIES=1: the cookie is Secure for a visitor on
    https, the links name the public host, and wrong passwords count against the visitor who
    typed them, not every visitor of the proxy."""
    with_password(tmp_path / "instance")
    server = servers(REFEREE_TRUSTED_PROXIES="1", REFEREE_HOSTS="games.example.org")
    for _ in range(doors.GUESSES):
        assert new_game_as(server.port, VISITORS[0], "guess")[0] == 401
    assert new_game_as(server.port, VISITORS[0], PASSWORD)[0] == 429
    status, _, game = new_game_as(server.port, VISITORS[1], PASSWORD)
    assert status == 201, game
    cookie, join = joined(server.port, game)
    assert "Secure" in cookie
    assert join.startswith(f"https://games.example.org/games/{game['id']}/join/")


def test_without_trusted_proxies_forwarded_headers_are_not_believed(
        servers, tmp_path):  # noqa: F811
    """The same headers sent straight to the server claim nothing: no Secure cookie, the
    server's own address in the links, and every guess from this one address counted."""
    with_password(tmp_path / "instance")
    server = servers()
    status, _, game = new_game_as(server.port, VISITORS[1], PASSWORD)
    assert status == 201, game
    cookie, join = joined(server.port, game)
    assert "Secure" not in cookie
    assert join.startswith(f"http://127.0.0.1:{server.port}/games/{game['id']}/join/")
    for _ in range(doors.GUESSES):
        assert new_game_as(server.port, VISITORS[0], "guess")[0] == 401
    assert new_game_as(server.port, VISITORS[1], PASSWORD)[0] == 429


# --- Which hosts are answered ----------------------------------------------------------------

def test_a_request_naming_a_host_the_server_is_not_is_refused(servers, tmp_path):  # noqa: F811
    """A page on the web whose name was pointed at this machine (DNS rebinding) sends its own
    name as the Host: refused in a sentence, nothing listed or made, while the machine's
    address, localhost and the names in REFEREE_HOSTS are answered."""
    server = servers(REFEREE_HOSTS="games.example.org, referee.lan")
    stranger = {"Host": "evil.example", "Origin": "http://evil.example"}
    status, headers, _ = call(server.port, "GET", "/games/all.json", headers=stranger)
    assert status == 400 and headers["content-type"].startswith("text/plain")
    status, _, _ = call(server.port, "POST", GAMES, NEW_GAME, stranger)
    assert status == 400
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "games.example.org",
                 f"referee.lan:{server.port}"):
        status, _, everything = call(server.port, "GET", "/games/all.json", headers={"Host": host})
        assert status == 200 and everything["games"] == [], host


# --- Backups as the server starts and while it runs --------------------------------------------

def test_the_server_backs_the_database_up_before_it_serves(servers, tmp_path):  # noqa: F811
    server = servers()
    backups = list((tmp_path / "instance" / "backups").glob("referee-*"))
    assert len(backups) == 1 and backups[0].stat().st_size > 0
    assert call(server.port, "GET", "/")[0] == 200


def test_a_restore_waits_for_the_server_to_stop(servers, tmp_path):  # noqa: F811
    """A server keeps games folded in memory: a restore under it would contradict them."""
    server = servers()
    env = {**os.environ, "DATABASE_URL": server.database_uri, "SECRET_KEY": "operations",
           "REFEREE_INSTANCE_PATH": str(server.folder / "instance")}

    def command(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "referee.cli", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)

    before = tmp_path / "before-the-game.json"
    assert command("backup", "--json", str(before)).returncode == 0  # safe while serving
    game = new_game(server.port)
    refused = command("restore", str(before))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert said(refused) == [f"Rummy Referee is serving from {server.folder / 'instance'}: "
                             f"stop it, restore, then start it again."]
    assert call(server.port, "GET", f"{GAMES}/{game['id']}")[0] == 200  # nothing touched

    server.stop()
    assert command("restore", str(before)).returncode == 0
    server.start()
    assert call(server.port, "GET", f"{GAMES}/{game['id']}")[0] == 404  # as it was then


class CountedStop:
    """A stop signal that lets a waiting loop go round ``rounds`` times, then stops it;
    ``meanwhile`` runs during each wait, as the table's play would."""

    def __init__(self, rounds: int, meanwhile=lambda: None):
        self.rounds = rounds
        self.meanwhile = meanwhile
        self.waits: list[float] = []

    def wait(self, timeout: float) -> bool:
        self.waits.append(timeout)
        self.meanwhile()
        return len(self.waits) > self.rounds


def backups_of(app) -> list[Path]:
    return sorted((Path(app.instance_path) / "backups").glob("referee-*"))


@pytest.fixture
def app(app, tmp_path):
    """The test's app with an instance folder of the test's own, for its backups."""
    app.instance_path = str(tmp_path / "instance")
    return app


def test_the_hourly_backups_keep_the_newest_few(app, client):
    app.config["BACKUPS_KEPT"] = 3
    stop = CountedStop(rounds=5, meanwhile=lambda: make_game(client, ("Ann", "Bo")))
    cli._backups_every(app, 3600, stop)
    assert stop.waits == [3600] * 6
    assert len(backups_of(app)) == 3


def test_an_hour_with_nothing_played_adds_no_backup(app, client):
    """Copies of one state would push the last different backup out."""
    make_game(client, ("Ann", "Bo"))
    cli._backups_every(app, 3600, CountedStop(rounds=4))
    assert len(backups_of(app)) == 1
    make_game(client, ("Cy", "Di"))
    cli._backups_every(app, 3600, CountedStop(rounds=2))
    assert len(backups_of(app)) == 2


# --- No pause a player can feel --------------------------------------------------------------

def test_referee_run_serves_with_the_built_app_out_of_the_collectors_way(app, monkeypatch):
    """A full collection over the app's long-lived objects was a pause of ~100 ms in some
    request; ``referee run`` freezes them before it serves, and collects young objects less
    often. Its real start, up to the point where waitress would serve."""
    seen = {}

    class Server:  # waitress, as ``referee run`` binds it; serving is reporting what it sees
        def run(self):
            seen.update(frozen=gc.get_freeze_count(), thresholds=gc.get_threshold())

    monkeypatch.setattr(cli, "_app", lambda: app)
    monkeypatch.setattr(cli, "_lock_instance", lambda *args, **kwargs: None)
    monkeypatch.setattr(cli, "_bind", lambda *args: Server())
    thresholds = gc.get_threshold()
    try:
        cli.run(argparse.Namespace(host="127.0.0.1", port=8000, threads=1))
    finally:  # the rest of the suite runs with the collector as Python sets it
        gc.unfreeze()
        gc.set_threshold(*thresholds)
    assert seen["frozen"] > 50_000  # the app alone is ~100,000 objects
    assert seen["thresholds"] == cli.GC_THRESHOLDS and cli.GC_THRESHOLDS[0] > 700


# --- Refusing to start -------------------------------------------------------------------------

def referee(*args: str, instance: Path, user: int | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {"REFEREE_INSTANCE_PATH": str(instance), "SECRET_KEY": "operations",
            "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "referee.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, user=user)


def said(result: subprocess.CompletedProcess) -> list[str]:
    """What the command said on its error output, the migrations' log lines left out."""
    return [line for line in result.stderr.splitlines() if not line.startswith(ALEMBIC_LOG)]


def refused_to_serve(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "serving on" not in result.stdout
    lines = said(result)
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
def instance(tmp_path) -> Path:
    """An instance folder with a database (migrated, no games yet) and one backup of it."""
    folder = tmp_path / "instance"
    assert referee("backup", instance=folder).returncode == 0
    return folder


def damage(path: Path, how: str) -> None:
    if how == "pages":  # pages in the middle overwritten, as a failing disk might
        with path.open("r+b") as handle:
            handle.seek(4096 * 3)
            handle.write(b"\xff" * 4096 * 3)
    else:  # not a database at all any more
        path.write_bytes(b"nonsense " * 500)


@pytest.mark.parametrize("how", ["pages", "header"])
def test_a_damaged_database_is_refused_naming_it_and_the_latest_backup(instance, how):
    database = instance / "referee.sqlite3"
    latest = sorted((instance / "backups").glob("referee-*"))[-1]
    damage(database, how)
    damaged = database.read_bytes()
    line = refused_to_serve(referee("run", "--port", str(free_port()), instance=instance))
    assert line.startswith(f"The database {database} is damaged")
    assert f"referee restore {latest}." in line
    assert database.read_bytes() == damaged  # nothing was written into it

    restored = referee("restore", str(latest), instance=instance)
    assert restored.returncode == 0, restored.stderr
    assert "The damaged database was moved to" in restored.stdout
    assert "Restored 0 games" in restored.stdout
    assert list(instance.glob("referee.sqlite3.damaged-*"))


def as_another_user() -> int | None:
    """Root may write anywhere: the read-only checks run the server as ``nobody`` then."""
    return 65534 if os.geteuid() == 0 else None


@pytest.fixture
def shared_instance(instance):
    """The instance folder where another user can reach it (pytest's folders are private)."""
    folder = Path(tempfile.mkdtemp(prefix="referee-ro-"))
    os.chmod(folder, 0o755)
    copy = folder / "instance"
    shutil.copytree(instance, copy)
    user = as_another_user()
    if user is not None:
        for path in [copy, *copy.rglob("*")]:
            os.chown(path, user, user)
    yield copy
    os.chmod(copy, 0o755)
    shutil.rmtree(folder)


@pytest.mark.parametrize("read_only, mode, said", [
    ("referee.sqlite3", 0o444, "The database {database} is read-only"),
    (".", 0o555, "The folder of the database {database} is read-only")])
def test_a_read_only_database_file_or_folder_is_named_at_start(shared_instance, read_only, mode,
                                                               said):
    database = shared_instance / "referee.sqlite3"
    os.chmod(shared_instance / read_only, mode)
    line = refused_to_serve(referee("run", "--port", str(free_port()),
                                    instance=shared_instance, user=as_another_user()))
    assert line.startswith(said.format(database=database))


def test_a_busy_port_is_one_line_and_a_failure(instance):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = referee("run", "--host", "127.0.0.1", "--port", str(port), instance=instance)
    line = refused_to_serve(result)
    assert line == (f"Port {port} is already in use by another program: stop it, or start "
                    f"Rummy Referee on another port (referee run --port {port + 1}).")


def test_the_first_line_is_the_address_a_tablet_on_the_network_opens(app, monkeypatch):
    monkeypatch.setattr(cli, "_lan_address", lambda: "192.168.1.20")
    first, second, _kept = cli._announcement(app, "0.0.0.0", 8000)
    assert first == ("Rummy Referee is serving: open http://192.168.1.20:8000/ on a tablet or "
                     "phone on the same network.")
    assert second == "On this machine: http://127.0.0.1:8000/"


def test_with_no_network_found_the_first_line_says_only_this_machine_can_open_it(app,
                                                                                 monkeypatch):
    monkeypatch.setattr(cli, "_lan_address", lambda: None)
    first, _kept = cli._announcement(app, "0.0.0.0", 8000)
    assert first.startswith("Rummy Referee is serving on http://127.0.0.1:8000/ (this "
                            "machine found no network")


def test_the_app_factory_refuses_a_damaged_database_too(tmp_path, monkeypatch):
    from referee import create_app
    from referee.store.start_checks import DamagedDatabaseError

    folder = tmp_path / "instance"
    folder.mkdir()
    damage(folder / "referee.sqlite3", "header")
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(folder))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(DamagedDatabaseError) as refused:
        create_app({"SECRET_KEY": "factory"})
    assert str(refused.value) == (
        f"The database {folder / 'referee.sqlite3'} is damaged (file is not a database), so "
        f"Rummy Referee will not write to it: there is no backup in {folder / 'backups'}; "
        "move the file away to start with an empty database.")


KILLED_MID_WRITE = """
import os, signal, sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA cache_size = 1")  # pages spill to the file before the commit
connection.execute("BEGIN IMMEDIATE")
connection.execute("CREATE TABLE half_written (filler BLOB)")
for _ in range(200):
    connection.execute("INSERT INTO half_written VALUES (zeroblob(4000))")
os.kill(os.getpid(), signal.SIGKILL)  # the power goes, the write half done
"""


def test_a_server_killed_mid_write_starts_again_with_the_write_undone(instance):
    """A crash leaves a hot journal beside the file: SQLite's own recovery, not damage."""
    database = instance / "referee.sqlite3"
    subprocess.run([sys.executable, "-c", KILLED_MID_WRITE, str(database)], timeout=60)
    assert (instance / "referee.sqlite3-journal").stat().st_size > 0

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "referee.cli", "run", "--host",
                               "127.0.0.1", "--port", str(port)], cwd=ROOT,
                              env={**os.environ, "REFEREE_INSTANCE_PATH": str(instance),
                                   "SECRET_KEY": "operations"},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "serving on" in server.stdout.readline(), server.stderr.read()
        assert call(port, "GET", "/games", timeout=30)[0] == 200
    finally:
        server.terminate()
        server.wait(30)
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "half_written" not in tables and "game" in tables
