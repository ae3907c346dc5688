"""Reading a request body: a JSON object, and its fields with their types.

Every helper raises a ``RefereeInputError`` subclass naming the field, so the
views stay a straight line: read the fields, ask the core, render the answer.
A wrong JSON type is a ``WrongTypeError`` (400); a value of the right type
that the game cannot have is left to the core (422).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import request

from ..core import RULESETS, Card, MeldKind, Ruleset, TableRules, get_ruleset, parse_card
from ..core.errors import NotInRulesetError, WrongTypeError
from ..core.text import check_storable
from .errors import BadJsonError, BadKindError, MissingFieldError

_MISSING = object()


def json_object() -> dict[str, Any]:
    """The request body as a JSON object; raises ``BadJsonError`` otherwise."""
    if not request.is_json:
        raise BadJsonError("Send the question as JSON, with Content-Type: application/json.")
    data = request.get_data(cache=True)  # raises 413 past MAX_CONTENT_LENGTH
    try:
        body = json.loads(data, parse_float=_number)
    except ValueError:  # includes bad UTF-8 and numbers too long to read
        raise BadJsonError("The body is not valid JSON.") from None
    except RecursionError:
        raise BadJsonError("The body's JSON is nested too deeply.") from None
    if not isinstance(body, dict):
        raise BadJsonError("The body must be a JSON object, such as {\"ruleset\": \"eversol\"}.")
    check_storable(body)  # a NUL or half a surrogate pair, anywhere: refused before it is used
    return body


def _number(text: str) -> int | float:
    """A JSON number with a decimal point or an exponent: a whole one (2.0, 1e3) is read as
    the whole number it is. JSON Schema's integer includes them, so the OpenAPI document's
    ``"type": "integer"`` allows ``"decks": 2.0``, and a client that writes every number as a
    float (JavaScript's JSON.stringify never does, some languages do) asks the same question.
    """
    number = float(text)
    return int(number) if number.is_integer() else number


def field(body: Mapping[str, Any], name: str, default: Any = _MISSING) -> Any:
    """A field's value; absent or null gives ``default``, or raises when it is required."""
    value = body.get(name)
    if value is None:
        if default is _MISSING:
            raise MissingFieldError(f"{name} is required.", name)
        return default
    return value


def table_rules(body: Mapping[str, Any]) -> TableRules:
    """The ruleset, house options and decks the question is asked under."""
    ruleset = get_ruleset(field(body, "ruleset"))
    return ruleset.configure(options=field(body, "options", None),
                             decks=field(body, "decks", None))


def optional_text(body: Mapping[str, Any], name: str, what: str) -> str | None:
    """Text, or ``None`` when the field is absent; any other JSON type is a ``WrongTypeError``
    (the core may take other types from the app itself: a seat number for first_dealer)."""
    value = field(body, name, None)
    if value is not None and not isinstance(value, str):
        raise WrongTypeError(f"{name} must be {what}, written as text.", name)
    return value


def optional_card(body: Mapping[str, Any], name: str) -> Card | None:
    """One card written as text, or ``None`` when the field is absent."""
    value = field(body, name, None)
    if value is None:
        return None
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} must be a card written as text, such as \"7D\".", name)
    return parse_card(value, name)


def cards(body: Mapping[str, Any], name: str, default: Any = _MISSING) -> list[Card]:
    """A list of cards, each written as text such as ``"7D"`` or ``"JK=8D"``."""
    value = field(body, name, default)
    if not isinstance(value, list):
        raise WrongTypeError(f"{name} must be a list of cards, such as [\"7D\", \"8D\"].", name)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise WrongTypeError(
                "Each card must be written as text, such as \"7D\" or \"JK\".", f"{name}[{i}]")
    return [parse_card(item, f"{name}[{i}]") for i, item in enumerate(value)]


def meld_kind(body: Mapping[str, Any], name: str = "kind") -> MeldKind | None:
    value = field(body, name, None)
    if value is None:
        return None
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} must be \"book\" or \"run\".", name)
    try:
        return MeldKind(value.strip().lower())
    except ValueError:
        raise BadKindError(f"{name} must be \"book\" or \"run\".", name) from None


def melds(body: Mapping[str, Any], name: str) -> list[list[Card]]:
    """A list of melds, each a list of cards written as text."""
    value = field(body, name)
    example = "such as [[\"3H\", \"3S\", \"3D\"], [\"7D\", \"8D\", \"9D\", \"10D\"]]"
    if not isinstance(value, list):
        raise WrongTypeError(f"{name} must be a list of melds, {example}.", name)
    for i, meld in enumerate(value):
        if not isinstance(meld, list):
            raise WrongTypeError(f"Each meld must be a list of cards, {example}.", f"{name}[{i}]")
        for j, card in enumerate(meld):
            if not isinstance(card, str):
                raise WrongTypeError("Each card must be written as text, such as \"7D\" or \"JK\".",
                                     f"{name}[{i}][{j}]")
    return [[parse_card(card, f"{name}[{i}][{j}]") for j, card in enumerate(meld)]
            for i, meld in enumerate(value)]


def ruleset_having(body: Mapping[str, Any], ruling: str, what: str) -> Ruleset:
    """The ruleset asked about, if it has this ruling; any other answers 422 ``not_in_ruleset``."""
    ruleset = get_ruleset(field(body, "ruleset"))
    if getattr(ruleset, ruling) is None:
        having = [r.title for r in RULESETS.values() if getattr(r, ruling) is not None]
        raise NotInRulesetError(f"{ruleset.title} has no {what}; {' and '.join(having)} "
                                f"{'does' if len(having) == 1 else 'do'}.", "ruleset")
    return ruleset
