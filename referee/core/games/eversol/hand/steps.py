"""The steps of a live Eversol hand, as the referee hears them at the table.

Each step is a small frozen record; ``type`` names it, ``to_dict`` writes it as
JSON and ``step_from_dict`` reads it back. Cards are kept as written (``"7H"``,
``"JK=4H"``) and read when the hand applies the step; ``None`` is a card the
referee was not told. Meld numbers count the melds on the table from 0, in the
order they were laid.

>>> step = step_from_dict({"type": "drew", "player": "Ben", "source": "stock", "card": "8C"})
>>> step
Drew(player='Ben', source=<Source.STOCK: 'stock'>, card='8C')
>>> step.to_dict()
{'type': 'drew', 'player': 'Ben', 'source': 'stock', 'card': '8C'}
>>> down = WentDown("Ben", [["8C", "8S", "JK"], ["5H", "6H", "7H", "8H"]])
>>> step_from_dict(down.to_dict()) == down, down.describe()
(True, 'Ben went down: 8♣ 8♠ Joker / 5♥ 6♥ 7♥ 8♥')
>>> LaidOff("Ben", 1, "JK=9H").describe()
'Ben laid off Joker as 9♥ on meld 2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from ....cards import parse_card
from ....errors import CardSyntaxError, WrongTypeError
from .errors import IllegalStepError


def shown(card: str) -> str:
    """A card of a step as the screens show cards (``'K♥'``, ``'Joker as 6♦'``); as it was
    written when it is not a card, so a step's description never fails."""
    try:
        read = parse_card(card)
    except CardSyntaxError:
        return card
    return f"{read.label} as {read.stands_for.label}" if read.stands_for else read.label


class Source(Enum):
    """Where a turn's draw comes from."""

    STOCK = "stock"
    DISCARD = "discard"


class About(Enum):
    """What a step is said about: a step tapped on an older screen still counts only while
    that is unchanged (``LiveHand.moment``)."""

    TURN = "turn"  # the turn of the player who takes it
    TOP_DISCARD = "top discard"  # the card on top of the pile as it lay


@dataclass(frozen=True)
class Drew:
    """The player whose turn it is draws: the stock's top card, or the top discard free."""

    type: ClassVar[str] = "drew"
    about: ClassVar[About] = About.TURN
    player: str
    source: Source
    card: str | None = None  # a stock card is usually unknown

    def __post_init__(self) -> None:
        if not isinstance(self.source, Source):
            object.__setattr__(self, "source", _source(self.source))

    def describe(self) -> str:
        what = f" {shown(self.card)}" if self.card else ""
        return f"{self.player} drew{what} from the {self.source.value}"


@dataclass(frozen=True)
class Discarded:
    """The player whose turn it is throws a card face up, ending the turn."""

    type: ClassVar[str] = "discarded"
    about: ClassVar[About] = About.TURN
    player: str
    card: str | None = None  # needed for rummy calls on it

    def describe(self) -> str:
        return f"{self.player} discarded {shown(self.card) if self.card else 'a card'}"


@dataclass(frozen=True)
class BuyClaimed:
    """A player asks to buy the top discard."""

    type: ClassVar[str] = "buy_claimed"
    about: ClassVar[About] = About.TOP_DISCARD
    player: str

    def describe(self) -> str:
        return f"{self.player} asked to buy"


@dataclass(frozen=True)
class BuyWithdrawn:
    """A player takes back a request to buy (there is no penalty for changing one's mind)."""

    type: ClassVar[str] = "buy_withdrawn"
    about: ClassVar[About] = About.TOP_DISCARD
    player: str

    def describe(self) -> str:
        return f"{self.player} no longer wants to buy"


@dataclass(frozen=True)
class Bought:
    """The buy settled: ``player`` takes the top discard and a penalty card from the stock."""

    type: ClassVar[str] = "bought"
    about: ClassVar[About] = About.TOP_DISCARD
    player: str
    card: str | None = None  # the top discard, when the referee did not know it
    penalty: str | None = None  # the penalty card, if shown
    passed: str | None = None  # the player in turn, who let the card go before drawing

    def describe(self) -> str:
        bought = f"{self.player} bought {shown(self.card) if self.card else 'the discard'}"
        return f"{self.passed} passed; {bought}" if self.passed else bought


@dataclass(frozen=True)
class JokerSwap:
    """A natural card given for the joker on table meld ``meld`` that stands for it."""

    meld: int
    card: str


@dataclass(frozen=True)
class WentDown:
    """The contract laid, melds as they lie; ``swaps`` buy played jokers in the same turn."""

    type: ClassVar[str] = "went_down"
    about: ClassVar[About] = About.TURN
    player: str
    melds: tuple[tuple[str, ...], ...]
    swaps: tuple[JokerSwap, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(tuple(meld) for meld in self.melds))
        object.__setattr__(self, "swaps", tuple(
            s if isinstance(s, JokerSwap) else JokerSwap(**s) for s in self.swaps))

    def describe(self) -> str:
        return f"{self.player} went down: " + " / ".join(
            " ".join(shown(card) for card in meld) for meld in self.melds)


