"""Who may change a game: the devices whose session holds its edit key (the one that made it,
and any that opened its join link). Every other device watches. The kept game's screens ask
it, and so do the question screens a game opens with what it knows.
"""

from __future__ import annotations

from flask import abort, session

from ...store.games import EditKeyError, LoadedGame, check_edit_key

# The session is a signed cookie: keep only the newest games' keys so it stays small.
EDIT_KEYS = "edit_keys"
KEPT_EDIT_KEYS = 30


def grant_edit(game_id: str, key: str) -> None:
    kept = [pair for pair in session.get(EDIT_KEYS, []) if pair[0] != game_id]
    session[EDIT_KEYS] = [*kept, [game_id, key]][-KEPT_EDIT_KEYS:]
    # A cookie that lasted only until the browser closed would leave a game nobody may
    # score: the key is shown nowhere else. Keep it for the session lifetime (31 days).
    session.permanent = True


def edit_key_for(game_id: str) -> str | None:
    return next((key for known, key in session.get(EDIT_KEYS, []) if known == game_id), None)


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
