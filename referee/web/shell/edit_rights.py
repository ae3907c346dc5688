"""Who may change a game: the devices that hold its edit key (the one that made it, and any
that opened its join link). Every other device watches. The kept game's screens ask it, and
so do the question screens a game opens with what it knows.

A device's session names it by an id; the server keeps its keys (``store.edit_rights``), as
many as it has games. A session cookie from before held the keys themselves, the newest 30:
they move to the server the first time the device asks.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping

from flask import abort, g, session

from ...store.edit_rights import keep_rights, keys_of
from ...store.games import EditKeyError, LoadedGame, check_edit_key

DEVICE = "device"
OLD_EDIT_KEYS = "edit_keys"  # the session's [game id, key] pairs, before the server kept them


def _device(making: bool) -> str | None:
    """This device's id: made when ``making`` (or to take an older cookie's keys), else
    ``None`` for a device that has never started or joined a game."""
    device = session.get(DEVICE)
    old = session.pop(OLD_EDIT_KEYS, None)
    if not isinstance(device, str) and (making or old):
        device = session[DEVICE] = secrets.token_urlsafe(32)
    if old:
        keep_rights(device, dict(pair for pair in old if _is_pair(pair)))
    if making or old:
        # A cookie that lasted only until the browser closed would leave games nobody may
        # score: the key is shown nowhere else. Keep it for the session lifetime (31 days).
        session.permanent = True
    return device if isinstance(device, str) else None


def _is_pair(pair: object) -> bool:
    return (isinstance(pair, (list, tuple)) and len(pair) == 2
            and all(isinstance(part, str) for part in pair))


def _known() -> dict[str, str | None]:
    """The keys this request has looked up already, by game (a page asks more than once)."""
    return g.setdefault("edit_keys", {})


def grant_edit(game_id: str, key: str) -> None:
    grant_edits({game_id: key})


def grant_edits(keys: Mapping[str, str]) -> None:
    """This device may score each game of ``keys`` (game id: its edit key)."""
    keep_rights(_device(making=True), keys)
    _known().update(keys)


def edit_key_for(game_id: str) -> str | None:
    known = _known()
    if game_id not in known:
        editable_of([game_id])
    return known[game_id]


def editable_of(game_ids: Collection[str]) -> set[str]:
    """Those of ``game_ids`` this device may score, asked of the database at once."""
    device = _device(making=False)
    found = keys_of(device, game_ids) if device else {}
    _known().update({game_id: found.get(game_id) for game_id in game_ids})
    return set(found)


def may_edit(loaded: LoadedGame) -> bool:
    try:
        check_edit_key(loaded.game, edit_key_for(loaded.game.id))
    except EditKeyError:
        return False
    return True


def required_edit_key(loaded: LoadedGame) -> str:
    """This device's key for the game, or a 403: watching devices change nothing."""
    if not may_edit(loaded):
        abort(403)
    return edit_key_for(loaded.game.id)
