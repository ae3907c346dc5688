"""Piquet's cards and sides: a 32-card deck (7 to ace, ace high), elder and younger hands.

>>> from referee.core.cards import parse_cards
>>> DECK.size(), [point_value(c) for c in parse_cards("AS KS 10S 7S")]
(32, [11, 10, 10, 7])
>>> check_hand(parse_cards("6S"), Side.ELDER)
Traceback (most recent call last):
...
referee.core.errors.CardNotInGameError: Piquet is played without sixes.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from ...cards import Card, DeckSpec, Rank
from ...errors import Location
from .errors import CardInBothHandsError, PiquetHandError, SideError

TITLE = "Piquet"
DECK = DeckSpec(game=TITLE, ranks=frozenset(r for r in Rank if r is Rank.ACE or r >= Rank.SEVEN))
HAND_SIZE = 12
FACE_RANKS = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})


class Side(Enum):
    """The two players of a deal: the elder (the non-dealer, who leads) and the younger."""

    ELDER = "elder"
    YOUNGER = "younger"

    @property
    def other(self) -> Side:
        return Side.YOUNGER if self is Side.ELDER else Side.ELDER

    @classmethod
    def read(cls, value: Any, location: Location) -> Side:
        """``value`` as a side, from a Side or its name; ``SideError`` otherwise."""
        if isinstance(value, Side):
            return value
        if isinstance(value, str) and value.strip().lower() in ("elder", "younger"):
            return Side(value.strip().lower())
        raise SideError('A side is "elder" (the non-dealer) or "younger" (the dealer).',
                        location)


def point_value(card: Card) -> int:
    """What a card adds to a point's value when lengths tie: ace 11, a face card 10."""
    if card.rank is Rank.ACE:
        return 11
    return 10 if card.rank in FACE_RANKS else int(card.rank)


def check_hand(cards: Any, side: Side) -> tuple[Card, ...]:
    """``cards`` as one player's hand, every card a Piquet card and none twice."""
    location = (side.value,)
    cards = DECK.check_cards(cards, location, "AS 10H QS")
    DECK.check_named_supply([((*location, i), card) for i, card in enumerate(cards)], decks=1)
    return tuple(cards)


def check_hands(elder: Any, younger: Any) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The two hands after the exchange: twelve cards each, no card in both."""
    hands = check_hand(elder, Side.ELDER), check_hand(younger, Side.YOUNGER)
    for side, hand in zip(Side, hands):
        if len(hand) != HAND_SIZE:
            raise PiquetHandError(
                f"A Piquet hand has {HAND_SIZE} cards after the exchange; the {side.value}'s "
                f"has {len(hand)}.", (side.value,))
    in_elder = set(hands[0])
    for i, card in enumerate(hands[1]):
        if card in in_elder:
            raise CardInBothHandsError(
                f"{card.label} is in both hands; a Piquet deck holds it once.", ("younger", i))
    return hands
