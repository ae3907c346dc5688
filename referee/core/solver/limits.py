"""How many cards the hand arranger takes."""

from __future__ import annotations

from ..errors import TooManyCardsError
from ..rulesets.model import TableRules

MAX_CARDS = 40
# The free search branches on every joker; past this many cards a 500 hand with
# jokers can take seconds, so it is refused until that search is made polynomial.
MAX_CARDS_FREE_WITH_JOKERS = 26


def card_limit(table: TableRules) -> int:
    """How many cards the arranger takes in this game."""
    if not table.ruleset.contracts and table.deck.jokers_per_deck:
        return MAX_CARDS_FREE_WITH_JOKERS
    return MAX_CARDS


def check_card_count(count: int, table: TableRules, field: str = "cards") -> None:
    limit = card_limit(table)
    if count > limit:
        raise TooManyCardsError(
            f"The hand arranger takes at most {limit} cards in {table.ruleset.title}; "
            f"{count} were given.", field)
