"""FreeCell's moves and their rules, and a board that keeps its moves to take them back.

A move names a card and where it goes: ``"column 1"`` to ``"column 8"``, ``"cell"`` or
``"foundation"``. A card in a column takes the cards above it along (a supermove), which the
rules allow when they run down in alternating colours, one lower each, and are no more than
(free cells + 1) × 2^(empty columns) cards, one empty column fewer counted when the target is
an empty column: the single moves through the cells and empty columns it stands for.

>>> from referee.core.cards import parse_card
>>> board = Board.from_game(1)
>>> board.push_card(parse_card("6C"), "cell").text()
'6C from column 5 to cell'
>>> board.push_card(parse_card("8H"), "column 2").text()
'8H from column 5 to column 2'
>>> board.push_card(parse_card("6C"), "column 1")
Traceback (most recent call last):
...
referee.core.games.freecell.errors.BuildError: 6♣ cannot go on 6♠ in column 1: alternating colours, one lower (a 5 of diamonds or hearts).
>>> board.pop().text(), len(board.move_stack)
('8H from column 5 to column 2', 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...cards import Card, Rank
from ...words import with_article
from .deal import COLUMNS
from .errors import (BuildError, CardCoveredError, CardNotInPlayError, CellError,
                     FoundationError, NothingToUndoError, PlaceError, SameColumnError,
                     SupermoveError)
from .position import FOUNDATION_SUITS, Position

COLUMN, CELL, FOUNDATION = "column", "cell", "foundation"
_PLACE = re.compile(r"\s*(?:(column)\s*([1-8])|(cell)|(foundation))\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Place:
    """A column (``column`` 0-7), the cells, or the foundations."""

    kind: str
    column: int | None = None

    @classmethod
    def parse(cls, text: str) -> Place:
        """``"column 1"``-``"column 8"``, ``"cell"``, ``"foundation"``.

        >>> Place.parse("Column 8"), str(Place.parse("cell"))
        (Place(kind='column', column=7), 'cell')
        """
        found = _PLACE.match(text) if isinstance(text, str) else None
        if not found:
            raise PlaceError(f'A FreeCell place is "column 1" to "column {COLUMNS}", "cell" or'
                             f' "foundation", not {text!r}.', "to")
        if found.group(1):
            return cls(COLUMN, int(found.group(2)) - 1)
        return cls(CELL) if found.group(3) else cls(FOUNDATION)

    def __str__(self) -> str:
        return f"column {self.column + 1}" if self.kind == COLUMN else self.kind


@dataclass(frozen=True)
class Move:
    """``card`` and the ``count - 1`` cards above it, from ``source`` to ``target``."""

    card: Card
    source: Place
    target: Place
    count: int = 1

    def text(self) -> str:
        many = f" and the {self.count - 1} above it" if self.count > 1 else ""
        return f"{self.card}{many} from {self.source} to {self.target}"

    def as_dict(self) -> dict[str, str | int]:
        """The API's shape: ``{"card", "from", "to"}`` (and ``"count"`` for a supermove)."""
        shape: dict[str, str | int] = {"card": str(self.card), "from": str(self.source),
                                       "to": str(self.target)}
        if self.count > 1:
            shape["count"] = self.count
        return shape


def supermove_limit(free_cells: int, empty_columns: int, to_empty_column: bool = False) -> int:
    """How many cards one move may carry.

    >>> supermove_limit(4, 0), supermove_limit(2, 2), supermove_limit(2, 2, to_empty_column=True)
    (5, 12, 6)
    """
    return (free_cells + 1) * 2 ** (empty_columns - (1 if to_empty_column else 0))


def builds_on(card: Card, under: Card) -> bool:
    """Whether ``card`` may lie on ``under`` in a column: the other colour, one lower."""
    return card.suit.is_red != under.suit.is_red and card.rank == under.rank - 1


def find_card(position: Position, card: Card) -> tuple[Place, int]:
    """Where ``card`` is, and how many cards it would carry (itself and those above it)."""
    for n, column in enumerate(position.columns):
        if card in column:
            return Place(COLUMN, n), len(column) - column.index(card)
    if card in position.cells:
        return Place(CELL), 1
    raise CardNotInPlayError(f"{card.label} is on its foundation already: only a card in a"
                             " column or a cell can move.", "card")


def make_move(position: Position, card: Card, to: str | Place) -> Move:
    """The move of ``card`` to ``to``, if the rules allow it; else the narrow refusal."""
    target = to if isinstance(to, Place) else Place.parse(to)
    source, count = find_card(position, card)
    move = Move(card, source, target, count)
    check_move(position, move)
    return move


