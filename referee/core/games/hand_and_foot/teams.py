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

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import TeamSetupError, WrongTypeError
from ...text import clean_name, name_key
from ...model.keeping import Team

# (teams, players in each) a table may choose
SHAPES = ((2, 2), (2, 3), (3, 2))
_SHAPE_WORDS = "2 teams of 2, 2 teams of 3 or 3 teams of 2"


def default_teams(players: Sequence[str], teams: int | None = None) -> tuple[Team, ...]:
    """The players, in seat order, split into ``teams`` teams seated alternately
    (two teams unless said), each named after its players."""
    count = teams or 2
    shape = (count, len(players) // count if count else 0)
    if shape not in SHAPES or len(players) % count:
        raise TeamSetupError(_shape_message(len(players), count), "players")
    return tuple(Team.of(players[i::count]) for i in range(count))


def largest_team(teams: int) -> int:
    """The most players a team may have when there are ``teams`` teams; raises for a number
    of teams no table has.

    >>> largest_team(2), largest_team(3)
    (3, 2)
    """
    sizes = [size for count, size in SHAPES if count == teams]
    if not sizes:
        counts = " or ".join(sorted({str(count) for count, _ in SHAPES}))
        raise TeamSetupError(f"Hand and Foot is played by {counts} teams "
                             f"({_SHAPE_WORDS}), not {teams}.", "teams")
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
    if isinstance(teams, (str, bytes, Mapping)) or not isinstance(teams, Sequence):
        raise WrongTypeError("teams must be a list of teams, each with a name and players.",
                             "teams")
    checked: list[Team] = []
    team_of: dict[str, str] = {}
    for i, given in enumerate(teams):
        if not isinstance(given, Mapping):
            raise WrongTypeError("Each team must have a name and players.", ("teams", i))
        name = _name(given.get("name"), ("teams", i, "name"), "A team")
        if any(name_key(team.name) == name_key(name) for team in checked):
            raise TeamSetupError(f"Two teams are called {name}; name each differently.",
                                 ("teams", i, "name"))
        players = given.get("players")
        if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Sequence):
            raise WrongTypeError("A team's players must be a list of names.",
                                 ("teams", i, "players"))
        names = []
        for j, player in enumerate(players):
            player = _name(player, ("teams", i, "players", j), "A player")
            if name_key(player) in team_of:
                raise TeamSetupError(f"{player} is already in team {team_of[name_key(player)]}.",
                                     ("teams", i, "players", j))
            team_of[name_key(player)] = name
            names.append(player)
        checked.append(Team(name, tuple(names)))
    sizes = {len(team.players) for team in checked}
    if len(sizes) > 1:
        raise TeamSetupError("Every team must have as many players as the others.", "teams")
    if (len(checked), sizes.pop() if sizes else 0) not in SHAPES:
        raise TeamSetupError(_shape_message(len(team_of), len(checked)), "teams")
    return tuple(checked)


def _name(value: Any, location: tuple, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TeamSetupError(f"{what} needs a name.", location)
    return clean_name(value, location)  # as every player's name: NFC, no invisible marks


def _shape_message(players: int, teams: int) -> str:
    return (f"Hand and Foot is played by {_SHAPE_WORDS}; "
            f"{players} players in {teams} teams cannot be seated that way.")
