"""The end-of-hand form of a game played for stakes, and the fields of its ``hand_scored``
event, each read as the other: the twin of ``entry.EntryForm`` for
``EntryShape.SETTLEMENT``.

How a hand can end, whom an ending names and whether the counts settle it come from the
game's ``Stakes`` (``ruleset.stakes``); whether the entry settles, and what is wrong
with it, from the core's own ``read`` and ``settle``. This module only turns the form's
seats into names and the core's refusals back into the input they concern.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms import SelectMultipleField, StringField
from wtforms.validators import Optional

from ...core import RefereeInputError
from ...core.game.events import describe_settling
from ...core.rule_anchors import RuleAnchor
from ...core.model.keeping import EntryShape
from ...core.model.ruleset import TableRules
from ...core.model.stakes import HandEnding, Settlement, Stakes, Who
from ...core.text import whole_number
from ..forms import HandForm, WholeNumberField

ENDING, WHO, CLAIMS, COUNTS = "ending", "who", "claims", "counts"  # the form's own names


def place_refusal(reading, error, players: Sequence[str], inputs: Mapping[str | None, str],
                  default: str, per_player: tuple[str, Callable[[int], str]]) -> None:
    """Put a refusal of the core beside the input it concerns, for a hand settled from its
    ``Stakes`` fields: ``inputs`` maps each field of the hand's settling to the form's input,
    and a player's own entry (``event.counts.Bob``) goes beside that player's box."""
    location = tuple(error.location or ())
    if location[:1] == ("event",):
        location = location[1:]
    where = inputs.get(location[0] if location else None, default)
    each, field_of = per_player
    if where == each and len(location) > 1 and location[1] in players:
        where = field_of(list(players).index(location[1]))
    reading.problems.setdefault(where, error.message)
    reading.rule = reading.rule or error.rule


def count_field(seat: int) -> str:
    return f"count{seat}"


class SettlementHandForm(HandForm):
    """How the hand ended (an ending's key), who ended it (a seat), who claimed it on the
    deal (seats) and each seat's count (``count0``...)."""

    ending = StringField("How did the hand end?")
    who = StringField()
    claims = SelectMultipleField(choices=[], validate_choice=False)


@dataclass
class SettlementReading:
    """The form as the core reads it: the event's fields, and the problems by input
    (``ending``, ``who``, ``claims``, ``counts``, ``count2``)."""

    ending: HandEnding | None
    settling: dict[str, Any]
    problems: dict[str, str] = field(default_factory=dict)
    settlement: Settlement | None = None
    rule: RuleAnchor | None = None  # the rule the core's refusal applies, for the screen's link

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        return describe_settling(self.settling)

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(count_field(seat), message)


@dataclass(frozen=True)
class SettlementEntryForm:
    table: TableRules

    shape = EntryShape.SETTLEMENT
    point_step = 1
    least_held = 0

    @property
    def stakes(self) -> Stakes:
        stakes = self.table.ruleset.stakes
        assert stakes is not None  # the shape is only a game for stakes's
        return stakes

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> SettlementHandForm:
        class SeatedSettlementForm(SettlementHandForm):
            seats = players

        for seat in range(players):
            setattr(SeatedSettlementForm, count_field(seat),
                    WholeNumberField(validators=[Optional()]))
        return SeatedSettlementForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> SettlementHandForm:
        """The form showing a settled hand as it was entered, to correct it."""
        stakes, entered = self.stakes, result.settling
        seat = {name: str(index) for index, name in enumerate(players)}
        rows: dict[str, Any] = {ENDING: entered.get(stakes.ending_field)}
        if entered.get(stakes.who_field) in seat:
            rows[WHO] = seat[entered[stakes.who_field]]
        rows[CLAIMS] = [seat[name] for name in entered.get(stakes.claims_field) or ()
                        if name in seat]
        counts = entered.get(stakes.counts_field) or {}
        rows |= {count_field(index): counts.get(name) for index, name in enumerate(players)}
        return self.form(len(players), rows=rows, **data)

    def ending_of(self, form) -> HandEnding | None:
        return self.stakes.ending(form.ending.data)

    # --- Reading -------------------------------------------------------------------------------

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> SettlementReading:
        """The fields the chosen ending needs (the others are ignored), checked by the core."""
        stakes = self.stakes
        ending = self.ending_of(form)
        if ending is None:
            return SettlementReading(None, {}, {ENDING: "Choose how the hand ended."})
        settling: dict[str, Any] = {stakes.ending_field: ending.key}
        reading = SettlementReading(ending, settling)
        if ending.who is Who.ONE and (seat := self._seat(form.who.data, players)) is not None:
            settling[stakes.who_field] = players[seat]
        if ending.who is Who.SOME:
            seats = [self._seat(mark, players) for mark in form.claims.data or ()]
            settling[stakes.claims_field] = [players[s] for s in sorted(set(seats) - {None})]
        if ending.counts:
            counts = {}
            for seat, name in enumerate(players):
                box = form[count_field(seat)]
                if box.errors:
                    reading.problems[count_field(seat)] = f"{name}: {box.errors[0]}"
                elif box.data is not None:
                    counts[name] = box.data
            if counts:
                settling[stakes.counts_field] = counts
        if reading.ok:
            try:
                reading.settlement = stakes.settle(self.table, players,
                                                   stakes.read(players, settling))
            except RefereeInputError as error:
                self.flag(reading, players, error)
        return reading

    @staticmethod
    def _seat(mark: Any, players: Sequence[str]) -> int | None:
        seat = whole_number(mark) if isinstance(mark, str) else None
        return seat if seat is not None and seat < len(players) else None

    def event_fields(self, reading: SettlementReading) -> dict[str, Any]:
        return {"went_out": None, "points": {}, "settling": reading.settling}

    def flag(self, reading: SettlementReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the input it concerns: ``event.counts.Bob`` beside
        Bob's count, ``event.tonks[1]`` beside the claims."""
        stakes = self.stakes
        place_refusal(reading, error, players,
                      {stakes.ending_field: ENDING, stakes.who_field: WHO,
                       stakes.claims_field: CLAIMS, stakes.counts_field: COUNTS},
                      ENDING, (COUNTS, count_field))

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # no card is counted here: a count is typed

    def step(self, form, step: str) -> None:
        """No +/- on this form."""

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""
