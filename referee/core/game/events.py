"""The steps a kept game is made of. Each is a small frozen record; ``type`` names it.

>>> event = event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ben",
...                          "points": {"Abe": 15, "Carl": 35}})
>>> event.describe(), event.points, event.overrides_referee
('Hand 1: Ben went out', {'Abe': 15, 'Carl': 35}, False)
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from ..errors import MissingFieldError, WrongTypeError
from ..text import counted, normal_reason, spoken_list
from ..games.registry import RULESETS
from ..games.followed_hands import STEP_TYPES, Step, shown, step_from_dict
from ..model.keeping import ScoreSheet
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
class PlayerRenamed:
    """A player's name corrected (a misspelling): every hand so far is theirs under the new
    name. In a game of teams the team keeps its name."""

    type: ClassVar[str] = "player_renamed"
    name: str
    new_name: str

    def describe(self) -> str:
        return f"{self.name} is called {self.new_name} from now on"


@dataclass(frozen=True)
class PlayerSeated:
    """A latecomer seated between hands, where the game allows it (``Keeping.seats_change``):
    at ``seat`` (1 is the first seat) or, left out, after the last. Their total starts at 0."""

    type: ClassVar[str] = "player_seated"
    name: str
    seat: int | None = None

    def describe(self) -> str:
        return f"{self.name} joins the game"


@dataclass(frozen=True)
class PlayerLeft:
    """A player who leaves between hands, where the game allows it: dealt no more hands,
    their total kept as it stands."""

    type: ClassVar[str] = "player_left"
    name: str

    def describe(self) -> str:
        return f"{self.name} leaves the game"


class _HandEntry:
    """A hand's numbers as entered (a score or its correction), read as a score sheet."""

    @property
    def sheet(self) -> ScoreSheet:
        return ScoreSheet(self.went_out, self.points, self.players, self.went_rummy, self.teams,
                          self.settling, self.scores, self.elder, self.deal, self.sides,
                          self.books)

    @property
    def out(self) -> str | None:
        return who_went_out(self.went_out, self.teams)


@dataclass(frozen=True)
class HandScored(_HandEntry):
    """The end of a hand as the ruleset's entry asks for it (``ScoreSheet``): who went out
    (``None``: the stock ran out), and ``points`` (the points players were caught with),
    or ``players`` (each player's melded and held value), and ``went_rummy``.

    ``entries`` keeps how each number was entered (counts, cards or a total), for the history.
    After a hand the referee followed, points that contradict what it saw (how many cards
    each player kept, the rummy penalties) are refused unless ``overrides_referee`` says
    the table saves them anyway: the referee may have missed a step.
    """

    type: ClassVar[str] = "hand_scored"
    hand: int
    went_out: str | None
    points: Mapping[str, int] = field(default_factory=dict)
    entries: Mapping[str, Any] = field(default_factory=dict)
    overrides_referee: bool = False
    players: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    went_rummy: bool = False
    teams: Mapping[str, Any] = field(default_factory=dict)  # each team's numbers, by team
    settling: Mapping[str, Any] = field(default_factory=dict)  # a hand for stakes (``Stakes``)
    scores: Mapping[str, int] = field(default_factory=dict)  # each player's points, typed
    elder: str | None = None  # Piquet: the elder of a deal given as its score sheet
    deal: Mapping[str, Any] = field(default_factory=dict)  # that score sheet
    sides: Mapping[str, Any] = field(default_factory=dict)  # Escoba: each side's captures
    books: Mapping[str, int] = field(default_factory=dict)  # Authors, Go Fish: each one's books

    def describe(self, noun: str = "hand", book_word: str = "book") -> str:
        """``noun``: what the game calls a hand (``Ruleset.hand_noun``); ``book_word``: what
        its books are called at this table ("pair" where Go Fish plays pairs)."""
        named = f"{noun.capitalize()} {self.hand}"
        if self.books:
            return f"{named}: {describe_books(self.books, book_word)}"
        if self.scores:
            return f"{named}: {describe_scores(self.scores)}"
        if self.deal:
            return f"{named}: scored from the score sheet, {self.elder} elder"
        if self.sides:
            return f"{named}: scored from the captures"
        if self.settling:
            return f"{named}: {describe_settling(self.settling)}"
        return f"{named}: {describe_ending(self.out, self.went_rummy)}"


