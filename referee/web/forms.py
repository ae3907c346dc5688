"""The screens' forms (WTForms). The checker only reads, so it is a GET form without CSRF;
the scorekeeper's forms change games, so they POST with CSRF."""

from __future__ import annotations


from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired
from wtforms import BooleanField, FieldList, Form, FormField, IntegerField, StringField
from wtforms.validators import (AnyOf, InputRequired, Length, NumberRange, Optional, Regexp,
                                ValidationError)
from wtforms.widgets import HiddenInput

from ..core import Rank, Ruleset, Suit
from ..core.errors import Location
from ..core.money import CURRENCIES
from ..core.text import MAX_NAME, MAX_REASON, TextError, clean_name, clean_text, whole_number
from ..core.model.ruleset import MAX_DECKS
from ..core.model.ruleset import MAX_PLAYERS, OptionSpec

SUIT_CHOICES = [(s.value, s.word.capitalize()) for s in Suit]


def add_error(field, message: str) -> None:
    """Show ``message`` beside ``field``, after what it says already (WTForms may keep a
    field's errors as a tuple)."""
    field.errors = [*field.errors, message]


class WholeNumberField(IntegerField):
    """An IntegerField of ASCII digits (a minus sign too), whose complaint a player can act on."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return
        self.data = whole_number(valuelist[0].strip(), signed=True)
        if self.data is None:
            raise ValueError("Type a whole number, like 35.")


class Text:
    """The core's rules for free text (core/text.py), the message beside the input;
    the field keeps the text as it will be saved."""

    def __init__(self, max_length: int, name: bool = False):
        self.max_length, self.name = max_length, name

    def __call__(self, form, field) -> None:
        if not field.data:
            return
        clean = clean_name if self.name else clean_text
        try:
            field.data = clean(field.data, field.name, self.max_length)
        except TextError as error:
            raise ValidationError(error.message) from None


class CheckerForm(FlaskForm):
    class Meta:
        csrf = False

    decks = WholeNumberField("Decks in play", validators=[NumberRange(
        min=1, max=MAX_DECKS, message=f"Choose from 1 to {MAX_DECKS} decks.")])
    suit = StringField("Suit for the next card", default="S", validators=[
        AnyOf([s.value for s in Suit], message="Choose spades, hearts, diamonds or clubs.")])
    cards = StringField("Cards", validators=[Length(max=600, message="That is far too many cards.")])
    # What the last tap asked for; they come from buttons, not typing.
    add = StringField(validators=[Optional(), Length(max=3)])
    remove = WholeNumberField(validators=[Optional(), NumberRange(min=0)])
    clear = StringField(validators=[Optional()])


def checker_form(ruleset: Ruleset, formdata) -> CheckerForm:
    """A checker form with a box for each house rule that changes what is a meld."""

    class GameCheckerForm(CheckerForm):
        pass

    add_option_fields(GameCheckerForm, [spec for spec in ruleset.option_specs
                                        if spec.affects_melds])
    return GameCheckerForm(formdata=formdata, decks=default_decks(ruleset))


def add_option_fields(form_class, specs) -> None:
    """A field per house rule on a GET form, named as the option."""
    for spec in specs:
        # An unticked box sends nothing, so only boxes off by default fit a GET form.
        assert spec.type != "bool" or spec.default is False, spec.name
        setattr(form_class, spec.name, _option_field(spec))


def option_choices(form, specs) -> dict:
    """The house rules a GET form sets; one left empty or refused keeps its default."""
    return {spec.name: form[spec.name].data for spec in specs
            if form[spec.name].data is not None and not form[spec.name].errors}


def changed_options(ruleset: Ruleset, options: dict) -> dict:
    """The house rules not at their default, as they go in the page's address."""
    defaults = ruleset.resolve_options()
    return {name: ("y" if value is True else value) for name, value in options.items()
            if value != defaults[name] and value is not None}


def default_decks(ruleset: Ruleset) -> int:
    """Decks for a typical table of four to five players."""
    return ruleset.recommended_decks(4)


DECK_CHOICES = range(1, MAX_DECKS + 1)


def meld_option_specs(ruleset: Ruleset) -> list[OptionSpec]:
    return [spec for spec in ruleset.option_specs if spec.affects_melds]


class ArrangeForm(CheckerForm):
    # Which hands the game has is the ruleset's to say (core.contracts.contract_for).
    hand = WholeNumberField("Hand", validators=[Optional()])
    melds = StringField("Melds already split up", validators=[
        Length(max=600, message="That is far too many cards.")])


