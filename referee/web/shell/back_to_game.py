"""A question screen opened from a game leads back to it: the board's links name the game
(``from_game``, its id), the screen's forms carry it on, and the page shows "Back to the game".

The installed app has no back button, so without it the table would be stranded on the
question. Only a game's id is taken, and the link is built from it here, so the address
can never lead off the site.
"""

from __future__ import annotations

from flask import has_request_context, request, url_for

from ...store.games import is_game_id

FROM_GAME = "from_game"


def back_to_game() -> dict[str, str | None]:
    """The template context: the game's id and the address of its page, or ``None`` each."""
    game_id = _from_game()
    if game_id is None:
        return {"from_game": None, "back_to_game": None}
    return {"from_game": game_id, "back_to_game": url_for("games.game_page", game_id=game_id)}


def carried_back() -> dict[str, str]:
    """What a question screen's own address keeps of the way back (after a tap lands there)."""
    game_id = _from_game()
    return {} if game_id is None else {FROM_GAME: game_id}


def _from_game() -> str | None:
    game_id = request.args.get(FROM_GAME) if has_request_context() else None
    return game_id if is_game_id(game_id) else None
