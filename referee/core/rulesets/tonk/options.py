"""Tonk's house rules: whether a dealt 49 is a tonk too.

The texts fix everything else ``settle`` needs (stakes paid per ending, who is caught),
so a table's only choice here is the 49. The money one stake is worth belongs to the
ledger (``ledger.stake_value``), not to the rules of a hand.

>>> resolve_options({"tonk_on_49": True})["tonk_on_49"]
True
>>> resolve_options()["tonk_on_49"]
False
>>> resolve_options({"tonk_on_48": True})
Traceback (most recent call last):
...
referee.core.errors.UnknownOptionError: Tonk has no house rule called 'tonk_on_48'.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...errors import UnknownOptionError, WrongTypeError
from ..model import Options, OptionSpec

TITLE = "Tonk"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("tonk_on_49", False,
               "A dealt hand worth 49 is a tonk as well as one worth 50 or 11 and under."),
)
_SPECS = {spec.name: spec for spec in OPTIONS}


def resolve_options(given: Options | None = None) -> Options:
    """The defaults overlaid with a table's choices; an unknown name or a bad value raises."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise WrongTypeError("options must be an object of house rules by name.", "options")
    resolved: dict[str, Any] = {name: spec.default for name, spec in _SPECS.items()}
    for name, value in given.items():
        if name not in _SPECS:
            raise UnknownOptionError(
                f"{TITLE} has no house rule called {str(name)[:40]!r}.", ("options", str(name)))
        resolved[name] = _SPECS[name].check(value)
    return MappingProxyType(resolved)
