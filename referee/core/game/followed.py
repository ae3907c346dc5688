"""The end of a hand the referee followed: the score entered must agree with what it saw.

The referee saw who went out, how many cards everyone kept (some of them by
face: a discard taken, a joker bought) and every rummy penalty under Ari's rule.
An entry that contradicts that is flagged, player by player; the table may still save it (the referee may have missed a step), and
the game keeps that it did.

>>> from referee.core.games.registry import EVERSOL
>>> seen = HandOutcome("Ben", {"Abe": 0, "Ben": 0, "Carl": 15}, {"Abe": 2, "Ben": 0, "Carl": 7})
>>> table = EVERSOL.configure(decks=1)
>>> for m in mismatches(seen, table, {"Abe": 200, "Ben": 0, "Carl": 50},
...                     {"Carl": {"way": "cards", "cards": ["K", "Q", "J"], "penalty": 20}}):
...     print(m.message)
The referee saw Abe keep 2 cards: worth 10 to 100 points, not 200.
The referee charged Carl a rummy penalty of 15 (Ari's rule), not 20.
The referee saw Carl keep 7 cards, but 3 were tapped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..games.followed_hands import HandOutcome, LiveHand, Phase
from ..model.ruleset import TableRules
from ..text import name_key, spoken_list
from .errors import HandEntryError


@dataclass(frozen=True)
class Mismatch:
    player: str
    message: str


class RefereeMismatchError(HandEntryError):
    """End-of-hand points that contradict the hand the referee followed."""

    code = "referee_mismatch"

    def __init__(self, found: list[Mismatch]):
        super().__init__(" ".join(m.message for m in found) + " If the referee missed a step, "
                         "save it anyway (overrides_referee).", ("event", "points", found[0].player))
        self.mismatches = found


def mismatches(seen: HandOutcome, table: TableRules, points: Mapping[str, int],
               entries: Mapping[str, Any]) -> list[Mismatch]:
    """Where ``points`` (everyone's, by the players' own names) and how they were entered
    contradict the hand as the referee saw it end; in seat order."""
    how = {name_key(name): entry for name, entry in entries.items()
           if isinstance(entry, Mapping)}
    found: list[Mismatch] = []
    for name, penalty_seen in seen.rummy_penalties.items():
        given = points.get(name, 0)
        if name == seen.went_out:
            if given != penalty_seen:
                found.append(Mismatch(name, _penalty_words(name, penalty_seen, given)))
            continue
        entry = how.get(name_key(name), {})
        penalty = (entry.get("penalty") or 0) if entry else penalty_seen
        if penalty != penalty_seen:
            found.append(Mismatch(name, _penalty_words(name, penalty_seen, penalty)))
        problem = _held_problem(name, seen.held[name], seen.seen.get(name, ()),
                                given - penalty, entry, seen.held_range(table, name))
        if problem:
            found.append(Mismatch(name, problem))
    return found


def still_playing(live: LiveHand, noun: str = "hand") -> str:
    """What the referee says of a hand it is following when a score is entered before anyone
    went out: it has not seen the end, so scoring now ends the hand against what it saw.

    >>> hand = LiveHand(["Abe", "Ben", "Carl"], dealer="Abe", hand=2)
    >>> still_playing(hand)
    "The referee is following hand 2 and has seen nobody go out: it is Ben's turn to draw."
    """
    turn = (f"it is {live.current}'s turn" if live.phase is None  # a turn is one step
            else f"it is {live.current}'s turn to draw" if live.phase is Phase.DRAW
            else f"{live.current} has drawn and is playing")
    return f"The referee is following {noun} {live.hand} and has seen nobody go out: {turn}."


def _penalty_words(name: str, seen: int, given: int) -> str:
    if seen == 0:
        return f"The referee saw no rummy penalty charged to {name}, but {given} was entered."
    return f"The referee charged {name} a rummy penalty of {seen} (Ari's rule), not {given}."


def _held_problem(name: str, kept: int, known: Sequence[Card], points: int,
                  entry: Mapping[str, Any], bound: tuple[int, int]) -> str | None:
    """Whether ``points`` could be what ``name`` kept: ``kept`` cards, ``known`` among them,
    worth ``bound`` (the least and the most) with the cards seen elsewhere left out."""
    cards = f"{kept} card{'s' if kept != 1 else ''}"
    way = entry.get("way")
    if way in ("cards", "counts"):
        told = (len(entry.get("cards") or ()) if way == "cards"
                else sum((entry.get("counts") or {}).values()))
        if told != kept:
            verb = "tapped" if way == "cards" else "counted"
            return (f"The referee saw {name} keep {cards}, but {told} "
                    f"{'was' if told == 1 else 'were'} {verb}.")
    low, high = bound
    if not low <= points <= high:
        among = f", {spoken_list([card.label for card in known])} among them" if known else ""
        return (f"The referee saw {name} keep {cards}{among}: worth {low} to {high} points, "
                f"not {points}.")
    return None
