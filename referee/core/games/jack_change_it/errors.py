"""Jack Change It's narrow kinds of bad input, beside the ground's (bad card syntax, a card
twice). An illegal play is not among them: it is answered with a verdict and its rule."""

from __future__ import annotations

from ...errors import RefereeInputError
from ...rule_anchors import RuleAnchor


class JackInputError(RefereeInputError):
    """A question no table could ask: a pending draw of another size, a suit called for a card
    that is not a jack, a negative count of cards."""

    code = "bad_jack_change_it"


class RefusedStepError(RefereeInputError):
    """A step in a round's record that the rules refuse (the record is bad input);
    ``play_rule`` is the ``JackRule`` it breaks."""

    code = "refused_step"
    rule = RuleAnchor.CARDS  # what may go on the top card, and the trick cards
    play_rule = None
