"""The fishing family: cards taken from the table by a card played (Escoba), and books of one
rank collected from the other players (Authors, Go Fish).

>>> from referee.core.cards import parse_cards
>>> by_number = lambda card: int(card.rank)
>>> found = capture_sets(7, parse_cards("3S 5H 4D 4C"), by_number, 15)  # the 7 needs 8 more
>>> [[str(c) for c in taken] for taken in found]
[['3S', '5H'], ['4D', '4C']]
"""

from .books import (BooksError, BooksResult, NightTotals, books_in, books_in_deck, check_books,
                    night_totals, score_books)
from .captures import capture_sets, clears_table

__all__ = ["BooksError", "BooksResult", "NightTotals", "books_in", "books_in_deck",
           "capture_sets", "check_books", "clears_table", "night_totals", "score_books"]
