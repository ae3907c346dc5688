"""What a live hand refuses: a step the rules do not allow at that moment."""

from ...errors import RefereeInputError


class IllegalStepError(RefereeInputError):
    """A step the hand cannot take now, such as going down before drawing.

    The message is one sentence naming the rule; the hand is left as it was.
    """

    code = "illegal_step"
