"""Is it a cinch? Whether a Bourré player is certain of three tricks, however the unseen cards
lie and however the others play them.

The search (docs/rules.md, "Bourré"): the other players hold, between them, any cards neither
in the player's hand nor played; they act together, seeing everything, and the player picks
the best legal card. It lets the others play any unseen card where a trump or a higher card
beats the player's (as if the one who plays it were void where it needs to be), and seats
them around the player as they like (before and after whenever three or more play), so a
cinch it finds holds at any real table. Within one suit, unseen cards between the same two of
the player's cards play alike (they stay so as the hand shrinks), and the lowest of them stands
for all: so a position has few moves, and positions met twice are answered once.

>>> from referee.core.cards import parse_cards
>>> is_cinch("S", parse_cards("AS KS QS 7H 2C"), 0, players=4).cinch  # the three top trumps
True
>>> is_cinch("S", parse_cards("AS KS AH AC AD"), 0, players=4).reason
'Not certain: the others can hold and play the unseen cards so that you take 2 tricks.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Suit
from ...errors import WrongTypeError
from ...tricks import ace_high, duties, trick_winner
from .cards import DECK, TRICKS, check_cards, check_players, read_trump
from .errors import BourreHandError, BourreTricksError

CINCH = 3  # tricks of the five
NODE_LIMIT = 20_000  # positions searched before giving up (a few seconds; random deals need few)
_FULL_DECK = frozenset(Card(rank, suit) for rank in DECK.ranks for suit in Suit)


@dataclass(frozen=True)
class CinchVerdict:
    cinch: bool
    reason: str
    certain_tricks: int  # tricks taken plus those certain still (a lower bound when not proved)
    proved: bool = True  # False only when the search stopped at its bound


class _Stopped(Exception):
    pass


def _lowest_per_band(pool: Iterable[Card], suit: Suit, hand: frozenset[Card]) -> list[Card]:
    """The lowest unseen card of ``suit`` between each two of the player's cards of it."""
    mine = sorted(ace_high(card.rank) for card in hand if card.suit is suit)
    found: dict[int, Card] = {}
    for card in sorted((c for c in pool if c.suit is suit), key=lambda c: ace_high(c.rank)):
        found.setdefault(sum(s < ace_high(card.rank) for s in mine), card)
    return list(found.values())


class _Search:
    def __init__(self, trump: Suit, opponents: int):
        self.trump, self.opponents = trump, opponents
        self.memo: dict[tuple, bool] = {}
        self.nodes = 0

    def beaters(self, trick: list[Card], hand: frozenset[Card], pool: frozenset[Card]
                ) -> list[Card]:
        """The unseen cards of the suit led, and of trumps, that would take the trick: the
        lowest of each band (a higher band's card may matter for a later lead)."""
        takes = frozenset(c for c in pool if trick_winner([*trick, c], self.trump) == len(trick))
        return [card for suit in {trick[0].suit, self.trump}
                for card in _lowest_per_band(takes, suit, hand)]

    def after(self, trick: list[Card], hand, pool, need: int, later: bool) -> bool:
        """The player has played the last card of ``trick``: is ``need`` still certain?"""
        if trick_winner(trick, self.trump) != len(trick) - 1:
            return self.can(hand, pool, need, False)
        if not self.can(hand, pool, need - 1, True):
            return False
        return not later or all(self.can(hand, pool - {card}, need, False)
                                for card in self.beaters(trick, hand, pool))

    def can(self, hand: frozenset[Card], pool: frozenset[Card], need: int, leads: bool) -> bool:
        """Whether the player can make sure of ``need`` more tricks from here."""
        if need <= 0:
            return True
        if len(hand) < need:
            return False
        key = (hand, pool, need, leads)
        if key not in self.memo:
            self.nodes += 1
            if self.nodes > NODE_LIMIT:
                raise _Stopped
            self.memo[key] = self.lead(hand, pool, need) if leads else self.follow(hand, pool, need)
        return self.memo[key]

    def lead(self, hand, pool, need: int) -> bool:
        return any(self.after([card], hand - {card}, pool, need, True) for card in hand)

    def follow(self, hand, pool, need: int) -> bool:
        # One other player: it leads and the player plays last. Two: one before the player
        # and one after, or both before. Three or more: two before and the rest after.
        seatings = {1: [(False, False)], 2: [(False, True), (True, False)]}.get(
            self.opponents, [(True, True)])
        for suit in Suit:
            for led in _lowest_per_band(pool, suit, hand):
                rest = pool - {led}
                for trump_before, later in seatings:
                    tops: list[Card | None] = [None]
                    if trump_before and suit is not self.trump:
                        tops += _lowest_per_band(rest, self.trump, hand)
                    for top in tops:
                        trick = [led] if top is None else [led, top]
                        left = rest if top is None else rest - {top}
                        steps = duties(list(hand), trick, self.trump)
                        choices = steps[-1][1] if steps else hand
                        if not any(self.after([*trick, card], hand - {card}, left, need, later)
                                   for card in choices):
                            return False
        return True


def is_cinch(trump: Any, hand: Any, tricks_taken: Any, played: Any = (), players: Any = 2,
             leads: bool | None = None) -> CinchVerdict:
    """Whether ``hand`` (the player's cards left) with ``tricks_taken`` makes three tricks
    certain. ``played``: every card played in the tricks so far (complete tricks);
    ``players``: how many play the hand; ``leads``: whether the player leads the next trick
    (None: not known, so it must hold either way)."""
    trump = read_trump(trump)
    hand = check_cards(hand, ("hand",))
    players = check_players(players)
    played = check_cards(played, ("played",), most=None)
    if isinstance(tricks_taken, bool) or not isinstance(tricks_taken, int):
        raise WrongTypeError("tricks_taken is a whole number.", ("tricks_taken",))
    done = TRICKS - len(hand)
    if not 0 <= tricks_taken <= done:
        raise BourreTricksError(f"With {len(hand)} cards left, {done} tricks have been played: "
                                f"tricks_taken is 0 to {done}.", ("tricks_taken",))
    if played and len(played) != done * players:
        raise BourreHandError(f"{done} tricks of {players} players are {done * players} cards "
                              f"played; {len(played)} were given.", ("played",))
    if leads is not None and not isinstance(leads, bool):
        raise WrongTypeError("leads is true or false.", ("leads",))
    DECK.check_named_supply([(("hand", i), c) for i, c in enumerate(hand)]
                            + [(("played", i), c) for i, c in enumerate(played)], decks=1)
    search = _Search(trump, players - 1)
    pool = _FULL_DECK - set(hand) - set(played)
    sides = [True, False] if leads is None else [leads]
    certain, proved = 0, True
    try:
        while certain < len(hand) and all(search.can(frozenset(hand), pool, certain + 1, side)
                                          for side in sides):
            certain += 1
    except _Stopped:
        proved = False
    total = tricks_taken + certain
    if total >= CINCH:
        return CinchVerdict(True, f"A cinch: {total} tricks are certain however the others hold "
                            "and play; lead and trump with your highest trump.", total)
    if not proved:
        return CinchVerdict(False, "Not proved: the search stopped at its bound, so the referee "
                            "does not call it a cinch.", total, proved=False)
    return CinchVerdict(False, "Not certain: the others can hold and play the unseen cards so "
                        f"that you take {total} trick{'s' if total != 1 else ''}.", total)
