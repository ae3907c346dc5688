"""The fewest points left when any number of melds may be laid (500, Basic, Base).

A memoised search over what is left of the hand. The lowest card still held
(ranks ascending, suits in order within a rank) is either kept, or goes into
one of the groups or runs it can belong to; because every card before it is
already settled, a run through it can only have jokers below it, unless the
ace is played high. Going rank by rank keeps a group's cards together and a
run's cards just above the frontier, so the states stay few (Basic's 40-card
hands take milliseconds; walking suit by suit took seconds). The first best
arrangement in this fixed order wins ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import Card, Rank, Suit, natural
from ..melds import ACE_HIGH, MeldKind, MeldRules, rank_at
from ..rulesets.model import TableRules
from .result import Arrangement, sort_cards

KINDS = [(suit, rank) for rank in Rank for suit in Suit]
INDEX = {kind: i for i, kind in enumerate(KINDS)}


def solve_free(cards: Sequence[Card], table: TableRules) -> Arrangement:
    rules = table.melds
    counts = [0] * len(KINDS)
    for card in cards:
        if not card.is_joker:
            counts[INDEX[(card.suit, card.rank)]] += 1
    jokers = sum(1 for c in cards if c.is_joker)
    values, joker_value = _values(table.ruleset.key, tuple(sorted(table.options.items())))
    search = _Search(rules, list(values), joker_value if jokers else 0)
    melds: list[tuple[Card, ...]] = []
    kinds: list[MeldKind] = []
    kept: list[Card] = []
    state = (tuple(counts), jokers)
    while True:
        _, step = search.best(*state)
        if step is None:
            break
        meld, kind, state = step
        if kind is None:
            kept.extend(meld)
        else:
            melds.append(meld)
            kinds.append(kind)
    search.best.cache_clear()  # the memo refers back to the search: free it now, not at gc
    leftover = sort_cards(kept + [Card()] * state[1])
    points = sum(table.card_value(c) for c in leftover)
    return Arrangement(True, tuple(melds), tuple(kinds), tuple(leftover), points)


@lru_cache(maxsize=64)
def _values(ruleset_key: str, options: tuple) -> tuple[tuple[int, ...], int]:
    """Held value of every card (0 for cards the game lacks) and of a joker, per house rules."""
    from ..rulesets import get_ruleset

    ruleset = get_ruleset(ruleset_key)
    resolved = dict(options)
    deck = ruleset.deck(resolved)
    values = tuple(ruleset.card_value(natural(rank, suit), resolved, False)
                   if deck.copies_of(natural(rank, suit), 1) else 0 for suit, rank in KINDS)
    joker = ruleset.card_value(Card(), resolved, False) if deck.jokers_per_deck else 0
    return values, joker


class _Search:
    def __init__(self, rules: MeldRules, values: list[int], joker_value: int):
        self.rules = rules
        self.values = values
        self.joker_value = joker_value
        self.best = lru_cache(maxsize=None)(self._best)

    def _best(self, counts: tuple[int, ...], jokers: int):
        """(points covered, first step) for what is left.

        A step is (cards, kind, next state): a meld, or with kind None a card kept.
        """
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            return 0, None
        best_value, best_step = -1, None
        for meld, kind, value, rest, rest_jokers in self._melds_through(first, counts, jokers):
            total = value + self.best(rest, rest_jokers)[0]
            if total > best_value:
                best_value, best_step = total, (meld, kind, (rest, rest_jokers))
        kept = list(counts)
        kept[first] -= 1
        kept_total = self.best(tuple(kept), jokers)[0]
        if kept_total > best_value:
            # A step of kind None keeps the card in the hand.
            suit, rank = KINDS[first]
            best_value, best_step = kept_total, ((natural(rank, suit),), None, (tuple(kept), jokers))
        return best_value, best_step

    def _melds_through(self, first: int, counts: tuple[int, ...], jokers: int):
        yield from self._groups(first, counts, jokers)
        yield from self._runs(first, counts, jokers)

    def _groups(self, first: int, counts, jokers):
        rules = self.rules
        suit, rank = KINDS[first]
        others = [INDEX[(s, rank)] for s in Suit if s is not suit and counts[INDEX[(s, rank)]]]
        biggest = rules.max_book or 4
        for mask in range(1 << len(others)):
            chosen = [others[b] for b in range(len(others)) if mask >> b & 1]
            for joker_count in range(0, jokers + 1):
                size = 1 + len(chosen) + joker_count
                if size < rules.min_book:
                    continue
                if size > biggest:
                    break
                rest = list(counts)
                for i in (first, *chosen):
                    rest[i] -= 1
                cards = tuple(natural(KINDS[i][1], KINDS[i][0]) for i in (first, *chosen))
                value = sum(self.values[i] for i in (first, *chosen)) + joker_count * self.joker_value
                yield (cards + (Card(),) * joker_count, MeldKind.BOOK, value, tuple(rest),
                       jokers - joker_count)

    def _runs(self, first: int, counts, jokers):
        rules = self.rules
        suit, rank = KINDS[first]
        for start in (rules.ace_positions() if rank is Rank.ACE else (int(rank),)):
            if start == ACE_HIGH:
                yield from self._runs_down(first, counts, jokers)
                continue
            top = 13 if start == 1 else (ACE_HIGH if rules.ace_high else 13)
            bottom = 1 if rules.ace_low else 2
            for below in range(0, min(jokers, start - bottom) + 1):
                low = start - below
                if low == 1 and top == ACE_HIGH:
                    top = 13
                rest = list(counts)
                rest[first] -= 1
                head = [Card(stands_for=natural(rank_at(p), suit)) for p in range(low, start)]
                yield from self._grow(suit, low, top, head + [natural(rank, suit)],
                                      self.values[first] + below * self.joker_value,
                                      rest, jokers - below)

    def _grow(self, suit: Suit, low: int, top: int, cards: list[Card], value: int,
              rest: list[int], jokers: int):
        """Every run that starts with ``cards``, one more position at a time."""
        if len(cards) >= self.rules.min_run:
            yield tuple(cards), MeldKind.RUN, value, tuple(rest), jokers
        position = low + len(cards)
        if position > top:
            return
        index = INDEX[(suit, rank_at(position))]
        if rest[index]:
            rest[index] -= 1
            yield from self._grow(suit, low, top, cards + [natural(rank_at(position), suit)],
                                  value + self.values[index], rest, jokers)
            rest[index] += 1
        if jokers:
            joker = Card(stands_for=natural(rank_at(position), suit))
            yield from self._grow(suit, low, top, cards + [joker], value + self.joker_value,
                                  rest, jokers - 1)

    def _runs_down(self, first: int, counts, jokers):
        """Runs with the ace above the king: grow downwards from it."""
        suit = KINDS[first][0]
        rest = list(counts)
        rest[first] -= 1

        def grow(cards: list[Card], value: int, jokers_left: int):
            if len(cards) >= self.rules.min_run:
                yield tuple(cards), MeldKind.RUN, value, tuple(rest), jokers_left
            position = ACE_HIGH - len(cards)
            if position < 2:
                return
            index = INDEX[(suit, rank_at(position))]
            if rest[index]:
                rest[index] -= 1
                yield from grow([natural(rank_at(position), suit), *cards],
                                value + self.values[index], jokers_left)
                rest[index] += 1
            if jokers_left:
                joker = Card(stands_for=natural(rank_at(position), suit))
                yield from grow([joker, *cards], value + self.joker_value, jokers_left - 1)

        yield from grow([natural(Rank.ACE, suit)], self.values[first], jokers)