def arrange_form(ruleset: Ruleset, formdata) -> ArrangeForm:
    """The arranger's form, with a field for each house rule its answer reads."""

    class GameArrangeForm(ArrangeForm):
        pass

    add_option_fields(GameArrangeForm, arrange_option_specs(ruleset))
    return GameArrangeForm(formdata=formdata, decks=default_decks(ruleset),
                           hand=1 if ruleset.contracts or ruleset.opening else None)


def arrange_option_specs(ruleset: Ruleset) -> list[OptionSpec]:
    """The house rules that change the arranger's melds or its going-out answer."""
    return [spec for spec in ruleset.option_specs if spec.affects_melds or spec.affects_going_out]


# --- The scorekeeper's forms (POST, with CSRF) -------------------------------------------------

class NewGameForm(FlaskForm):
    # The first button in the form is what Enter presses: typing a name and
    # pressing Enter adds that player.
    new_name = StringField("Add a player", validators=[Text(MAX_NAME, name=True)])
    players = FieldList(StringField("Name", validators=[Text(MAX_NAME, name=True)]),
                        max_entries=MAX_PLAYERS + 1)
    dealer = StringField("First dealer", default="random")
    decks = StringField("Decks", default="auto", validators=[AnyOf(
        ["auto", *map(str, DECK_CHOICES)], message=f"Choose from 1 to {MAX_DECKS} decks.")])
    # What a button asked for; each re-shows the form (htmx swaps it, or the page reloads).
    add = StringField()
    pick = StringField()
    move = StringField()
    unseat = StringField()  # not "remove": a control by that name hides the form's .remove()
    start = StringField()
    # One per form shown (kept through its add/move/remove posts): a second "Start the game"
    # with it finds the game the first one made (store/starts.py).
    start_token = StringField(widget=HiddenInput())


MAX_STAKE_TEXT = 20


def option_field_name(option: str) -> str:
    return f"option_{option}"


def new_game_form(ruleset: Ruleset, formdata=None) -> NewGameForm:
    """The new-game form with a field for each of the game's house rules, at its default."""

    class RulesetNewGameForm(NewGameForm):
        pass

    for spec in ruleset.option_specs:
        setattr(RulesetNewGameForm, option_field_name(spec.name), _option_field(spec))
    partnerships = ruleset.keeping.partnerships if ruleset.keeping else None
    if partnerships is not None:  # a game of teams: how many, and their names (optional)
        most = max(teams for teams, _ in partnerships.shapes)
        RulesetNewGameForm.team_count = StringField("Teams", default="")
        RulesetNewGameForm.team_names = FieldList(
            StringField("Team name", validators=[Text(MAX_NAME, name=True)]),
            min_entries=most, max_entries=most)
    if ruleset.stakes is not None:
        # Read by the core (``ledger.stake_value``), which says what is wrong with it.
        RulesetNewGameForm.stake = StringField("Money per stake", default="", validators=[
            Length(max=MAX_STAKE_TEXT, message="Give the stake as a short amount, such as 0.25.")])
        RulesetNewGameForm.currency = StringField("Currency", default="", validators=[AnyOf(
            [currency.code for currency in CURRENCIES],
            message="Choose one of the currencies offered.")])
    return RulesetNewGameForm(formdata=formdata)


# Said beside a house rule's question when what came back is none of its answers (a form
# not made by these pages): its answers are right there to tap.
CHOOSE_AN_ANSWER = "Choose one of the answers."


def _option_field(spec: OptionSpec):
    if spec.type == "bool":
        return BooleanField(spec.asked, default=spec.default)
    if spec.type == "choice":  # shown as a radio per choice (the template reads spec.choices)
        return StringField(spec.asked, default=spec.default, filters=[
            _as_choice(spec.choices)], validators=[AnyOf(
                spec.choices, message=CHOOSE_AN_ANSWER)])
    return WholeNumberField(spec.asked, default=spec.default, validators=[
        Optional(), NumberRange(min=spec.minimum, max=spec.maximum,
                                message=f"Choose from {spec.minimum} to {spec.maximum}.")])


def _as_choice(choices: tuple):
    """A posted choice as the option has it: the number 13, not the text "13"."""
    def choice(value):
        return next((c for c in choices if str(c) == str(value)), value)
    return choice


def option_values(form: NewGameForm, ruleset: Ruleset) -> dict:
    return {spec.name: form[option_field_name(spec.name)].data for spec in ruleset.option_specs}


