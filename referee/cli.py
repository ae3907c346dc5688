"""The ``referee`` command: ``referee run`` serves the app with waitress; ``referee backup``
and ``referee restore FILE`` copy the database out and back; ``referee password`` sets the
password a club's server guards its games with."""

from __future__ import annotations

import argparse
import errno
import fcntl
import gc
import getpass
import os
import resource
import shutil
import socket
import sys
import tempfile
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import NoReturn

import flask_migrate
from alembic.script import ScriptDirectory
from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from . import create_app, doors, settings
from .extensions import db
from .serving import CONNECTIONS_PER_ADDRESS, HEADER_SECONDS, create_guarded_server
from .store.backups import (NotABackupError, back_up_if_changed, backup_folder, backup_revision,
                            copy_sqlite, insert_rows_as_made, is_sqlite_backup, keep_newest,
                            make_backup, read_backup, restore_rows, sqlite_file)
from .store.imports import LARGEST_GAMES_FILE
from .store.start_checks import DamagedDatabaseError, UnusableDatabaseError

# A slow or idle client holds a connection, not a thread (waitress reads requests in
# its event loop), so connections are cheap: allow many, so a few hundred slow ones
# (a dozen devices polling, or one misbehaving client) never stop the server accepting
# others, and close those that say nothing for a minute. One address may hold only a tenth of
# them, and a request's headers must all come within seconds (referee/serving.py says why).
CONNECTION_LIMIT = 1000
CHANNEL_TIMEOUT = 60
# How often connections past a limit are looked for: also how late past it one may close.
CLEANUP_INTERVAL = 1
# Each connection is a file descriptor; the rest is headroom for the database and files.
OPEN_FILES_NEEDED = CONNECTION_LIMIT + 200
# waitress would read a body of up to 1 GB into a temporary file before the app refused it:
# refuse at the headers what no request of the app can be (the largest is a games file, sent
# as a form: the rest is room for the form's framing).
LARGEST_BODY = LARGEST_GAMES_FILE + 64 * 1024
# Held, shared, by every server running from an instance folder, and alone by a restore: a
# server keeps games folded in memory by version, and a restore under it would give those
# versions other histories.
SERVING_LOCK = "serving.lock"
ANY_INTERFACE = ("0.0.0.0", "::", "")
# The collector, set for a server. Measured here (Python 3.11, 2 cores): the app just built
# is ~101,000 objects the collector tracks (modules, functions, rules, templates' code), and
# a full collection over them took 87-144 ms, a pause any request or arranger run caught by
# it would show; they live as long as the process, so they are frozen (a full collection
# then skips them: 0.0 ms just after start). Young collections every 50,000 new objects
# instead of Python's 700: a board's render makes tens of thousands, and a young collection
# over 50,000 survivors took 1.2 ms; the older generations keep Python's 10 and 10.
GC_THRESHOLDS = (50_000, 10, 10)


def _lan_address() -> str | None:
    """This machine's address on the home network, for the tablet to open."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # connect() on UDP sends nothing; it only picks the outgoing interface.
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()


def _announcement(app: Flask, host: str, port: int) -> list[str]:
    """What ``referee run`` says before it serves: first the address to open on the tablet,
    then this machine's own, then where the games are kept."""
    lan = _lan_address() if host in ANY_INTERFACE else None
    if lan:
        lines = [(f"Rummy Referee is serving: open http://{lan}:{port}/ on a tablet or phone "
                  f"on the same network."),
                 f"On this machine: http://127.0.0.1:{port}/"]
    elif host in ANY_INTERFACE:
        lines = [(f"Rummy Referee is serving on http://127.0.0.1:{port}/ (this machine found "
                  f"no network for a tablet to reach it on).")]
    else:
        shown = f"[{host}]" if ":" in host else host
        lines = [f"Rummy Referee is serving on http://{shown}:{port}/"]
    with app.app_context():
        kept = "Games, backups" if sqlite_file(db.engine) else "Backups"
    return [*lines, f"{kept} and the secret key are kept in {app.instance_path}"]


