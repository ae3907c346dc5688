"""The hand the referee follows turn by turn, as the rest of the app reaches it.

Eversol's hands and Jack Change It's rounds can be followed (``Keeping.followed``). The kept
game, the store and the referee-mode screens take the steps, the state and the rulings from
here, so none of them names a game: ``follower`` says which live hand a game's key follows,
and ``STEP_TYPES`` holds every game's steps, each kind belonging to one game.
"""

from typing import Any

from .eversol.hand.buys import BuyOutcome, BuyRuling
from .eversol.hand.hand import LiveHand
from .eversol.hand.record import Phase
from .eversol.rulings import rummy_penalty_points
from .eversol.hand import steps as _eversol_steps
from .eversol.hand.steps import (
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
)
from .eversol.hand.view import HandOutcome
from .jack_change_it import followed as _round
from .jack_change_it.followed import CardsPlayed, DrewCards, FollowedRound
from .jack_change_it.ruleset import JACK_CHANGE_IT

# A round's step is about its turn, as an Eversol turn step is: tapped on an older screen, it
# still counts only on the same turn (``catch_up``).
for _kind in _round.STEP_TYPES.values():
    _kind.about = About.TURN  # type: ignore[attr-defined]
    _kind.to_dict = lambda event: {"type": event.type, **{  # type: ignore[attr-defined]
        name: list(value) if isinstance(value, tuple) else value
        for name, value in vars(event).items() if value is not None}}

STEP_TYPES: dict[str, type] = {**_eversol_steps.STEP_TYPES, **_round.STEP_TYPES}
_FOLLOWERS: dict[str, Any] = {JACK_CHANGE_IT.key: FollowedRound}


def follower(ruleset: str) -> Any:
    """The live hand a game of this key follows: Eversol's, unless the game has its own."""
    return _FOLLOWERS.get(ruleset, LiveHand)


def step_from_dict(data: Any) -> Any:
    """Read any game's step written as JSON."""
    if data.get("type") in _round.STEP_TYPES:
        return _round.step_from_dict(data)
    return _eversol_steps.step_from_dict(data)


def follows(live: Any, step: Any) -> bool:
    """Whether ``step`` is a step of the hand ``live`` follows (a round's step in an Eversol
    hand is not)."""
    own = _round.STEP_TYPES if isinstance(live, FollowedRound) else _eversol_steps.STEP_TYPES
    return type(step) in own.values()


__all__ = ["STEP_TYPES", "About", "Bought", "BuyClaimed", "BuyOutcome", "BuyRuling",
           "BuyWithdrawn", "CardsPlayed", "Discarded", "Drew", "DrewCards", "FollowedRound",
           "HandOutcome", "JokerSwap", "LaidOff", "LiveHand", "Phase", "RummyCalled", "Source",
           "Step", "WentDown", "follower", "follows", "rummy_penalty_points", "shown",
           "step_from_dict"]
