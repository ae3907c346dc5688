"""The players page's stakes: each person's balance across the nights played for stakes, with
the nights it adds up. Which games are played for stakes, and what they count in, is their
ruleset's to say: a Tonk stake and a Bourré ante are not the same thing, so each game's count
stands apart and only money (where a stake was set) is added across games."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ...core.game import GameSummary
from ...core.games.registry import get_ruleset
from ...core.money import Currency, currency_named
from ...core.text import name_key
from ...store.models import Game
from .ledger import Ledger


@dataclass(frozen=True)
class Night:
    game: Game
    summary: GameSummary
    ledger: Ledger
    net: int  # in the game's units (its ``Stakes.unit``)
    title: str  # the game's name, as its ruleset gives it


@dataclass(frozen=True)
class GameTotal:
    """One game's nights for a person, added up in that game's own unit."""

    title: str
    ledger: Ledger  # for its unit's words
    units: int

    def words(self) -> str:
        """``'Tonk: +3 stakes'``."""
        return f"{self.title}: {self.ledger.in_stakes(self.units)}"


@dataclass
class Balance:
    name: str
    nights: list[Night] = field(default_factory=list)

    @property
    def by_game(self) -> list[GameTotal]:
        """Each game's total in its own unit, in the order first met (newest night first)."""
        totals: dict[str, GameTotal] = {}
        for night in self.nights:
            before = totals.get(night.title)
            units = night.net + (before.units if before else 0)
            totals[night.title] = GameTotal(night.title, night.ledger, units)
        return list(totals.values())

    @property
    def money(self) -> str | None:
        """The money won or lost over the nights played for money, in each currency they
        were played in (None: only for points): ``'+$2.50'``, ``'+$1.50 and −2,00 €'``."""
        paid: dict[Currency, Decimal] = {}
        for night in self.nights:
            if night.ledger.stake is not None:
                paid[night.ledger.currency] = (paid.get(night.ledger.currency, Decimal(0))
                                               + night.net * night.ledger.stake)
        if not paid:
            return None
        return " and ".join(("+" if amount > 0 else "") + Ledger(None, currency=currency)
                            .amount(amount) for currency, amount in paid.items())


def stakes_balances(games: list[Game], summaries: list[GameSummary]) -> list[Balance]:
    """Everyone who played a night for stakes, newest night first, by name."""
    found: dict[str, Balance] = {}
    for game, summary in zip(games, summaries):
        ruleset = get_ruleset(summary.ruleset)
        stakes = ruleset.stakes
        if stakes is None:
            continue
        stake = game.setup.get("stake")
        ledger = Ledger(None if stake is None else Decimal(stake), stakes.unit,
                        currency=currency_named(game.setup.get("currency")))
        for name in summary.players:
            balance = found.setdefault(name_key(name), Balance(name))
            balance.nights.insert(0, Night(game, summary, ledger,
                                           summary.totals[summary.side_of(name)],
                                           ruleset.title))
    return sorted(found.values(), key=lambda b: name_key(b.name))
