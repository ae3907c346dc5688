"""The quick search for a hand without jokers (most Basic and Base hands).

Every jokerless meld among the kinds held is listed first (with bit tricks, see
``bits``), cards in none of them are set aside, and a memoised search settles
the lowest card left: kept, or in a meld whose lowest card it is. For the hands
people hold this is many times quicker than ``search``, whose reckoning of
bounds does not pay for itself on a small hand; a hand that keeps it busy
longer than ``BUDGET`` states is handed over to ``search`` instead.

>>> from referee.core import get_ruleset, parse_cards
>>> from .hand import read_hand
>>> plan = plain_plan(read_hand(parse_cards("5H 5S 5D 9C 2C 3C 4C KH"),
...                             get_ruleset("basic").configure()))
>>> [option.kinds for option, _ in plan.melds], plan.kept  # kinds: (rank - 1) * 4 + suit
([(7, 11, 15), (16, 17, 18)], [35, 49])
"""

from __future__ import annotations

from .bits import PLANE, Game, Meld, bits_of, remove, spread
from .hand import FreeHand, kind_at
from .options import Option, reading_place
from .search import OverBudget, Plan, SearchStats

BUDGET = 1500  # states

# Each rank's four suit bits are summed in place, then 4 added less the least
# group size: a nibble reaches 4 (its bit 2) just where a rank has enough suits.
_NIBBLES = sum(1 << (4 * rank) for rank in range(13))
_LOW_ACES = sum(1 << (16 * suit + 1) for suit in range(4))


def plain_plan(hand: FreeHand, stats: SearchStats | None = None) -> Plan:
    """The best melds of a hand without jokers (raises OverBudget past BUDGET states)."""
    state = hand.held  # plane 0: every kind held
    planes = hand.planes or 1
    if planes > 1:
        counts = hand.counts
        for kind in bits_of(state):
            for copy in range(1, counts[kind]):
                state |= 1 << (kind + copy * 52)
    chosen = _search(state, planes, hand.lines, hand.game, stats)
    if not chosen:
        return tuple.__new__(Plan, ((), hand.naturals, 0))  # Plan(...), a hair quicker
    if planes == 1:
        used = 0
        for meld in chosen:
            used |= meld.mask
        kept = [kind for kind in hand.naturals if not used >> kind & 1]
    else:
        for meld in chosen:
            state = remove(state, meld.mask, planes)
        kept = [kind for copy in range(planes) for kind in bits_of(state >> (copy * 52) & PLANE)]
    made = hand.game.plain_options
    options = []
    for meld in chosen:
        # a run's mask and first place name it: A-K and 2-A hold the same cards
        key = meld.mask << 4 | (meld.positions[0] if meld.positions else 0)
        option = made.get(key)
        if option is None:
            option = made[key] = _option(meld)
        options.append((option, 0))
    return Plan(tuple(options), kept, 0)


def _option(meld: Meld) -> Option:
    if meld.positions:
        kinds = tuple(kind_at(p, meld.suit) for p in meld.positions)
        run_suit: int | None = meld.suit
    else:
        kinds, run_suit = tuple(bits_of(meld.mask)), None
    return Option(reading_place(kinds, run_suit, meld.positions), meld.mask, meld.value, 0,
                  meld.room, kinds, run_suit, meld.positions, meld.value)


def _search(state: int, planes: int, lines: int, game: Game, stats: SearchStats | None
            ) -> list[Meld]:
    melds = _melds(state & PLANE, lines, game)
    if not melds:
        return []
    live = 0
    for group in melds.values():
        for meld in group:
            live |= meld.mask
    state &= live if planes == 1 else spread(live, planes)
    # the most melded by state, and the meld that does it where one does: no tuple per
    # state, so a search allocates (and the garbage collector tracks) fewer objects
    memo: dict[int, int] = {0: 0}
    choices: dict[int, Meld] = {}
    one = planes == 1  # one plane (one deck): taking cards is a plain xor, no call

    def best(state: int) -> int:
        """The most ``state`` melds; it is not in the memo yet (callers look there first:
        most states are met again and again, and a look costs less than a call)."""
        if len(memo) > BUDGET:
            raise OverBudget
        low = state & -state
        after = state ^ low if one else remove(state, low, planes)
        top = memo.get(after)
        if top is None:
            top = best(after)
        choice = None
        for meld in melds.get(low, ()):
            mask = meld.mask
            if state & mask == mask:
                after = state ^ mask if one else remove(state, mask, planes)
                total = memo.get(after)
                if total is None:
                    total = best(after)
                total += meld.value
                if total > top:
                    top, choice = total, meld
        memo[state] = top
        if choice is not None:
            choices[state] = choice
        return top

    try:
        if state not in memo:
            best(state)
    finally:
        # best's closure holds best itself: left so, that cycle would keep the memos
        # until a full pass of the garbage collector (tens of ms), bringing it on sooner
        best = None  # type: ignore[assignment]
        if stats is not None:
            stats.steps += len(memo) - 1  # the states searched (0: none left, known)
    chosen = []
    while state:
        choice = choices.get(state)
        if choice is None:
            state = remove(state, state & -state, planes)
        else:
            chosen.append(choice)
            state = remove(state, choice.mask, planes)
    return chosen


def _melds(present: int, lines: int, game: Game) -> dict[int, list[Meld]]:
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
