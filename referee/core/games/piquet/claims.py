"""Declarations as the players say them across the table, typed on the score sheet: the point
("point of 5 worth 48", "5 48"), the sequences ("quint to the king, tierce to the ten") and
the sets ("quatorze of aces, three kings"). Read into ``Holdings``, they are compared as a
seen hand's would be (``compare_holdings``).

>>> read_point("point of 5 worth 48", ("elder",))
Point(suit=None, length=5, value=48)
>>> [s.words() for s in read_sequences("quint to the K, tierce to 10", ("elder",))]
['quint to the king', 'tierce to the ten']
>>> [s.words() for s in read_sets("quatorze of aces and 3 kings", ("elder",))]
['four aces', 'three kings']
>>> read_sets("three nines", ("younger", "sets"))
Traceback (most recent call last):
...
referee.core.games.piquet.errors.ClaimError: Sets are of tens or better: not nines.
"""

from __future__ import annotations

import re
from typing import Any

from ...cards import Rank
from ...errors import Location
from ...tricks import ace_high
from .cards import HAND_SIZE, Side
from .declarations import (SET_RANKS, CardSequence, CardSet, Holdings, Point,
                           _SEQUENCE_NAMES)
from .errors import ClaimError

_SEPARATORS = re.compile(r"\s*(?:,|;|\band\b|\+)\s*")
_RANKS = {"ace": Rank.ACE, "a": Rank.ACE, "king": Rank.KING, "k": Rank.KING,
          "queen": Rank.QUEEN, "q": Rank.QUEEN, "jack": Rank.JACK, "j": Rank.JACK,
          "ten": Rank.TEN, "10": Rank.TEN, "nine": Rank.NINE, "9": Rank.NINE,
          "eight": Rank.EIGHT, "8": Rank.EIGHT, "seven": Rank.SEVEN, "7": Rank.SEVEN}
_LENGTHS = {name.replace("è", "e"): length for length, name in _SEQUENCE_NAMES.items()}
_SET_SIZES = {"trio": 3, "three": 3, "3": 3, "quatorze": 4, "four": 4, "4": 4}
# A point's value: its cards' point values (ace 11, faces 10), the lowest and highest.
_POINT_VALUES = sorted([7, 8, 9, 10, 10, 10, 10, 11])
LONGEST = 8  # a suit has eight cards
SHORTEST_POINT = 3  # twelve cards in four suits: some suit has three

POINT_EXAMPLE = "5 worth 48"
SEQUENCES_EXAMPLE = "quint to the king"
SETS_EXAMPLE = "quatorze of aces"


def _text(value: Any) -> str:
    return " ".join(str(value or "").lower().replace("è", "e").split())


def _rank(word: str, location: Location, what: str) -> Rank:
    rank = _RANKS.get(word.rstrip("s") if word not in ("ace", "aces") else "ace")
    if rank is None:
        raise ClaimError(f"“{word}” is not a card of Piquet's deck ({what}).", location)
    return rank


def read_point(value: Any, location: Location) -> Point | None:
    """A point as declared: its length in cards and, if said, what it is worth."""
    text = _text(value)
    if not text:
        return None
    found = re.fullmatch(r"(?:point\s+)?(?:of\s+)?(\d+)(?:\s*(?:,|worth|of|=)?\s*(?:worth\s+)?"
                         r"(\d+))?", text)
    if found is None:
        raise ClaimError(f"Say the point as its cards and its worth, such as {POINT_EXAMPLE}.",
                         location)
    length = int(found[1])
    if not SHORTEST_POINT <= length <= LONGEST:
        raise ClaimError(f"A point is {SHORTEST_POINT} to {LONGEST} cards of one suit, "
                         f"not {length}.", location)
    if found[2] is None:
        return Point(None, length, None)
    worth, least, most = (int(found[2]), sum(_POINT_VALUES[:length]),
                          sum(_POINT_VALUES[-length:]))
    if not least <= worth <= most:
        raise ClaimError(f"A point of {length} is worth {least} to {most}, not {worth}.",
                         location)
    return Point(None, length, worth)


