"""POST /buys/resolve and /rummy/check: rulings on the discards at a live table.

Each game's ruleset says which of these it has, and answers them; a game without
one answers 422 ``not_in_ruleset``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify

from ..core import Card
from ..core.errors import WrongTypeError
from ..core.rummy.pile_rummy import PileRummyVerdict
from .blueprint import api
from .errors import MissingFieldError
from .requests import cards, field, json_object, optional_card, ruleset_having, table_rules


@api.post("/buys/resolve")
def resolve_buy_view():
    body = json_object()
    ruleset = ruleset_having(body, "resolve_buy", "buying of discards with a penalty card")
    ruling = ruleset.resolve_buy(
        players=_names(body, "players"),
        current=_name(body, "current"),
        discarder=_name_or_null(body, "discarder", "null for the upcard turned at the deal"),
        current_drew_from_stock=_flag(body, "current_drew_from_stock"),
        claims=_names(body, "claims"),
        rummy_called_by=_name(body, "rummy_called_by", required=False),
        buys_this_hand=_counts(body, "buys_this_hand"),
        options=field(body, "options", None))
    return jsonify({"outcome": ruling.outcome.value, "player": ruling.player,
                    "penalty_cards": ruling.penalty_cards, "reason": ruling.reason})


@api.post("/rummy/check")
def check_rummy_view():
    body = json_object()
    call = ruleset_having(body, "rummy_call", "rummy calls to rule on").rummy_call
    rules = table_rules(body)
    if call.about_pile:
        verdict = call.check(cards(body, "discard_pile"), _table(body), rules)
        return jsonify(_pile_answer(verdict))
    ruling = call.check(_card(body, "card"), _table(body), rules)
    return jsonify({"rummy": ruling.rummy, "plays_on": list(ruling.plays_on),
                    "reason": ruling.reason})


def _pile_answer(verdict: PileRummyVerdict) -> dict[str, Any]:
    meld = verdict.pile_meld
    return {"rummy": verdict.rummy, "card": None if verdict.card is None else str(verdict.card),
            "depth": verdict.depth, "reason": verdict.reason,
            "lays_off_on": list(verdict.lays_off_on),
            "pile_meld": None if meld is None else [str(card) for card in meld.cards]}


# --- Reading the fields -----------------------------------------------------------------------

def _name(body: Mapping[str, Any], name: str, required: bool = True) -> str | None:
    value = field(body, name) if required else field(body, name, None)
    if value is not None and not isinstance(value, str):
        raise WrongTypeError(f"{name} must be a player's name, such as \"Ben\".", name)
    return value


def _name_or_null(body: Mapping[str, Any], name: str, null_means: str) -> str | None:
    """A field that must be present, but may be null (which means something)."""
    if name not in body:
        raise MissingFieldError(f"{name} is required: a player's name, or {null_means}.", name)
    return _name(body, name, required=False)


def _names(body: Mapping[str, Any], name: str) -> list[str]:
    value = field(body, name)
    if not isinstance(value, list):
        raise WrongTypeError(f"{name} must be a list of names, such as [\"Abe\", \"Ben\"].", name)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise WrongTypeError("Each name must be text, such as \"Ben\".", f"{name}[{i}]")
    return value


def _flag(body: Mapping[str, Any], name: str) -> bool:
    value = field(body, name)
    if not isinstance(value, bool):
        raise WrongTypeError(f"{name} must be true or false.", name)
    return value


def _counts(body: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    """Counts by player's name; the core checks each name and count."""
    value = field(body, name, None)
    if value is not None and not isinstance(value, dict):
        raise WrongTypeError(f"{name} must be an object of counts by name, such as "
                             "{\"Ben\": 1}.", name)
    return value


def _card(body: Mapping[str, Any], name: str) -> Card:
    card = optional_card(body, name)
    if card is None:
        raise MissingFieldError(f"{name} is required.", name)
    return card


def _table(body: Mapping[str, Any]) -> list[list[Card]]:
    value = field(body, "table")
    if not isinstance(value, list):
        raise WrongTypeError('table must be a list of the melds laid down, such as '
                             '[["7D", "8D", "9D", "10D"]], or [] when nobody is down.', "table")
    # requests.cards reads a field of an object, so each meld is read as a one-field object.
    return [cards({f"table[{k}]": meld}, f"table[{k}]") for k, meld in enumerate(value)]
