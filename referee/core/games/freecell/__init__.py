"""FreeCell's rules core: Microsoft's numbered deals, the position and the move rules (with
supermoves and a board that takes moves back), and a complete solver.

Pure Python on the ground of ``referee.core``. Its screens are ``web/questions/freecell.py``,
its API ``api/freecell.py``, and a followed game is kept by ``store/freecell.py``.

>>> start = Position.from_game(617)
>>> [str(card) for card in start.columns[0]]
['7D', '10D', '10H', 'KD', '4C', '4S', 'JD']
>>> solution = solve(start)
>>> solution.status, replay(start, solution.moves).is_won
('solved', True)
"""

from .deal import FIRST_GAME, LAST_GAME, MS_DECK, check_game_number, deal, dealing_order
from .errors import (BuildError, CardCoveredError, CardNotInPlayError, CellError,
                     FoundationError, FreeCellError, GameNumberError, LayoutError, MoveError,
                     NothingToUndoError, PlaceError, SameColumnError, SupermoveError)
from .moves import (Board, Move, Place, apply_move, builds_on, check_move, find_card,
                    legal_moves, make_move, places_by_card, supermove_limit)
from .position import CELLS, FOUNDATION_SUITS, Position
from .solver import SOLVED, UNKNOWN, UNSOLVABLE, Solution, hint, replay, solve

TITLE = "FreeCell"

__all__ = [
    "TITLE",
    "CELLS", "FIRST_GAME", "FOUNDATION_SUITS", "LAST_GAME", "MS_DECK", "SOLVED", "UNKNOWN",
    "UNSOLVABLE", "Board", "BuildError", "CardCoveredError", "CardNotInPlayError", "CellError",
    "FoundationError", "FreeCellError", "GameNumberError", "LayoutError", "Move", "MoveError",
    "NothingToUndoError", "PlaceError", "Position", "SameColumnError", "Solution",
    "SupermoveError", "apply_move", "builds_on", "check_game_number", "check_move", "deal",
    "dealing_order", "find_card", "hint", "legal_moves", "make_move", "places_by_card", "replay",
    "solve", "supermove_limit",
]
