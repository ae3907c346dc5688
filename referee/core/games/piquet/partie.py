"""The partie: six deals, the higher total wins, and the margin with the Rubicon.

>>> partie_result({"Ann": 128, "Bob": 119})
PartieResult(winner='Ann', margin=109, rubicon=False)
>>> partie_result({"Ann": 96, "Bob": 117})  # Ann did not cross the Rubicon
PartieResult(winner='Bob', margin=313, rubicon=True)
>>> elder_in_deal(2, first_dealer="Ann", other="Bob")
'Ann'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...errors import HandNumberError, PlayerCountError, WrongTypeError
from ...model.score_bounds import ScoreBounds, SideBound
from .deal import LEADS_AND_TRICKS, MOST_SCORED
from .errors import PiquetScoreError

DEALS = 6
RUBICON = 100
MARGIN_BONUS = 100


@dataclass(frozen=True)
class PartieResult:
    """The winner (None on equal totals) and the margin of the win.

    ``rubicon`` is true when the loser stayed under 100: the margin then adds the two totals
    instead of taking one from the other. Equal totals have no loser, so no rubicon.
    """

    winner: str | None
    margin: int | None
    rubicon: bool


def partie_bounds(players: Sequence[str], deals: int = DEALS) -> ScoreBounds:
    """What two totals after ``deals`` deals may be: every deal's leads and tricks at the
    least, its most at the most; each player elder in every other deal, leading a trick
    there, and younger in the rest, a point short of the most there.

    >>> partie_bounds(("Ann", "Bob")).words()
    'Together 144 to 1110; Ann 3 to 1107; Bob 3 to 1107.'
    """
    as_elder = deals // 2  # each player's, the other's the one more in an odd number
    least, most = as_elder, deals * MOST_SCORED - as_elder
    why = f"elder in {as_elder} deals, leading their first tricks; younger in the others"
    return ScoreBounds((deals * LEADS_AND_TRICKS, deals * MOST_SCORED),
                       f"each of {deals} deals makes {LEADS_AND_TRICKS} at the least",
                       f"each of {deals} deals makes {MOST_SCORED} at the most",
                       {name: SideBound(least, most, why) for name in players})


def partie_result(totals: Mapping[str, int], deals: int | None = DEALS) -> PartieResult:
    """The partie's outcome from the two players' totals after the six deals, refused when
    no six deals could make them (``deals`` None: totals of a kept partie, whose deals were
    each checked as entered, however many the table played)."""
    if not isinstance(totals, Mapping):
        raise WrongTypeError('totals gives each player\'s total, such as {"Ann": 128, '
                             '"Bob": 119}.', ("totals",))
    if len(totals) != 2:
        raise PlayerCountError(f"A partie is between two players; {len(totals)} were given.",
                               ("totals",))
    for name, total in totals.items():
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise PiquetScoreError("A total must be a whole number, 0 or more.",
                                   ("totals", str(name)))
    if deals is not None:
        partie_bounds(tuple(totals), deals).check(totals, ("totals",), "partie",
                                                  PiquetScoreError)
    (first, a), (second, b) = totals.items()
    if a == b:
        return PartieResult(None, None, False)
    winner, high, low = (first, a, b) if a > b else (second, b, a)
    rubicon = low < RUBICON
    margin = high + low + MARGIN_BONUS if rubicon else high - low + MARGIN_BONUS
    return PartieResult(winner, margin, rubicon)


def elder_in_deal(deal: int, first_dealer: str, other: str) -> str:
    """The elder (the non-dealer) of deal 1-6: the deal alternates, so the first dealer is
    the elder of the even deals and deals the odd ones."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= DEALS:
        raise HandNumberError(f"A partie has deals 1 to {DEALS}.", ("hand",))
    return first_dealer if deal % 2 == 0 else other
