"""The end-of-hand form of a game entered as each player's points (``EntryShape.SCORES``:
Piquet's deals, Escoba's hands), and the fields of its ``hand_scored`` event, each read as
the other. A game that offers its score sheet (``Keeping.deal_sheet``) has the sheet's boxes
too: filled, the hand is scored from them and kept as the game's sheet, part by part.

What a score may be, and what is wrong with one, is the core's (``Keeping.score``, the
sheet's ``read``); this module only turns the form's boxes into names and the core's
refusals back into the box they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms import StringField
from wtforms.validators import AnyOf, Length, Optional

from ...core import RefereeInputError
from ...core.model.deal_sheet import SheetBox, SheetScore
from ...core.model.keeping import EntryShape, ScoreSheet
from ...core.model.ruleset import TableRules
from ...core.rule_anchors import RuleAnchor
from ..forms import HandForm, WholeNumberField

SHEET_PROBLEM = "sheet"  # a refusal of the sheet as a whole, shown above its parts
MOST_SAID = 80  # characters in a box of words: a declaration is a few words


def score_field(seat: int) -> str:
    return f"score{seat}"


@dataclass
class ScoresReading:
    """The form as the core reads it: each player's points, and the problems by box."""

    points: dict[str, int]
    problems: dict[str, str] = field(default_factory=dict)
    rule: RuleAnchor | None = None
    sheet: SheetScore | None = None  # the hand scored from the sheet's boxes, part by part
    values: dict[str, Any] = field(default_factory=dict)  # those boxes as filled

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        return ", ".join(f"{name} {points}" for name, points in self.points.items())

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(score_field(seat), message)


def _box_field(box: SheetBox):
    if box.kind == "number":
        return WholeNumberField(validators=[Optional()])
    if box.kind == "choice":
        return StringField(default="", validators=[Optional(), AnyOf(
            [value for value, _ in box.choices], message="Tap one of these.")])
    return StringField(validators=[Length(max=MOST_SAID, message="That is too long.")])


@dataclass(frozen=True)
class ScoresEntryForm:
    table: TableRules
    players: tuple[str, ...] = ()  # the hand's, and its dealer: the sheet's boxes name them
    dealer: str | None = None

    shape = EntryShape.SCORES
    point_step = 1
    least_held = 0

    @property
    def boxes(self) -> tuple[SheetBox, ...]:
        """The score sheet's boxes, where the game offers one and the hand's dealer is known."""
        sheet = self.table.ruleset.keeping.deal_sheet
        if sheet is None or self.dealer is None:
            return ()
        return sheet.boxes(self.players, self.dealer)

    @property
    def groups(self) -> list[tuple[str, list[SheetBox]]]:
        """The boxes under their headings, in order."""
        grouped: dict[str, list[SheetBox]] = {}
        for box in self.boxes:
            grouped.setdefault(box.group, []).append(box)
        return list(grouped.items())

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> HandForm:
        class SeatedScoresForm(HandForm):
            seats = players
            sheet_check = StringField()  # "1": score the sheet and show it, saving nothing

        for seat in range(players):
            setattr(SeatedScoresForm, score_field(seat),
                    WholeNumberField(validators=[Optional()]))
        for box in self.boxes:
            setattr(SeatedScoresForm, box.key, _box_field(box))
        return SeatedScoresForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a scored hand as it was entered, to correct it: its sheet's
        boxes where it was scored from them, else each player's points."""
        said = result.entries.get("sheet")
        if said and self.boxes:
            return self.form(len(players), rows=dict(said), **data)
        rows = {score_field(seat): result.scores.get(name) for seat, name in enumerate(players)}
        return self.form(len(players), rows=rows, **data)

    def sheet_values(self, form) -> dict[str, Any]:
        """The sheet's boxes as filled (the empty ones left out)."""
        values = {box.key: form[box.key].data for box in self.boxes}
        return {key: value for key, value in values.items() if value not in (None, "")}

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> ScoresReading:
        values = self.sheet_values(form) if self.boxes else {}
        if values or getattr(form, "sheet_check", None) and form.sheet_check.data:
            return self._read_sheet(form, players, values)
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

    def _read_sheet(self, form, players: Sequence[str], values: dict[str, Any]
                    ) -> ScoresReading:
        reading = ScoresReading({}, values=values)
        for box in self.boxes:
            if form[box.key].errors:
                reading.problems[box.key] = form[box.key].errors[0]
        sheet = self.table.ruleset.keeping.deal_sheet
        if reading.ok and sheet is not None and self.dealer is not None:
            try:
                reading.sheet = sheet.read(players, self.dealer, values)
                self.table.ruleset.keeping.score(
                    self.table, players, ScoreSheet(None, **reading.sheet.event),
                    dealer=self.dealer)
            except RefereeInputError as error:
                reading.sheet = None
                key = str(error.location[0]) if error.location else SHEET_PROBLEM
                reading.problems[key if key in form else SHEET_PROBLEM] = error.message
                reading.rule = error.rule
        if reading.sheet is not None:
            # In seat order, as the typed points and the standings give them.
            reading.points = {name: reading.sheet.scores[name] for name in players}
            for seat, name in enumerate(players):  # a typed total must agree with the sheet
                typed = form[score_field(seat)].data
                if typed is not None and typed != reading.points[name]:
                    reading.add_problem(seat, f"The sheet gives {name} "
                                              f"{reading.points[name]}: clear this or fix it.")
        return reading

    def event_fields(self, reading: ScoresReading) -> dict[str, Any]:
        if reading.sheet is not None:
            return {"went_out": None, "points": {}, **reading.sheet.event,
                    "entries": {"sheet": reading.values}}
        return {"went_out": None, "points": {}, "scores": reading.points}

    def flag(self, reading: ScoresReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the box of the player it names (else the first)."""
        location = tuple(error.location or ())
        if reading.sheet is not None and location[1:2] in (("elder",), ("deal",)):
            reading.problems.setdefault(SHEET_PROBLEM, error.message)
            return
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
