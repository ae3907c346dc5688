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

Jokers are counted, never told apart. Spare jokers go where melds have room, so
the arrangement is exact with them too.

Which searches run, and for how long, is ``turns``'s to say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..melds import ACE_HIGH
from .bound import UNITS, JokerCosts
from .hand import MAX_SPAN, FreeHand, kind_at
from .prices import Prices, Shape


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


class Plan(NamedTuple):
    """The best arrangement: melds with the spare jokers each takes, and what is kept."""

    melds: tuple[tuple[Option, int], ...]
    kept: Sequence[int]  # kinds of the natural cards kept
    jokers_kept: int


class OverBudget(Exception):
    """A search used up the steps of its turn; it goes on from where it was next turn."""


class FreeSearch:
    def __init__(self, hand: FreeHand, costs: JokerCosts, order: Sequence[int]):
        self.hand = hand
        game = hand.game
        self.order = tuple(order)
        self.bit_of = {kind: bit for bit, kind in enumerate(self.order)}
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
        self.near = [self._near(kind) for kind in self.order]
        # by copy: the kinds whose copy of that number (from 0) is a free one
        self.free_bits = [sum(1 << bit for bit, free in enumerate(self.free) if free > copy)
                          for copy in range(self.planes)]
        self.points: dict[int, int] = {}
        self.most_needed = max(game.min_run - 1, MAX_SPAN - 2, game.min_book - 2)
        # by cards left, then jokers << 5 | room: the most melded, or a bound on it, << 1,
        # | 1 when exact. Only ints, so the garbage collector never walks the memo (CPython
        # leaves dicts of ints untracked): with tuples, one pass could take 30 ms.
        self.memo: dict[int, dict[int, int]] = {}
        self.options: dict[int, tuple[Option, ...]] = {}  # by cards near, first card, jokers
        # by first card: its groups and lone runs, its runs (see _melds)
        self.shapes: dict[int, list[tuple[int, Option]]] = {}
        self.runs: dict[int, list[tuple[int, int, Callable[[int], Option]]]] = {}
        self.found = 0  # the most a whole arrangement met so far melds
        self.prices: Prices | None = None
        self.best, self.take, self.counted = self._searcher()

    def use_prices(self, found: Prices) -> None:
        """Bound every step by the prices of what is left as well (see prices); what the
        memo holds stays true, so the search goes on where it was."""
        self.prices = found
        steps = self.steps
        self.best, self.take, self.counted = self._searcher()
        self.counted(-1, steps)

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
        joker_value, plane, width, planes = self.joker_value, self.plane, self.width, self.planes
        start = self.start
        # the bound beyond the free copies, by first card left and jokers left
        beyond = [[row[jokers * UNITS] + jokers * joker_value for jokers in range(
            self.hand.jokers + 1)] for row in self.tails]
        memo, options, near = self.memo, self.options, self.near
        free_bits, points, values = self.free_bits, self.points, self.values
        most_needed, listed = self.most_needed, self._melds
        priced = self.prices is not None
        if priced:
            card_price = [self.prices.card[kind] for kind in self.order]
            joker_price, room_price = self.prices.joker, self.prices.room
        prices_of: dict[int, float] = {}

        def price_of(mask):
            """The price of one copy of each kind in ``mask``."""
            found = prices_of.get(mask)
            if found is None:
                found = prices_of[mask] = sum(card_price[b] for b in range(width) if mask >> b & 1)
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
            for copy in range(min(planes, (state.bit_length() - 1) // width + 1) - 1, -1, -1):
                shift = copy * width
                taken = state >> shift & mask
                if taken:
                    state ^= taken << shift
                    mask ^= taken
                    taken &= free_bits[copy]
                    if taken:
                        known = points.get(taken)
                        if known is None:
                            known = points[taken] = sum(values[b] for b in range(width)
                                                        if taken >> b & 1)
                        used += known
                    if not mask:
                        break
            return state, used

        def best(state, jokers, room, floor, rich, price):
            if not state:
                return room * joker_value
            present = state & plane
            bit = (present & -present).bit_length() - 1
            ceiling = rich + beyond[bit][jokers]
            if priced:  # what is left, at its prices (a float a hair above its true sum)
                bound = int(price + joker_price * jokers + room_price * room + 1e-6)
                if bound < ceiling:
                    ceiling = bound
            if ceiling <= floor:
                return ceiling
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
                        total = best(after, left, room_after, below, rich - used, price_after)
                        if at_start and total > below and total + gained > self.found:
                            self.found = total + gained  # a whole arrangement, met
                    else:
                        total = bound
                else:
                    total = room_after * joker_value
                total += gained
                if total > top:
                    top = total
                    if top >= ceiling:
                        break
            if top < ceiling:
                after, used = take(state, 1 << bit)
                below = floor if floor > top else top
                total = best(after, jokers, room, below, rich - used,
                             price - card_price[bit] if priced else 0.0)
                if at_start and total > below and total > self.found:
                    self.found = total
                if total > top:
                    top = total
            searched[jokers << 5 | room] = top << 1 | (top > floor)
            return top

        return best, take, counted

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
            for option in self.melds_through(bit, present, jokers):
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

    def option(self, shape: Shape) -> Option:
        """The option for a meld of that shape (its cards all in the hand)."""
        return self._option(shape.kinds, shape.needed, shape.room, shape.run_suit,
                            shape.positions)

    def price_of(self, mask: int) -> float:
        if self.prices is None:
            return 0.0
        return sum(self.prices.card[self.order[b]] for b in range(self.width) if mask >> b & 1)

    def melds_through(self, bit: int, present: int, jokers: int) -> tuple[Option, ...]:
        """Every canonical meld whose first card in the order is ``bit``, likeliest first."""
        usable = min(jokers, self.most_needed)
        asked = (present & self.near[bit]) << 10 | bit << 3 | usable
        found = self.options.get(asked)
        if found is None:
            found = self.options[asked] = self._melds(bit, present & self.near[bit], usable)
        return found

    def _melds(self, bit: int, present: int, jokers: int) -> tuple[Option, ...]:
        found = []
        for needs, option in self._shapes(bit):
            if present & needs == needs and option.needed <= jokers:
                found.append(option)
        for needs, between, run in self._runs(bit):
            if present & needs == needs:
                option = run(present & between)
                if option.needed <= jokers:
                    found.append(option)
        found.sort(key=lambda option: (option.needed, -option.value))
        return tuple(found)

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

    def _runs(self, bit: int) -> list[tuple[int, int, Callable[[int], Option]]]:
        """The runs through ``bit``'s kind with natural ends: the bits of the ends each
        needs, the bits between them, and the run for the cards present between."""
        known = self.runs.get(bit)
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
                    inside = [p for p in range(low + 1, high) if p != at and bit_at[p] is not None]
                    found.append((sum(1 << bit_at[p] for p in ends),
                                  sum(1 << bit_at[p] for p in inside),
                                  self._run_maker(suit, at, low, high, inside, bit_at)))
        self.runs[bit] = found
        return found

    def _run_maker(self, suit: int, at: int, low: int, high: int, inside: list[int],
                   bit_at: dict[int, int | None]) -> Callable[[int], Option]:
        made: dict[int, Option] = {}

        def run(present: int) -> Option:
            option = made.get(present)
            if option is None:
                naturals = tuple(p for p in range(low, high + 1) if p in (at, low, high) or (
                    p in inside and present >> bit_at[p] & 1))
                option = made[present] = self._run(suit, naturals, low, high)
            return option
        return run

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
