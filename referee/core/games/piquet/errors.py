"""Piquet's narrow kinds of bad input, beside the ground's (bad card syntax, a card not in
the 32-card deck, a card held twice)."""

from __future__ import annotations

from ...errors import RefereeInputError, TooManyCopiesError


class PiquetHandError(RefereeInputError):
    """A hand of other than twelve cards: declarations are of the hands after the exchange."""

    code = "bad_piquet_hand"


class CardInBothHandsError(TooManyCopiesError):
    """One card in the elder's hand and the younger's: a Piquet deck holds each card once."""

    code = "card_in_both_hands"


class SideError(RefereeInputError):
    """A side that is neither "elder" nor "younger"."""

    code = "bad_side"


class CarteBlancheError(RefereeInputError):
    """Carte blanche claimed by both players: 24 cards without a face card cannot be dealt."""

    code = "bad_carte_blanche"


class TrickCountError(RefereeInputError):
    """Tricks that are not twelve in all, or a last trick taken by a player with no trick."""

    code = "bad_tricks"


class PiquetScoreError(RefereeInputError):
    """A score that is not a whole number of zero or more."""

    code = "bad_score"


class PiqueUnknownError(RefereeInputError):
    """Whether the elder reached 30 first turns on the order of the tricks: the question
    must say (``pique_reached``); or it says what the tricks make impossible."""

    code = "pique_reached_needed"


class ClaimError(RefereeInputError):
    """A declaration typed as said that no Piquet hand can make, or that says too little
    (equal points without their worth)."""

    code = "bad_declaration"
