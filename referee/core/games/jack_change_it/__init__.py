"""Jack Change It's rules core: whether cards may go on the top card and what follows (the
trick cards and their stacking), and a round followed as a fold over plays and draws (whose
turn, the suit in force, the direction, the pending draw, the stock rebuilt, who went out).

Pure Python on the ground of ``referee.core``. The screens, the API and the kept game come
later.

>>> from referee.core.cards import parse_card, parse_cards
>>> can_play(3, parse_card("7S"), parse_cards("JS"), hand_left=4, call="D").next.suit
<Suit.DIAMONDS: 'D'>
>>> can_play(2, parse_card("2H"), parse_cards("7C"), pending_draw=2).rule
<JackRule.PENDING: 'pending_draw'>
"""

from .cards import (ACE_OF_HEARTS, DECK, FIVE_OF_HEARTS, HAND_SIZE, PLAYERS, TITLE,
                    is_trick_card, suits_named)
from .errors import JackInputError, RefusedStepError
from .moment import Effect, JackRule, Pending, PlayVerdict, can_play
from .round import (Draw, Play, RoundSetup, RoundState, StepVerdict, fold, pairs_now, start,
                    step, undo)

__all__ = [
    "ACE_OF_HEARTS", "DECK", "FIVE_OF_HEARTS", "HAND_SIZE", "PLAYERS", "TITLE", "Draw",
    "Effect", "JackInputError", "JackRule", "Pending", "Play", "PlayVerdict", "RefusedStepError",
    "RoundSetup", "RoundState", "StepVerdict", "can_play", "fold", "is_trick_card", "pairs_now",
    "start", "step", "suits_named", "undo",
]
