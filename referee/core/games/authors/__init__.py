"""Authors' rules core: books of four of a kind, thirteen in the deck; when the game is over
the books add up to thirteen, the most books win and a tie shares the win; a night's games.

Pure Python on the ground of ``referee.core`` and the fishing family (``fishing.books``). The
screens, the API and the kept game come later.

>>> score_game({"Ann": 6, "Bob": 4, "Cy": 3}).winners
('Ann',)
>>> night_totals([score_game({"Ann": 6, "Bob": 7, "Cy": 0}),
...               score_game({"Ann": 5, "Bob": 5, "Cy": 3})]).wins  # the second one shared
{'Ann': 1, 'Bob': 2, 'Cy': 0}
"""

from __future__ import annotations

from typing import Any

from ...cards import DeckSpec
from ...fishing import BooksResult, NightTotals, books_in_deck, night_totals, score_books

TITLE = "Authors"
DECK = DeckSpec(game=TITLE)
HAND_SIZE = 7
BOOK_SIZE = 4
BOOKS = books_in_deck(BOOK_SIZE)  # 13


def score_game(books: Any, finished: bool = True) -> BooksResult:
    """The standing from each player's books (``finished``: the game is over, so the books
    must add up to thirteen)."""
    return score_books(books, BOOK_SIZE, finished)


__all__ = ["BOOKS", "BOOK_SIZE", "DECK", "HAND_SIZE", "TITLE", "BooksResult", "NightTotals",
           "night_totals", "score_game"]
