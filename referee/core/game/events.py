"""The steps a kept game is made of. Each is a small frozen record; ``type`` names it.

>>> event = event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ben",
...                          "points": {"Abe": 15, "Carl": 35}})
>>> event.describe(), event.points, event.overrides_referee
('Hand 1: Ben went out', {'Abe': 15, 'Carl': 35}, False)
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from ..errors import WrongTypeError
from ..live.steps import STEP_TYPES, Step, step_from_dict
from .errors import IllegalEventError


@dataclass(frozen=True)
class DealerChosen:
    """The first dealer drawn again (``drawn``) or chosen, before the first hand begins."""

    type: ClassVar[str] = "dealer_chosen"
    dealer: str
    drawn: bool = False

    def describe(self) -> str:
        return f"{self.dealer} deals first"


@dataclass(frozen=True)
class DecksChanged:
    """The table plays on with another number of decks, between hands: a hand the decks
    in play cannot deal needs more."""

    type: ClassVar[str] = "decks_changed"
    decks: int

    def describe(self) -> str:
        return f"{self.decks} deck{'s' if self.decks != 1 else ''} from now on"


@dataclass(frozen=True)
class HandScored:
    """The end of a hand: who went out, and the points every other player was caught with.

    ``entries`` keeps how each number was entered (counts, cards or a total), for the history.
    After a hand the referee followed, points that contradict what it saw (how many cards
    each player kept, the rummy penalties) are refused unless ``overrides_referee`` says
    the table saves them anyway: the referee may have missed a step.
    """

    type: ClassVar[str] = "hand_scored"
    hand: int
    went_out: str
    points: Mapping[str, int]
    entries: Mapping[str, Any] = field(default_factory=dict)
    overrides_referee: bool = False

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


@dataclass(frozen=True)
class UpcardTurned:
    """The deal of a hand followed live: the card turned face up beside the stock.

    ``card`` may be ``None`` when the table follows the hand without saying it.
    Every step of the live hand after it (``referee.core.live.steps``) is an
    event of the game too.
    """

    type: ClassVar[str] = "upcard_turned"
    hand: int
    card: str | None = None

    def describe(self) -> str:
        return f"Hand {self.hand} dealt: {self.card or 'a card'} turned up"


GameEvent = DealerChosen | DecksChanged | HandScored | HandCorrected | UpcardTurned
Event = GameEvent | Step
EVENT_TYPES: dict[str, type] = {kind.type: kind for kind in (
    DealerChosen, DecksChanged, HandScored, HandCorrected, UpcardTurned)}


def to_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, **asdict(event)}


for _kind in EVENT_TYPES.values():
    _kind.to_dict = to_dict  # type: ignore[attr-defined]


def event_from_dict(data: Any) -> Event:
    """Read an event written as JSON; a wrong shape raises ``WrongTypeError``, an unknown type
    ``IllegalEventError``."""
    if not isinstance(data, Mapping):
        raise WrongTypeError("event must be an object with a type.", "event")
    if data.get("type") in STEP_TYPES:
        return step_from_dict(data)
    kind = EVENT_TYPES.get(data.get("type"))
    if kind is None:
        raise IllegalEventError(f"There is no event type {str(data.get('type'))[:40]!r}; "
                                f"known types: {', '.join([*EVENT_TYPES, *STEP_TYPES])}.",
                                "event.type")
    if kind is DealerChosen:
        return DealerChosen(_text(data, "dealer"), _flag(data, "drawn"))
    if kind is DecksChanged:
        return DecksChanged(_whole_number(data, "decks"))
    hand = _whole_number(data, "hand")
    if kind is UpcardTurned:
        card = data.get("card")
        if card is not None and not isinstance(card, str):
            raise WrongTypeError("card must be given as text, such as QC, or null.", "event.card")
        return UpcardTurned(hand, card.strip() if card else None)
    points = data.get("points")
    if not isinstance(points, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in points.values()):
        raise WrongTypeError("points must map each player's name to a whole number.",
                             "event.points")
    entries = data.get("entries") or {}
    if not isinstance(entries, Mapping):
        raise WrongTypeError("entries must be an object by player's name.", "event.entries")
    common = {"hand": hand, "went_out": _text(data, "went_out"), "points": dict(points),
              "entries": dict(entries)}
    if kind is HandCorrected:
        return HandCorrected(reason=_text(data, "reason"), **common)
    return HandScored(**common, overrides_referee=_flag(data, "overrides_referee"))


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise WrongTypeError(f"{name} must be true or false.", f"event.{name}")
    return value


def _whole_number(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongTypeError(f"{name} must be a whole number.", f"event.{name}")
    return value


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise WrongTypeError(f"{name} must be given as text.", f"event.{name}")
    return value.strip()
