"""The end-of-hand form and the core's entry, each read as the other.

What the entry asks for, what each card is worth and what is wrong with an
entry all come from the core (``referee.core.game.entry``); this module only
turns the form's fields into the core's ``SeatEntry`` rows and back, and makes
the changes a +/- or a card button asks for when the page posts it without
JavaScript.

>>> from referee.core.games.registry import get_ruleset
>>> entry = EntryForm(get_ruleset("500").configure())
>>> entry.parts, [count_field(v.points) for v in entry.classes["melded"]][:3]
(('melded', 'held'), ['n1', 'n2', 'n3'])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...core.game.entry import (WAY_WORDS, AmountEntry, SeatEntry, describe_entry, entered_rows,
                               flag, read_hand)
from ...core.game.melded_check import MeldProblem, not_melds
from ...core.game.held import MELD_BREAK, card_buttons, card_values, low_ace_points, value_classes
from ...core.model.card_points import deal_bound_words, point_step
from ...core.model.keeping import EntryShape
from ...core.model.ruleset import TableRules
from ...core.text import whole_number
from ..forms import count_field, hand_form

__all__ = ["WAY_WORDS", "EntryForm", "describe_entry"]  # describe_entry: the history's lines
NOBODY = "nobody"  # the went_out mark for "Nobody: the stock ran out"


@dataclass(frozen=True)
class EntryForm:
    """The entry form for one game's table: its amounts, their value classes, card buttons."""

    table: TableRules

    @property
    def shape(self) -> EntryShape:
        return self.table.ruleset.keeping.shape

    @property
    def parts(self) -> tuple[str, ...]:
        return ("melded", "held") if self.shape is EntryShape.MELDED_MINUS_HELD else ("held",)

    @cached_property  # asked for by every amount of every row the page shows
    def classes(self) -> dict[str, tuple]:
        return {part: value_classes(self.table, melded=part == "melded") for part in self.parts}

    def form(self, players: int, formdata=None, rows: Sequence[SeatEntry] = (),
             went_out: str | None = None, **data):
        classes = self.classes
        return hand_form(players, classes["held"], classes.get("melded"), formdata,
                         rows=self._form_rows(rows), went_out=went_out, **data)

    def prefilled(self, players: Sequence[str], result, **data):
        """The form showing a scored hand as it was entered, to correct it."""
        rows = entered_rows(self.table, players, result.went_out, result.held, result.melded,
                            result.entries)
        seat = NOBODY if result.went_out is None else str(players.index(result.went_out))
        return self.form(len(players), rows=rows, went_out=seat,
                         went_rummy=result.went_rummy, **data)

    def _form_rows(self, rows: Sequence[SeatEntry]) -> dict[str, dict[str, Any]]:
        data = {}
        for seat, row in enumerate(rows):
            for part in self.parts:
                amount = getattr(row, part)
                fields = {count_field(v.points): amount.counts.get(v.key) or None
                          for v in self.classes[part]}
                fields |= {"cards": amount.cards, "total": amount.total}
                if part == "held":
                    fields["penalty"] = row.penalty
                data[f"{part}{seat}"] = fields
        return data

    # --- Reading -------------------------------------------------------------------------------

    def rows(self, form) -> list[SeatEntry]:
        """Each seat's row of the form, as the core reads an entry."""
        rows = []
        for seat in range(form.seats):
            amounts = {part: self._amount(form.amounts(part)[seat].data, part)
                       for part in self.parts}
            rows.append(SeatEntry(penalty=form.held[seat].data.get("penalty"), **amounts))
        return rows

    def _amount(self, data: dict[str, Any], part: str) -> AmountEntry:
        counts = {v.key: data.get(count_field(v.points)) for v in self.classes[part]}
        return AmountEntry(counts, data.get("cards") or "", data.get("total"))

    def read(self, form, players: Sequence[str], marks: Sequence[str]):
        """The core's reading of the form, with what the form itself could not read (a word
        where a number goes) beside the seat it was typed for."""
        seats = [None if mark == NOBODY else whole_number(mark) for mark in marks
                 if mark == NOBODY or whole_number(mark) is not None]
        reading = read_hand(self.table, players, seats, self.rows(form),
                            went_rummy=bool(form.went_rummy.data))
        for seat, name in enumerate(players):
            out = name == reading.went_out
            mistyped = [error for part in self.parts for field in form.amounts(part)[seat]
                        for error in field.errors
                        if not out or field.short_name == "penalty"
                        or self.shape is EntryShape.MELDED_MINUS_HELD]
            if mistyped:
                reading.problems[seat] = f"{name}: {mistyped[0]}"
        return reading

    def event_fields(self, reading) -> dict[str, Any]:
        """The hand's event as the read form makes it."""
        return {"went_out": reading.went_out, "points": reading.points,
                "entries": reading.entries, "players": reading.players,
                "went_rummy": reading.went_rummy}

    def flag(self, reading, players: Sequence[str], error) -> None:
        """Put a problem the game found on saving beside the player it concerns."""
        flag(reading, players, error)

    def way(self, amount) -> str:
        """Which way an amount of the form was filled in (the others show as not in use)."""
        return self._amount(amount.data, "melded" if amount.name.startswith("melded")
                            else "held").way

    # --- What the page carries for static/games.js ---------------------------------------------

    def card_values_json(self) -> str:
        return json.dumps(card_values(self.table), separators=(",", ":"))

    @property
    def low_ace(self) -> int | None:
        return low_ace_points(self.table)

    @property
    def point_step(self) -> int:
        return point_step(self.table)

    @property
    def least_held(self) -> int:
        """What one card held is worth at the least: a player not out holds at least that."""
        return self.table.held_points_range(1)[0]

    def deal_bound(self, players: int) -> str | None:
        """What the deal bounds of the entry, said beside the rows (Basic, Base Rules)."""
        return deal_bound_words(self.table, players)

    def not_melds(self, cards: str | None) -> tuple[MeldProblem, ...]:
        """The melds tapped that are none, with the meld check's reasons (the core's)."""
        return not_melds(cards or "", self.table) if self.table.ruleset.has_melds else ()

    def buttons(self, part: str) -> tuple[str, ...]:
        buttons = card_buttons(self.table)
        return (*buttons, MELD_BREAK) if part == "melded" else buttons

    # --- A +/- or a card button pressed without JavaScript -------------------------------------

    def step(self, form, step: str) -> None:
        """``held2:n10:+1``: one card of a value class more (or fewer) in an amount."""
        where, _, rest = step.partition(":")
        field, _, delta = rest.partition(":")
        amount = self._amount_at(form, where)
        if amount is None or field not in self._count_fields(amount):
            return
        amount[field].data = max(0, (amount[field].data or 0) + (1 if delta == "+1" else -1))
        self._one_way(amount, keep=field)

    def tap(self, form, tap: str, untap: str) -> None:
        """``melded2:K`` adds a card to an amount's cards; ``held2:0`` takes the first back."""
        where, _, what = (tap or untap).partition(":")
        amount = self._amount_at(form, where)
        if amount is None:
            return
        part = "melded" if amount.name.startswith("melded") else "held"
        words = (amount["cards"].data or "").split()
        if tap and what in self.buttons(part):
            words.append(what)
        elif untap and (index := whole_number(what)) is not None and index < len(words):
            del words[index]
        amount["cards"].data = " ".join(words)
        self._one_way(amount, keep="cards")

    def _amount_at(self, form, where: str):
        """``"held2"``, ``"melded0"``, or a bare seat (``"2"``) for the held amount."""
        part = next((p for p in self.parts if where.startswith(p)), "held")
        seat = where.removeprefix(part)
        index = whole_number(seat)
        if index is None or index >= form.seats:
            return None
        return form.amounts(part)[index]

    @staticmethod
    def _count_fields(amount) -> list[str]:
        return [field.short_name for field in amount if field.short_name.startswith("n")]

    def _one_way(self, amount, keep: str) -> None:
        """Counting, tapping or typing: the way just used replaces the others, as on screen."""
        counts = self._count_fields(amount)
        for field in (*counts, "cards", "total"):
            if field != keep and not (field in counts and keep in counts):
                amount[field].data = None
