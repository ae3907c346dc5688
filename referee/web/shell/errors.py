"""The app's own "not found" page, in its words and styled like every screen, and its page
for storage trouble (a full disk, a read-only database, its server out of reach) and for a
long answer past the server's ration (``heavy_work``).

Any address the app does not know gets it; so does a card game the meld checker or
"Can I go down?" does not know (``/check/gin``), with a way to each game it does.
The API keeps its JSON answers, and the games keep their own "No such game".
"""

from __future__ import annotations

from flask import Flask, current_app, render_template, request, url_for
from sqlalchemy.exc import DBAPIError

from ...core.games.registry import RULESETS
from ...heavy_work import RETRY_AFTER_S as HEAVY_RETRY_AFTER_S
from ...heavy_work import ServerBusyError
from ...store.games import DamagedGameError
from ...store.trouble import RETRY_AFTER_S, storage_trouble

CARD_GAME_SCREENS = ("checker.check", "arranger.arrange_hand", "rules.rules_page")
SHOWN_LETTERS = 30  # of an unknown game's name, as typed


def not_found(error):
    if "game_id" in (request.view_args or {}):  # a kept game's export: say so as its pages do
        return no_such_game(error)
    game = (request.view_args or {}).get("game")
    if request.endpoint in CARD_GAME_SCREENS and game is not None:
        shown = game if len(game) <= SHOWN_LETTERS else game[:SHOWN_LETTERS - 1] + "…"
        return render_template(
            "not_found.html", title="No such card game",
            message=f"No card game called “{shown}” here. The referee knows these; pick one:",
            choices=[(ruleset.title, url_for(request.endpoint, game=ruleset.key))
                     for ruleset in RULESETS.values()]), 404
    return render_template(
        "not_found.html", title="Nothing here",
        message="There is no page at this address: it may have been typed wrongly, "
                "or the link is an old one.", choices=[]), 404


def damaged_game(error: DamagedGameError):
    """A game whose record cannot be read: what can be, and how to restore it, not a 500.
    409: the request was fine, the game's stored state is what is wrong."""
    return render_template("games/damaged.html", damaged=error), 409


def storage_trouble_page(error: DBAPIError):
    """503 and one sentence for storage trouble, logged as one line; any other database
    failure is a bug, left to Flask's 500 and its traceback."""
    trouble = storage_trouble(error)
    if trouble is None:
        raise error
    current_app.logger.error("%s %s answered 503: %s", request.method, request.path,
                             trouble.logged(error))
    return render_template("unavailable.html", heading="Nothing can be saved just now",
                           sentence=trouble.sentence), 503, {"Retry-After": str(RETRY_AFTER_S)}


def busy_page(error: ServerBusyError):
    """503 at once for a long answer past the server's ration (heavy_work), never a queue."""
    return render_template("unavailable.html", heading="The referee is busy",
                           sentence=error.sentence), 503, {
        "Retry-After": str(HEAVY_RETRY_AFTER_S)}


def register_error_pages(app: Flask) -> None:
    app.register_error_handler(404, not_found)
    app.register_error_handler(DamagedGameError, damaged_game)
    app.register_error_handler(DBAPIError, storage_trouble_page)
    app.register_error_handler(ServerBusyError, busy_page)


def no_such_game(error):
    """The page of a game address that names no game (the games blueprint's 404 too)."""
    return render_template("games/message.html", title="No such game",
                           message="There is no game at this address. It may have been "
                                   "typed wrongly.", game_id=None), 404
