"""Starting a game once, however often "Start the game" is posted.

The new-game form carries a one-time token; the game it starts keeps it (unique in
the database), so a second post of the same form (a double tap, a reload, a
retry) finds that game instead of making another. Its edit key is worked out
from the token and the app's secret, so the second post can hand the key to the
device again: a double tap whose first answer never reached the browser still
leaves the device able to score its game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ..core.game import GameSetup
from ..extensions import db
from .games import LoadedGame, create_game, load_game, new_game_row
from .models import Game


def start_key(token: str, secret: str) -> str:
    """The edit key of the game ``token`` starts: the same for each post of one form."""
    digest = hmac.new(secret.encode(), b"start:" + token.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def start_game_once(setup: GameSetup, token: str, secret: str) -> tuple[LoadedGame, str]:
    """The game this form's ``token`` started, or a new one; and its edit key.

    The same token with other players is a form used again (the browser's Back
    button brought it back, say): that starts a game of its own.
    """
    for _ in range(2):  # a second look when another post of the form won the race
        found = db.session.scalar(select(Game.id).where(Game.start_token == token))
        if found is not None:
            loaded = load_game(found)
            if loaded.setup.players != setup.players:
                return create_game(setup)
            return loaded, start_key(token, secret)
        key = start_key(token, secret)
        game = new_game_row(setup, key, start_token=token)
        db.session.add(game)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            continue
        return load_game(game.id), key
    raise RuntimeError("A game's start token was taken and then not found.")
