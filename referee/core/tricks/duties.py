"""What a player is obliged to play to a trick, duty by duty, and which duty refuses a card.

Games of the family differ in how far the duties go: Piquet asks only that suit be followed;
Bourré also asks a player to head the trick (beat the best card of the suit led, unless a
trump already rules it) and, when out of the suit led, to trump and to overtrump. Each duty
binds only when the hand can meet it ("if able"), and narrows the cards the earlier duties
left. A card is refused by the first duty it fails.

>>> from referee.core.cards import Suit, parse_cards
>>> hand, trick = parse_cards("5H KH 2S 9C"), parse_cards("10H")
>>> [(duty.value, [str(c) for c in cards]) for duty, cards in duties(hand, trick, Suit.SPADES)]
[('follow_suit', ['5H', 'KH']), ('head_the_trick', ['KH'])]
>>> refusals(hand, trick, Suit.SPADES)[hand[0]]
<Duty.HEAD: 'head_the_trick'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from ..cards import Card, Rank, Suit
from .play import ace_high

Strength = Callable[[Rank], int]


class Duty(Enum):
    """A duty of play, named as the refusals name it."""

    FOLLOW_SUIT = "follow_suit"  # a card of the suit led, when the hand has one
    HEAD = "head_the_trick"  # higher than the best card of the suit led, unless trumped
    TRUMP = "trump"  # out of the suit led: a trump, when the hand has one
    OVERTRUMP = "overtrump"  # trumping: higher than every trump in the trick, when able


def best_of(trick: Sequence[Card], suit: Suit, strength: Strength = ace_high) -> Card | None:
    """The highest card of ``suit`` in the trick, or None."""
    cards = [card for card in trick if card.suit is suit]
    return max(cards, key=lambda card: strength(card.rank)) if cards else None


def beats(card: Card, other: Card | None, strength: Strength = ace_high) -> bool:
    """Whether ``card`` is higher than ``other`` of the same suit (any card beats None)."""
    return other is None or (card.suit is other.suit
                             and strength(card.rank) > strength(other.rank))


def duties(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None,
           strength: Strength = ace_high, head: bool = True,
           must_trump: bool = True) -> tuple[tuple[Duty, tuple[Card, ...]], ...]:
    """The duties that bind this hand on this trick, in order, each with the cards that meet
    it (among those the earlier duties left). Leading, none bind.

    ``head`` and ``must_trump`` switch off the duties a game does not have (with both off
    this is plain following suit, as ``playable``).
    """
    if not trick:
        return ()
    led = trick[0].suit
    steps: list[tuple[Duty, tuple[Card, ...]]] = []
    left = tuple(hand)

    def narrow(duty: Duty, keep: Callable[[Card], bool]) -> None:
        nonlocal left
        kept = tuple(card for card in left if keep(card))
        if kept:  # a duty binds only when the hand can meet it
            steps.append((duty, kept))
            left = kept

    trumped = trump is not None and led is not trump and best_of(trick, trump) is not None
    narrow(Duty.FOLLOW_SUIT, lambda card: card.suit is led)
    if steps:  # following suit
        if head and not trumped:
            top = best_of(trick, led, strength)
            narrow(Duty.HEAD, lambda card: beats(card, top, strength))
        return tuple(steps)
    if must_trump and trump is not None:
        narrow(Duty.TRUMP, lambda card: card.suit is trump)
        if steps and head:
            top = best_of(trick, trump, strength)
            narrow(Duty.OVERTRUMP, lambda card: beats(card, top, strength))
    return tuple(steps)


def refusals(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None,
             strength: Strength = ace_high, head: bool = True,
             must_trump: bool = True) -> dict[Card, Duty]:
    """Each card of ``hand`` that may not go on ``trick``, with the first duty it fails."""
    refused: dict[Card, Duty] = {}
    left = set(hand)
    for duty, kept in duties(hand, trick, trump, strength, head, must_trump):
        for card in hand:
            if card in left and card not in kept:
                refused[card] = duty
        left = set(kept)
    return refused
