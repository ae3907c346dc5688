"""A complete FreeCell solver: a solution that replays through the move rules, or a proof
that none exists, or "unknown" when its node budget runs out first.

The search is best first by a simple score (cards home, cells taken, cards over the next
ones needed, cards lying on a lower card, empty columns), the latest position first among
equals, over positions made canonical (cells as a set, columns as a multiset: their order does
not change what can be done) and remembered in a transposition table, so each one is expanded
once: when the search runs dry every position reachable from the start has been seen, and
none was won. After each move the cards that can never be needed in a column go to their
foundations (a card whose two other-coloured suits are home to one rank below it: nothing
could be built on it; aces and twos always); these auto-moves are in the solution as ordinary
moves. Game 11,982 is proved unsolvable this way in about 62,000 positions.

Moves tried: to a foundation, column to column (a run as a supermove, within its limit),
column to a cell, cell to a column; into an empty column, one empty column stands for all.

>>> result = solve(Position.from_game(1))
>>> result.status, replay(Position.from_game(1), result.moves).is_won
('solved', True)
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from heapq import heappop, heappush

from .deal import MS_DECK, MS_SUITS
from .moves import CELL, COLUMN, FOUNDATION, Move, Place, apply_move
from .position import CELLS, FOUNDATION_SUITS, Position

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
DEFAULT_BUDGET = 200_000  # positions expanded before the answer is "unknown"
# The score's weights (cells taken, empty columns, cards over a next-needed card, cards on a
# lower card). One score is lost on some deals where another finds a win at once, so short
# searches by several scores come first (each its own transposition table; two rounds, the
# second longer), and only then the complete search, which alone may answer "unsolvable".
# They spend 15,000 positions at most, so a deal with no win (game 11,982: about 62,000) is
# still proved within the screens' budget. (Chosen on games 1-1000: each short search wins
# deals the others miss.)
_QUICK = ((4, 8, 1, 2), (3, 6, 0, 2), (2, 6, 2, 2), (2, 4, 1, 3), (5, 10, 1, 2))
_QUICK_BUDGETS = (1_000, 2_000)
_COMPLETE = (3, 6, 1, 2)

# Cards as numbers 0-51, the generator's order: (rank - 1) * 4 + suit (clubs, diamonds,
# hearts, spades); a foundation's index is the suit's.
_RANK = [c // 4 + 1 for c in range(52)]
_SUIT = [c % 4 for c in range(52)]
_RED = [c % 4 in (1, 2) for c in range(52)]
_OTHER = [(1, 2) if not _RED[c] else (0, 3) for c in range(52)]
# _PARENTS[c]: the two cards c may lie on in a column (the other colour, one higher).
_PARENTS = [tuple(p for p in range(52) if _RANK[p] == _RANK[c] + 1 and _RED[p] != _RED[c])
            for c in range(52)]
_NUMBER = {card: n for n, card in enumerate(MS_DECK)}
_FOUNDATION_ORDER = [FOUNDATION_SUITS.index(suit) for suit in MS_SUITS]


@dataclass(frozen=True)
class Solution:
    """``status`` is "solved" (``moves`` wins), "unsolvable" (proved: the search was
    complete) or "unknown" (the budget ran out)."""

    status: str
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0

    @property
    def solvable(self) -> bool | None:
        return {SOLVED: True, UNSOLVABLE: False}.get(self.status)

    @property
    def proved(self) -> bool:
        return self.status != UNKNOWN


def _internal(position: Position):
    columns = tuple(tuple(_NUMBER[card] for card in column) for column in position.columns)
    cells = tuple(sorted(_NUMBER[card] for card in position.cells))
    found = tuple(position.foundations[_FOUNDATION_ORDER[s]] for s in range(4))
    return columns, cells, found


def _key(columns, cells):
    return bytes(cells) + b"|" + b"|".join(sorted(map(bytes, columns)))


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


def _score(columns, cells, found, weights):
    """Lower is better: cards not home, cells taken, cards over the next card of a suit, and
    cards lying above a lower card (each must move before the one under it goes home); empty
    columns help. (Weights found by trying games 1-120.)"""
    cell_w, empty_w, above_w, disorder_w = weights
    score = 52 - sum(found) + cell_w * len(cells)
    for column in columns:
        if not column:
            score -= empty_w
            continue
        low = 14
        top = len(column) - 1
        for k, c in enumerate(column):
            rank = _RANK[c]
            if found[_SUIT[c]] == rank - 1:
                score += above_w * (top - k)
            if rank > low:
                score += disorder_w
            else:
                low = rank
    return score


def _children(columns, cells, found, supermoves):
    """Each move here as (steps, columns, cells, found), auto-moves applied."""
    out = []
    free = CELLS - len(cells)
    empties = [i for i, column in enumerate(columns) if not column]
    empty = empties[0] if empties else None
    n_empty = len(empties)
    limit = (free + 1) << n_empty
    limit_empty = (free + 1) << (n_empty - 1) if n_empty else 0
    top_at = {column[-1]: j for j, column in enumerate(columns) if column}

    def child(step, new_columns, new_cells, new_found):
        steps = [step]
        new_columns, new_cells, new_found = _auto(new_columns, new_cells, new_found, steps)
        out.append((steps, new_columns, new_cells, new_found))

    # Cells: to a foundation, onto a column, into an empty column.
    for c in cells:
        rest = tuple(x for x in cells if x != c)
        s = _SUIT[c]
        if found[s] == _RANK[c] - 1:
            child((("cell", c), "f", 1), columns, rest, found[:s] + (_RANK[c],) + found[s + 1:])
        for parent in _PARENTS[c]:
            j = top_at.get(parent)
            if j is not None:
                child((("cell", c), j, 1),
                      columns[:j] + (columns[j] + (c,),) + columns[j + 1:], rest, found)
        if empty is not None:
            child((("cell", c), empty, 1),
                  columns[:empty] + ((c,),) + columns[empty + 1:], rest, found)
    for i, column in enumerate(columns):
        if not column:
            continue
        c = column[-1]
        s = _SUIT[c]
        if found[s] == _RANK[c] - 1:
            child((("col", i), "f", 1), columns[:i] + (column[:-1],) + columns[i + 1:], cells,
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
                    child((("col", i), j, count), tuple(new), cells, found)
        if empty is not None:
            for count in range(1, min(run, limit_empty) + 1):
                if count == len(column):
                    break  # a whole column into an empty one changes nothing
                new = list(columns)
                new[i] = column[:-count]
                new[empty] = column[-count:]
                child((("col", i), empty, count), tuple(new), cells, found)
        if free:
            child((("col", i), "c", 1), columns[:i] + (column[:-1],) + columns[i + 1:],
                  tuple(sorted(cells + (c,))), found)
    return out


def _search(columns, cells, found, budget, supermoves, weights):
    """Best-first search over canonical positions; returns (status, steps, nodes)."""
    start_steps: list = []
    columns, cells, found = _auto(columns, cells, found, start_steps)
    if sum(found) == 52:
        return SOLVED, start_steps, 0
    start = _key(columns, cells)
    parents = {start: None}  # every position generated: the one it came from, and how
    heap = [(_score(columns, cells, found, weights), 0, start, columns, cells, found)]
    pushed = 1
    nodes = 0
    while heap:
        _, _, key, columns, cells, found = heappop(heap)
        if nodes >= budget:
            return UNKNOWN, [], nodes
        nodes += 1
        for steps, kid_columns, kid_cells, kid_found in _children(columns, cells, found,
                                                                  supermoves):
            kid = _key(kid_columns, kid_cells)
            if kid in parents:
                continue
            parents[kid] = (key, steps)
            if sum(kid_found) == 52:
                path = []
                while kid != start:
                    kid, steps = parents[kid]
                    path.append(steps)
                return SOLVED, start_steps + [s for p in reversed(path) for s in p], nodes
            heappush(heap, (_score(kid_columns, kid_cells, kid_found, weights), -pushed, kid,
                            kid_columns, kid_cells, kid_found))
            pushed += 1
    return UNSOLVABLE, [], nodes


def _phases(start, budget, supermoves):
    """The short searches, then the complete one with what is left of ``budget``."""
    spent = 0
    for quick_budget in _QUICK_BUDGETS:
        for weights in _QUICK:
            status, steps, nodes = _search(*start, min(quick_budget, budget - spent),
                                           supermoves, weights)
            spent += nodes
            if status == SOLVED:
                return status, steps, spent
    status, steps, nodes = _search(*start, budget - spent, supermoves, _COMPLETE)
    return status, steps, spent + nodes


def _to_moves(position: Position, steps) -> tuple[Move, ...]:
    """The search's steps as moves, checked through the rules one by one."""
    moves = []
    for (kind, where), target, count in steps:
        if kind == "cell":
            card, source = MS_DECK[where], Place(CELL)
        else:
            column = position.columns[where]
            card, source = column[-count], Place(COLUMN, where)
        if target == "f":
            place = Place(FOUNDATION)
        elif target == "c":
            place = Place(CELL)
        else:
            place = Place(COLUMN, target)
        move = Move(card, source, place, count)
        position = apply_move(position, move)
        moves.append(move)
    return tuple(moves)


def solve(position: Position, budget: int = DEFAULT_BUDGET, supermoves: bool = True) -> Solution:
    """A solution from ``position``, or the proof there is none, or "unknown" once ``budget``
    positions were expanded. ``supermoves=False`` moves one card at a time."""
    began = time.perf_counter()
    # The search allocates many tuples and frees none: the cycle collector would scan them
    # over and over for nothing (it holds no cycles), so it waits until the search is over.
    collecting = gc.isenabled()
    gc.disable()
    try:
        status, steps, nodes = _phases(_internal(position), budget, supermoves)
    finally:
        if collecting:
            gc.enable()
    moves = _to_moves(position, steps) if status == SOLVED else ()
    return Solution(status, moves, nodes, time.perf_counter() - began)


def hint(position: Position, budget: int = DEFAULT_BUDGET) -> Move | None:
    """The first move of a solution (``None`` when none is found or the game is won)."""
    result = solve(position, budget)
    return result.moves[0] if result.moves else None


def replay(position: Position, moves) -> Position:
    """The position after ``moves``, each checked by the rules."""
    for move in moves:
        position = apply_move(position, move)
    return position
