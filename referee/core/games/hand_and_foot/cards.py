"""Hand and Foot's cards: five decks with their jokers, what each card is worth, the wild ones.

>>> from referee.core.cards import parse_cards
>>> [card_value(card) for card in parse_cards("JK 2S AH KD 8C 7S 4H 3S 3H")]
[50, 20, 20, 10, 10, 5, 5, 5, 100]
>>> [is_wild(card) for card in parse_cards("JK 2D 3D")]
[True, True, False]
>>> held_value(parse_cards("3D 9S"), {"red_three_held": 300})
310
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...cards import Card, DeckSpec, Rank
from ...errors import DeckCountError, WrongTypeError
from ...model.ruleset import MAX_DECKS
from .options import TITLE

DECKS = 5  # 52 cards and 2 jokers each: 270 cards
DECK = DeckSpec(game=TITLE, jokers_per_deck=2)
RED_THREE_VALUE = 100
_VALUES = {Rank.ACE: 20, Rank.TWO: 20, Rank.THREE: 5}


def is_wild(card: Card) -> bool:
    """Jokers and 2s are wild."""
    return card.is_joker or card.rank is Rank.TWO


def is_red_three(card: Card) -> bool:
    return card.rank is Rank.THREE and card.suit.is_red


def card_value(card: Card) -> int:
    """What a card is worth melded or held; a red 3 is worth 100 (as a bonus, or held)."""
    if card.is_joker:
        return 50
    if is_red_three(card):
        return RED_THREE_VALUE
    return _VALUES.get(card.rank) or (10 if card.rank >= Rank.EIGHT else 5)


def held_value(cards: Iterable[Card], options: Mapping[str, Any]) -> int:
    """What cards left in a hand or an unplayed foot count against a team.

    A red 3 counts what the ``red_three_held`` house rule says."""
    return sum(options["red_three_held"] if is_red_three(card) else card_value(card)
               for card in cards)


def check_cards(cards: Any, location: tuple) -> tuple[Card, ...]:
    """``cards`` if they are a list of cards already read (``parse_cards``); raises otherwise."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Sequence):
        raise WrongTypeError("Give the cards as a list, such as 9S 9H JK.", location)
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            raise WrongTypeError("Each card must be read first, such as 9S or JK.",
                                 (*location, i))
    return tuple(cards)


def check_decks(decks: Any) -> int:
    """``decks`` if it is a number of decks a table could play with; raises otherwise."""
    if not isinstance(decks, int) or isinstance(decks, bool):
        raise WrongTypeError("decks must be a whole number.", "decks")
    if not 1 <= decks <= MAX_DECKS:
        raise DeckCountError(f"Play with 1 to {MAX_DECKS} decks.", "decks")
    return decks
