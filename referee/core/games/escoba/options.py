"""Escoba's house rules, as a question names them in ``options``: whether a capture that can
be made must be, partnerships for four players, and the points that end the game.

None of them changes which sets of table cards make 15, nor what a hand scores: a question
may still name them (an unknown name or a bad value is refused, as in every game).

>>> read_options({"must_capture": True})
EscobaOptions(must_capture=True, partnerships=False, target=21)
>>> read_options({"target": 0})
Traceback (most recent call last):
...
referee.core.errors.OptionValueError: target must be from 1 to 100.
>>> read_options({"capture_all": True})
Traceback (most recent call last):
...
referee.core.errors.UnknownOptionError: Escoba has no house rule called 'capture_all'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ...errors import OptionValueError, UnknownOptionError, WrongTypeError
from .cards import TITLE

GAME_TARGET = 21
TARGET_RANGE = (1, 100)

DESCRIPTIONS = {
    "must_capture": "A capture that can be made must be (else capturing is optional).",
    "partnerships": "Four players play as two partnerships seated alternately.",
    "target": f"The points that end the game (default {GAME_TARGET}): after a hand in which "
              "a side reaches them, the highest total wins.",
}


@dataclass(frozen=True)
class EscobaOptions:
    must_capture: bool = False
    partnerships: bool = False
    target: int = GAME_TARGET


def read_options(given: Any = None) -> EscobaOptions:
    """The defaults overlaid with a table's choices; an unknown name or a bad value raises."""
    if given is None:
        return EscobaOptions()
    if not isinstance(given, Mapping):
        raise WrongTypeError("options must be an object of house rules by name.", ("options",))
    known = {f.name for f in fields(EscobaOptions)}
    chosen: dict[str, Any] = {}
    for name, value in given.items():
        at = ("options", str(name))
        if name not in known:
            raise UnknownOptionError(f"{TITLE} has no house rule called {str(name)[:40]!r}.",
                                     at)
        if value is None:
            continue  # null: the default, as for any optional field
        if name == "target":
            if isinstance(value, bool) or not isinstance(value, int):
                raise WrongTypeError("target must be a whole number.", at)
            if not TARGET_RANGE[0] <= value <= TARGET_RANGE[1]:
                raise OptionValueError(
                    f"target must be from {TARGET_RANGE[0]} to {TARGET_RANGE[1]}.", at)
        elif not isinstance(value, bool):
            raise WrongTypeError(f"{name} must be true or false.", at)
        chosen[name] = value
    return EscobaOptions(**chosen)
