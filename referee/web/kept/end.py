"""Ending a game early: the table stops, and the standings as they are decide the winner.

A page asks first (a plain form, so it works without JavaScript), showing the
standings the ending would settle; the form names the version it showed, so a
hand another device scored meanwhile is never ended unseen. Undo takes it back.
"""

from __future__ import annotations

from flask import abort, current_app, flash, redirect, render_template, url_for

from ...core.game.events import GameEnded
from ...core.game.errors import IllegalEventError
from ...store.games import LoadedGame, StaleVersionError, append_event, load_game
from ...store.starts import start_game_once
from ..forms import ConfirmForm
from .games import bp, game_or_404
from ..shell.edit_rights import grant_edit, required_edit_key
from ..shell.sign_in import guarded
from .ledger import ledger_of, settling_up
from .standings import ranking_places


@bp.get("/<game_id>/end")
def confirm_end(game_id: str):
    loaded = game_or_404(game_id)
    required_edit_key(loaded)
    refusal = _refusal(loaded)
    if refusal:
        return _page(loaded, None, refusal, 409)
    return _page(loaded, ConfirmForm(expected_version=loaded.version))


@bp.post("/<game_id>/end")
def end_game(game_id: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ConfirmForm()
    if not form.validate():
        form.expected_version.data = loaded.version
        return _page(loaded, form, "This device lost track of which standings it showed. "
                                   "Nothing was ended: look at them below, then end the game.",
                     422)
    try:
        ended = append_event(game_id, GameEnded(), form.expected_version.data, key)
    except StaleVersionError:
        fresh = load_game(game_id)
        refusal = _refusal(fresh)
        return _page(fresh, None if refusal else ConfirmForm(expected_version=fresh.version),
                     refusal or "Another device changed the game after this page showed it, "
                                "so nothing was ended. Here are the standings as they are now.",
                     409)
    except IllegalEventError as error:
        return _page(loaded, None, error.message, 409)
    winners = ended.state.winners
    what = "night" if ledger_of(ended.state) or ended.state.keeping.books else "game"
    flash(f"The table ended the {what}: {' and '.join(winners)} "
          f"{'wins' if len(winners) == 1 else 'share the win'}. Undo takes it back.")
    return redirect(url_for("games.game_page", game_id=game_id), 303)


@bp.post("/<game_id>/again")
@guarded
def play_again(game_id: str):
    """The game over, played again in one tap: the same seats, house rules and stake, the
    deal passing on as the game's rules pass it. Tapped twice, it is the same new game.
    It makes a game, so it needs what making one needs: the join link alone is not enough."""
    loaded = game_or_404(game_id)
    required_edit_key(loaded)
    if not ConfirmForm().validate() or not loaded.state.finished:
        abort(409)
    again, key = start_game_once(loaded.state.next_game(), f"again:{game_id}",
                                 current_app.secret_key)
    grant_edit(again.game.id, key)
    flash(f"Same seats, same house rules: {again.state.dealer} deals first.")
    return redirect(url_for("games.game_page", game_id=again.game.id), 303)


def _refusal(loaded: LoadedGame) -> str | None:
    """Why this game cannot be ended now, if it cannot."""
    try:
        loaded.state.apply(GameEnded())
    except IllegalEventError as error:
        return error.message
    return None


def _page(loaded: LoadedGame, form: ConfirmForm | None, message: str | None = None,
          status: int = 200):
    state = loaded.state
    ledger = ledger_of(state)
    return render_template("games/end.html", loaded=loaded, game=loaded.game, state=state,
                           ruleset=loaded.setup.table.ruleset, form=form, message=message,
                           ranking=ranking_places(state.ranking), ledger=ledger,
                           settle_up=settling_up(state, ledger)), status
