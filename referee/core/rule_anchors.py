"""Where a rule lives on the rules reference page (/rules/<game>#anchor).

A verdict or a refusal that applies a rule carries the anchor of the paragraph that
states it, so a screen can link the sentence to its rule. The anchors are the same in
every game; a game without such a rule simply has no paragraph there.
"""

from __future__ import annotations

from enum import Enum


class RuleAnchor(str, Enum):
    PLAYERS = "players"  # how many play, and the deal
    CARDS = "cards"  # the deck and what each card is worth
    MELDS = "melds"  # what a meld is, in general
    BOOKS = "books"  # melds of one rank
    RUNS = "runs"  # melds in one suit, ranks in a row
    WILD = "wild-cards"  # jokers (and other wild cards)
    CONTRACTS = "contracts"  # what each hand asks for before going down
    OPENING = "opening"  # what a team's first melds must be worth
    GOING_OUT = "going-out"
    SCORING = "scoring"
    CALLS = "calls"  # buying discards and calling rummy
    OPTIONS = "house-options"

    def __str__(self) -> str:
        return self.value


def option_anchor(name: str) -> str:
    """The paragraph of one house option: ``'option-buy_limit'``."""
    return f"option-{name}"
