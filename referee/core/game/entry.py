"""Reading an end-of-hand entry, for any game: who went out, and each player's amounts.

What an entry asks for is the game's ``keeping.shape``: the points every other
player was caught with (``HELD``), every player's melded and held points
(``MELDED_MINUS_HELD``), or the others' held points that the winner collects
(``WINNER_COLLECTS``). Each amount may be counted by value class, tapped card
by card or typed as a total, whichever the scorer found quicker; static/games.js
shows the same sums while they are entered, and this is the count that is saved.

>>> from referee.core.games.registry import get_ruleset
>>> five_hundred = get_ruleset("500").configure()
>>> bo = read_amount(five_hundred, "Bo", AmountEntry(counts={"9": 1, "10-K": 2}))
>>> bo.points, bo.entry["counts"]["10-K"]
(29, 2)
>>> reading = read_hand(five_hundred, ["Ann", "Bo"], [None], [
...     SeatEntry(melded=AmountEntry(cards="A 2 3 / K K K"), held=AmountEntry(total=5)),
...     SeatEntry(held=AmountEntry(cards="Q 9"))])
>>> reading.ok, reading.sheet.players, reading.shown
(True, {'Ann': {'melded': 36, 'held': 5}, 'Bo': {'melded': 0, 'held': 19}}, {0: 31, 1: -19})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import HandEntryError, RefereeInputError
from ..rule_anchors import RuleAnchor
from ..model.card_points import check_points, point_step, step_words
from ..model.keeping import EntryShape, ScoreSheet
from ..model.ruleset import TableRules
from .held import class_label, describe_held, read_held_cards, read_melded_cards, value_classes

WAY_WORDS = {"counts": "counted", "cards": "tapped", "total": "typed"}
PARTS = ("melded", "held")  # a player's amounts, where the game counts both


@dataclass(frozen=True)
class AmountEntry:
    """One amount as the scorer entered it: counts by value class (``ValueClass.key``), the
    cards tapped or typed, or a typed total."""

    counts: Mapping[str, int | None] = field(default_factory=dict)
    cards: str = ""
    total: int | None = None

    @property
    def way(self) -> str:
        """Which way it was filled in (``counts``, ``cards`` or ``total``; ``''`` for none): the
        screen shows the others as not in use.

        >>> AmountEntry(counts={"2-9": 3}).way, AmountEntry(cards="K 7").way, AmountEntry().way
        ('counts', 'cards', '')
        """
        if self.total is not None:
            return "total"
        if self.cards.strip():
            return "cards"
        return "counts" if any(self.counts.values()) else ""


@dataclass(frozen=True)
class SeatEntry:
    """A player's row: what they held, what they melded (where the game counts it), and a
    penalty for going out (where the game charges one)."""

    held: AmountEntry = field(default_factory=AmountEntry)
    melded: AmountEntry = field(default_factory=AmountEntry)
    penalty: int | None = None


@dataclass(frozen=True)
class Amount:
    points: int | None  # None when nothing usable was entered
    entry: dict[str, Any] | None  # how it was entered, for the history
    problem: str | None


def read_amount(table: TableRules, name: str, given: AmountEntry, melded: bool = False) -> Amount:
    """One amount: counts, cards or a total; two of them only when they agree."""
    whose = f"Melded by {name}: the" if melded else f"{name}'s"
    ways = []  # (points, entry, how it is named in a message)
    classes = value_classes(table, melded)
    counts = {v.key: given.counts.get(v.key) or 0 for v in classes}
    counted = sum(count * v.points for v, count in zip(classes, counts.values()))
    if counted:
        ways.append((counted, {"way": "counts", "counts": counts}, "counted cards"))
    if given.cards.strip():
        read = read_melded_cards if melded else read_held_cards
        try:
            cards = read(given.cards, table)
        except RefereeInputError as error:
            return Amount(None, None, f"{name}{', melded' if melded else ''}: {error.message}")
        if cards.points:
            ways.append((cards.points, {"way": "cards", "cards": list(cards.cards)},
                         "tapped cards"))
    if given.total is not None:
        ways.append((given.total, {"way": "total", "total": given.total}, "typed total"))
    if not ways:
        return Amount(None, None, None)
    points, entry, how = ways[0]
    for other_points, _, other_how in ways[1:]:
        if other_points != points:
            return Amount(None, None, f"{whose} {how} make {points}, but the {other_how} makes "
                                      f"{other_points}: clear one of them.")
    return Amount(points, entry, None)


@dataclass
class HandReading:
    """The whole entry read: what the hand's event would carry, what the screen shows beside
    each seat, and what is wrong, by seat."""

    shape: EntryShape
    went_out: str | None = None
    went_rummy: bool = False
    points: dict[str, int] = field(default_factory=dict)  # held (and penalties), by player
    players: dict[str, dict[str, int]] = field(default_factory=dict)  # melded and held
    entries: dict[str, Any] = field(default_factory=dict)
    shown: dict[int, int | None] = field(default_factory=dict)  # each seat's number, for the screen
    parts: dict[tuple[int, str], int | None] = field(default_factory=dict)  # (seat, "melded")
    collected: int | None = None  # what the winner collects, where the game says so
    problems: dict[int, str] = field(default_factory=dict)  # by seat
    went_out_problem: str | None = None
    rule: RuleAnchor | None = None  # the rule the first refusal applies, for the screen's link

    @property
    def ok(self) -> bool:
        return not self.problems and not self.went_out_problem

    @property
    def sheet(self) -> ScoreSheet:
        return ScoreSheet(self.went_out, self.points, self.players, self.went_rummy)

    def add_problem(self, seat: int, message: str) -> None:
        """Another problem beside a seat, after any it already has."""
        self.problems[seat] = " ".join(filter(None, [self.problems.get(seat), message]))


def read_hand(table: TableRules, players: Sequence[str], went_out: Sequence[int | None],
              rows: Sequence[SeatEntry], went_rummy: bool = False) -> HandReading:
    """The whole form: ``went_out`` is every seat marked out, ``None`` for "nobody: the stock
    ran out" (exactly one mark is right). Each problem is put beside its seat; an entry with
    none is checked as the game scores it, so what it refuses is found here too."""
    keeping = table.ruleset.keeping
    reading = HandReading(keeping.shape, went_rummy=went_rummy and
                          keeping.shape is EntryShape.WINNER_COLLECTS)
    nobody = keeping.stock_may_run_out
    if len(set(went_out)) > 1:
        reading.went_out_problem = "Only one player goes out in a hand: tap just one."
    elif not went_out or (went_out[0] is None and not nobody) or (
            went_out[0] is not None and not 0 <= went_out[0] < len(players)):
        reading.went_out_problem = ("Tap who went out, or Nobody if the stock ran out."
                                    if nobody else "Tap who went out.")
    elif went_out[0] is not None:
        reading.went_out = players[went_out[0]]
    rows = [*rows, *[SeatEntry()] * (len(players) - len(rows))]
    read_seat = {EntryShape.HELD: _read_held_seat,
                 EntryShape.MELDED_MINUS_HELD: _read_melded_seat,
                 EntryShape.WINNER_COLLECTS: _read_collected_seat}[keeping.shape]
    for seat, name in enumerate(players):
        read_seat(table, reading, seat, name, rows[seat])
    if keeping.shape is EntryShape.WINNER_COLLECTS and reading.went_out is not None:
        held = [reading.shown.get(seat) for seat, name in enumerate(players)
                if name != reading.went_out]
        if None not in held:
            reading.collected = sum(held) * (2 if reading.went_rummy else 1)
    if reading.ok:
        try:
            keeping.score(table, players, reading.sheet)
        except HandEntryError as error:
            flag(reading, players, error)
    return reading


def flag(reading: HandReading, players: Sequence[str], error: RefereeInputError) -> None:
    """Put a problem the game found beside the player its field names
    (``("event", "points", "Ann")``, ``("event", "players", "Ann", "held")``), or else beside
    who went out."""
    for seat, name in enumerate(players):
        if error.location[:3] in (("event", "points", name), ("event", "players", name)):
            reading.add_problem(seat, error.message)
            break
    else:
        reading.went_out_problem = error.message
    reading.rule = reading.rule or error.rule


def _check(table: TableRules, reading: HandReading, seat: int, name: str, points: int,
           least: int = 0, melded: bool = False) -> None:
    """The game's own check of a number of points; below ``least`` (what a card held is worth
    at the least, for a player not out), said the entry's way."""
    if points < least and not points % point_step(table):
        reading.add_problem(seat, f"{name} didn't go out, so still holds at least one card: "
                                  f"{least} or more." if least else
                                  f"{name}: points can't be below 0.")
        return
    try:
        check_points(table, name, points, "points", least, melded)
    except HandEntryError as error:
        reading.add_problem(seat, error.message)
        reading.rule = reading.rule or error.rule


