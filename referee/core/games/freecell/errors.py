"""FreeCell's narrow refusals. Each move refusal names the rule it breaks; a count, where the
rule has one, is kept on the error as well as said in its message."""

from __future__ import annotations

from ...errors import RefereeInputError


class FreeCellError(RefereeInputError):
    """Base of FreeCell's refusals."""

    code = "freecell"


class GameNumberError(FreeCellError):
    """A game number outside 1 to 2^31 - 1, or not a whole number."""

    code = "bad_freecell_game"


class LayoutError(FreeCellError):
    """A position that is not one deck laid out: eight columns, at most four cells, the
    foundations, and 52 cards in all, each once."""

    code = "bad_freecell_layout"


class PlaceError(FreeCellError):
    """A place that is none of "column 1" to "column 8", "cell", "foundation"."""

    code = "bad_freecell_place"


class MoveError(FreeCellError):
    """A move the rules refuse; ``rule`` says which one in a few words."""

    code = "illegal_freecell_move"
    rule_text = "FreeCell's moves"


class CardNotInPlayError(MoveError):
    """The card is not in a column or a cell (it is on a foundation already)."""

    code = "freecell_card_not_in_play"
    rule_text = "only a card in a column or a cell can move"


class CardCoveredError(MoveError):
    """The cards above the card do not go with it: a column moves its top card, or a run
    alternating in colour, one lower each, from the card to the top."""

    code = "freecell_card_covered"
    rule_text = "alternating colours, one lower"


class BuildError(MoveError):
    """The card may not go on the column's top card: the other colour, one lower."""

    code = "freecell_build"
    rule_text = "alternating colours, one lower"


class CellError(MoveError):
    """No free cell, or more than one card for a cell: a cell holds one card."""

    code = "freecell_cell"
    rule_text = "a cell holds one card"


class FoundationError(MoveError):
    """Not the next card of its suit's foundation (or more than one card at once)."""

    code = "freecell_foundation"
    rule_text = "foundations by suit from the ace"


class SupermoveError(MoveError):
    """More cards than the free cells and empty columns let one move carry."""

    code = "freecell_supermove"
    rule_text = "this move may carry at most N cards"

    def __init__(self, message: str, limit: int, count: int, field=None):
        super().__init__(message, field)
        self.limit = limit
        self.count = count


class SameColumnError(MoveError):
    """A move from a column to that same column."""

    code = "freecell_same_place"
    rule_text = "a move goes somewhere else"


class NothingToUndoError(FreeCellError):
    """``pop()`` on a board with no move made."""

    code = "freecell_nothing_to_undo"
