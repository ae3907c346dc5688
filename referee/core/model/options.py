"""A game's house rules: each option's name, default, the values it may take and its words,
and a table's choices read against them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import OptionValueError, UnknownOptionError, WrongTypeError

# Said of a house rule that is table conduct the referee never sees (how a player drew, say).
TABLE_CHECKS = "The referee does not check this; the table does."
Options = Mapping[str, Any]


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its name, default and the values it may take, and the question a
    table asks about it with its answers in words (the screens show those, never a name)."""

    name: str
    default: bool | int | str | None
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    affects_melds: bool = False  # shown on the meld checker
    affects_going_out: bool = False  # read by the arranger's going-out answer (TurnRules)
    table_checks: bool = False  # table conduct nothing in the app sees: the table checks it
    # The question a table asks about it: "Who may call rummy, and on which cards?"
    question: str = ""
    # Each choice's answer in words, where the choice read aloud is not one:
    # ((choice, answer), ...); a yes-or-no rule answers "Yes" and "No".
    answers: tuple[tuple[Any, str], ...] = ()
    hint: str = ""  # said under the question, where the answers need it
    # The numbers of players it can apply to (the fewest, the most); None: any table
    players: tuple[int, int] | None = None

    @property
    def asked(self) -> str:
        """The question the screens ask, or the rule said plainly where it declares none.

        >>> OptionSpec("target", 500, "The score that ends the game.",
        ...            question="What score ends the game?").asked
        'What score ends the game?'
        """
        return self.question or self.description

    @property
    def offered(self) -> tuple[Any, ...]:
        """The values a table may choose between, in the order the answers are shown."""
        return (True, False) if self.type == "bool" else self.choices

    def answer(self, choice: Any) -> str:
        """A choice as a player says it: ``'7 cards'``, ``'Yes'``, never ``deeper_must_meld``.

        >>> OptionSpec("deal", 13, "", (13, 7), answers=((7, "7 cards"),)).answer(7)
        '7 cards'
        >>> OptionSpec("no_jokers", False, "").answer(False)
        'No'
        """
        named = dict(self.answers).get(choice)
        if named:
            return named
        if isinstance(choice, bool):
            return "Yes" if choice else "No"
        return str(choice).replace("_", " ").capitalize()

    def applies_to(self, players: int) -> bool:
        """Whether it can apply to a table of ``players`` (a two-player deal with four: no).

        >>> OptionSpec("deal", 13, "", (13, 7), players=(2, 2)).applies_to(4)
        False
        """
        return self.players is None or self.players[0] <= players <= self.players[1]

    @property
    def only_for(self) -> str | None:
        """What the screens say beside it where a table seated otherwise cannot use it."""
        if self.players is None:
            return None
        fewest, most = self.players
        seated = str(fewest) if fewest == most else f"{fewest} to {most}"
        return f"Only when {seated} play."

    @property
    def choice_notes(self) -> dict[str, str]:
        """What each choice means, as its description says it ("pile: ...; none: ...").

        >>> OptionSpec("calls", "pile", "pile: any card in the pile; none: no calls",
        ...            ("pile", "none")).choice_notes
        {'pile': 'Any card in the pile.', 'none': 'No calls.'}
        """
        notes = {}
        for part in self.description.split("; "):
            choice, _, meaning = part.partition(": ")
            if choice in self.choices and meaning:
                notes[choice] = meaning[0].upper() + meaning[1:].rstrip(".") + "."
        return notes

    @property
    def words(self) -> str:
        """The description as the screens show it: each choice in words, not as its key.

        >>> OptionSpec("calls", "top_card", "top_card: the top card only; none: no calls",
        ...            ("top_card", "none")).words
        'Top card: the top card only. None: no calls.'
        """
        notes = self.choice_notes
        if not notes:
            return self.description
        return " ".join(f"{self.answer(choice)}: {meaning[0].lower()}{meaning[1:]}"
                        for choice, meaning in notes.items())

    @property
    def note(self) -> str | None:
        """What the screens say beside a house rule the referee leaves to the table."""
        return TABLE_CHECKS if self.table_checks else None

    @property
    def type(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        return "int"

    def check(self, value: Any) -> Any:
        """The value if this option can take it; raises otherwise."""
        field_name = f"options.{self.name}"
        if self.choices:
            if not any(type(value) is type(c) and value == c for c in self.choices):
                listed = ", ".join(str(c) for c in self.choices)
                raise OptionValueError(f"{self.name} must be one of: {listed}.", field_name)
            return value
        if self.type == "bool":
            if not isinstance(value, bool):
                raise WrongTypeError(f"{self.name} must be true or false.", field_name)
            return value
        if value is None and self.default is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{self.name} must be a whole number.", field_name)
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise OptionValueError(
                f"{self.name} must be from {self.minimum} to {self.maximum}.", field_name)
        return value

    def describe(self) -> dict[str, Any]:
        described = {"name": self.name, "type": self.type, "default": self.default,
                     "description": self.description}
        if self.choices:
            described["choices"] = list(self.choices)
        if self.minimum is not None:
            described["minimum"], described["maximum"] = self.minimum, self.maximum
        if self.default is None:
            described["nullable"] = True
        described["affects_melds"] = self.affects_melds
        described["affects_going_out"] = self.affects_going_out
        described["checked_by"] = "table" if self.table_checks else "referee"
        # What the setup screen asks, so another client can ask the table the same.
        described["question"] = self.asked
        if self.offered:
            described["answers"] = [{"value": choice, "words": self.answer(choice)}
                                    for choice in self.offered]
        if self.hint:
            described["hint"] = self.hint
        if self.note is not None:
            described["note"] = self.note
        return described


def resolve_house_options(title: str, specs: Sequence[OptionSpec],
                          given: Options | None = None) -> Options:
    """A game's house-rule defaults overlaid with a table's choices; unknown names raise."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise WrongTypeError("options must be an object of house rules by name.", "options")
    by_name = {spec.name: spec for spec in specs}
    resolved = {name: spec.default for name, spec in by_name.items()}
    for name, value in given.items():
        if name not in by_name:
            raise UnknownOptionError(
                f"{title} has no house rule called {str(name)[:40]!r}.", ("options", str(name)))
        resolved[name] = by_name[name].check(value)
    return MappingProxyType(resolved)
