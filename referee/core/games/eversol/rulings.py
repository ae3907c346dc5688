"""Eversol Rummy: is a discard a rummy card, and the rulings that hang on one, asked with
or without an Eversol table (``hand.rummy`` rules on them; this module supplies Eversol's own
table when none is given, so it sits above the game's ruleset).

>>> from referee.core import parse_card, parse_cards
>>> run = parse_cards("7D JK 9D 10D")
>>> check_rummy(parse_card("6D"), [run], decks=2).plays_on
(0,)
>>> check_rummy(parse_card("8D"), [run], decks=2).reason
'8♦ only matches what the joker stands for in the run 7♦ Joker 9♦ 10♦, which does not make \
it a rummy card.'
>>> frees_a_joker(parse_card("8D"), [run])
True
>>> rummy_penalty_points(parse_card("AS"), parse_card("9D"), {"aris_rule": True})
20
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import Card
from ...errors import NotInRulesetError
from ...model.ruleset import TableRules
from .hand.buys import BuyOutcome, BuyRuling, resolve_buy
from .hand.rummy import RummyRuling, joker_freed_by, joker_warning, penalty_points, rummy_ruling
from .ruleset import EVERSOL


def check_rummy(card: Card, table: Sequence[Sequence[Card]], decks: int = 1,
                rules: TableRules | None = None) -> RummyRuling:
    """Whether ``card``, just thrown, is a rummy card with ``table`` lying as listed.

    ``rules`` is an Eversol table (its house options word the reason); without
    it, Eversol's defaults with ``decks``. The table and the card must all
    exist at once in the decks; errors name fields like the API's (``table[1][2]``).
    """
    return rummy_ruling(card, table, _eversol(rules, decks))


def frees_a_joker(card: Card, table: Sequence[Sequence[Card]],
                  rules: TableRules | None = None) -> bool:
    """Whether ``card`` could buy a joker lying on the table.

    In a run it must be the card the joker stands for; in a book with a joker,
    any card of the book's rank. The decks are not counted here.

    >>> from referee.core import parse_card, parse_cards
    >>> frees_a_joker(parse_card("KS"), [parse_cards("KD KC JK")])
    True
    >>> frees_a_joker(parse_card("KS"), [parse_cards("KD KC KH")])
    False
    """
    return joker_freed_by(card, table, _eversol(rules, 1))


def joker_buyer_warning(card: Card, table: Sequence[Sequence[Card]], discarder_is_down: bool,
                        players_not_down: int,
                        options: Mapping[str, object] | None = None) -> str | None:
    """The etiquette warning, never a ban, for throwing a card that could buy a played joker.

    Given when the house option is on, the thrower has gone down, more than
    one player has not, and the card could free a joker on the table.

    >>> from referee.core import parse_card, parse_cards
    >>> joker_buyer_warning(parse_card("KS"), [parse_cards("KD KC JK")], True, 2)
    'K♠ could buy the joker in the book of kings while 2 players are still not down; \
that is allowed, but frowned on.'
    >>> print(joker_buyer_warning(parse_card("KS"), [parse_cards("KD KC JK")], True, 1))
    None
    """
    if not (discarder_is_down and players_not_down > 1):
        return None  # before configuring the rules: asked on every discard of a long hand
    return joker_warning(card, table, discarder_is_down, players_not_down,
                         EVERSOL.configure(options=options))


def rummy_penalty_points(thrown: Card, callers_discard: Card,
                         options: Mapping[str, object] | None = None) -> int:
    """Ari's rule: the points charged to whoever threw a called rummy card (0 when it is off).

    Both the rummy card and the card the caller discarded count, at Eversol's values.
    """
    return penalty_points(thrown, callers_discard, EVERSOL.configure(options=options))


def _eversol(rules: TableRules | None, decks: int) -> TableRules:
    if rules is None:
        return EVERSOL.configure(decks=decks)
    if rules.ruleset is not EVERSOL:
        raise NotInRulesetError(
            f"{rules.ruleset.title} has no rummy cards; they are an Eversol Rummy rule.",
            "ruleset")
    return rules


__all__ = ["BuyOutcome", "BuyRuling", "RummyRuling", "check_rummy", "frees_a_joker",
           "joker_buyer_warning", "resolve_buy", "rummy_penalty_points"]
