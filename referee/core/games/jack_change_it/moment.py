"""One moment of Jack Change It: can these cards go on that top card, and what follows?

The cards must match the top card by suit or rank (after a jack, the suit called stands for
its suit). A 2 makes the next player draw two, and a 2 on a 2 passes on two more; the A♥
makes it five, and a 2 played with it (the only two cards played at once) seven; the 5♥ on
the A♥ blocks the draw. While a draw is pending only such a card answers it. An 8 skips the
next player, a queen (three players or more) reverses the direction, a jack names one of the
other three suits. No trick card may be a player's last.

>>> from referee.core.cards import parse_card, parse_cards
>>> verdict = can_play(4, parse_card("2C"), parse_cards("2H AH"), pending_draw=2, hand_left=3)
>>> verdict.legal, verdict.next
(True, Effect(skip=False, reverse=False, draw=9, suit=None))
>>> can_play(4, parse_card("9C"), parse_cards("8C"), hand_left=0).reason
'The 8♣ is a trick card: it cannot be your last card. Draw instead.'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...cards import Card, Rank, Suit
from .cards import (ACE_OF_HEARTS, DECK, DRAW_ACE, DRAW_TWO, DRAWS_FROM_TWOS,
                    DRAWS_WITH_THE_ACE, FIVE_OF_HEARTS, QUEENS_REVERSE_FROM, check_card,
                    check_cards, check_players, is_trick_card, read_count, read_suit,
                    suits_named)
from .errors import JackInputError


class Pending(Enum):
    """What the draw waiting for the next player came from."""

    TWO = "two"
    ACE_OF_HEARTS = "ace_of_hearts"


class JackRule(Enum):
    """The rule a refused play breaks."""

    MATCH = "match"  # suit (or the suit called) or rank of the top card
    PENDING = "pending_draw"  # a pending draw is answered only by a 2, or the 5♥ on the A♥
    ONE_CARD = "one_card"  # one card at a time, but for a 2 with the A♥
    LAST_CARD = "trick_card_last"  # no trick card as the last card
    CALL = "jack_call"  # a jack names one of the other three suits
    TURN = "turn"  # not this player's turn (in a round)
    OVER = "round_over"  # somebody is out (in a round)
    HAND = "hand_count"  # more cards than the player holds (in a round)


@dataclass(frozen=True)
class Effect:
    """What the play does to the next player: skipped, the direction reversed, cards to draw
    (the whole pending draw), the suit called."""

    skip: bool = False
    reverse: bool = False
    draw: int = 0
    suit: Suit | None = None


@dataclass(frozen=True)
class PlayVerdict:
    legal: bool
    reason: str
    rule: JackRule | None = None
    next: Effect | None = None


def refuse(rule: JackRule, reason: str) -> PlayVerdict:
    return PlayVerdict(False, reason, rule)


def is_pair(cards: tuple[Card, ...]) -> bool:
    """A 2 and the A♥ played together."""
    return (len(cards) == 2 and ACE_OF_HEARTS in cards
            and any(c.rank is Rank.TWO for c in cards))


def pending_of(top: Card, pending_draw: int, pending: Any) -> Pending | None:
    """What a pending draw came from, as given or read off the top card."""
    if not pending_draw:
        return None
    if pending is not None:
        try:
            return Pending(pending)
        except ValueError:
            raise JackInputError('pending is "two" or "ace_of_hearts".', ("pending",)) from None
    if top == ACE_OF_HEARTS:
        return Pending.ACE_OF_HEARTS
    if top.rank is Rank.TWO:
        return Pending.TWO
    raise JackInputError("A pending draw comes from a 2 or the A♥ on top.", ("pending_draw",))


def waiting_draws(kind: Pending) -> list[int]:
    """Every draw that can wait with a 2 on top, or with the A♥.

    >>> waiting_draws(Pending.TWO), waiting_draws(Pending.ACE_OF_HEARTS)
    ([2, 4, 6, 7, 8, 9, 11, 13], [5, 7, 9, 11, 13])
    """
    if kind is Pending.TWO:
        return sorted({*DRAWS_FROM_TWOS, *DRAWS_WITH_THE_ACE[1:]})
    return list(DRAWS_WITH_THE_ACE)


def waiting_words(kind: Pending) -> str:
    """``waiting_draws`` in words: ``'5, 7, 9, 11 or 13'``."""
    draws = waiting_draws(kind)
    return ", ".join(map(str, draws[:-1])) + f" or {draws[-1]}"


def check_waiting(kind: Pending | None, pending_draw: int) -> None:
    """A draw waiting is what 2s and the A♥ make: with a 2 on top, 2s alone or 2s with the
    A♥ (played on a 2 only in a pair); with the A♥ on top, the A♥ and any 2s before it.

    >>> check_waiting(Pending.TWO, 3)
    Traceback (most recent call last):
    ...
    referee.core.games.jack_change_it.errors.JackInputError: No 2s and A♥ make a waiting \
