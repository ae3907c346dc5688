"""How a player's turn may end the hand, as one table plays it: the arranger's going-out answer.

Games without contracts (500, Basic, Base Rules) differ in how a player goes out: with or
without a last discard, "floating" with no cards until the turn comes round, only by throwing
a card that could not be melded, or laying one meld a turn except when going out at once.
Each ruleset turns its house options into ``TurnRules``; the hand arranger asks them what its
best melds mean for going out, so no screen or API answer needs to know the game.

>>> from referee.core import get_ruleset, parse_cards
>>> table = get_ruleset("500").configure(options={"going_out": "floating"})
>>> going_out_verdict(table, [parse_cards("QS KS AS")], []).reason
'These melds use every card, and at this table melding every card floats: play goes on, \
and on your next turn you go out by discarding the card you draw (or meld it and float again).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import Card

if TYPE_CHECKING:
    from .ruleset import TableRules


@dataclass(frozen=True)
class TurnRules:
    """What ends a hand and what a turn may lay down, at one table."""

    discard_to_go_out: bool = False  # going out needs a last discard: never meld every card
    floating: bool = False  # melding every card leaves the player in play ("floating")
    unplayable_last_discard: bool = False  # the last discard must fit none of the melds
    one_meld_a_turn: bool = False  # one meld a turn, except when going out all at once


@dataclass(frozen=True)
class GoingOut:
    """Whether laying the arranger's melds (and throwing the one card left) goes out, and why."""

    goes_out: bool
    reason: str


def going_out_verdict(table: TableRules, melds: Sequence[Sequence[Card]],
                      leftover: Sequence[Card], kept_to_discard: bool = False) -> GoingOut | None:
    """What laying ``melds`` and keeping ``leftover`` means for going out; ``None`` where the
    game has no such rules (Eversol's contracts say it; Tonk counts). ``kept_to_discard``: the
    arranger kept cards it could have melded, since this table goes out only by discarding."""
    rules = table.turn_rules
    if rules is None or not (melds or leftover):
        return None
    if not leftover:
        if rules.floating:
            return GoingOut(False, "These melds use every card, and at this table melding every "
                                   "card floats: play goes on, and on your next turn you go out "
                                   "by discarding the card you draw (or meld it and float again).")
        return GoingOut(True, "These melds use every card, so laying them down goes out.")
    if len(leftover) == 1:
        return _last_discard(table, melds, leftover[0])
    return _cards_left(len(leftover), kept_to_discard,
                       bool(rules.one_meld_a_turn and len(melds) > 1))


@lru_cache(maxsize=128)
def _cards_left(count: int, kept_to_discard: bool, lay_one_now: bool) -> GoingOut:
    """The verdict on melds that leave ``count`` cards (two or more) in hand: the same few
    sentences again and again (the arranger asks on every hand), so each is made once."""
    kept = (" This table goes out only with a last discard, so not every card is melded."
            if kept_to_discard else "")
    one_meld = (" This table lays one meld a turn unless going out, so lay one of these now."
                if lay_one_now else "")
    return GoingOut(False, f"These melds leave {count} cards in hand, so laying them "
                           f"down does not go out this turn.{kept}{one_meld}")


def _last_discard(table: TableRules, melds: Sequence[Sequence[Card]], card: Card) -> GoingOut:
    """One card left: throwing it goes out, unless this table's last discard must be unplayable
    and it fits one of these melds. The referee never sees the table's other melds."""
    if not table.turn_rules.unplayable_last_discard:
        return GoingOut(True, f"Lay these melds and discard the {card.label} to go out.")
    if any(_lays_off(table, meld, card) for meld in melds):
        return GoingOut(False, f"The {card.label} lays off on these melds, and at this table "
                               "the last discard must be a card that could not be melded: lay "
                               "it off too, and you go out later with a card that fits nowhere.")
    return GoingOut(True, f"Lay these melds and discard the {card.label} to go out, as long as "
                          "it lays off on no meld on the table: at this table the last discard "
                          "must be a card that could not be melded.")


def _lays_off(table: TableRules, meld: Sequence[Card], card: Card) -> bool:
    return table.lay(meld).extend([card], table.melds).valid

