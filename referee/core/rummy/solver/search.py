"""The exact search of the any-melds games (500, Basic, Base).

Cards are settled one kind at a time in a fixed order: the first card left is
kept, or goes into a meld with cards later in the order. What is left is a
multiset, remembered with the jokers left and the room melds have for more, so
the many orders in which the same cards can go are searched once. The search is
a branch and bound: a branch is dropped as soon as a bound shows it cannot beat
the best arrangement already found, and each meld tried is its first card's
likeliest (no jokers, most points first), so a hand that melds whole is done in
one pass down. The bound is ``bound``'s, cheap and good on most hands; one that
keeps the search busy is priced (``prices``: the dual of its linear relaxation),
and the price of what is left bounds every step from then on as well.

Only melds of a canonical shape are tried, which loses nothing:

* A run has natural cards at both ends and spans at most five places: a longer
  one splits into two runs with natural ends that hold the same cards, and two
  runs have more room for spare jokers than one.
* A run takes every card still to be settled that lies between its ends, with a
  joker only where none is left: if an arrangement puts a joker there while that
  card lies in another meld, the two swap (the other meld keeps a natural card or
  dissolves, its jokers going on as spares); a kept card joins the run, its
  joker going on as a spare. Where no meld has room for a spare joker, the run
  had at least two natural cards and three jokers beyond them, so its top card
  with two of those jokers becomes a run of its own, with room to spare.
* A group has two natural cards or more: one card and two jokers is better laid
  as a run, which has more room for spare jokers.

With fewer than two jokers in hand, a card no meld of the cards left could hold
(``dead``) is kept as soon as it is so, not when the order reaches it: the bound
drops by its points at once, and the many ways to get there meet in the memo as
one position. On a crowded hand of one deck and a joker this searches a fifth to
a third of the positions.

Jokers are counted, never told apart. Spare jokers go where melds have room, so
the arrangement is exact with them too.

Which searches run, and for how long, is ``turns``'s to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .bound import UNITS, JokerCosts
from .dead import dead_rule
from .hand import FreeHand
from .options import MeldOptions, Option
from .prices import Prices


DEAD_BELOW = 2  # jokers: with fewer, a card may have no meld left (see dead)


class Plan(NamedTuple):
    """The best arrangement: melds with the spare jokers each takes, and what is kept."""

    melds: tuple[tuple[Option, int], ...]
    kept: Sequence[int]  # kinds of the natural cards kept
    jokers_kept: int


@dataclass
class SearchStats:
    """The work of one arranging, for benchmarks and tests: positions searched, by every
    search it ran (a step of ``search`` or a state of ``plain``)."""

    steps: int = 0


class OverBudget(Exception):
    """A search used up the steps of its turn; it goes on from where it was next turn."""


class FreeSearch:
    def __init__(self, hand: FreeHand, costs: JokerCosts, order: Sequence[int],
                 keep_dead: bool = True):
        self.hand = hand
        self.keep_dead = keep_dead  # False: dead cards wait for their turn (tests' oracle)
        game = hand.game
        self.order = tuple(order)
        self.melds = MeldOptions(hand, self.order)
        self.width = len(self.order)
        self.plane = (1 << self.width) - 1
        counts = [hand.counts[kind] for kind in self.order]
        self.planes = max(counts, default=1) or 1
        self.values = [game.values[kind] for kind in self.order]
        self.free = [costs.free[kind] for kind in self.order]
        self.tails = costs.tails(self.order, game.values, hand.jokers)
        self.joker_value = game.joker_value
        # Every free copy's points: the bound's start, lowered as free copies are taken.
        self.rich = sum(v * f for v, f in zip(self.values, self.free))
        self.start = sum(1 << (bit + plane * self.width)
                         for bit, n in enumerate(counts) for plane in range(n))
        # by copy: the kinds whose copy of that number (from 0) is a free one
        self.free_bits = [sum(1 << bit for bit, free in enumerate(self.free) if free > copy)
                          for copy in range(self.planes)]
        self.points: dict[int, int] = {}
        # by cards left, then jokers << 5 | room: the most melded, or a bound on it, << 1,
        # | 1 when exact. Only ints, so the garbage collector never walks the memo (CPython
        # leaves dicts of ints untracked): with tuples, one pass could take 30 ms.
        self.memo: dict[int, dict[int, int]] = {}
        self.met = [0]  # the most a whole arrangement met so far melds
        self.prices: Prices | None = None
        self.best, self.take, self.counted, self._release = self._searcher()

    def use_prices(self, found: Prices) -> None:
        """Bound every step by the prices of what is left as well (see prices); what the
        memo holds stays true, so the search goes on where it was."""
        self.prices = found
        steps = self.steps
        self._release()
        self.best, self.take, self.counted, self._release = self._searcher()
        self.counted(-1, steps)

    def close(self) -> None:
        """Let go of everything at once: ``best`` calls itself, so it and its closure
        hold each other, a cycle only the garbage collector would find otherwise."""
        self._release()

    @property
    def found(self) -> int:
        """The most points a whole arrangement met so far melds."""
        return self.met[0]

    @property
    def steps(self) -> int:
        """Positions searched so far (each a memo entry's worth of work)."""
        return self.counted()

    def solve(self, known: int = 0) -> int:
        """Most points the hand can meld, knowing an arrangement melds ``known``
        (raises OverBudget when a budget of steps set by ``counted`` runs out; ``found``
        keeps the best whole arrangement met so far)."""
        return self.best(self.start, self.hand.jokers, 0, known - 1, self.rich, self.priced())

    def priced(self) -> float:
        """The price of the whole hand's cards (0 when unpriced)."""
        if self.prices is None:
            return 0.0
        return sum(self.prices.card[kind] * n for kind, n in enumerate(self.hand.counts))

    def _searcher(self):
        """``best``, with everything it reads bound to local names: it runs very often.

        best(state, jokers, room, floor, rich): the most points melded from here when
        more than ``floor`` (then exact), else an upper bound no more than ``floor``.
        ``room`` (at most ``jokers``) is room for spare jokers so far; ``rich`` the
        points of the free copies left (see ``bound``).
        """
        joker_value, plane, width = self.joker_value, self.plane, self.width
        start = self.start
        # the bound beyond the free copies, by first card left and jokers left
        beyond = [[row[jokers * UNITS] + jokers * joker_value for jokers in range(
            self.hand.jokers + 1)] for row in self.tails]
        memo, options, near = self.memo, self.melds.listed, self.melds.near
        free_bits, points, values = self.free_bits, self.points, self.values
        most_needed, listed, met = self.melds.most_needed, self.melds.listing, self.met
        priced = self.prices is not None
        if priced:
            card_price = [self.prices.card[kind] for kind in self.order]
            joker_price, room_price = self.prices.joker, self.prices.room
        prices_of: dict[int, float] = {}
        # Cards no meld can hold any more (see dead) are kept as soon as they are so, not
        # when the order reaches them: a dead end shows at once, and the bound drops.
        # Only for a hand of fewer than two jokers: with more, cards die only deep in the
        # search, among many copies, and looking for them cost more than it saved.
        dead = (dead_rule(self.hand.game)
                if self.keep_dead and self.hand.jokers < DEAD_BELOW else None)
        few = DEAD_BELOW if dead is not None else 0  # with this many jokers none is dead
        order, bit_of = self.order, {kind: bit for bit, kind in enumerate(self.order)}
        kinds_at: dict[int, int] = {}  # by bits of the search's layout: the kinds, as bits
        bits_at: dict[int, int] = {}  # and back

        def kinds_of(bits):
            found = kinds_at.get(bits)
            if found is None:
                found, rest = 0, bits
                while rest:
                    low = rest & -rest
                    rest ^= low
                    found |= 1 << order[low.bit_length() - 1]
                kinds_at[bits] = found
            return found

        def bits_of(kinds):
            found = bits_at.get(kinds)
            if found is None:
                found, rest = 0, kinds
                while rest:
                    low = rest & -rest
                    rest ^= low
                    found |= 1 << bit_of[low.bit_length() - 1]
                bits_at[kinds] = found
            return found

        def kept(state, bits, price):
            """Every copy of the kinds in ``bits`` kept: the state after, the free
            copies' points that takes, and the price after."""
            used = 0
            while bits:
                if priced:
                    price -= price_of(bits)
                state, taken = take(state, bits)
                used += taken
                bits &= state
            return state, used, price

        def price_of(mask):
            """The price of one copy of each kind in ``mask``."""
            found = prices_of.get(mask)
            if found is None:
                found, rest = 0.0, mask
                while rest:  # the set bits only: a mask holds few
                    low = rest & -rest
                    rest ^= low
                    found += card_price[low.bit_length() - 1]
                prices_of[mask] = found
            return found

        steps = 0
        limit = -1  # no budget

        def counted(budget=None, before=None):
            """The steps taken; a new budget of steps from now, if given (negative: none);
            ``before``: steps taken by the search this one goes on from."""
            nonlocal limit, steps
            if before is not None:
                steps = before
            if budget is not None:
                limit = steps + budget if budget >= 0 else -1
            return steps

        def take(state, mask):
            """One copy fewer of each kind in ``mask`` (the copy in the highest plane
            holding it: plane k has a kind's bit when more than k copies are left), and
            the points of the free copies that uses up (a kind's first copies)."""
            used = 0
            copy = (state.bit_length() - 1) // width  # the highest plane holding any
            while True:
                shift = copy * width
                taken = state >> shift & mask
                if taken:
                    state ^= taken << shift
                    mask ^= taken
                    taken &= free_bits[copy]
                    if taken:
                        known = points.get(taken)
                        if known is None:
                            known, rest = 0, taken
                            while rest:  # the set bits only: a mask holds few
                                low = rest & -rest
                                rest ^= low
                                known += values[low.bit_length() - 1]
                            points[taken] = known
                        used += known
                    if not mask:  # plane 0 holds every kind left, so this ends there
                        return state, used
                copy -= 1

        def enter(state, jokers, room, floor, rich, price, kinds=-1):
            """best's bound first, as a caller within the search works it out (``kinds``:
            the kinds left, as bits; worked out when not given)."""
            if not state:
                return room * joker_value
            rest = state & plane
            ceiling = rich + beyond[(rest & -rest).bit_length() - 1][jokers]
            if priced:  # what is left, at its prices (a float a hair above its true sum)
                bound = int(price + joker_price * jokers + room_price * room + 1e-6)
                if bound < ceiling:
                    ceiling = bound
            if ceiling <= floor:
                return ceiling
            return best(state, jokers, room, floor, rich, price, ceiling, kinds)

        def best(state, jokers, room, floor, rich, price, ceiling, kinds):
            """``ceiling``: what bounds the cards left (see enter), more than ``floor``."""
            present = state & plane
            bit = (present & -present).bit_length() - 1
            searched = memo.get(state)
            if searched is None:
                searched = memo[state] = {}
                known = None
            else:
                known = searched.get(jokers << 5 | room)
                if known is not None:
                    if known & 1 or known >> 1 <= floor:
                        return known >> 1
                else:
                    # With d more jokers and d more room the same cards meld at least 15d
                    # more: a bound found there bounds this too.
                    for more, value in searched.items():
                        value >>= 1
                        gain = (more >> 5) - jokers
                        if gain >= 0 and (more & 31) - room >= gain:
                            value -= gain * joker_value
                            if value <= floor:
                                return value
            nonlocal steps
            steps += 1
            if steps == limit:
                raise OverBudget
            usable = jokers if jokers < most_needed else most_needed
            asked = (present & near[bit]) << 10 | bit << 3 | usable
            tried = options.get(asked)
            if tried is None:
                tried = options[asked] = listed(bit, present & near[bit], usable)
            top = -1
            at_start = state == start
            for _, mask, _, needed, more_room, _, _, _, gained in tried:
                left = jokers - needed
                below = (floor if floor > top else top) - gained
                room_after = room + more_room
                if room_after > left:
                    room_after = left
                # the child's own first tests, without calling it: its prices first, as
                # they need no cards taken
                if priced:
                    price_after = prices_of.get(mask)
                    if price_after is None:
                        price_after = price_of(mask)
                    price_after = price - price_after
                    total = int(price_after + joker_price * left + room_price * room_after
                                + 1e-6)
                    if total <= below:
                        total += gained
                        if total > top:
                            top = total
                        continue
                else:
                    price_after = 0.0
                after, used = take(state, mask)
                if after:
                    rest = after & plane
                    bound = rich - used + beyond[(rest & -rest).bit_length() - 1][left]
                    if priced and total < bound:
                        bound = total
                    if bound > below:
                        if left >= few:  # no card can be dead: the kinds are not followed
                            kinds_after = -1
                        else:
                            kinds_after = (kinds_of(rest) if kinds < 0
                                           else kinds ^ kinds_of(present ^ rest))
                            gone = dead(kinds_after, left)
                            if gone:
                                after, more, price_after = kept(after, bits_of(gone),
                                                                price_after)
                                used += more
                                kinds_after ^= gone
                                rest = after & plane
                                if not rest:
                                    bound = room_after * joker_value  # all settled: exact
                                else:
                                    bound = rich - used + beyond[
                                        (rest & -rest).bit_length() - 1][left]
                                    if priced:
                                        total = int(price_after + joker_price * left
                                                    + room_price * room_after + 1e-6)
                                        if total < bound:
                                            bound = total
                    if not after:
                        total = bound
                    elif bound > below:
                        total = best(after, left, room_after, below, rich - used, price_after,
                                     bound, kinds_after)
                        if at_start and total > below and total + gained > met[0]:
                            met[0] = total + gained  # a whole arrangement, met
                    else:
                        total = bound
                else:
                    total = room_after * joker_value
                total += gained
                if total > top:
                    top = total
                    if top >= ceiling:
                        break
            if top < ceiling:  # keep the card
                after, used = take(state, 1 << bit)
                price_after = price - card_price[bit] if priced else 0.0
                if kinds < 0 or after >> bit & 1:
                    kinds_after = kinds
                else:
                    kinds_after = kinds ^ 1 << order[bit]
                if jokers < few and after:
                    if kinds_after < 0:
                        kinds_after = kinds_of(after & plane)
                    gone = dead(kinds_after, jokers)
                    if gone:
                        after, more, price_after = kept(after, bits_of(gone), price_after)
                        used += more
                        kinds_after ^= gone
                below = floor if floor > top else top
                total = enter(after, jokers, room, below, rich - used, price_after,
                              kinds_after)
                if at_start and total > below and total > met[0]:
                    met[0] = total
                if total > top:
                    top = total
            searched[jokers << 5 | room] = top << 1 | (top > floor)
            return top

        def release():
            nonlocal best, enter, take, counted, price_of, kept, kinds_of, bits_of
            best = enter = take = counted = price_of = None  # type: ignore[assignment]
            kept = kinds_of = bits_of = None  # type: ignore[assignment]

        return enter, take, counted, release

    def plan(self) -> Plan:
        """The melds of the best arrangement, found again step by step from the memo."""
        self.counted(-1)  # no budget: the memo has it all
        state, jokers, room, rich, price = (self.start, self.hand.jokers, 0, self.rich,
                                            self.priced())
        target = self.solve()
        chosen: list[Option] = []
        kept: list[int] = []
        while state:
            present = state & self.plane
            bit = (present & -present).bit_length() - 1
            for option in self.melds.through(bit, present, jokers):
                left = jokers - option.needed
                want = target - option.value - option.needed * self.joker_value
                after, used = self.take(state, option.mask)
                rest, rest_price = rich - used, price - self.price_of(option.mask)
                if self.best(after, left, min(room + option.room, left), want - 1, rest,
                             rest_price) >= want:
                    chosen.append(option)
                    state, jokers, room, rich, price, target = (
                        after, left, min(room + option.room, left), rest, rest_price, want)
                    break
            else:
                kept.append(self.order[bit])
                price -= self.price_of(1 << bit)
                state, used = self.take(state, 1 << bit)
                rich -= used
        # room was kept within the jokers left: that many go on as spares
        return laid_out(chosen, kept, jokers, room)

    def price_of(self, mask: int) -> float:
        if self.prices is None:
            return 0.0
        return sum(self.prices.card[self.order[b]] for b in range(self.width) if mask >> b & 1)

def laid_out(chosen: Sequence[Option], kept: Sequence[int], jokers: int, spare: int) -> Plan:
    """The plan laying ``chosen`` with ``spare`` of the ``jokers`` left where they have
    room (runs first), the others kept."""
    melds = []
    left = spare
    for option in sorted(chosen, key=lambda o: o.run_suit is None):
        extra = min(left, option.room)
        left -= extra
        melds.append((option, extra))
    return Plan(tuple(melds), tuple(kept), jokers - spare)
