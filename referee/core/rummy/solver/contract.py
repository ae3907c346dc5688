"""The best way to make an Eversol contract out of a hand: exact, and fast.

Why the search can be small:

* A book has no size limit and may repeat cards, so a book of rank r can take
  every card of rank r that no run uses. An arrangement is therefore fixed by
  its books' ranks and its runs' (suit, low, high) spans.
* Every joker placed saves 50 points, more than any natural card, and there is
  always room for one more in a book; so all jokers are placed (with no books,
  as far as the runs' 13-card limit allows).
* A run never needs to end on a joker except to reach its minimum length, so
  candidate runs start and end on natural cards.

The search tries every multiset of book ranks and every choice of runs among
the candidates, best candidates first, pruning on an upper bound. The first
best arrangement found wins ties, and the order is fixed by the cards alone,
so the answer never depends on the order the cards were given in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from ...cards import Card, Rank, Suit, natural
from ...melds import ACE_HIGH, MeldKind, MeldRules, rank_at
from ...rule_anchors import RuleAnchor
from ...model.ruleset import Contract, TableRules
from .result import Arrangement, sort_cards

Kind = tuple[Suit, Rank]


@dataclass(frozen=True)
class _Run:
    suit: Suit
    low: int
    high: int
    kinds: tuple[Kind, ...]  # the card each position asks for
    padding: int  # jokers needed to reach the minimum length
    value: int  # points of one natural per position, alone
    need: int  # jokers for its gaps and padding, alone
    rank_count: dict[Rank, int]  # naturals it takes, by rank
    rank_value: dict[Rank, int]
    mask: int  # a bit for each card it asks for (see _bit)

    def overlaps(self, other: _Run) -> bool:
        return self.suit is other.suit and self.low <= other.high and other.low <= self.high


class _Hand:
    """The cards as counts, with what each is worth when held."""

    def __init__(self, cards: Sequence[Card], table: TableRules):
        self.cards = list(cards)
        self.count: Counter[Kind] = Counter((c.suit, c.rank) for c in cards if not c.is_joker)
        self.jokers = sum(1 for c in cards if c.is_joker)
        # The supply is already checked, so the ruleset's values are asked directly.
        worth = table.ruleset.card_value
        self.value = {kind: worth(natural(kind[1], kind[0]), table.options, False)
                      for kind in self.count}
        self.joker_value = worth(Card(), table.options, False) if self.jokers else 0
        self.of_rank: dict[Rank, int] = Counter()
        self.rank_value: dict[Rank, int] = Counter()
        for (suit, rank), n in self.count.items():
            self.of_rank[rank] += n
            self.rank_value[rank] += n * self.value[(suit, rank)]
        self.total = sum(n * self.value[k] for k, n in self.count.items()) + (
            self.jokers * self.joker_value)
        # the cards held once, by bit: two runs asking for one gets it in one of them only
        self.single_rank: dict[int, Rank] = {}
        self.single_value: dict[int, int] = {}
        self.single = 0
        for kind, n in self.count.items():
            if n == 1:
                bit = _bit(kind)
                self.single |= bit
                self.single_rank[bit], self.single_value[bit] = kind[1], self.value[kind]


def solve_contract(cards: Sequence[Card], table: TableRules, contract: Contract) -> Arrangement:
    hand = _Hand(cards, table)
    rules = table.melds
    runs = _candidate_runs(hand, rules)
    best = None
    best_covered = [-1]  # a list, so the run generator sees each improvement at once
    top_runs = sum(sorted((r.value for r in runs), reverse=True)[:contract.runs])
    joker_points = hand.jokers * hand.joker_value
    for books, book_jokers in _book_choices(hand, contract.books):
        book_value = sum(hand.rank_value[r] for r in set(books))
        if book_value + top_runs + joker_points <= best_covered[0]:
            continue
        spare = hand.jokers - book_jokers
        usable = [run for run in runs if run.need <= spare]
        ranks = Counter(books)
        # the most each run adds to the books: its naturals of other ranks (see _run_choices)
        adds = [run.value - sum(run.rank_value.get(rank, 0) for rank in ranks)
                for run in usable]
        for picked in _run_choices(usable, contract.runs, book_value + joker_points,
                                   best_covered, spare, adds):
            chosen = tuple([usable[i] for i in picked])
            if len(chosen) > 2:
                found = _evaluate(hand, books, chosen, rules)
            else:
                found = _evaluate_few(hand, books, ranks, book_value, chosen,
                                      [adds[i] for i in picked], rules)
            if found is not None and found > best_covered[0]:
                melds = _build(hand, books, chosen, rules)
                if melds is not None:
                    best_covered[0], best = found, melds
                    if found == hand.total:  # nothing left over: nothing can beat it
                        break
        if best_covered[0] == hand.total:
            break
    if best is None:
        return Arrangement(False, (), (), tuple(sort_cards(cards)), hand.total,
                           RuleAnchor.CONTRACTS)
    melds, kinds = best
    leftover = _leftover(cards, melds)
    points = sum(table.card_value(c) for c in leftover)
    possible = contract.discard or not leftover
    return Arrangement(possible, tuple(melds), tuple(kinds), tuple(leftover), points,
                       RuleAnchor.CONTRACTS)


_RANK_AT = (None, *(rank_at(p) for p in range(1, ACE_HIGH + 1)))
_SUITS = tuple(Suit)
_SUIT_ORDER = {suit: i for i, suit in enumerate(_SUITS)}


def _candidate_runs(hand: _Hand, rules: MeldRules) -> list[_Run]:
    found = []
    ace_positions = rules.ace_positions()
    for suit in _SUITS:
        held = [0] * (ACE_HIGH + 2)
        for (s, rank), n in hand.count.items():
            if s is suit:
                for p in (ace_positions if rank is Rank.ACE else (int(rank),)):
                    held[p] = n
        positions = [p for p in range(1, ACE_HIGH + 1) if held[p]]
        for i, low in enumerate(positions):
            gaps = 0
            for high in range(low, min(low + 12, ACE_HIGH) + 1):
                if not held[high]:
                    gaps += 1
                    if gaps > hand.jokers:
                        break
                    continue
                if low == 1 and high == ACE_HIGH:
                    break
                padding = max(0, rules.min_run - (high - low + 1))
                if gaps + padding <= hand.jokers:
                    found.append(_make_run(hand, suit, low, high, padding, gaps + padding))
    found.sort(key=lambda r: (-r.value, _SUIT_ORDER[r.suit], r.low, r.high))
    return found


def _make_run(hand: _Hand, suit: Suit, low: int, high: int, padding: int, need: int) -> _Run:
    kinds = tuple((suit, _RANK_AT[p]) for p in range(low, high + 1))
    rank_count: dict[Rank, int] = {}
    rank_value: dict[Rank, int] = {}
    for kind in kinds:
        if hand.count[kind]:
            rank = kind[1]
            rank_count[rank] = rank_count.get(rank, 0) + 1
            rank_value[rank] = rank_value.get(rank, 0) + hand.value[kind]
    return _Run(suit, low, high, kinds, padding, sum(rank_value.values()), need,
                rank_count, rank_value, sum(_bit(kind) for kind in kinds))


def _bit(kind: Kind) -> int:
    suit, rank = kind
    return 1 << ((rank - 1) * 4 + _SUIT_ORDER[suit])


def _book_choices(hand: _Hand, books: int):
    ranks = sorted(hand.of_rank, key=lambda r: (-hand.rank_value[r], r))
    for choice in combinations_with_replacement(ranks, books):
        need = 0
        for rank, k in Counter(choice).items():
            if hand.of_rank[rank] < k:
                break
            need += max(0, 3 * k - hand.of_rank[rank])
        else:
            if need <= hand.jokers:
                yield choice, need


def _run_choices(runs: list[_Run], count: int, base: int, best: list[int], jokers: int,
                 adds: list[int]):
    """Choices of ``count`` runs that could still beat ``best[0]`` with ``jokers``, best first.

    ``base`` is the books' points and the jokers'; a run adds no more than its ``value``
    to them, nor than its ``adds`` (its naturals of ranks other than the books', which
    take every card of their rank): a choice whose adds fall short is never yielded, as
    it could not beat the best, but the order and the stops stay the values'.
    """
    most = list(adds)  # the greatest adds from each place on
    for i in range(len(most) - 2, -1, -1):
        if most[i + 1] > most[i]:
            most[i] = most[i + 1]
    return _choices(runs, count, base, base, best, jokers, adds, most, 0)


def _choices(runs: list[_Run], count: int, base: int, sure: int, best: list[int], jokers: int,
             adds: list[int], most: list[int], start: int):
    """_run_choices from ``runs[start:]``, as the runs' places in ``runs``; ``sure``: the
    base with the adds of the runs chosen so far, in place of their values."""
    if count == 0:
        yield ()
        return
    if count == 1:
        for i in range(start, len(runs)):
            run = runs[i]
            if base + run.value <= best[0]:
                return
            if run.need <= jokers and sure + adds[i] > best[0]:
                yield (i,)
        return
    for i in range(start, len(runs)):
        first = runs[i]
        if base + first.value * count <= best[0]:
            return
        if first.need > jokers or sure + adds[i] + most[i] * (count - 1) <= best[0]:
            continue
        for chosen in _choices(runs, count - 1, base + first.value, sure + adds[i], best,
                               jokers - first.need, adds, most, i):
            yield (i, *chosen)


def _evaluate(hand: _Hand, books: tuple[Rank, ...], runs: tuple[_Run, ...],
              rules: MeldRules) -> int | None:
    """Points covered by these books and runs, or None when the jokers fall short."""
    if len(runs) < 2 or not runs[0].overlaps(runs[1]):
        return _evaluate_apart(hand, books, runs, rules)
    coverage: Counter[Kind] = Counter()
    for run in runs:
        coverage.update(run.kinds)
    book_ranks = Counter(books)
    jokers = sum(run.padding for run in runs)
    covered = sum(hand.rank_value[r] for r in book_ranks)
    in_runs: Counter[Rank] = Counter()
    for kind, wanted in coverage.items():
        used = min(hand.count[kind], wanted)
        jokers += wanted - used
        if kind[1] in book_ranks:
            in_runs[kind[1]] += used
        elif used:
            covered += used * hand.value[kind]
    for rank, k in book_ranks.items():
        jokers += _book_jokers(hand.of_rank[rank], in_runs[rank], k)
    return _with_jokers(hand, covered, jokers, books, runs, rules)


def _evaluate_few(hand: _Hand, books: tuple[Rank, ...], book_ranks: Counter[Rank],
                  book_value: int, runs: tuple[_Run, ...], adds: list[int],
                  rules: MeldRules) -> int | None:
    """``_evaluate`` for no more than two runs, in sums worked out beforehand: the books'
    ranks counted (``book_ranks``) and their points, and each run's adds (see
    _run_choices). Two runs share only the cards both ask for; one of those held once
    goes in one of them, the other taking a joker, as _evaluate counts them."""
    covered = book_value + sum(adds)
    jokers = 0
    for run in runs:
        jokers += run.need
    shared_once = runs[0].mask & runs[1].mask & hand.single if len(runs) == 2 and (
        runs[0].overlaps(runs[1])) else 0
    short: dict[Rank, int] = {}  # by book rank: cards shared once, taken only once
    while shared_once:
        bit = shared_once & -shared_once
        shared_once ^= bit
        jokers += 1
        rank = hand.single_rank[bit]
        if rank in book_ranks:
            short[rank] = short.get(rank, 0) + 1
        else:
            covered -= hand.single_value[bit]
    for rank, k in book_ranks.items():
        in_runs = sum(run.rank_count.get(rank, 0) for run in runs) - short.get(rank, 0)
        jokers += _book_jokers(hand.of_rank[rank], in_runs, k)
    return _with_jokers(hand, covered, jokers, books, runs, rules)


def _evaluate_apart(hand: _Hand, books: tuple[Rank, ...], runs: tuple[_Run, ...],
                    rules: MeldRules) -> int | None:
    """``_evaluate`` for runs that share no card: plain sums of what each holds."""
    book_ranks = Counter(books)
    jokers = 0
    covered = 0
    for run in runs:
        jokers += run.need
        covered += run.value
        for rank in book_ranks:
            covered -= run.rank_value.get(rank, 0)
    covered += sum(hand.rank_value[r] for r in book_ranks)
    for rank, k in book_ranks.items():
        in_runs = sum(run.rank_count.get(rank, 0) for run in runs)
        jokers += _book_jokers(hand.of_rank[rank], in_runs, k)
    return _with_jokers(hand, covered, jokers, books, runs, rules)


def _with_jokers(hand: _Hand, covered: int, jokers: int, books: tuple[Rank, ...],
                 runs: tuple[_Run, ...], rules: MeldRules) -> int | None:
    """Covered points once every joker that fits is placed; None if the melds need too many."""
    if jokers > hand.jokers:
        return None
    placed = hand.jokers
    if not books:  # only runs: spare jokers go on their ends, up to 13 cards a run
        room = sum(13 - max(r.high - r.low + 1, rules.min_run) for r in runs)
        placed = min(hand.jokers, jokers + room)
    return covered + placed * hand.joker_value


def _book_jokers(of_rank: int, in_runs: int, books: int) -> int:
    """Jokers a rank's books and runs need between them.

    A run may give up a card of the rank (taking a joker instead) so that each
    book keeps a natural card; past that, every card a run keeps is one the
    books must make up with a joker.
    """
    kept = min(in_runs, of_rank - books)
    return (in_runs - kept) + max(0, 3 * books - (of_rank - kept))


def _build(hand: _Hand, books: tuple[Rank, ...], runs: tuple[_Run, ...],
           rules: MeldRules) -> tuple[list[tuple[Card, ...]], list[MeldKind]] | None:
    """The melds themselves, or None if some run would hold no natural card."""
    left = Counter(hand.count)
    slots = [_fill_run(run, left) for run in runs]
    book_ranks = Counter(books)
    for rank, k in book_ranks.items():
        in_runs = sum(1 for slot in slots for card in slot if card and card.rank is rank)
        give_up = in_runs - min(in_runs, hand.of_rank[rank] - k)
        for _ in range(give_up):
            if not _give_up_one(slots, rank, left):
                return None
    if any(not any(slot) for slot in slots):
        return None
    jokers = hand.jokers
    melds: list[list[Card]] = []
    kinds: list[MeldKind] = []
    for rank in sorted(book_ranks, key=int):
        naturals = sorted((natural(rank, s) for (s, r), n in left.items() if r is rank
                           for _ in range(n)), key=lambda c: _SUIT_ORDER[c.suit])
        k = book_ranks[rank]
        for i in range(k):
            book = naturals[i::k]
            pad = max(0, 3 - len(book))
            jokers -= pad
            melds.append(book + [Card()] * pad)
            kinds.append(MeldKind.BOOK)
    run_melds = []
    for run, slot in sorted(zip(runs, slots), key=lambda rs: (_SUIT_ORDER[rs[0].suit],
                                                              rs[0].low, rs[0].high)):
        jokers -= sum(1 for card in slot if card is None)
        low, cards = run.low, list(slot)
        while len(cards) < rules.min_run:
            low, cards, jokers = _extend(run, low, cards, rules, jokers)
        run_melds.append((run, low, cards))
    if jokers < 0:
        return None
    if melds and jokers:
        melds[0].extend([Card()] * jokers)
        jokers = 0
    for i, (run, low, cards) in enumerate(run_melds):
        while jokers and len(cards) < 13:
            low, cards, jokers = _extend(run, low, cards, rules, jokers)
        run_melds[i] = (run, low, cards)
    for run, low, cards in run_melds:
        melds.append([c if c is not None else Card(stands_for=natural(rank_at(low + i), run.suit))
                      for i, c in enumerate(cards)])
        kinds.append(MeldKind.RUN)
    return [tuple(m) for m in melds], kinds


def _fill_run(run: _Run, left: Counter[Kind]) -> list[Card | None]:
    slot: list[Card | None] = []
    for suit, rank in run.kinds:
        if left[(suit, rank)]:
            left[(suit, rank)] -= 1
            slot.append(natural(rank, suit))
        else:
            slot.append(None)
    return slot


def _give_up_one(slots: list[list[Card | None]], rank: Rank, left: Counter[Kind]) -> bool:
    """Swap one natural of ``rank`` in a run for a joker, from the run with most naturals."""
    for slot in sorted(slots, key=lambda s: -sum(1 for c in s if c)):
        if sum(1 for c in slot if c) < 2:
            continue
        for i, card in enumerate(slot):
            if card and card.rank is rank:
                slot[i] = None
                left[(card.suit, card.rank)] += 1
                return True
    return False


def _extend(run: _Run, low: int, cards: list, rules: MeldRules, jokers: int):
    """One joker more on the run: above if there is room, else below."""
    high = low + len(cards) - 1
    top = 13 if low == 1 or not rules.ace_high else ACE_HIGH
    bottom = 2 if high == ACE_HIGH or not rules.ace_low else 1
    if high < top:
        return low, cards + [None], jokers - 1
    if low > bottom:
        return low - 1, [None] + cards, jokers - 1
    return low, cards, jokers  # full: the caller's count stops it


def _leftover(cards: Sequence[Card], melds: list[tuple[Card, ...]]) -> list[Card]:
    remaining = Counter(c.bare() for c in cards)
    for meld in melds:
        remaining.subtract(c.bare() for c in meld)
    return sort_cards([card for card, n in remaining.items() for _ in range(n)])
