"""Hands as bits, for the quick search of hands without jokers (``plain``), and what every
search of the any-melds games (500, Basic, Base) needs to know of the game.

In these games a meld never holds two copies of one card (a group's suits
differ, a run climbs), so a hand is kept as bit planes in one integer: plane 0
has a bit for every kind of card held, plane 1 for every kind held twice, and so
on. Bits go aces first, then twos, and so on, suits in order within a rank, so
the lowest bit is the lowest card and a group's cards sit side by side.

>>> kind_bit(2, 1), str(CARD_AT[kind_bit(2, 1)]), str(CARD_AT[kind_bit(ACE_HIGH, 0)])
(5, '2H', 'AS')
>>> two_tens = 1 << kind_bit(10, 0) | 1 << (kind_bit(10, 0) + WIDTH)
>>> remove(two_tens, 1 << kind_bit(10, 0), planes=2) == 1 << kind_bit(10, 0)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ...cards import Card, Rank, Suit, natural
from ...melds import ACE_HIGH, MeldKind, MeldRules

if TYPE_CHECKING:
    from ...model.ruleset import Ruleset, TableRules
    from .options import Option

WIDTH = 52  # bits in a plane: one for each kind of card
PLANE = (1 << WIDTH) - 1
SUITS = tuple(Suit)
CARD_AT = tuple(natural(Rank(bit // 4 + 1), SUITS[bit % 4]) for bit in range(WIDTH))
LONGEST_RUN = 13


def kind_bit(position: int, suit: int) -> int:
    """The bit of the card at a run position (14: the ace above the king)."""
    return ((1 if position == ACE_HIGH else position) - 1) * 4 + suit


def remove(state: int, mask: int, planes: int) -> int:
    """One copy fewer of each kind in ``mask`` (the copy in the highest plane holding it)."""
    if planes == 1:
        return state ^ mask
    for shift in range((planes - 1) * WIDTH, -1, -WIDTH):
        taken = state >> shift & mask
        if taken:
            state ^= taken << shift
            mask ^= taken
            if not mask:
                break
    return state


def spread(mask: int, planes: int) -> int:
    """The same kinds in every plane."""
    return sum(mask << (plane * WIDTH) for plane in range(planes))


def bits_of(mask: int) -> list[int]:
    """The kinds in one plane, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Meld(NamedTuple):
    """A meld the search may lay: its natural cards, and the jokers it needs and could take."""

    low: int  # the bit of its lowest card
    mask: int  # its natural cards, one plane
    value: int  # points it takes out of the hand, with the jokers it needs
    needed: int
    room: int
    kind: MeldKind
    suit: int = 0  # runs: the suit
    positions: tuple[int, ...] = ()  # runs: where the naturals lie, low to high
    ace_at: int | None = None  # runs: 1 or 14 when a natural ace is in it


@dataclass(frozen=True)
class Game:
    """What the search needs to know of one game with its house options."""

    values: tuple[int, ...]  # held value of each kind of card
    joker_value: int
    in_deck: int  # one plane: every kind the game's deck holds
    jokers_per_deck: int
    min_book: int
    max_book: int
    min_run: int
    ace_low: bool
    ace_high: bool
    rules: MeldRules = field(compare=False)  # the game's own reading, for run frames

    @cached_property
    def plain_books(self) -> tuple[tuple[tuple[int, Meld], ...], ...]:
        """For each rank, every jokerless group as (its suits as 4 bits, the meld)."""
        return tuple(tuple((suits, self.book(rank, suits)) for suits in range(1, 16)
                           if self.min_book <= suits.bit_count() <= self.max_book)
                     for rank in range(13))

    @cached_property
    def plain_runs(self) -> dict[tuple[int, int, int], Meld]:
        """Every jokerless run, by (suit, first position, last position)."""
        return {(suit, first, last): self.run(suit, tuple(range(first, last + 1)))
                for suit in range(4) for first in range(1, ACE_HIGH + 1)
                for last in range(first + self.min_run - 1,
                                  min(first + LONGEST_RUN - 1, ACE_HIGH) + 1)}

    @cached_property
    def plain_options(self) -> dict[int, Option]:
        """The free search's form of each plain meld laid so far, made once (see plain)."""
        return {}

    def value_of(self, mask: int) -> int:
        return sum(self.values[bit] for bit in bits_of(mask))

    def frame(self, ace_at: int | None) -> tuple[int, int]:
        """Lowest and highest position a run may reach (jokers may stand for an ace)."""
        return self.rules.frame(ace_at)

    def book(self, rank: int, suits: int, needed: int = 0) -> Meld:
        """A group of ``rank`` (0 for aces) in the suits set in ``suits`` (4 bits)."""
        mask = suits << (rank * 4)
        return Meld(mask & -mask, mask, self.value_of(mask) + needed * self.joker_value, needed,
                    self.max_book - suits.bit_count() - needed, MeldKind.BOOK)

    def run(self, suit: int, positions: tuple[int, ...], gaps: int = 0) -> Meld:
        """A run with naturals at ``positions`` (ascending); jokers fill gaps and least length."""
        ace_at = 1 if positions[0] == 1 else ACE_HIGH if positions[-1] == ACE_HIGH else None
        low, high = self.frame(ace_at)
        longest = min(LONGEST_RUN, high - low + 1)
        span = positions[-1] - positions[0] + 1
        pad = max(0, self.min_run - span)
        mask = sum(1 << kind_bit(p, suit) for p in positions)
        return Meld(mask & -mask, mask, self.value_of(mask) + (gaps + pad) * self.joker_value,
                    gaps + pad, longest - span - pad, MeldKind.RUN, suit, positions, ace_at)


@dataclass(frozen=True)
class _Asked:
    """A game at some house options, as the cache below tells them apart: by the game's key
    and its options (a ruleset holds functions and tables, which do not hash)."""

    key: tuple
    ruleset: Ruleset = field(compare=False)


# The last tables asked about, by id: the table is kept with its game, so the id stays its
# own while it is here. Asking _game_for (an _Asked made and hashed, its options' items
# and all) was nearly a tenth of a short hand's arranging; a table is asked again and again.
_LAST_TABLES: dict[int, tuple[TableRules, Game]] = {}


def game_for(table: TableRules) -> Game:
    """The bit search's view of the table's game at its house options (the decks aside)."""
    last = _LAST_TABLES.get(id(table))
    if last is not None and last[0] is table:
        return last[1]
    game = _game_for(_Asked(table.key[:2], table.ruleset))
    if len(_LAST_TABLES) >= 64:
        _LAST_TABLES.clear()
    _LAST_TABLES[id(table)] = (table, game)
    return game


@lru_cache(maxsize=64)
def _game_for(asked: _Asked) -> Game:
    ruleset = asked.ruleset
    resolved = dict(asked.key[1])
    deck, rules = ruleset.deck(resolved), ruleset.meld_rules(resolved)
    if not rules.book_suits_distinct:
        raise NotImplementedError("the bit search needs groups of different suits")
    in_deck = sum(1 << bit for bit, card in enumerate(CARD_AT) if deck.copies_of(card, 1))
    values = tuple(ruleset.card_value(card, resolved, False) if in_deck >> bit & 1 else 0
                   for bit, card in enumerate(CARD_AT))
    joker = ruleset.card_value(Card(), resolved, False) if deck.jokers_per_deck else 0
    return Game(values, joker, in_deck, deck.jokers_per_deck, rules.min_book,
                min(rules.max_book or 4, 4), rules.min_run, rules.ace_low, rules.ace_high, rules)
