"""Tonk's cards: one 52-card deck without jokers; an ace is 1, a face card 10.

>>> from referee.core.cards import parse_cards
>>> [card_value(card) for card in parse_cards("AS 2H 9D 10C JS QH KD")]
[1, 2, 9, 10, 10, 10, 10]
>>> hand_total(parse_cards("KS QH JD 10C 10S"))
50
>>> check_hand(parse_cards("JK 2S"))
Traceback (most recent call last):
...
referee.core.errors.CardNotInGameError: Tonk is played without jokers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...cards import Card, DeckSpec, Rank
from ...errors import TooManyCardsError, WrongTypeError
from .options import TITLE

DECK = DeckSpec(game=TITLE)
HAND_SIZE = 5  # cards dealt to each player
MAX_HAND = 12  # after draws a hand rarely holds more than 6; the count is exact up to this
DECK_POINTS = sum(min(int(rank), 10) for rank in Rank) * 4  # 340: every card's value


def card_value(card: Card) -> int:
    """What a card counts in a hand: ace 1, 2 to 10 their number, jack, queen and king 10."""
    return min(int(card.rank), 10)


def hand_total(cards: Iterable[Card]) -> int:
    """Every card's value added up, whether it forms a spread or not."""
    return sum(card_value(card) for card in cards)


def check_hand(cards: Any, location: tuple = ("cards",)) -> tuple[Card, ...]:
    """``cards`` if one Tonk deck could hold them all and a hand could be that big."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Sequence):
        raise WrongTypeError("Give the cards as a list, such as 9S 9H 9D.", location)
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            raise WrongTypeError("Each card must be read first, such as 9S or KD.",
                                 (*location, i))
    for i, card in enumerate(cards):
        DECK.check_card(card, (*location, i))
    if len(cards) > MAX_HAND:
        raise TooManyCardsError(
            f"A Tonk hand is counted up to {MAX_HAND} cards; this one has {len(cards)}.",
            location)
    DECK.check_named_supply([((*location, i), card) for i, card in enumerate(cards)], decks=1)
    return tuple(cards)
