"""An upper bound on what the rest of a hand can meld, cheap enough to ask at every step.

Each kind's copies are split into *free* ones, as many as melds without jokers
could ever hold at once (the most groups its rank could make without jokers,
plus the runs of three through it that its neighbours could make), and *poor*
ones, which only a meld with jokers can hold. Every meld with jokers shares its
jokers among its poor cards, so a poor copy costs at least the fewest jokers per
poor card of any meld that could hold it. No arrangement then melds more than
every free copy plus the dearest poor copies those costs let the jokers pay for,
a knapsack worked out once per search for every budget and every tail of the
search's order of cards.

>>> from referee.core import get_ruleset, parse_cards
>>> from .hand import read_hand
>>> hand = read_hand(parse_cards("5H 6H 7H KS JK"), get_ruleset("500").configure())
>>> costs = JokerCosts.of(hand)
>>> costs.free[kind_at(6, 1)], costs.free[kind_at(13, 0)], costs.poor[kind_at(13, 0)]
(1, 0, [24])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import KINDS, MAX_SPAN, FreeHand, kind_at

UNITS = 12  # a poor copy's cost in twelfths of a joker: a meld shares its jokers among <= 5 cards


@dataclass(frozen=True)
class JokerCosts:
    free: tuple[int, ...]  # by kind: copies melds without jokers could hold at once
    poor: tuple[list[int], ...]  # by kind: each other copy's least cost, in UNITS

    @classmethod
    def of(cls, hand: FreeHand) -> JokerCosts:
        free = tuple(_free_copies(hand, kind) if n else 0 for kind, n in enumerate(hand.counts))
        poor_kinds = {kind for kind in range(KINDS) if hand.counts[kind] > free[kind]}
        if not hand.jokers:  # no budget: a poor copy's cost never matters
            return cls(free, tuple([] for _ in range(KINDS)))
        poor = tuple(_costs(hand, kind, poor_kinds, hand.counts[kind] - free[kind])
                     if kind in poor_kinds else [] for kind in range(KINDS))
        return cls(free, poor)

    def tails(self, order: Sequence[int], values: Sequence[int], jokers: int) -> list[list[int]]:
        """For each place in ``order`` (and one past its end): the most points the poor copies
        of the kinds from there on could add, for each budget of jokers in UNITS."""
        best = [0] * (UNITS * jokers + 1)
        tables = [best]
        for kind in reversed(order):
            for cost in self.poor[kind]:
                best = _add(best, cost, values[kind])
            tables.append(best)
        tables.reverse()
        return tables


def _add(best: list[int], cost: int, value: int) -> list[int]:
    """The knapsack with one more item."""
    if cost == 0:
        return [x + value for x in best]
    return best[:cost] + [max(best[i], best[i - cost] + value) for i in range(cost, len(best))]


def _free_copies(hand: FreeHand, kind: int) -> int:
    count = hand.counts[kind]
    if not count:
        return 0
    game = hand.game
    rank, suit = kind // 4, kind % 4
    here = hand.counts[rank * 4:rank * 4 + 4]
    groups = 0
    for made in range(1, count + 1):
        if sum(min(n, made) for n in here) >= game.min_book * made:
            groups = made
    runs = 0
    at = hand.count_at
    for p in hand.positions(kind):
        # Every run of three or more through p holds one of the three runs of three
        # through it; the middle one uses a card on each side.
        below2, below, above, above2 = at(p - 2, suit), at(p - 1, suit), at(p + 1, suit), at(
            p + 2, suit)
        runs += max(middle + min(below2, below - middle) + min(above2, above - middle)
                    for middle in range(min(below, above) + 1))
    return min(count, groups + runs)


def _costs(hand: FreeHand, kind: int, poor_kinds: set[int], copies: int) -> list[int]:
    """The least costs of ``copies`` poor copies of a kind, in UNITS, cheapest first.

    A meld with jokers costs its jokers over its poor cards; as many copies of the kind
    can go into one shape of meld as the scarcest of its other cards allows, and the
    rest pay for a dearer shape (at worst a copy goes alone, with two jokers).
    """
    game = hand.game
    rank, suit = kind // 4, kind % 4
    # (jokers per poor card, how many copies it can take): alone first, padded with jokers
    offers: list[tuple[float, int]] = [(min(game.min_run, game.min_book) - 1, copies)]
    others = [(s, hand.counts[rank * 4 + s]) for s in range(4)
              if s != suit and hand.counts[rank * 4 + s]]
    for pick in range(1, 1 << len(others)):
        chosen = [others[i] for i in range(len(others)) if pick >> i & 1]
        size = len(chosen) + 1
        needed = max(0, game.min_book - size)
        if needed and size <= game.max_book:
            poor = 1 + sum(1 for s, _ in chosen if rank * 4 + s in poor_kinds)
            offers.append((needed / poor, min(n for _, n in chosen)))
    at = hand.count_at
    for p in hand.positions(kind):
        for low in range(max(hand.low, p - MAX_SPAN + 1), p + 1):
            for high in range(max(low + 1, p), min(hand.high, low + MAX_SPAN - 1) + 1):
                if (low != p and not at(low, suit)) or (high != p and not at(high, suit)):
                    continue
                naturals = [q for q in range(low, high + 1) if q == p or at(q, suit)]
                span = high - low + 1
                needed = span - len(naturals) + max(0, game.min_run - span)
                if needed:
                    poor = sum(1 for q in naturals if q == p or kind_at(q, suit) in poor_kinds)
                    offers.append((needed / poor, min((at(q, suit) for q in naturals if q != p),
                                                      default=copies)))
    offers.sort()
    costs: list[int] = []
    for ratio, room in offers:  # the alone offer takes every copy: the list fills up
        costs += [int(ratio * UNITS + 1e-9)] * min(room, copies - len(costs))  # rounded down
        if len(costs) == copies:
            break
    return costs
