"""The melds a player tapped at a hand's end, marked as they are tapped: static/games.js asks
here after each tap (and the entry page says the same when drawn), so the verdict is the
core's, never the browser's own."""

from __future__ import annotations

from flask import render_template, request

from ..forms import MeldMarksForm
from .entry import EntryForm
from .games import bp, game_or_404


@bp.get("/<game_id>/melds")
def meld_marks(game_id: str):
    """The marks for one amount's melded cards (``cards``), kept in the box named ``where``."""
    loaded = game_or_404(game_id)
    form = MeldMarksForm(request.args)
    if not form.validate():
        return render_template("games/entry/meld_marks.html", problems=(),
                               where="melded"), 422
    problems = EntryForm(loaded.state.table).not_melds(form.cards.data)
    return render_template("games/entry/meld_marks.html", problems=problems,
                           where=form.where.data)
