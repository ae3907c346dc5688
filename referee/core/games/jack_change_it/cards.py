"""Jack Change It's cards: one 52-card deck, seven each, 2 to 6 players, and the trick cards.

>>> from referee.core.cards import parse_card
>>> [is_trick_card(parse_card(c), 3) for c in ("2C", "8D", "JS", "QH", "AH", "AS", "5H")]
[True, True, True, True, True, False, False]
>>> is_trick_card(parse_card("QH"), players=2)  # with two players a queen is ordinary
False
>>> [suit.value for suit in suits_named(parse_card("JH"))], suits_named(parse_card("7H"))
(['S', 'D', 'C'], ())
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, DeckSpec, Rank, Suit, natural
from ...errors import Location, PlayerCountError, WrongTypeError
from .errors import JackInputError

TITLE = "Jack Change It"
DECK = DeckSpec(game=TITLE)
HAND_SIZE = 7
PLAYERS = (2, 6)
ACE_OF_HEARTS = natural(Rank.ACE, Suit.HEARTS)  # the next player draws five
FIVE_OF_HEARTS = natural(Rank.FIVE, Suit.HEARTS)  # blocks the A♥
DRAW_TWO, DRAW_ACE = 2, 5
QUEENS_REVERSE_FROM = 3  # players; with two a queen is an ordinary card
TWOS = len(Suit)  # one deck: a 2 of each suit
# The draws that can wait for a player: 2s alone, or 2s with the A♥ (on a 2 only in a pair,
# so with a 2 at the least); by the card on top, a 2 or the A♥.
DRAWS_FROM_TWOS = tuple(DRAW_TWO * n for n in range(1, TWOS + 1))  # 2, 4, 6, 8
DRAWS_WITH_THE_ACE = tuple(DRAW_ACE + DRAW_TWO * n for n in range(TWOS + 1))  # 5 ... 13
_SUITS = {suit.value: suit for suit in Suit}


def is_trick_card(card: Card, players: int) -> bool:
    """A card with an effect: a 2, an 8, a jack, the A♥, and a queen with three players or
    more. None may be a player's last card."""
    return (card.rank in (Rank.TWO, Rank.EIGHT, Rank.JACK) or card == ACE_OF_HEARTS
            or (card.rank is Rank.QUEEN and players >= QUEENS_REVERSE_FROM))


def suits_named(card: Card) -> tuple[Suit, ...]:
    """The suits a card may name as it goes down: a jack one of the other three, any other
    card none."""
    if card.rank is not Rank.JACK:
        return ()
    return tuple(suit for suit in Suit if suit is not card.suit)


def check_players(players: Any, location: Location = ("players",)) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise WrongTypeError("players is a whole number.", location)
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise PlayerCountError(f"{TITLE} is played by {PLAYERS[0]} to {PLAYERS[1]} players.",
                               location)
    return players


def check_card(card: Any, location: Location) -> Card:
    if not isinstance(card, Card):
        raise WrongTypeError("Each card must be read first, such as 7D or KS.", location)
    DECK.check_card(card, location)
    return card


def check_cards(cards: Any, location: Location) -> tuple[Card, ...]:
    return DECK.check_cards(cards, location, "7D KS")


def read_suit(value: Any, location: Location) -> Suit | None:
    """A suit from a Suit or its letter; None stays None."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str) and value.strip().upper() in _SUITS:
        return _SUITS[value.strip().upper()]
    raise JackInputError("A suit is S, H, D or C.", location)


def read_count(value: Any, location: Location, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongTypeError(f"{what} is a whole number.", location)
    if value < 0:
        raise JackInputError(f"{what} cannot be negative.", location)
    return value
