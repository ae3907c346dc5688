"""Eversol Rummy: is a discard a rummy card, and the rulings that hang on one.

Once anyone has gone down, a discard that could be added to a meld on the
table (at either end of a run, or to a book of its rank) is a rummy card, and
a thrown joker always is. A card whose only place is one a joker already holds
is not: giving it would be buying the joker, not adding to the meld. The melds
are read as they lie (``referee.core.table``), so each joker in a run stands
for the card at its place.

These rulings take the Eversol table they are asked at (``TableRules``); asked without one
(the API, the checker), ``..rulings`` supplies Eversol's own, as the game declares it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ....cards import Card
from ....melds import MeldKind, MeldRules
from ....model.ruleset import TableRules
from ....table import TableMeld, lie_table, table_fields
from ....rule_anchors import RuleAnchor
from ....text import spoken_list

_NOBODY_DOWN = "Nobody has gone down yet, so no discard is a rummy card."


@dataclass(frozen=True)
class RummyRuling:
    rummy: bool
    plays_on: tuple[int, ...]  # indices of the table melds the card could be added to
    reason: str
    rule: ClassVar[RuleAnchor] = RuleAnchor.CALLS


def rummy_ruling(card: Card, table: Sequence[Sequence[Card]], rules: TableRules) -> RummyRuling:
    """Whether ``card``, just thrown, is a rummy card with ``table`` lying as listed.

    ``rules`` is an Eversol table (its house options word the reason). The table and the
    card must all exist at once in the decks; errors name fields like the API's
    (``table[1][2]``).
    """
    _check_supply(rules, card, table)
    laid = _lie(table, rules)
    if not laid:
        return RummyRuling(False, (), _NOBODY_DOWN)
    thrown = card.bare()  # a thrown joker stands for nothing yet
    fitting = {}
    for index, readings in enumerate(laid):
        reading = next((m for m in readings if m.extend([thrown], rules.melds).valid), None)
        if reading is not None:
            fitting[index] = reading
    plays_on = tuple(fitting)
    caller = _callers_part(rules, len(plays_on))
    if thrown.is_joker:
        return RummyRuling(True, plays_on,
                           f"A joker thrown once anyone is down is always a rummy card{caller}.")
    if fitting:
        places = spoken_list([_describe(meld, rules.melds) for meld in fitting.values()])
        return RummyRuling(True, plays_on,
                           f"{card.label} is a rummy card: it could go on {places}{caller}.")
    freed = _meld_whose_joker(thrown, laid, rules)
    if freed is not None:
        return RummyRuling(False, (), (
            f"{card.label} only matches what the joker stands for in "
            f"{_describe(freed, rules.melds)}, which does not make it a rummy card."))
    return RummyRuling(False, (), f"{card.label} fits no meld on the table, so it is not a "
                                  "rummy card.")


def check_thrown_rummy(card: Card, thrower: str, table_then: Sequence[Sequence[Card]],
                       table_now: Sequence[Sequence[Card]], rules: TableRules) -> RummyRuling:
    """Whether ``card`` is a rummy card, judged as ``thrower`` threw it with ``table_then``
    lying as listed: a meld laid or added to since (``table_now``) changes nothing.

    >>> from referee.core import parse_card, parse_cards
    >>> from referee.core.games.eversol.ruleset import EVERSOL
    >>> rules = EVERSOL.configure(decks=1)
    >>> sixes = [parse_cards("6S 6H 6D")]
    >>> check_thrown_rummy(parse_card("6C"), "Ben", [], sixes, rules).reason
    'Nobody had gone down when Ben threw 6♣, so it is not a rummy card: a discard is judged \
by the table as it lay when it was thrown.'
    >>> check_thrown_rummy(parse_card("9S"), "Ben", [], sixes, rules).reason.startswith(
    ...     "Nobody had gone down when Ben threw 9♠")  # it fits nothing now either
    True
    >>> check_thrown_rummy(parse_card("6C"), "Ben", sixes, sixes, rules).rummy
    True
    """
    ruling = rummy_ruling(card, table_then, rules)
    if not table_then and table_now:
        # Whether or not it fits now: the table shows someone down, so "nobody is down"
        # would read as a mistake.
        return RummyRuling(False, (), (
            f"Nobody had gone down when {thrower} threw {card.label}, so it is not a rummy "
            "card: a discard is judged by the table as it lay when it was thrown."))
    if ruling.rummy or not rummy_ruling(card, table_now, rules).rummy:
        return ruling
    return RummyRuling(False, (), (
        f"{card.label} fitted no meld on the table when {thrower} threw it, so it is not a "
        "rummy card: a meld laid or added to since does not make it one."))


def joker_freed_by(card: Card, table: Sequence[Sequence[Card]], rules: TableRules) -> bool:
    """Whether ``card`` could buy a joker lying on the table (``..rulings.frees_a_joker``)."""
    return _meld_whose_joker(card, _lie(table, rules), rules) is not None


def joker_warning(card: Card, table: Sequence[Sequence[Card]], discarder_is_down: bool,
                  players_not_down: int, rules: TableRules) -> str | None:
    """The etiquette warning at the Eversol table ``rules``
    (``..rulings.joker_buyer_warning``)."""
    if not (discarder_is_down and players_not_down > 1):
        return None
    if not rules.options["joker_buyer_warning"]:
        return None
    meld = _meld_whose_joker(card, _lie(table, rules), rules)
    if meld is None:
        return None
    return (f"{card.label} could buy the joker in {_describe(meld, rules.melds)} while "
            f"{players_not_down} players are still not down; that is allowed, but frowned on.")


def penalty_points(thrown: Card, callers_discard: Card, rules: TableRules) -> int:
    """Ari's rule at the Eversol table ``rules`` (``..rulings.rummy_penalty_points``)."""
    if not rules.options["aris_rule"]:
        return 0
    return rules.card_value(thrown) + rules.card_value(callers_discard)


# --- Reading the table ------------------------------------------------------------------------

def _lie(table: Sequence[Sequence[Card]], rules: TableRules) -> list[list[TableMeld]]:
    return lie_table(table, rules.melds)


def _check_supply(rules: TableRules, card: Card, table: Sequence[Sequence[Card]]) -> None:
    """The table and the thrown card together fit in the decks; errors name the request field."""
    rules.deck.check_named_supply([*table_fields(table), ("card", card)], rules.decks)


def _meld_whose_joker(card: Card, laid: list[list[TableMeld]],
                      rules: TableRules) -> TableMeld | None:
    """The first table meld whose joker ``card`` could be given for, if any."""
    if card.is_joker:
        return None
    return next((meld for readings in laid for meld in readings
                 if meld.swap_joker(card, rules.melds).valid), None)


# --- Words ------------------------------------------------------------------------------------

def _callers_part(rules: TableRules, places: int) -> str:
    """What the first to call rummy (never the thrower) does with it, by the house option."""
    if rules.options["rummy_card"] == "meld" and places:
        where = ("puts it on the one meld it fits" if places == 1
                 else "chooses which meld it goes on")
        return f", and at this table the first to call rummy (not the thrower) {where}"
    return ", so the first to call rummy (not the thrower) makes it dead"


def _describe(meld: TableMeld, rules: MeldRules) -> str:
    if meld.kind is MeldKind.BOOK:
        return f"the {rules.book_word} of {meld.rank.word}"
    return f"the {rules.run_word} {' '.join(card.label for card in meld.cards)}"

