"""The solver's view of a position, made for speed: cards as numbers 0-51, a column as
``bytes`` (one card a byte: slicing, joining and hashing run in C, and a column's hash is
kept once made), a position as (columns, cells, foundations) tuples, its canonical key for the
transposition table, the safe auto-moves, the score that orders the search, and every child
position (one per move the rules allow, auto-moves applied; tests/test_core_freecell.py checks
they match the rules).
"""

from __future__ import annotations

from .deal import MS_DECK, MS_SUITS
from .position import CELLS, FOUNDATION_SUITS, Position

# Cards as numbers 0-51, the generator's order: (rank - 1) * 4 + suit (clubs, diamonds,
# hearts, spades); a foundation's index is the suit's.
_RANK = [c // 4 + 1 for c in range(52)]
_SUIT = [c % 4 for c in range(52)]
_RED = [c % 4 in (1, 2) for c in range(52)]
_OTHER = [(1, 2) if not _RED[c] else (0, 3) for c in range(52)]
# _PARENTS[c]: the two cards c may lie on in a column (the other colour, one higher).
_PARENTS = [tuple(p for p in range(52) if _RANK[p] == _RANK[c] + 1 and _RED[p] != _RED[c])
            for c in range(52)]
_ALONE = [bytes((c,)) for c in range(52)]  # a column of one card
_NUMBER = {card: n for n, card in enumerate(MS_DECK)}
_FOUNDATION_ORDER = [FOUNDATION_SUITS.index(suit) for suit in MS_SUITS]


def _internal(position: Position):
    columns = tuple(bytes(_NUMBER[card] for card in column) for column in position.columns)
    cells = tuple(sorted(_NUMBER[card] for card in position.cells))
    found = tuple(position.foundations[_FOUNDATION_ORDER[s]] for s in range(4))
    return columns, cells, found


def _key(columns, cells):
    return bytes(cells) + b"|" + b"|".join(sorted(columns))


def _safe(found):
    """The cards that would go home by themselves on these foundations (at most one a suit):
    the next of its suit, when both suits of the other colour are home to one rank below it
    (nothing could be built on it; aces and twos always)."""
    safe = []
    for s in range(4):
        r = found[s] + 1
        if r <= 13:
            c = found[s] * 4 + s
            if r <= 2 or (found[_OTHER[c][0]] >= r - 1 and found[_OTHER[c][1]] >= r - 1):
                safe.append(c)
    return safe


def _auto(columns, cells, found, steps):
    """Safe cards to their foundations; each as (source, target, count) appended to steps."""
    moved = True
    while moved:
        moved = False
        for c in cells:
            s = _SUIT[c]
            r = _RANK[c]
            if found[s] == r - 1 and (r <= 2 or (found[_OTHER[c][0]] >= r - 1
                                                 and found[_OTHER[c][1]] >= r - 1)):
                cells = tuple(x for x in cells if x != c)
                found = found[:s] + (r,) + found[s + 1:]
                steps.append((("cell", c), "f", 1))
                moved = True
        for i, column in enumerate(columns):
            while column:
                c = column[-1]
                s = _SUIT[c]
                r = _RANK[c]
                if found[s] == r - 1 and (r <= 2 or (found[_OTHER[c][0]] >= r - 1
                                                     and found[_OTHER[c][1]] >= r - 1)):
                    column = column[:-1]
                    columns = columns[:i] + (column,) + columns[i + 1:]
                    found = found[:s] + (r,) + found[s + 1:]
                    steps.append((("col", i), "f", 1))
                    moved = True
                else:
                    break
    return columns, cells, found


class _Scores(dict):
    """Each column's share of the score on one set of foundations, worked out once: a child
    shares all but one or two columns with its parent, so most are looked up, not counted.
    ``base``: the score's part that is not the columns' (cards not home; cells taken, by
    ``cells_w`` each)."""

    __slots__ = ("found", "base", "cells_w", "above_w", "disorder_w")

    def __init__(self, found, weights):
        super().__init__()
        self.found = found
        self.base = 52 - sum(found)
        self.cells_w, empty_w, self.above_w, self.disorder_w = weights
        self[b""] = -empty_w

    def __missing__(self, column):
        found, score, low, top = self.found, 0, 14, len(column) - 1
        for k, c in enumerate(column):
            rank = _RANK[c]
            if found[_SUIT[c]] == rank - 1:
                score += self.above_w * (top - k)
            if rank > low:
                score += self.disorder_w
            else:
                low = rank
        self[column] = score
        return score


def _scorer(weights):
    """The score's tables for ``weights``, one per set of foundations: ``scores(found)``.
    A position's score, lower is better: cards not home, cells taken, cards over the next
    card of a suit, and cards lying above a lower card (each must move before the one under
    it goes home); empty columns help. (Weights found by trying games 1-120.)"""
    tables: dict = {}

    def scores(found):
        table = tables.get(found)
        if table is None:
            table = tables[found] = _Scores(found, weights)
        return table
    return scores


def _score(columns, cells, found, weights):
    """One position's score (the search keeps a ``_scorer`` for its weights instead)."""
    table = _Scores(found, weights)
    return table.base + table.cells_w * len(cells) + sum(map(table.__getitem__, columns))


def _children(columns, cells, found, supermoves):
    """Each move here as (steps, columns, cells, found), auto-moves applied. In the search a
    position's auto-moves are played already: then after a move that sends no card home only
    the card it uncovers can be newly safe, so the auto-moves are looked for only then."""
    out = []
    safe = _safe(found)
    free = CELLS - len(cells)
    empties = [i for i, column in enumerate(columns) if not column]
    empty = empties[0] if empties else None
    n_empty = len(empties)
    limit = (free + 1) << n_empty
    limit_empty = (free + 1) << (n_empty - 1) if n_empty else 0
    top_at = {column[-1]: j for j, column in enumerate(columns) if column}
    closed = not any(c in top_at or c in cells for c in safe)  # auto-moves played already

    def home(step, new_columns, new_cells, new_found):
        steps = [step]
        out.append((steps, *_auto(new_columns, new_cells, new_found, steps)))

    def uncover(step, new_columns, new_cells, uncovered):
        if uncovered in safe or not closed:
            home(step, new_columns, new_cells, found)
        else:
            out.append(([step], new_columns, new_cells, found))

    # Cells: to a foundation, onto a column, into an empty column.
    for c in cells:
        rest = tuple(x for x in cells if x != c)
        s = _SUIT[c]
        if found[s] == _RANK[c] - 1:
            home((("cell", c), "f", 1), columns, rest, found[:s] + (_RANK[c],) + found[s + 1:])
        for parent in _PARENTS[c]:
            j = top_at.get(parent)
            if j is not None:
                uncover((("cell", c), j, 1), columns[:j] + (columns[j] + _ALONE[c],)
                        + columns[j + 1:], rest, None)
        if empty is not None:
            uncover((("cell", c), empty, 1),
                    columns[:empty] + (_ALONE[c],) + columns[empty + 1:], rest, None)
    for i, column in enumerate(columns):
        if not column:
            continue
        c = column[-1]
        under = column[-2] if len(column) > 1 else None  # uncovered by moving c
        s = _SUIT[c]
        if found[s] == _RANK[c] - 1:
            home((("col", i), "f", 1), columns[:i] + (column[:-1],) + columns[i + 1:], cells,
                 found[:s] + (_RANK[c],) + found[s + 1:])
        # The run at the top of the column.
        run = 1
        if supermoves:
            while run < len(column) and column[-run - 1] in _PARENTS[column[-run]]:
                run += 1
        for count in range(1, min(run, limit) + 1):
            bottom = column[-count]  # the card that would lie on the target's top card
            for parent in _PARENTS[bottom]:
                j = top_at.get(parent)
                if j is not None:
                    new = list(columns)
                    new[i] = column[:-count]
                    new[j] = columns[j] + column[-count:]
                    uncover((("col", i), j, count), tuple(new), cells,
                            column[-count - 1] if count < len(column) else None)
        if empty is not None:
            for count in range(1, min(run, limit_empty) + 1):
                if count == len(column):
                    break  # a whole column into an empty one changes nothing
                new = list(columns)
                new[i] = column[:-count]
                new[empty] = column[-count:]
                uncover((("col", i), empty, count), tuple(new), cells, column[-count - 1])
        if free:
            uncover((("col", i), "c", 1), columns[:i] + (column[:-1],) + columns[i + 1:],
                    tuple(sorted(cells + (c,))), under)
    return out
