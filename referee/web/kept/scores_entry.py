"""The end-of-hand form of a game entered as each player's points (``EntryShape.SCORES``:
Piquet's deals, Escoba's hands), and the fields of its ``hand_scored`` event, each read as
the other.

What a score may be, and what is wrong with one, is the core's (``Keeping.score``); this
module only turns the form's boxes into names and the core's refusals back into the box
they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms.validators import Optional

from ...core import RefereeInputError
from ...core.model.keeping import EntryShape, ScoreSheet
from ...core.model.ruleset import TableRules
from ...core.rule_anchors import RuleAnchor
from ..forms import HandForm, WholeNumberField


def score_field(seat: int) -> str:
    return f"score{seat}"


@dataclass
class ScoresReading:
    """The form as the core reads it: each player's points, and the problems by box."""

    points: dict[str, int]
    problems: dict[str, str] = field(default_factory=dict)
    rule: RuleAnchor | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        return ", ".join(f"{name} {points}" for name, points in self.points.items())

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(score_field(seat), message)


@dataclass(frozen=True)
class ScoresEntryForm:
    table: TableRules

    shape = EntryShape.SCORES
    point_step = 1
    least_held = 0

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> HandForm:
        class SeatedScoresForm(HandForm):
            seats = players

        for seat in range(players):
            setattr(SeatedScoresForm, score_field(seat),
                    WholeNumberField(validators=[Optional()]))
        return SeatedScoresForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a scored hand as it was entered, to correct it."""
        rows = {score_field(seat): result.scores.get(name) for seat, name in enumerate(players)}
        return self.form(len(players), rows=rows, **data)

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> ScoresReading:
        reading = ScoresReading({})
        for seat, name in enumerate(players):
            box = form[score_field(seat)]
            if box.errors:
                reading.problems[score_field(seat)] = f"{name}: {box.errors[0]}"
            elif box.data is None:
                reading.problems[score_field(seat)] = f"Type {name}'s points (0 for none)."
            else:
                reading.points[name] = box.data
        if reading.ok:
            try:
                self.table.ruleset.keeping.score(self.table, players,
                                                 ScoreSheet(None, scores=reading.points))
            except RefereeInputError as error:
                self.flag(reading, players, error)
        return reading

    def event_fields(self, reading: ScoresReading) -> dict[str, Any]:
        return {"went_out": None, "points": {}, "scores": reading.points}

    def flag(self, reading: ScoresReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the box of the player it names (else the first)."""
        location = tuple(error.location or ())
        named = location[2] if len(location) > 2 and location[2] in players else players[0]
        reading.add_problem(list(players).index(named), error.message)
        reading.rule = reading.rule or error.rule

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # no card is counted here: the points are typed

    def step(self, form, step: str) -> None:
        """No +/- on this form."""

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""
