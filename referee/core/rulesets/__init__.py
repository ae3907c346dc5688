"""The games the referee knows, by the key the API and the URLs use."""

from __future__ import annotations

from ..errors import UnknownRulesetError, WrongTypeError
from .base import BASE
from .basic import BASIC
from .eversol import EVERSOL
from .five_hundred import FIVE_HUNDRED
from .hand_and_foot.ruleset import HAND_AND_FOOT
from .tonk.ruleset import TONK
from .model import MAX_DECKS, Contract, OptionSpec, Ruleset, TableRules

RULESETS: dict[str, Ruleset] = {r.key: r for r in (EVERSOL, FIVE_HUNDRED, BASIC, BASE, TONK,
                                                  HAND_AND_FOOT)}


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


__all__ = ["BASE", "BASIC", "EVERSOL", "FIVE_HUNDRED", "HAND_AND_FOOT", "MAX_DECKS", "RULESETS",
           "TONK", "Contract", "OptionSpec", "Ruleset", "TableRules", "get_ruleset"]
