"""A game's figures in its own words: points (or games won, rounds won) where it keeps points,
stakes or antes where it is played for stakes, and money where a stake was set.

>>> units_words("500", 312), units_words("tonk", -3), units_words("eversol", 1)
('312 points', '-3 stakes', '1 point')
"""

from __future__ import annotations

from decimal import Decimal

from ..games.registry import get_ruleset
from ..ledger import stakes_text
from ..money import Currency, currency_named, money_shown
from ..game.stats import GameSummary


def units_words(ruleset: str, amount: int) -> str:
    """``amount`` of what the game counts: its stakes' unit, or its totals' word."""
    keeping = get_ruleset(ruleset).keeping
    if keeping is not None and keeping.stakes is not None:
        return stakes_text(amount, unit=keeping.stakes.unit)
    word = keeping.total_word if keeping is not None else "points"
    if abs(amount) == 1:  # "1 point", "1 game won"
        first, _, rest = word.partition(" ")
        word = " ".join(filter(None, (first.removesuffix("s"), rest)))
    return f"{amount} {word}"


def for_stakes(ruleset: str) -> bool:
    keeping = get_ruleset(ruleset).keeping
    return keeping is not None and keeping.stakes is not None


def money_of(summary: GameSummary, amount: int) -> tuple[Currency, Decimal] | None:
    """``amount`` of a game's stakes in money, where the table set a stake (else None)."""
    if summary.stake is None or not for_stakes(summary.ruleset):
        return None
    return currency_named(summary.currency or None), amount * Decimal(summary.stake)


def signed_money(amount: Decimal, currency: Currency) -> str:
    """``'+$2.50'``, ``'-$1.00'``, ``'$0.00'``."""
    return ("+" if amount > 0 else "") + money_shown(amount, currency)


def amount_words(summary: GameSummary, amount: int) -> str:
    """A game's amount in money where it was played for money, else in its units."""
    money = money_of(summary, amount)
    if money is None:
        return units_words(summary.ruleset, amount)
    return money_shown(money[1], money[0])