class AmountForm(Form):
    """One amount of a player's hand: cards counted by value (a field per value class, added
    for the game by ``amount_form``), tapped one by one, or a typed total; on held amounts,
    where the game charges one, a penalty for going out on top."""

    total = WholeNumberField("Total", validators=[Optional()])
    cards = StringField("Cards", validators=[Length(max=400, message="Too many cards.")])
    penalty = WholeNumberField("Rummy penalty", validators=[Optional(), NumberRange(min=0, max=999)])


def count_field(points: int) -> str:
    """The field counting the cards worth ``points``: one value class, one field (``n5``)."""
    return f"n{points}"


def amount_form(classes) -> type[AmountForm]:
    class GameAmountForm(AmountForm):
        pass

    for value_class in classes:
        setattr(GameAmountForm, count_field(value_class.points), WholeNumberField(
            value_class.label, validators=[Optional(), NumberRange(min=0, max=999)]))
    return GameAmountForm


class HandForm(FlaskForm):
    went_out = StringField("Who went out?")  # a seat, or "nobody"; the view reads every mark
    went_rummy = BooleanField("Went rummy (double)")
    expected_version = WholeNumberField(widget=HiddenInput(), validators=[InputRequired()])
    step = StringField()  # a +/- pressed without JavaScript: "held2:n10:+1"
    tap = StringField()  # a card tapped without JavaScript: "melded2:K"
    untap = StringField()  # a tapped card taken back without JavaScript: "held2:0"
    correcting = StringField()  # "1" when the form corrected a scored hand, as it was shown
    anyway = StringField()  # "1": save although it contradicts the hand the referee followed
    reason = StringField("Why is it corrected?", validators=[Text(MAX_REASON)])
    seats = 0
    parts: tuple[str, ...] = ()

    def amounts(self, part: str) -> list:
        """Each seat's ``part`` ("held" or "melded") as a FormField, in seat order."""
        return [self[f"{part}{seat}"] for seat in range(self.seats)] if part in self.parts else []

    @property
    def held(self) -> list:
        return self.amounts("held")


def hand_form(players: int, held_classes, melded_classes=None, formdata=None, rows=None,
              **data) -> HandForm:
    """A hand form with an amount per seat (``held0-n5``...), and a melded one too
    (``melded0-n5``) where ``melded_classes`` are given: fixed names, so a row left out of a
    post stays empty instead of shifting the rows after it up a seat, as FieldList would."""

    class SeatedHandForm(HandForm):
        seats = players
        parts = ("held",) if melded_classes is None else ("melded", "held")

    kinds = {"held": amount_form(held_classes)}
    if melded_classes is not None:
        kinds["melded"] = amount_form(melded_classes)
    for seat in range(players):
        for part, kind in kinds.items():
            setattr(SeatedHandForm, f"{part}{seat}", FormField(kind))
    return SeatedHandForm(formdata=formdata, **(rows or {}), **data)


class ActionForm(FlaskForm):
    """A button that changes a game: undo, draw the dealer again, the decks, archive."""

    expected_version = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    dealer = StringField()
    archived = StringField()
    undoes = WholeNumberField(validators=[Optional()])  # the version of the step Undo names
    decks = WholeNumberField(validators=[Optional()])


# --- Referee mode: the followed hand's steps (POST, with CSRF) --------------------------------
# Each form names the version its screen showed; CORE_FIELDS says which of its fields a core
# refusal's field (``step.card``, ``step.melds[1]``) belongs to; any other goes beside the
# form's buttons (``form_errors``).

CARD_RANKS = tuple(rank.label for rank in Rank)  # A, 2 ... 10, J, Q, K


class MeldMarksForm(Form):
    """One amount's melded cards, asked after each tap (a question: nothing is saved)."""

    cards = StringField(validators=[Optional(), Length(max=400)])
    where = StringField(validators=[InputRequired(), Regexp(r"^melded\d{1,2}$")])


