"""How many cards the hand arranger takes: 40 in every game."""

from __future__ import annotations

from ...errors import TooManyCardsError
from ...model.ruleset import TableRules

MAX_CARDS = 40


def check_card_count(count: int, table: TableRules, field: str = "cards") -> None:
    if count > MAX_CARDS:
        raise TooManyCardsError(
            f"The hand arranger takes at most {MAX_CARDS} cards in {table.ruleset.title}; "
            f"{count} were given.", field)
