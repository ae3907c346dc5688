"""Reading an end-of-hand entry team by team, for a game played in teams (``EntryShape.TEAMS``).

Each team's melded and held cards are counted by class (the game's ``TeamSheet``) or
typed as a total; its counters and named penalties are counts. The reading is the
``teams`` object of the hand's event, how each number was entered (for the history and
a correction), each team's score in parts as the screen shows it, and each problem by
team and field, the game's own checks included.

>>> from referee.core.games.registry import get_ruleset
>>> from referee.core.model.keeping import Team
>>> table = get_ruleset("hand-and-foot").configure()
>>> teams = (Team("Us", ("Ann", "Cy")), Team("Them", ("Bo", "Di")))
>>> us = TeamRow(melded=TeamAmount(counts={"joker": 4, "high": 25}), held=TeamAmount(total=0),
...              counters={"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1})
>>> them = TeamRow(melded=TeamAmount(total=300), held=TeamAmount(counts={"ace": 1}),
...                penalties={"pile_unused": 1})
>>> reading = read_team_hand(table, teams, [0], [us, them])
>>> reading.ok, reading.totals
(True, {'Us': 3650, 'Them': 230})
>>> reading.teams["Them"]["penalties"], reading.entries["Them"]["penalties"]
(50, {'pile_unused': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RefereeInputError
from ..rule_anchors import RuleAnchor
from ..model.keeping import ScoreSheet, Team
from ..model.ruleset import TableRules
from ..model.team_sheet import AMOUNTS, OUT_FIELD, PENALTY_FIELD, ScorePart, TeamSheet

GENERAL = ""  # the field of a problem about the whole entry, not one number


@dataclass(frozen=True)
class TeamAmount:
    """Cards counted by class (``CardClass.key``), or a typed total."""

    counts: Mapping[str, int | None] = field(default_factory=dict)
    total: int | None = None


@dataclass(frozen=True)
class TeamRow:
    melded: TeamAmount = field(default_factory=TeamAmount)
    held: TeamAmount = field(default_factory=TeamAmount)
    counters: Mapping[str, int | None] = field(default_factory=dict)  # by entry field
    penalties: Mapping[str, int | None] = field(default_factory=dict)  # by Penalty.key


@dataclass
class TeamReading:
    teams: dict[str, dict[str, Any]] = field(default_factory=dict)  # the event's entry, by team
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # how it was entered
    parts: dict[str, tuple[ScorePart, ...]] = field(default_factory=dict)  # for the screen
    totals: dict[str, int | None] = field(default_factory=dict)
    amounts: dict[tuple[str, str], int | None] = field(default_factory=dict)  # (team, "held")
    problems: dict[tuple[str, str], str] = field(default_factory=dict)  # (team, field)
    went_out_problem: str | None = None
    rule: RuleAnchor | None = None  # the rule the first refusal applies, for the screen's link
    went_out: str | None = None
    went_rummy = False  # asked like a seat's reading: no team goes rummy

    @property
    def ok(self) -> bool:
        return not self.problems and not self.went_out_problem

    def add_problem(self, team: str, where: str, message: str) -> None:
        key = (team, where)
        self.problems[key] = " ".join(filter(None, [self.problems.get(key), message]))

    def has_problem(self, team: str) -> bool:
        return any(name == team for name, _ in self.problems)

    def problem(self, team: str, *where: str) -> str | None:
        """What is wrong with any of the fields ``where`` of a team."""
        found = [self.problems[team, each] for each in where if (team, each) in self.problems]
        return " ".join(found) or None


def sheet_of(table: TableRules) -> TeamSheet:
    partnerships = table.ruleset.keeping.partnerships
    assert partnerships is not None and partnerships.sheet is not None
    return partnerships.sheet


def read_team_hand(table: TableRules, teams: Sequence[Team], went_out: Sequence[int | None],
                   rows: Sequence[TeamRow]) -> TeamReading:
    """The whole form: ``went_out`` is every team marked out, ``None`` for "nobody" (one mark
    is right; two teams marked are left to the game's own check, beside the second)."""
    sheet = sheet_of(table)
    reading = TeamReading()
    marks = {*went_out}
    marked = {mark for mark in marks if mark is not None and 0 <= mark < len(teams)}
    nobody = marks == {None}
    if not nobody and (not marked or marked != marks):  # none, or nobody beside a team
        reading.went_out_problem = "Tap the team that went out, or Nobody if the stock ran dry."
    rows = [*rows, *[TeamRow()] * (len(teams) - len(rows))]
    for index, (team, row) in enumerate(zip(teams, rows)):
        _read_team(table, sheet, reading, team.name, row, index in marked)
    if reading.ok:
        try:
            table.ruleset.keeping.score(table, (), ScoreSheet(None, teams=reading.teams),
                                        teams=teams)
        except RefereeInputError as error:
            flag_team(reading, teams, error)
    reading.went_out = next((team.name for index, team in enumerate(teams)
                             if index in marked), None)
    return reading


def _read_team(table: TableRules, sheet: TeamSheet, reading: TeamReading, team: str,
               row: TeamRow, out: bool) -> None:
    classes = sheet.classes(table.options)
    entry: dict[str, Any] = {}
    how: dict[str, Any] = {}
    for part in AMOUNTS:
        amount: TeamAmount = getattr(row, part)
        counts = {c.key: amount.counts.get(c.key) or 0 for c in classes[part]}
        counted = sum(counts[c.key] * c.points for c in classes[part])
        if counted and amount.total is not None and amount.total != counted:
            reading.add_problem(team, part, f"The counted cards make {counted}, but the typed "
                                            f"total says {amount.total}: clear one of them.")
        if counted:
            how[part] = {"way": "counts", "counts": counts}
        elif amount.total is not None:
            how[part] = {"way": "total", "total": amount.total}
        entry[part] = counted or amount.total or 0
        reading.amounts[team, part] = counted or amount.total
    for counter in sheet.counters:
        entry[counter.field] = row.counters.get(counter.field) or 0
    entry[OUT_FIELD] = out
    charged = {p.key: row.penalties.get(p.key) or 0 for p in sheet.penalties}
    entry[PENALTY_FIELD] = sum(charged[p.key] * p.points for p in sheet.penalties)
    if any(charged.values()):
        how[PENALTY_FIELD] = {key: count for key, count in charged.items() if count}
    reading.teams[team] = entry
    if how:
        reading.entries[team] = how
    reading.parts[team] = sheet.parts(entry, table.options)
    reading.totals[team] = sum(part.points for part in reading.parts[team])


def flag_team(reading: TeamReading, teams: Sequence[Team], error: RefereeInputError) -> None:
    """Put a problem the game found beside the team and field its location names
    (``("event", "teams", "Us", "went_out")``), or else over the whole entry."""
    location = error.location
    for team in teams:
        if location[:3] == ("event", "teams", team.name):
            where = str(location[3]) if len(location) > 3 else GENERAL
            reading.add_problem(team.name, where, error.message)
            break
    else:
        reading.went_out_problem = error.message
    reading.rule = reading.rule or error.rule


# --- A scored hand as its entry was made, to correct it -----------------------------------------

def entered_team_rows(table: TableRules, teams: Sequence[Team],
                      entered: Mapping[str, Mapping[str, Any]],
                      entries: Mapping[str, Any] | None) -> list[TeamRow]:
    """Each team's row as the scored hand was entered: counted cards as counted, other
    numbers as typed totals; penalties as counted, or (entered without their names) as the
    costliest penalties that make them up."""
    sheet = sheet_of(table)
    rows = []
    for team in teams:
        numbers = entered.get(team.name) or {}
        how = (entries or {}).get(team.name) or {}
        amounts = {part: _entered_amount(how.get(part), numbers.get(part) or 0)
                   for part in AMOUNTS}
        counters = {c.field: numbers.get(c.field) or None for c in sheet.counters}
        penalties = how.get(PENALTY_FIELD) if isinstance(how.get(PENALTY_FIELD), Mapping) else \
            _penalties_making(sheet, numbers.get(PENALTY_FIELD) or 0)
        rows.append(TeamRow(counters=counters, penalties=dict(penalties), **amounts))
    return rows


def _entered_amount(how: Any, points: int) -> TeamAmount:
    if isinstance(how, Mapping) and how.get("way") == "counts":
        return TeamAmount(counts=dict(how.get("counts") or {}))
    if isinstance(how, Mapping) and how.get("way") == "total" or points:
        return TeamAmount(total=points)
    return TeamAmount()


def _penalties_making(sheet: TeamSheet, points: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for penalty in sorted(sheet.penalties, key=lambda p: -p.points):
        counts[penalty.key], points = divmod(points, penalty.points)
    return {key: count for key, count in counts.items() if count}
