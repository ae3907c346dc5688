"""Typed readers for values nested in a request (``requests`` reads the body's own fields).

Each takes the value and where it is (a ``Location``, such as ``("sides", "Ann", "cards")``),
and raises ``WrongTypeError`` (400) or ``MissingFieldError`` naming that place; a value of the
right type the game cannot have is left to the rules core (422).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Card, parse_card
from ..core.errors import Location, WrongTypeError, render_location
from .errors import MissingFieldError


def required(value: Any, location: Location) -> Any:
    """``value``, which must be there (absent and null are the same)."""
    if value is None:
        raise MissingFieldError(f"{render_location(location)} is required.", location)
    return value


def json_object(value: Any, location: Location, example: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise WrongTypeError(f"{render_location(location)} must be an object, such as "
                             f"{example}.", location)
    return value


def closed(value: Mapping[str, Any], location: Location, allowed: set[str], shape: str) -> None:
    """Refuse a field ``value`` (an object of a fixed shape) does not have (400, named)."""
    for name in value:
        if name not in allowed:
            raise WrongTypeError(f"{render_location(location)} has no field "
                                 f"{str(name)[:40]!r}: {shape}.", (*location, str(name)))


def json_list(value: Any, location: Location) -> list[Any]:
    if not isinstance(value, list):
        raise WrongTypeError(f"{render_location(location)} must be a list.", location)
    return value


def whole(value: Any, location: Location) -> int:
    """A JSON integer (not true or false); its range is the core's to judge. A whole number
    written with a point (2.0) is that number, as JSON Schema's integer says."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongTypeError(f"{render_location(location)} must be a whole number.", location)
    return value


def boolean(value: Any, location: Location) -> bool:
    if not isinstance(value, bool):
        raise WrongTypeError(f"{render_location(location)} must be true or false.", location)
    return value


def text(value: Any, location: Location, example: str) -> str:
    if not isinstance(value, str):
        raise WrongTypeError(f"{render_location(location)} must be text, such as {example}.",
                             location)
    return value


def card(value: Any, location: Location) -> Card:
    if not isinstance(value, str):
        raise WrongTypeError(f"{render_location(location)} must be a card written as text, "
                             "such as \"7D\".", location)
    return parse_card(value, location)  # type: ignore[arg-type]  # a Location is taken too


def cards(value: Any, location: Location) -> list[Card]:
    """A list of cards, each written as text such as ``"7D"``; every type checked first."""
    if not isinstance(value, list):
        raise WrongTypeError(f"{render_location(location)} must be a list of cards, such as "
                             "[\"7D\", \"KS\"].", location)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise WrongTypeError("Each card must be written as text, such as \"7D\".",
                                 (*location, i))
    return [parse_card(item, (*location, i))  # type: ignore[arg-type]
            for i, item in enumerate(value)]
