"""May we go out? The piles a team needs, every partner's foot, and the partner's yes.

>>> check = check_going_out(clean_piles=2, dirty_piles=1, wild_piles=1,
...                         played_from_foot={"Ann": True, "Cy": False}, partner_said_yes=True)
>>> check.may_go_out, check.missing
(False, ('1 more dirty pile', 'Cy to play from the foot'))
>>> check.reason
'Not yet: still missing 1 more dirty pile and Cy to play from the foot.'
>>> check_going_out(2, 2, 1, {"Ann": True, "Cy": True}, False, asked=True).penalties
('Going out anyway after the partner said no costs the team 100.',)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...errors import CardCountError, WrongTypeError
from ...rule_anchors import RuleAnchor
from ...text import spoken_list
from ...model.ruleset import Options
from ...model.team_sheet import Penalty
from .cards import DECKS
from .melds import PileKind
from .options import resolve_options
from .possible import pile_problem

PILES_TO_GO_OUT = {PileKind.CLEAN: 2, PileKind.DIRTY: 2, PileKind.WILD: 1}
# Points a team loses (docs/rules.md): out against the partner's no, or unable after asking.
# What the table may charge a team during a hand, in the project's words.
PENALTIES = (Penalty("out_after_no", "Went out after the partner said no", 100),
             Penalty("could_not_go_out", "Asked to go out, then could not", 100),
             Penalty("pile_unused", "Took the pile without using its top card", 50))
OUT_AFTER_NO, ASKED_AND_UNABLE = (penalty.points for penalty in PENALTIES[:2])


@dataclass(frozen=True)
class Condition:
    """One line of the checklist: what it asks for, and whether the team has it."""

    key: str  # "clean_piles", "dirty_piles", "wild_piles", "foot:<name>", "partner_yes"
    label: str
    met: bool
    have: int | None = None  # piles so far
    need: int | None = None
    short: str = ""  # what is missing, in words, when not met


@dataclass(frozen=True)
class GoingOutCheck:
    checklist: tuple[Condition, ...]
    penalties: tuple[str, ...] = ()  # what the team would lose, where a penalty applies
    rule: ClassVar[RuleAnchor] = RuleAnchor.GOING_OUT

    @property
    def may_go_out(self) -> bool:
        return all(condition.met for condition in self.checklist)

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(condition.short for condition in self.checklist if not condition.met)

    @property
    def reason(self) -> str:
        if self.may_go_out:
            return "Yes: the team has its piles, every partner has played from the foot, " \
                   "and the partner said yes."
        return f"Not yet: still missing {spoken_list(list(self.missing))}."


def check_going_out(clean_piles: int, dirty_piles: int, wild_piles: int,
                    played_from_foot: Mapping[str, bool], partner_said_yes: bool,
                    asked: bool | None = None, decks: int = DECKS,
                    options: Options | None = None) -> GoingOutCheck:
    """The going-out checklist of a team; ``played_from_foot`` names every partner.
    ``asked`` (whether the partner was asked) adds the penalties that then apply. Piles the
    ``decks`` could never make raise."""
    have = {PileKind.CLEAN: clean_piles, PileKind.DIRTY: dirty_piles, PileKind.WILD: wild_piles}
    checklist = [_pile_condition(kind, count, need)
                 for (kind, need), count in zip(PILES_TO_GO_OUT.items(), have.values())]
    problem = pile_problem(*have.values(), decks, resolve_options(options))
    if problem is not None:
        raise CardCountError(problem[1], (problem[0],))
    if not isinstance(played_from_foot, Mapping) or not played_from_foot:
        raise WrongTypeError("played_from_foot must name every partner, true or false.",
                             "played_from_foot")
    for name, played in played_from_foot.items():
        _check_flag(played, ("played_from_foot", str(name)), f"played_from_foot for {name}")
        checklist.append(Condition(f"foot:{name}", f"{name} has played from the foot",
                                   played, short=f"{name} to play from the foot"))
    _check_flag(partner_said_yes, ("partner_said_yes",), "partner_said_yes")
    checklist.append(Condition("partner_yes", "The partner said yes to going out",
                               partner_said_yes, short="the partner's yes"))
    check = GoingOutCheck(tuple(checklist))
    if asked is None:
        return check
    _check_flag(asked, ("asked",), "asked")
    return GoingOutCheck(check.checklist, _penalties(check, asked, partner_said_yes))


def _penalties(check: GoingOutCheck, asked: bool, said_yes: bool) -> tuple[str, ...]:
    if not asked:
        return ()
    if not said_yes:
        return (f"Going out anyway after the partner said no costs the team {OUT_AFTER_NO}.",)
    if not check.may_go_out:
        warning = ("The partner was asked: if the team cannot go out now, it loses "
                   f"{ASKED_AND_UNABLE}.")
        return (warning,)
    return ()


def _pile_condition(kind: PileKind, count: Any, need: int) -> Condition:
    key = f"{kind.value}_piles"
    if not isinstance(count, int) or isinstance(count, bool):
        raise WrongTypeError(f"{key} must be a whole number.", (key,))
    if count < 0:
        raise CardCountError(f"{key} cannot be below 0.", (key,))
    short = f"the {kind.value} pile" if need == 1 else (
        f"{need - count} more {kind.value} pile{'s' * (need - count > 1)}")
    return Condition(key, f"{need} {kind.value} pile{'s' * (need > 1)}", count >= need,
                     count, need, short)


def _check_flag(value: Any, location: tuple, what: str) -> None:
    if not isinstance(value, bool):
        raise WrongTypeError(f"{what} must be true or false.", location)
