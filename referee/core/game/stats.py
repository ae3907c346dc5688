"""Players across games: how often they played and won, and what a hand costs them.

>>> from referee.core.game import GameSetup, HandScored, replay
>>> one = replay(GameSetup.create("eversol", ["Abe", "Ben"], first_dealer="Abe"),
...              [HandScored(1, "Ben", {"Abe": 20})])
>>> [(s.name, s.played, s.won, s.average_hand) for s in player_stats([one])]
[('Abe', 1, 0, 20.0), ('Ben', 1, 0, 0.0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .state import GameState


@dataclass(frozen=True)
class PlayerStats:
    name: str
    played: int  # games they sat in, finished or not
    finished: int
    won: int  # finished games where they had the lowest total (shared wins count)
    hands: int
    points: int

    @property
    def average_hand(self) -> float | None:
        return None if not self.hands else self.points / self.hands


def player_stats(games: Iterable[GameState]) -> list[PlayerStats]:
    """Everyone who played, most games first, then by name."""
    tally: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for state in games:
        winners = {p.name for p in state.ranking if p.place == 1} if state.finished else set()
        for name in state.players:
            key = name.casefold()
            names.setdefault(key, name)
            row = tally.setdefault(key, [0, 0, 0, 0, 0])
            row[0] += 1
            row[1] += state.finished
            row[2] += name in winners
            row[3] += len(state.results)
            row[4] += sum(result.points[name] for result in state.results)
    stats = [PlayerStats(names[key], *row) for key, row in tally.items()]
    return sorted(stats, key=lambda s: (-s.played, s.name.casefold()))
