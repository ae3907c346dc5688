"""Reading the body's own fields of the questions about games beyond rummy (Bourré, Jack Change
It): suits, whole numbers, true or false, and lists of player names, each with its JSON type
checked (a wrong type is 400; the value readers are ``fields``') and its value left to the
rules core (422)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Card, Suit
from ..core.errors import RefereeInputError, WrongTypeError
from . import fields
from .requests import _MISSING, field

# A suit as the cards are written: its letter in any case, or its symbol.
SUIT_TEXTS = {suit.value: suit for suit in Suit} | {
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
SUIT_ENUM = [*(suit.value for suit in Suit), *(suit.value.lower() for suit in Suit),
             "♠", "♥", "♦", "♣"]


def suit(body: Mapping[str, Any], name: str, refusal: type[RefereeInputError],
         default: Any = _MISSING) -> Suit | None:
    """A suit written as text: its letter in any case, or its symbol; other text is refused
    with the game's own ``refusal`` (422)."""
    value = field(body, name, default)
    if value is None:
        return value
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} is a suit written as text: S, H, D or C.", name)
    if value.upper() not in SUIT_TEXTS:
        raise refusal(f"{name} is a suit: S, H, D or C (or ♠ ♥ ♦ ♣).", name)
    return SUIT_TEXTS[value.upper()]


def whole_number(body: Mapping[str, Any], name: str, default: Any = _MISSING) -> int:
    return fields.whole(field(body, name, default), name)


def true_or_false(body: Mapping[str, Any], name: str, default: Any = _MISSING) -> bool:
    return fields.boolean(field(body, name, default), name)


def one_card(body: Mapping[str, Any], name: str) -> Card:
    return fields.card(field(body, name), name)


def text(body: Mapping[str, Any], name: str, default: Any = _MISSING,
         example: str | None = None) -> str | None:
    value = field(body, name, default)
    if value is not None and not isinstance(value, str):
        raise WrongTypeError(f"{name} is text" + (f", such as {example}" if example else "")
                             + ".", name)
    return value


def names(body: Mapping[str, Any], name: str, default: Any = _MISSING) -> list[str]:
    """A list of player names (each checked by the core: blank, twice, not at the table)."""
    value = field(body, name, default)
    if not isinstance(value, list):
        raise WrongTypeError(f"{name} must be a list of names, such as [\"Ann\", \"Bob\"].", name)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise WrongTypeError("Each name is text.", f"{name}[{i}]")
    return value


def counts(body: Mapping[str, Any], name: str) -> dict[str, int]:
    """``{name: whole number}``."""
    value = field(body, name)
    if not isinstance(value, dict):
        raise WrongTypeError(f"{name} must be an object of whole numbers by name, such as "
                             "{\"Ann\": 3}.", name)
    return {key: fields.whole(item, (name, key)) for key, item in value.items()}