@dataclass(frozen=True)
class HandCorrected(_HandEntry):
    """A scored hand entered again, with the reason, kept beside the first entry."""

    type: ClassVar[str] = "hand_corrected"
    hand: int
    went_out: str | None
    points: Mapping[str, int]
    reason: str
    entries: Mapping[str, Any] = field(default_factory=dict)
    players: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    went_rummy: bool = False
    teams: Mapping[str, Any] = field(default_factory=dict)
    settling: Mapping[str, Any] = field(default_factory=dict)
    scores: Mapping[str, int] = field(default_factory=dict)
    elder: str | None = None
    deal: Mapping[str, Any] = field(default_factory=dict)
    sides: Mapping[str, Any] = field(default_factory=dict)
    books: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Tidied here, so a reason sent, typed or saved before is the same plain line everywhere.
        object.__setattr__(self, "reason", normal_reason(self.reason))

    def describe(self, noun: str = "hand", book_word: str = "book") -> str:
        """As a scored hand's (``book_word`` unused: the reason says what changed)."""
        return f"{noun.capitalize()} {self.hand} corrected: {self.reason}"


def who_went_out(went_out: str | None, teams: Mapping[str, Any]) -> str | None:
    """Who ended the hand: the player named, or in a game of teams the team whose entry says
    it went out (``None``: the stock ran out).

    >>> who_went_out(None, {"Us": {"went_out": False}, "Them": {"went_out": True}})
    'Them'
    """
    if went_out is not None:
        return went_out
    return next((name for name, entry in teams.items()
                 if isinstance(entry, Mapping) and entry.get("went_out") is True), None)


def describe_settling(settling: Mapping[str, Any]) -> str:
    """A hand for stakes in words, from its fields as given: ``'tonk out by Bob'``.

    >>> describe_settling({"ending": "tonk_on_deal", "tonks": ["Ann", "Bob"]})
    'tonk on deal by Ann and Bob'

    A hand with no ending (played for a pot) says each field, in words:

    >>> describe_settling({"played": ["Ann", "Bob"], "tricks": {"Ann": 3, "Bob": 2},
    ...                    "trump_ace": True})
    'played Ann and Bob; tricks Ann 3, Bob 2; trump ace'
    """
    if "ending" not in settling:
        parts = []
        for key, value in settling.items():
            words = key.replace("_", " ")
            if isinstance(value, list):
                parts.append(f"{words} {spoken_list([str(v) for v in value])}")
            elif isinstance(value, Mapping):
                parts.append(f"{words} " + ", ".join(f"{k} {v}" for k, v in value.items()))
            elif value is True:
                parts.append(words)
        return "; ".join(parts)
    ending = str(settling.get("ending", "")).replace("_", " ")
    named: list[str] = []
    for key, value in settling.items():
        if key != "ending" and isinstance(value, (str, list)):
            named += [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)]
    return f"{ending} by {spoken_list(named)}" if named else ending


def describe_scores(scores: Mapping[str, int]) -> str:
    """A hand entered as each player's points, in words: ``'Ann 30, Ben 12'``."""
    return ", ".join(f"{name} {points}" for name, points in scores.items())


def describe_books(books: Mapping[str, int], word: str = "book") -> str:
    """A game of books in words: ``'Ann 5 books, Ben 8 books'`` (``word``: "pair" where the
    table plays pairs)."""
    return ", ".join(f"{name} {counted(count, word)}" for name, count in books.items())


