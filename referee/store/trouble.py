"""Storage trouble: the database refusing every write (a full disk, a read-only file or
folder) or out of reach (its PostgreSQL server stopped). None of it is a bug of the request that
met it, and all of it passes when the storage comes back, so a request that meets it is answered
503 with one sentence, not 500 with a traceback; nothing saved before is touched by it.

Told apart by the error codes the databases give (SQLite's result codes, PostgreSQL's SQLSTATE),
never by the wording of their messages.
"""

from __future__ import annotations

import sqlite3
from enum import Enum

import psycopg
from sqlalchemy.exc import DBAPIError

# SQLite's primary result codes (an extended code's low byte).
_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL, _SQLITE_CANTOPEN = 8, 10, 13, 14
# PostgreSQL's SQLSTATE codes, and their classes (the first two letters).
_PG_DISK_FULL, _PG_OUT_OF_MEMORY = "53100", "53200"
_PG_READ_ONLY = "25006"
_PG_CLASS_CONNECTION, _PG_CLASS_OPERATOR_INTERVENTION = "08", "57"


class StorageTrouble(Enum):
    FULL = "full"
    READ_ONLY = "read_only"
    UNREACHABLE = "unreachable"

    @property
    def sentence(self) -> str:
        """What the table is told, and the log says."""
        return _SENTENCES[self]

    def logged(self, error: DBAPIError) -> str:
        """The log's one line for a request that met it: the sentence and what the database
        said, its first line (no traceback: the cause is outside the app)."""
        said = str(error.orig or "").strip()
        return f"{self.sentence} ({said.splitlines()[0] if said else type(error.orig).__name__})"


_SENTENCES = {
    StorageTrouble.FULL: "The disk the games are kept on is full (or failing), so nothing can "
                         "be saved until room is made on it; everything saved before is safe.",
    StorageTrouble.READ_ONLY: "The games' database cannot be written to just now (its file or "
                              "folder was made read-only), so nothing can be saved until it "
                              "can; everything saved before is safe.",
    StorageTrouble.UNREACHABLE: "The games' database server cannot be reached just now, so "
                                "nothing can be read or saved until it is back; everything "
                                "saved before is safe.",
}
# How long a client is asked to wait before trying again (Retry-After, in seconds).
RETRY_AFTER_S = 10


def storage_trouble(error: BaseException) -> StorageTrouble | None:
    """The storage trouble ``error`` reports, or None when it is another failure.

    >>> storage_trouble(ValueError("a bug")) is None
    True
    """
    if not isinstance(error, DBAPIError):
        return None
    if error.connection_invalidated:
        return StorageTrouble.UNREACHABLE
    cause = error.orig
    if isinstance(cause, sqlite3.Error):
        return _sqlite_trouble(getattr(cause, "sqlite_errorcode", None))
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate is None:  # psycopg: no answer from a server at all (refused, gone, timed out)
        return StorageTrouble.UNREACHABLE if isinstance(cause, psycopg.OperationalError) else None
    if sqlstate in (_PG_DISK_FULL, _PG_OUT_OF_MEMORY):
        return StorageTrouble.FULL
    if sqlstate == _PG_READ_ONLY:
        return StorageTrouble.READ_ONLY
    if sqlstate[:2] in (_PG_CLASS_CONNECTION, _PG_CLASS_OPERATOR_INTERVENTION):
        return StorageTrouble.UNREACHABLE
    return None


def _sqlite_trouble(code: int | None) -> StorageTrouble | None:
    primary = None if code is None else code & 0xFF
    if primary in (_SQLITE_FULL, _SQLITE_IOERR):  # IOERR: the disk refused a write
        return StorageTrouble.FULL
    if primary in (_SQLITE_READONLY, _SQLITE_CANTOPEN):  # CANTOPEN: the folder, for a journal
        return StorageTrouble.READ_ONLY
    return None
