"""The games each device may score, kept on the server by device: its session cookie holds
only the device's id, so a device may score every game it started or joined, however many.
(The cookie, at most 4 KB, once held the keys themselves: the newest 30, the older ones
dropped without a word.)

A right holds the game's edit key (the join link shows it, and every write names it), sealed
by the device's id, which the database never holds: a copy of the database, a backup say,
lets nobody score a game. The rights are backed up with the games, so a restored server lets
each device score as before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from ..extensions import db
from .models import EditRight, Game, utc_now
from .sign_ins import device_digest


def _pad(device: str, game_id: str, length: int) -> bytes:
    return hashlib.shake_256(f"{device}\0{game_id}".encode()).digest(length)


def _seal(device: str, game_id: str, key: str) -> str:
    """``key`` as the database keeps it: unreadable without the device's id.

    >>> sealed = _seal("device", "game", "key")
    >>> sealed != "key" and _unseal("device", "game", sealed)
    'key'
    >>> _unseal("another device", "game", sealed) == "key"
    False
    """
    raw = key.encode()
    return bytes(a ^ b for a, b in zip(raw, _pad(device, game_id, len(raw)))).hex()


def _unseal(device: str, game_id: str, sealed: str) -> str | None:
    try:
        raw = bytes.fromhex(sealed)
        return bytes(a ^ b for a, b in zip(raw, _pad(device, game_id, len(raw)))).decode()
    except (ValueError, UnicodeDecodeError):  # a row changed by hand: no right
        return None


def keep_rights(device: str, keys: Mapping[str, str]) -> None:
    """``device`` may score each game of ``keys`` (game id: its edit key) still kept; a game
    deleted since is passed over."""
    kept = set(db.session.scalars(select(Game.id).where(Game.id.in_(keys)))) if keys else ()
    rows = [{"device": device_digest(device), "game_id": game_id, "granted_at": utc_now(),
             "sealed_key": _seal(device, game_id, key)}
            for game_id, key in keys.items() if game_id in kept]
    if not rows:
        return
    dialect = postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite
    insert = dialect.insert(EditRight).values(rows)
    # Joined twice (two taps on the link): one right, with the newest key.
    db.session.execute(insert.on_conflict_do_update(
        index_elements=["device", "game_id"],
        set_={"sealed_key": insert.excluded.sealed_key, "granted_at": insert.excluded.granted_at}))
    db.session.commit()


def keys_of(device: str, game_ids: Collection[str]) -> dict[str, str]:
    """``device``'s edit keys for those of ``game_ids`` it may score."""
    if not game_ids:
        return {}
    rows = db.session.execute(select(EditRight.game_id, EditRight.sealed_key).where(
        EditRight.device == device_digest(device), EditRight.game_id.in_(game_ids)))
    found = {game_id: _unseal(device, game_id, sealed) for game_id, sealed in rows}
    return {game_id: key for game_id, key in found.items() if key is not None}
