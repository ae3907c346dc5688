"""Go Fish's rules core: books of four as in Authors, or with the house option ``pairs`` (for
young children) books of two, 26 in the deck; scored as Authors: the most books win, a tie
shares the win; a night's games.

Pure Python on the ground of ``referee.core`` and the fishing family (``fishing.books``). The
screens, the API and the kept game come later.

>>> score_game({"Ann": 14, "Bob": 12}, pairs=True).winners
('Ann',)
>>> book_size(pairs=True), books_in_game(pairs=True)
(2, 26)
"""

from __future__ import annotations

from typing import Any

from ...cards import DeckSpec
from ...errors import OptionValueError
from ...fishing import BooksResult, NightTotals, books_in_deck, night_totals, score_books

TITLE = "Go Fish"
DECK = DeckSpec(game=TITLE)
HAND_SIZE = 7
PAIRS_OPTION = "pairs"  # house option: books are pairs (off: books of four)


def book_size(pairs: Any = False) -> int:
    if not isinstance(pairs, bool):
        raise OptionValueError("The pairs option is on or off.", ("options", PAIRS_OPTION))
    return 2 if pairs else 4


def books_in_game(pairs: Any = False) -> int:
    """13 books of four, or 26 pairs."""
    return books_in_deck(book_size(pairs))


def score_game(books: Any, pairs: Any = False, finished: bool = True) -> BooksResult:
    """The standing from each player's books (pairs, with the house option)."""
    return score_books(books, book_size(pairs), finished)


__all__ = ["DECK", "HAND_SIZE", "PAIRS_OPTION", "TITLE", "BooksResult", "NightTotals",
           "book_size", "books_in_game", "night_totals", "score_game"]
