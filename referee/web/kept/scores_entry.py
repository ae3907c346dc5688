"""The end-of-hand form of a game entered as each side's points (``EntryShape.SCORES``:
Piquet's deals, Escoba's hands), and the fields of its ``hand_scored`` event, each read as
the other. A side is a player, or a team in a game of teams.

Where the ruleset has a ``SideSheet`` (Escoba's captures), each side's counts may be entered
instead of its points: the boxes, their words and the points in parts are the sheet's.
What a score or a count may be, and what is wrong with one, is the core's
(``Keeping.score``); this module only turns the form's boxes into names and the core's
refusals back into the box they concern.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms import BooleanField, StringField
from wtforms.validators import Length, Optional

from ...core import RefereeInputError
from ...core.model.deal_sheet import SheetBox, SheetScore
from ...core.model.keeping import EntryShape, ScoreSheet, Team
from ...core.model.ruleset import TableRules
from ...core.model.side_sheet import CARDS, COUNT, YES_NO, SideSheet
from ...core.model.team_sheet import ScorePart
from ...core.rule_anchors import RuleAnchor
from ...core.text import name_key
from ..forms import HandForm, WholeNumberField

MAX_CARDS_TEXT = 80


def score_field(seat: int) -> str:
    return f"score{seat}"


def box_field(seat: int, key: str) -> str:
    return f"side{seat}_{key}"


@dataclass
class ScoresReading:
    """The form as the core reads it: each side's points, its counts where they were entered
    (and the points in parts), and the problems by box."""

    points: dict[str, int]
    problems: dict[str, str] = field(default_factory=dict)
    rule: RuleAnchor | None = None
    sides: dict[str, dict[str, Any]] = field(default_factory=dict)
    parts: Mapping[str, tuple[ScorePart, ...]] = field(default_factory=dict)
    # A game with a deal's score sheet (deal_sheet_entry.py): the hand scored from the
    # sheet's boxes, part by part, and those boxes as filled.
    sheet: SheetScore | None = None
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        return ", ".join(f"{name} {points}{self._parts(name)}"
                         for name, points in self.points.items())

    def _parts(self, name: str) -> str:
        earned = [part for part in self.parts.get(name, ()) if part.points]
        return f" ({', '.join(part.describe() for part in earned)})" if earned else ""

    def add_problem(self, seat: int, message: str, box: str | None = None) -> None:
        self.problems.setdefault(box_field(seat, box) if box else score_field(seat), message)


@dataclass(frozen=True)
class ScoresEntryForm:
    table: TableRules
    teams: tuple[Team, ...] = ()

    shape = EntryShape.SCORES
    point_step = 1
    least_held = 0

    @property
    def sheet(self) -> SideSheet | None:
        return self.table.ruleset.keeping.side_sheet

    @property
    def boxes(self) -> tuple[SheetBox, ...]:
        """A deal's score sheet's boxes: none here (``DealSheetEntryForm`` has them)."""
        return ()

    @property
    def hand_dealer(self) -> str | None:
        """The hand's dealer, where the form knows it (``DealSheetEntryForm`` does)."""
        return None

    def bounds_words(self, players: Sequence[str]) -> str:
        """What the cards allow the typed scores, in the game's words, shown beside them;
        empty where each is only 0 to the game's most."""
        bounds = self.table.ruleset.keeping.score_bounds
        return bounds(self.sides(players), self.hand_dealer).words() if bounds else ""

    def sides(self, players: Sequence[str]) -> tuple[str, ...]:
        """Who scores: the teams, in a game of teams, else the players."""
        return tuple(team.name for team in self.teams) or tuple(players)

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> HandForm:
        return self.form_class(players)(formdata=formdata, **(rows or {}), **data)

    def form_class(self, players: int) -> type[HandForm]:
        """The form's class: a points box per side, and each side's counts where the game
        has a side sheet."""
        count = len(self.teams) or players

        class SeatedScoresForm(HandForm):
            seats = count

        for seat in range(count):
            setattr(SeatedScoresForm, score_field(seat),
                    WholeNumberField(validators=[Optional()]))
            for box in self.sheet.boxes if self.sheet else ():
                setattr(SeatedScoresForm, box_field(seat, box.key), _box(box))
        return SeatedScoresForm

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a scored hand as it was entered, to correct it: each side's counts
        where it was entered so, else each side's points."""
        names = self.sides(players)
        if self.sheet is not None and result.sides:
            # An entry sent through the API may name a side in another case.
            given = {name_key(name): entry for name, entry in result.sides.items()}
            rows = {box_field(seat, box.key): (given.get(name_key(name)) or {}).get(box.key)
                    for seat, name in enumerate(names) for box in self.sheet.boxes}
            return self.form(len(players), rows=rows, **data)
        rows = {score_field(seat): result.scores.get(name) for seat, name in enumerate(names)}
        return self.form(len(players), rows=rows, **data)

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> ScoresReading:
        names = self.sides(players)
        if self.sheet is not None and self._counted(form, len(names)):
            return self._read_counts(form, names)
        reading = ScoresReading({})
        for seat, name in enumerate(names):
            box = form[score_field(seat)]
            if box.errors:
                reading.problems[score_field(seat)] = f"{name}: {box.errors[0]}"
            elif box.data is None:
                reading.problems[score_field(seat)] = f"Type {name}'s points (0 for none)."
            else:
                reading.points[name] = box.data
        if reading.ok:
            self._check(reading, names, ScoreSheet(None, scores=reading.points))
        return reading

    def _counted(self, form, sides: int) -> bool:
        """Whether any side's counts were entered (else the points are typed)."""
        assert self.sheet is not None
        return any(form[box_field(seat, box.key)].data not in (None, "", False)
                   for seat in range(sides) for box in self.sheet.boxes)

    def _read_counts(self, form, names: Sequence[str]) -> ScoresReading:
        assert self.sheet is not None
        reading = ScoresReading({})
        for seat, name in enumerate(names):
            entry: dict[str, Any] = {}
            for box in self.sheet.boxes:
                given = form[box_field(seat, box.key)]
                if given.errors:
                    reading.add_problem(seat, f"{name}: {given.errors[0]}", box.key)
                elif box.kind == CARDS:
                    entry[box.key] = (given.data or "").strip() or None
                elif box.kind == YES_NO:
                    entry[box.key] = bool(given.data)
                elif given.data is None and box is self.sheet.boxes[0]:
                    reading.add_problem(seat, f"Type how many cards {name} took.", box.key)
                else:
                    entry[box.key] = given.data or 0
            reading.sides[name] = entry
        if reading.ok:
            try:
                reading.parts = self.sheet.parts(names, reading.sides)
            except RefereeInputError as error:
                self.flag(reading, names, error)
                return reading
            reading.points = {name: sum(part.points for part in reading.parts[name])
                              for name in names}
            self._check(reading, names, ScoreSheet(None, sides=reading.sides))
        return reading

    def _check(self, reading: ScoresReading, names: Sequence[str], sheet: ScoreSheet) -> None:
        try:
            self.table.ruleset.keeping.score(self.table, names, sheet, dealer=self.hand_dealer)
        except RefereeInputError as error:
            self.flag(reading, names, error)

    def event_fields(self, reading: ScoresReading) -> dict[str, Any]:
        if reading.sides:
            return {"went_out": None, "points": {}, "sides": reading.sides}
        return {"went_out": None, "points": {}, "scores": reading.points}

    def flag(self, reading: ScoresReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the box it names: a side's count, else that
        side's points (else the first side's)."""
        names = self.sides(players)
        location = tuple(error.location or ())
        named = location[2] if len(location) > 2 and location[2] in names else names[0]
        keys = {box.key for box in self.sheet.boxes} if self.sheet else set()
        box = location[3] if len(location) > 3 and location[3] in keys else None
        if box is None and reading.sides and keys:
            box = self.sheet.boxes[0].key  # a count that does not add up: beside the first
        reading.add_problem(list(names).index(named), error.message, box)
        reading.rule = reading.rule or error.rule

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # no card is counted here: the points are typed

    def step(self, form, step: str) -> None:
        """No +/- on this form."""

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""


def _box(box):
    if box.kind == YES_NO:
        return BooleanField(box.label)
    if box.kind == CARDS:
        return StringField(box.label, validators=[Length(
            max=MAX_CARDS_TEXT, message="Too many cards: give one of each suit.")])
    assert box.kind == COUNT
    return WholeNumberField(box.label, validators=[Optional()])
