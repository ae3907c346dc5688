"""Reading the end-of-hand form: who went out, and what everyone else was caught with.

Each player's points come from counting held cards by value (2-9 are 5, 10-K
are 10, an ace 15, a joker 50) or from a typed total, whichever the scorer
found quicker. static/games.js shows the same sums while they are entered;
this is the count that is saved.

>>> carl = read_held("Carl", {"n5": 7, "n10": None, "n15": 0, "n50": None, "total": None})
>>> carl.points, carl.entry
(35, {'way': 'counts', 'counts': {'2-9': 7, '10-K': 0, 'A': 0, 'joker': 0}})
>>> read_held("Abe", {"n5": None, "n10": None, "n15": None, "n50": None, "total": 12}).problem
"Eversol points come in fives: 12 can't be right for Abe."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ValueClass:
    field: str  # the form's field
    points: int
    label: str  # on the screen
    key: str  # in the saved entry


VALUE_CLASSES = (
    ValueClass("n5", 5, "2–9", "2-9"),
    ValueClass("n10", 10, "10–K", "10-K"),
    ValueClass("n15", 15, "Ace", "A"),
    ValueClass("n50", 50, "Joker", "joker"),
)
COUNT_FIELDS = tuple(v.field for v in VALUE_CLASSES)


@dataclass(frozen=True)
class HeldReading:
    points: int | None  # None when nothing usable was entered
    entry: dict[str, Any] | None  # how it was entered, for the history
    problem: str | None


def read_held(name: str, held: Mapping[str, int | None]) -> HeldReading:
    """One player's entry: counts, a total, or both when they agree."""
    counts = {v.key: held.get(v.field) or 0 for v in VALUE_CLASSES}
    counted = sum(count * v.points for v, count in zip(VALUE_CLASSES, counts.values()))
    total = held.get("total")
    if not counted and total is None:
        return HeldReading(None, None, f"Enter what {name} holds: tap the cards or type a total.")
    if counted and total is not None and total != counted:
        return HeldReading(None, None, f"{name}'s cards add up to {counted}, but the total says "
                                       f"{total}: clear one of them.")
    if counted:
        return HeldReading(counted, {"way": "counts", "counts": counts}, None)
    if total % 5:
        return HeldReading(total, None, f"Eversol points come in fives: {total} can't be right "
                                        f"for {name}.")
    if total < 5:
        return HeldReading(total, None, f"{name} didn't go out, so still holds at least one "
                                        "card: 5 or more.")
    return HeldReading(total, {"way": "total", "total": total}, None)


@dataclass
class HandReading:
    went_out: str | None
    points: dict[str, int] = field(default_factory=dict)
    entries: dict[str, Any] = field(default_factory=dict)
    shown: dict[int, int | None] = field(default_factory=dict)  # by seat, for the screen
    problems: dict[int, str] = field(default_factory=dict)  # by seat
    went_out_problem: str | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and not self.went_out_problem


def read_hand(players: Sequence[str], went_out: Sequence[int],
              held: Sequence[Mapping[str, int | None]]) -> HandReading:
    """The whole form: ``went_out`` is every seat marked out (exactly one is right)."""
    reading = HandReading(None)
    if not went_out:
        reading.went_out_problem = "Tap who went out."
    elif len(set(went_out)) > 1:
        reading.went_out_problem = "Only one player goes out in a hand: tap just one."
    elif not 0 <= went_out[0] < len(players):
        reading.went_out_problem = "Tap who went out."
    else:
        reading.went_out = players[went_out[0]]
    for seat, name in enumerate(players):
        if name == reading.went_out:
            reading.shown[seat] = 0
            continue
        one = read_held(name, held[seat] if seat < len(held) else {})
        reading.shown[seat] = one.points
        if one.problem:
            reading.problems[seat] = one.problem
        else:
            reading.points[name] = one.points
            reading.entries[name] = one.entry
    return reading


def prefilled(players: Sequence[str], went_out: str, points: Mapping[str, int],
              entries: Mapping[str, Any] | None) -> dict[str, Any]:
    """Form data showing a scored hand as it was entered, to correct it."""
    held = []
    for name in players:
        entry = (entries or {}).get(name) or {}
        if name == went_out:
            held.append({})
        elif entry.get("way") == "counts":
            held.append({v.field: entry["counts"].get(v.key, 0) for v in VALUE_CLASSES})
        else:
            held.append({"total": points.get(name)})
    return {"went_out": players.index(went_out), "held": held}


def describe_entry(entry: Mapping[str, Any] | None) -> str:
    """How a number was entered, in a few words: ``'7 × 2–9, 1 × Ace'`` or ``'typed'``.

    >>> describe_entry({"way": "counts", "counts": {"2-9": 7, "10-K": 0, "A": 1, "joker": 0}})
    '7 × 2–9, 1 × Ace'
    """
    if not entry:
        return ""
    if entry.get("way") == "counts":
        counts = entry.get("counts") or {}
        return ", ".join(f"{counts[v.key]} × {v.label}" for v in VALUE_CLASSES
                         if counts.get(v.key))
    return "typed"