class PickedCardForm(Form):
    """A card tapped in as a rank and a suit (a joker needs no suit); both empty: not said."""

    RANKS = CARD_RANKS
    SUITS = tuple((s.value, s.symbol, s.word.capitalize()) for s in Suit)

    rank = StringField("Rank", validators=[Optional(), AnyOf(
        [*CARD_RANKS, "JK"], message="Tap a rank from A to K, or Joker.")])
    suit = StringField("Suit", validators=[Optional(), AnyOf(
        [s.value for s in Suit], message="Tap spades, hearts, diamonds or clubs.")])

    def validate(self, extra_validators=None) -> bool:
        # Not inline validators: Optional() ends a field's checks when it is empty.
        if not super().validate(extra_validators):
            return False
        if self.rank.data and self.rank.data != "JK" and not self.suit.data:
            self.suit.errors.append(f"Tap the suit of the {self.rank.data} too.")
        elif self.suit.data and not self.rank.data:
            self.rank.errors.append("Tap the card's rank too.")
        return not self.problems

    @property
    def card(self) -> str | None:
        """``'QH'``, ``'JK'``, or ``None`` when no card was tapped."""
        if not self.rank.data:
            return None
        return "JK" if self.rank.data == "JK" else f"{self.rank.data}{self.suit.data or ''}"

    @property
    def problems(self) -> list[str]:
        return [*self.rank.errors, *self.suit.errors]


class RefereeStepForm(FlaskForm):
    """A referee-mode form: made at one version of the game, for the player whose turn it is."""

    CORE_FIELDS: dict[str, str] = {}
    expected_version = WholeNumberField(widget=HiddenInput(), validators=[Optional()])
    player = StringField(widget=HiddenInput(), validators=[Length(max=MAX_NAME)])

    def flag(self, location: Location, message: str) -> None:
        """Put a refusal beside the field it is about, or else beside the buttons."""
        name, index = _core_field(location)
        target = self._fields.get(self.CORE_FIELDS.get(name or "", ""))
        if isinstance(target, FieldList) and index is not None and index < len(target):
            target = target[index]
        if isinstance(target, FormField):  # a picked card's rank, or a joker swap's card
            inner = target.form
            target = inner.rank if isinstance(inner, PickedCardForm) else inner["card"]
        if target is None or isinstance(target, FieldList):
            self.form_errors.append(message)
        else:
            add_error(target, message)


def _core_field(location: Location) -> tuple[str | None, int | None]:
    """``('step', 'melds', 1, 2)`` -> ``('melds', 1)``; ``('upcard',)`` -> ``('upcard', None)``."""
    if location[:1] in (("step",), ("event",)):
        location = location[1:]
    if not location or not isinstance(location[0], str):
        return None, None
    index = location[1] if len(location) > 1 and isinstance(location[1], int) else None
    return location[0], index


class StartRefereeForm(RefereeStepForm):
    CORE_FIELDS = {"card": "upcard", "upcard": "upcard", "table": "upcard"}
    upcard = FormField(PickedCardForm)


class DrawForm(RefereeStepForm):
    source = StringField(validators=[InputRequired("Tap where the card came from."), AnyOf(
        ["stock", "discard"], message="Tap the stock or the discard.")])


class DiscardForm(RefereeStepForm):
    CORE_FIELDS = {"card": "card", "table": "card"}
    card = FormField(PickedCardForm)
    unsaid = StringField()  # "1": discarded without saying the card


class ClaimForm(RefereeStepForm):
    """A "Who wants it?" toggle: a name asks to buy the top discard, or takes it back."""

    claim = StringField(validators=[Length(max=MAX_NAME)])
    withdraw = StringField(validators=[Length(max=MAX_NAME)])


class BoughtForm(RefereeStepForm):
    buyer = StringField(validators=[InputRequired("Say who buys the discard."),
                                    Length(max=MAX_NAME)])
    passed = StringField(validators=[Length(max=MAX_NAME)])  # the player in turn lets it go


class RummyForm(RefereeStepForm):
    CORE_FIELDS = {"callers_discard": "card", "meld": "meld"}
    caller = StringField(validators=[InputRequired("Tap who called rummy."),
                                     Length(max=MAX_NAME)])
    card = FormField(PickedCardForm)
    meld = WholeNumberField("On meld", validators=[Optional(), NumberRange(min=1, max=99)])
    asked = StringField()  # "1": the caller's card or meld was asked for, and this answers it

    def still_to_say(self, location: Location) -> bool:
        """Whether a refusal only asks what the caller has not said yet (the card thrown,
        the meld the rummy card goes on): a question for the next tap, not a mistake."""
        if self.asked.data:
            return False
        if location == ("step", "callers_discard"):
            return self.card.form.card is None
        return location == ("step", "meld") and self.meld.data is None


