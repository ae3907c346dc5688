"""Captures that make a target sum: every set of table cards a played card can take.

The game says what each card is worth and what the target is (Escoba: 15). A capture takes
at least one table card; the card played counts toward the sum but is not among the cards
taken from the table.

>>> from referee.core.cards import parse_cards
>>> by_number = lambda card: int(card.rank)
>>> capture_sets(5, parse_cards("9S 9H"), by_number, 15)
()
>>> table = parse_cards("4S 6H")
>>> taken, = capture_sets(5, table, by_number, 15)
>>> clears_table(taken, table)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card


def capture_sets(played_value: int, table: Sequence[Card], value: Callable[[Card], int],
                 target: int) -> tuple[tuple[Card, ...], ...]:
    """Every set of ``table`` cards whose values, with ``played_value``, add up to ``target``.

    Each set lists its cards in table order, and the sets come in table order too (the
    set starting with the earliest card first), so the same table always reads the same.
    Each table card is used at most once in a set. Card values must be positive: that is
    what keeps the search short (a branch stops as soon as it passes the target), so a
    full 40-card table is answered at once.
    """
    values = [value(card) for card in table]
    if any(v <= 0 for v in values):
        raise ValueError("capture values must be positive")
    found: list[tuple[Card, ...]] = []
    chosen: list[int] = []

    def extend(start: int, missing: int) -> None:
        for i in range(start, len(table)):
            if values[i] > missing:
                continue
            chosen.append(i)
            if values[i] == missing:
                found.append(tuple(table[j] for j in chosen))
            else:
                extend(i + 1, missing - values[i])
            chosen.pop()

    if target - played_value > 0:
        extend(0, target - played_value)
    return tuple(found)


def clears_table(taken: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether taking ``taken`` leaves the table empty (Escoba's escoba, Scopa's scopa)."""
    return len(taken) == len(table) > 0
