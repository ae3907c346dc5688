"""The live-table rulings' part of the OpenAPI document (joined to it on import)."""

from __future__ import annotations

from .openapi import PATHS, SCHEMAS, _post, _ref

NAME = {"type": "string", "description": "A player's name, as listed in players (any case)."}
EVERSOL_ONLY = {"allOf": [_ref("RulesetKey")], "description": (
    "eversol: the only ruleset with these rulings; any other answers 422 not_in_ruleset.")}

SCHEMAS.update({
    "BuyResolveRequest": {
        "type": "object",
        "required": ["ruleset", "players", "current", "discarder", "current_drew_from_stock",
                     "claims"],
        "properties": {
            "ruleset": EVERSOL_ONLY,
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
    "RummyCheckRequest": {
        "type": "object",
        "required": ["ruleset", "card", "table"],
        "properties": {
            "ruleset": EVERSOL_ONLY,
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "card": _ref("Card"),
            "table": {"type": "array", "items": {"type": "array", "items": _ref("Card")},
                      "description": (
                          "Every meld laid down so far, each as it lies (a run in order, low "
                          "to high or high to low); empty when nobody has gone down.")},
        },
    },
    "RummyCheckResponse": {
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
        "Eversol: is this discard a rummy card, and which table melds could it go on? A card "
        "that only matches what a joker stands for is not.",
        "RummyCheckRequest", "RummyCheckResponse",
        {"ruleset": "eversol", "decks": 2, "card": "JD",
         "table": [["7D", "8D", "JK", "10D"], ["6S", "6H", "6C"]]}),
})
