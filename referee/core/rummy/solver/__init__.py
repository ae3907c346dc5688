"""The hand arranger: the best melds out of the cards a player holds.

>>> from referee.core import get_ruleset, parse_cards
>>> eversol = get_ruleset("eversol").configure(decks=2)
>>> best = arrange(parse_cards("3H 4H 5H 6H 9S 10S JS JK KD KC KH"), eversol, hand=6)
>>> best.possible, [" ".join(map(str, m)) for m in best.melds]
(True, ['KH KD KC', '9S 10S JS JK=QS', '3H 4H 5H 6H'])
>>> basic = get_ruleset("basic").configure()
>>> left = arrange(parse_cards("5H 5S 5D 9C 2C 3C 4C KH"), basic)
>>> [str(c) for c in left.leftover], left.leftover_points
(['KH', '9C'], 19)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, sort_key
from ..contracts import check_contract, contract_for
from ...model.finishing import going_out_verdict
from ...model.ruleset import TableRules
from .contract import solve_contract
from .free import FreeParts, free_parts
from .limits import MAX_CARDS, check_card_count
from .progress import ContractProgress, contract_progress
from .result import Arrangement, free_arrangement, sort_cards
from .search import SearchStats


def arrange(cards: Sequence[Card], table: TableRules, hand: int | None = None,
            stats: SearchStats | None = None) -> Arrangement:
    """The arrangement leaving the fewest points held (Eversol: of the hand's contract; a game
    with an opening minimum: with how far it goes toward ``hand``'s). ``stats``, if given,
    gains the work of the any-melds games' searches (see SearchStats)."""
    table.check_arranges(hands=True)
    check_card_count(len(cards), table)
    if table.ruleset.arrange_hand is not None:  # a game whose melds are its own to arrange
        return table.ruleset.arrange_hand(cards, table, hand)
    if not table.ruleset.contracts:
        # free_parts checks the cards against the decks as it reads them
        melds, kinds, leftover, points = free_parts(cards, table, stats)
        kept = bool(cards) and not leftover and table.turn_rules is not None and (
            table.turn_rules.discard_to_go_out)
        if kept:  # every card melds, but this table goes out only by discarding one
            melds, kinds, leftover, points = _keeping_one(cards, table, stats)
        # made once, going out and all: dataclasses.replace took a fifth of a short call
        return free_arrangement(melds, kinds, leftover, points,
                                going_out_verdict(table, melds, leftover, kept))
    table.check_supply(cards)
    bare = [card.bare() for card in cards]
    return solve_contract(bare, table, contract_for(table, hand))


def _keeping_one(cards: Sequence[Card], table: TableRules, stats: SearchStats | None
                 ) -> FreeParts:
    """The fewest points held with at least one card kept: some card ``c`` is kept, and the
    best of the rest is then the arrangement of the other cards, so try each kind of card.

    Cheapest first: keeping ``c`` holds at least its own points, so once an arrangement
    holds no more than that, no dearer card is tried (a hand that melds whole is done in
    a search or two, not one per kind). Ties go to the first kind by sort_key, as when
    every kind was tried in that order.
    """
    kinds = sorted({card.bare() for card in cards}, key=sort_key)
    best, best_key = None, None
    for value, at in sorted((table.card_value(card), at) for at, card in enumerate(kinds)):
        if best_key is not None and (value, at) >= best_key:
            continue  # it holds at least ``value``: it cannot come before the best
        card = kinds[at]
        rest = list(cards)
        rest.remove(next(c for c in cards if c.bare() == card))
        melds, meld_kinds, leftover, points = free_parts(rest, table, stats)
        points += value
        if best_key is None or (points, at) < best_key:
            best_key = (points, at)
            best = melds, meld_kinds, tuple(sort_cards([*leftover, card])), points
    assert best is not None
    return best


__all__ = ["MAX_CARDS", "Arrangement", "ContractProgress", "SearchStats", "arrange",
           "check_card_count", "check_contract", "contract_progress"]
