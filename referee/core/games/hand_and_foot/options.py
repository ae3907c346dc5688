"""Hand and Foot's house rules: the opening schedule, each bonus, a red 3 held, the wild limits.

The defaults are the project's reading of the rules (docs/rules.md, "Hand and Foot").

>>> options = resolve_options({"opening_4": 200})
>>> opening_minimum(4, options), opening_minimum(1, options)
(200, 50)
>>> wild_limit(5, options), wild_limit(6, options)
(1, 2)
>>> resolve_options({"opening_5": 10})
Traceback (most recent call last):
...
referee.core.errors.UnknownOptionError: Hand and Foot has no house rule called 'opening_5'.
"""

from __future__ import annotations

from typing import Any

from ...errors import HandNumberError, WrongTypeError
from ...model.ruleset import Options, OptionSpec, resolve_house_options

TITLE = "Hand and Foot"
HANDS = 4
OPENING_DEFAULTS = (50, 90, 120, 150)
LONG_MELD = 6  # from this many cards a meld may hold the larger number of wild cards


def _opening(hand: int, default: int) -> OptionSpec:
    return OptionSpec(f"opening_{hand}", default,
                      f"The least a team's first melds must be worth in hand {hand}.",
                      minimum=0, maximum=1000,
                      question=f"What must a team's first melds be worth in hand {hand}?")


def _bonus(name: str, default: int, what: str) -> OptionSpec:
    return OptionSpec(name, default, f"Bonus for {what}.", minimum=0, maximum=5000,
                      question=f"What is the bonus for {what}?")


ALL_WILD = "A meld of wild cards only is always allowed."

OPTIONS: tuple[OptionSpec, ...] = (
    *(_opening(hand, default) for hand, default in enumerate(OPENING_DEFAULTS, start=1)),
    _bonus("wild_pile_bonus", 1500, "each wild pile (seven wild cards)"),
    _bonus("clean_pile_bonus", 500, "each clean pile (seven cards, no wild card)"),
    _bonus("dirty_pile_bonus", 300, "each dirty pile (seven cards, naturals and wilds)"),
    _bonus("red_three_bonus", 100, "each red 3 laid aside"),
    _bonus("going_out_bonus", 100, "the team that goes out"),
    _bonus("perfect_draw_bonus", 100, "each player who picked up exactly 22 cards at the deal"),
    OptionSpec("red_three_held", 100, "What a red 3 still held at the end of a hand (in a hand "
               "or a foot not picked up) counts against the team.", minimum=0, maximum=1000,
               question="What does a red 3 still held at the end of a hand count against the "
                        "team?", hint="In a hand, or a foot not picked up."),
    OptionSpec("short_meld_wilds", 1, "The most wild cards a meld of 3 to 5 cards may hold "
               "(a meld of wild cards only is always allowed).", minimum=0, maximum=2,
               affects_melds=True, question="How many wild cards may a meld of 3 to 5 cards "
                                            "hold?", hint=ALL_WILD),
    OptionSpec("long_meld_wilds", 2, "The most wild cards a meld of 6 or 7 cards may hold "
               "(a meld of wild cards only is always allowed).", minimum=0, maximum=3,
               affects_melds=True, question="How many wild cards may a meld of 6 or 7 cards "
                                            "hold?", hint=ALL_WILD),
)


def resolve_options(given: Options | None = None) -> Options:
    """The defaults overlaid with a table's choices; an unknown name or a bad value raises."""
    return resolve_house_options(TITLE, OPTIONS, given)


def check_hand(hand: Any, location: tuple = ("hand",)) -> int:
    """``hand`` if it is one of the game's four; raises otherwise.

    >>> check_hand(5)
    Traceback (most recent call last):
    ...
    referee.core.errors.HandNumberError: Hand and Foot has 4 hands: hand must be 1 to 4, not 5.
    """
    if not isinstance(hand, int) or isinstance(hand, bool):
        raise WrongTypeError("hand must be a whole number from 1 to 4.", location)
    if not 1 <= hand <= HANDS:
        raise HandNumberError(f"{TITLE} has {HANDS} hands: hand must be 1 to {HANDS}, "
                              f"not {hand}.", location)
    return hand


def opening_minimum(hand: int, options: Options) -> int:
    """What a team's first melds must reach in ``hand`` (1 to 4)."""
    return options[f"opening_{check_hand(hand)}"]


def wild_limit(cards: int, options: Options) -> int:
    """The most wild cards a meld of ``cards`` cards may hold beside natural ones."""
    return options["long_meld_wilds" if cards >= LONG_MELD else "short_meld_wilds"]
