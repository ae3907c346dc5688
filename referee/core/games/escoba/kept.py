"""A kept Escoba hand entered as each side's captures: the ``sides`` the /escoba/score
question takes (each side's cards and escobas, or a score sheet's counts), scored by
``score_hand``; the sides of a kept game are its players.

>>> hand_scores(("Ann", "Bo"), {"Ann": {"cards": "7D 7S 6H AC 2D KS", "escobas": 1},
...                            "bo": {"cards": ["6D", "5D", "6S", "5H", "QC"], "escobas": 0}})
{'Ann': 4, 'Bo': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Card, parse_cards
from ...errors import GameSetupError, HandEntryError, RefereeInputError, WrongTypeError
from ...model.score_bounds import ScoreBounds
from ...model.seats import seat_of
from ...model.side_sheet import CARDS, YES_NO, SideBox, SideSheet
from ...model.team_sheet import ScorePart
from .captures import OPENING_TABLE
from .cards import DECK
from .score import HandPoints, SideCards, SideCounts, score_hand

WHERE = ("event", "sides")


def _cards(value: Any, at: tuple) -> tuple[Card, ...]:
    """Cards as ``"7D 5S"`` or ``["7D", "5S"]``."""
    if isinstance(value, list) and all(isinstance(card, str) for card in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise WrongTypeError("Give the cards as text, such as 7D 5S.", at)
    try:
        return tuple(parse_cards(value))
    except RefereeInputError as error:  # located at the side's cards, not the text's
        error.location = at
        raise


def _side(value: Any, at: tuple) -> SideCards | SideCounts:
    if not isinstance(value, Mapping):
        raise WrongTypeError("A side gives its cards and escobas, or its count, diamonds, "
                             "seven_of_diamonds, best and escobas.", at)
    escobas = value.get("escobas", 0)
    if "cards" in value:
        return SideCards(_cards(value["cards"], (*at, "cards")), escobas)
    best = value.get("best")
    return SideCounts(value.get("count"), value.get("diamonds"),
                      value.get("seven_of_diamonds", False),
                      None if best is None else _cards(best, (*at, "best")), escobas)


def hand_scores(players: Sequence[str], sides: Any) -> dict[str, int]:
    """Each side's points for the hand from every side's captures; refusals located in
    ``event.sides``."""
    return {name: points.total for name, points in _points(players, sides).items()}


# A hand's parts as a score sheet names them, in the order they are counted.
PART_WORDS = (("cards", "Most cards"), ("diamonds", "Most diamonds"),
              ("seven_of_diamonds", "7♦"), ("setenta", "La setenta"), ("escobas", "Escobas"))


POINTS = len(PART_WORDS) - 1  # most cards, most diamonds, the 7♦, la setenta: one side each
# Two at the deal (30 on the table), then at most every second play: the table a capture
# clears is empty for the play after it.
MOST_ESCOBAS = 2 + (DECK.size() - OPENING_TABLE) // 2
MOST_TOGETHER = POINTS + MOST_ESCOBAS


def hand_bounds(sides: Sequence[str], dealer: str | None = None) -> ScoreBounds:
    """What a hand's typed scores may come to together: each point to one side at the most,
    and every escoba the cards allow.

    >>> hand_bounds(("Ann", "Bo")).words()
    'Together 0 to 24.'
    """
    return ScoreBounds((0, MOST_TOGETHER), why_most=(
        f"{POINTS} points, one side each, and {MOST_ESCOBAS} escobas at the most: two at the "
        "deal, then one every second play"))


def hand_parts(sides: Sequence[str], entries: Any) -> dict[str, tuple[ScorePart, ...]]:
    """Each side's points in named parts, for the entry screen.

    >>> hand_parts(("Us", "Them"), {"Us": {"count": 22, "diamonds": 6, "escobas": 1},
    ...                             "Them": {"count": 18, "diamonds": 4}})["Us"][0]
    ScorePart(key='cards', label='Most cards', points=1, count=None, each=None, yes_or_no=False)
    """
    return {name: tuple(ScorePart(key, label, getattr(points, key))
                        for key, label in PART_WORDS)
            for name, points in _points(sides, entries).items()}


SIDE_SHEET = SideSheet(boxes=(
    SideBox("count", "Cards taken", most=DECK.size()),
    SideBox("diamonds", "Diamonds taken", most=DECK.size() // 4),
    SideBox("seven_of_diamonds", "Took the 7♦", kind=YES_NO),
    SideBox("best", "Best card of each suit", kind=CARDS,
            hint="For la setenta, such as 7♦ 7♠ 6♥ A♣; empty when a suit is missing."),
    SideBox("escobas", "Escobas", most=DECK.size() // 2,
            hint="The dealer's escobas at the deal count too."),
), parts=hand_parts, title="What each side took")


def _points(players: Sequence[str], sides: Any) -> dict[str, HandPoints]:
    if not isinstance(sides, Mapping):
        raise WrongTypeError("sides gives each player's captures by name.", WHERE)
    read = {}
    try:
        for name, side in sides.items():
            try:
                seated = players[seat_of(players, name, (*WHERE, str(name)))]
            except GameSetupError as error:
                raise HandEntryError(error.message, error.field) from None
            read[seated] = _side(side, ("sides", seated))
        missing = [name for name in players if name not in read]
        if missing:
            raise HandEntryError(f"Give {missing[0]}'s captures too.", ("sides", missing[0]))
        points = score_hand(read)
    except RefereeInputError as error:
        if tuple(error.location or ())[:2] == WHERE:
            raise
        raise error.within("event") from None
    return {name: points[name] for name in players}
