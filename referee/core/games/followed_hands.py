"""The hand the referee follows turn by turn, as the rest of the app reaches it.

Only Eversol's hands can be followed so far (``Keeping.followed``). The kept game,
the store and the referee-mode screens take its steps, its state and its rulings
from here, so none of them names a game; a second game that the referee follows
would say here how its hand is told apart.
"""

from .eversol.hand.buys import BuyOutcome, BuyRuling
from .eversol.hand.hand import LiveHand
from .eversol.hand.record import Phase
from .eversol.rulings import rummy_penalty_points
from .eversol.hand.steps import (
                                 STEP_TYPES,
                                 About,
                                 Bought,
                                 BuyClaimed,
                                 BuyWithdrawn,
                                 Discarded,
                                 Drew,
                                 JokerSwap,
                                 LaidOff,
                                 RummyCalled,
                                 Source,
                                 Step,
                                 WentDown,
                                 shown,
                                 step_from_dict,
)
from .eversol.hand.view import HandOutcome

__all__ = ["STEP_TYPES", "About", "Bought", "BuyClaimed", "BuyOutcome", "BuyRuling",
           "BuyWithdrawn", "Discarded", "Drew", "HandOutcome", "JokerSwap", "LaidOff", "LiveHand",
           "Phase", "RummyCalled", "Source", "Step", "WentDown", "rummy_penalty_points", "shown",
           "step_from_dict"]
