"""What a live hand refuses: a step the rules do not allow at that moment."""

from ....errors import RefereeInputError
from ....rule_anchors import RuleAnchor


class IllegalStepError(RefereeInputError):
    """A step the hand cannot take now, such as going down before drawing.

    The message is one sentence naming the rule; the hand is left as it was.
    """

    code = "illegal_step"


class IllegalCallError(IllegalStepError):
    """A step the rules of buying discards and calling rummy do not allow now."""

    rule = RuleAnchor.CALLS
