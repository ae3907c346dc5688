"""Escoba's captures: what a card played can take, the escoba, the dealer's opening escobas.

>>> from referee.core.cards import parse_card, parse_cards
>>> for capture in captures(parse_card("KS"), parse_cards("5H 2C 3D")):  # the king is 10
...     print([str(c) for c in capture.cards], capture.escoba)
['5H'] False
['2C', '3D'] False
>>> opening_escobas(parse_cards("KS 5H QC 6D"))  # 10 + 5 + 9 + 6 = 30: two for the dealer
2
>>> opening(parse_cards("KS 5H QC 6D")).sum_words
'10 + 5 + 9 + 6 = 30'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card
from ...errors import WrongTypeError
from ...fishing import capture_sets, clears_table
from .cards import DECK, TARGET, capture_value, check_cards
from .errors import OpeningTableError

OPENING_TABLE = 4


@dataclass(frozen=True)
class Capture:
    """One set of table cards the card played can take, and whether it clears the table."""

    cards: tuple[Card, ...]
    escoba: bool


def captures(card: Card, table: Any) -> tuple[Capture, ...]:
    """Every set of table cards that makes 15 with ``card`` (empty when none does).

    The player chooses one of them; taking it is optional unless the table plays the house
    rule that a capture must be made.
    """
    if not isinstance(card, Card):
        raise WrongTypeError("The card played must be read first, such as 7D or KS.", ("card",))
    DECK.check_card(card, ("card",))
    table = check_cards(table, ("table",))
    DECK.check_named_supply([(("card",), card)]
                            + [(("table", i), c) for i, c in enumerate(table)], decks=1)
    return tuple(Capture(taken, clears_table(taken, table))
                 for taken in capture_sets(capture_value(card), table, capture_value, TARGET))


@dataclass(frozen=True)
class Opening:
    """The four cards dealt to the table, what they add up to, and the dealer's escobas."""

    cards: tuple[Card, ...]
    total: int
    escobas: int

    @property
    def sum_words(self) -> str:
        """How the table adds up, in the values a player counts: ``10 + 5 + 9 + 6 = 30``."""
        return " + ".join(str(capture_value(card)) for card in self.cards) + f" = {self.total}"


def opening(table: Any) -> Opening:
    """The dealer's escobas from the four cards dealt to the table: one when they make 15,
    two when 30 (the dealer then takes them all); none otherwise."""
    table = check_cards(table, ("table",))
    if len(table) != OPENING_TABLE:
        raise OpeningTableError(f"The deal puts {OPENING_TABLE} cards on the table; "
                                f"{len(table)} were given.", ("table",))
    DECK.check_supply(table, decks=1, field="table")
    total = sum(map(capture_value, table))
    return Opening(tuple(table), total, total // TARGET if total % TARGET == 0 else 0)


def opening_escobas(table: Any) -> int:
    """The dealer's escobas from the four cards dealt to the table (``opening``)."""
    return opening(table).escobas