def describe_ending(went_out: str | None, went_rummy: bool = False) -> str:
    """How a hand ended, in words: ``'Ben went out'``, ``'the stock ran out'``."""
    if went_out is None:
        return "the stock ran out"
    return f"{went_out} went {'rummy' if went_rummy else 'out'}"


@dataclass(frozen=True)
class GameEnded:
    """The table stops the game early: the standings as they are decide the winner."""

    type: ClassVar[str] = "game_ended"

    def describe(self) -> str:
        return "The table ended the game"


@dataclass(frozen=True)
class UpcardTurned:
    """The deal of a hand followed live: the card turned face up beside the stock.

    ``card`` may be ``None`` when the table follows the hand without saying it.
    Every step of the live hand after it (``referee.core.games.followed_hands``) is an
    event of the game too.
    """

    type: ClassVar[str] = "upcard_turned"
    hand: int
    card: str | None = None

    def describe(self, noun: str = "hand") -> str:
        """``noun``: what the game calls a hand (Jack Change It's round)."""
        return (f"{noun.capitalize()} {self.hand} dealt: "
                f"{shown(self.card) if self.card else 'a card'} turned up")


RosterEvent = PlayerRenamed | PlayerSeated | PlayerLeft
GameEvent = (DealerChosen | DecksChanged | HandScored | HandCorrected | UpcardTurned | GameEnded
             | RosterEvent)
Event = GameEvent | Step
EVENT_TYPES: dict[str, type] = {kind.type: kind for kind in (
    DealerChosen, DecksChanged, HandScored, HandCorrected, UpcardTurned, GameEnded,
    PlayerRenamed, PlayerSeated, PlayerLeft)}
# Left out of the JSON when empty: each ruleset's entry has only some of them.
_SHEET_EXTRAS = ("players", "went_rummy", "teams", "scores", "elder", "deal", "sides",
                 "books")
# The fields of a hand played for stakes, as their games name them; kept in ``settling`` and
# written back at the top level of the event, as they came.
SETTLING_FIELDS = tuple(dict.fromkeys(
    name for ruleset in RULESETS.values() if ruleset.stakes is not None
    for name in ruleset.stakes.fields))


def to_dict(event: Event) -> dict[str, Any]:
    data = asdict(event)
    for name in _SHEET_EXTRAS:
        if name in data and not data[name]:
            del data[name]
    data.update(data.pop("settling", None) or {})
    return {"type": event.type, **data}


for _kind in EVENT_TYPES.values():
    _kind.to_dict = to_dict  # type: ignore[attr-defined]


