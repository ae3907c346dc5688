"""Can a team open? Its first melds of a hand, together, against that hand's minimum.

Only card values count toward the minimum (no bonus), and a team may not hold two
unfinished melds of one rank (nor two unfinished melds of wild cards only).

>>> from referee.core.cards import parse_cards
>>> check = check_opening([parse_cards("KS KH KD"), parse_cards("AS AH JK")], hand=2)
>>> check.valid, check.points, check.minimum
(True, 120, 90)
>>> check = check_opening([parse_cards("KS KH KD"), parse_cards("AS AH JK")], hand=4)
>>> check.valid, check.reason
(False, 'These melds are worth 120, and hand 4 needs 150 to open: 30 more.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...cards import Card, Rank
from ...errors import WrongTypeError
from ...rule_anchors import RuleAnchor
from ...model.ruleset import Options
from .cards import DECK, DECKS, check_cards, check_decks
from .melds import MeldCheck, judge_meld
from .options import opening_minimum, resolve_options


@dataclass(frozen=True)
class OpeningCheck:
    valid: bool
    points: int | None  # the melds' card values together; None when a meld is not legal
    minimum: int
    reason: str | None  # None when the team may open with these melds
    melds: tuple[MeldCheck, ...] = ()
    rule: RuleAnchor = RuleAnchor.OPENING  # the paragraph the answer applies


def check_opening(melds: Sequence[Sequence[Card]], hand: int, options: Options | None = None,
                  decks: int = DECKS) -> OpeningCheck:
    """Whether ``melds``, laid as a team's first melds of ``hand``, are legal and enough."""
    resolved = resolve_options(options)
    minimum = opening_minimum(hand, resolved)
    check_decks(decks)
    if isinstance(melds, (str, bytes, Mapping)) or not isinstance(melds, Sequence):
        raise WrongTypeError("melds must be a list of melds, each a list of cards.", "melds")
    melds = [check_cards(meld, ("melds", i)) for i, meld in enumerate(melds)]
    DECK.check_named_supply([(f"melds[{i}][{j}]", card) for i, meld in enumerate(melds)
                             for j, card in enumerate(meld)], decks)
    checks = tuple(judge_meld(meld, resolved) for meld in melds)
    if not checks:
        return OpeningCheck(False, 0, minimum, "No melds yet: tap in the melds the team would "
                                               "lay down to open.")
    for number, check in enumerate(checks, start=1):
        if not check.legal:
            return OpeningCheck(False, None, minimum, f"Meld {number} is not legal. "
                                                      f"{check.reason}", checks, check.rule)
    points = sum(check.points for check in checks)
    reason = _two_unfinished(checks)
    if reason is None and points < minimum:
        reason = (f"These melds are worth {points}, and hand {hand} needs {minimum} to open: "
                  f"{minimum - points} more.")
    return OpeningCheck(reason is None, points, minimum, reason, checks)


def _two_unfinished(checks: Sequence[MeldCheck]) -> str | None:
    """Why the melds break the one-unfinished-meld-per-rank rule, if they do."""
    first_of: dict[Rank | None, int] = {}
    for number, check in enumerate(checks, start=1):
        if not check.unfinished:
            continue
        if check.rank in first_of:
            what = "wild cards only" if check.rank is None else check.rank.word
            return (f"Melds {first_of[check.rank]} and {number} are both unfinished melds of "
                    f"{what}, and a team may hold only one: lay them as one meld.")
        first_of[check.rank] = number
    return None