draw of 3: with a 2 on top it is 2, 4, 6, 7, 8, 9, 11 or 13.
    """
    if kind is None:
        return
    if pending_draw not in waiting_draws(kind):
        on_top = "a 2" if kind is Pending.TWO else "the A♥"
        raise JackInputError(f"No 2s and A♥ make a waiting draw of {pending_draw}: with "
                             f"{on_top} on top it is {waiting_words(kind)}.", ("pending_draw",))


def check_called(top: Card, suit: Suit | None) -> None:
    """A suit in force is one a jack on top called: one of the other three."""
    if suit is None:
        return
    if top.rank is not Rank.JACK:
        raise JackInputError(f"Only a jack names a suit: with the {top.label} on top none is "
                             "called.", ("suit",))
    if suit is top.suit:
        raise JackInputError(f"The {top.label} names one of the other three suits, not "
                             f"{suit.word}.", ("suit",))


def can_play(players: Any, top: Any, cards: Any, suit: Any = None, pending_draw: Any = 0,
             pending: Any = None, hand_left: Any = 1, call: Any = None) -> PlayVerdict:
    """Whether ``cards`` may go on ``top`` (``suit``: a suit called by a jack, in force;
    ``pending_draw``: cards the player must draw unless answering; ``hand_left``: cards the
    player holds after this play; ``call``: the suit a jack names)."""
    players = check_players(players)
    top = check_card(top, ("top",))
    cards = check_cards(cards, ("cards",))
    suit, call = read_suit(suit, ("suit",)), read_suit(call, ("call",))
    pending_draw = read_count(pending_draw, ("pending_draw",), "pending_draw")
    hand_left = read_count(hand_left, ("hand_left",), "hand_left")
    kind = pending_of(top, pending_draw, pending)
    check_waiting(kind, pending_draw)
    check_called(top, suit)
    if not cards:
        raise JackInputError("Name the card played (or draw).", ("cards",))
    DECK.check_named_supply([(("top",), top), *((("cards", i), c) for i, c in enumerate(cards))],
                            decks=1)
    if call is not None and not any(c.rank is Rank.JACK for c in cards):
        raise JackInputError("Only a jack names a suit.", ("call",))
    if len(cards) > 1 and not is_pair(cards):
        return refuse(JackRule.ONE_CARD, "One card at a time: only a 2 and the A♥ go together.")
    shown = " and ".join(c.label for c in cards)
    if kind is Pending.TWO and not any(c.rank is Rank.TWO for c in cards):
        return refuse(JackRule.PENDING, f"A 2 is waiting: answer with a 2 or draw "
                                        f"{pending_draw}.")
    if kind is Pending.ACE_OF_HEARTS and cards != (FIVE_OF_HEARTS,):
        return refuse(JackRule.PENDING, f"The A♥ is waiting: block it with the 5♥ or draw "
                                        f"{pending_draw}.")
    in_force = suit or top.suit
    if not any(c.suit is in_force or c.rank is top.rank for c in cards):
        return refuse(JackRule.MATCH, f"The {shown} matches neither the {in_force.word[:-1]} "
                                      f"in force nor the rank of the {top.label}.")
    tricks = [c for c in cards if is_trick_card(c, players)]
    if hand_left == 0 and tricks:
        return refuse(JackRule.LAST_CARD, f"The {tricks[0].label} is a trick card: it cannot be "
                                          "your last card. Draw instead.")
    jack = next((c for c in cards if c.rank is Rank.JACK), None)
    if jack is not None and call is not None and call not in suits_named(jack):
        return refuse(JackRule.CALL, f"A jack names one of the other three suits, not "
                                     f"{call.word}.")
    draw = 0
    if cards != (FIVE_OF_HEARTS,) or kind is not Pending.ACE_OF_HEARTS:
        draw = pending_draw + sum(DRAW_TWO if c.rank is Rank.TWO else
                                  DRAW_ACE if c == ACE_OF_HEARTS else 0 for c in cards)
    effect = Effect(skip=any(c.rank is Rank.EIGHT for c in cards),
                    reverse=players >= QUEENS_REVERSE_FROM and cards[0].rank is Rank.QUEEN,
                    draw=draw, suit=call if jack is not None else None)
    return PlayVerdict(True, _said(cards, effect, kind), None, effect)


def _said(cards: tuple[Card, ...], effect: Effect, kind: Pending | None) -> str:
    if kind is Pending.ACE_OF_HEARTS:
        return "The 5♥ blocks the A♥: nobody draws."
    if effect.draw:
        return f"Legal: the next player draws {effect.draw} unless they answer it."
    if effect.skip:
        return "Legal: the next player is skipped."
    if effect.reverse:
        return "Legal: play changes direction."
    if effect.suit is not None:
        return f"Legal: jack change it to {effect.suit.word}."
    return "Legal."
