"""What a kept game refuses: a setup it cannot play, or a step that breaks the rules."""

from ..errors import GameSetupError, HandEntryError, RefereeInputError

__all__ = ["GameSetupError", "HandEntryError", "IllegalEventError"]


class IllegalEventError(RefereeInputError):
    """A step the game cannot take now, such as scoring hand 3 before hand 2."""

    code = "illegal_event"
