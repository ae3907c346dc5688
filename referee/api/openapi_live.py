"""The live-table rulings' part of the OpenAPI document (joined to it on import)."""

from __future__ import annotations

from ..core import RULESETS
from .openapi import PATHS, SCHEMAS, _post, _ref, ruleset_keys

NAME = {"type": "string", "description": "A player's name, as listed in players (any case)."}


def _rulesets_with(description: str, has) -> dict:
    """The ruleset field of a ruling only some games have, naming those games."""
    having = [r for r in RULESETS.values() if has(r)]
    keys = ", ".join(r.key for r in having)
    return {**ruleset_keys(having),
            "description": f"{keys}: {description}; any other answers 422 not_in_ruleset."}


BUYING = _rulesets_with("the rulesets that buy discards", lambda r: r.resolve_buy)
CARD_RUMMY = _rulesets_with("the rulesets whose rummy call is on the card just thrown",
                            lambda r: r.rummy_call and not r.rummy_call.about_pile)
PILE_RUMMY = _rulesets_with("the rulesets whose rummy call may reach into the discard pile",
                            lambda r: r.rummy_call and r.rummy_call.about_pile)
TABLE = {"type": "array", "items": {"type": "array", "items": _ref("Card")}, "description": (
    "Every meld laid down so far, each as it lies (a run in order, low to high or high to "
    "low); empty when nobody has melded.")}

SCHEMAS.update({
    "BuyResolveRequest": {
        "type": "object",
        "required": ["ruleset", "players", "current", "discarder", "current_drew_from_stock",
                     "claims"],
        "properties": {
            "ruleset": BUYING,
            "options": _ref("Options"),
            "players": {"type": "array", "items": NAME, "minItems": 2,
                        "description": "2 to 20 names in order of play."},
            "current": {"allOf": [NAME], "description": "Whose turn it is."},
            "discarder": {"type": ["string", "null"], "description": (
                "Who threw the card on top: the player just before current. Null (it must be "
                "given) for the upcard turned at the deal, when current plays first and the "
                "dealer comes last.")},
            "current_drew_from_stock": {"type": "boolean", "description": (
                "The current player already drew from the stock, and so may not buy the card; "
                "the others still may.")},
            "claims": {"type": "array", "items": NAME, "description": (
                "Everyone who asked for the card, in the order they spoke, which does not "
                "count: order of play from current decides, the discarder last.")},
            "rummy_called_by": {"type": ["string", "null"], "description": (
                "Who called rummy on the card, having checked it is a rummy card (see "
                "/rummy/check). A call by the discarder, or on the upcard, does not count.")},
            "buys_this_hand": {
                "type": ["object", "null"],
                "additionalProperties": {"type": "integer", "minimum": 0},
                "description": "Cards each player has bought so far this hand (absent: none), "
                               "for the buy_limit house option."},
        },
    },
    "BuyResolveResponse": {
        "type": "object",
        "required": ["outcome", "player", "penalty_cards", "reason"],
        "properties": {
            "outcome": {"type": "string", "enum": ["take", "buy", "dead", "none"],
                        "description": (
                            "take: the current player takes it free, as the draw; buy: player "
                            "buys it with a penalty card; dead: a rummy call took it out of "
                            "play (with rummy_card \"meld\", onto a meld the caller chooses); "
                            "none: nobody may have it, so it stays on the pile.")},
            "player": {"type": ["string", "null"],
                       "description": "Who gets the card (take, buy); null otherwise."},
            "penalty_cards": {"type": "integer", "minimum": 0, "maximum": 1,
                              "description": "Cards drawn from the stock as the price."},
            "reason": {"type": "string", "description": "One sentence naming the rule."},
        },
    },
    "RummyCheckRequest": {"oneOf": [_ref("CardRummyCheckRequest"),
                                    _ref("PileRummyCheckRequest")]},
    "CardRummyCheckRequest": {
        "type": "object",
        "required": ["ruleset", "card", "table"],
        "properties": {
            "ruleset": CARD_RUMMY,
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "card": _ref("Card"),
            "table": TABLE,
        },
    },
    "PileRummyCheckRequest": {
        "type": "object",
        "required": ["ruleset", "discard_pile", "table"],
        "properties": {
            "ruleset": PILE_RUMMY,
            "decks": _ref("Decks"),
            "options": {"allOf": [_ref("Options")], "description": (
                "rummy_calls decides how deep a call reaches: pile (any card), top_card (the "
                "top card, laid off) or none (no calls).")},
            "discard_pile": {"type": "array", "items": _ref("Card"), "description": (
                "The discard pile, bottom to top (the card just thrown last). A joker in it "
                "stands for nothing yet: any identity given is set aside.")},
            "table": TABLE,
        },
    },
    "RummyCheckResponse": {"oneOf": [_ref("CardRummyCheckResponse"),
                                     _ref("PileRummyCheckResponse")]},
    "CardRummyCheckResponse": {
        "type": "object",
        "required": ["rummy", "plays_on", "reason"],
        "properties": {
            "rummy": {"type": "boolean"},
            "plays_on": {"type": "array", "items": {"type": "integer", "minimum": 0},
                         "description": (
                             "Indices into table of every meld the card could be added to; "
                             "with rummy_card \"meld\", the melds the caller chooses from.")},
            "reason": {"type": "string", "description": "One sentence naming the rule."},
        },
    },
    "PileRummyCheckResponse": {
        "type": "object",
        "required": ["rummy", "card", "depth", "reason"],
        "properties": {
            "rummy": {"type": "boolean", "description": (
                "Whether anyone but the player who just threw may call rummy now.")},
            "card": {"oneOf": [_ref("Card"), {"type": "null"}], "description": (
                "The deepest card the caller must take: one that lays off on a table meld, or "
                "the deepest of a meld made of pile cards alone; of several, the one taking "
                "the fewest cards. Null when nobody may call.")},
            "depth": {"type": ["integer", "null"], "minimum": 1, "description": (
                "How many cards from the top the caller takes, card included: 1 is the top "
                "card alone.")},
            "reason": {"type": "string", "description": "One sentence naming the rule."},
            "lays_off_on": {"type": "array", "items": {"type": "integer", "minimum": 0},
                            "description": "Indices into table of the melds card lays off on."},
            "pile_meld": {"type": ["array", "null"], "items": _ref("Card"), "description": (
                "Else the meld card makes with pile cards above it, jokers with the card each "
                "would stand for; null when it lays off.")},
        },
    },
})