def _read_held_seat(table: TableRules, reading: HandReading, seat: int, name: str,
                    row: SeatEntry) -> None:
    """Held points, and under a rule that charges one, a penalty on top: for the player who
    went out it is their whole score."""
    penalty = 0
    if table.ruleset.keeping.out_penalty(table.options):
        penalty = _read_penalty(table, reading, seat, name, row.penalty)
    if name == reading.went_out:
        held = Amount(0, {"way": "penalty"} if penalty else None, None)
    else:
        held = read_amount(table, name, row.held)
        if held.points is None and held.problem is None:
            held = Amount(None, None, f"Enter what {name} holds: count or tap the cards, "
                                      "or type a total.")
    reading.shown[seat] = None if held.points is None else held.points + penalty
    if held.problem:
        reading.problems[seat] = held.problem  # the entry's own problem comes first
        return
    if name != reading.went_out:
        _check(table, reading, seat, name, held.points, least=table.held_points_range(1)[0])
    if seat in reading.problems:
        return
    reading.points[name] = held.points + penalty
    entry = dict(held.entry or {})
    if penalty:
        entry["penalty"] = penalty
    if entry:
        reading.entries[name] = entry


def _read_penalty(table: TableRules, reading: HandReading, seat: int, name: str,
                  penalty: int | None) -> int:
    """A rummy penalty: the points of the two dead cards, in the game's steps."""
    if not penalty:
        return 0
    step = point_step(table)
    if penalty < 0 or penalty % step:
        reading.add_problem(seat, f"A rummy penalty is the points of two cards, in "
                                  f"{step_words(table)}: {penalty} can't be right for {name}.")
        return 0
    try:
        table.ruleset.keeping.check_penalty(table, name, penalty, "penalty")
    except HandEntryError as error:
        reading.add_problem(seat, error.message)
        return 0
    return penalty


