"""Piquet's rules core: the 32-card deck, the declarations and the repique, a deal's score
with the play's parts and the pique, and the partie of six deals with the Rubicon.

Pure Python on the ground of ``referee.core`` and the trick-taking family. The screens, the
API and the kept game come later.

>>> from referee.core.cards import parse_cards
>>> found = declare(parse_cards("AS KS QS JS 10S 9S 8S  AH KH  AD  AC  7C"),
...                 parse_cards("7S 10H 9H 8H 7H QH JH  KD QD JD 10D  KC"))
>>> found.sequence.declared, found.sets.declared
(('septième to the ace',), ('four aces',))
>>> found.totals.elder  # point 7, septième 17, four aces 14: 38 and the repique's 60
98
>>> score_deal(found, {"elder": 12, "younger": 0}, "elder").elder.total  # capot: 64 more
162
"""

from .cards import DECK, HAND_SIZE, TITLE, Side, check_hands, point_value
from .deal import DealParts, DealScore, PiqueChance, pique_chance, score_deal
from .declarations import (CardSequence, CardSet, Declaration, Declarations, Point, SideScores,
                           best_point, card_sets, declare, sequences)
from .errors import (CardInBothHandsError, CarteBlancheError, PiquetHandError,
                     PiquetScoreError, PiqueUnknownError, SideError, TrickCountError)
from .partie import DEALS, RUBICON, PartieResult, elder_in_deal, partie_result

__all__ = [
    "DEALS", "DECK", "HAND_SIZE", "RUBICON", "TITLE", "CardInBothHandsError", "CardSequence",
    "CardSet", "CarteBlancheError", "DealParts", "DealScore", "Declaration", "Declarations",
    "PartieResult", "PiqueChance", "PiqueUnknownError", "PiquetHandError", "PiquetScoreError",
    "Point", "Side", "SideError", "SideScores", "TrickCountError", "best_point", "card_sets",
    "check_hands", "declare", "elder_in_deal", "partie_result", "pique_chance", "point_value",
    "score_deal", "sequences",
]
