"""Escoba's rules core: the 40-card deck and its values, every capture a card can make, the
escoba and the dealer's opening escobas, a hand's score, and when the game is won.

Pure Python on the ground of ``referee.core`` and the fishing family. The screens, the API
and the kept game come later.

>>> from referee.core.cards import parse_card, parse_cards
>>> [([str(c) for c in capture.cards], capture.escoba)  # the queen is 9
...  for capture in captures(parse_card("5D"), parse_cards("QS AH 4C 6C"))]
[(['QS', 'AH'], False), (['4C', '6C'], False)]
>>> captures(parse_card("5D"), parse_cards("QS AH"))[0].escoba  # the table cleared
True
"""

from .captures import OPENING_TABLE, Capture, Opening, captures, opening, opening_escobas
from .cards import (COINS, DECK, SEVEN_OF_COINS, TARGET, TITLE, capture_value, check_cards,
                    setenta_strength)
from .errors import EscobaCountsError, OpeningTableError
from .score import (HandPoints, SideCards, SideCounts, counts_of, game_winner, score_hand,
                    setenta_key)

__all__ = [
    "COINS", "DECK", "OPENING_TABLE", "SEVEN_OF_COINS", "TARGET", "TITLE", "Capture",
    "EscobaCountsError", "HandPoints", "Opening", "OpeningTableError", "SideCards", "SideCounts",
    "capture_value", "captures", "check_cards", "counts_of", "game_winner",
    "opening", "opening_escobas", "score_hand", "setenta_key", "setenta_strength",
]