def check_move(position: Position, move: Move) -> None:
    """Raise the refusal for ``move`` (one of the rules, by name), or return."""
    card, source, target, count = move.card, move.source, move.target, move.count
    if source.kind == COLUMN:
        column = position.columns[source.column]
        if card not in column or len(column) - column.index(card) != count:
            raise CardNotInPlayError(f"{card.label} is not {count} from the top of {source}.",
                                     "card")
        carried = column[len(column) - count:]
        for lower, upper in zip(carried, carried[1:]):
            if not builds_on(upper, lower):
                raise CardCoveredError(
                    f"{card.label} is under {count - 1} card(s) that do not go with it:"
                    f" {upper.label} on {lower.label} breaks alternating colours, one lower.",
                    "card")
    elif card not in position.cells or count != 1:
        raise CardNotInPlayError(f"{card.label} is not in a cell.", "card")
    if target.kind == CELL:
        if count > 1:
            raise CellError(f"{count} cards cannot go to a cell: a cell holds one card.", "to")
        if source.kind == CELL:
            raise CellError(f"{card.label} is in a cell already: a cell holds one card.", "to")
        if position.free_cells == 0:
            raise CellError(f"No free cell for {card.label}: a cell holds one card, and all four"
                            " are taken.", "to")
    elif target.kind == FOUNDATION:
        top = position.foundation(card.suit)
        if count > 1:
            raise FoundationError(f"{count} cards cannot go to a foundation at once: foundations"
                                  " by suit from the ace, one card at a time.", "to")
        if card.rank != top + 1:
            wanted = "the ace" if top == 0 else ("nothing more" if top == 13 else
                                                 f"the {Rank(top + 1).label}")
            raise FoundationError(f"{card.label} cannot go to the {card.suit.word} foundation,"
                                  f" which takes {wanted}: foundations by suit from the ace.",
                                  "to")
    else:
        if source == target:
            raise SameColumnError(f"{card.label} is in {target} already: a move goes somewhere"
                                  " else.", "to")
        column = position.columns[target.column]
        if column:
            under = column[-1]
            if not builds_on(card, under):
                colours = "diamonds or hearts" if not under.suit.is_red else "clubs or spades"
                low = under.rank - 1
                wanted = with_article(f"{Rank(low).spoken} of {colours}") if low else "nothing"
                raise BuildError(f"{card.label} cannot go on {under.label} in {target}: alternating"
                                 f" colours, one lower ({wanted}).", "to")
        empty = position.empty_columns
        limit = supermove_limit(position.free_cells, empty, to_empty_column=not column)
        if count > limit:
            raise SupermoveError(
                f"{count} cards cannot move at once with {position.free_cells} free cell(s) and"
                f" {empty} empty column(s){' (the target is one of them)' if not column else ''}:"
                f" this move may carry at most {limit} cards.", limit, count, "card")


def apply_move(position: Position, move: Move) -> Position:
    """The position after ``move``, checked first."""
    check_move(position, move)
    columns = list(position.columns)
    cells = list(position.cells)
    foundations = list(position.foundations)
    if move.source.kind == COLUMN:
        column = columns[move.source.column]
        carried = column[len(column) - move.count:]
        columns[move.source.column] = column[:len(column) - move.count]
    else:
        cells.remove(move.card)
        carried = (move.card,)
    if move.target.kind == COLUMN:
        columns[move.target.column] = columns[move.target.column] + carried
    elif move.target.kind == CELL:
        cells.append(move.card)
    else:
        foundations[FOUNDATION_SUITS.index(move.card.suit)] += 1
    return Position(tuple(columns), tuple(cells), tuple(foundations))


def legal_moves(position: Position) -> list[Move]:
    """Every move the rules allow here (a run to an empty column at each length it may take;
    to "cell" once per card, the cells being interchangeable)."""
    moves = []
    sources: list[tuple[Card, Place, int]] = [(card, Place(CELL), 1) for card in position.cells]
    for n, column in enumerate(position.columns):
        for count in range(1, len(column) + 1):
            if count > 1 and not builds_on(column[-count + 1], column[-count]):
                break
            sources.append((column[-count], Place(COLUMN, n), count))
    targets = [Place(FOUNDATION), Place(CELL)] + [Place(COLUMN, n) for n in range(COLUMNS)]
    for card, source, count in sources:
        for target in targets:
            move = Move(card, source, target, count)
            try:
                check_move(position, move)
            except (BuildError, CellError, FoundationError, SupermoveError, SameColumnError):
                continue
            moves.append(move)
    return moves


def places_by_card(position: Position) -> dict[Card, tuple[Place, ...]]:
    """Where each card that can move now may go: the cards a player may pick up, and for
    each the places it may be put (the cards above it going along, as ``find_card`` says).

    >>> from referee.core.cards import parse_card
    >>> places = places_by_card(Position.from_game(1))
    >>> len(places), [str(place) for place in places[parse_card("6C")]]
    (8, ['cell'])
    """
    places: dict[Card, list[Place]] = {}
    for move in legal_moves(position):
        places.setdefault(move.card, []).append(move.target)
    return {card: tuple(targets) for card, targets in places.items()}


class Board:
    """A position with the moves that led to it: ``push`` a move, ``pop`` to take it back."""

    def __init__(self, position: Position):
        self._start = position
        self._positions = [position]
        self.move_stack: list[Move] = []

    @classmethod
    def from_game(cls, game: int) -> Board:
        return cls(Position.from_game(game))

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def start(self) -> Position:
        return self._start

    def push(self, move: Move) -> Move:
        self._positions.append(apply_move(self.position, move))
        self.move_stack.append(move)
        return move

    def push_card(self, card: Card, to: str | Place) -> Move:
        """Move ``card`` (and what lies above it) to ``to``, if the rules allow it."""
        return self.push(make_move(self.position, card, to))

    def pop(self) -> Move:
        """Take the last move back, and say which it was."""
        if not self.move_stack:
            raise NothingToUndoError("No move to take back.")
        self._positions.pop()
        return self.move_stack.pop()

    def legal_moves(self) -> list[Move]:
        return legal_moves(self.position)

    @property
    def is_won(self) -> bool:
        return self.position.is_won
