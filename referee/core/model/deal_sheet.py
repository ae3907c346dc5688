"""A hand scored from its score sheet on the kept game's screens: the boxes a game asks for
(``SheetBox``), and what it reads from them (``SheetScore``): each player's points, part by
part, and the ``hand_scored`` fields that keep the hand. The game says both (``DealSheet``,
on its ``Keeping``); the screens only lay the boxes out and show the parts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SheetBox:
    """One box of the sheet: typed words, a whole number, or one of ``choices``
    (value, words). ``group`` is the heading it is shown under (a player's own boxes)."""

    key: str
    label: str
    group: str
    kind: str = "text"  # "text", "number" or "choice"
    hint: str = ""
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SheetRow:
    """One part of the hand's score: its name, what scored it in words, each player's points
    (in ``SheetScore.players`` order)."""

    label: str
    words: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class SheetScore:
    players: tuple[str, ...]  # the columns' order
    rows: tuple[SheetRow, ...]
    scores: dict[str, int]
    event: Mapping[str, Any] = field(default_factory=dict)  # the hand_scored fields it makes


@dataclass(frozen=True)
class DealSheet:
    """``boxes`` and ``read`` take the hand's players and its dealer; ``read`` takes the
    boxes' values by key too, and refuses with errors located at a box's key."""

    boxes: Callable[[Sequence[str], str], tuple[SheetBox, ...]]
    read: Callable[[Sequence[str], str, Mapping[str, Any]], SheetScore]
