"""Prices for a sharper bound: the dual of the hand's arrangement as a linear programme.

Relaxed to a linear programme, arranging a hand reads: lay a fraction ``x`` of
every meld of a canonical shape (see ``search``) and ``e`` spare jokers, to meld
the most points, with no more copies of a kind than the hand holds, no more
jokers than it holds, and no more spares than the melds have room for. Its dual
prices each kind of card (``card``), each joker (``joker``) and each place for a
spare joker (``room``) so that no meld is worth more than what it uses. Then, by
weak duality, whatever cards, jokers and room are left at any step of the
search, their price bounds what they can still meld: the dual's constraints do
not depend on what is left, only its objective does. The relaxation is tight on
crowded hands, where the other bound (``bound``) is not, so the search asks for
prices only once a hand has kept it busy.

The dual comes from a small revised simplex and is then made exactly feasible
(each short meld raises the price of its first card), so rounding can never make
the bound too low: a bound that is too high only prunes less.

>>> from referee.core import get_ruleset, parse_cards
>>> from .hand import read_hand
>>> hand = read_hand(parse_cards("5S 5H 5D 5C JK"), get_ruleset("500").configure())
>>> found = prices(hand)
>>> round(sum(found.card[k] * n for k, n in enumerate(hand.counts)) + found.joker, 6)
35.0
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from .hand import KINDS, MAX_SPAN, FreeHand, kind_at

MOST_PIVOTS = 2000


class Shape(NamedTuple):
    """A meld of a canonical shape: its natural cards, and the jokers it takes."""

    kinds: tuple[int, ...]  # a group's in suit order, a run's low to high
    needed: int  # jokers it cannot do without
    room: int  # more jokers it could take
    run_suit: int | None  # None for a group
    positions: tuple[int, ...]  # a run's natural cards' places, low to high


class Prices(NamedTuple):
    card: tuple[float, ...]  # by kind
    joker: float
    room: float
    laid: tuple[Shape, ...]  # melds the relaxation lays whole, each copy once


def prices(hand: FreeHand) -> Prices | None:
    """Dual prices of the hand's relaxation (None if the simplex does not settle)."""
    game = hand.game
    # the search never lays a meld needing more jokers than the hand holds
    melds = [shape for shape in _melds(hand) if shape.needed <= hand.jokers]
    kinds = [kind for kind in range(KINDS) if hand.counts[kind]]
    row_of = {kind: i for i, kind in enumerate(kinds)}
    jokers_row, room_row = len(kinds), len(kinds) + 1
    columns = [Column(tuple(row_of[kind] for kind in shape.kinds), float(shape.needed),
                      -float(shape.room))
               for shape in melds]
    columns.append(Column((), 1.0, 1.0))  # a spare joker
    worth = [sum(game.values[k] for k in shape.kinds) + shape.needed * game.joker_value
             for shape in melds] + [game.joker_value]
    limits = [hand.counts[kind] for kind in kinds] + [hand.jokers, 0]
    solved = _simplex(columns, worth, limits)
    if solved is None:
        return None
    duals, laid = solved
    card = [0.0] * KINDS
    for kind, price in zip(kinds, duals):
        card[kind] = max(0.0, price)
    joker, room = max(0.0, duals[jokers_row]), max(0.0, duals[room_row])
    joker = max(joker, game.joker_value - room)  # a spare joker is worth no more than it costs
    for (meld_kinds, needed, room_taken, _, _), value in zip(melds, worth):
        short = value - (sum(card[k] for k in meld_kinds) + joker * needed - room * room_taken)
        if short > 0:
            card[meld_kinds[0]] += short
    # A margin over what rounding could take off a sum of prices.
    return Prices(tuple(price + 1e-9 if price else 0.0 for price in card), joker + 1e-9, room,
                  tuple(melds[j] for j, times in sorted(laid.items()) if j < len(melds)
                        for _ in range(times)))


def _melds(hand: FreeHand) -> list[Shape]:
    """Every meld of a canonical shape the hand could lay, with any cards between a
    run's ends: groups of two natural cards or more, runs with natural ends spanning at
    most five places, a card alone in a run."""
    game = hand.game
    found = []
    for rank in range(13):
        suits = [suit for suit in range(4) if hand.counts[rank * 4 + suit]]
        for size in range(2, min(len(suits), game.max_book) + 1):
            for chosen in combinations(suits, size):
                found.append(Shape(tuple(rank * 4 + suit for suit in chosen),
                                   max(0, game.min_book - size),
                                   game.max_book - max(size, game.min_book), None, ()))
    at = hand.count_at
    for suit in range(4):
        for low in range(hand.low, hand.high + 1):
            if not at(low, suit):
                continue
            for high in range(low, min(hand.high, low + MAX_SPAN - 1) + 1):
                if not at(high, suit):
                    continue
                between = [p for p in range(low + 1, high) if at(p, suit)]
                span = high - low + 1
                pad = max(0, game.min_run - span)
                ace_at = 1 if low == 1 else 14 if high == 14 else None
                for count in range(len(between) + 1):
                    for chosen in combinations(between, count):
                        places = (low, *chosen, high) if high != low else (low,)
                        found.append(Shape(tuple(kind_at(p, suit) for p in places),
                                           span - len(places) + pad,
                                           hand.longest[ace_at] - span - pad, suit, places))
    return found


