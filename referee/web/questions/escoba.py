"""Escoba's "What can I take?": the card played and the table's cards, tapped or typed; every
set of table cards that makes 15 with it, and whether it sweeps the table (an escoba). And
"Does the deal give the dealer an escoba?": the four cards dealt to the table, what they add
up to and the dealer's escobas. The answers are the core's (``captures``, ``opening``), as
the JSON API gives them."""

from __future__ import annotations

from flask import Blueprint, request
from wtforms import StringField
from wtforms.validators import Length

from ...core import RefereeInputError, parse_card, parse_cards
from ...core.games.escoba import (DECK, OPENING_TABLE, TARGET, TITLE, capture_value, captures,
                                  opening)
from ..forms import add_error
from ..shell.rendering import render_screen
from .card_boxes import TapsForm, apply_taps, tap_context
from .picker import has_errors

bp = Blueprint("escoba_question", __name__, url_prefix="/escoba")
BOXES = ("played", "table")


class TakeForm(TapsForm):
    played = StringField("The card played", validators=[
        Length(max=12, message="Give one card, such as 7D.")])
    table = StringField("The cards on the table", validators=[
        Length(max=200, message="That is far more cards than a table holds.")])


@bp.route("/what-can-i-take", methods=["GET", "POST"])
def what_can_i_take():
    form = TakeForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, list(BOXES), single={"played"}, then={"played": "table"})
    played = found = None
    if asked and form.played.data:
        played, found = _captures(form)
    return render_screen(
        "questions/escoba.html", "questions/_escoba.html", 422 if has_errors(form) else 200,
        title=TITLE, form=form, played=played, problems=has_errors(form),
        found=None if found is None else [(capture, _sum(played, capture)) for capture in found],
        **tap_context(DECK, taps))


def _captures(form):
    """The card played and the core's answer, or its refusal beside the box it is about."""
    try:
        card = parse_card(form.played.data, "played")
        table = parse_cards(form.table.data or "", "table")
        return card, captures(card, table)
    except RefereeInputError as error:
        at = error.location[0] if error.location else "table"
        add_error(form.played if at in ("card", "played") else form.table, error.message)
        return None, None


def _sum(played, capture) -> str:
    """How a capture makes 15, in the values a player adds up: ``7 + 5 + 3 = 15``."""
    return " + ".join(str(capture_value(card)) for card in (played, *capture.cards)) \
        + f" = {TARGET}"


class OpeningForm(TapsForm):
    table = StringField("Dealt to the table", validators=[
        Length(max=40, message="Give the four cards dealt to the table.")])


@bp.route("/opening-escobas", methods=["GET", "POST"])
def opening_escobas():
    form = OpeningForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, ["table"])
    found = None
    # A table still short of its four cards is being tapped in, not wrong: the answer waits.
    if asked and len((form.table.data or "").split()) >= OPENING_TABLE:
        try:
            found = opening(parse_cards(form.table.data, "table"))
        except RefereeInputError as error:
            add_error(form.table, error.message)
    return render_screen(
        "questions/escoba_opening.html", "questions/_escoba_opening.html",
        422 if has_errors(form) else 200, title=TITLE, form=form, found=found,
        problems=has_errors(form), cards=OPENING_TABLE, target=TARGET,
        **tap_context(DECK, taps))
