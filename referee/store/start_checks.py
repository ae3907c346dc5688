"""What is checked of the database before the app starts on it.

A damaged SQLite file must not be written to (new games would land in it and be lost
with it), and a database the app may not write to would answer every change with a
server error: both are refused at start, with a sentence that says what to do.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy import Engine, text

from .backups import backup_folder, latest_backup, sqlite_file


class UnusableDatabaseError(RuntimeError):
    """The database cannot be used; the message says which one and what to do."""


class DamagedDatabaseError(UnusableDatabaseError):
    pass


class ReadOnlyDatabaseError(UnusableDatabaseError):
    pass


def check_database(engine: Engine, instance: Path) -> None:
    path = sqlite_file(engine)
    if path is None:
        _check_server_writable(engine)
        return
    _check_sqlite_writable(path)
    if path.exists():
        _check_sqlite_intact(path, instance)


def _check_sqlite_writable(path: Path) -> None:
    folder = path.parent
    if path.exists() and not os.access(path, os.W_OK):
        raise ReadOnlyDatabaseError(
            f"The database {path} is read-only: Rummy Referee needs to write to it, so give "
            "the user running it write access to the file and start again.")
    # SQLite writes a journal beside the file, so the folder must take new files too.
    if not os.access(folder, os.W_OK):
        raise ReadOnlyDatabaseError(
            f"The folder of the database {path} is read-only: Rummy Referee needs to write "
            "there, so give the user running it write access to the folder and start again.")


def _check_sqlite_intact(path: Path, instance: Path) -> None:
    try:
        # Read-write, though only read: after a crash (power cut, a killed server) the file
        # has a hot journal, which SQLite rolls back on the first read, as it must before
        # the file is whole again; a read-only connection cannot, and reports an error.
        connection = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
        try:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        problems = [str(error)]
    if problems == ["ok"]:
        return
    latest = latest_backup(backup_folder(instance))
    remedy = (f"restore the latest backup with: referee restore {latest}" if latest else
              f"there is no backup in {backup_folder(instance)}; move the file away to start "
              "with an empty database")
    raise DamagedDatabaseError(
        f"The database {path} is damaged ({problems[0]}), so Rummy Referee will not write "
        f"to it: {remedy}.")


def _check_server_writable(engine: Engine) -> None:
    if engine.dialect.name != "postgresql":
        return
    with engine.connect() as connection:
        read_only = connection.execute(text("SHOW transaction_read_only")).scalar()
    if read_only == "on":
        raise ReadOnlyDatabaseError(
            f"The database {engine.url.render_as_string(hide_password=True)} only allows "
            "reading (a standby server, or default_transaction_read_only is on): point "
            "DATABASE_URL at one Rummy Referee may write to.")
