"""An evening of short games: a game of one hand played again goes on from the totals the
table's earlier games of the evening made, so the table keeps a running score across them.

Whether a game's replay continues the evening is the game's end (``GameEnd.one_hand``); the
evening travels in the setup of each game played again, so it needs no link between games.

>>> first = Evening().after({"Ann": 12, "Bob": -3})
>>> second = first.after({"Ann": -5, "Bob": 20})
>>> second.games, second.totals
(2, {'Ann': 7, 'Bob': 17})
>>> Evening.from_dict(second.to_dict()) == second
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Evening:
    """The games played before this one, and each side's total over them."""

    games: int = 0
    totals: Mapping[str, int] = field(default_factory=dict)

    def after(self, scores: Mapping[str, int]) -> Evening:
        """The evening once a game that made ``scores`` is added to it."""
        names = [*self.totals, *(name for name in scores if name not in self.totals)]
        return Evening(self.games + 1, {name: self.totals.get(name, 0) + scores.get(name, 0)
                                        for name in names})

    def renamed(self, names: Mapping[str, str]) -> Evening:
        """The same evening, a player (or a team) called by a corrected name.

        >>> Evening(1, {"Bne": 4}).renamed({"Bne": "Ben"}).totals
        {'Ben': 4}
        """
        return Evening(self.games, {names.get(name, name): total
                                    for name, total in self.totals.items()})

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "totals": dict(self.totals)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Evening:
        return cls(int(data["games"]), {str(k): int(v) for k, v in data["totals"].items()})
