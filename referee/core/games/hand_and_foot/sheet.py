"""A Hand and Foot team's end of hand as the entry screen asks for it, and in a few words.

>>> options = resolve_options()
>>> [(c.label, c.points) for c in SHEET.classes(options)["held"]][-2:]
[('Black 3', 5), ('Red 3', 100)]
>>> us = {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2, "wild_piles": 1,
...       "red_threes": 1, "went_out": True, "penalties": 100}
>>> print(SHEET.summary(us, options))
melded 905, 1 wild, 2 clean, 2 dirty piles, 1 red 3, went out; penalties −100
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ...cards import JOKER, Rank, Suit, natural
from ...model.ruleset import Options
from ...model.team_sheet import CardClass, Counter, ScorePart, TeamSheet
from ...text import counted
from .cards import card_value
from .options import resolve_options
from .going_out import PENALTIES
from .possible import melded_bounds
from .scoring import TeamEntry, team_parts

MINUS = "\u2212"


def _worth(rank: Rank) -> int:
    return card_value(natural(rank, Suit.SPADES))


def _classes(options: Options) -> dict[str, tuple[CardClass, ...]]:
    """Melded: joker, 2, ace, K to 8, 7 to 4; held adds the black 3 and the red 3 (a house
    rule says what a red 3 still held costs)."""
    melded = (CardClass("joker", "Joker", card_value(JOKER)),
              CardClass("two", "2", _worth(Rank.TWO)),
              CardClass("ace", "Ace", _worth(Rank.ACE)),
              CardClass("high", "K–8", _worth(Rank.KING)),
              CardClass("low", "7–4", _worth(Rank.SEVEN)))
    held = (*melded, CardClass("black_three", "Black 3", _worth(Rank.THREE)),
            CardClass("red_three", "Red 3", resolve_options(options)["red_three_held"]))
    return {"melded": melded, "held": held}


COUNTERS = (Counter("clean_piles", "Clean piles", "clean_piles"),
            Counter("dirty_piles", "Dirty piles", "dirty_piles"),
            Counter("wild_piles", "Wild piles", "wild_piles"),
            Counter("red_threes", "Red 3s laid aside", "red_threes"),
            Counter("perfect_draws", "Perfect draws (22 cards)", "perfect_draws"))


def _entry(given: Mapping[str, Any]) -> TeamEntry:
    """An entry of whole numbers (anything else counts as 0), for showing it."""
    values: dict[str, Any] = {}
    for spec in fields(TeamEntry):
        value = given.get(spec.name)
        if spec.name == "went_out":
            values[spec.name] = value is True
        else:
            values[spec.name] = value if isinstance(value, int) and not isinstance(
                value, bool) else 0
    return TeamEntry(**values)


def _parts(given: Mapping[str, Any], options: Options) -> tuple[ScorePart, ...]:
    return team_parts(_entry(given), resolve_options(options))


def _summary(given: Mapping[str, Any], options: Options) -> str:
    """What made the score: the cards melded, the piles, red 3s, going out, what was held."""
    entry = _entry(given)
    words = [f"melded {entry.melded}"]
    piles = [(count, kind) for count, kind in ((entry.wild_piles, "wild"),
                                               (entry.clean_piles, "clean"),
                                               (entry.dirty_piles, "dirty")) if count]
    if piles:
        last = piles[-1][0]
        words.append(", ".join(f"{count} {kind}" for count, kind in piles)
                     + f" pile{'s' * (last != 1)}")
    if entry.red_threes:
        words.append(f"{entry.red_threes} red 3{'s' * (entry.red_threes != 1)}")
    if entry.perfect_draws:
        words.append(counted(entry.perfect_draws, "perfect draw"))
    if entry.went_out:
        words.append("went out")
    if entry.held:
        words.append(f"held {MINUS}{entry.held}")
    line = ", ".join(words)
    return f"{line}; penalties {MINUS}{entry.penalties}" if entry.penalties else line


SHEET = TeamSheet(classes=_classes, counters=COUNTERS, penalties=PENALTIES, parts=_parts,
                  summary=_summary, amount_parts={"melded": "melded", "held": "held"},
                  out_part="going_out", counted="its piles, red 3s and perfect draws",
                  held_where="in hand and in any foot not picked up",
                  titles={"melded": "Melded cards", "counters": "Piles and bonuses",
                          "held": "Still held (hand, and any foot not picked up)"},
                  bounds=melded_bounds)
