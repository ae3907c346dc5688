"""The end-of-hand form of a game that offers a deal's score sheet (``Keeping.deal_sheet``:
Piquet's declarations and tricks), besides each player's typed points: filled, the hand is
scored from the sheet's boxes and kept as the game's sheet, part by part.

What a sheet may say, and what is wrong with it, is the core's (the sheet's ``read`` and
``Keeping.score``); this module only lays the boxes out as fields and puts the core's
refusals back beside the box they concern.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wtforms import StringField
from wtforms.validators import AnyOf, Length, Optional

from ...core import RefereeInputError
from ...core.game import GameState
from ...core.model.deal_sheet import SheetBox, SheetScore
from ...core.model.keeping import ScoreSheet
from ..forms import HandForm, WholeNumberField
from .scores_entry import ScoresEntryForm, ScoresReading, score_field

SHEET_PROBLEM = "sheet"  # a refusal of the sheet as a whole, shown above its parts
MOST_SAID = 80  # characters in a box of words: a declaration is a few words


def _box_field(box: SheetBox):
    if box.kind == "number":
        return WholeNumberField(validators=[Optional()])
    if box.kind == "choice":
        return StringField(default="", validators=[Optional(), AnyOf(
            [value for value, _ in box.choices], message="Tap one of these.")])
    return StringField(validators=[Length(max=MOST_SAID, message="That is too long.")])


@dataclass(frozen=True)
class DealSheetEntryForm(ScoresEntryForm):
    players: tuple[str, ...] = ()  # the hand's, and its dealer: the sheet's boxes name them
    dealer: str | None = None

    @property
    def boxes(self) -> tuple[SheetBox, ...]:
        """The score sheet's boxes, once the hand's dealer is known."""
        sheet = self.table.ruleset.keeping.deal_sheet
        if sheet is None or self.dealer is None:
            return ()
        return sheet.boxes(self.players, self.dealer)

    @property
    def hand_dealer(self) -> str | None:
        return self.dealer

    @property
    def groups(self) -> list[tuple[str, list[SheetBox]]]:
        """The boxes under their headings, in order."""
        grouped: dict[str, list[SheetBox]] = {}
        for box in self.boxes:
            grouped.setdefault(box.group, []).append(box)
        return list(grouped.items())

    def form_class(self, players: int) -> type[HandForm]:
        class SheetScoresForm(super().form_class(players)):
            pass

        for box in self.boxes:
            setattr(SheetScoresForm, box.key, _box_field(box))
        return SheetScoresForm

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a scored hand as it was entered, to correct it: its sheet's
        boxes where it was scored from them, else each player's points."""
        said = result.entries.get("sheet")
        if said and self.boxes:
            return self.form(len(players), rows=dict(said), **data)
        return super().prefilled(players, result, **data)

    def sheet_values(self, form) -> dict[str, Any]:
        """The sheet's boxes as filled (the empty ones left out)."""
        values = {box.key: form[box.key].data for box in self.boxes}
        return {key: value for key, value in values.items() if value not in (None, "")}

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> ScoresReading:
        values = self.sheet_values(form) if self.boxes else {}
        if values:
            return self._read_sheet(form, players, values)
        return super().read(form, players, marks)

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
        return super().event_fields(reading)

    def flag(self, reading: ScoresReading, players: Sequence[str], error) -> None:
        """A refusal of the sheet as a whole goes above its parts; else beside a player's."""
        location = tuple(error.location or ())
        if reading.sheet is not None and location[1:2] in (("elder",), ("deal",)):
            reading.problems.setdefault(SHEET_PROBLEM, error.message)
            return
        super().flag(reading, players, error)


def saved_sheet(state: GameState, hand: int) -> SheetScore | None:
    """How hand ``hand`` scored part by part, where it was saved from the game's score sheet
    (the core works the kept boxes out again)."""
    sheet = state.keeping.deal_sheet
    if sheet is None or not 1 <= hand <= len(state.results):
        return None
    said = state.results[hand - 1].entries.get("sheet")
    if not said:
        return None
    try:
        return sheet.read(state.players_of(hand), state.dealer_of(hand), dict(said))
    except RefereeInputError:  # a sheet the game's rules now read otherwise: its totals stand
        return None


def totals_before(state: GameState, hand: int) -> dict[str, int]:
    """Each player's total before hand ``hand``."""
    return {name: sum(result.scores.get(name, 0) for result in state.results[:hand - 1])
            for name in state.players_of(hand)}
