"""How many cards the hand arranger takes: 40 in every game."""

from __future__ import annotations

from ..errors import TooManyCardsError
from ..rulesets.model import TableRules

MAX_CARDS = 40


def card_limit(table: TableRules) -> int:
    """How many cards the arranger takes in this game."""
    return MAX_CARDS


def check_card_count(count: int, table: TableRules, field: str = "cards") -> None:
    limit = card_limit(table)
    if count > limit:
        raise TooManyCardsError(
            f"The hand arranger takes at most {limit} cards in {table.ruleset.title}; "
            f"{count} were given.", field)
