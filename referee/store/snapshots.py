"""A long game's folded state kept in the database every so many versions.

A server keeps the states it folds in memory (``folds``), but one that has just started
knows none: its first read of a game 2,000 events long folded the whole log (743 ms
measured). With a snapshot kept every ``SNAPSHOT_EVERY`` versions, the first read folds at
most that many events from the newest snapshot before the version asked for.

Trade-off: space. A snapshot is the state pickled and compressed, about 5 kB for a 2,000-
event Eversol hand (61 kB before compression), so one every 50 versions adds about 10% to
the 2,000 events' own rows; in exchange a first read folds at most 49 events (plus any a
recent undo reaches back past), not 2,000.

A snapshot is written in the same transaction as the write that makes its version, and
after any read that had to fold more than ``SNAPSHOT_EVERY`` events (a game kept before
snapshots, or one whose snapshots were dropped by a restore). It is only ever a shortcut:
one that cannot be read (damaged; folded by other rules' code, which ``code`` tells; or not
sealed with this app's key, so a changed row is never unpickled) is passed over, and the
game is folded from its log as before.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import pickle
import sys
import zlib
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from flask import current_app
from sqlalchemy import insert, select
from sqlalchemy.exc import SQLAlchemyError

from .. import core
from ..core.game import GameState
from ..core.games.registry import get_ruleset
from ..core.model.ruleset import Ruleset
from ..extensions import db
from .models import GameSnapshot

SNAPSHOT_EVERY = 50
_TABLE = GameSnapshot.__table__


@lru_cache(maxsize=1)
def code_mark() -> str:
    """This version of the rules' code: a state folded by other code may hold other fields."""
    digest = hashlib.sha256(sys.version.encode())
    root = Path(core.__file__).parent
    for path in sorted(root.rglob("*.py")):  # where each module is: a pickle names it
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _frozen_mapping(items: dict) -> MappingProxyType:
    return MappingProxyType(items)


class _StatePickler(pickle.Pickler):
    """A ruleset by its key (it holds the rules' functions, which pickle cannot keep)."""

    def reducer_override(self, obj: Any):
        if isinstance(obj, Ruleset):
            return get_ruleset, (obj.key,)
        if isinstance(obj, MappingProxyType):
            return _frozen_mapping, (dict(obj),)
        return NotImplemented


def _seal(game_id: str, version: int, code: str, state: bytes) -> str:
    key = current_app.config["SECRET_KEY"]
    key = key if isinstance(key, bytes) else key.encode()
    said = f"{game_id}\0{version}\0{code}\0".encode() + state
    return hmac.new(key, said, hashlib.sha256).hexdigest()


def snapshot_row(game_id: str, version: int, state: GameState) -> dict | None:
    """The snapshot of ``state``, the game at ``version``; None if it cannot be pickled (a
    shortcut missed, never a write refused)."""
    buffer = io.BytesIO()
    try:
        _StatePickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    packed = zlib.compress(buffer.getvalue(), 1)
    return {"game_id": game_id, "version": version, "code": code_mark(),
            "seal": _seal(game_id, version, code_mark(), packed), "state": packed}


def keep_with_write(game_id: str, version: int, state: GameState) -> None:
    """A snapshot in the session's transaction, the one that makes ``version``, if due."""
    if version % SNAPSHOT_EVERY == 0 and (row := snapshot_row(game_id, version, state)):
        db.session.execute(insert(_TABLE), row)


def keep_after_read(game_id: str, version: int, state: GameState) -> None:
    """A snapshot written on a connection of its own, after a read folded a long log. Given
    up at once if the database is busy or has it already: the next read may write it."""
    row = snapshot_row(game_id, version, state)
    if row is None:
        return
    try:
        with db.engine.connect() as connection:
            sqlite = connection.dialect.name == "sqlite"
            if sqlite:  # never wait on a write lock (this thread's own session may hold it)
                waits = int(connection.exec_driver_sql("PRAGMA busy_timeout").scalar())
                connection.exec_driver_sql("PRAGMA busy_timeout = 0")
            try:
                connection.execute(insert(_TABLE), row)
                connection.commit()
            except SQLAlchemyError:
                connection.rollback()
            finally:
                if sqlite:  # the connection goes back to the pool as it came
                    connection.exec_driver_sql(f"PRAGMA busy_timeout = {waits}")
    except SQLAlchemyError:  # no connection to be had now: a shortcut missed, nothing more
        pass


def newest_before(game_id: str, before: int, after: int = 0) -> tuple[int, GameState] | None:
    """The newest readable snapshot of the game older than version ``before`` and newer
    than ``after``, with its version."""
    rows = db.session.execute(
        select(_TABLE.c.version, _TABLE.c.seal, _TABLE.c.state)
        .where(_TABLE.c.game_id == game_id, _TABLE.c.code == code_mark(),
               _TABLE.c.version < before, _TABLE.c.version > after)
        .order_by(_TABLE.c.version.desc()).limit(2))
    for version, seal, packed in rows:  # the next older one, if the newest is damaged
        state = _read(game_id, version, seal, packed)
        if state is not None:
            return version, state
    return None


def _read(game_id: str, version: int, seal: str, packed: Any) -> GameState | None:
    try:
        packed = bytes(packed)
        if not hmac.compare_digest(seal, _seal(game_id, version, code_mark(), packed)):
            return None
        state = pickle.loads(zlib.decompress(packed))
    except Exception:  # whatever a damaged snapshot makes pickle or zlib raise: the log stays
        return None
    return state if isinstance(state, GameState) else None
