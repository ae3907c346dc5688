"""The fewest points left when any number of melds may be laid (500, Basic, Base).

The hand is read as counts of each kind of card (``hand``), the exact search
(``search``, run by ``turns``; ``plain`` for most hands without jokers) finds the
melds, and they are laid out here as the meld checker would lay them: a group by
suit then its jokers, a run low to high with each joker named, spare jokers
above the run's top card as far as it may reach, then below. Melds are listed
by their lowest card, kept cards suit by suit, so the answer never depends on
the order the cards were given in.

>>> from referee.core import get_ruleset, parse_cards
>>> five_hundred = get_ruleset("500").configure()
>>> best = solve_free(parse_cards("7H 8H 10H JK QS QD 2C JK"), five_hundred)
>>> [" ".join(map(str, meld)) for meld in best.melds], best.leftover_points
(['7H 8H JK=9H 10H', 'QS QD JK'], 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import JOKER, Card
from ...melds import ACE_HIGH, MeldKind
from ...model.ruleset import TableRules
from .bits import CARD_AT
from .hand import FreeHand, kind_at, read_hand
from .plain import plain_plan
from .result import Arrangement
from .options import Option
from .search import OverBudget, SearchStats
from .turns import best_plan

# Kept cards are listed suit by suit, ranks ascending (as cards.sort_key does).
_SUIT_MAJOR = tuple((kind % 4) * 16 + kind // 4 for kind in range(52))
_KINDS = (MeldKind.BOOK, MeldKind.RUN)  # by Option.place[1]
# melds, their kinds, the cards kept, their points
FreeParts = tuple[tuple[tuple[Card, ...], ...], tuple[MeldKind, ...], tuple[Card, ...], int]


def solve_free(cards: Sequence[Card], table: TableRules, stats: SearchStats | None = None
               ) -> Arrangement:
    """The melds that leave the fewest points held; raises for cards the decks lack
    (``stats``, if given, gains the searches' work)."""
    return Arrangement(True, *free_parts(cards, table, stats))


def free_parts(cards: Sequence[Card], table: TableRules, stats: SearchStats | None = None
               ) -> FreeParts:
    """solve_free's answer as its parts: the melds, their kinds, the cards kept and their
    points (so that the caller makes the Arrangement once, with what it adds)."""
    hand = read_hand(cards, table)
    try:
        plan = plain_plan(hand, stats) if not hand.jokers else best_plan(hand, stats)
    except OverBudget:  # a hand without jokers too rich for the quick search
        plan = best_plan(hand, stats)
    values = hand.game.values
    kept = sorted(plan.kept, key=_SUIT_MAJOR.__getitem__)
    leftover = tuple(map(CARD_AT.__getitem__, kept))
    points = sum(map(values.__getitem__, kept))
    if plan.jokers_kept:
        leftover += (JOKER,) * plan.jokers_kept
        points += plan.jokers_kept * hand.game.joker_value
    if not plan.melds:  # the usual answer for a short hand
        return (), (), leftover, points
    melds = sorted(plan.melds) if len(plan.melds) > 1 else plan.melds  # see Option.place
    return (tuple([_cards(option, extra, hand) for option, extra in melds]),
            tuple([_KINDS[option.place[1]] for option, _ in melds]), leftover, points)


def _cards(option: Option, extra: int, hand: FreeHand) -> tuple[Card, ...]:
    if not (option.needed or extra):  # a group in suit order, or a run without gaps
        return tuple(map(CARD_AT.__getitem__, option.kinds))
    if option.run_suit is None:  # its kinds are in suit order
        return tuple(map(CARD_AT.__getitem__, option.kinds)) + (JOKER,) * (option.needed + extra)
    positions, suit = option.positions, option.run_suit
    ace_at = 1 if positions[0] == 1 else ACE_HIGH if positions[-1] == ACE_HIGH else None
    length = len(positions) + option.needed + extra
    start = min(positions[0], hand.game.frame(ace_at)[1] - length + 1)
    naturals = set(positions)
    return tuple(CARD_AT[kind_at(p, suit)] if p in naturals
                 else Card(stands_for=CARD_AT[kind_at(p, suit)])
                 for p in range(start, start + length))


