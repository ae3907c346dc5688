"""Authors as a kept game: a night of games, each entered as every player's books (13 in
the deck), the most books winning; what it shares with Go Fish is the fishing family's
(``core/fishing/book_games.py``).

>>> AUTHORS.configure().ruleset.keeping.books.in_deck(AUTHORS.configure().options)
13
>>> AUTHORS.deal_size(5, None, {}), AUTHORS.players
(7, (2, 7))
"""

from __future__ import annotations

from ...fishing.book_games import book_ruleset
from . import HAND_SIZE
from .rules_text import RULES_TEXT

# Seven cards each from 52 leave a stock for at most seven players.
MOST_PLAYERS = 7

AUTHORS = book_ruleset(
    key="authors",
    title="Authors",
    summary="Two to seven players, seven cards each and the rest a stock. Ask another player "
            "for a card to make books of four of a kind; the most of the 13 books wins.",
    rules_text=RULES_TEXT,
    deal_size=lambda players, hand, options: HAND_SIZE,
    deal_table=({"players": f"2-{MOST_PLAYERS}", "cards": HAND_SIZE},),
    players=(2, MOST_PLAYERS),
)
