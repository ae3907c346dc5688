"""Bourré's narrow kinds of bad input, beside the ground's (bad card syntax, a card twice,
a money amount that is not money)."""

from __future__ import annotations

from ...errors import RefereeInputError


class TrumpError(RefereeInputError):
    """A trump that is not one of the four suits."""

    code = "bad_trump"


class BourreHandError(RefereeInputError):
    """A hand of more than five cards, or a trick no Bourré table could have."""

    code = "bad_bourre_hand"


class BourreTricksError(RefereeInputError):
    """Tricks that are not five in all, or tricks for a player who passed."""

    code = "bad_tricks"


class BourrePlayersError(RefereeInputError):
    """Who played and who passed cannot be: nobody played, a name not at the table, a penalty
    for a player who was not in the hand, the dealer passing on an ace turned as trump."""

    code = "bad_bourre_players"


class BourrePotError(RefereeInputError):
    """A pot no hand could stand at: not a whole number of antes, or under everyone's ante."""

    code = "bad_pot"
