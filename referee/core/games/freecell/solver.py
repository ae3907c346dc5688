"""A complete FreeCell solver: a solution that replays through the move rules, or a proof
that none exists, or "unknown" when its node budget runs out first.

Short searches by several scores come first, each stopped after a few thousand positions
(most deals fall to one of them within a second), then the complete search. Each is best
first by a simple score (cards home, cells taken, cards over the next
ones needed, cards lying on a lower card, empty columns), the latest position first among
equals, over positions made canonical (cells as a set, columns as a multiset: their order does
not change what can be done) and remembered in a transposition table, so each one is expanded
once: when the search runs dry every position reachable from the start has been seen, and
none was won. After each move the cards that can never be needed in a column go to their
foundations (a card whose two other-coloured suits are home to one rank below it: nothing
could be built on it; aces and twos always); these auto-moves are in the solution as ordinary
moves. Only the complete search may answer "unsolvable": game 11,982 is proved unsolvable
in about 62,000 positions (77,000 with the short searches before). The position's form for
the search, its moves and its score are in expand.py.

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

from .deal import MS_DECK
from .expand import _auto, _children, _internal, _key, _score, _scorer
from .moves import CELL, COLUMN, FOUNDATION, Move, Place, apply_move
from .position import Position

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


def _search(columns, cells, found, budget, supermoves, weights):
    """Best-first search over canonical positions; returns (status, steps, nodes)."""
    start_steps: list = []
    columns, cells, found = _auto(columns, cells, found, start_steps)
    if sum(found) == 52:
        return SOLVED, start_steps, 0
    scores = _scorer(weights)
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
        table = scores(found)  # most children keep their parent's foundations
        for steps, kid_columns, kid_cells, kid_found in _children(columns, cells, found,
                                                                  supermoves):
            kid = bytes(kid_cells) + b"|" + b"|".join(sorted(kid_columns))  # _key, inlined
            if kid in parents:
                continue
            parents[kid] = (key, steps)
            kid_table = table
            if kid_found is not found:
                if sum(kid_found) == 52:
                    path = []
                    while kid != start:
                        kid, steps = parents[kid]
                        path.append(steps)
                    return SOLVED, start_steps + [s for p in reversed(path) for s in p], nodes
                kid_table = scores(kid_found)
            score = (kid_table.base + kid_table.cells_w * len(kid_cells)
                     + sum(map(kid_table.__getitem__, kid_columns)))
            heappush(heap, (score, -pushed, kid, kid_columns, kid_cells, kid_found))
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
