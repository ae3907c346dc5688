"""A Tonk player's count: what the cards outside every spread are worth, in the arrangement
leaving least.

Spreads are the ruleset's melds (3 or 4 of a kind; 3 or more in a row in one suit, the ace
below the 2 or above the king, never both, never K A 2), so the count is the shared
arranger's leftover points: the rule is written once, in ``TONK.meld_rules``.

>>> from referee.core.cards import parse_cards
>>> best = arrange(parse_cards("QH KH AH 7S 7D"))
>>> best.count, [" ".join(map(str, spread)) for spread in best.spreads]
(14, ['QH KH AH'])
>>> count(parse_cards("KH AH 2H 5C"))
18
>>> count(parse_cards("4S 4H 4D 5S 6S"))
8
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card
from ...rummy.solver import arrange as best_melds
from .cards import check_hand
from .ruleset import TONK


@dataclass(frozen=True)
class Arrangement:
    """Spreads made from a hand and the cards they leave; ``count`` is what those are worth."""

    spreads: tuple[tuple[Card, ...], ...]
    leftover: tuple[Card, ...]
    count: int


def arrange(cards: Sequence[Card]) -> Arrangement:
    """The spreads that leave the lowest count (one such arrangement when several tie)."""

    cards = check_hand(cards)
    found = best_melds(cards, TONK.configure())
    return Arrangement(found.melds, found.leftover, found.leftover_points)


def count(cards: Sequence[Card]) -> int:
    """A player's count: the value of the cards no spread takes."""
    return arrange(cards).count
