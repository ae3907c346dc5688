"""A Piquet deal's score: declarations, then the play (leads, tricks, the cards, capot, pique).

The play is given as what the score sheet needs: each side's tricks and who took the last.
Leads follow from that (the elder leads the first trick, each trick's winner the next).

>>> deal = score_deal({"elder": 29, "younger": 0}, {"elder": 7, "younger": 5}, "younger")
>>> deal.elder  # 29, and 1 for leading the first trick before the younger scores: pique
DealParts(declarations=29, leads=8, tricks=7, the_cards=10, capot=0, pique=30)
>>> deal.scores
SideScores(elder=84, younger=9)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...tricks import leads_per_player
from .cards import HAND_SIZE, Side
from .declarations import REPIQUE, REPIQUE_AT, Declarations, SideScores
from .errors import PiquetScoreError, PiqueUnknownError, TrickCountError

TRICKS = HAND_SIZE  # twelve tricks in a deal
THE_CARDS, THE_CARDS_AT = 10, 7  # for taking 7 or more tricks (six each: nobody)
CAPOT = 30  # all twelve, on top of the cards; never counted toward a pique
PIQUE, PIQUE_AT = 30, REPIQUE_AT  # 30 points for reaching the repique's 30 in play
LEADS_AND_TRICKS = 2 * TRICKS  # a point for each card led and each trick taken: every deal's
# The most one hand declares: carte blanche, a quint and a tierce, quatorzes of tens and of
# jacks (10♣ 10♦ 10♥ 10♠ 7♣ 8♣ 9♣ J♣ J♦ J♥ J♠ Q♠), found by searching the hands.
MOST_DECLARED = 61
# The most a deal scores, all to one side: that hand's repique, every lead and trick, a capot.
MOST_SCORED = MOST_DECLARED + REPIQUE + LEADS_AND_TRICKS + THE_CARDS + CAPOT


class PiqueChance(Enum):
    """Whether the elder's pique follows from the score sheet alone."""

    CERTAIN = "certain"
    IMPOSSIBLE = "impossible"
    DEPENDS_ON_PLAY = "depends_on_play"  # the order the tricks fell in decides


@dataclass(frozen=True)
class DealParts:
    """One side's score for a deal, part by part."""

    declarations: int = 0
    leads: int = 0
    tricks: int = 0
    the_cards: int = 0
    capot: int = 0
    pique: int = 0

    @property
    def total(self) -> int:
        return (self.declarations + self.leads + self.tricks + self.the_cards + self.capot
                + self.pique)


@dataclass(frozen=True)
class DealScore:
    elder: DealParts
    younger: DealParts

    @property
    def scores(self) -> SideScores:
        return SideScores(self.elder.total, self.younger.total)


