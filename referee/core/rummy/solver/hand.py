"""A hand for the any-melds search (500, Basic, Base): copies of each kind, and the jokers.

A kind is a natural card without its deck: ``(rank - 1) * 4 + suit``, suits in the
order S, H, D, C. A run position is a rank, except that an ace lies at 1 (low) or
14 (above the king), as the game allows.

>>> from referee.core import get_ruleset, parse_cards
>>> hand = read_hand(parse_cards("AS AS 7H JK"), get_ruleset("500").configure(decks=2))
>>> hand.counts[kind_at(1, 0)], hand.counts[kind_at(7, 1)], hand.jokers, hand.positions(0)
(2, 1, 1, (1, 14))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from ...cards import Card
from ...melds import ACE_HIGH
from ...model.ruleset import TableRules
from .bits import Game, game_for
from .bits import kind_bit as kind_at  # a kind's index is its bit: 1 and 14 are both the ace

KINDS = 52
MAX_SPAN = 5  # a run never needs more than five places between its end cards (see search)
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
# by a suit's letter (hashing the enum itself is slow), then rank: the card's kind; and by
# kind, its bit in FreeHand.lines: looked up, not worked out, for every card read
_KIND_OF = {letter: (-1, *((rank - 1) * 4 + suit for rank in range(1, 14)))
            for letter, suit in _SUIT_INDEX.items()}
_LINE_BIT = tuple(1 << (kind % 4 * 16 + kind // 4 + 1) for kind in range(KINDS))


@dataclass(eq=False)
class FreeHand:
    game: Game
    counts: Sequence[int]  # copies of each kind, never changed
    jokers: int
    held: int  # a bit for each kind with a copy held
    lines: int  # 16 bits a suit, a bit for each rank held: runs show as unbroken lines
    naturals: list[int]  # the kind of each natural card, in the order given
    planes: int  # most copies of one kind

    @cached_property
    def low(self) -> int:
        """The lowest run position: 1 if an ace may be low."""
        return 1 if self.game.ace_low else 2

    @cached_property
    def high(self) -> int:
        """The highest run position: 14 if an ace may lie above the king."""
        return ACE_HIGH if self.game.ace_high else 13

    def positions(self, kind: int) -> tuple[int, ...]:
        """Where a card of this kind may lie in a run."""
        rank = kind // 4 + 1
        if rank != 1:
            return (rank,)
        return tuple(p for p in (1, ACE_HIGH) if self.low <= p <= self.high)

    def count_at(self, position: int, suit: int) -> int:
        if not self.low <= position <= self.high:
            return 0
        return self.counts[kind_at(position, suit)]

    @cached_property
    def longest(self) -> dict[int | None, int]:
        """How long a run may grow, by where its natural ace lies (None: it has none)."""
        found = {}
        for ace_at in (None, 1, ACE_HIGH):
            low, high = self.game.frame(ace_at)
            found[ace_at] = min(13, high - low + 1)
        return found

    @cached_property
    def total(self) -> int:
        """Points of every natural card held."""
        return sum(n * v for n, v in zip(self.counts, self.game.values))


def read_hand(cards: Sequence[Card], table: TableRules) -> FreeHand:
    """The hand as counts; anything the decks could not hold is left to the decks' own check."""
    game = game_for(table)
    counts = [0] * KINDS
    jokers = planes = held = lines = 0
    naturals = []
    asks_supply_check = False
    kind_of, line_bit = _KIND_OF, _LINE_BIT
    for card in cards:
        rank = card.rank
        if rank is None:
            jokers += 1
            asks_supply_check |= card.stands_for is not None  # standing for a card the game lacks?
            continue
        kind = kind_of[card.suit._value_][rank]
        copies = counts[kind] = counts[kind] + 1
        if copies > planes:
            planes = copies
        held |= 1 << kind
        lines |= line_bit[kind]
        naturals.append(kind)
    if asks_supply_check or jokers > game.jokers_per_deck * table.decks or (
            held & ~game.in_deck or planes > table.decks):
        table.check_supply(cards)
        if jokers > game.jokers_per_deck * table.decks or (
                held & ~game.in_deck or planes > table.decks):
            raise AssertionError("the decks' check passed cards the search refused")
    return FreeHand(game, counts, jokers, held, lines, naturals, planes)


def hand_of(game: Game, counts: Sequence[int], jokers: int) -> FreeHand:
    """A hand read from its counts (a part of another hand, say).

    >>> from referee.core import get_ruleset
    >>> five_hundred = game_for(get_ruleset("500").configure())  # as read_hand does
    >>> part = hand_of(five_hundred, [1] * 4 + [0] * 48, 2)
    >>> part.naturals, part.jokers, part.planes
    ([0, 1, 2, 3], 2, 1)
    """
    held = lines = 0
    naturals = []
    for kind, n in enumerate(counts):
        if n:
            held |= 1 << kind
            lines |= 1 << (kind % 4 * 16 + kind // 4 + 1)
            naturals += [kind] * n
    return FreeHand(game, tuple(counts), jokers, held, lines, naturals, max(counts, default=0))
