"""Go Fish as a kept game: a night of games, each entered as every player's books, the most
books winning; the house may play pairs for young children (26 in the deck). What it shares
with Authors is the fishing family's (``core/fishing/book_games.py``).

>>> table = GO_FISH.configure(options={"pairs": True})
>>> table.ruleset.keeping.books.in_deck(table.options), table.ruleset.keeping.books.word(table.options)
(26, 'pair')
>>> GO_FISH.deal_size(3, None, {}), GO_FISH.deal_size(4, None, {})
(7, 5)
"""

from __future__ import annotations

from ...fishing.book_games import book_ruleset
from ...model.ruleset import OptionSpec
from .rules_text import RULES_TEXT

# Seven cards each for two or three players, five for more.
FEW_PLAYERS, FEW_DEAL, MANY_DEAL = 3, 7, 5

PAIRS = OptionSpec("pairs", False, "For young children: a book is a pair, two of a rank "
                   "(26 in the deck), not four.",
                   question="For young children: is a book a pair, two of a rank, not four?")

GO_FISH = book_ruleset(
    key="go-fish",
    title="Go Fish",
    summary="Two players or more. Ask another player for a rank you hold, or go fish in the "
            "pond; books of four of a kind (or pairs, for young children), the most wins.",
    rules_text=RULES_TEXT,
    deal_size=lambda players, hand, options:
        FEW_DEAL if players <= FEW_PLAYERS else MANY_DEAL,
    deal_table=({"players": "2-3", "cards": FEW_DEAL}, {"players": "4 or more", "cards": MANY_DEAL}),
    options=(PAIRS,),
    stock="pond",
)
