"""Authors as a kept game: a night of games, each entered as every player's books (13 in
the deck), the most books winning; what it shares with Go Fish is the fishing family's
(``core/fishing/book_games.py``).

>>> AUTHORS.configure().ruleset.keeping.books.in_deck(AUTHORS.configure().options)
13
>>> AUTHORS.deal_size(5, None, {})
10
"""

from __future__ import annotations

from ...fishing.book_games import book_ruleset
from .rules_text import RULES_TEXT

DECK_SIZE = 52

AUTHORS = book_ruleset(
    key="authors",
    title="Authors",
    summary="Two players or more; every card dealt. Ask another player for a card to make "
            "books of four of a kind; the most of the 13 books wins.",
    rules_text=RULES_TEXT,
    # Every card is dealt: so many each, some players one more.
    deal_size=lambda players, hand, options: DECK_SIZE // players,
    deal_table=tuple({"players": str(n), "cards": DECK_SIZE // n} for n in range(2, 11)),
)