def _read_collected_seat(table: TableRules, reading: HandReading, seat: int, name: str,
                         row: SeatEntry) -> None:
    """What a player other than the winner holds; the winner enters nothing."""
    if name == reading.went_out:
        reading.shown[seat] = None
        return
    held = read_amount(table, name, row.held)
    if held.points is None and held.problem is None:
        held = Amount(None, None, f"Enter what {name} holds: count or tap the cards, "
                                  "or type a total.")
    reading.shown[seat] = held.points
    if held.problem:
        reading.problems[seat] = held.problem
        return
    _check(table, reading, seat, name, held.points, least=table.held_points_range(1)[0])
    if seat not in reading.problems:
        reading.points[name] = held.points
        reading.entries[name] = held.entry


def _read_melded_seat(table: TableRules, reading: HandReading, seat: int, name: str,
                      row: SeatEntry) -> None:
    """Melded (nothing entered: 0) and held points; the hand's score is the one less the other."""
    melded = read_amount(table, name, row.melded, melded=True)
    held = read_amount(table, name, row.held)
    if held.points is None and held.problem is None and name != reading.went_out:
        nothing = " (0 for nothing)" if table.ruleset.keeping.floats(table.options) else ""
        held = Amount(None, None, f"Enter what {name} still holds: count or tap the cards, or "
                                  f"type a total{nothing}.")
    amounts = {"melded": melded, "held": held}
    values = {part: (0 if amount.points is None and amount.problem is None else amount.points)
              for part, amount in amounts.items()}
    for part in PARTS:
        reading.parts[seat, part] = values[part]
    reading.shown[seat] = (None if None in values.values()
                           else values["melded"] - values["held"])
    problems = [amount.problem for amount in amounts.values() if amount.problem]
    if problems:
        reading.problems[seat] = " ".join(problems)
        return
    for part in PARTS:
        _check(table, reading, seat, name, values[part], melded=part == "melded")
    if seat in reading.problems:
        return
    reading.players[name] = values
    entry = {part: amount.entry for part, amount in amounts.items() if amount.entry}
    if entry:
        reading.entries[name] = entry


