"""Bourré's questions at the table: "What may I play?" (the trump, the trick so far and the
hand: the cards allowed, and each refused card with the rule it breaks) and "Is it a cinch?"
(three tricks certain, however the others hold and play). The answers are the core's
(``referee.core.games.bourre``), as the JSON API gives them."""

from __future__ import annotations

from flask import Blueprint, request
from wtforms import BooleanField, StringField
from wtforms.validators import Length, NumberRange, Optional

from ...core import RefereeInputError, Suit, parse_cards
from ...core.games.bourre import DECK, PLAYERS, TITLE, is_cinch, legal_plays
from ..forms import WholeNumberField, add_error
from ..shell.rendering import render_screen
from .card_boxes import TapsForm, apply_taps, tap_context
from .picker import has_errors

bp = Blueprint("bourre_question", __name__, url_prefix="/bourre")
TRUMPS = [(suit.value, suit.word.capitalize()) for suit in Suit]
LEADS = [("", "Not known"), ("me", "I do"), ("other", "Someone else")]


def _trump():
    return StringField("Trump", validators=[Optional()])


def _cards(label: str):
    return StringField(label, validators=[Length(max=100, message="That is far too many cards.")])


class PlayForm(TapsForm):
    trump = _trump()
    trick = _cards("The trick so far, led first")
    hand = _cards("Your hand")
    cinch = BooleanField("I hold a cinch")


class CinchForm(TapsForm):
    trump = _trump()
    hand = _cards("Your cards left")
    played = _cards("Every card played so far")
    taken = WholeNumberField("Tricks you have taken", default=0, validators=[
        Optional(), NumberRange(min=0, max=5, message="Type 0 to 5 tricks.")])
    players = WholeNumberField("Players in the hand", default=4, validators=[
        NumberRange(min=PLAYERS[0], max=PLAYERS[1],
                    message=f"Choose {PLAYERS[0]} to {PLAYERS[1]} players.")])
    leads = StringField("Who leads the next trick?", default="")  # one of LEADS; else not known


@bp.route("/what-may-i-play", methods=["GET", "POST"])
def what_may_i_play():
    form = PlayForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, ["hand", "trick"])
    answer = None
    if asked and form.hand.data and _has_trump(form):
        answer = _ask(form, lambda: legal_plays(
            form.trump.data, parse_cards(form.hand.data, "hand"),
            parse_cards(form.trick.data or "", "trick"), form.cinch.data))
    return render_screen(
        "questions/bourre.html", "questions/_bourre.html", 422 if has_errors(form) else 200,
        title=TITLE, form=form, answer=answer, problems=has_errors(form), trumps=TRUMPS,
        **tap_context(DECK, taps))


@bp.route("/is-it-a-cinch", methods=["GET", "POST"])
def is_it_a_cinch():
    form = CinchForm(formdata=request.form if request.method == "POST" else None)
    asked = request.method == "POST" and form.validate()
    taps = apply_taps(form, ["hand", "played"])
    verdict = None
    if asked and form.hand.data and _has_trump(form):
        leads = {"me": True, "other": False}.get(form.leads.data)
        verdict = _ask(form, lambda: is_cinch(
            form.trump.data, parse_cards(form.hand.data, "hand"), form.taken.data or 0,
            parse_cards(form.played.data or "", "played"), form.players.data, leads))
    return render_screen(
        "questions/bourre_cinch.html", "questions/_bourre_cinch.html",
        422 if has_errors(form) else 200,
        title=TITLE, form=form, verdict=verdict, problems=has_errors(form), trumps=TRUMPS,
        leads=LEADS, players=range(PLAYERS[0], PLAYERS[1] + 1), **tap_context(DECK, taps))


def _has_trump(form) -> bool:
    if form.trump.data in {suit.value for suit in Suit}:
        return True
    add_error(form.trump, "Tap the trump suit.")
    return False


# The core's names for its inputs, and the boxes they are typed in on these screens.
_FIELDS = {"tricks_taken": "taken"}


def _ask(form, question):
    """The core's answer, or its refusal beside the box it is about, in a player's words."""
    try:
        return question()
    except RefereeInputError as error:
        at = str(error.location[0]) if error.location else "hand"
        at = _FIELDS.get(at, at)
        message = error.message.replace("tricks_taken is", "you can have taken")
        add_error(form[at] if at in form else form.hand, message)
        return None
