"""What a kept game refuses: a setup it cannot play, or a step that breaks the rules."""

from ..errors import RefereeInputError


class GameSetupError(RefereeInputError):
    """Players, seating or dealer that no table could have."""

    code = "bad_setup"


class HandEntryError(RefereeInputError):
    """End-of-hand points that cannot be right (two players out, a total not a multiple of 5)."""

    code = "bad_hand_entry"


class IllegalEventError(RefereeInputError):
    """A step the game cannot take now, such as scoring hand 3 before hand 2."""

    code = "illegal_event"