def event_from_dict(data: Any) -> Event:
    """Read an event written as JSON; a wrong shape raises ``WrongTypeError``, an unknown type
    ``IllegalEventError``."""
    if not isinstance(data, Mapping):
        raise WrongTypeError("event must be an object with a type.", "event")
    named = data.get("type")
    if not isinstance(named, str):
        raise WrongTypeError("event.type must be the event's type as text, such as "
                             "\"hand_scored\".", "event.type")
    if named in STEP_TYPES:
        return step_from_dict(data)
    kind = EVENT_TYPES.get(named)
    if kind is None:
        raise IllegalEventError(f"There is no event type {str(data.get('type'))[:40]!r}; "
                                f"known types: {', '.join([*EVENT_TYPES, *STEP_TYPES])}.",
                                "event.type")
    if kind is DealerChosen:
        return DealerChosen(_text(data, "dealer"), _flag(data, "drawn"))
    if kind is DecksChanged:
        return DecksChanged(_whole_number(data, "decks"))
    if kind is GameEnded:
        return GameEnded()
    if kind is PlayerRenamed:
        return PlayerRenamed(_text(data, "name"), _text(data, "new_name"))
    if kind is PlayerSeated:
        return PlayerSeated(_text(data, "name"),
                            None if data.get("seat") is None else _whole_number(data, "seat"))
    if kind is PlayerLeft:
        return PlayerLeft(_text(data, "name"))
    hand = _whole_number(data, "hand")
    if kind is UpcardTurned:
        card = data.get("card")
        if card is not None and not isinstance(card, str):
            raise WrongTypeError("card must be given as text, such as QC, or null.", "event.card")
        return UpcardTurned(hand, card.strip() if card else None)
    entries = data.get("entries") or {}
    if not isinstance(entries, Mapping):
        raise WrongTypeError("entries must be an object by player's name.", "event.entries")
    went_out = data.get("went_out")
    common = {"hand": hand, "went_out": None if went_out is None else _text(data, "went_out"),
              "points": _points(data.get("points")), "entries": dict(entries),
              "scores": _points(data.get("scores"), "scores"),
              "elder": None if data.get("elder") is None else _text(data, "elder"),
              "deal": _deal(data.get("deal")), "sides": _deal(data.get("sides"), "sides"),
              "books": _points(data.get("books"), "books"),
              "players": _melded_and_held(data.get("players")),
              "went_rummy": _flag(data, "went_rummy"), "teams": _team_entries(data.get("teams")),
              "settling": {name: _json_names(data[name]) for name in SETTLING_FIELDS
                           if name in data}}
    if kind is HandCorrected:
        return HandCorrected(reason=_text(data, "reason"), **common)
    return HandScored(**common, overrides_referee=_flag(data, "overrides_referee"))


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _points(points: Any, what: str = "points") -> dict[str, int]:
    if points is None:
        return {}
    if not isinstance(points, Mapping) or not all(_is_whole(v) for v in points.values()):
        raise WrongTypeError(f"{what} must map each player's name to a whole number.",
                             ("event", what))
    return {_name(name): value for name, value in points.items()}


def _deal(deal: Any, what: str = "deal") -> dict[str, Any]:
    """A deal's score sheet, or the sides' captures, as JSON (the core reads their fields
    when it scores the hand)."""
    if deal is None:
        return {}
    if not isinstance(deal, Mapping):
        raise WrongTypeError(f"{what} must be an object, as its question takes it.",
                             ("event", what))
    return dict(deal)


def _melded_and_held(players: Any) -> dict[str, dict[str, int]]:
    if players is None:
        return {}
    if not isinstance(players, Mapping):
        raise WrongTypeError("players must map each player's name to their melded and held "
                             "points.", "event.players")
    read = {}
    for name, parts in players.items():
        if (not isinstance(parts, Mapping) or set(parts) != {"melded", "held"}
                or not all(_is_whole(v) for v in parts.values())):
            raise WrongTypeError(f"{str(name)[:30]} needs whole numbers for melded and held, "
                                 'such as {"melded": 45, "held": 10}.', ("event", "players", str(name)))
        read[_name(name)] = {"melded": parts["melded"], "held": parts["held"]}
    return read


def _team_entries(teams: Any) -> dict[str, Any]:
    """Each team's numbers by team, read by the game's ruleset when it scores them."""
    if teams is None:
        return {}
    if not isinstance(teams, Mapping):
        raise WrongTypeError("teams must map each team's name to its numbers.", "event.teams")
    return {_name(name): entry for name, entry in teams.items()}


def _json_names(value: Any) -> Any:
    """A field of a hand for stakes as given, its names NFC as names are kept; its game
    checks the rest."""
    if isinstance(value, str):
        return _name(value)
    if isinstance(value, list):
        return [_json_names(item) for item in value]
    if isinstance(value, Mapping):
        return {_name(key): item for key, item in value.items()}
    return value


def _name(name: Any) -> str:
    """A player's name as a key: NFC, as names are kept."""
    return unicodedata.normalize("NFC", str(name))


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
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} must be given as text.", f"event.{name}")
    if not value.strip():
        raise MissingFieldError(f"{name} is blank: it needs a name or a word.", f"event.{name}")
    return unicodedata.normalize("NFC", value.strip())