def read_sequences(value: Any, location: Location) -> tuple[CardSequence, ...]:
    """Every sequence declared, best first: "quint to the king", "5 to K"."""
    found = []
    for part in filter(None, _SEPARATORS.split(_text(value))):
        said = re.fullmatch(r"(\w+)\s+(?:to\s+)?(?:the\s+)?(\w+)", part)
        length = said and (_LENGTHS.get(said[1]) or (int(said[1]) if said[1].isdigit() else 0))
        if not said or not length:
            raise ClaimError(f"Say each sequence as its name and top card, such as "
                             f"{SEQUENCES_EXAMPLE}: not “{part}”.", location)
        top = _rank(said[2], location, "a sequence's top card")
        if not 3 <= length <= LONGEST or ace_high(top) - length + 1 < ace_high(Rank.SEVEN):
            raise ClaimError(f"No sequence of {length} cards runs up to the "
                             f"{top.word.rstrip('s')}: Piquet's cards start at the seven.",
                             location)
        found.append(CardSequence(None, top, length))
    return tuple(sorted(found, key=lambda s: s.strength, reverse=True))


def read_sets(value: Any, location: Location) -> tuple[CardSet, ...]:
    """Every set declared, best first: "quatorze of aces", "three kings"."""
    found: dict[Rank, CardSet] = {}
    for part in filter(None, _SEPARATORS.split(_text(value))):
        said = re.fullmatch(r"(\w+)\s+(?:of\s+)?(\w+)", part)
        if not said or said[1] not in _SET_SIZES:
            raise ClaimError(f"Say each set as how many and which, such as {SETS_EXAMPLE}: "
                             f"not “{part}”.", location)
        rank = _rank(said[2], location, "a set")
        if rank not in SET_RANKS:
            raise ClaimError(f"Sets are of tens or better: not {rank.word}.", location)
        if rank in found:
            raise ClaimError(f"{rank.word.capitalize()} are declared twice.", location)
        found[rank] = CardSet(rank, _SET_SIZES[said[1]])
    return tuple(sorted(found.values(), key=lambda s: s.strength, reverse=True))


def read_holdings(given: dict[Side, dict[str, Any]], where: dict[Side, dict[str, Location]]
                  ) -> tuple[Holdings, Holdings]:
    """Both players' declarations as typed (``point``, ``sequences``, ``sets`` by side),
    checked against each other: equal points need their worth, no rank held past four."""
    read = {side: Holdings(read_point(given[side].get("point"), where[side]["point"]),
                           read_sequences(given[side].get("sequences"),
                                          where[side]["sequences"]),
                           read_sets(given[side].get("sets"), where[side]["sets"]))
            for side in Side}
    points = [read[side].point for side in Side]
    if all(points) and points[0].length == points[1].length:  # type: ignore[union-attr]
        for side in Side:
            point = read[side].point
            if point is not None and point.value is None:
                raise ClaimError(f"Both points are of {point.length} cards: say what each is "
                                 f"worth, such as {point.length} worth "
                                 f"{sum(_POINT_VALUES[-point.length:]) - 1}.",
                                 where[side]["point"])
    for held in read[Side.YOUNGER].sets:
        other = next((s for s in read[Side.ELDER].sets if s.rank is held.rank), None)
        if other is not None and other.size + held.size > 4:
            raise ClaimError(f"Both players declare {held.rank.word}: the deck has four.",
                             where[Side.YOUNGER]["sets"])
    for side in Side:
        cards = sum(s.length for s in read[side].sequences)
        if cards > HAND_SIZE:
            raise ClaimError(f"These sequences need {cards} cards; a hand has {HAND_SIZE}.",
                             where[side]["sequences"])
    return read[Side.ELDER], read[Side.YOUNGER]
