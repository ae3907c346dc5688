"""What a game scored from each side's captures asks of a side at a hand's end, for the entry
screen: the boxes (counts, a yes or no, cards), and the hand's points in named parts.

The ruleset says the boxes' words and limits and scores an entry, so the screen shows its
words and its points, never its own. An entry is the object ``Keeping.read_sides`` takes for
a side, keyed by each box's ``key``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .team_sheet import ScorePart

COUNT, YES_NO, CARDS = "count", "yes_no", "cards"


@dataclass(frozen=True)
class SideBox:
    """One box of a side's entry: a whole number up to ``most``, a yes or no, or cards
    (empty: none given)."""

    key: str
    label: str
    kind: str = COUNT
    most: int | None = None
    hint: str = ""


@dataclass(frozen=True)
class SideSheet:
    """``parts(sides, entries)``: each side's points in named parts, from every side's entry
    (by side name); refusals located at ``("event", "sides", side, key)``."""

    boxes: tuple[SideBox, ...]
    parts: Callable[[Sequence[str], Mapping[str, Any]], Mapping[str, tuple[ScorePart, ...]]]
    title: str  # the entry's heading: "What each side captured"
