"""Jack Change It's "Can I play this on that?": the top card, the card (or the 2 and the A♥)
played on it, and what the table has going: the suit a jack called, a draw waiting, the cards
left after the play. The answer, and what follows for the next player, is the core's
(``referee.core.games.jack_change_it.can_play``), as the JSON API gives it."""

from __future__ import annotations

from flask import Blueprint, request
from wtforms import StringField
from wtforms.validators import AnyOf, Length, NumberRange, Optional

from ...core import RefereeInputError, Suit, parse_card, parse_cards
from ...core.games.jack_change_it import DECK, PLAYERS, TITLE, can_play
from ..forms import WholeNumberField, add_error
from ..shell.rendering import render_screen
from .card_boxes import TapsForm, apply_taps, tap_context
from .picker import has_errors

bp = Blueprint("jack_change_it_question", __name__, url_prefix="/jack-change-it")
SUITS = [("", "None")] + [(suit.value, suit.word.capitalize()) for suit in Suit]
_SUIT_VALUES = [value for value, _ in SUITS]


def _suit(label: str):
    return StringField(label, default="", validators=[
        Optional(), AnyOf(_SUIT_VALUES, message="Tap one of the suits.")])


def _count(label: str, default: int):
    return WholeNumberField(label, default=default, validators=[
        Optional(), NumberRange(min=0, max=52, message="Type a number from 0 to 52.")])


class PlayForm(TapsForm):
    top = StringField("The top card", validators=[Length(max=12, message="Give one card.")])
    cards = StringField("The card you play", validators=[
        Length(max=30, message="One card, or a 2 and the A♥.")])
    players = WholeNumberField("Players", default=4, validators=[
        NumberRange(min=PLAYERS[0], max=PLAYERS[1],
                    message=f"Choose {PLAYERS[0]} to {PLAYERS[1]} players.")])
    called = _suit("The suit a jack called, in force")
    waiting = _count("Cards waiting to be drawn", 0)
    left = _count("Cards you hold after this play", 1)
    call = _suit("If you play a jack, the suit it calls")


@bp.route("/can-i-play", methods=["GET", "POST"])
def can_i_play():
    form = PlayForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, ["top", "cards"], single={"top"}, then={"top": "cards"})
    verdict = None
    if asked and form.top.data and form.cards.data:
        try:
            verdict = can_play(form.players.data, parse_card(form.top.data, "top"),
                               parse_cards(form.cards.data, "cards"),
                               suit=form.called.data or None,
                               pending_draw=form.waiting.data or 0,
                               hand_left=1 if form.left.data is None else form.left.data,
                               call=form.call.data or None)
        except RefereeInputError as error:
            at = str(error.location[0]) if error.location else "cards"
            at = {"suit": "called", "pending_draw": "waiting", "hand_left": "left"}.get(at, at)
            add_error(form[at] if at in form else form.cards, error.message)
    return render_screen(
        "questions/jack_change_it.html", "questions/_jack_change_it.html",
        422 if has_errors(form) else 200,
        title=TITLE, form=form, verdict=verdict, problems=has_errors(form), suits=SUITS,
        players=range(PLAYERS[0], PLAYERS[1] + 1), **tap_context(DECK, taps))
