"""Piquet's declarations: both hands after the exchange (twelve cards each, tapped or typed)
and who showed carte blanche; who scores the point, the sequence and the sets, in words, the
repique, and each player's total. The answer is the core's (``referee.core.games.piquet``
``declare``), as the JSON API gives it."""

from __future__ import annotations

from flask import Blueprint, request
from wtforms import StringField
from wtforms.validators import AnyOf, Length, Optional

from ...core import RefereeInputError, parse_cards
from ...core.games.piquet import DECK, TITLE, Side, declare
from ...core.games.piquet.declarations import REPIQUE, REPIQUE_AT
from ...core.games.piquet.sheet import side_choices
from ..forms import add_error
from ..shell.rendering import render_screen
from .card_boxes import TapsForm, apply_taps, tap_context
from .picker import has_errors

bp = Blueprint("piquet_question", __name__, url_prefix="/piquet")
# Each side as the table calls the player: the elder leads, the younger deals.
SIDE_WORDS = {Side.ELDER: "Elder", Side.YOUNGER: "Younger"}
# The same choice as the kept partie's sheet offers, there in the players' names.
BLANCHE = side_choices(SIDE_WORDS[Side.ELDER], SIDE_WORDS[Side.YOUNGER], nobody="Nobody")


def _hand(label: str):
    return StringField(label, validators=[Length(max=100, message="That is far too many cards.")])


class DeclarationsForm(TapsForm):
    elder = _hand("Elder’s hand (leads)")
    younger = _hand("Younger’s hand (deals)")
    blanche = StringField("Who showed carte blanche?", default="", validators=[
        Optional(), AnyOf([value for value, _ in BLANCHE], message="Tap one of the players.")])


@bp.route("/declarations", methods=["GET", "POST"])
def declarations():
    form = DeclarationsForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, ["elder", "younger"])
    found = None
    if asked and form.elder.data and form.younger.data:
        try:
            found = declare(parse_cards(form.elder.data, "elder"),
                            parse_cards(form.younger.data, "younger"),
                            [form.blanche.data] if form.blanche.data else None)
        except RefereeInputError as error:
            at = str(error.location[0]) if error.location else "elder"
            add_error(form[at] if at in ("elder", "younger") else form.blanche, error.message)
    return render_screen(
        "questions/piquet.html", "questions/_piquet.html", 422 if has_errors(form) else 200,
        title=TITLE, form=form, found=found, problems=has_errors(form), blanche=BLANCHE,
        sides=SIDE_WORDS, repique=(REPIQUE_AT, REPIQUE), **tap_context(DECK, taps))
