"""The games the referee knows, by the key the API and the URLs use: the one place a game is
registered. Each game declares itself in its own folder (``games/<game>/ruleset.py``); the
kept-game fold, the store, the screens and the API find it here by its key."""

from __future__ import annotations

from ..errors import UnknownRulesetError, WrongTypeError
from ..model.ruleset import Ruleset
from .authors.ruleset import AUTHORS
from .base.ruleset import BASE
from .basic.ruleset import BASIC
from .bourre.ruleset import BOURRE
from .escoba.ruleset import ESCOBA
from .eversol.ruleset import EVERSOL
from .five_hundred.ruleset import FIVE_HUNDRED
from .go_fish.ruleset import GO_FISH
from .hand_and_foot.ruleset import HAND_AND_FOOT
from .jack_change_it.ruleset import JACK_CHANGE_IT
from .piquet.ruleset import PIQUET
from .tonk.ruleset import TONK

RULESETS: dict[str, Ruleset] = {r.key: r for r in (EVERSOL, FIVE_HUNDRED, BASIC, BASE, TONK,
                                                  HAND_AND_FOOT, PIQUET, ESCOBA,
                                                  JACK_CHANGE_IT, BOURRE, AUTHORS, GO_FISH)}


def get_ruleset(key: object) -> Ruleset:
    """The ruleset called ``key``; raises ``UnknownRulesetError``.

    >>> get_ruleset("eversol").title
    'Eversol Rummy'
    """
    if not isinstance(key, str):
        raise WrongTypeError("ruleset must be a name such as 'eversol'.", "ruleset")
    try:
        return RULESETS[key.strip().lower()]
    except KeyError:
        known = ", ".join(RULESETS)
        raise UnknownRulesetError(
            f"There is no ruleset {key[:40]!r}; choose one of {known}.", "ruleset") from None


__all__ = ["AUTHORS", "BASE", "BASIC", "BOURRE", "ESCOBA", "EVERSOL", "FIVE_HUNDRED", "GO_FISH",
           "HAND_AND_FOOT", "JACK_CHANGE_IT", "PIQUET", "RULESETS", "TONK", "get_ruleset"]
