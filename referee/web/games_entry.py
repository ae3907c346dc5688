"""Reading the end-of-hand form: who went out, and what everyone else was caught with.

Each player's points come from counting held cards by value (2-9 are 5, 10-K
are 10, an ace 15, a joker 50), from the cards tapped one by one, or from a
typed total, whichever the scorer found quicker. static/games.js shows the same sums while they are entered;
this is the count that is saved.

>>> carl = read_held("Carl", {"n5": 7, "n10": None, "n15": 0, "n50": None, "total": None})
>>> carl.points, carl.entry
(35, {'way': 'counts', 'counts': {'2-9': 7, '10-K': 0, 'A': 0, 'joker': 0}})
>>> read_held("Abe", {"n5": None, "n10": None, "n15": None, "n50": None, "total": 12}).problem
"Eversol points come in fives: 12 can't be right for Abe."
>>> read_held("Ben", {"cards": "K 7 JK"}).entry
{'way': 'cards', 'cards': ['K', '7', 'JK']}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Rank, RefereeInputError
from ..core.game.held import describe_held, read_held_cards


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
# The card buttons, highest value first: the cards that cost most are the ones not to miss.
CARD_BUTTONS = ("JK", Rank.ACE.label, *(rank.label for rank in sorted(Rank, reverse=True)
                                        if rank is not Rank.ACE))


@dataclass(frozen=True)
class HeldReading:
    points: int | None  # None when nothing usable was entered
    entry: dict[str, Any] | None  # how it was entered, for the history
    problem: str | None


def read_held(name: str, held: Mapping[str, Any], decks: int = 1) -> HeldReading:
    """One player's entry: counts, tapped cards or a total; two of them only when they agree."""
    ways = []  # (points, entry, how it is named in a message)
    counts = {v.key: held.get(v.field) or 0 for v in VALUE_CLASSES}
    counted = sum(count * v.points for v, count in zip(VALUE_CLASSES, counts.values()))
    if counted:
        ways.append((counted, {"way": "counts", "counts": counts}, "counted cards"))
    if (held.get("cards") or "").strip():
        try:
            cards = read_held_cards(held["cards"], decks)
        except RefereeInputError as error:
            return HeldReading(None, None, f"{name}: {error.message}")
        if cards.points:
            ways.append((cards.points, {"way": "cards", "cards": list(cards.cards)},
                         "tapped cards"))
    total = held.get("total")
    if total is not None:
        ways.append((total, {"way": "total", "total": total}, "typed total"))
    if not ways:
        return HeldReading(None, None, f"Enter what {name} holds: count or tap the cards, "
                                       "or type a total.")
    points, entry, how = ways[0]
    for other_points, _, other_how in ways[1:]:
        if other_points != points:
            return HeldReading(None, None, f"{name}'s {how} make {points}, but the {other_how} "
                                           f"makes {other_points}: clear one of them.")
    if points % 5:
        return HeldReading(points, None, f"Eversol points come in fives: {points} can't be "
                                         f"right for {name}.")
    if points < 5:
        return HeldReading(points, None, f"{name} didn't go out, so still holds at least one "
                                         "card: 5 or more.")
    return HeldReading(points, entry, None)


WAY_WORDS = {"counts": "counted", "cards": "tapped", "total": "typed"}


def way_entered(held: Mapping[str, Any]) -> str:
    """Which way a row was filled in (``counts``, ``cards`` or ``total``; ``''`` for none):
    the screen shows the others as not in use.

    >>> way_entered({"n5": 3, "total": None}), way_entered({"cards": "K 7"}), way_entered({})
    ('counts', 'cards', '')
    """
    if held.get("total") is not None:
        return "total"
    if (held.get("cards") or "").strip():
        return "cards"
    return "counts" if any(held.get(v.field) for v in VALUE_CLASSES) else ""


def read_penalty(name: str, penalty: int | None) -> tuple[int, str | None]:
    """A rummy penalty under Ari's rule: the points of the two dead cards, in fives."""
    if penalty is None or penalty == 0:
        return 0, None
    if penalty < 0 or penalty % 5:
        return 0, (f"A rummy penalty is the points of two cards, in fives: {penalty} can't be "
                   f"right for {name}.")
    return penalty, None


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
              held: Sequence[Mapping[str, Any]], decks: int = 1,
              rummy_penalties: bool = False) -> HandReading:
    """The whole form: ``went_out`` is every seat marked out (exactly one is right).

    With ``rummy_penalties`` (Ari's rule) each row may also carry a penalty, added to
    what the player holds; for the one who went out it is their whole score.
    """
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
        row = held[seat] if seat < len(held) else {}
        penalty, problem = read_penalty(name, row.get("penalty")) if rummy_penalties else (0, None)
        if name == reading.went_out:
            one = HeldReading(0, {"way": "penalty"} if penalty else None, None)
        else:
            one = read_held(name, row, decks)
        reading.shown[seat] = None if one.points is None else one.points + penalty
        problem = one.problem or problem
        if problem:
            reading.problems[seat] = problem
            continue
        reading.points[name] = one.points + penalty
        entry = dict(one.entry or {})
        if penalty:
            entry["penalty"] = penalty
        if entry:
            reading.entries[name] = entry
    return reading


def prefilled(players: Sequence[str], went_out: str, points: Mapping[str, int],
              entries: Mapping[str, Any] | None) -> dict[str, Any]:
    """Form data showing a scored hand as it was entered, to correct it."""
    held = []
    for name in players:
        entry = (entries or {}).get(name) or {}
        penalty = entry.get("penalty") or 0
        row: dict[str, Any] = {"penalty": penalty or None}
        if name == went_out:
            pass
        elif entry.get("way") == "counts":
            row |= {v.field: entry["counts"].get(v.key, 0) for v in VALUE_CLASSES}
        elif entry.get("way") == "cards":
            row["cards"] = describe_held(entry.get("cards") or ())
        else:
            row["total"] = points.get(name, 0) - penalty
        held.append(row)
    return {"went_out": players.index(went_out), "held": held}


def describe_entry(entry: Mapping[str, Any] | None) -> str:
    """How a number was entered, in a few words: ``'7 × 2–9, 1 × Ace'`` or ``'typed'``.

    >>> describe_entry({"way": "counts", "counts": {"2-9": 7, "10-K": 0, "A": 1, "joker": 0}})
    '7 × 2–9, 1 × Ace'
    >>> describe_entry({"way": "cards", "cards": ["K", "7", "JK"], "penalty": 25})
    'K 7 JK + 25 rummy penalty'
    """
    if not entry:
        return ""
    way = entry.get("way")
    if way == "counts":
        counts = entry.get("counts") or {}
        words = ", ".join(f"{counts[v.key]} × {v.label}" for v in VALUE_CLASSES
                          if counts.get(v.key))
    elif way == "cards":
        words = describe_held(entry.get("cards") or ())
    elif way == "penalty":
        words = ""
    else:
        words = "typed"
    if entry.get("penalty"):
        penalty = f"{entry['penalty']} rummy penalty"
        return f"{words} + {penalty}" if words else penalty
    return words
