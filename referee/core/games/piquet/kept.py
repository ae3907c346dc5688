"""A kept partie's deal entered from its score sheet: the body the /piquet/deal question
takes, read for the two players by who was elder, scored by ``score_deal``.

>>> deal_scores(("Ann", "Ben"), "Ben", {"declarations": {"elder": 12, "younger": 10},
...                                     "tricks": {"elder": 7, "younger": 5},
...                                     "last_trick": "younger"})
{'Ben': 37, 'Ann': 19}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import parse_cards
from ...errors import HandEntryError, RefereeInputError, WrongTypeError
from .cards import Side
from .deal import score_deal
from .declarations import declare

WHERE = ("event", "deal")


def deal_scores(players: Sequence[str], elder: str, body: Any,
                dealer: str | None = None) -> dict[str, int]:
    """Each player's score for the deal, from its ``declarations`` (each side's points, or
    each side's hand after the exchange as cards), ``tricks``, ``last_trick`` and, where the
    order of the tricks decides it, ``pique_reached``; refusals located in ``event.deal``.
    The dealer, where known, is the younger: named elder, it is refused (``event.elder``)."""
    if dealer is not None and dealer == elder:
        other = next(name for name in players if name != dealer)
        raise HandEntryError(f"{dealer} deals this one, so is the younger: the elder is "
                             f"{other}.", "event.elder")
    if not isinstance(body, Mapping):
        raise WrongTypeError('deal is what /piquet/deal takes: {"declarations", "tricks", '
                             '"last_trick"}.', WHERE)
    younger = next(name for name in players if name != elder)
    try:
        declarations = body.get("declarations")
        if isinstance(declarations, Mapping) and all(
                isinstance(declarations.get(side.value), str) for side in Side):
            declarations = declare(*(parse_cards(declarations[side.value]) for side in Side))
        deal = score_deal(declarations, body.get("tricks"), body.get("last_trick"),
                          body.get("pique_reached"))
    except RefereeInputError as error:
        raise error.within(*WHERE) from None
    return {elder: deal.elder.total, younger: deal.younger.total}
