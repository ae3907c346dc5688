"""The end-of-round form of a game whose round is won by whoever goes out, and nothing more
(``EntryShape.WENT_OUT``: Jack Change It's night counts rounds won): a big button per player,
and the ``hand_scored`` event's ``went_out``, each read as the other.

Whether the entry is right is the core's (``Keeping.score``); this module turns the tapped
seat into a name and a refusal back into the buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core import RefereeInputError
from ...core.model.keeping import EntryShape, ScoreSheet
from ...core.model.ruleset import TableRules
from ...core.rule_anchors import RuleAnchor
from ..forms import HandForm

WHO = "went_out"  # the buttons' name, and the key of their problem


@dataclass
class WentOutReading:
    went_out: str | None
    problems: dict[str, str] = field(default_factory=dict)
    rule: RuleAnchor | None = None
    went_rummy = False

    @property
    def ok(self) -> bool:
        return not self.problems

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(WHO, message)


@dataclass(frozen=True)
class WentOutEntryForm:
    table: TableRules

    shape = EntryShape.WENT_OUT
    point_step = 1
    least_held = 0

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> HandForm:
        class SeatedWentOutForm(HandForm):
            seats = players

        return SeatedWentOutForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a round as it was entered, to correct it."""
        seat = list(players).index(result.went_out) if result.went_out in players else None
        return self.form(len(players), went_out=None if seat is None else str(seat), **data)

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> WentOutReading:
        seat = (form.went_out.data or "").strip()
        if not seat.isdigit() or int(seat) >= len(players):
            return WentOutReading(None, {WHO: "Tap the player who went out."})
        reading = WentOutReading(players[int(seat)])
        try:
            self.table.ruleset.keeping.score(self.table, players, ScoreSheet(reading.went_out))
        except RefereeInputError as error:
            self.flag(reading, players, error)
        return reading

    def event_fields(self, reading: WentOutReading) -> dict[str, Any]:
        return {"went_out": reading.went_out, "points": {}}

    def flag(self, reading: WentOutReading, players: Sequence[str], error) -> None:
        reading.problems.setdefault(WHO, error.message)
        reading.rule = reading.rule or error.rule

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # nothing is counted: the round is won

    def step(self, form, step: str) -> None:
        """No +/- on this form."""

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""
