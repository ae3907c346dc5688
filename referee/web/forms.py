"""The screens' forms (WTForms). The checker only reads, so it is a GET form without CSRF."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, StringField
from wtforms.validators import AnyOf, Length, NumberRange, Optional

from ..core import Ruleset, Suit
from ..core.rulesets import MAX_DECKS

SUIT_CHOICES = [(s.value, s.word.capitalize()) for s in Suit]


class CheckerForm(FlaskForm):
    class Meta:
        csrf = False

    decks = IntegerField("Decks in play", validators=[NumberRange(
        min=1, max=MAX_DECKS, message=f"Choose from 1 to {MAX_DECKS} decks.")])
    suit = StringField("Suit for the next card", default="S", validators=[
        AnyOf([s.value for s in Suit], message="Choose spades, hearts, diamonds or clubs.")])
    cards = StringField("Cards", validators=[Length(max=600, message="That is far too many cards.")])
    # What the last tap asked for; they come from buttons, not typing.
    add = StringField(validators=[Optional(), Length(max=3)])
    remove = IntegerField(validators=[Optional(), NumberRange(min=0)])
    clear = StringField(validators=[Optional()])


def checker_form(ruleset: Ruleset, formdata) -> CheckerForm:
    """A checker form with a box for each house rule that changes what is a meld."""

    class GameCheckerForm(CheckerForm):
        pass

    for spec in ruleset.option_specs:
        if spec.affects_melds:
            # An unticked box sends nothing, so only options off by default fit a GET form.
            assert spec.default is False, spec.name
            setattr(GameCheckerForm, spec.name, BooleanField(spec.description))
    return GameCheckerForm(formdata=formdata, decks=default_decks(ruleset))


def default_decks(ruleset: Ruleset) -> int:
    """Decks for a typical table of four to five players."""
    return ruleset.recommended_decks(4)


DECK_CHOICES = range(1, MAX_DECKS + 1)


def meld_option_fields(form: CheckerForm, ruleset: Ruleset) -> list:
    return [form[spec.name] for spec in ruleset.option_specs if spec.affects_melds]


class ArrangeForm(CheckerForm):
    hand = IntegerField("Hand", validators=[Optional(), NumberRange(
        min=1, max=6, message="Eversol has hands 1 to 6.")])
    melds = StringField("Melds already split up", validators=[
        Length(max=600, message="That is far too many cards.")])


def arrange_form(ruleset: Ruleset, formdata) -> ArrangeForm:
    return ArrangeForm(formdata=formdata, decks=default_decks(ruleset),
                       hand=1 if ruleset.contracts else None)
