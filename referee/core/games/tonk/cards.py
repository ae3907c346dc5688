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
>>> counts_fit([50, 50, 50]), counts_fit([50, 50, 50, 50])  # only 16 cards are worth 10
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...cards import Card, DeckSpec, Suit, natural
from ...errors import TooManyCardsError
from .options import TITLE

DECK = DeckSpec(game=TITLE)
HAND_SIZE = 5  # cards dealt to each player
MAX_HAND = 12  # after draws a hand rarely holds more than 6; the count is exact up to this


def card_value(card: Card) -> int:
    """What a card counts in a hand: ace 1, 2 to 10 their number, jack, queen and king 10."""
    return min(int(card.rank), 10)


def hand_total(cards: Iterable[Card]) -> int:
    """Every card's value added up, whether it forms a spread or not."""
    return sum(card_value(card) for card in cards)


def check_hand(cards: Any, location: tuple = ("cards",)) -> tuple[Card, ...]:
    """``cards`` if one Tonk deck could hold them all and a hand could be that big."""
    cards = DECK.check_cards(cards, location, "9S KD 9D")
    if len(cards) > MAX_HAND:
        raise TooManyCardsError(
            f"A Tonk hand is counted up to {MAX_HAND} cards; this one has {len(cards)}.",
            location)
    DECK.check_named_supply([((*location, i), card) for i, card in enumerate(cards)], decks=1)
    return tuple(cards)


# How many cards of the deck are worth each value: {1: 4, ..., 9: 4, 10: 16}.
_WORTH = Counter(card_value(natural(rank, suit)) for rank in DECK.ranks for suit in Suit)
MOST_COUNT = HAND_SIZE * max(_WORTH)  # 50: a count is of the cards in a hand of at most five
# The least five dealt cards are worth: the four aces and a 2.
LEAST_DEALT = sum(sorted(_WORTH.elements())[:HAND_SIZE])


def counts_fit(counts: Iterable[int]) -> bool:
    """Whether one deck holds, at once, different cards for every count: each made of at most
    ``HAND_SIZE`` cards (a hand between turns never holds more), none of them shared."""
    needs = tuple(sorted(((count, HAND_SIZE) for count in counts if count), reverse=True))
    if any(count > MOST_COUNT for count, _ in needs):
        return False
    return _fit(max(_WORTH), needs, {})


def _fit(value: int, needs: tuple[tuple[int, int], ...], seen: dict) -> bool:
    """Whether the cards worth ``value`` or less can make each (points, cards at most) need.

    Deals out the cards worth ``value`` every way (the most to the biggest need first), then
    the next value down; ``seen`` remembers the needs already tried at each value."""
    if not needs:
        return True
    if value == 0 or sum(points for points, _ in needs) > _best(value, sum(
            cards for _, cards in needs)):
        return False
    key = (value, needs)
    if key not in seen:
        seen[key] = any(_fit(value - 1, left, seen) for left in _handed_out(value, needs))
    return seen[key]


def _handed_out(value: int, needs: tuple[tuple[int, int], ...]) -> Iterable[tuple]:
    """The needs left after each way of handing out the cards worth ``value``, each once."""
    ways: set[tuple] = set()

    def hand(i: int, cards_left: int, done: tuple) -> Iterable[tuple]:
        if i == len(needs):
            left = tuple(sorted((need for need in done if need[0]), reverse=True))
            # What is left must be made of cards worth less.
            if left not in ways and all(points <= cards * (value - 1) for points, cards in left):
                ways.add(left)
                yield left
            return
        points, cards = needs[i]
        for taken in range(min(cards_left, cards, points // value), -1, -1):
            yield from hand(i + 1, cards_left - taken,
                            (*done, (points - taken * value, cards - taken)))

    return hand(0, _WORTH[value], ())


def _best(value: int, cards: int) -> int:
    """What the best ``cards`` cards worth ``value`` or less come to together."""
    worths = [worth for worth in sorted(_WORTH, reverse=True) if worth <= value
              for _ in range(_WORTH[worth])]
    return sum(worths[:cards])
