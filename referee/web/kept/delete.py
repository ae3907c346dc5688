"""Deleting a game nobody has scored a hand of: a page asks first (a plain form, so it works
without JavaScript), and only a device holding the game's edit key may."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for

from ...core.game import IllegalEventError
from ...store.games import StaleVersionError, delete_game
from ..forms import ConfirmForm
from .games import bp, game_or_404
from ..shell.edit_rights import required_edit_key


@bp.get("/<game_id>/delete")
def confirm_delete(game_id: str):
    loaded = game_or_404(game_id)
    required_edit_key(loaded)
    if loaded.state.results:
        return _refused(loaded, "This game has a hand scored, so it is kept: archive it "
                                "instead to take it off the list.")
    return render_template("games/delete.html", loaded=loaded, game=loaded.game,
                           form=ConfirmForm(expected_version=loaded.version),
                           back=_back(game_id))


@bp.post("/<game_id>/delete")
def delete(game_id: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ConfirmForm()
    if not form.validate():
        return _refused(loaded, "This device lost track of which game it showed. Nothing was "
                                "deleted: look at the game again, then delete it.")
    try:
        delete_game(game_id, form.expected_version.data, key)
    except StaleVersionError:
        return _refused(loaded, "The game changed on another device after this page showed "
                                "it, so nothing was deleted. Look at it again first.")
    except IllegalEventError as error:
        return _refused(loaded, error.message)
    flash(f"Deleted the game of {', '.join(loaded.setup.players)}.")
    return redirect(url_for("games.list_games"), 303)


def _back(game_id: str) -> str:
    """Where "Keep it" goes: the game, when asked from its page; else the list."""
    if request.args.get("back") == "game":
        return url_for("games.game_page", game_id=game_id)
    return url_for("games.list_games")


def _refused(loaded, message: str):
    return render_template("games/delete.html", loaded=loaded, game=loaded.game, form=None,
                           message=message,
                           back=url_for("games.game_page", game_id=loaded.game.id)), 409
