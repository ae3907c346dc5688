"""Escoba's cards: the 40-card Spanish deck made from a French one (no 8, 9 or 10), with the
values that make 15 and the order la setenta ranks them in.

Capture values: ace 1, 2 to 7 their number, jack 8, queen 9, king 10 (the sota, caballo and
rey of the Spanish deck). Diamonds stand for coins.

>>> from referee.core.cards import parse_cards
>>> DECK.size(), [capture_value(c) for c in parse_cards("AS 7S JS QS KS")]
(40, [1, 7, 8, 9, 10])
>>> sorted(parse_cards("KH AH 7H 6H 2H"), key=setenta_strength, reverse=True)[:3]
[Card(rank=<Rank.SEVEN: 7>, suit=<Suit.HEARTS: 'H'>, stands_for=None), \
Card(rank=<Rank.SIX: 6>, suit=<Suit.HEARTS: 'H'>, stands_for=None), \
Card(rank=<Rank.ACE: 1>, suit=<Suit.HEARTS: 'H'>, stands_for=None)]
>>> check_cards(parse_cards("9S"), ("table",))
Traceback (most recent call last):
...
referee.core.errors.CardNotInGameError: Escoba is played without nines.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, DeckSpec, Rank, Suit, natural
from ...errors import Location

TITLE = "Escoba"
DECK = DeckSpec(game=TITLE, ranks=frozenset(Rank) - {Rank.EIGHT, Rank.NINE, Rank.TEN})
TARGET = 15
COINS = Suit.DIAMONDS
SEVEN_OF_COINS = natural(Rank.SEVEN, Suit.DIAMONDS)  # the siete de velo
_COURT_VALUES = {Rank.JACK: 8, Rank.QUEEN: 9, Rank.KING: 10}
# La setenta's order, best first; the court cards come after, all equal.
_SETENTA_ORDER = (Rank.SEVEN, Rank.SIX, Rank.ACE, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


def capture_value(card: Card) -> int:
    """What a card counts toward 15."""
    return _COURT_VALUES.get(card.rank, int(card.rank))


def setenta_strength(card: Card) -> int:
    """A card's place in la setenta: 7 highest (7), then 6, ace, 5, 4, 3, 2; court cards 0."""
    if card.rank in _SETENTA_ORDER:
        return len(_SETENTA_ORDER) - _SETENTA_ORDER.index(card.rank)
    return 0


def check_cards(cards: Any, location: Location) -> tuple[Card, ...]:
    """``cards`` if each is an Escoba card; copies are checked where all places are known."""
    return DECK.check_cards(cards, location, "7D KS")
