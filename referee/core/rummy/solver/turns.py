"""Which searches run on a hand, for how long, and what each aims at.

No single order of cards is quickest on every hand, so two searches (kings down
to twos with the aces last, and the dearest cards first) take turns on a hand the
first finds hard, until one ends. A hand that keeps them busy is priced (see
``prices``): the prices bound them, and the relaxation's whole melds make an
arrangement that is often the best, which the searches then need only prove.

>>> from referee.core import get_ruleset, parse_cards
>>> from .hand import read_hand
>>> hand = read_hand(parse_cards("5S 6S 7S 9H 9D JK JK"), get_ruleset("500").configure())
>>> plan = best_plan(hand)
>>> sorted(len(option.kinds) for option, _ in plan.melds), plan.kept, plan.jokers_kept
([2, 3], (), 0)
"""

from __future__ import annotations

from .bound import JokerCosts
from .hand import FreeHand, hand_of
from .prices import Prices, prices
from .search import DEAD_BELOW, FreeSearch, OverBudget, Plan, SearchStats, laid_out

PRICES_AFTER = 800  # steps after which a search is worth pricing the hand (see prices)
# The same for a hand whose searches keep dead cards at once (see search.DEAD_BELOW): a
# step there does three or four plain ones' work, in that many fewer steps. The slowest
# such hands found end unpriced within this, in 60% of the time they took priced after 800
# steps; a hand its prices settle outright waits for them (13 ms to 35 ms on the one in
# benchmarks/free_hands.py, well within issue 28's 100 ms).
DEAD_PRICES_AFTER = 2000
FIRST_TURN = 6000  # steps the first search takes before the other joins in
NEXT_TURN = 2000  # the first turn of each after that; turns double every round
COMPLETING = 500  # steps a search of what the relaxation's whole melds leave may take


def orders(hand: FreeHand) -> list[list[int]]:
    """The searches' orders of kinds: kings down to twos with the aces last, then the
    dearest cards first (in 500 the aces), where that is another order.

    Sweeping down the ranks, the first card left is the top of every run through it
    but one with a high ace, so a wrong choice shows within a few ranks; aces, which
    meld both above the king and below the two, come last, when both ends are
    settled. Put first, they tie the kings' end of the hand to the twos' end, and the
    search only finds a bad choice there at the end of the hand: on the hardest hands
    found, aces first took two to fifty times the steps. The dearest-first order, the
    first before, is quicker on some hands that keep the first busy.
    """
    present = [kind for kind in range(len(hand.counts)) if hand.counts[kind]]
    values = hand.game.values

    def rank(kind: int) -> int:
        return kind // 4 + 1

    aces_last = sorted(present, key=lambda k: (rank(k) == 1, -rank(k), k % 4))
    dearest = sorted(present, key=lambda k: (-values[k], -rank(k), k % 4))
    return [aces_last] if aces_last == dearest else [aces_last, dearest]


def best_plan(hand: FreeHand, stats: SearchStats | None = None) -> Plan:
    """The best arrangement, from whichever of the searches ends first.

    The aces-last search, quickest on most hands, goes alone first. Past
    PRICES_AFTER steps the hand is priced (see prices): every search is bounded by
    the prices too, the whole hand's price is a ceiling no arrangement melds more
    than, and the melds the relaxation lays whole make an arrangement (see
    _whole_melds), often the best: reaching the ceiling, it is. Otherwise the
    searches look for an arrangement melding more than it, a search with a high aim
    pruning hard: none found, it is the best. Past FIRST_TURN steps the searches take
    turns, twice as long each round.
    """
    searches: list[FreeSearch] = []
    try:
        return _take_turns(hand, searches, stats)
    finally:
        for search in searches:
            if stats is not None:
                stats.steps += search.steps
            search.close()


def _take_turns(hand: FreeHand, searches: list[FreeSearch], stats: SearchStats | None
                ) -> Plan:
    """best_plan's work, the searches it starts left in ``searches``."""
    costs = JokerCosts.of(hand)
    plans = orders(hand)
    searches.append(FreeSearch(hand, costs, plans[0]))
    known = 0  # an arrangement melds this much
    ceiling = hand.total + hand.jokers * hand.game.joker_value  # and none melds more
    rounded, rounded_worth = Plan((), (), 0), -1  # once priced: the relaxation's whole melds
    unpriced = True  # the hand is not priced yet
    first = DEAD_PRICES_AFTER if hand.jokers < DEAD_BELOW else PRICES_AFTER
    for index, turn in _turns(len(plans), first):
        if index == len(searches):
            searches.append(FreeSearch(hand, costs, plans[index]))
            if searches[0].prices:
                searches[index].use_prices(searches[0].prices)
        search = searches[index]
        search.counted(turn)
        while True:
            if rounded_worth >= ceiling:
                return rounded
            # Anything better than the best known; where that one is in hand, nothing
            # less, as then failing proves it the best.
            aim = known + 1 if rounded_worth == known else known
            try:
                value = search.solve(aim)
            except OverBudget:
                known = max(known, search.found)
                if unpriced:
                    unpriced, priced = False, prices(hand)
                    if priced is not None:
                        for each in searches:
                            each.use_prices(priced)
                        ceiling = int(searches[0].priced() + priced.joker * hand.jokers + 1e-6)
                        rounded, rounded_worth = _whole_melds(hand, searches[0], priced,
                                                              stats)
                        known = max(known, rounded_worth)
                        search.counted(turn)
                        continue
                break
            if value >= aim:
                return search.plan()
            ceiling = min(ceiling, value)  # none melds more
    raise AssertionError("the turns never end")


def _turns(searches: int, first: int):
    """(which search, how many steps): the first alone (a short turn of ``first`` steps,
    then the rest of its first), then all in turn, doubling."""
    yield 0, first
    yield 0, FIRST_TURN - first
    turn = NEXT_TURN
    while True:
        for index in (*range(1, searches), 0):
            yield index, turn
        turn *= 2


def _whole_melds(hand: FreeHand, search: FreeSearch, prices_found: Prices,
                 stats: SearchStats | None = None) -> tuple[Plan, int]:
    """An arrangement built on the melds the relaxation lays whole (those that fit: its
    solution is read in floating point), the rest of the hand arranged by a short search
    of its own (bounded by the same prices, which hold for any part of the hand), and
    the points it melds. Often it is the best there is, and the ceiling shows it."""
    counts, jokers = list(hand.counts), hand.jokers
    chosen = []
    for shape in prices_found.laid:
        if shape.needed <= jokers and all(counts[kind] for kind in shape.kinds):
            for kind in shape.kinds:
                counts[kind] -= 1
            jokers -= shape.needed
            chosen.append(search.melds.option(shape))
    kept = [kind for kind, n in enumerate(counts) for _ in range(n)]
    if chosen and kept:
        rest = hand_of(hand.game, counts, jokers)
        rest_search = FreeSearch(rest, JokerCosts.of(rest), orders(rest)[0])
        rest_search.use_prices(prices_found)
        rest_search.counted(COMPLETING)
        try:
            rest_search.solve()
            plan = rest_search.plan()
        except OverBudget:
            pass
        else:
            chosen += [option for option, _ in plan.melds]
            jokers -= sum(option.needed for option, _ in plan.melds)
            kept = list(plan.kept)
        finally:
            if stats is not None:
                stats.steps += rest_search.steps
            rest_search.close()
    spare = min(jokers, sum(option.room for option in chosen))
    worth = sum(option.gained for option in chosen) + spare * hand.game.joker_value
    return laid_out(chosen, kept, jokers, spare), worth
