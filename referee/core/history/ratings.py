"""Ratings per game: openskill's Plackett-Luce model at its defaults, game by game.

Every finished game is rated once, in the order the games finished: each side ranked by its
place in the game's final ranking (equal places tie), a team rated as the team of its
players. The figure a family reads is openskill's ordinal (mu - 3 sigma), the conservative
one: it starts at 0 and climbs as the games show how good a player is, so a player with few
games is "still settling".

>>> from datetime import datetime
>>> from ..game.stats import GameSummary
>>> def game(n, places):
...     summary = GameSummary("500", "500 Rummy", tuple(places), dict.fromkeys(places, 0), 3,
...                           None, None, "first to 500", (), (), True, places=places)
...     return FinishedGame(f"g{n}", datetime(2026, 1, n), summary)
>>> ratings = rate("500", [game(1, {"Ann": 1, "Bo": 2}), game(2, {"Ann": 1, "Bo": 2})])
>>> [(r.name, r.games, r.words) for r in ratings.players]
[('Ann', 2, 'rating 6, still settling'), ('Bo', 2, 'rating -3, still settling')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from openskill.models import PlackettLuce

from .games import FinishedGame, Person, in_finish_order, same_name, sides_of

# A player's rating still moves a lot over their first games: "still settling" until then.
SETTLED_AFTER = 5


@dataclass(frozen=True)
class Rating:
    name: str  # the person
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: the figure shown
    games: int  # rated games played
    settling: bool

    @property
    def words(self) -> str:
        """``'rating 27'``, or ``'rating 27, still settling'`` over a player's first games."""
        figure = f"rating {round(self.ordinal)}"
        return f"{figure}, still settling" if self.settling else figure


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating just after one game."""

    game_id: str
    finished_at: datetime
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class Ratings:
    ruleset: str
    players: tuple[Rating, ...]  # by ordinal, highest first
    history: dict[str, tuple[RatingPoint, ...]] = field(default_factory=dict)

    def of(self, name: str) -> Rating | None:
        return next((rating for rating in self.players if rating.name == name), None)


def rate(ruleset: str, games: Sequence[FinishedGame], person: Person = same_name,
         earlier: Ratings | None = None, unchanged: int = 0) -> Ratings:
    """The ratings after every game in ``games`` (any order: they are rated in the order they
    finished). ``earlier`` rated the same first ``unchanged`` games (in finish order) with the
    same ``person``: those are taken from it, and only the games after them rated again (a
    correction of a finished game rates again from that game on)."""
    model = PlackettLuce()
    ordered = in_finish_order(games)
    current: dict[str, object] = {}
    history: dict[str, list[RatingPoint]] = {}
    if earlier is not None and unchanged:
        kept = {game.game_id for game in ordered[:unchanged]}
        for name, points in earlier.history.items():
            before = [point for point in points if point.game_id in kept]
            if before:
                history[name] = before
                current[name] = model.rating(mu=before[-1].mu, sigma=before[-1].sigma,
                                             name=name)
    else:
        unchanged = 0
    for game in ordered[unchanged:]:
        sides = sides_of(game.summary, person)
        if len(sides) < 2:
            continue  # nobody to be ranked against
        teams = [[current.get(who) or model.rating(name=who) for who in side.people]
                 for side in sides]
        rated = model.rate(teams, ranks=[float(side.place) for side in sides])
        for side, team in zip(sides, rated):
            for who, rating in zip(side.people, team):
                current[who] = rating
                history.setdefault(who, []).append(RatingPoint(
                    game.game_id, game.finished_at, rating.mu, rating.sigma, rating.ordinal()))
    players = [Rating(name, rating.mu, rating.sigma, rating.ordinal(), len(history[name]),
                      len(history[name]) < SETTLED_AFTER)
               for name, rating in current.items()]
    players.sort(key=lambda rating: (-rating.ordinal, rating.name.casefold()))
    return Ratings(ruleset, tuple(players),
                   {name: tuple(points) for name, points in history.items()})
