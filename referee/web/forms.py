"""The screens' forms (WTForms). The checker only reads, so it is a GET form without CSRF;
the scorekeeper's forms change games, so they POST with CSRF."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, IntegerField, StringField
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ..core import Ruleset, Suit
from ..core.game.setup import MAX_NAME
from ..core.rulesets import MAX_DECKS
from ..core.rulesets.model import MAX_PLAYERS, OptionSpec

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


# --- The scorekeeper's forms (POST, with CSRF) -------------------------------------------------

class WholeNumberField(IntegerField):
    """An IntegerField whose complaint a player can act on."""

    def process_formdata(self, valuelist):
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError("Type a whole number, like 35.") from None


class NewGameForm(FlaskForm):
    # The first button in the form is what Enter presses: typing a name and
    # pressing Enter adds that player.
    new_name = StringField("Add a player", validators=[Length(max=MAX_NAME, message=(
        f"Keep names to {MAX_NAME} letters."))])
    players = FieldList(StringField("Name"), max_entries=MAX_PLAYERS + 1)
    dealer = StringField("First dealer", default="random")
    decks = StringField("Decks", default="auto", validators=[AnyOf(
        ["auto", *map(str, DECK_CHOICES)], message=f"Choose from 1 to {MAX_DECKS} decks.")])
    # What a button asked for; each re-shows the form (htmx swaps it, or the page reloads).
    add = StringField()
    pick = StringField()
    move = StringField()
    unseat = StringField()  # not "remove": a control by that name hides the form's .remove()
    start = StringField()


def option_field_name(option: str) -> str:
    return f"option_{option}"


def new_game_form(ruleset: Ruleset, formdata=None) -> NewGameForm:
    """The new-game form with a field for each of the game's house rules, at its default."""

    class RulesetNewGameForm(NewGameForm):
        pass

    for spec in ruleset.option_specs:
        setattr(RulesetNewGameForm, option_field_name(spec.name), _option_field(spec))
    return RulesetNewGameForm(formdata=formdata)


def _option_field(spec: OptionSpec):
    if spec.type == "bool":
        return BooleanField(spec.description, default=spec.default)
    if spec.type == "choice":  # shown as a radio per choice (the template reads spec.choices)
        return StringField(spec.description, default=spec.default, validators=[AnyOf(
            spec.choices, message=f"Choose {' or '.join(map(str, spec.choices))}.")])
    return WholeNumberField(spec.description, default=spec.default, validators=[
        Optional(), NumberRange(min=spec.minimum, max=spec.maximum,
                                message=f"Choose from {spec.minimum} to {spec.maximum}.")])


def option_values(form: NewGameForm, ruleset: Ruleset) -> dict:
    return {spec.name: form[option_field_name(spec.name)].data for spec in ruleset.option_specs}


class HeldForm(Form):
    """What one player was caught holding: cards counted by value, tapped one by one, or a
    typed total; and, under Ari's rule, a rummy penalty on top."""

    n5 = WholeNumberField("2–9", validators=[Optional(), NumberRange(min=0, max=999)])
    n10 = WholeNumberField("10–K", validators=[Optional(), NumberRange(min=0, max=999)])
    n15 = WholeNumberField("Aces", validators=[Optional(), NumberRange(min=0, max=999)])
    n50 = WholeNumberField("Jokers", validators=[Optional(), NumberRange(min=0, max=999)])
    total = WholeNumberField("Total", validators=[Optional()])
    cards = StringField("Cards", validators=[Length(max=300, message="Too many cards.")])
    penalty = WholeNumberField("Rummy penalty", validators=[Optional(), NumberRange(min=0, max=999)])


class HandForm(FlaskForm):
    went_out = WholeNumberField("Who went out?")  # a seat; the view reads every one marked
    expected_version = WholeNumberField(widget=HiddenInput(), validators=[InputRequired()])
    step = StringField()  # a +/- pressed without JavaScript: "seat:field:delta"
    tap = StringField()  # a card tapped without JavaScript: "seat:rank"
    untap = StringField()  # a tapped card taken back without JavaScript: "seat:index"
    correcting = StringField()  # "1" when the form corrected a scored hand, as it was shown
    reason = StringField("Why is it corrected?", validators=[Length(
        max=200, message="Keep the reason to 200 letters.")])
    seats = 0

    @property
    def held(self) -> list:
        """Each seat's HeldForm field, in seat order."""
        return [self[f"held{seat}"] for seat in range(self.seats)]


def hand_form(players: int, formdata=None, held=(), **data) -> HandForm:
    """A hand form with a row per seat (``held0-n5``...): fixed names, so a row left out of
    a post stays empty instead of shifting the rows after it up a seat, as FieldList would."""

    class SeatedHandForm(HandForm):
        seats = players

    for seat in range(players):
        setattr(SeatedHandForm, f"held{seat}", FormField(HeldForm))
    rows = {f"held{seat}": row for seat, row in enumerate(held)}
    return SeatedHandForm(formdata=formdata, **rows, **data)


class ActionForm(FlaskForm):
    """A button that changes a game: undo, draw the dealer again, archive."""

    expected_version = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    dealer = StringField()
    archived = StringField()
