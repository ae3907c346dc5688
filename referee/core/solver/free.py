"""The fewest points left when any number of melds may be laid (500, Basic, Base).

The hand is read into bit planes (see ``bits``). A memoised search settles the
lowest card left: it is kept, or it goes into a meld whose lowest card it is.
Going rank by rank keeps a group's cards together and a run's cards just above
the frontier, so the states stay few. Without jokers every possible meld is
listed first, cards in none of them are set aside, and the search runs over the
rest; with jokers, ``jokers.JokerSearch`` builds melds as it goes. The state is
canonical, so the answer never depends on the order the cards were given; the
first best meld in the search's fixed order wins ties.

>>> from referee.core import get_ruleset, parse_cards
>>> five_hundred = get_ruleset("500").configure()
>>> best = solve_free(parse_cards("7H 8H 10H JK QS QD 2C JK"), five_hundred)
>>> [" ".join(map(str, meld)) for meld in best.melds], best.leftover_points
(['7H 8H JK=9H 10H', 'QS QD JK'], 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import JOKER, Card
from ..melds import ACE_HIGH, MeldKind
from ..rulesets.model import TableRules
from .bits import CARD_AT, PLANE, WIDTH, Game, Meld, bits_of, game_for, kind_bit, remove, spread
from .jokers import JokerSearch
from .result import Arrangement

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
# Leftover cards are listed suit by suit, ranks ascending (as cards.sort_key does).
_SUIT_MAJOR = tuple((bit % 4) * 16 + bit // 4 for bit in range(WIDTH))
# Each rank's four suit bits are summed in place, then 4 added less the least
# group size: a nibble reaches 4 (its bit 2) just where a rank has enough suits.
_NIBBLES = sum(1 << (4 * rank) for rank in range(13))
_LOW_ACES = sum(1 << (16 * suit + 1) for suit in range(4))


def solve_free(cards: Sequence[Card], table: TableRules) -> Arrangement:
    """The melds that leave the fewest points held; raises for cards the decks lack."""
    game = game_for(*table.key[:2])
    state, jokers, planes, lines, naturals = _read(cards, game, table)
    if jokers:
        placed, jokers_kept = JokerSearch(game, planes).solve(state, jokers)
    else:
        placed, jokers_kept = [(meld, 0) for meld in _plain_search(state, planes, lines, game)], 0
    return _answer(naturals, placed, jokers_kept, planes, game)


def _read(cards: Sequence[Card], game: Game, table: TableRules):
    """The hand as bits: planes, jokers, planes used, its lines, each natural's kind.

    ``lines`` has 16 bits a suit, a bit for each rank held: runs show as unbroken lines.

    Anything the decks could not hold is left to the decks' own check, which names the card.
    """
    state = jokers = 0
    planes = 1
    lines = 0
    naturals = []
    for card in cards:
        rank = card.rank
        if rank is None:
            jokers += 1
            if card.stands_for is not None:
                table.check_supply(cards)  # a joker standing for a card the game lacks
            continue
        suit = _SUIT_INDEX[card.suit._value_]  # by value: hashing the enum itself is slow
        bit = (rank - 1) * 4 + suit
        naturals.append(bit)
        lines |= 1 << (suit * 16 + rank)
        if state >> bit & 1:
            plane = 1
            while state >> (bit + plane * WIDTH) & 1:
                plane += 1
            bit += plane * WIDTH
            planes = max(planes, plane + 1)
        state |= 1 << bit
    if planes > table.decks or state & PLANE & ~game.in_deck or (
            jokers > game.jokers_per_deck * table.decks):
        table.check_supply(cards)
        raise AssertionError("the decks' check passed cards the search refused")
    return state, jokers, planes, lines, naturals


def _plain_search(state: int, planes: int, lines: int, game: Game) -> list[Meld]:
    """The best jokerless melds."""
    melds = _plain_melds(state & PLANE, lines, game)
    if not melds:
        return []
    live = 0
    for group in melds.values():
        for meld in group:
            live |= meld.mask
    state &= live if planes == 1 else spread(live, planes)
    memo: dict[int, tuple[int, Meld | None]] = {0: (0, None)}

    def best(state: int) -> int:
        known = memo.get(state)
        if known is not None:
            return known[0]
        low = state & -state
        top, choice = best(remove(state, low, planes)), None
        for meld in melds.get(low, ()):
            if state & meld.mask == meld.mask:
                total = meld.value + best(remove(state, meld.mask, planes))
                if total > top:
                    top, choice = total, meld
        memo[state] = (top, choice)
        return top

    best(state)
    chosen = []
    while state:
        choice = memo[state][1]
        if choice is None:
            state = remove(state, state & -state, planes)
        else:
            chosen.append(choice)
            state = remove(state, choice.mask, planes)
    return chosen


def _plain_melds(present: int, lines: int, game: Game) -> dict[int, list[Meld]]:
    """Every jokerless meld among the kinds present, by the bit of its lowest card."""
    melds: dict[int, list[Meld]] = {}
    pairs = (present & _NIBBLES * 5) + (present >> 1 & _NIBBLES * 5)
    suits_held = (pairs & _NIBBLES * 3) + (pairs >> 2 & _NIBBLES * 3)
    enough = (suits_held + _NIBBLES * (4 - game.min_book)) & _NIBBLES * 4
    while enough:
        rank = (enough & -enough).bit_length() // 4
        enough &= enough - 1
        suits = present >> (rank * 4) & 15
        for chosen, meld in game.plain_books[rank]:
            if chosen & suits == chosen:
                melds.setdefault(meld.low, []).append(meld)
    if game.ace_high:
        lines |= (lines & _LOW_ACES) << 13  # an ace also lies above the king
    if not game.ace_low:
        lines &= ~_LOW_ACES
    starts = lines
    for step in range(1, game.min_run):
        starts &= lines >> step
    runs = game.plain_runs
    while starts:  # each unbroken stretch long enough for a run
        low = (starts & -starts).bit_length() - 1
        high = low
        while lines >> (high + 1) & 1:
            high += 1
        starts &= -1 << (high + 1)
        suit, low, high = low // 16, low % 16, high % 16
        for first in range(low, high - game.min_run + 2):
            for last in range(first + game.min_run - 1, min(high, first + 12) + 1):
                meld = runs[(suit, first, last)]
                melds.setdefault(meld.low, []).append(meld)
    return melds


def _answer(naturals: list[int], placed: list[tuple[Meld, int]], jokers_kept: int, planes: int,
            game: Game) -> Arrangement:
    kept = _kept(naturals, [meld for meld, _ in placed], planes)
    kept.sort(key=_SUIT_MAJOR.__getitem__)
    leftover = tuple(map(CARD_AT.__getitem__, kept))
    points = sum(map(game.values.__getitem__, kept))
    if jokers_kept:
        leftover += (JOKER,) * jokers_kept
        points += jokers_kept * game.joker_value
    if not placed:  # the usual answer for a short hand: spare it the generators below
        return Arrangement(True, (), (), leftover, points)
    return Arrangement(True, tuple(_cards(meld, extra, game) for meld, extra in placed),
                       tuple(meld.kind for meld, _ in placed), leftover, points)


def _kept(naturals: list[int], melds: list[Meld], planes: int) -> list[int]:
    """The naturals no meld uses."""
    if not melds:
        return naturals
    if planes == 1:
        used = 0
        for meld in melds:
            used |= meld.mask
        return [bit for bit in naturals if not used >> bit & 1]
    used_count = Counter(bit for meld in melds for bit in bits_of(meld.mask))
    kept = []
    for bit in naturals:
        if used_count[bit]:
            used_count[bit] -= 1
        else:
            kept.append(bit)
    return kept


def _cards(meld: Meld, extra: int, game: Game) -> tuple[Card, ...]:
    """The meld as cards: a group by suit then its jokers; a run low to high, jokers named.

    Extra jokers go above a run's top card as far as the run may reach, then below
    it, the way the meld checker lays them, so the run reads the same on the table.
    """
    if meld.kind is MeldKind.BOOK:
        return tuple(CARD_AT[bit] for bit in bits_of(meld.mask)) + (JOKER,) * (meld.needed + extra)
    length = len(meld.positions) + meld.needed + extra
    start = min(meld.positions[0], game.frame(meld.ace_at)[1] - length + 1)
    naturals = set(meld.positions)
    return tuple(CARD_AT[kind_bit(p, meld.suit)] if p in naturals
                 else Card(stands_for=CARD_AT[kind_bit(p, meld.suit)])
                 for p in range(start, start + length))
