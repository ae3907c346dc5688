"""Bourré's cards: one 52-card deck, ace high, five cards and five tricks, 2 to 8 players.

>>> from referee.core.cards import parse_card
>>> read_trump("h"), dealer_must_play(parse_card("AS"))
(<Suit.HEARTS: 'H'>, True)
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, DeckSpec, Rank, Suit
from ...errors import Location, PlayerCountError, WrongTypeError
from .errors import BourreHandError, TrumpError

TITLE = "Bourré"
DECK = DeckSpec(game=TITLE)
HAND_SIZE = TRICKS = 5
PLAYERS = (2, 8)
_SUITS = {suit.value: suit for suit in Suit}


def read_trump(value: Any, location: Location = ("trump",)) -> Suit:
    """The trump suit from a Suit or its letter (``"S"``, ``"h"``)."""
    if isinstance(value, Suit):
        return value
    if isinstance(value, str) and value.strip().upper() in _SUITS:
        return _SUITS[value.strip().upper()]
    raise TrumpError("The trump is a suit: S, H, D or C.", location)


def dealer_must_play(trump_card: Card) -> bool:
    """An ace turned up as trump obliges the dealer to play: it cannot lose every trick."""
    return trump_card.rank is Rank.ACE


def check_cards(cards: Any, location: Location, most: int | None = HAND_SIZE) -> tuple[Card, ...]:
    """``cards`` as read cards of a plain deck, at most ``most`` of them (None: no limit)."""
    cards = DECK.check_cards(cards, location, "7D AS")
    if most is not None and len(cards) > most:
        raise BourreHandError(f"A Bourré hand holds at most {most} cards; {len(cards)} "
                              "were given.", location)
    return tuple(cards)


def check_players(players: Any, location: Location = ("players",)) -> int:
    """The number of players in the hand, 2 to 8."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise WrongTypeError("players is a whole number.", location)
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise PlayerCountError(f"Bourré is played by {PLAYERS[0]} to {PLAYERS[1]} players.",
                               location)
    return players
