"""What a Bourré player may play: every card of the hand either legal or refused with the rule
it breaks.

Following the suit led comes first, then heading the trick (a card higher than the best of
the suit led, unless a trump already rules the trick); out of the suit led, a trump, and a
trump higher than any in the trick; otherwise any card. Each binds only when the hand can
meet it. A player holding a cinch also leads the highest trump held and trumps with it.

>>> from referee.core.cards import Suit, parse_cards
>>> answer = legal_plays(Suit.SPADES, parse_cards("5H KH 2S"), parse_cards("10H"))
>>> [str(c) for c in answer.legal], {str(c): r.rule.value for c, r in answer.refused.items()}
(['KH'], {'5H': 'head_the_trick', '2S': 'follow_suit'})
>>> answer.refused[parse_cards("5H")[0]].reason
'Head the trick: you hold a heart higher than the 10♥.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...cards import Card, Suit
from ...errors import WrongTypeError
from ...tricks import Duty, ace_high, best_of, duties
from .cards import DECK, PLAYERS, check_cards, read_trump
from .errors import BourreHandError


class PlayRule(Enum):
    """A rule of play a card can break; the first four are the family's duties."""

    FOLLOW_SUIT = Duty.FOLLOW_SUIT.value
    HEAD = Duty.HEAD.value
    TRUMP = Duty.TRUMP.value
    OVERTRUMP = Duty.OVERTRUMP.value
    CINCH_LEAD = "cinch_lead"  # a cinch leads the highest trump
    CINCH_TRUMP = "cinch_trump"  # a cinch trumps with the highest trump


@dataclass(frozen=True)
class Refusal:
    rule: PlayRule
    reason: str


@dataclass(frozen=True)
class LegalPlays:
    """The cards of the hand that may be played, in hand order, and why each other may not."""

    legal: tuple[Card, ...]
    refused: dict[Card, Refusal]


def _highest(cards: tuple[Card, ...]) -> Card:
    return max(cards, key=lambda card: ace_high(card.rank))


def _reason(rule: PlayRule, trick: tuple[Card, ...], trump: Suit, kept: tuple[Card, ...]) -> str:
    led = trick[0].suit if trick else None
    if rule is PlayRule.FOLLOW_SUIT:
        return f"Follow suit: you hold {led.word}."
    if rule is PlayRule.HEAD:
        top = best_of(trick, led)
        return f"Head the trick: you hold a {led.word[:-1]} higher than the {top.label}."
    if rule is PlayRule.TRUMP:
        return f"Out of {led.word}, you must trump: you hold {trump.word}."
    if rule is PlayRule.OVERTRUMP:
        return f"Trump higher than the {best_of(trick, trump).label}: you can."
    what = "lead" if rule is PlayRule.CINCH_LEAD else "trump with"
    return f"With a cinch, {what} your highest trump, the {_highest(kept).label}."


def legal_plays(trump: Any, hand: Any, trick: Any = (), cinch: bool = False) -> LegalPlays:
    """The legal cards of ``hand`` on ``trick`` (the cards played to it so far, lead first;
    empty when leading), and each refused card with the rule it breaks."""
    trump = read_trump(trump)
    hand = check_cards(hand, ("hand",))
    trick = check_cards(trick, ("trick",), most=PLAYERS[1] - 1)
    if not isinstance(cinch, bool):
        raise WrongTypeError("cinch is true or false.", ("cinch",))
    if not hand:
        raise BourreHandError("The hand has no card left to play.", ("hand",))
    DECK.check_named_supply([(("hand", i), c) for i, c in enumerate(hand)]
                            + [(("trick", i), c) for i, c in enumerate(trick)], decks=1)
    steps = [(PlayRule(duty.value), kept) for duty, kept in duties(hand, trick, trump)]
    trumps = tuple(card for card in (steps[-1][1] if steps else hand) if card.suit is trump)
    if cinch and trumps:
        if not trick:
            steps.append((PlayRule.CINCH_LEAD, (_highest(trumps),)))
        elif steps and steps[-1][0] in (PlayRule.TRUMP, PlayRule.OVERTRUMP):
            steps.append((PlayRule.CINCH_TRUMP, (_highest(trumps),)))
    refused: dict[Card, Refusal] = {}
    left = hand
    for rule, kept in steps:
        for card in left:
            if card not in kept:
                refused[card] = Refusal(rule, _reason(rule, trick, trump, kept))
        left = kept
    return LegalPlays(left, {card: refused[card] for card in hand if card in refused})
