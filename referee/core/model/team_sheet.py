"""What a game played in teams asks of each team at a hand's end, for the entry screen.

A team's entry (the ``teams`` of a ``hand_scored`` event) holds its ``melded`` and
``held`` card values, counts of things that earn a bonus (``counters``), whether it
went out, and ``penalties`` as the points lost. The ruleset says which cards count
alike (one stepper each), what each counter is called, which penalties there are and
what they cost, and how an entry scores, part by part: the screen and the history
show those words and numbers, never their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ruleset import Options

AMOUNTS = ("melded", "held")  # card values, each counted by class or typed as a total
OUT_FIELD = "went_out"
PENALTY_FIELD = "penalties"


@dataclass(frozen=True)
class Priced:
    """Something named that is worth ``points``: cards worth the same (counted with one
    stepper), or a penalty (each one entered costs the team that much). ``key`` names it in
    saved entries."""

    key: str
    label: str
    points: int


CardClass = Priced
Penalty = Priced


@dataclass(frozen=True)
class Counter:
    """A count in a team's entry (``field``) that scores as the part ``part``."""

    field: str
    label: str
    part: str


@dataclass(frozen=True)
class ScorePart:
    """One named line of a team's hand score: ``count × each = points``, or just points."""

    key: str
    label: str
    points: int
    count: int | None = None
    each: int | None = None
    yes_or_no: bool = False  # a part earned or not (going out): said as its points alone

    def describe(self) -> str:
        if self.count is None or self.each is None or self.yes_or_no:
            return f"{self.label} {self.points}"
        return f"{self.label} {self.count} × {self.each} = {self.points}"


@dataclass(frozen=True)
class TeamSheet:
    """A team's entry as the screen asks for it.

    ``classes(options)`` gives the card classes of each amount (``"melded"``, ``"held"``);
    ``parts(entry, options)`` scores an entry (the event's object) in parts without
    judging it, so the screen can show the parts while a number is still wrong;
    ``summary(entry, options)`` says the entry in a few words, for the history. The parts
    of ``against`` (entry fields) count against the team; ``out_part`` is the part going
    out earns."""

    classes: Callable[[Options], Mapping[str, tuple[CardClass, ...]]]
    counters: tuple[Counter, ...]
    penalties: tuple[Penalty, ...]
    parts: Callable[[Mapping[str, Any], Options], tuple[ScorePart, ...]]
    summary: Callable[[Mapping[str, Any], Options], str]
    amount_parts: Mapping[str, str]  # the part each amount scores as: {"melded": "melded"}
    out_part: str
    # The screen's words for what a team counts besides its cards ("piles, red 3s ..."), for
    # where held cards may be, and the titles of the amounts and of the counters.
    counted: str
    held_where: str
    titles: Mapping[str, str]  # "melded", "counters", "held"
    against: tuple[str, ...] = ("held", PENALTY_FIELD)
    # What the decks in play allow an amount, in words by amount ("melded"), from the decks
    # and the options: said beside that amount on the screen.
    bounds: Callable[[int, Options], Mapping[str, str]] = lambda decks, options: {}

    @property
    def fields(self) -> tuple[str, ...]:
        """Every number of a team's entry, in the order the screen asks for them."""
        return (AMOUNTS[0], *(c.field for c in self.counters), OUT_FIELD, PENALTY_FIELD,
                AMOUNTS[1])
