"""Backups of the whole database, and putting one back.

On SQLite a backup is a copy of the database file made with SQLite's online
backup API: consistent even while the server writes. On another database (a
PostgreSQL server) it is every row of the app's tables as one JSON document,
read in one snapshot. Either kind can be restored into either database: a
restore reads the backup's rows and replaces every row of the app's tables in
one transaction, so a family can move from one to the other.
"""

from __future__ import annotations

import filecmp
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import (Boolean, Connection, DateTime, Engine, Integer, LargeBinary, MetaData,
                        String, create_engine, select, text)
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from .models import NOT_BACKED_UP

BACKUP_FORMAT = "rummy-referee-backup"
BACKUP_PREFIX = "referee-"
SQLITE_MAGIC = b"SQLite format 3\x00"
Rows = dict[str, list[dict[str, Any]]]


class NotABackupError(ValueError):
    """The file given to restore is not a backup this app can read."""


def _backed_up_tables() -> list:
    """The app's tables a backup holds: all but those derived from the others (a restore
    empties those, and they are made again as the games are read) and the sign-ins."""
    return [table for table in db.metadata.sorted_tables if table.name not in NOT_BACKED_UP]


def sqlite_file(engine: Engine) -> Path | None:
    """The database file, when the app runs on a SQLite file."""
    url = engine.url
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


def backup_folder(instance: Path) -> Path:
    return instance / "backups"


def backups_in(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (their names carry the time they were made)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.name.startswith(BACKUP_PREFIX) and p.suffix in (".sqlite3", ".json"))


def latest_backup(folder: Path) -> Path | None:
    found = backups_in(folder)
    return found[-1] if found else None


def backup_name(engine: Engine, as_json: bool = False) -> str:
    moment = datetime.now(timezone.utc)
    suffix = ".sqlite3" if sqlite_file(engine) and not as_json else ".json"
    return f"{BACKUP_PREFIX}{moment:%Y%m%d-%H%M%S-%f}{suffix}"


def make_backup(target: Path | None = None, folder: Path | None = None,
                as_json: bool = False) -> Path:
    """Copy the database to ``target`` (or to a new file in ``folder``); in an app context.
    ``as_json`` writes the JSON kind from SQLite too (to move to PostgreSQL, say)."""
    engine = db.engine
    if target is None:
        assert folder is not None, "a backup needs a file or a folder"
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / backup_name(engine, as_json)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed: a backup interrupted half-way never looks whole.
    handle, partial = tempfile.mkstemp(prefix=".partial-", dir=target.parent)
    os.close(handle)
    try:
        source = sqlite_file(engine)
        if source is not None:
            copy_sqlite(source, Path(partial))
        if as_json or source is None:
            _write_document(Path(partial), engine if source is None else None)
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return target


def back_up_if_changed(folder: Path, kept: int) -> Path | None:
    """A new backup in ``folder`` unless it would hold what the newest one already does, and
    all but the newest ``kept`` deleted; the new backup, if any. A server left running
    for days over an unchanged database would otherwise fill the ``kept`` places with
    copies of one state and push out the last different one."""
    newest = latest_backup(folder)
    made = make_backup(folder=folder)
    if newest is not None and _same_rows(newest, made):
        made.unlink()
        return None
    keep_newest(folder, kept)
    return made


def _same_rows(one: Path, other: Path) -> bool:
    """Whether two backups hold the same rows: a copy of an unchanged SQLite file is the
    same bytes; the JSON kind carries the moment it was made, and rows in no set order."""
    if filecmp.cmp(one, other, shallow=False):
        return True
    try:
        (one_revision, one_rows), (other_revision, other_rows) = (read_backup(one),
                                                                  read_backup(other))
    except NotABackupError:
        return False

    def canonical(rows: Rows) -> dict[str, list[str]]:
        return {table: sorted(json.dumps(row, sort_keys=True, default=str) for row in found)
                for table, found in rows.items()}

    return one_revision == other_revision and canonical(one_rows) == canonical(other_rows)


def keep_newest(folder: Path, kept: int) -> list[Path]:
    """Delete all but the newest ``kept`` backups in ``folder``; the deleted ones."""
    found = backups_in(folder)
    old = found[:-kept] if kept > 0 else found
    for path in old:
        path.unlink(missing_ok=True)
    return old


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite file, by SQLite's online backup API."""
    origin = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    copy = sqlite3.connect(target)
    try:
        with copy:
            origin.backup(copy)
    finally:
        copy.close()
        origin.close()


def _write_document(target: Path, engine: Engine | None) -> None:
    """Every row of ``engine``'s database (or of the SQLite copy at ``target`` when no engine
    is given) as the JSON kind of backup, written to ``target``."""
    if engine is not None:
        target.write_text(json.dumps(_document(engine, "REPEATABLE READ"), ensure_ascii=False))
        return
    copy = create_engine(f"sqlite:///{target}")
    try:
        document = _document(copy, None)  # a copy nobody else writes to
    finally:
        copy.dispose()
    target.write_text(json.dumps(document, ensure_ascii=False))


