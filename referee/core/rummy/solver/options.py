"""The melds a search of the any-melds games may lay, as options in its layout of bits.

A search (``search``) numbers the kinds of card in its hand in the order it settles
them: bit ``b`` of a mask is the ``b``-th kind of that order. The options through a
kind are the canonical melds (see ``search`` for why no others are needed) whose
cards are all still present: groups of it with two or more natural cards, the run
of it alone with jokers, and runs through it with natural ends spanning at most
five places, taking every card present between the ends.

>>> from referee.core import get_ruleset, parse_cards
>>> from .hand import read_hand
>>> hand = read_hand(parse_cards("5H 6H 7H 5S JK"), get_ruleset("500").configure())
>>> melds = MeldOptions(hand, [17, 16, 21, 25])  # 5H first, then 5S 6H 7H
>>> [(option.kinds, option.needed) for option in melds.through(0, 0b1111, jokers=2)]
[((17, 21, 25), 0), ((17, 21), 1), ((16, 17), 1), ((17,), 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...melds import ACE_HIGH
from .hand import MAX_SPAN, FreeHand, kind_at
from .prices import Shape


class Option(NamedTuple):
    """A meld the search may lay: one copy of each kind in ``mask``, and its jokers.

    First comes where it stands when melds are read in order, so that options (and
    options with their spare jokers) sort that way as they are.
    """

    place: tuple[int, int, int]  # see reading_place
    mask: int  # bits of the search's layout
    value: int  # held points of its natural cards
    needed: int  # jokers it cannot do without
    room: int  # more jokers it could take
    kinds: tuple[int, ...]  # its natural cards' kinds (a group's in suit order)
    run_suit: int | None  # None for a group
    positions: tuple[int, ...]  # a run's natural cards' places, low to high
    gained: int  # points melded with it: its natural cards and the jokers it needs


def reading_place(kinds: tuple[int, ...], run_suit: int | None,
                  positions: tuple[int, ...]) -> tuple[int, int, int]:
    """Melds read by their lowest place (a low ace first), groups before runs, then by
    suit (a group's kinds are in suit order).

    >>> reading_place((8, 10), None, ()), reading_place((1, 5), 1, (1, 2))
    ((3, 0, 0), (1, 1, 1))
    """
    if run_suit is None:
        return (kinds[0] // 4 + 1, 0, kinds[0] % 4)
    return (positions[0], 1, run_suit)


class RunFrame(NamedTuple):
    """A run through one place with natural ends at ``low`` and ``high``."""

    suit: int
    at: int  # the place of the card it is listed for
    low: int
    high: int
    inside: tuple[tuple[int, int], ...]  # (place, bit) of each kind held between the ends


class MeldOptions:
    """The options of one search's layout, each made once and kept.

    It holds nothing of the search itself, so a search that lets go of it leaves no
    reference cycle for the garbage collector to find.
    """

    def __init__(self, hand: FreeHand, order: Sequence[int]):
        game = hand.game
        self.hand = hand
        self.order = tuple(order)
        self.bit_of = {kind: bit for bit, kind in enumerate(self.order)}
        self.joker_value = game.joker_value
        # no canonical meld needs more jokers than this: a key need count no more
        self.most_needed = max(game.min_run - 1, MAX_SPAN - 2, game.min_book - 2)
        self.near = [self._near(kind) for kind in self.order]
        self.listed: dict[int, tuple[Option, ...]] = {}  # by cards near, first card, jokers
        # by first card: its groups and lone runs, and its run frames (see _listed)
        self.shapes: dict[int, list[tuple[int, Option]]] = {}
        self.frames: dict[int, list[tuple[int, int, int]]] = {}  # by number in all_frames
        self.all_frames: list[RunFrame] = []
        self.runs: dict[int, Option] = {}  # by cards between << 12 | frame's number

    def through(self, bit: int, present: int, jokers: int) -> tuple[Option, ...]:
        """Every option whose first card in the order is ``bit``, with the cards
        ``present`` and ``jokers`` jokers, likeliest first (no jokers, most points)."""
        usable = min(jokers, self.most_needed)
        asked = (present & self.near[bit]) << 10 | bit << 3 | usable
        found = self.listed.get(asked)
        if found is None:
            found = self.listed[asked] = self.listing(bit, present & self.near[bit], usable)
        return found

    def listing(self, bit: int, present: int, jokers: int) -> tuple[Option, ...]:
        """``through``'s answer, made afresh (``present`` within the bit's near cards)."""
        found = []
        for needs, option in self._shapes(bit):
            if present & needs == needs and option.needed <= jokers:
                found.append(option)
        for needs, between, number in self._frames(bit):
            if present & needs == needs:
                option = self._run_in(number, present & between)
                if option.needed <= jokers:
                    found.append(option)
        found.sort(key=lambda option: (option.needed, -option.value))
        return tuple(found)

    def option(self, shape: Shape) -> Option:
        """The option for a meld of that shape (its cards all in the hand)."""
        return self._option(shape.kinds, shape.needed, shape.room, shape.run_suit,
                            shape.positions)

    def _shapes(self, bit: int) -> list[tuple[int, Option]]:
        """The groups through ``bit``'s kind and the run of it alone, with the bits of the
        other cards each needs."""
        known = self.shapes.get(bit)
        if known is not None:
            return known
        game, kind = self.hand.game, self.order[bit]
        rank = kind // 4
        others = [other for other in range(rank * 4, rank * 4 + 4)
                  if other != kind and other in self.bit_of]
        found = []
        for pick in range(1, 1 << len(others)):
            chosen = [others[i] for i in range(len(others)) if pick >> i & 1]
            size = len(chosen) + 1
            if size <= game.max_book:
                needs = sum(1 << self.bit_of[other] for other in chosen)
                found.append((needs, self._option(tuple(sorted((kind, *chosen))),
                                                  max(0, game.min_book - size),
                                                  game.max_book - max(size, game.min_book))))
        positions = self.hand.positions(kind)
        if positions:  # alone, with jokers
            found.append((0, self._run(kind % 4, positions[:1], positions[0], positions[0])))
        self.shapes[bit] = found
        return found

    def _frames(self, bit: int) -> list[tuple[int, int, int]]:
        """The runs through ``bit``'s kind with natural ends: the bits of the ends each
        needs, the bits of the kinds held between them, and the frame's number."""
        known = self.frames.get(bit)
        if known is not None:
            return known
        hand, kind = self.hand, self.order[bit]
        suit = kind % 4
        bit_at = {p: self.bit_of.get(kind_at(p, suit)) for p in range(hand.low, hand.high + 1)}
        found = []
        for at in hand.positions(kind):
            for low in range(max(hand.low, at - MAX_SPAN + 1), at + 1):
                for high in range(max(low + 1, at), min(hand.high, low + MAX_SPAN - 1) + 1):
                    ends = [p for p in (low, high) if p != at]
                    if any(bit_at[p] is None for p in ends):
                        continue  # an end the hand lacks
                    inside = tuple((p, bit_at[p]) for p in range(low + 1, high)
                                   if p != at and bit_at[p] is not None)
                    found.append((sum(1 << bit_at[p] for p in ends),
                                  sum(1 << b for _, b in inside), len(self.all_frames)))
                    self.all_frames.append(RunFrame(suit, at, low, high, inside))
        self.frames[bit] = found
        return found

    def _run_in(self, number: int, present: int) -> Option:
        """The run of a frame with the cards ``present`` between its ends."""
        key = present << 12 | number  # fewer than 52 kinds x 25 frames
        option = self.runs.get(key)
        if option is None:
            frame = self.all_frames[number]
            held = {p for p, b in frame.inside if present >> b & 1}
            naturals = tuple(p for p in range(frame.low, frame.high + 1)
                             if p in (frame.at, frame.low, frame.high) or p in held)
            option = self.runs[key] = self._run(frame.suit, naturals, frame.low, frame.high)
        return option

    def _option(self, kinds: tuple[int, ...], needed: int, room: int,
                run_suit: int | None = None, positions: tuple[int, ...] = ()) -> Option:
        mask = 0
        for kind in kinds:
            mask |= 1 << self.bit_of[kind]
        value = sum(self.hand.game.values[kind] for kind in kinds)
        return Option(reading_place(kinds, run_suit, positions), mask, value, needed, room,
                      kinds, run_suit, positions, value + needed * self.joker_value)

    def _run(self, suit: int, naturals: tuple[int, ...], low: int, high: int) -> Option:
        span = high - low + 1
        pad = max(0, self.hand.game.min_run - span)
        ace_at = 1 if low == 1 else ACE_HIGH if high == ACE_HIGH else None
        room = self.hand.longest[ace_at] - span - pad
        return self._option(tuple(kind_at(p, suit) for p in naturals),
                            span - len(naturals) + pad, room, suit, naturals)

    def _near(self, kind: int) -> int:
        """Bits of the kinds a meld through this kind could hold."""
        rank, suit = kind // 4, kind % 4
        kinds = set(range(rank * 4, rank * 4 + 4))
        for at in self.hand.positions(kind):
            for p in range(at - MAX_SPAN + 1, at + MAX_SPAN):
                if self.hand.low <= p <= self.hand.high:
                    kinds.add(kind_at(p, suit))
        return sum(1 << self.bit_of[k] for k in kinds if k in self.bit_of)
