"""The OpenAPI document's parts for games played for stakes (joined to it on import): one
hand's settlement, the fields of such a hand's event, and a night's ledger in the game."""

from __future__ import annotations

from typing import Any

from ..core.games.registry import RULESETS
from ..core.model.stakes import Outcome, Stakes, Who
from ..core.money import CURRENCIES
from .openapi import PATHS, SCHEMAS, _post, _ref

STAKES_GAMES = {key: ruleset.stakes for key, ruleset in RULESETS.items()
                if ruleset.stakes is not None}
NAMES = {"type": "array", "items": {"type": "string"}}
PAYMENT = {"type": "object", "required": ["from", "to", "stakes"], "properties": {
    "from": {"type": "string"}, "to": {"type": "string"},
    "stakes": {"type": "integer", "minimum": 1}},
    "description": "Every stake one player pays another in the hand, added up."}


def _hand_fields(alone: bool = False) -> dict[str, Any]:
    """The fields a hand for stakes is settled from, as each such game names them (``alone``:
    only the games whose hand is settled on its own, the /settle question's)."""
    fields: dict[str, Any] = {}
    for key, stakes in STAKES_GAMES.items():
        if alone and not stakes.hand_alone:
            continue
        said = _ending_fields(key, stakes) if stakes.hand_alone else _pot_fields(key, stakes)
        fields.update({name: said[name] for name in stakes.fields if name in said})
    return fields


def _pot_fields(key: str, stakes: Stakes) -> dict[str, Any]:
    """A hand settled against the pot carried from the hand before (Bourré)."""
    title = RULESETS[key].title
    said = {stakes.who_field: {**NAMES, "description": f"{title}: who played the hand (the "
                                                        "others passed)."},
            stakes.counts_field: {"type": "object", "additionalProperties": {
                "type": "integer", "minimum": 0}, "description": (
                    f"{title}: the tricks each player who played took, by name (none: 0); "
                    "they add up to the hand's tricks, else 422.")},
            stakes.claims_field: {**NAMES, "description": (
                f"{title}: players who played and broke a rule of play: each matches the "
                "pot.")}}
    if stakes.flag_field is not None:
        said[stakes.flag_field] = {"type": "boolean", "description": (
            f"{title}: {stakes.flag_question} (true: the dealer must have played).")}
    return said


def _ending_fields(key: str, stakes: Stakes) -> dict[str, Any]:
    """A hand settled on its own, by how it ended (Tonk)."""
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
    return said


HAND_FIELDS = _hand_fields()
SETTLE_FIELDS = _hand_fields(alone=True)

SCHEMAS.update({
    "SettleRequest": {"type": "object", "required": ["players", "ending"], "properties": {
        "players": {**NAMES, "description": "Names in order of play (2 to 5 in Tonk)."},
        **SETTLE_FIELDS,
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

for _key in (key for key, stakes in STAKES_GAMES.items() if stakes.hand_alone):
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
                                  "hand's payments go into each player's net stakes. A game "
                                  "with a pot (Bourré): played, tricks, penalties and "
                                  "trump_ace, settled against the pot the hand before left.")

SCHEMAS["GameCreateRequest"]["properties"]["stake"] = {
    "type": ["string", "null"], "description": (
        "A game played for stakes (Tonk): the money one stake is worth, as text such as "
        "\"0.25\" (at most two places after the point); absent or null: stakes are points. "
        "In a game with a pot (Bourré) it is the ante. Written as people write money: a "
        "currency sign, spaces, a comma or a point for the decimal mark (\"$0.25\", "
        "\"0,25\"). Refused (422 bad_stake) for an amount that is no money, and in other "
        "games.")}
SCHEMAS["GameCreateRequest"]["properties"]["currency"] = {
    "type": ["string", "null"], "enum": [*(currency.code for currency in CURRENCIES), None],
    "description": (
        "A game played for stakes: the ISO 4217 code of the currency its money is in, which "
        "the screens and the printed sheet show it with (\"USD\", \"EUR\"); absent, null "
        "or \"\": amounts without a sign. Refused (422 bad_currency) for another code."),
    "examples": ["USD"]}
_GAME = SCHEMAS["Game"]["properties"]
_GAME["stake"] = {"type": ["string", "null"],
                  "description": "A game for stakes: money per stake, or null for points."}
_GAME["currency"] = {"type": ["string", "null"],
                     "description": "A game for stakes: the currency its money is in (ISO "
                                    "4217), or null for amounts without a sign. The amounts "
                                    "here stay plain numbers as text, \"0.75\"."}
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
_GAME["pot"] = {
    "type": ["string", "integer", "null"], "description": (
        "A game with a pot carried from hand to hand (Bourré): the pot standing now, in money "
        "as text (in antes when playing for points); before the first hand is settled, the "
        "antes of the players seated. Absent in other games.")}
_GAME["hands"]["items"]["properties"].update({
    **HAND_FIELDS,
    "pot": {"type": "integer", "description": (
        "A game with a pot: the pot standing after the hand, in antes (the stake).")},
    "outcome": {"enum": [outcome.value for outcome in Outcome]},
    "reason": {"type": "string", "description": "A hand for stakes: the ruling."},
    "payments": {"type": "array", "items": PAYMENT}})
