"""Hand and Foot's partnerships: two teams of two by default, partners never side by side.

Players are listed in seat order, round the table in playing order; partners sit
alternately, so the turn passes from team to team.

>>> [team.players for team in default_teams(["Ann", "Bo", "Cy", "Di"])]
[('Ann', 'Cy'), ('Bo', 'Di')]
>>> [team.name for team in default_teams(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], teams=3)]
['Ann & Di', 'Bo & Ed', 'Cy & Flo']
>>> seating(default_teams(["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], teams=3))
('Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import TeamSetupError
from ...model.keeping import Team
from ...model.teams import read_teams, shapes_words, split_teams
from .cards import TITLE

# (teams, players in each) a table may choose
SHAPES = ((2, 2), (2, 3), (3, 2))


def default_teams(players: Sequence[str], teams: int | None = None) -> tuple[Team, ...]:
    """The players, in seat order, split into ``teams`` teams seated alternately
    (two teams unless said), each named after its players."""
    return split_teams(players, teams or 2, SHAPES, TITLE)


def largest_team(teams: int) -> int:
    """The most players a team may have when there are ``teams`` teams; raises for a number
    of teams no table has.

    >>> largest_team(2), largest_team(3)
    (3, 2)
    """
    sizes = [size for count, size in SHAPES if count == teams]
    if not sizes:
        counts = " or ".join(sorted({str(count) for count, _ in SHAPES}))
        raise TeamSetupError(f"{TITLE} is played by {counts} teams "
                             f"({shapes_words(SHAPES)}), not {teams}.", "teams")
    return max(sizes)


def seating(teams: Sequence[Team]) -> tuple[str, ...]:
    """The players in seat order: the first of each team, then the second of each, and so on."""
    return tuple(team.players[seat] for seat in range(len(teams[0].players)) for team in teams)


def check_teams(teams: Any) -> tuple[Team, ...]:
    """Teams as the API gives them (``[{"name", "players"}]``), checked: 2 teams of 2, 2 of 3
    or 3 of 2, every name once.

    >>> check_teams([{"name": "Us", "players": ["Ann", "Cy"]},
    ...              {"name": "Them", "players": ["Bo", "ann"]}])
    Traceback (most recent call last):
    ...
    referee.core.errors.TeamSetupError: ann is already in team Us.
    """
    return read_teams(teams, SHAPES, TITLE)