def fail(message: str) -> NoReturn:
    print(message, file=sys.stderr, flush=True)
    raise SystemExit(1)


def _app(test_config: dict | None = None) -> Flask:
    try:
        return create_app(test_config)
    except (UnusableDatabaseError, settings.UnusableInstanceError) as error:
        fail(str(error))


def _lock_instance(instance: Path, alone: bool, refusal: str) -> int:
    """The instance folder's serving lock, shared (servers) or ``alone`` (a restore), held
    until the process ends; ``refusal`` said and a failure when it is taken the other way."""
    handle = os.open(instance / SERVING_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(handle, (fcntl.LOCK_EX if alone else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        fail(refusal)
    return handle


def _raise_open_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_NEEDED if hard == resource.RLIM_INFINITY else min(hard,
                                                                          OPEN_FILES_NEEDED)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _bind(app: Flask, host: str, port: int, threads: int):
    """The server, listening; checked before anything says it serves."""
    # Behind a reverse proxy every connection comes from the proxy: the proxy limits each
    # client then (docs/serving.md), and the limit per address here would throttle everyone.
    behind_proxies = bool(app.config["TRUSTED_PROXIES"])
    per_address = 0 if behind_proxies else _setting(
        "REFEREE_CONNECTIONS_PER_ADDRESS", CONNECTIONS_PER_ADDRESS)
    try:
        return create_guarded_server(
            app, header_seconds=_setting("REFEREE_HEADER_SECONDS", HEADER_SECONDS),
            per_address=per_address, host=host, port=port, threads=threads,
            ident="rummy-referee", connection_limit=CONNECTION_LIMIT,
            channel_timeout=CHANNEL_TIMEOUT, cleanup_interval=CLEANUP_INTERVAL,
            max_request_body_size=LARGEST_BODY, asyncore_use_poll=True,
            # waitress drops every X-Forwarded-* header unless told to keep them; behind the
            # proxies the operator named, the app's ProxyFix reads them (security.py), and
            # believes only as many hops as there are proxies.
            clear_untrusted_proxy_headers=not behind_proxies)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            fail(f"Port {port} is already in use by another program: stop it, or start "
                 f"Rummy Referee on another port (referee run --port {port + 1}).")
        fail(f"Rummy Referee cannot listen on {host} port {port}: "
             f"{error.strerror or error}.")


def _setting(name: str, default: int) -> int:
    """A whole number of the environment (a limit of the server's), or ``default``."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit():
        fail(f"{name} must be a whole number (it is {text!r}).")
    return int(text)


def _back_up(app: Flask) -> None:
    """One automatic backup into the instance folder (none if nothing changed since the last),
    the oldest beyond the kept number gone."""
    folder = backup_folder(Path(app.instance_path))
    try:
        with app.app_context():
            back_up_if_changed(folder, app.config["BACKUPS_KEPT"])
    except Exception as error:  # a failed backup must not stop the serving
        print(f"The automatic backup into {folder} failed: {error}", file=sys.stderr,
              flush=True)


def _backups_every(app: Flask, interval: float, stop: threading.Event) -> None:
    """A backup every ``interval`` seconds until ``stop`` is set."""
    while not stop.wait(interval):
        _back_up(app)


# Asked of the app once before it serves: what the first requests would otherwise build
# (templates compiled, queries compiled, the JSON answers' machinery) is built now, and frozen.
WARM_UP = ("/games", "/api/v1/rulesets")


def _settle_for_serving(app: Flask | None = None) -> None:
    """Everything built so far (the app, every module it imported, what answering its
    first requests builds) kept out of the collector's way for the life of the process,
    and the collector set for a server."""
    if app is not None:
        client = app.test_client()
        for path in WARM_UP:
            try:
                client.get(path)
            except Exception:  # a warm-up only: whatever the page meets, the server serves
                pass
    gc.collect()  # what start-up threw away goes now, not frozen with the rest
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run(args: argparse.Namespace) -> None:
    app = _app()
    _lock_instance(Path(app.instance_path), alone=False,
                   refusal=f"A restore is under way in {app.instance_path}: start Rummy Referee "
                           f"again when it has finished.")
    _raise_open_file_limit()
    server = _bind(app, args.host, args.port, args.threads)
    _back_up(app)  # before serving: whatever happens next, the database as it was is kept
    _settle_for_serving(app)
    stop = threading.Event()
    threading.Thread(target=_backups_every, name="backups", daemon=True,
                     args=(app, app.config["BACKUP_INTERVAL_SECONDS"], stop)).start()
    for line in _announcement(app, args.host, args.port):
        print(line, flush=True)
    try:
        server.run()
    finally:
        stop.set()


def backup(args: argparse.Namespace) -> None:
    app = _app()
    folder = backup_folder(Path(app.instance_path))
    with app.app_context():
        made = make_backup(target=Path(args.file).resolve() if args.file else None,
                           folder=folder, as_json=args.json)
    if not args.file:
        keep_newest(folder, app.config["BACKUPS_KEPT"])
    print(f"Backed up the database to {made}.")


def restore(args: argparse.Namespace) -> None:
    source = Path(args.file).resolve()
    app = _app({"MIGRATE_ON_START": False})
    lock = _lock_instance(Path(app.instance_path), alone=True,
                          refusal=f"Rummy Referee is serving from {app.instance_path}: stop "
                                  f"it, restore, then start it again.")
    try:
        games, before = _restore_from(app, source)
    finally:
        os.close(lock)  # a server may start now, refused or restored
    print(f"Restored {games} games from {source} (the database as it was is kept in "
          f"{before}).")


def _restore_from(app: Flask, source: Path) -> tuple[int, Path]:
    folder = backup_folder(Path(app.instance_path))
    with app.app_context(), tempfile.TemporaryDirectory(prefix="referee-restore-") as scratch:
        try:  # refused before anything is touched
            made_at = backup_revision(source)
            if made_at != _newest_revision(app):
                source = _brought_up_to_date(app, source, made_at, Path(scratch))
            revision, rows = read_backup(source)
        except NotABackupError as error:
            fail(str(error))
        _migrate_setting_aside_damage(app)
        stamp = f"{datetime.now(timezone.utc):%Y%m%d-%H%M%S}"
        before = make_backup(target=folder / f"before-restore-{stamp}"
                                            f"{'.sqlite3' if sqlite_file(db.engine) else '.json'}")
        try:
            return restore_rows(revision, rows), before
        except NotABackupError as error:
            fail(str(error))


def _newest_revision(app: Flask) -> str | None:
    return ScriptDirectory(app.extensions["migrate"].directory).get_current_head()


def _brought_up_to_date(app: Flask, source: Path, made_at: str | None, scratch: Path) -> Path:
    """A copy of an earlier version's backup, migrated as a start-up migrates the database:
    a SQLite file copied, a JSON backup's rows put in a database at their revision; then
    brought to this version's."""
    migrations = app.extensions["migrate"].directory
    known = {script.revision for script in ScriptDirectory(migrations).walk_revisions()}
    if made_at not in known:
        raise NotABackupError(
            f"{source} was made by a version of Rummy Referee whose database layout ({made_at})"
            " this one does not know, a newer one: restore it with that version or a later one.")
    copy = scratch / "restoring.sqlite3"
    upgrading = _app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{copy}", "MIGRATE_ON_START": False})
    with upgrading.app_context():
        try:
            if is_sqlite_backup(source):
                copy_sqlite(source, copy)
            else:
                flask_migrate.upgrade(directory=migrations, revision=made_at,
                                      x_arg=["quiet=true"])
                insert_rows_as_made(read_backup(source)[1])
            flask_migrate.upgrade(directory=migrations, x_arg=["quiet=true"])
        except SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error).splitlines()[0]
            raise NotABackupError(
                f"{source} could not be brought from its version's database layout ({made_at}) "
                f"to this one's ({reason}): was it changed after it was made?") from error
        finally:
            db.engine.dispose()
    return copy


def _migrate_setting_aside_damage(app: Flask) -> None:
    """Migrate the database; a damaged SQLite file is moved aside first (a restore replaces
    everything in it anyway), and kept."""
    try:
        settings.upgrade_database(app)
        return
    except DamagedDatabaseError:
        damaged = sqlite_file(db.engine)
        if damaged is None:
            raise
    except UnusableDatabaseError as error:
        fail(str(error))
    aside = damaged.with_name(f"{damaged.name}.damaged-{datetime.now(timezone.utc):%Y%m%d-%H%M%S}")
    db.engine.dispose()
    shutil.move(damaged, aside)
    for extra in ("-journal", "-wal", "-shm"):
        leftover = damaged.with_name(damaged.name + extra)
        if leftover.exists():
            shutil.move(leftover, aside.with_name(aside.name + extra))
    print(f"The damaged database was moved to {aside}.", flush=True)
    try:
        settings.upgrade_database(app)
    except UnusableDatabaseError as error:
        fail(str(error))


MIN_PASSWORD = 6  # letters: a club's password is typed on a tablet, yet not guessed at once


def password(args: argparse.Namespace) -> None:
    """Set (or with --off remove) the password guarding the games; a running server takes
    it when it starts again."""
    instance = settings.instance_path(_checkout())
    settings.make_instance_folder(instance)
    if args.off:
        removed = doors.remove_password(instance)
        print("The games need no password any more" if removed else "There was no password",
              f"(instance folder {instance}). Restart Rummy Referee if it is serving.")
        return
    chosen = _ask_password()
    if len(chosen) < MIN_PASSWORD:
        fail(f"Choose a password of at least {MIN_PASSWORD} letters.")
    doors.set_password(instance, chosen)
    print(f"The games now need this password (kept hashed in {instance}). Restart Rummy "
          f"Referee if it is serving; referee password --off removes it.")


def _ask_password() -> str:
    if not sys.stdin.isatty():  # given on a pipe: one line, for scripts
        return sys.stdin.readline().rstrip("\r\n")
    chosen = getpass.getpass("The password for the games: ")
    if getpass.getpass("The same again: ") != chosen:
        fail("The two passwords differ: nothing was changed.")
    return chosen


def _checkout() -> Path | None:
    from . import FROM_CHECKOUT, PROJECT_ROOT

    return PROJECT_ROOT if FROM_CHECKOUT else None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="referee", description="Rummy Referee")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("run", help="serve the app on the home network")
    serve.add_argument("--host", default=os.environ.get("REFEREE_HOST", "0.0.0.0"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("REFEREE_PORT", "8000")))
    serve.add_argument("--threads", type=int, default=8)
    serve.set_defaults(action=run)
    copy = commands.add_parser("backup", help="copy the database to FILE (by default a new "
                                              "file in the instance folder's backups/)")
    copy.add_argument("file", nargs="?")
    copy.add_argument("--json", action="store_true",
                      help="write every row as JSON, which any database can restore, even "
                           "from SQLite (the default on PostgreSQL)")
    copy.set_defaults(action=backup)
    back = commands.add_parser("restore", help="replace every game and player with those of "
                                               "a backup FILE")
    back.add_argument("file")
    back.set_defaults(action=restore)
    door = commands.add_parser("password", help="set the password that guards the games list, "
                                                "downloads, import, players and new games")
    door.add_argument("--off", action="store_true", help="remove it: the games open to all")
    door.set_defaults(action=password)
    args = parser.parse_args(argv)
    args.action(args)


if __name__ == "__main__":
    main()
