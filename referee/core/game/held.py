"""The cards a player was caught holding, tapped or typed one by one, and what they count.

For the score only the rank matters, so a card may be written by its rank
alone (``K``, ``7``, ``JK``) or as a whole card (``KH``); both are kept as
written, for the history. Copies are checked against the decks in play.

>>> held = read_held_cards("K 7 7H JK", decks=1)
>>> held.cards, held.points
(('K', '7', '7H', 'JK'), 70)
>>> read_held_cards("7 7 7 7 7", decks=1)
Traceback (most recent call last):
...
referee.core.errors.TooManyCopiesError: 5 sevens, but 1 deck holds only 4.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import JOKER, Card, Suit, natural, parse_card, rank_from_text
from ..errors import CardSyntaxError, TooManyCopiesError, WrongTypeError
from ..rulesets import EVERSOL

_SEPARATORS = re.compile(r"[\s,;]+")
_SUITS_IN_A_DECK = len(Suit)


@dataclass(frozen=True)
class HeldCards:
    cards: tuple[str, ...]  # as written: "K", "7H", "JK"
    points: int


def read_held_cards(cards: str | Iterable[str], decks: int, field: str = "cards") -> HeldCards:
    """Eversol points of the cards held; raises a ``RefereeInputError`` naming the bad card."""
    if isinstance(cards, str):
        words = [w for w in _SEPARATORS.split(cards.strip()) if w]
    elif isinstance(cards, Iterable):
        words = list(cards)
    else:
        raise WrongTypeError("The cards held must be a list, such as K 7 JK.", field)
    read = [_read_one(word, f"{field}[{i}]") for i, word in enumerate(words)]
    _check_copies([card for _, card in read], decks, field)
    suited = [card for word, card in read if rank_from_text(word) is None and not card.is_joker]
    EVERSOL.deck(EVERSOL.resolve_options()).check_supply(suited, decks, field)
    options = EVERSOL.resolve_options()
    points = sum(EVERSOL.card_value(card, options, False) for _, card in read)
    return HeldCards(tuple(word for word, _ in read), points)


def _read_one(word: object, field: str) -> tuple[str, Card]:
    """The word tidied, and a card of the same value (a bare rank reads as spades)."""
    if not isinstance(word, str):
        raise WrongTypeError("Each card held must be written as text, such as K or 7H.", field)
    tidy = word.strip().upper()
    rank = rank_from_text(tidy)
    if rank is not None:
        return tidy, natural(rank, Suit.SPADES)
    try:
        card = parse_card(tidy, field)
    except CardSyntaxError:
        raise CardSyntaxError(f"{word.strip()[:20]!r} is not a card: write a rank such as K or 7, "
                              "a card such as 7H, or JK for a joker.", field) from None
    if card.is_joker:
        return "JK", JOKER
    return tidy, card


def _check_copies(cards: list[Card], decks: int, field: str) -> None:
    """No more jokers, nor cards of one rank, than the decks hold."""
    deck_words = "1 deck holds" if decks == 1 else f"{decks} decks hold"
    jokers = sum(card.is_joker for card in cards)
    joker_supply = EVERSOL.deck(EVERSOL.resolve_options()).copies_of(JOKER, decks)
    if jokers > joker_supply:
        raise TooManyCopiesError(f"{jokers} jokers, but {deck_words} only {joker_supply}.", field)
    by_rank = Counter(card.rank for card in cards if not card.is_joker)
    for rank, count in by_rank.items():
        if count > _SUITS_IN_A_DECK * decks:
            raise TooManyCopiesError(f"{count} {rank.word}, but {deck_words} only "
                                     f"{_SUITS_IN_A_DECK * decks}.", field)


def describe_held(cards: Iterable[str]) -> str:
    """The cards as the history shows them.

    >>> describe_held(["K", "7h", "JK"])
    'K 7H JK'
    """
    return " ".join(word.upper() for word in cards)
