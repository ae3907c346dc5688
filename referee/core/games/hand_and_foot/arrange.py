"""The best melds out of a Hand and Foot hand: books under the wild-card limits, the fewest
points left held, and how far they go toward the hand's opening minimum.

The shared arranger (``core/rummy/solver``) knows runs and jokers, not wild 2s nor a wild-card
limit that depends on a meld's length, so the game arranges its own hands. It is small:
only the count of natural cards of each rank and of wild cards matter. For each rank,
``_most_naturals`` says how many of its cards some wild cards let it meld (piles of seven,
then at most one unfinished meld, as a team may hold); a walk over the ranks shares the wild
cards out for the most points; the wild cards left meld alone (again piles, then at most one
unfinished meld). Every wild card is worth more than any natural card, so the dearest wild
cards (jokers) are melded first and the 2s are kept last. Red 3s are laid aside at once.

>>> from referee.core.cards import parse_cards
>>> from referee.core.games.registry import get_ruleset
>>> table = get_ruleset("hand-and-foot").configure()
>>> best = arrange_hand(parse_cards("KS KH 2D 9S 9H 9D JK 5C 3S 3H"), table, hand=1)
>>> [" ".join(map(str, meld)) for meld in best.melds], best.leftover_points
(['9S 9H 9D JK', 'KS KH 2D'], 10)
>>> [str(card) for card in best.leftover], [str(card) for card in best.laid_aside]
(['3S', '5C'], ['3H'])
>>> best.opening.points, best.opening.opens
(120, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...cards import Card, Rank, Suit, natural, sort_key
from ...melds import MeldKind
from ...rule_anchors import RuleAnchor
from ...rummy.solver.result import Arrangement, OpeningProgress
from ...model.ruleset import TableRules
from .cards import card_value, held_value, is_red_three, is_wild
from .melds import PILE, SMALLEST
from .opening import check_opening
from .options import opening_minimum, wild_limit

# The ranks that meld, 4 to ace, in the order the answer lists their melds.
MELD_RANKS = tuple(sorted((rank for rank in Rank if rank not in (Rank.TWO, Rank.THREE)),
                          key=lambda rank: rank if rank is not Rank.ACE else Rank.KING + 1))
_UNFINISHED = tuple(range(SMALLEST, PILE))  # 3 to 6 cards: a meld that is not yet a pile


def arrange_hand(cards: Sequence[Card], table: TableRules, hand: int | None = None
                 ) -> Arrangement:
    """The melds that leave the fewest points held; ``hand`` (1 to 4) adds how far they go
    toward its opening minimum. Cards the decks cannot hold raise."""
    table.check_supply(cards)
    options = table.options
    if hand is not None:
        opening_minimum(hand, options)  # a hand the game does not have raises first
    naturals: dict[Rank, list[Card]] = {rank: [] for rank in MELD_RANKS}
    wilds, kept, laid_aside = [], [], []
    for card in cards:
        card = card.bare()  # a joker in a hand stands for nothing yet
        if is_wild(card):
            wilds.append(card)
        elif is_red_three(card):
            laid_aside.append(card)
        elif card.rank in naturals:
            naturals[card.rank].append(card)
        else:
            kept.append(card)  # a black 3 never melds
    wilds.sort(key=lambda card: (-card_value(card), sort_key(card)))  # dearest first
    caps = _caps(options)
    shares = _share_wilds({rank: len(held) for rank, held in naturals.items()}, wilds, caps)
    melds: list[tuple[Card, ...]] = []
    given = 0
    for rank in MELD_RANKS:
        held = sorted(naturals[rank], key=sort_key)
        wild, used = shares[rank]
        parts = _parts(used, wild, caps)
        melds += _lay(parts, held, wilds[given:given + wild])
        kept += held[used:]
        given += wild
    alone = _alone(len(wilds) - given)
    melds += _lay([(size, size) for size in alone], [], wilds[given:given + sum(alone)])
    kept += wilds[given + sum(alone):]
    leftover = tuple(sorted(kept, key=sort_key))
    opening = None if hand is None else _opening(melds, hand, table)
    return Arrangement(True, tuple(melds), (MeldKind.BOOK,) * len(melds), leftover,
                       held_value(leftover, options), RuleAnchor.BOOKS,
                       laid_aside=tuple(sorted(laid_aside, key=sort_key)), opening=opening)


def _caps(options) -> tuple[int, ...]:
    """The most wild cards a meld of each size (0 to 7) may hold beside a natural card."""
    return tuple(min(wild_limit(size, options), size - 1) if size >= SMALLEST else 0
                 for size in range(PILE + 1))


@lru_cache(maxsize=4096)
def _shapes(naturals: int, wild: int, caps: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every (piles, unfinished meld's size or 0) that melds ``wild`` wild cards of a rank
    with at most ``naturals`` of its own cards."""
    found = []
    for piles in range((naturals + wild) // PILE + 1):
        for size in (0, *_UNFINISHED):
            cards = piles * PILE + size
            if wild <= piles * caps[PILE] + caps[size] and 0 <= cards - wild <= naturals and (
                    cards or not wild):
                found.append((piles, size))
    return tuple(found)


def _most_naturals(naturals: int, wild: int, caps: tuple[int, ...]) -> int | None:
    """The most of a rank's ``naturals`` that ``wild`` wild cards let it meld (None: they
    cannot all go into its melds)."""
    shapes = _shapes(naturals, wild, caps)
    return max((piles * PILE + size - wild for piles, size in shapes), default=None)


def _share_wilds(counts: dict[Rank, int], wilds: Sequence[Card], caps: tuple[int, ...]
                 ) -> dict[Rank, tuple[int, int]]:
    """Each rank's share of the wild cards and the naturals it then melds, for the most points
    melded (the wild cards left over meld alone, as far as they can)."""
    worth = [0]
    for card in wilds:
        worth.append(worth[-1] + card_value(card))  # the dearest ``n`` together
    # After each rank, by the wild cards given so far: (points, this rank's share, given before)
    steps: list[dict[int, tuple[int, tuple[int, int], int]]] = []
    points_by_given = {0: 0}
    for rank in MELD_RANKS:
        value = card_value(natural(rank, Suit.SPADES))
        step: dict[int, tuple[int, tuple[int, int], int]] = {}
        for given, points in points_by_given.items():
            for wild in range(len(wilds) - given + 1):
                used = _most_naturals(counts[rank], wild, caps)
                if used is None:
                    continue
                total, key = points + used * value, given + wild
                if key not in step or total > step[key][0]:
                    step[key] = (total, (wild, used), given)
        steps.append(step)
        points_by_given = {given: entry[0] for given, entry in step.items()}
    given = max(sorted(points_by_given), key=lambda given: points_by_given[given]
                + worth[given + sum(_alone(len(wilds) - given))])
    shares = {}
    for rank, step in zip(reversed(MELD_RANKS), reversed(steps)):
        _, shares[rank], given = step[given]
    return shares


def _alone(count: int) -> list[int]:
    """The melds of wild cards only that ``count`` wild cards make: piles, then at most one
    unfinished meld of the rest (one or two left over stay held)."""
    piles, rest = divmod(count, PILE)
    return [PILE] * piles + ([rest] if rest >= SMALLEST else [])


def _parts(naturals: int, wild: int, caps: dict[int, int]) -> list[tuple[int, int]]:
    """A rank's melds as (size, wild cards in it): piles first, clean as long as the wild
    cards allow, the unfinished meld taking wild cards first."""
    if not naturals and not wild:
        return []
    piles, size = next((piles, size) for piles, size in _shapes(naturals, wild, caps)
                       if piles * PILE + size - wild == naturals)
    in_unfinished = min(wild, caps[size]) if size else 0
    left = wild - in_unfinished
    parts = []
    for _ in range(piles):
        here = min(left, caps[PILE])
        parts.append((PILE, here))
        left -= here
    if size:
        parts.append((size, in_unfinished))
    return parts


def _lay(parts: list[tuple[int, int]], naturals: list[Card], wilds: Sequence[Card]
         ) -> list[tuple[Card, ...]]:
    """The melds of ``parts``: each its natural cards by suit, then its wild cards."""
    melds = []
    for size, wild in parts:
        own, naturals = naturals[:size - wild], naturals[size - wild:]
        mine, wilds = wilds[:wild], wilds[wild:]
        melds.append(tuple(own) + tuple(sorted(mine, key=sort_key)))
    return melds


def _opening(melds: list[tuple[Card, ...]], hand: int, table: TableRules) -> OpeningProgress:
    check = check_opening(melds, hand, table.options, table.decks)
    if not melds:
        return OpeningProgress(hand, check.minimum, 0,
                               f"These cards make no meld, and hand {hand} needs "
                               f"{check.minimum} to open.")
    return OpeningProgress(hand, check.minimum, check.points or 0, check.reason)