def _document(engine: Engine, isolation: str | None) -> dict[str, Any]:
    """Every row of the app's tables, read in one snapshot, as JSON-ready values."""
    connection = engine.connect()
    if isolation:
        connection = connection.execution_options(isolation_level=isolation)
    with connection, connection.begin():
        revision = _revision(connection)
        tables = {table.name: [_jsonable(dict(row._mapping))
                               for row in connection.execute(select(table))]
                  for table in _backed_up_tables()}
    return {"format": BACKUP_FORMAT, "revision": revision,
            "made_at": datetime.now(timezone.utc).isoformat(), "tables": tables}


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {key: value.isoformat() if isinstance(value, datetime) else value
            for key, value in row.items()}


def _revision(connection) -> str | None:
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


# --- Restoring ---------------------------------------------------------------------------------

def is_sqlite_backup(path: Path) -> bool:
    """Whether the file at ``path`` is a SQLite database (else it may be a JSON backup)."""
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError as error:
        raise NotABackupError(f"{path} cannot be read: {error.strerror}.") from error


def backup_revision(path: Path) -> str | None:
    """The schema revision (the migration) the backup at ``path`` was made at, read before
    its rows, which only a database at that revision holds; ``NotABackupError`` if none."""
    if is_sqlite_backup(path):
        with _sqlite_backup(path, {"alembic_version"}) as connection:
            return _revision(connection)
    return _json_document(path).get("revision")


def read_backup(path: Path) -> tuple[str | None, Rows]:
    """The schema revision and the rows of the backup at ``path``, made at this version's
    revision (``backup_revision`` first, for another); ``NotABackupError`` if the file is
    none."""
    if is_sqlite_backup(path):
        return _read_sqlite_backup(path)
    document = _json_document(path)
    tables = document["tables"]
    _check_rows(path, tables)
    return document.get("revision"), {name: [_from_json(name, row) for row in rows]
                                      for name, rows in tables.items()}


def _refusal(path: Path) -> str:
    return f"{path} is not a Rummy Referee backup"


