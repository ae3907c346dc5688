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
from ...model.score_bounds import ScoreBounds, SideBound
from .cards import Side
from .deal import LEADS_AND_TRICKS, MOST_SCORED, score_deal
from .declarations import declare

WHERE = ("event", "deal")
LEAST_WHY = f"{LEADS_AND_TRICKS // 2} cards led and as many tricks score in every deal"
MOST_WHY = "the best hand's declarations with their repique and a capot"


def deal_bounds(players: Sequence[str], dealer: str | None) -> ScoreBounds:
    """What a deal's two scores may be: together every lead and trick at the least, and at
    most the best hand's all; the elder (known from the dealer) leads the first trick, so
    the younger takes at most the rest.

    >>> deal_bounds(("Ann", "Ben"), "Ben").words()
    'Together 24 to 185; Ann at least 1; Ben 0 to 184.'
    """
    each = {}
    if dealer in players:
        elder = next(name for name in players if name != dealer)
        each = {elder: SideBound(1, MOST_SCORED, f"{elder}, elder, leads the first trick"),
                dealer: SideBound(0, MOST_SCORED - 1, f"{dealer}, younger, never leads the "
                                                      "first trick")}
    return ScoreBounds((LEADS_AND_TRICKS, MOST_SCORED), LEAST_WHY, MOST_WHY, each)


def deal_scores(players: Sequence[str], elder: str, body: Any,
                dealer: str | None = None, strict: bool = True) -> dict[str, int]:
    """Each player's score for the deal, from its ``declarations`` (each side's points, or
    each side's hand after the exchange as cards), ``tricks``, ``last_trick`` and, where the
    order of the tricks decides it, ``pique_reached``; refusals located in ``event.deal``.
    The dealer, where known, is the younger: named elder, it is refused (``event.elder``).
    ``strict`` off scores a deal saved earlier as it was kept (``score_deal``)."""
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
                          body.get("pique_reached"), strict)
    except RefereeInputError as error:
        raise error.within(*WHERE) from None
    return {elder: deal.elder.total, younger: deal.younger.total}
