"""Players across games: how often they played and won, and what a hand brings them.

A hand's score means something different in each game (Eversol counts what was
caught against you, 500 what you melded less what you held), so the average
hand is kept per game.

>>> from referee.core.game import GameSetup, HandScored, replay
>>> one = replay(GameSetup.create("eversol", ["Abe", "Ben"], first_dealer="Abe"),
...              [HandScored(1, "Ben", {"Abe": 20})])
>>> [(s.name, s.played, s.won, s.average_hands) for s in player_stats([one])]
[('Abe', 1, 0, {'Eversol Rummy': 20.0}), ('Ben', 1, 0, {'Eversol Rummy': 0.0})]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..rulesets import get_ruleset
from .state import GameState


@dataclass
class PlayerStats:
    name: str
    played: int = 0  # games they sat in, finished or not
    finished: int = 0
    won: int = 0  # finished games they won by the game's own ranking (shared wins count)
    # By the game's title: hands played and the sum of their scores.
    hands: dict[str, list[int]] = field(default_factory=dict)

    @property
    def average_hands(self) -> dict[str, float]:
        """The average score of a hand, by game, for the games with a hand played."""
        return {title: points / count for title, (count, points) in self.hands.items() if count}


def player_stats(games: Iterable[GameState]) -> list[PlayerStats]:
    """Everyone who played, most games first, then by name."""
    tally: dict[str, PlayerStats] = {}
    for state in games:
        winners = set(state.winners)
        title = get_ruleset(state.setup.ruleset).title
        for name in state.players:
            stats = tally.setdefault(name.casefold(), PlayerStats(name))
            stats.played += 1
            stats.finished += state.finished
            stats.won += name in winners
            count_points = stats.hands.setdefault(title, [0, 0])
            count_points[0] += len(state.results)
            count_points[1] += sum(result.scores[name] for result in state.results)
    return sorted(tally.values(), key=lambda s: (-s.played, s.name.casefold()))
