"""A team's score for one hand, each part named, from the hand's end as the table entered it.

The entry is the ``hand_scored`` shape of the API (melded and held card values, piles by
kind, red 3s, going out, perfect draws, penalties as points lost).

>>> entry = TeamEntry(melded=905, held=35, clean_piles=2, dirty_piles=2, wild_piles=1,
...                   red_threes=1, went_out=True, penalties=100)
>>> score = score_team(entry)
>>> [part.describe() for part in score.parts if part.points]  # doctest: +NORMALIZE_WHITESPACE
['melded cards 905', 'wild piles 1 × 1500 = 1500', 'clean piles 2 × 500 = 1000',
 'dirty piles 2 × 300 = 600', 'red 3s 1 × 100 = 100', 'going out 100', 'cards held -35',
 'penalties -100']
>>> score.total
4070
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from ...errors import (CardCountError, GoingOutError, HandEntryError, Location,
                       WentOutShortError, WrongTypeError)
from ...text import spoken_list
from ...model.ruleset import Options
from ...model.team_sheet import ScorePart
from .going_out import PILES_TO_GO_OUT
from .melds import PileKind
from .options import resolve_options
from .possible import least_melded

POINT_STEP = 5  # every card is worth a multiple of 5
PENALTY_STEP = 50  # the penalties are 50 and 100


@dataclass(frozen=True)
class TeamEntry:
    """One team's end of a hand; ``melded`` and ``held`` are card values."""

    melded: int
    held: int
    clean_piles: int
    dirty_piles: int
    wild_piles: int
    red_threes: int
    went_out: bool
    perfect_draws: int = 0
    penalties: int = 0  # points lost, a positive number

    @classmethod
    def from_mapping(cls, data: Any, location: Location = ()) -> TeamEntry:
        """An entry read from the API's or a kept event's object; bad fields raise."""
        if not isinstance(data, Mapping):
            raise WrongTypeError("A team's entry must be an object of its numbers.", location)
        known = {f.name: f for f in fields(cls)}
        for name in data:
            if name not in known:
                raise HandEntryError(f"A Hand and Foot entry has no {str(name)[:40]!r}.",
                                     (*location, str(name)))
        values = {}
        for name, spec in known.items():
            if name not in data:
                if spec.default is not MISSING:  # perfect_draws and penalties may be left out
                    continue
                raise HandEntryError(f"The entry needs {name}.", (*location, name))
            values[name] = data[name]
        return cls(**values)


@dataclass(frozen=True)
class TeamScore:
    parts: tuple[ScorePart, ...]

    @property
    def total(self) -> int:
        return sum(part.points for part in self.parts)

    def part(self, key: str) -> ScorePart:
        return next(part for part in self.parts if part.key == key)


_BONUSES = (("wild_piles", "wild piles", "wild_pile_bonus"),
            ("clean_piles", "clean piles", "clean_pile_bonus"),
            ("dirty_piles", "dirty piles", "dirty_pile_bonus"),
            ("red_threes", "red 3s", "red_three_bonus"))


def score_team(entry: TeamEntry, options: Options | None = None, location: Location = (),
               team: str = "The team") -> TeamScore:
    """The team's hand score in parts; an entry no hand could end with raises."""
    resolved = resolve_options(options)
    _check_entry(entry, location, team)
    return TeamScore(team_parts(entry, resolved))


def team_parts(entry: TeamEntry, resolved: Options) -> tuple[ScorePart, ...]:
    """The parts of an entry's score, not judged (``resolved``: every option): the screen
    shows them while the entry is made."""
    parts = [ScorePart("melded", "melded cards", entry.melded)]
    for key, label, option in _BONUSES:
        count = getattr(entry, key)
        parts.append(ScorePart(key, label, count * resolved[option], count, resolved[option]))
    out = int(entry.went_out)
    parts.append(ScorePart("going_out", "going out", out * resolved["going_out_bonus"], out,
                           resolved["going_out_bonus"], yes_or_no=True))
    parts.append(ScorePart("perfect_draws", "perfect draws",
                           entry.perfect_draws * resolved["perfect_draw_bonus"],
                           entry.perfect_draws, resolved["perfect_draw_bonus"]))
    parts.append(ScorePart("held", "cards held", -entry.held))
    parts.append(ScorePart("penalties", "penalties", -entry.penalties))
    return tuple(parts)


def score_hand(teams: Mapping[str, TeamEntry | Mapping[str, Any]],
               options: Options | None = None) -> dict[str, TeamScore]:
    """Every team's hand score; at most one team went out (none when the stock ran dry)."""
    if not isinstance(teams, Mapping) or not teams:
        raise WrongTypeError("teams must be an object of each team's entry by name.", "teams")
    resolved = resolve_options(options)
    scores, out = {}, None
    for name, given in teams.items():
        where = ("teams", str(name))
        entry = given if isinstance(given, TeamEntry) else TeamEntry.from_mapping(given, where)
        if entry.went_out is True and out is not None:
            raise GoingOutError(f"{out} and {name} cannot both have gone out: one team goes "
                                "out and the hand ends.", (*where, "went_out"))
        scores[name] = score_team(entry, resolved, where, str(name))
        out = name if entry.went_out is True else out
    return scores


def _check_entry(entry: TeamEntry, location: Location, team: str) -> None:
    for name in ("melded", "held", "penalties", "clean_piles", "dirty_piles", "wild_piles",
                 "red_threes", "perfect_draws"):
        value = getattr(entry, name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{name} must be a whole number.", (*location, name))
        if value < 0:
            error = HandEntryError if name in ("melded", "held", "penalties") else CardCountError
            raise error(f"{name} cannot be below 0 (penalties are entered as the points "
                        "lost).", (*location, name))
    for name, what, step in (("melded", "melded points", POINT_STEP),
                             ("held", "held points", POINT_STEP),
                             ("penalties", "penalties", PENALTY_STEP)):
        value = getattr(entry, name)
        if value % step:
            raise HandEntryError(f"Hand and Foot {what} come in {step}s: {value} can't be "
                                 "right.", (*location, name))
    if not isinstance(entry.went_out, bool):
        raise WrongTypeError("went_out must be true or false.", (*location, "went_out"))
    if entry.went_out:
        _check_piles_to_go_out(entry, location, team)
    least = least_melded(entry.clean_piles, entry.dirty_piles, entry.wild_piles)
    if entry.melded < least:  # the piles' own cards are melded cards
        raise HandEntryError(f"{team}'s piles alone are worth at least {least} in cards, so "
                             f"melded cannot be {entry.melded}.", (*location, "melded"))


def _check_piles_to_go_out(entry: TeamEntry, location: Location, team: str) -> None:
    have = {PileKind.CLEAN: entry.clean_piles, PileKind.DIRTY: entry.dirty_piles,
            PileKind.WILD: entry.wild_piles}
    if all(have[kind] >= need for kind, need in PILES_TO_GO_OUT.items()):
        return
    had = _pile_words(have)
    needed = _pile_words(PILES_TO_GO_OUT)
    raise WentOutShortError(f"{team} cannot have gone out with {had}: going out needs "
                            f"{needed}.", (*location, "went_out"))


def _pile_words(counts: Mapping[PileKind, int]) -> str:
    """
    >>> _pile_words({PileKind.CLEAN: 2, PileKind.DIRTY: 1, PileKind.WILD: 1})
    '2 clean, 1 dirty and 1 wild pile'
    """
    words = [f"{count} {kind.value}" for kind, count in counts.items()]
    last = list(counts.values())[-1]
    return f"{spoken_list(words)} pile{'s' * (last != 1)}"