PATHS.update({
    "/buys/resolve": _post(
        "Eversol: who gets the top discard (or the upcard) among those who ask for it, and "
        "whether a rummy call kills it. 422 codes of its own: bad_player_count, "
        "bad_player_name, unknown_player, bad_buy, not_in_ruleset.",
        "BuyResolveRequest", "BuyResolveResponse",
        {"ruleset": "eversol", "players": ["Abe", "Ben", "Carl"], "current": "Carl",
         "discarder": "Ben", "current_drew_from_stock": True, "claims": ["Ben", "Carl", "Abe"],
         "rummy_called_by": None, "buys_this_hand": {"Abe": 1}}),
    "/rummy/check": _post(
        "May anyone call rummy? Eversol: is this discard a rummy card, and which table melds "
        "could it go on (a card that only matches what a joker stands for is not). 500: may "
        "anyone but the player who just threw call on the discard pile, which card must the "
        "caller take and how deep is it.",
        "RummyCheckRequest", "RummyCheckResponse",
        {"ruleset": "eversol", "decks": 2, "card": "JD",
         "table": [["7D", "8D", "JK", "10D"], ["6S", "6H", "6C"]]}),
})
PATHS["/rummy/check"]["post"]["requestBody"]["content"]["application/json"]["examples"]["pile"] = {
    "value": {"ruleset": "500", "options": {"rummy_calls": "pile"},
              "discard_pile": ["7H", "2C", "9S"], "table": [["4H", "5H", "6H"]]}}
