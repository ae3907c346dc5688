"""POST /contracts/check and /hands/arrange: Eversol contracts, and the best melds in a hand
(with how near they come to the hand's opening minimum, in a game that has one)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import jsonify

from ..core import Card, TableRules
from ..core.rummy.contracts import contract_for
from ..core.errors import NotInRulesetError, RefereeInputError, WrongTypeError
from ..core.model.ruleset import Contract
from ..core.rummy.solver import arrange, check_card_count, check_contract, contract_progress
from .blueprint import api
from .melds import check_supply_together
from .requests import cards, field, json_object, melds, table_rules


class BadHandError(RefereeInputError):
    """A hand number the game does not have (Eversol: 1 to 6)."""

    code = "bad_hand"


class BadRemainingError(RefereeInputError):
    """A negative count of cards still held."""

    code = "bad_remaining"


@api.post("/contracts/check")
def check_contract_view():
    body = json_object()
    table = table_rules(body)
    hand = _hand(body)
    laid = melds(body, "melds")
    remaining = _remaining(body)
    contract = _contract(table, hand)
    check_supply_together(table, {f"melds[{i}]": meld for i, meld in enumerate(laid)})
    verdict = check_contract(laid, table, hand, remaining)
    return jsonify({
        "valid": verdict.valid,
        "kinds": None if verdict.kinds is None else [kind.value for kind in verdict.kinds],
        "reason": verdict.reason,
        "broken_meld": verdict.broken_meld,
        "contract": _contract_json(contract, table),
    })


@api.post("/hands/arrange")
def arrange_hand():
    body = json_object()
    table = table_rules(body)
    table.check_arranges(hands=True)
    hand = contract = None
    # A hand given is a whole number in every game (else malformed, as the document says),
    # though only some games use it.
    given = None if field(body, "hand", None) is None else _hand(body)
    if table.ruleset.contracts:  # Eversol: the hand says which contract to make
        hand = _hand(body)
        contract = _contract(table, hand)
    elif table.ruleset.opening is not None:
        hand = given  # a game with an opening minimum: how near the melds come to it
    held = _arrangeable_cards(body, "cards", table)
    best = arrange(held, table, hand)
    answer: dict[str, Any] = {
        "possible": best.possible,
        "melds": [[str(card) for card in meld] for meld in best.melds],
        "kinds": [kind.value for kind in best.kinds],
        "leftover": [str(card) for card in best.leftover],
        "leftover_points": best.leftover_points,
    }
    if best.going_out is not None:  # games without contracts: what laying the melds means
        answer["going_out"] = {"goes_out": best.going_out.goes_out,
                               "reason": best.going_out.reason}
    if best.laid_aside:
        answer["laid_aside"] = [str(card) for card in best.laid_aside]
    if best.opening is not None:
        answer["opening"] = {"hand": best.opening.hand, "minimum": best.opening.minimum,
                             "points": best.opening.points, "opens": best.opening.opens,
                             "reason": best.opening.reason}
    if contract is not None:
        answer["contract"] = _contract_json(contract, table)
        if not best.melds:  # how near the hand is: the melds of the contract it can make
            progress = contract_progress(held, table, hand)
            answer["progress"] = {
                "melds": [[str(card) for card in meld] for meld in progress.melds],
                "kinds": [kind.value for kind in progress.kinds],
                "missing": {"books": progress.missing.books, "runs": progress.missing.runs,
                            "description": progress.missing.describe(
                                table.ruleset.book_word, table.ruleset.run_word)},
            }
    return jsonify(answer)


# --- Reading the fields -----------------------------------------------------------------------

def _whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hand(body: Mapping[str, Any]) -> int:
    hand = field(body, "hand")
    if not _whole_number(hand):
        raise WrongTypeError("hand must be a whole number: the hand being played, such as 1.",
                             "hand")
    return hand


def _contract(table: TableRules, hand: int) -> Contract:
    """The hand's contract; the core says which games and hands have one."""
    try:
        return contract_for(table, hand)
    except NotInRulesetError:
        raise
    except RefereeInputError as error:
        raise BadHandError(error.message, error.field or "hand") from None


def _remaining(body: Mapping[str, Any]) -> int:
    remaining = field(body, "remaining", 0)
    if not _whole_number(remaining):
        raise WrongTypeError("remaining must be a whole number of cards, such as 0.", "remaining")
    if remaining < 0:
        raise BadRemainingError("remaining counts cards still held, so it cannot be negative.",
                                "remaining")
    return remaining


def _arrangeable_cards(body: Mapping[str, Any], name: str, table: TableRules) -> Sequence[Card]:
    """The cards to arrange, their count checked against the game's limit before any is read."""
    value = field(body, name)
    if isinstance(value, list):
        check_card_count(len(value), table, name)
    return cards(body, name)


# --- Rendering --------------------------------------------------------------------------------

def _contract_json(contract: Contract, table: TableRules) -> dict[str, Any]:
    """The contract as GET /rulesets lists it, in the game's own words."""
    ruleset = table.ruleset
    return {
        "hand": contract.hand,
        "cards_dealt": contract.cards_dealt,
        "books": contract.books,
        "runs": contract.runs,
        "discard": contract.discard,
        "description": contract.describe(ruleset.book_word, ruleset.run_word),
    }

