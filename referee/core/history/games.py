"""One kept game as the family's history reads it, and who sat on which side of it.

A game is read from its summary only (``GameSummary``), never folded again; the people in it
are the names as played, mapped by ``person`` to whom they are (two names joined as one
person count as that person).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from ..game.stats import GameSummary

Person = Callable[[str], str]  # a name as played -> the person it is (joined names)


def same_name(name: str) -> str:
    """Every name its own person: ``person`` where no names are joined."""
    return name


@dataclass(frozen=True)
class FinishedGame:
    """A finished game, when it finished, and its summary."""

    game_id: str
    finished_at: datetime
    summary: GameSummary


@dataclass(frozen=True)
class PlayedGame:
    """Any kept game, finished or not, with when it began (and finished, once it has)."""

    game_id: str
    started_at: datetime
    finished_at: datetime | None
    summary: GameSummary

    @property
    def at(self) -> datetime:
        """When the game counts as played: when it finished, else when it began."""
        return self.finished_at or self.started_at

    @property
    def as_finished(self) -> FinishedGame | None:
        if not self.summary.finished or self.finished_at is None:
            return None
        return FinishedGame(self.game_id, self.finished_at, self.summary)


@dataclass(frozen=True)
class Side:
    """One side of a finished game: its name in the summary (a team's, or the player's), the
    people on it, its final place and total."""

    name: str
    people: tuple[str, ...]
    place: int
    total: int


def sides_of(summary: GameSummary, person: Person) -> tuple[Side, ...]:
    """The sides of a game, each with its people (a player under two joined names in one game
    counts once, on the first side met), in seat order.

    >>> summary = GameSummary("eversol", "Eversol Rummy", ("Ann", "Bo", "Cy"),
    ...                       {"Ann": 20, "Bo": 5, "Cy": 20}, 6, None, 6, "6 hands", ("Bo",),
    ...                       ("Bo",), True, places={"Bo": 1, "Ann": 2, "Cy": 2})
    >>> [(s.name, s.people, s.place) for s in sides_of(summary, same_name)]
    [('Ann', ('Ann',), 2), ('Bo', ('Bo',), 1), ('Cy', ('Cy',), 2)]
    """
    members: dict[str, list[str]] = {}
    seen: set[str] = set()
    for player in summary.players:
        who = person(player)
        side = summary.side_of(player)
        members.setdefault(side, [])
        if who not in seen:
            seen.add(who)
            members[side].append(who)
    last = len(members)
    return tuple(Side(side, tuple(people), summary.places.get(side, last),
                      summary.totals.get(side, 0))
                 for side, people in members.items() if people)


def in_finish_order(games):
    """Games in the order they finished (their ids apart equal times)."""
    return sorted(games, key=lambda game: (game.finished_at, game.game_id))
