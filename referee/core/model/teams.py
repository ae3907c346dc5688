"""Partnerships any game may seat: the players split into teams seated alternately, and the
teams a table named read and checked against the shapes (teams, players in each) its game
allows. Each game says its shapes and title; the words come from them.

>>> [team.players for team in split_teams(["Ann", "Bo", "Cy", "Di"], 2, ((2, 2),), "Escoba")]
[('Ann', 'Cy'), ('Bo', 'Di')]
>>> shapes_words(((2, 2), (2, 3), (3, 2)))
'2 teams of 2, 2 teams of 3 or 3 teams of 2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import TeamSetupError, WrongTypeError
from ..text import clean_name, name_key
from .keeping import Team

Shapes = tuple[tuple[int, int], ...]


def shapes_words(shapes: Shapes) -> str:
    words = [f"{count} teams of {size}" for count, size in shapes]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def shape_message(title: str, shapes: Shapes, players: int, teams: int) -> str:
    return (f"{title} is played by {shapes_words(shapes)}; "
            f"{players} players in {teams} teams cannot be seated that way.")


def split_teams(players: Sequence[str], count: int, shapes: Shapes,
                title: str) -> tuple[Team, ...]:
    """The players, in seat order, split into ``count`` teams seated alternately, each named
    after its players."""
    shape = (count, len(players) // count if count else 0)
    if shape not in shapes or len(players) % count:
        raise TeamSetupError(shape_message(title, shapes, len(players), count), "players")
    return tuple(Team.of(players[i::count]) for i in range(count))


def read_teams(teams: Any, shapes: Shapes, title: str) -> tuple[Team, ...]:
    """Teams as the API gives them (``[{"name", "players"}]``), checked: a shape the game
    allows, every name once."""
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
    if (len(checked), sizes.pop() if sizes else 0) not in shapes:
        raise TeamSetupError(shape_message(title, shapes, len(team_of), len(checked)), "teams")
    return tuple(checked)


def _name(value: Any, location: tuple, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TeamSetupError(f"{what} needs a name.", location)
    return clean_name(value, location)  # as every player's name: NFC, no invisible marks
