"""The form of "Who's lowest?" (GET, without CSRF: it only reads, like the other questions):
the players, each one's cards or typed count, how the hand ended and whom that names."""

from __future__ import annotations

from wtforms import Form, SelectMultipleField, StringField
from wtforms.validators import AnyOf, Length, NumberRange, Optional

from ...core import Ruleset, Suit
from ...core.text import MAX_NAME
from ..forms import Text, WholeNumberField, add_option_fields

MAX_TYPED_COUNT = 9999  # the core says what a hand can be worth; this only keeps numbers short


def name_field(seat: int) -> str:
    return f"name{seat}"


def cards_field(seat: int) -> str:
    return f"cards{seat}"


def count_field(seat: int) -> str:
    return f"count{seat}"


class LowestForm(Form):
    suit = StringField("Suit for the next card", default="S", validators=[
        AnyOf([s.value for s in Suit], message="Choose spades, hearts, diamonds or clubs.")])
    ending = StringField("How did the hand end?", default="")
    who = SelectMultipleField(validate_choice=False)  # seats, as numbers from 0
    # What the last tap asked for; they come from buttons, not typing.
    into = StringField(default="0", validators=[Optional(), Length(max=3)])  # a seat
    add = StringField(validators=[Optional(), Length(max=3)])
    remove = StringField(validators=[Optional(), Length(max=12)])  # "seat:index"
    clear = StringField(validators=[Optional(), Length(max=3)])  # a seat
    # Opened from a kept game: which game, and the hand it is playing; the ruling can then be
    # saved as that hand.
    for_game = StringField(validators=[Optional(), Length(max=32)])
    hand = WholeNumberField(validators=[Optional(), NumberRange(min=1)])


def lowest_form(ruleset: Ruleset, formdata) -> LowestForm:
    """The form for ``ruleset``'s table: a name, cards and count per seat up to its most
    players, its endings, and its house rules."""
    fewest, most = ruleset.players
    endings = [ending.key for ending in ruleset.stakes.endings]

    class GameLowestForm(LowestForm):
        players = WholeNumberField("Players", default=min(max(3, fewest), most), validators=[
            NumberRange(min=fewest, max=most,
                        message=f"Choose from {fewest} to {most} players.")])
        ending = StringField("How did the hand end?", default="", validators=[
            AnyOf(["", *endings], message="Tap one of the endings.")])

    for seat in range(most):
        setattr(GameLowestForm, name_field(seat), StringField(
            f"Player {seat + 1}", validators=[Text(MAX_NAME, name=True)]))
        setattr(GameLowestForm, cards_field(seat), StringField(
            "Cards", validators=[Length(max=200, message="That is far too many cards.")]))
        setattr(GameLowestForm, count_field(seat), WholeNumberField(
            "Count", validators=[Optional(), NumberRange(
                min=0, max=MAX_TYPED_COUNT, message="Type a count from 0 up, like 12.")]))
    add_option_fields(GameLowestForm, ruleset.option_specs)
    return GameLowestForm(formdata=formdata)
