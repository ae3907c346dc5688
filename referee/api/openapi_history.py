"""The OpenAPI document's parts for the family's history (joined to it on import):
GET /ratings and GET /players/{name}/stats."""

from __future__ import annotations

from ..core.games.registry import RULESETS
from .openapi import PATHS, RESPONSES, SCHEMAS, _error, _json, _ref
from .openapi import PASSWORD_OR_NONE

NUMBER_OR_NULL = {"type": ["number", "null"]}
INTEGER_OR_NULL = {"type": ["integer", "null"]}

SCHEMAS.update({
    "Ratings": {"type": "object", "required": ["ruleset", "players"], "properties": {
        "ruleset": {"type": "string"},
        "players": {"type": "array", "description": "Highest ordinal first.", "items": {
            "type": "object", "required": ["name", "mu", "sigma", "ordinal", "games"],
            "properties": {
                "name": {"type": "string", "description": "The person (names joined to it "
                                                          "count as it)."},
                "mu": {"type": "number"}, "sigma": {"type": "number", "minimum": 0},
                "ordinal": {"type": "number", "description": "mu - 3 sigma: the figure shown."},
                "games": {"type": "integer", "minimum": 1, "description": "Games rated."},
                "settling": {"type": "boolean",
                             "description": "Too few games yet for the rating to settle."},
                "words": {"type": "string", "examples": ["rating 27, still settling"]}}}}}},
    "PlayerStats": {"type": "object", "required": ["name", "games"], "properties": {
        "name": {"type": "string"},
        "names_played_as": {"type": "array", "items": {"type": "string"}},
        "period": {"enum": ["this-year", "last-year", "all-time"]},
        "money": {"type": ["string", "null"], "description": (
            "Won or lost over the games played for money, in words; null if none.")},
        "games": {"type": "object", "description": "By ruleset key.",
                  "additionalProperties": {
                      "type": "object", "required": ["played", "finished", "won"],
                      "properties": {
                          "title": {"type": "string"},
                          "played": {"type": "integer", "minimum": 0},
                          "finished": {"type": "integer", "minimum": 0},
                          "won": {"type": "integer", "minimum": 0},
                          "win_rate": NUMBER_OR_NULL, "average_place": NUMBER_OR_NULL,
                          "average_hand": NUMBER_OR_NULL, "best_total": INTEGER_OR_NULL,
                          "worst_total": INTEGER_OR_NULL, "best_hand": INTEGER_OR_NULL,
                          "worst_hand": INTEGER_OR_NULL,
                          "longest_win_streak": {"type": "integer", "minimum": 0},
                          "current_streak": {"type": "string"}}}},
        "head_to_head": {"type": "array", "items": {
            "type": "object", "required": ["opponent", "games_together", "ahead", "behind",
                                           "level"],
            "properties": {"opponent": {"type": "string"},
                           "games_together": {"type": "integer", "minimum": 0},
                           "ahead": {"type": "integer", "minimum": 0},
                           "behind": {"type": "integer", "minimum": 0},
                           "level": {"type": "integer", "minimum": 0}}}}}},
})

RESPONSES.update({
    "UnknownRuleset": _json(_ref("Error"), "No game is known by that key (unknown_ruleset)."),
    "PlayerNotFound": _json(_ref("Error"), (
        "Nobody has played here under that name (player_not_found).")),
    "BadQuery": _json(_ref("Error"), (
        "A query parameter missing or not one of its values (bad_query).")),
})

_CODES = SCHEMAS["Error"]["properties"]["error"]["properties"]["code"]["examples"]
_CODES += [code for code in ("bad_query", "unknown_ruleset", "player_not_found")
           if code not in _CODES]

_ERRORS = {"401": _error("PasswordNeeded"), "405": _error("MethodNotAllowed"),
           "422": _error("BadQuery"), "429": _error("TooManyGuesses"),
           "500": _error("InternalError"), "503": _error("StorageUnavailable")}

PATHS.update({
    "/ratings": {"get": {
        "summary": "A game's ratings (openskill's Plackett-Luce at its defaults) after every "
                   "finished game, in the order they finished: each side ranked by its final "
                   "place, teams as teams of their players.",
        "parameters": [{"name": "ruleset", "in": "query", "required": True,
                        "schema": {"type": "string", "examples": list(RULESETS)[:3]},
                        "description": "The game's key (GET /rulesets)."}],
        "security": PASSWORD_OR_NONE,
        "responses": {"200": _json(_ref("Ratings"), "The leaderboard."),
                      "404": _error("UnknownRuleset"), **_ERRORS},
    }},
    "/players/{name}/stats": {"get": {
        "summary": "A player's figures per game (played, finished, won, win rate, average "
                   "place and hand, best and worst, streaks), head to head against regular "
                   "opponents, and money over the games played for money.",
        "parameters": [{"name": "name", "in": "path", "required": True,
                        "schema": {"type": "string"},
                        "description": "A name as played (any case); a name joined to "
                                       "another answers for the person."},
                       {"name": "period", "in": "query", "required": False,
                        "schema": {"enum": ["this-year", "last-year", "all-time"],
                                   "default": "all-time"}}],
        "security": PASSWORD_OR_NONE,
        "responses": {"200": _json(_ref("PlayerStats"), "The player's figures."),
                      "404": _error("PlayerNotFound"), **_ERRORS},
    }},
})
