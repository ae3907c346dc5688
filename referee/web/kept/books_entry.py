"""The end-of-game form of a night of book games (Authors, Go Fish: ``Keeping.books``): each
player's books counted with big + and − buttons, the books not yet given shown as they
change, and the fields of the game's ``hand_scored`` event, each read as the other.

How many books the deck holds, what a book is called and whether the table plays in
children's mode are the ruleset's (``Keeping.books``); what is wrong with the books is the
core's (the fishing family's check). This module turns the boxes into names and the core's
refusals back into the box they concern (or, for books that do not add up, the count of
books not yet given).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms.validators import Optional

from ...core import RefereeInputError
from ...core.model.keeping import Books, EntryShape, ScoreSheet
from ...core.model.ruleset import TableRules
from ...core.rule_anchors import RuleAnchor
from ...core.text import counted, whole_number
from ..forms import HandForm, WholeNumberField

TOTAL = "books"  # the problem of the books together: shown beside the count not yet given


def books_field(seat: int) -> str:
    return f"books{seat}"


@dataclass
class BooksReading:
    """The form as the core reads it: each player's books, and the problems by box."""

    books: dict[str, int]
    word: str = "book"
    problems: dict[str, str] = field(default_factory=dict)
    rule: RuleAnchor | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def describe(self) -> str:
        return ", ".join(f"{name} {counted(count, self.word)}"
                         for name, count in self.books.items())

    def add_problem(self, seat: int, message: str) -> None:
        self.problems.setdefault(books_field(seat), message)


@dataclass(frozen=True)
class BooksEntryForm:
    table: TableRules

    shape = EntryShape.SCORES
    template = "games/entry/_books.html"
    point_step = 1
    least_held = 0

    @property
    def books(self) -> Books:
        books = self.table.ruleset.keeping.books
        assert books is not None  # only a game kept as books has this form
        return books

    @property
    def in_deck(self) -> int:
        return self.books.in_deck(self.table.options)

    @property
    def word(self) -> str:
        return self.books.word(self.table.options)

    @property
    def children(self) -> bool:
        return self.books.children(self.table.options)

    def not_given(self, form, players: int) -> int:
        """The books the deck holds that no box gives yet, as the page opens (JavaScript
        keeps it as the boxes change)."""
        given = [form[books_field(seat)].data for seat in range(players)]
        return self.in_deck - sum(count for count in given if isinstance(count, int))

    def not_given_words(self, form, players: int) -> str:
        left = self.not_given(form, players)
        if left < 0:
            return f"{counted(-left, self.word)} too many"
        return f"{counted(left, self.word)} not yet given" if left else f"All {counted(self.in_deck, self.word)} given"

    def form(self, players: int, formdata=None, rows: Mapping[str, Any] | None = None,
             **data) -> HandForm:
        class SeatedBooksForm(HandForm):
            seats = players

        for seat in range(players):
            setattr(SeatedBooksForm, books_field(seat),
                    WholeNumberField(validators=[Optional()], default=0))
        return SeatedBooksForm(formdata=formdata, **(rows or {}), **data)

    def prefilled(self, players: Sequence[str], result, **data) -> HandForm:
        """The form showing a game as it was entered, to correct it."""
        rows = {books_field(seat): result.books.get(name) for seat, name in enumerate(players)}
        return self.form(len(players), rows=rows, **data)

    def read(self, form, players: Sequence[str], marks: Sequence[str] = ()) -> BooksReading:
        reading = BooksReading({}, self.word)
        for seat, name in enumerate(players):
            box = form[books_field(seat)]
            if box.errors:
                reading.problems[books_field(seat)] = f"{name}: {box.errors[0]}"
            elif box.data is None:
                reading.problems[books_field(seat)] = f"Give {name}'s {self.word}s (0 for none)."
            else:
                reading.books[name] = box.data
        if reading.ok:
            try:
                self.table.ruleset.keeping.score(self.table, players,
                                                 ScoreSheet(None, books=reading.books))
            except RefereeInputError as error:
                self.flag(reading, players, error)
        return reading

    def event_fields(self, reading: BooksReading) -> dict[str, Any]:
        return {"went_out": None, "points": {}, "books": reading.books}

    def flag(self, reading: BooksReading, players: Sequence[str], error) -> None:
        """Put a refusal of the core beside the box of the player it names, or, books that
        do not add up, beside the count of books not yet given."""
        location = tuple(error.location or ())
        if len(location) > 2 and location[2] in players:
            reading.add_problem(list(players).index(location[2]), error.message)
        else:
            reading.problems.setdefault(TOTAL, error.message)
        reading.rule = reading.rule or error.rule

    # --- What hand.html asks of every entry form -----------------------------------------------

    @staticmethod
    def card_values_json() -> str:
        return "{}"  # no card is counted here: the books are

    def step(self, form, step: str) -> None:
        """``books2:+1``: one book more (or fewer) for a player, pressed without JavaScript."""
        where, _, delta = step.partition(":")
        seat = whole_number(where.removeprefix("books"))
        if not where.startswith("books") or seat is None or seat >= form.seats:
            return
        box = form[books_field(seat)]
        box.errors = []
        box.data = max(0, (box.data or 0) + (1 if delta == "+1" else -1))

    def tap(self, form, tap: str, untap: str) -> None:
        """No card is tapped on this form."""