class SwapForm(Form):
    """A played joker bought while going down: the table meld's number and the natural card."""

    meld = WholeNumberField("Meld", validators=[Optional(), NumberRange(
        min=1, max=99, message="Give the number of a meld on the table.")])
    card = StringField("Card", validators=[Length(max=12, message="Type one card, like 8D.")])

    def validate_card(self, field) -> None:
        if (self.meld.data is None) != (not (field.data or "").strip()):
            raise ValidationError("Give both the meld's number and the card that buys its joker.")


class CardGridForm(RefereeStepForm):
    """A step whose cards are tapped on one grid of the whole deck: each button is a card
    (``'QH'``, ``'JK'``), one tap each."""

    RANKS = CARD_RANKS
    SUITS = PickedCardForm.SUITS


# A card as a grid button names it: its rank and suit, or the joker.
TAPPED_CARD = Regexp(r"^(JK|(A|[2-9]|10|J|Q|K)[SHDC])$", message="Tap one of the cards.")


class GoDownForm(CardGridForm):
    CORE_FIELDS = {"melds": "melds", "swaps": "swaps"}
    melds = FieldList(StringField(validators=[Length(max=120, message="That is too many cards.")]))
    swaps = FieldList(FormField(SwapForm), min_entries=2, max_entries=2)
    # A card tapped without JavaScript, and the meld it goes into.
    tap = StringField(validators=[Optional(), TAPPED_CARD])
    tap_into = WholeNumberField(default=0, validators=[Optional(), NumberRange(min=0, max=9)])
    untap = StringField(validators=[Optional(), Regexp(r"^\d:\d{1,2}$")])  # "1:0": meld, card


def go_down_form(melds: int, formdata=None) -> GoDownForm:
    """A go-down form with a field for each meld of the contract (``melds-0``, ...)."""
    form = GoDownForm(formdata=formdata)
    while len(form.melds) < melds:
        form.melds.append_entry()
    while len(form.melds) > melds:
        form.melds.pop_entry()
    return form


class LayOffForm(CardGridForm):
    CORE_FIELDS = {"meld": "meld", "card": "card", "table": "card"}
    meld = WholeNumberField("Meld", validators=[InputRequired("Tap the meld the card goes on."),
                                                NumberRange(min=1, max=99)])
    card = StringField("Card", validators=[Optional(), TAPPED_CARD])  # its grid button
    typed = StringField("or type", validators=[Length(max=12, message="Type one card, like 6D.")])


REFEREE_FORMS = {"start": StartRefereeForm, "draw": DrawForm, "discard": DiscardForm,
              "claim": ClaimForm, "bought": BoughtForm, "rummy": RummyForm,
              "down": GoDownForm, "layoff": LayOffForm}


def referee_form(name: str, melds: int, formdata=None) -> RefereeStepForm:
    """Referee-mode form ``name``: read from ``formdata``, or empty to show (``None``)."""
    if name == "down":
        return go_down_form(melds, formdata)
    return REFEREE_FORMS[name](formdata=formdata)


def referee_forms(melds: int) -> dict[str, RefereeStepForm]:
    """Every referee-mode form, empty, as the hand screen first shows them."""
    return {name: referee_form(name, melds) for name in REFEREE_FORMS}


# --- A page that asks first: deleting a game, ending it now (POST, with CSRF) ----------------

class ConfirmForm(FlaskForm):
    """The "yes" of a page that asks first: made at the version of the game the page showed,
    so nothing another device changed meanwhile is deleted or ended unseen."""

    expected_version = WholeNumberField(widget=HiddenInput(), validators=[InputRequired()])


# --- Can anyone call rummy? (GET, without CSRF: it only reads) --------------------------------

class PileRummyForm(CheckerForm):
    """The discard pile and the melds on the table, tapped or typed, and where taps go."""

    cards = None  # the pile and the table take the place of the checker's one list
    pile = StringField("Or type the discard pile, bottom card first", validators=[
        Length(max=600, message="That is far too many cards.")])
    table = StringField("and the melds on the table, with / between melds", validators=[
        Length(max=1200, message="That is far too many cards.")])
    # Where taps go, and which card to take back: set by buttons, and read by PileTaps, which
    # passes over a value no button sends.
    into = StringField(default="pile")
    remove = StringField()


def pile_rummy_form(ruleset: Ruleset, formdata) -> PileRummyForm:
    """The form with a field for each house rule that changes whether rummy may be called."""

    class GamePileRummyForm(PileRummyForm):
        pass

    specs = {spec.name: spec for spec in ruleset.option_specs}
    add_option_fields(GamePileRummyForm, [specs[name] for name in ruleset.rummy_call.options])
    return GamePileRummyForm(formdata=formdata, decks=default_decks(ruleset))