@dataclass(frozen=True)
class LaidOff:
    """A player who is down adds one card to table meld ``meld``; ``JK=6D`` places a joker."""

    type: ClassVar[str] = "laid_off"
    about: ClassVar[About] = About.TURN
    player: str
    meld: int
    card: str

    def describe(self) -> str:
        return f"{self.player} laid off {shown(self.card)} on meld {self.meld + 1}"


@dataclass(frozen=True)
class RummyCalled:
    """A call of rummy on the top discard; the caller throws ``callers_discard``.

    ``meld`` says where the rummy card goes when the table places it on a meld. ``card``,
    ``thrower`` and ``charged`` are facts the referee records with the call (the card
    called on, who threw it, Ari's rule's points): given, they must be those.
    """

    type: ClassVar[str] = "rummy_called"
    about: ClassVar[About] = About.TOP_DISCARD
    caller: str
    callers_discard: str | None = None
    meld: int | None = None
    card: str | None = None
    thrower: str | None = None
    charged: int | None = None

    def describe(self) -> str:
        on = f" on {self.thrower + '’s ' if self.thrower else ''}{shown(self.card)}" if (
            self.card) else ""
        own = f", throwing {shown(self.callers_discard)}" if self.callers_discard else ""
        fate = "" if self.meld is not None or not self.card else "; both are dead"
        charged = (f"; {self.thrower or 'the thrower'} is charged {self.charged} (Ari’s rule)"
                   if self.charged else "")
        return f"{self.caller} called rummy{on}{own}{fate}{charged}"


Step = Drew | Discarded | BuyClaimed | BuyWithdrawn | Bought | WentDown | LaidOff | RummyCalled
STEP_TYPES: dict[str, type] = {kind.type: kind for kind in (
    Drew, Discarded, BuyClaimed, BuyWithdrawn, Bought, WentDown, LaidOff, RummyCalled)}


# Fields added after steps were first saved: left out when unset, so a step reads and writes
# as it did before them.
_WRITTEN_ONLY_WHEN_SAID = frozenset({("bought", "passed"), ("rummy_called", "card"),
                                     ("rummy_called", "thrower"), ("rummy_called", "charged")})


def to_dict(step: Step) -> dict[str, Any]:
    """The step as JSON: its ``type``, then its fields."""
    out: dict[str, Any] = {"type": step.type}
    for f in fields(step):
        value = getattr(step, f.name)
        if value is None and (step.type, f.name) in _WRITTEN_ONLY_WHEN_SAID:
            continue
        if isinstance(value, Source):
            value = value.value
        elif f.name == "melds":
            value = [list(meld) for meld in value]
        elif f.name == "swaps":
            value = [{"meld": s.meld, "card": s.card} for s in value]
        out[f.name] = value
    return out


for _kind in STEP_TYPES.values():
    _kind.to_dict = to_dict  # type: ignore[attr-defined]


def step_from_dict(data: Any) -> Step:
    """Read a step written as JSON; a wrong shape raises ``WrongTypeError``, an unknown type
    ``IllegalStepError``."""
    if not isinstance(data, Mapping):
        raise WrongTypeError("A step must be an object with a type.", "step")
    named = data.get("type")
    kind = STEP_TYPES.get(named) if isinstance(named, str) else None
    if kind is None:
        raise IllegalStepError(f"There is no step type {str(named)[:40]!r}; "
                               f"known types: {', '.join(STEP_TYPES)}.", "step.type")
    read = {}
    for f in fields(kind):
        value = data.get(f.name)
        if value is None and f.default is not MISSING:
            continue  # an optional field left out: its default
        read[f.name] = _READERS[f.name](value, f"step.{f.name}")
    return kind(**read)


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise WrongTypeError(f"{field.removeprefix('step.')} must be given as text.", field)
    return value.strip()


def _index(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise WrongTypeError(f"{field.removeprefix('step.')} must be a meld number from 0.",
                             field)
    return value


def _points(value: Any, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise WrongTypeError("charged must be a whole number of points.", field)
    return value


def _source(value: Any, field: str = "step.source") -> Source:
    try:
        return Source(value)
    except ValueError:
        raise WrongTypeError("source must be stock or discard.", field) from None


def _list(value: Any, field: str) -> Sequence[Any]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise WrongTypeError(f"{field.removeprefix('step.')} must be a list.", field)
    return value


def _melds(value: Any, field: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(_text(card, f"{field}[{i}][{j}]")
                       for j, card in enumerate(_list(meld, f"{field}[{i}]")))
                 for i, meld in enumerate(_list(value, field)))


def _swaps(value: Any, field: str) -> tuple[JokerSwap, ...]:
    swaps = []
    for i, swap in enumerate(_list(value, field)):
        if not isinstance(swap, Mapping):
            raise WrongTypeError("Each swap is an object with meld and card.", f"{field}[{i}]")
        swaps.append(JokerSwap(_index(swap.get("meld"), f"{field}[{i}].meld"),
                               _text(swap.get("card"), f"{field}[{i}].card")))
    return tuple(swaps)


_READERS = {"player": _text, "caller": _text, "card": _text, "callers_discard": _text,
            "penalty": _text, "passed": _text, "thrower": _text, "charged": _points, "source": _source, "melds": _melds, "swaps": _swaps,
            "meld": _index}
