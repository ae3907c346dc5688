"""The end-of-hand form of a game played in teams, and the core's team entry, each read as
the other: the twin of ``games_entry.EntryForm`` for ``EntryShape.TEAMS``.

What a team is asked (card classes, counters, named penalties), what each is worth and
what is wrong all come from the core (``referee.core.game.team_entry`` and the game's
``TeamSheet``); this module turns the form's fields into the core's ``TeamRow`` and back,
and makes the change a +/- asks for when the page posts it without JavaScript.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...core.game.team_entry import (
    TeamAmount,
    TeamReading,
    TeamRow,
    entered_team_rows,
    flag_team,
    read_team_hand,
    sheet_of,
)
from ...core.model.card_points import point_step
from ...core.model.keeping import EntryShape, Team
from ...core.model.ruleset import TableRules
from ...core.model.team_sheet import AMOUNTS, ScorePart, TeamSheet
from ...core.text import whole_number
from .entry import NOBODY, EntryForm
from .books_entry import BooksEntryForm
from .deal_sheet_entry import DealSheetEntryForm
from .pot_entry import PotEntryForm
from .scores_entry import ScoresEntryForm
from .stakes_entry import SettlementEntryForm
from .went_out_entry import WentOutEntryForm
from .team_forms import class_field, penalty_field, team_hand_form, total_field


def entry_form(state, hand: int | None = None) -> (
        EntryForm | TeamEntryForm | SettlementEntryForm | ScoresEntryForm | WentOutEntryForm
        | PotEntryForm | BooksEntryForm):
    """The entry form the game asks for: team by team, how a hand for stakes ended, who
    played a hand for a pot and the tricks each took, each player's books in a game of books, who went out, or seat by seat (with
    ``hand``'s players and dealer, for a game with a deal's score sheet). A hand for a pot is
    read against the pot the hand before ``hand`` left, with its dealer, as the fold will."""
    if state.keeping.books is not None:
        return BooksEntryForm(state.table)
    if state.keeping.shape is EntryShape.TEAMS:
        return TeamEntryForm(state.table, state.setup.teams)
    if state.keeping.shape is EntryShape.SETTLEMENT:
        return SettlementEntryForm(state.table)
    if state.keeping.shape is EntryShape.SCORES:
        if state.keeping.deal_sheet is not None and hand is not None:
            return DealSheetEntryForm(state.table, state.setup.teams, state.players_of(hand),
                                      state.known_dealer_of(hand))
        return ScoresEntryForm(state.table, state.setup.teams)
    if state.keeping.shape is EntryShape.WENT_OUT:
        return WentOutEntryForm(state.table)
    if state.keeping.shape is EntryShape.POT:
        hand = hand or state.hand or len(state.results)
        before = state.results[hand - 2].settlement if 2 <= hand <= len(state.results) + 1 \
            else None
        return PotEntryForm(state.table, before, state.dealer_of(hand))
    return EntryForm(state.table)


@dataclass(frozen=True)
class TeamEntryForm:
    table: TableRules
    teams: tuple[Team, ...]

    shape = EntryShape.TEAMS

    @cached_property
    def sheet(self) -> TeamSheet:
        return sheet_of(self.table)

    @cached_property
    def classes(self) -> dict[str, tuple]:
        return dict(self.sheet.classes(self.table.options))

    @cached_property
    def each(self) -> dict[str, int | None]:
        """What one of each counted thing earns, by part (``{"wild_piles": 1500}``)."""
        return {part.key: part.each for part in self.sheet.parts({}, self.table.options)}

    def bound(self, amount: str) -> str | None:
        """What the decks allow ``amount`` ("melded"), said beside it; ``None``: no bound."""
        return self.sheet.bounds(self.table.decks, self.table.options).get(amount)

    def form(self, players: int = 0, formdata=None, rows: Sequence[TeamRow] = (),
             went_out: str | None = None, **data):
        """``players`` is there to be asked like ``EntryForm.form``: the teams say the size."""
        return team_hand_form(self.sheet, self.classes, len(self.teams), formdata,
                              rows=self._form_rows(rows), went_out=went_out, **data)

    def prefilled(self, players: Sequence[str], result, **data):
        """The form showing a scored hand as it was entered, to correct it."""
        entered = {name: dict(entry) for name, entry in result.teams.items()}
        rows = entered_team_rows(self.table, self.teams, entered, result.entries)
        names = [team.name for team in self.teams]
        mark = NOBODY if result.went_out not in names else str(names.index(result.went_out))
        return self.form(rows=rows, went_out=mark, **data)

    def _form_rows(self, rows: Sequence[TeamRow]) -> dict[str, dict[str, Any]]:
        data = {}
        for index, row in enumerate(rows):
            fields: dict[str, Any] = {}
            for part in AMOUNTS:
                amount = getattr(row, part)
                fields |= {class_field(part, c.key): amount.counts.get(c.key) or None
                           for c in self.classes[part]}
                fields[total_field(part)] = amount.total
            fields |= {c.field: row.counters.get(c.field) for c in self.sheet.counters}
            fields |= {penalty_field(p.key): row.penalties.get(p.key) or None
                       for p in self.sheet.penalties}
            data[f"team{index}"] = fields
        return data

    # --- Reading -------------------------------------------------------------------------------

    def rows(self, form) -> list[TeamRow]:
        rows = []
        for index in range(len(self.teams)):
            data = form.team(index).data
            amounts = {part: TeamAmount(
                {c.key: data.get(class_field(part, c.key)) for c in self.classes[part]},
                data.get(total_field(part))) for part in AMOUNTS}
            rows.append(TeamRow(
                counters={c.field: data.get(c.field) for c in self.sheet.counters},
                penalties={p.key: data.get(penalty_field(p.key)) for p in self.sheet.penalties},
                **amounts))
        return rows

    def read(self, form, players: Sequence[str], marks: Sequence[str]) -> TeamReading:
        """The core's reading of the form, with what the form itself could not read (a word
        where a number goes) beside the field it was typed in."""
        seats = [None if mark == NOBODY else whole_number(mark) for mark in marks
                 if mark == NOBODY or whole_number(mark) is not None]
        reading = read_team_hand(self.table, self.teams, seats, self.rows(form))
        for index, team in enumerate(self.teams):
            for field in form.team(index):
                for error in field.errors:
                    reading.problems[team.name, self.field_of(field.short_name)] = (
                        f"{field.label.text}: {error}")
        return reading

    def preview(self, form) -> TeamReading:
        """The form as it stands, read for the parts it shows (its problems are not shown)."""
        return self.read(form, (), [form.went_out.data] if form.went_out.data else [])

    def field_of(self, name: str) -> str:
        """The entry field a form field feeds: ``held_ace`` feeds ``held``."""
        for part in AMOUNTS:
            if name.startswith(f"{part}_"):
                return part
        return "penalties" if name.startswith("penalty_") else name

    def event_fields(self, reading: TeamReading) -> dict[str, Any]:
        """The hand's event as the read form makes it: each team's numbers, and how they were
        entered."""
        return {"went_out": None, "points": {}, "teams": reading.teams,
                "entries": reading.entries}

    def flag(self, reading: TeamReading, players: Sequence[str], error) -> None:
        flag_team(reading, self.teams, error)

    # --- What the page carries for static/games.js ---------------------------------------------

    def card_values_json(self) -> str:
        return "{}"  # no card is tapped: each stepper carries its own worth

    @property
    def point_step(self) -> int:
        return point_step(self.table)

    least_held = 0

    def sign(self, part: ScorePart | str) -> int:
        """-1 for a part that counts against the team."""
        key = part if isinstance(part, str) else part.key
        against = {self.sheet.amount_parts.get(field, field) for field in self.sheet.against}
        return -1 if key in against else 1

    # --- A +/- pressed without JavaScript ------------------------------------------------------

    def step(self, form, step: str) -> None:
        """``team1:held_ace:+1``: one more (or fewer) of a count of a team."""
        where, _, rest = step.partition(":")
        name, _, delta = rest.partition(":")
        index = whole_number(where.removeprefix("team"))
        if not where.startswith("team") or index is None or index >= len(self.teams):
            return
        group = form.team(index)
        if name not in {field.short_name for field in group} or name.endswith("_total"):
            return
        field = group[name]
        field.errors = []
        field.data = max(0, (field.data or 0) + (1 if delta == "+1" else -1))
        part = self.field_of(name)
        if part in AMOUNTS:  # counting replaces a typed total, as on screen
            group[total_field(part)].data = None

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on a team's entry."""
