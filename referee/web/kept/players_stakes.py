"""The players page's stakes: each person's balance across the nights played for stakes, with
the nights it adds up. Which games are played for stakes is their ruleset's to say."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ...core.game import GameSummary
from ...core.games.registry import get_ruleset
from ...core.text import name_key
from ...store.models import Game
from .ledger import Ledger


@dataclass(frozen=True)
class Night:
    game: Game
    summary: GameSummary
    ledger: Ledger
    net: int  # in stakes


@dataclass
class Balance:
    name: str
    nights: list[Night] = field(default_factory=list)

    @property
    def stakes(self) -> int:
        return sum(night.net for night in self.nights)

    @property
    def money(self) -> Decimal | None:
        """The money won or lost over the nights played for money (None: only for points)."""
        paid = [night.net * night.ledger.stake for night in self.nights
                if night.ledger.stake is not None]
        return sum(paid, Decimal(0)) if paid else None


def stakes_balances(games: list[Game], summaries: list[GameSummary]) -> list[Balance]:
    """Everyone who played a night for stakes, newest night first, by name."""
    found: dict[str, Balance] = {}
    for game, summary in zip(games, summaries):
        stakes = get_ruleset(summary.ruleset).stakes
        if stakes is None:
            continue
        stake = game.setup.get("stake")
        ledger = Ledger(None if stake is None else Decimal(stake), stakes.unit)
        for name in summary.players:
            balance = found.setdefault(name_key(name), Balance(name))
            balance.nights.insert(0, Night(game, summary, ledger,
                                           summary.totals[summary.side_of(name)]))
    return sorted(found.values(), key=lambda b: name_key(b.name))
