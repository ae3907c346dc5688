"""What a game's rummy call asks, so the API and the screens need not know which game it is.

In Eversol the question is one card, the discard just thrown: is it a rummy card?
In 500 it is the whole discard pile: may anyone call on some card in it? Each
game's ruleset says which, and which function answers.

>>> from referee.core.games.registry import get_ruleset
>>> [get_ruleset(key).rummy_call.about_pile for key in ("eversol", "500")]
[False, True]
>>> get_ruleset("basic").rummy_call is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..cards import Card
    from ..model.ruleset import Ruleset, TableRules


@dataclass(frozen=True)
class RummyCall:
    """``check(question, table, rules)`` rules on a call with ``table`` lying as listed.

    The question is the discard pile, bottom to top, when ``about_pile``; otherwise
    the one card just thrown. ``options`` are the house rules that change the
    answer, which a screen asking the question offers.
    """

    about_pile: bool
    check: Callable[[Any, Sequence[Sequence[Card]], TableRules], Any]
    options: tuple[str, ...] = ()


def calls_on_the_pile(ruleset: Ruleset) -> bool:
    """Whether the game's rummy calls are made on the discard pile (500, Base), not on a
    thrown card (Eversol)."""
    return ruleset.rummy_call is not None and ruleset.rummy_call.about_pile