def _json_document(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise NotABackupError(f"{_refusal(path)}: it is neither a SQLite database nor JSON."
                              ) from error
    if not isinstance(document, dict) or document.get("format") != BACKUP_FORMAT \
            or not isinstance(document.get("tables"), dict):
        raise NotABackupError(f"{_refusal(path)}: it is JSON, but not a backup (a game's own "
                              "JSON export is imported on the games page instead).")
    if any(not isinstance(rows, list) for rows in document["tables"].values()):
        raise NotABackupError(f"{_refusal(path)}: its tables are not lists of rows.")
    return document


def _check_rows(path: Path, tables: dict[str, list[Any]]) -> None:
    """Refuse, saying where, a JSON backup edited by hand into rows that are no rows or a row
    given twice; the database would refuse them only half-way, with a traceback."""
    for name, rows in tables.items():
        table = db.metadata.tables.get(name)
        keys = [column.name for column in table.primary_key.columns] if table is not None else []
        seen: dict[tuple, int] = {}
        for number, row in enumerate(rows, start=1):
            if not isinstance(row, dict):
                raise NotABackupError(
                    f"{path} was changed after it was made: row {number} of its \"{name}\" "
                    f"table is {json.dumps(row, ensure_ascii=False)[:40]}, not a row.")
            if not keys:
                continue
            key = tuple(row.get(column) for column in keys)
            if key in seen:
                raise NotABackupError(
                    f"{path} was changed after it was made: rows {seen[key]} and {number} of "
                    f"its \"{name}\" table are the same row (the same {', '.join(keys)}).")
            seen[key] = number


def _from_json(table_name: str, row: Any) -> dict[str, Any]:
    table = db.metadata.tables.get(table_name)
    if table is None or not isinstance(row, dict):
        return row
    converted = dict(row)
    for column in table.columns:
        value = converted.get(column.name)
        if isinstance(column.type, DateTime) and isinstance(value, str):
            try:
                converted[column.name] = datetime.fromisoformat(value)
            except ValueError:
                pass  # left as it is, for the cells' check to refuse by name
    return converted


@contextmanager
def _sqlite_backup(path: Path, wanted: set[str]) -> Iterator[Connection]:
    """A read-only connection to the SQLite backup at ``path``, once it is found whole and
    holding the tables ``wanted``; what SQLite says of a file it cannot read, one sentence."""
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with engine.connect() as connection:
            if connection.execute(text("PRAGMA quick_check")).scalar() != "ok":
                raise NotABackupError(f"{path} is a damaged SQLite file, not a usable backup.")
            present = {name for (name,) in connection.execute(
                text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
            if not wanted <= present:
                raise NotABackupError(f"{_refusal(path)}: it is a SQLite database without the "
                                      "app's tables.")
            yield connection
    except NotABackupError:
        raise
    except Exception as error:  # what SQLite says of a file it cannot read as a database
        raise NotABackupError(f"{_refusal(path)}: SQLite cannot read it "
                              f"({error.__class__.__name__}).") from error
    finally:
        engine.dispose()


def _read_sqlite_backup(path: Path) -> tuple[str | None, Rows]:
    tables = _backed_up_tables()
    with _sqlite_backup(path, {table.name for table in tables} | {"alembic_version"}) as connection:
        return _revision(connection), {
            table.name: [dict(row._mapping) for row in connection.execute(select(table))]
            for table in tables}


def insert_rows_as_made(rows: Rows) -> None:
    """Put a backup's rows into this (new, empty) database, whose tables are the backup's own
    revision's, read from the database itself: the models describe only the newest."""
    layout = MetaData()
    layout.reflect(db.engine)
    with db.engine.begin() as connection:
        for table in layout.sorted_tables:
            if rows.get(table.name):
                try:
                    connection.execute(table.insert(), rows[table.name])
                except SQLAlchemyError as error:
                    raise NotABackupError(_refused_rows(table.name, error)) from error


def _refused_rows(table_name: str, error: SQLAlchemyError) -> str:
    reason = str(getattr(error, "orig", None) or error).splitlines()[0]
    return (f"The backup's \"{table_name}\" table holds rows this database refuses ({reason}): "
            "it was changed after it was made, so restore a backup as it was made.")


# A cell's kind by its column's type: what PostgreSQL insists on and SQLite would let pass.
_CELL_KINDS: tuple[tuple[type, tuple[type, ...], str], ...] = (
    (Boolean, (bool,), "not yes or no"),
    (Integer, (int,), "not a whole number"),
    (String, (str,), "not text"),
    (DateTime, (datetime,), "not a time"),
    (LargeBinary, (bytes,), "not bytes"),
)


def _cell_problem(column, value: Any) -> str | None:
    if value is None:
        return None if column.nullable or column.primary_key else "left empty"
    for kind, accepted, problem in _CELL_KINDS:
        if isinstance(column.type, kind):
            if not isinstance(value, accepted) or (kind is Integer and isinstance(value, bool)):
                return problem
            length = getattr(column.type, "length", None)
            if kind is String and length is not None and len(value) > length:
                return f"longer than {length} letters"
            return None
    return None  # JSON: any document


def _check_cells(rows: Rows) -> None:
    """Refuse, saying where, a backup edited into a cell of the wrong kind: SQLite stores
    whatever it is given, and the game would then be damaged for good."""
    for table in db.metadata.sorted_tables:
        for number, row in enumerate(rows.get(table.name, ()), start=1):
            for column in table.columns:
                if column.name in row and (problem := _cell_problem(column, row[column.name])):
                    shown = json.dumps(_jsonable({"v": row[column.name]})["v"],
                                       ensure_ascii=False, default=str)[:40]
                    raise NotABackupError(
                        f"The backup was changed after it was made: row {number} of its "
                        f"\"{table.name}\" table has {shown} as its {column.name}, {problem}; "
                        "restore a backup as it was made.")


def restore_rows(revision: str | None, rows: Rows) -> int:
    """Replace every row of the app's tables with ``rows``, in one transaction (in an app
    context); the number of games restored."""
    engine = db.engine
    with engine.begin() as connection:
        current = _revision(connection)
        if revision != current:
            raise NotABackupError(
                f"The backup's database layout (revision {revision}) is not this version's "
                f"({current}): restore it with the version of Rummy Referee that made it.")
        tables = db.metadata.sorted_tables
        unknown = set(rows) - {table.name for table in tables}
        if unknown:
            raise NotABackupError(f"The backup holds tables this version does not know: "
                                  f"{', '.join(sorted(unknown))}.")
        _check_cells(rows)
        for table in reversed(tables):
            connection.execute(table.delete())
        for table in tables:
            if rows.get(table.name):
                try:
                    connection.execute(table.insert(), rows[table.name])
                except SQLAlchemyError as error:  # the transaction, undone, leaves all as it was
                    raise NotABackupError(_refused_rows(table.name, error)) from error
        if engine.dialect.name == "postgresql":
            _move_sequences_on(connection, tables)
    return len(rows.get("game", []))


def _move_sequences_on(connection, tables) -> None:
    """Rows inserted with their ids leave PostgreSQL's id sequences behind: move them past."""
    for table in tables:
        keys = list(table.primary_key.columns)
        if len(keys) == 1 and isinstance(keys[0].type, Integer) and keys[0].autoincrement:
            column = keys[0].name
            connection.execute(text(
                f'SELECT setval(pg_get_serial_sequence(:table, :column), '
                f'COALESCE(MAX("{column}"), 0) + 1, false) FROM "{table.name}"'),
                {"table": table.name, "column": column})
