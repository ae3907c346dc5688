"""The steps a kept game is made of. Each is a small frozen record; ``type`` names it.

>>> event = event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ben",
...                          "points": {"Abe": 15, "Carl": 35}})
>>> event
HandScored(hand=1, went_out='Ben', points={'Abe': 15, 'Carl': 35}, entries={})
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from ..errors import WrongTypeError
from .errors import IllegalEventError


@dataclass(frozen=True)
class DealerChosen:
    """The first dealer drawn again (or chosen) before the first hand is scored."""

    type: ClassVar[str] = "dealer_chosen"
    dealer: str

    def describe(self) -> str:
        return f"{self.dealer} deals first"


@dataclass(frozen=True)
class HandScored:
    """The end of a hand: who went out, and the points every other player was caught with.

    ``entries`` keeps how each number was entered (counts, cards or a total), for the history.
    """

    type: ClassVar[str] = "hand_scored"
    hand: int
    went_out: str
    points: Mapping[str, int]
    entries: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return f"Hand {self.hand}: {self.went_out} went out"


@dataclass(frozen=True)
class HandCorrected:
    """A scored hand entered again, with the reason, kept beside the first entry."""

    type: ClassVar[str] = "hand_corrected"
    hand: int
    went_out: str
    points: Mapping[str, int]
    reason: str
    entries: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return f"Hand {self.hand} corrected: {self.reason}"


Event = DealerChosen | HandScored | HandCorrected
EVENT_TYPES: dict[str, type] = {
    kind.type: kind for kind in (DealerChosen, HandScored, HandCorrected)}


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, **asdict(event)}


for _kind in EVENT_TYPES.values():
    _kind.to_dict = to_dict  # type: ignore[attr-defined]


def event_from_dict(data: Any) -> Event:
    """Read an event written as JSON; a wrong shape raises ``WrongTypeError``, an unknown type
    ``IllegalEventError``."""
    if not isinstance(data, Mapping):
        raise WrongTypeError("event must be an object with a type.", "event")
    kind = EVENT_TYPES.get(data.get("type"))
    if kind is None:
        raise IllegalEventError(f"There is no event type {str(data.get('type'))[:40]!r}; "
                                f"known types: {', '.join(EVENT_TYPES)}.", "event.type")
    if kind is DealerChosen:
        return DealerChosen(_text(data, "dealer"))
    points = data.get("points")
    if not isinstance(points, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in points.values()):
        raise WrongTypeError("points must map each player's name to a whole number.",
                             "event.points")
    entries = data.get("entries") or {}
    if not isinstance(entries, Mapping):
        raise WrongTypeError("entries must be an object by player's name.", "event.entries")
    hand = data.get("hand")
    if not isinstance(hand, int) or isinstance(hand, bool):
        raise WrongTypeError("hand must be a whole number.", "event.hand")
    common = {"hand": hand, "went_out": _text(data, "went_out"), "points": dict(points),
              "entries": dict(entries)}
    if kind is HandCorrected:
        return HandCorrected(reason=_text(data, "reason"), **common)
    return HandScored(**common)


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise WrongTypeError(f"{name} must be given as text.", f"event.{name}")
    return value.strip()
