"""Storage trouble while serving: a full disk, a read-only database, its PostgreSQL server out of
reach. The real server (``referee run``) answers 503 with one sentence and logs one line, never a
traceback; what was saved stays; it serves again by itself once the storage is back. Which
trouble an error is comes from the databases' own error codes, met here for real."""

from __future__ import annotations

import http.client
import socket
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url
from sqlalchemy.exc import DBAPIError

from referee.store.trouble import StorageTrouble, storage_trouble
from tests.test_durability import GAMES, PLAYERS, RefereeServer, call, free_port, new_game

GAME = {"ruleset": "eversol", "players": PLAYERS, "first_dealer": "Abe"}
# Room the database file may still grow by when the disk "fills": a few games' worth.
ROOM_LEFT = 96 * 1024


def met(statement: str, url: str, before: str | None = None) -> DBAPIError:
    """The error a real database gives for ``statement`` (after ``before``)."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            if before:
                connection.exec_driver_sql(before)
            connection.exec_driver_sql(statement)
    except DBAPIError as error:
        return error
    finally:
        engine.dispose()
    raise AssertionError(f"{statement} succeeded")


def test_each_trouble_is_told_by_the_databases_own_codes(tmp_path):
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE t (x TEXT UNIQUE)")
        made.execute("INSERT INTO t VALUES ('a')")
    made.close()
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    assert storage_trouble(met("INSERT INTO t VALUES ('b')", read_only)) is (
        StorageTrouble.READ_ONLY)
    full = met("INSERT INTO t SELECT hex(randomblob(4000)) FROM t, t t2, t t3, t t4",
               f"sqlite:///{path}", before=(
                   "PRAGMA max_page_count = " + str(path.stat().st_size // 4096 + 1)))
    assert storage_trouble(full) is StorageTrouble.FULL
    nobody_listens = f"postgresql+psycopg://referee@127.0.0.1:{free_port()}/none"
    assert storage_trouble(met("SELECT 1", nobody_listens)) is StorageTrouble.UNREACHABLE
    # A request's own mistake is no storage trouble: it stays a bug's 500.
    assert storage_trouble(met("INSERT INTO t VALUES ('a')", f"sqlite:///{path}")) is None


def one_line_each(log: str, refusals: int) -> None:
    assert "Traceback" not in log
    assert log.count("answered 503: ") == refusals, log[-3000:]


def test_a_full_disk_refuses_each_write_with_one_sentence_and_the_server_recovers(
        app, tmp_path, test_database):
    if test_database is not None:
        pytest.skip("a SQLite file's disk: PostgreSQL's own disk is the server's")
    database = Path(make_url(app.config["SQLALCHEMY_DATABASE_URI"]).database)
    server = RefereeServer(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path)
    # The operating system refuses to let the server's files grow past this: a full disk, as
    # the server meets it (the limit may be raised again while it runs, as room is made).
    server.wrapper = ["prlimit", f"--fsize={database.stat().st_size + ROOM_LEFT}:unlimited",
                      "--"]
    server.start()
    try:
        saved = [new_game(server.port)]
        refused = 0
        while not refused:
            status, headers, answer = call(server.port, "POST", GAMES, GAME)
            if status == 201:
                saved.append(answer)
                continue
            assert status == 503, answer
            assert answer["error"]["code"] == "storage_unavailable"
            assert answer["error"]["message"].startswith("The disk the games are kept on is full")
            assert headers["retry-after"].isdigit()
            refused += 1
        for game in saved:  # what was saved stays, and reads still answer
            assert call(server.port, "GET", f"{GAMES}/{game['id']}")[0] == 200
        status, _, _ = call(server.port, "POST", GAMES, GAME)
        assert status == 503
        refused += 1
        one_line_each(server.tail(100_000), refused)

        subprocess.run(["prlimit", "--pid", str(server.process.pid), "--fsize=unlimited"],
                       check=True)
        assert call(server.port, "POST", GAMES, GAME)[0] == 201
    finally:
        server.stop()


class CuttableLink:
    """A TCP relay between the app and its PostgreSQL server that can be cut, as a stopped
    server or a pulled cable cuts it, and joined again on the same port."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream, self.port = upstream, free_port()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self.join()

    def join(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        threading.Thread(target=self._accept, args=(self._listener,), daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            for open_socket in [self._listener, *self._sockets]:
                try:
                    open_socket.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                open_socket.close()
            self._sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                near, _ = listener.accept()
                far = socket.create_connection(self.upstream)
            except OSError:
                return
            with self._lock:
                self._sockets += [near, far]
            for source, target in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def test_the_database_server_out_of_reach_is_a_503_page_and_the_server_recovers(
        app, tmp_path, test_database):
    if test_database is None:
        pytest.skip("a database server out of reach: the PostgreSQL run")
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    link = CuttableLink((url.host, url.port))
    server = RefereeServer(url.set(host="127.0.0.1", port=link.port).render_as_string(
        hide_password=False), tmp_path)
    server.start()
    try:
        game = new_game(server.port)
        link.cut()
        status, headers, answer = call(server.port, "POST", GAMES, GAME)
        assert status == 503 and answer["error"]["code"] == "storage_unavailable", answer
        assert "database server cannot be reached" in answer["error"]["message"]
        status, headers, _ = call(server.port, "GET", "/games")
        assert status == 503 and "text/html" in headers["content-type"]
        page = page_text(server.port, "/games")
        assert "Nothing can be saved just now" in page and "cannot be reached" in page
        assert 'class="page game-message"' in page  # the app's own look, not Flask's
        one_line_each(server.tail(100_000), 3)

        link.join()
        assert call(server.port, "GET", f"{GAMES}/{game['id']}")[0] == 200
        assert call(server.port, "POST", GAMES, GAME)[0] == 201
    finally:
        server.stop()
        link.cut()


def page_text(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        connection.request("GET", path)
        return connection.getresponse().read().decode()
    finally:
        connection.close()