class Column(NamedTuple):
    """A column of the relaxation: a 1 in each of its kinds' rows, and its jokers' and
    room's rows (the last two)."""

    rows: tuple[int, ...]
    jokers: float
    room: float


def _simplex(columns: list[Column], worth: list[float],
             limits: list[int]) -> tuple[list[float], dict[int, int]] | None:
    """Dual prices of max worth.x subject to columns.x <= limits, x >= 0 (limits >= 0, so
    the slacks make a first basis), and the whole part of each column's x where it is
    at least 1, by the revised simplex: the basis's inverse is kept, not the whole
    tableau, as the melds far outnumber the rows. Dantzig's rule for the entering
    column; among rows tied to leave, the one with the largest pivot (the first of
    those). On the hardest hands kept that takes a fifth fewer pivots than Bland's rule
    (the lowest basic variable), and its optimum, of the same worth, has prices that
    bound the search's positions more tightly: on one hand a tenth of the steps."""
    rows = len(limits)
    jokers_row, room_row = rows - 2, rows - 1
    inverse = [[1.0 if i == j else 0.0 for j in range(rows)] for i in range(rows)]
    values = [float(limit) for limit in limits]  # of the basic variables, by row
    basis = [-1 - i for i in range(rows)]  # a column's number, or -1 - i for row i's slack
    duals = [0.0] * rows
    # Each column's worth less its kinds' duals, kept as those change: then pricing a
    # column costs two products, whatever its length.
    worth_left = list(worth)
    columns_of: list[list[int]] = [[] for _ in range(rows)]
    for j, column in enumerate(columns):
        for i in column.rows:
            columns_of[i].append(j)
    jokers_taken = [column.jokers for column in columns]
    room_taken = [column.room for column in columns]
    every_row = range(rows)
    for _ in range(MOST_PIVOTS):
        joker_dual, room_dual = duals[jokers_row], duals[room_row]
        reduced = [w - a * joker_dual - b * room_dual
                   for w, a, b in zip(worth_left, jokers_taken, room_taken)]
        gain = max(reduced)
        entering = reduced.index(gain)  # the first of the best, as max(key=) would give
        least = min(duals)
        if -least > gain:
            gain, entering = -least, -1 - duals.index(least)
        if gain <= 1e-9:
            whole = {j: int(x + 1e-7) for j, x in zip(basis, values) if j >= 0 and x > 1 - 1e-7}
            return duals, whole
        if entering >= 0:
            kinds, a, b = columns[entering]
            # the same sums, in the same order, read from each line at C speed: a
            # generator per line took a sixth of the pivot's time
            if len(kinds) > 1:
                read = itemgetter(*kinds)
                along = [sum(read(line)) + a * line[jokers_row] + b * line[room_row]
                         for line in inverse]
            elif kinds:
                k = kinds[0]
                along = [line[k] + a * line[jokers_row] + b * line[room_row]
                         for line in inverse]
            else:
                along = [a * line[jokers_row] + b * line[room_row] for line in inverse]
        else:
            along = [line[-1 - entering] for line in inverse]
        leaving, ratio = -1, 0.0
        for i in every_row:
            a = along[i]
            if a > 1e-9:
                r = values[i] / a
                if leaving < 0 or r < ratio - 1e-12 or (r <= ratio + 1e-12
                                                        and a > along[leaving]):
                    leaving, ratio = i, r
        if leaving < 0:
            return None  # unbounded: cannot happen with these limits
        scale = along[leaving]
        pivot = inverse[leaving] = [x / scale for x in inverse[leaving]]
        values[leaving] /= scale
        used = [(k, y) for k, y in enumerate(pivot) if y]  # the inverse is mostly zeros
        for i in every_row:
            a = along[i]
            if a and i != leaving:
                line = inverse[i]
                for k, y in used:
                    line[k] -= a * y
                values[i] -= a * values[leaving]
        for k, y in used:
            change = gain * y
            duals[k] += change
            for j in columns_of[k]:
                worth_left[j] -= change
        basis[leaving] = entering
    return None
