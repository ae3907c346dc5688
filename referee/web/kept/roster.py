"""Who plays, changed between hands: a misspelt name corrected, a latecomer seated, a player
who leaves let go (where the game allows it: ``Keeping.seats_change``, asked of the state).

Each change is an event of the game (``core/game/roster.py``), so the history says so, Undo
takes it back and the totals, exports and players page follow. A plain form per change, so
the page works without JavaScript; a refusal is said beside the name it is about (422).
"""

from __future__ import annotations

from flask import flash, redirect, render_template, url_for

from ...core.errors import RefereeInputError
from ...core.game.events import PlayerLeft, PlayerRenamed, PlayerSeated
from ...store.games import LoadedGame, OvertakenError, append_event
from ..forms import RosterForm
from .games import bp, game_or_404
from ..shell.edit_rights import required_edit_key
from .ledger import ledger_of

EVENTS = {"rename": lambda form: PlayerRenamed(form.name.data, form.new_name.data),
          "seat": lambda form: PlayerSeated(form.new_name.data or form.name.data),
          "leave": lambda form: PlayerLeft(form.name.data)}


@bp.get("/<game_id>/players")
def roster(game_id: str):
    loaded = game_or_404(game_id)
    required_edit_key(loaded)
    return _page(loaded, RosterForm(formdata=None, expected_version=loaded.version))


@bp.post("/<game_id>/players")
def change_roster(game_id: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = RosterForm()
    if not form.validate() or (form.change.data != "leave" and not
                               (form.new_name.data or form.name.data)):
        if not form.new_name.errors and form.change.data in ("rename", "seat"):
            form.new_name.errors = ["Type the name."]
        return _page(loaded, form, 422)
    event = EVENTS[form.change.data](form)
    try:
        # A change another device overtook still means the same: apply it to the game now.
        changed = append_event(game_id, event, form.expected_version.data, key, catch_up=True)
    except OvertakenError as error:
        form.new_name.errors = [error.reason]
        return _page(error.loaded, form, 409)
    except RefereeInputError as error:
        form.new_name.errors = [error.message]
        return _page(loaded, form, 422)
    flash(f"{event.describe()}. Undo on the game page takes it back.")
    return redirect(url_for("games.roster", game_id=changed.game.id), 303)


def _refusal(loaded: LoadedGame) -> str | None:
    """Why no one can change who plays now (the game over, a hand being followed)."""
    state = loaded.state
    try:
        state.apply(PlayerRenamed(state.players[0], state.players[0]))
    except RefereeInputError as error:
        return error.message
    return None


def _page(loaded: LoadedGame, form: RosterForm, status: int = 200):
    state = loaded.state
    form.expected_version.data = loaded.version  # a retry is made on the game as it is now
    return render_template(
        "games/roster.html", loaded=loaded, game=loaded.game, state=state, form=form,
        ruleset=loaded.setup.table.ruleset, refusal=_refusal(loaded),
        seats_change=state.keeping.seats_change, ledger=ledger_of(state),
        failed=(form.change.data, form.name.data) if form.errors or
        form.new_name.errors else None), status