def _whole(value: Any, location: tuple, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PiquetScoreError(f"{what} must be a whole number, 0 or more.", location)
    return value


def read_declared(declarations: Declarations | SideScores | Mapping, strict: bool = True
                  ) -> tuple[SideScores, bool]:
    """Each side's declaration points (carte blanche and repique in them) and whether a
    repique was scored. Bare numbers hold a repique when one side has 30 or more and the
    other nothing: reaching 30 that way always makes one, so its 60 are in them (90 at the
    least); ``strict`` off takes a total saved before that was checked.

    >>> read_declared({"elder": 35, "younger": 0})
    Traceback (most recent call last):
    ...
    referee.core.games.piquet.errors.PiquetScoreError: 35 in declarations against nothing \
is a repique, 60 more: 90 at the least.
    """
    if isinstance(declarations, Declarations):
        return declarations.totals, declarations.repique is not None
    if isinstance(declarations, SideScores):
        scores = declarations
    elif isinstance(declarations, Mapping):
        scores = SideScores(*(_whole(declarations.get(side.value), ("declarations", side.value),
                                     "A side's declaration points") for side in Side))
    else:
        raise PiquetScoreError("declarations gives each side's points, such as "
                               '{"elder": 22, "younger": 0}.', ("declarations",))
    repiqued = [side for side in Side if scores[side] >= REPIQUE_AT and scores[side.other] == 0]
    for side in repiqued if strict else ():
        if scores[side] < REPIQUE_AT + REPIQUE:
            raise PiquetScoreError(
                f"{scores[side]} in declarations against nothing is a repique, {REPIQUE} "
                f"more: {REPIQUE_AT + REPIQUE} at the least.", ("declarations", side.value))
    return scores, bool(repiqued)


def pique_chance(declared: SideScores, repique: bool, tricks: SideScores,
                 last_trick: Side) -> PiqueChance:
    """Whether the elder reached 30 in the deal before the younger scored a point.

    The younger cannot pique: the elder scores for leading the first trick before the
    younger can score in play. The elder's points before the younger's first are its
    declarations, 1 for the lead of the younger's first trick, and 2 (lead and trick) for
    each trick the elder took before it: at most all its tricks first (all but the last,
    when the last was the elder's and the younger took any); at least none, unless the
    younger's one trick was the last, so that every one of the elder's came first.

    >>> pique_chance(SideScores(7, 0), False, SideScores(11, 1), Side.YOUNGER).value
    'certain'
    >>> pique_chance(SideScores(6, 0), False, SideScores(11, 1), Side.YOUNGER).value
    'impossible'
    """
    if repique or declared.younger > 0:
        return PiqueChance.IMPOSSIBLE
    if tricks.younger == 0:
        # The younger never scored: the elder's 12 leads, 12 tricks and 10 for the cards
        # (not the capot) all count, 34 at the least.
        return PiqueChance.CERTAIN
    longest_run = tricks.elder - (1 if last_trick is Side.ELDER else 0)
    shortest_run = longest_run if tricks.younger == 1 and last_trick is Side.YOUNGER else 0
    least, most = (declared.elder + 1 + 2 * run for run in (shortest_run, longest_run))
    if least >= PIQUE_AT:
        return PiqueChance.CERTAIN
    return PiqueChance.IMPOSSIBLE if most < PIQUE_AT else PiqueChance.DEPENDS_ON_PLAY


def read_tricks(tricks: Any, last_trick: Any) -> tuple[SideScores, Side]:
    if not isinstance(tricks, Mapping):
        raise TrickCountError('tricks gives each side\'s tricks, such as {"elder": 7, '
                              '"younger": 5}.', ("tricks",))
    taken = SideScores(*(_whole(tricks.get(side.value, tricks.get(side)),
                                ("tricks", side.value), "A side's tricks") for side in Side))
    if taken.elder + taken.younger != TRICKS:
        raise TrickCountError(f"A deal has {TRICKS} tricks; these add up to "
                              f"{taken.elder + taken.younger}.", ("tricks",))
    last = Side.read(last_trick, ("last_trick",))
    if taken[last] == 0:
        raise TrickCountError(f"The {last.value} took no trick, so not the last one.",
                              ("last_trick",))
    return taken, last


def score_deal(declarations: Declarations | SideScores | Mapping, tricks: Any, last_trick: Any,
               pique_reached: bool | None = None, strict: bool = True) -> DealScore:
    """Both sides' scores for one deal.

    ``pique_reached`` says whether the elder reached 30 before the younger scored; it is
    needed only when the tricks' order decides (``PiqueUnknownError`` asks for it), and
    refused when it says what the tricks make impossible. ``strict`` off scores a deal
    saved earlier as it was kept: its answer stands, and its totals are not held to the
    checks added since.
    """
    declared, repique = read_declared(declarations, strict)
    taken, last = read_tricks(tricks, last_trick)
    chance = pique_chance(declared, repique, taken, last)
    if pique_reached is not None and not isinstance(pique_reached, bool):
        raise PiqueUnknownError("pique_reached is true or false.", ("pique_reached",))
    if chance is PiqueChance.DEPENDS_ON_PLAY:
        if pique_reached is None:
            raise PiqueUnknownError(
                "Did the elder reach 30 before the younger scored? It turns on the order of "
                "the tricks; say so in pique_reached.", ("pique_reached",))
        piqued = pique_reached
    elif pique_reached is not None and not strict:
        piqued = pique_reached  # the answer it was saved with, before the tricks decided it
    else:
        piqued = chance is PiqueChance.CERTAIN
        if pique_reached is not None and pique_reached != piqued:
            raise PiqueUnknownError(
                "These tricks and declarations " + (
                    "give the elder 30 before the younger scores: a certain pique, always "
                    "scored" if piqued else "cannot make a pique for the elder")
                + ".", ("pique_reached",))
    leads = leads_per_player(Side.ELDER, {side: taken[side] for side in Side}, last)
    parts = {}
    for side in Side:
        parts[side] = DealParts(
            declarations=declared[side], leads=leads[side], tricks=taken[side],
            the_cards=THE_CARDS if taken[side] >= THE_CARDS_AT else 0,
            capot=CAPOT if taken[side] == TRICKS else 0,
            pique=PIQUE if piqued and side is Side.ELDER else 0)
    return DealScore(parts[Side.ELDER], parts[Side.YOUNGER])