# --- A scored hand as its entry was made, to correct it -----------------------------------------

def entered_rows(table: TableRules, players: Sequence[str], went_out: str | None,
                 held: Mapping[str, int], melded: Mapping[str, int],
                 entries: Mapping[str, Any] | None) -> list[SeatEntry]:
    """Each seat's row as the scored hand was entered (a number entered no other way comes
    back as a typed total), so that a correction starts from it."""
    rows = []
    for name in players:
        entry = (entries or {}).get(name) or {}
        if table.ruleset.keeping.shape is EntryShape.MELDED_MINUS_HELD:
            rows.append(SeatEntry(
                melded=_entered_amount(entry.get("melded"), melded.get(name, 0), blank=0),
                held=_entered_amount(entry.get("held"), held.get(name, 0),
                                     blank=0 if name == went_out else None)))
            continue
        penalty = entry.get("penalty") or 0
        if name == went_out:
            rows.append(SeatEntry(penalty=penalty or None))
        else:
            rows.append(SeatEntry(_entered_amount(entry, held.get(name, 0) - penalty),
                                  penalty=penalty or None))
    return rows


def _entered_amount(entry: Mapping[str, Any] | None, points: int,
                    blank: int | None = None) -> AmountEntry:
    """``blank``: the points an amount left empty stands for (it is shown empty again)."""
    entry = entry or {}
    if entry.get("way") == "counts":
        return AmountEntry(counts=dict(entry.get("counts") or {}))
    if entry.get("way") == "cards":
        return AmountEntry(cards=describe_held(entry.get("cards") or ()))
    if entry.get("way") == "total" or points != blank:
        return AmountEntry(total=points)
    return AmountEntry()


# --- How an entry was made, in a few words, for the history --------------------------------------

def describe_entry(entry: Mapping[str, Any] | None) -> str:
    """How a number was entered: ``'7 × 2–9, 1 × Ace'``, ``'typed'``, or each part of it.

    >>> describe_entry({"way": "counts", "counts": {"2-9": 7, "10-K": 0, "A": 1, "joker": 0}})
    '7 × 2–9, 1 × Ace'
    >>> describe_entry({"way": "cards", "cards": ["K", "7", "JK"], "penalty": 25})
    'K 7 JK + 25 rummy penalty'
    >>> describe_entry({"melded": {"way": "cards", "cards": ["A", "2", "3", "/", "K", "K", "K"]},
    ...                 "held": {"way": "total", "total": 5}})
    'melded A 2 3 / K K K; held typed'
    """
    if not entry:
        return ""
    if any(part in entry for part in PARTS):
        return "; ".join(f"{part} {describe_entry(entry[part])}" for part in PARTS
                         if isinstance(entry.get(part), Mapping))
    way = entry.get("way")
    if way == "counts":
        counts = entry.get("counts") or {}
        words = ", ".join(f"{count} × {class_label(key)}" for key, count in counts.items()
                          if count)
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
