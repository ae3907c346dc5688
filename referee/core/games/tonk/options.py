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

from ...model.ruleset import Options, OptionSpec, resolve_house_options

TITLE = "Tonk"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("tonk_on_49", False,
               "A dealt hand worth 49 is a tonk as well as one worth 50 or 11 and under.",
               question="Is a dealt hand worth 49 a tonk too, as well as 50 or 11 and under?"),
)


def resolve_options(given: Options | None = None) -> Options:
    """The defaults overlaid with a table's choices; an unknown name or a bad value raises."""
    return resolve_house_options(TITLE, OPTIONS, given)
