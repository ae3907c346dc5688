"""Bourré's rules core: the pot over hands (ante, carried pots, bourré and penalties, a night's
net and its settling), what a player may play with the rule each refused card breaks, and
whether a hand is a cinch.

Pure Python on the ground of ``referee.core`` and the trick-taking family. The screens, the
API and the kept game come later.

>>> from referee.core.cards import parse_cards
>>> [str(c) for c in legal_plays("S", parse_cards("9S 2S KD"), parse_cards("AH 5S")).legal]
['9S']
>>> settle_hand(["Ann", "Bob", "Cy", "Dee"], "1", "4", ["Ann", "Bob", "Cy", "Dee"],
...             {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1}).winner  # two, the others one each
'Ann'
"""

from .cards import DECK, HAND_SIZE, PLAYERS, TITLE, TRICKS, dealer_must_play, read_trump
from .cinch import CINCH, CinchVerdict, is_cinch
from .errors import (BourreHandError, BourrePlayersError, BourrePotError, BourreTricksError,
                     TrumpError)
from .night import HandEntry, NightState, play_night, record_hand, settle_night, start_night
from .play import LegalPlays, PlayRule, Refusal, legal_plays
from .pot import HandResult, NextPot, Payment, settle_hand

__all__ = [
    "CINCH", "DECK", "HAND_SIZE", "PLAYERS", "TITLE", "TRICKS", "BourreHandError",
    "BourrePlayersError", "BourrePotError", "BourreTricksError", "CinchVerdict", "HandEntry",
    "HandResult", "LegalPlays", "NextPot", "NightState", "Payment", "PlayRule", "Refusal", "TrumpError",
    "dealer_must_play", "is_cinch", "legal_plays", "play_night", "read_trump", "record_hand",
    "settle_hand", "settle_night", "start_night",
]