# --- Moving games between machines ------------------------------------------------------------

class ImportGameForm(FlaskForm):
    """A game's JSON export (a saved copy), uploaded to make it a game here."""

    game_file = FileField("A saved game", validators=[
        FileRequired("Choose a saved game first (“Save a copy of this game” on its page "
                     "makes one)."),
        FileAllowed(["json"], "Choose a saved game: its file's name ends in .json.")])


# --- The referee's questions at the table: can we open? may we go out? (GET, no CSRF) ---------

class OpeningForm(PileRummyForm):
    """The melds a team would open with, tapped or typed, and the hand they open."""

    pile = None  # no discard pile: every tap goes into a meld
    table = StringField("Or type the melds, with / between melds", validators=[
        Length(max=1200, message="That is far too many cards.")])
    into = StringField(default="new")
    hand = WholeNumberField("Hand", default=1)


def opening_form(ruleset: Ruleset, formdata) -> OpeningForm:
    question = ruleset.opening

    class GameOpeningForm(OpeningForm):
        hand = WholeNumberField("Hand", default=1, validators=[NumberRange(
            min=1, max=question.hands, message=f"Choose a hand from 1 to {question.hands}.")])

    add_option_fields(GameOpeningForm, opening_option_specs(ruleset))
    return GameOpeningForm(formdata=formdata, decks=default_decks(ruleset))


def opening_option_specs(ruleset: Ruleset) -> list[OptionSpec]:
    """The house rules that change an opening: its minimums, and what is a meld."""
    names = set(ruleset.opening.options)
    return [spec for spec in ruleset.option_specs if spec.name in names or spec.affects_melds]


YES_NO = ("yes", "no")
MAX_COUNT = 20


class GoingOutForm(Form):
    partners = WholeNumberField("Partners in the team", default=2)
    asked = StringField("Asked the partner?", default="no", validators=[
        AnyOf(YES_NO, message="Tap yes or no.")])
    answer = StringField("The partner's answer", default="", validators=[  # "": not yet
        AnyOf((*YES_NO, ""), message="Tap yes or no.")])
    step = StringField(validators=[Length(max=40)])  # a +/- pressed: "clean_piles:+1"


def partner_field(number: int) -> str:
    return f"partner{number}"


def going_out_form(ruleset: Ruleset, formdata) -> GoingOutForm:
    question = ruleset.going_out

    choices = " or ".join(map(str, question.partners))

    class GameGoingOutForm(GoingOutForm):
        partners = WholeNumberField("Partners in the team", default=question.partners[0],
                                    validators=[AnyOf(question.partners,
                                                      message=f"Choose {choices} partners.")])

    for name, label in question.counts:
        setattr(GameGoingOutForm, name, WholeNumberField(label, default=0, validators=[
            NumberRange(min=0, max=MAX_COUNT, message=f"Choose from 0 to {MAX_COUNT}.")]))
    for number in range(1, max(question.partners) + 1):
        setattr(GameGoingOutForm, partner_field(number), StringField(
            f"Partner {number} {question.partner_did}", default="no",
            validators=[AnyOf(YES_NO, message="Tap yes or no.")]))
        # Opened from a game: the partner's name, said in place of "Partner 1".
        setattr(GameGoingOutForm, partner_name_field(number), StringField(
            validators=[Text(MAX_NAME, name=True)]))
    return GameGoingOutForm(formdata=formdata)


def name_partners(form, question) -> None:
    """After validating: each partner named from the game in place of "Partner 1" (a name
    that could not be kept is passed over, as no one typed it)."""
    for number in range(1, max(question.partners) + 1):
        name = form[partner_name_field(number)]
        if name.errors:
            name.errors, name.data = [], None
        elif name.data:
            form[partner_field(number)].label.text = f"{name.data} {question.partner_did}"


def partner_name_field(number: int) -> str:
    return f"name{number}"


# --- Who plays, changed mid-game (POST, with CSRF) --------------------------------------------

class RosterForm(FlaskForm):
    """One change to who plays: ``change`` is the button pressed (rename, seat, leave),
    ``name`` whom it is about and ``new_name`` the name typed (a correction, a latecomer)."""

    expected_version = WholeNumberField(widget=HiddenInput(), validators=[InputRequired()])
    change = StringField(validators=[AnyOf(("rename", "seat", "leave"))])
    name = StringField(validators=[Length(max=MAX_NAME)])
    new_name = StringField("Name", validators=[Text(MAX_NAME, name=True)])
