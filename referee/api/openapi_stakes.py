"""The OpenAPI document's parts for games played for stakes (joined to it on import): one
hand's settlement, the fields of such a hand's event, and a night's ledger in the game."""

from __future__ import annotations

from typing import Any

from ..core.games.registry import RULESETS
from ..core.model.stakes import Outcome, Who
from .openapi import PATHS, SCHEMAS, _post, _ref

STAKES_GAMES = {key: ruleset.stakes for key, ruleset in RULESETS.items()
                if ruleset.stakes is not None}
NAMES = {"type": "array", "items": {"type": "string"}}
PAYMENT = {"type": "object", "required": ["from", "to", "stakes"], "properties": {
    "from": {"type": "string"}, "to": {"type": "string"},
    "stakes": {"type": "integer", "minimum": 1}},
    "description": "Every stake one player pays another in the hand, added up."}


def _hand_fields() -> dict[str, Any]:
    """The fields a hand for stakes is settled from, as each such game names them."""
    fields: dict[str, Any] = {}
    for key, stakes in STAKES_GAMES.items():
        said = {stakes.ending_field: {
                    "enum": [ending.key for ending in stakes.endings],
                    "description": f"{RULESETS[key].title}: how the hand ended: " + "; ".join(
                        f"{ending.key} ({ending.label.lower()})" for ending in stakes.endings)
                    + "."},
                stakes.who_field: {"type": ["string", "null"], "description": (
                    "The player who ended it: " + ", ".join(
                        e.key for e in stakes.endings if e.who is Who.ONE)
                    + " name one; the others none.")},
                stakes.claims_field: {**NAMES, "description": (
                    "Those who claimed the hand on the deal (" + ", ".join(
                        e.key for e in stakes.endings if e.who is Who.SOME)
                    + "); two or more make a draw.")},
                stakes.counts_field: {
                    "type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                    "description": "Every player's count (the cards outside spreads), by name: "
                                   "needed for " + ", ".join(
                                       e.key for e in stakes.endings if e.counts) + ". Each "
                                   "is what the cards of one hand could be worth, and all of "
                                   "them together cards the game's one deck holds at once; "
                                   "else 422 impossible_score."}}
        fields.update({name: said[name] for name in stakes.fields if name in said})
    return fields


HAND_FIELDS = _hand_fields()

SCHEMAS.update({
    "SettleRequest": {"type": "object", "required": ["players", "ending"], "properties": {
        "players": {**NAMES, "description": "Names in order of play (2 to 5 in Tonk)."},
        **HAND_FIELDS,
        "options": _ref("Options")}},
    "SettleResponse": {"type": "object", "required": ["outcome", "payments", "net", "reason"],
                       "properties": {
        "outcome": {"enum": [outcome.value for outcome in Outcome], "description": (
            "win: someone collects; caught: a player who dropped was not lowest and pays; "
            "draw: nobody pays.")},
        "payments": {"type": "array", "items": PAYMENT,
                     "description": "One entry per payer and payee, in seat order."},
        "net": {"type": "object", "additionalProperties": {"type": "integer"},
                "description": "Every player's stakes won (+) or lost (-), 0 included; they "
                               "add up to 0."},
        "reason": {"type": "string", "description": "The ruling in one sentence."}}},
})

for _key in STAKES_GAMES:
    PATHS[f"/{_key}/settle"] = _post(
        f"{RULESETS[_key].title}: who pays whom, in stakes, for one hand as it ended.",
        "SettleRequest", "SettleResponse",
        {"players": ["Ann", "Bob", "Cy"], "ending": "drop", "player": "Ann",
         "counts": {"Ann": 5, "Bob": 5, "Cy": 20}})

for _event in SCHEMAS["GameEvent"]["oneOf"]:
    if _event["properties"]["type"]["enum"][0] in ("hand_scored", "hand_corrected"):
        _event["properties"].update(HAND_FIELDS)
        _event["description"] += (" A game played for stakes (Tonk): ending, and player, "
                                  "tonks or counts as POST /tonk/settle takes them; the "
                                  "hand's payments go into each player's net stakes.")

SCHEMAS["GameCreateRequest"]["properties"]["stake"] = {
    "type": ["string", "null"], "description": (
        "A game played for stakes (Tonk): the money one stake is worth, as text such as "
        "\"0.25\" (at most two places after the point); absent or null: stakes are points. "
        "Refused (422 bad_stake) for an amount that is no money, and in other games.")}
_GAME = SCHEMAS["Game"]["properties"]
_GAME["stake"] = {"type": ["string", "null"],
                  "description": "A game for stakes: money per stake, or null for points."}
_GAME["totals_in_money"] = {
    "type": ["object", "null"], "additionalProperties": {"type": "string"},
    "description": "A game for stakes with a stake in money: each player's net, as text with "
                   "its cents; null when playing for points."}
_GAME["settle_up"] = {
    "type": "array", "description": (
        "A game for stakes: the fewest payments that square everyone now (amount in money as "
        "text, or in stakes when playing for points)."),
    "items": {"type": "object", "required": ["from", "to", "amount"], "properties": {
        "from": {"type": "string"}, "to": {"type": "string"},
        "amount": {"type": ["string", "integer"]}}}}
_GAME["hands"]["items"]["properties"].update({
    **HAND_FIELDS,
    "outcome": {"enum": [outcome.value for outcome in Outcome]},
    "reason": {"type": "string", "description": "A hand for stakes: the ruling."},
    "payments": {"type": "array", "items": PAYMENT}})
