"""What the hand arranger answers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import Card, sort_key
from ...melds import MeldKind
from ...rule_anchors import RuleAnchor
from ...model.finishing import GoingOut


@dataclass(frozen=True)
class OpeningProgress:
    """How far the arranged melds go toward a hand's opening minimum (a game with one)."""

    hand: int
    minimum: int
    points: int  # the melds' card values together
    reason: str | None  # why they cannot open the hand; None when they can

    @property
    def opens(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class Arrangement:
    """The best melds out of a hand, and what is left held.

    ``possible`` says whether the player may go down with these melds: the
    contract is met (and, in a no-discard hand, nothing is left). Without a
    contract any arrangement is possible, even one with no melds; ``going_out`` then says
    whether laying the melds goes out, at the table's house rules.
    """

    possible: bool
    melds: tuple[tuple[Card, ...], ...]
    kinds: tuple[MeldKind, ...]
    leftover: tuple[Card, ...]
    leftover_points: int
    rule: RuleAnchor = RuleAnchor.MELDS  # the paragraph the answer applies: a contract's
    going_out: GoingOut | None = None
    laid_aside: tuple[Card, ...] = ()  # cards neither melded nor held: laid aside at once
    opening: OpeningProgress | None = None  # toward the hand's opening minimum, when asked


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


_NEW = object.__new__
_DEFAULTS = {"rule": RuleAnchor.MELDS, "laid_aside": (), "opening": None}


def free_arrangement(melds: tuple[tuple[Card, ...], ...], kinds: tuple[MeldKind, ...],
                     leftover: tuple[Card, ...], points: int, going_out: GoingOut | None
                     ) -> Arrangement:
    """``Arrangement(True, melds, kinds, leftover, points, going_out=going_out)``, as the
    games without contracts answer, made with its fields filled in at once: a frozen
    dataclass's __init__ sets each through object.__setattr__, nine calls that took a
    tenth of a short hand's arranging. (Arrangement has no __post_init__ to skip.)

    >>> free_arrangement((), (), (), 0, None) == Arrangement(True, (), (), (), 0)
    True
    """
    made = _NEW(Arrangement)
    fields = made.__dict__
    fields.update(_DEFAULTS)
    fields["possible"] = True
    fields["melds"] = melds
    fields["kinds"] = kinds
    fields["leftover"] = leftover
    fields["leftover_points"] = points
    fields["going_out"] = going_out
    return made
