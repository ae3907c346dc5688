"""A Tonk player's count: the cards left out of every spread, in the arrangement leaving least.

Spreads are 3 or 4 of a kind, or 3 or more cards in a row in one suit; an ace sits below the
2 or above the king, never both in one run, and a run never goes round the corner (K A 2).
A hand holds few cards, so every arrangement is tried.

>>> from referee.core.cards import parse_cards
>>> best = arrange(parse_cards("QH KH AH 7S 7D"))
>>> best.count, [" ".join(map(str, spread)) for spread in best.spreads]
(14, ['QH KH AH'])
>>> count(parse_cards("KH AH 2H 5C"))
18
>>> count(parse_cards("4S 4H 4D 5S 6S"))
8
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ...cards import Card, Rank, sort_key
from .cards import card_value, check_hand

SPREAD_MIN = 3
ACE_HIGH = 14  # the ace's place above the king


@dataclass(frozen=True)
class Arrangement:
    """Spreads made from a hand and the cards they leave; ``count`` is what those are worth."""

    spreads: tuple[tuple[Card, ...], ...]
    leftover: tuple[Card, ...]
    count: int


def candidate_spreads(cards: Sequence[Card]) -> list[frozenset[int]]:
    """Every spread these cards could make, as sets of positions in ``cards``."""
    found: set[frozenset[int]] = set()
    by_rank: dict[Rank, list[int]] = defaultdict(list)
    by_suit: dict[object, dict[int, int]] = defaultdict(dict)
    for i, card in enumerate(cards):
        by_rank[card.rank].append(i)
        by_suit[card.suit][int(card.rank)] = i
        if card.rank is Rank.ACE:
            by_suit[card.suit][ACE_HIGH] = i
    for same in by_rank.values():
        for size in (3, 4):
            found.update(frozenset(group) for group in combinations(same, size))
    for places in by_suit.values():
        for start in places:
            run = [places[start]]
            step = start + 1
            while step in places:
                run.append(places[step])
                if len(run) >= SPREAD_MIN:
                    found.add(frozenset(run))
                step += 1
    return sorted(found, key=sorted)


def arrange(cards: Sequence[Card]) -> Arrangement:
    """The spreads leaving the lowest count (of equal ones, the first found)."""
    cards = check_hand(cards)
    spreads = candidate_spreads(cards)
    values = [card_value(card) for card in cards]
    containing = {i: [s for s in spreads if i in s] for i in range(len(cards))}

    def best(free: frozenset[int]) -> tuple[int, tuple[frozenset[int], ...]]:
        if not free:
            return 0, ()
        first = min(free)
        # Either the first free card stays out of every spread...
        rest, chosen = best(free - {first})
        answer = (rest + values[first], chosen)
        # ...or it goes into a spread of cards still free.
        for spread in containing[first]:
            if spread <= free:
                rest, chosen = best(free - spread)
                if rest < answer[0]:
                    answer = (rest, (spread, *chosen))
        return answer

    total, chosen = best(frozenset(range(len(cards))))
    used = set().union(*chosen)
    return Arrangement(
        spreads=tuple(_in_order([cards[i] for i in spread]) for spread in chosen),
        leftover=tuple(sorted((card for i, card in enumerate(cards) if i not in used),
                              key=sort_key)),
        count=total)


def _in_order(spread: list[Card]) -> tuple[Card, ...]:
    """A spread as it lies: a run low to high, its ace after the king when it sits there."""
    ace_high = any(card.rank is Rank.KING for card in spread)
    return tuple(sorted(spread, key=lambda card: (
        sort_key(card)[0], ACE_HIGH if ace_high and card.rank is Rank.ACE else int(card.rank))))


def count(cards: Sequence[Card]) -> int:
    """The player's count: the value of the cards no spread holds, at best."""
    return arrange(cards).count
