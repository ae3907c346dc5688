"""Following suit, a trick's winner, and who led how many tricks.

>>> from referee.core.cards import Suit, parse_cards
>>> trick_winner(parse_cards("10D 7C"), trump=Suit.CLUBS)  # any trump beats the suit led
1
>>> leads_per_player("Ann", {"Ann": 5, "Bob": 7}, last_trick="Bob")
{'Ann': 6, 'Bob': 6}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from ..cards import Card, Rank, Suit

Player = TypeVar("Player")


def ace_high(rank: Rank) -> int:
    """A rank's strength in a trick where the ace is the highest card (Piquet, Bourré).

    >>> ace_high(Rank.ACE) > ace_high(Rank.KING) > ace_high(Rank.SEVEN)
    True
    """
    return 14 if rank is Rank.ACE else int(rank)


def trick_winner(cards: Sequence[Card], trump: Suit | None = None,
                 strength: Callable[[Rank], int] = ace_high) -> int:
    """The position in ``cards`` (played in order, lead first) of the card that takes the trick.

    The highest trump wins; without one, the highest card of the suit led. A card of any
    other suit never wins, however high.
    """
    if not cards:
        raise ValueError("a trick needs at least one card")
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards[1:], start=1):
        leader = cards[best]
        if card.suit is leader.suit:
            if strength(card.rank) > strength(leader.rank):
                best = i
        elif card.suit is trump:  # the first trump on a trick of another suit
            best = i
        # Otherwise the card neither follows the winning card's suit nor trumps: it loses.
    assert cards[best].suit in (led, trump)
    return best


def playable(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may go on ``trick`` when suit must be followed.

    Leading, any card; following, a card of the suit led if the hand has one, else any card.
    (A game that also obliges a trump or a higher card narrows this further.)
    """
    if not trick:
        return tuple(hand)
    same_suit = tuple(card for card in hand if card.suit is trick[0].suit)
    return same_suit or tuple(hand)


def leads_per_player(first_leader: Player, tricks: Mapping[Player, int],
                     last_trick: Player) -> dict[Player, int]:
    """How many tricks each player led, from the tricks each took.

    The first trick is led by ``first_leader``; every later one by whoever took the one
    before. So each trick taken gives its taker the next lead, except the last trick, after
    which nobody leads. The players' leads add up to the tricks played.
    """
    leads = {player: taken for player, taken in tricks.items()}
    leads[first_leader] = leads.get(first_leader, 0) + 1
    leads[last_trick] = leads.get(last_trick, 0) - 1
    return leads
