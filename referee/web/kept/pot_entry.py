"""The end-of-hand form of a game played for a pot (``EntryShape.POT``: Bourré's), and the
fields of its ``hand_scored`` event, each read as the other: who played, the tricks each
took, who broke a rule of play, and the yes or no the game asks (was the turned card an ace?).

The fields' names, the question and what is wrong come from the game's ``Stakes`` and the
core's own ``read`` and ``settle``; this module only turns the form's seats into names and the
core's refusals back into the input they concern. The hand is read against the pot the
hand before left and with its dealer (``before``, ``dealer``), as the kept game's fold will
settle it, so what the screen says of it is what is saved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms import SelectMultipleField, StringField
from wtforms.validators import Optional

from ...core import RefereeInputError
from ...core.model.keeping import EntryShape
from ...core.model.ruleset import TableRules
from ...core.model.stakes import Settlement, Stakes
from ...core.rule_anchors import RuleAnchor
from ...core.text import whole_number
from ..forms import HandForm, WholeNumberField
from .stakes_entry import place_refusal

PLAYED, PENALTIES, FLAG, TRICKS = "played", "penalties", "flag", "tricks"  # the form's names
YES, NO = "yes", "no"


def tricks_field(seat: int) -> str:
    return f"tricks{seat}"


class PotHandForm(HandForm):
    """Who played and who broke a rule (seats), the yes or no, and each seat's tricks
    (``tricks0``...)."""

    played = SelectMultipleField(choices=[], validate_choice=False)
    penalties = SelectMultipleField(choices=[], validate_choice=False)
    flag = StringField()


@dataclass
class PotReading:
    """The form as the core reads it: the event's fields, and the problems by input
    (``played``, ``tricks``, ``tricks2``, ``penalties``, ``flag``)."""

    settling: dict[str, Any]
    problems: dict[str, str] = field(default_factory=dict)
    settlement: Settlement | None = None
    rule: RuleAnchor | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        """What the hand did to the pot, for the message once it is saved."""
        return self.settlement.reason.rstrip(".") if self.settlement else ""

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(tricks_field(seat), message)


@dataclass(frozen=True)
class PotEntryForm:
    table: TableRules
    before: Settlement | None = None  # the hand before's settlement (None: the first hand)
    dealer: str | None = None

    shape = EntryShape.POT
    point_step = 1
    least_held = 0

    @property
    def stakes(self) -> Stakes:
        stakes = self.table.ruleset.stakes
        assert stakes is not None and stakes.pot  # the shape is only a game with a pot's
        return stakes

    @property
    def trick_buttons(self) -> range:
        """0 up to a hand's cards (as many tricks); the core says what a hand may hold."""
        return range(self.table.ruleset.deal_size(2, None, self.table.options) + 1)

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> PotHandForm:
        class SeatedPotForm(PotHandForm):
            seats = players

        for seat in range(players):
            setattr(SeatedPotForm, tricks_field(seat), WholeNumberField(validators=[Optional()]))
        return SeatedPotForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> PotHandForm:
        """The form showing a settled hand as it was entered, to correct it."""
        stakes, entered = self.stakes, result.settling
        seat = {name: str(index) for index, name in enumerate(players)}
        tricks = entered.get(stakes.counts_field) or {}
        rows: dict[str, Any] = {
            PLAYED: [seat[name] for name in entered.get(stakes.who_field) or () if name in seat],
            PENALTIES: [seat[name] for name in entered.get(stakes.claims_field) or ()
                        if name in seat],
            FLAG: YES if stakes.flag_field and entered.get(stakes.flag_field) else NO}
        rows |= {tricks_field(index): tricks.get(name) for index, name in enumerate(players)
                 if name in (entered.get(stakes.who_field) or ())}
        return self.form(len(players), rows=rows, **data)

    # --- Reading -------------------------------------------------------------------------------

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> PotReading:
        stakes = self.stakes
        played = self._seats(form.played.data, players)
        settling: dict[str, Any] = {stakes.who_field: [players[s] for s in played]}
        reading = PotReading(settling)
        tricks = {}
        for seat, name in enumerate(players):
            box = form[tricks_field(seat)]
            if box.errors:
                reading.problems[tricks_field(seat)] = f"{name}: {box.errors[0]}"
            elif box.data:  # none chosen, or 0: took no trick
                tricks[name] = box.data
        settling[stakes.counts_field] = tricks
        penalised = self._seats(form.penalties.data, players)
        if penalised:
            settling[stakes.claims_field] = [players[s] for s in penalised]
        if stakes.flag_field is not None and form.flag.data == YES:
            settling[stakes.flag_field] = True
        if reading.ok:
            try:
                reading.settlement = stakes.settle(self.table, players,
                                                   stakes.read(players, settling),
                                                   before=self.before, dealer=self.dealer)
            except RefereeInputError as error:
                self.flag(reading, players, error)
        return reading

    @staticmethod
    def _seats(marks: Any, players: Sequence[str]) -> list[int]:
        seats = {whole_number(mark) for mark in marks or () if isinstance(mark, str)}
        return sorted(seat for seat in seats if seat is not None and seat < len(players))

    def event_fields(self, reading: PotReading) -> dict[str, Any]:
        return {"went_out": None, "points": {}, "settling": reading.settling}

    def flag(self, reading: PotReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the input it concerns: ``event.tricks.Bob`` beside
        Bob's tricks, ``event.penalties[0]`` beside the penalties."""
        stakes = self.stakes
        place_refusal(reading, error, players,
                      {stakes.who_field: PLAYED, stakes.claims_field: PENALTIES,
                       stakes.counts_field: TRICKS, stakes.flag_field: FLAG},
                      PLAYED, (TRICKS, tricks_field))

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # no card is counted here

    def step(self, form, step: str) -> None:
        """No +/- on this form: the tricks are buttons."""

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""
