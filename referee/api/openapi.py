"""GET /openapi.json: the hand-written OpenAPI 3.1 document for this API.

It describes exactly the routes the blueprint serves; a test checks both
ways (every route documented, every documented path served) and validates
real answers against the response schemas here.
"""

from __future__ import annotations

import re
from typing import Any

from flask import jsonify

from ..core import RULESETS
from ..core.model.ruleset import MAX_DECKS
from ..core.model.keeping import EntryShape
from ..core.rummy.solver import MAX_CARDS
from .blueprint import api


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


KELVIN_SIGN = "\u212a"


def ruleset_keys(rulesets) -> dict[str, str]:
    """The JSON Schema of a ruleset key among ``rulesets``, as get_ruleset reads one: any case,
    spaces around it. (ECMA regexes have no case flag, so each letter is spelled both ways;
    Python's lower() also makes a Kelvin sign a k.)"""
    def any_case(letter: str) -> str:
        if not letter.isalpha():  # a digit or "-": the same in any case
            return letter if letter.isalnum() or letter == "-" else re.escape(letter)
        kelvin = KELVIN_SIGN if letter == "k" else ""
        return f"[{letter.upper()}{letter}{kelvin}]"
    keys = "|".join("".join(any_case(letter) for letter in r.key) for r in rulesets)
    return {"type": "string", "pattern": f"^\\s*({keys})\\s*$"}


def _error(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/responses/{name}"}


CARD = {
    "type": "string",
    "pattern": r"\S",  # a blank card is no card: 400 where a card is read as text, else 422
    "description": "Rank then suit, any case: A 2-10 J Q K (T for 10), S H D C or the symbols. "
                   "A joker is JK (also * or Joker) and may name the card it stands for: JK=9D. "
                   "Answers use the canonical form: 10H, AS, JK, JK=9D.",
    "examples": ["7D", "10H", "JK", "JK=9D"],
}

SCHEMAS: dict[str, Any] = {
    "Card": CARD,
    "Cards": {"type": "array", "items": _ref("Card")},
    "RulesetKey": {
        **ruleset_keys(RULESETS.values()),
        "description": "A ruleset's key, as GET /rulesets lists them (any case).",
        "examples": list(RULESETS),
    },
    "Options": {
        "type": ["object", "null"],
        "description": "House rules by name, as GET /rulesets lists them; unknown names "
                       "answer 422.",
        "additionalProperties": {"type": ["boolean", "integer", "string", "null"]},
    },
    "Decks": {
        "type": ["integer", "null"],
        "minimum": 1,
        "maximum": MAX_DECKS,
        "description": "How many decks are in play (default 1). More than the game's "
                       "most_decks (GET /rulesets) answers 422 bad_decks: " + ", ".join(
                           ruleset.title for ruleset in RULESETS.values()
                           if ruleset.most_decks == 1) + " are played with one deck.",
    },
    "MeldKind": {"type": "string", "enum": ["book", "run"]},
    "Words": {
        "type": "object",
        "description": "The game's own words for a book and a run (500: group and sequence).",
        "required": ["book", "run"],
        "properties": {"book": {"type": "string"}, "run": {"type": "string"}},
    },
    "Error": {
        "type": "object",
        "required": ["error"],
        "additionalProperties": False,
        "properties": {"error": {
            "type": "object",
            "required": ["code", "message", "field"],
            "additionalProperties": False,
            "properties": {
                "code": {"type": "string", "examples": [
                    "bad_json", "missing_field", "wrong_type", "bad_card", "card_not_in_game",
                    "too_many_copies", "unknown_ruleset", "unknown_option", "bad_option_value",
                    "bad_decks", "bad_table_meld", "bad_kind", "not_in_ruleset", "bad_hand",
                    "bad_remaining", "too_many_cards", "bad_hand_entry", "bad_going_out",
                    "went_out_short", "bad_count", "bad_teams", "not_found",
                    "method_not_allowed", "too_large", "internal_error"]},
                "message": {"type": "string", "description": "One plain sentence."},
                "field": {"type": ["string", "null"],
                          "description": "The request field at fault, e.g. cards[2]."},
            },
        }},
    },
    "Option": {
        "type": "object",
        "required": ["name", "type", "default", "description"],
        "properties": {
            "name": {"type": "string"},
            "type": {"type": "string", "enum": ["bool", "int", "choice"]},
            "default": {"type": ["boolean", "integer", "string", "null"]},
            "description": {"type": "string"},
            "choices": {"type": "array", "items": {"type": ["integer", "string"]}},
            "minimum": {"type": "integer"},
            "maximum": {"type": "integer"},
            "nullable": {"type": "boolean"},
            "affects_melds": {"type": "boolean",
                              "description": "Whether the option changes what is a meld."},
            "affects_going_out": {"type": "boolean", "description": (
                "Whether the option changes the hand arranger's going_out answer.")},
            "checked_by": {"type": "string", "enum": ["referee", "table"], "description": (
                "table: conduct the referee never sees (how a player drew, say), so the "
                "players hold each other to it; referee: some answer or check of the app "
                "follows it.")},
            "note": {"type": "string", "description": (
                "Shown beside a table-checked option: the referee does not check it.")},
            "question": {"type": "string", "description": (
                "The question the setup screen asks the table about this rule.")},
            "answers": {"type": "array", "description": (
                "Each value a table may choose, in the order the screens offer them, with "
                "its answer in words (a yes-or-no rule: Yes, No)."),
                "items": {"type": "object", "required": ["value", "words"], "properties": {
                    "value": {"type": ["boolean", "integer", "string"]},
                    "words": {"type": "string"}}}},
            "hint": {"type": "string", "description": "Said under the question."},
        },
    },
    "Contract": {
        "type": "object",
        "required": ["hand", "cards_dealt", "books", "runs", "discard", "description"],
        "properties": {
            "hand": {"type": "integer", "minimum": 1, "maximum": 6},
            "cards_dealt": {"type": "integer"},
            "books": {"type": "integer"},
            "runs": {"type": "integer"},
            "discard": {"type": "boolean"},
            "description": {"type": "string"},
        },
    },
    "Ruleset": {
        "type": "object",
        "required": ["key", "name", "summary", "words", "options", "deal", "card_values",
                     "value_notes", "recommended_decks"],
        "properties": {
            "key": _ref("RulesetKey"),
            "name": {"type": "string"},
            "summary": {"type": "string"},
            "words": _ref("Words"),
            "options": {"type": "array", "items": _ref("Option")},
            "deal": {"type": "array", "description": "Cards dealt, by players or by hand.",
                     "items": {"type": "object", "required": ["cards"],
                               "properties": {"cards": {"type": "integer"},
                                              "players": {"type": "string"},
                                              "hand": {"type": "integer"}}}},
            "card_values": {"type": "object", "description": (
                "Points by rank (JK: joker). A rank whose colour changes its worth is listed "
                "twice, as 'black 3' and 'red 3' (Hand and Foot), instead of '3'."),
                            "additionalProperties": {"type": "integer"}},
            "value_notes": {"type": "array", "items": {"type": "string"}},
            "players": {"type": "object", "required": ["min", "max"], "properties": {
                "min": {"type": "integer"}, "max": {"type": "integer"}},
                "description": "The fewest and the most players the game is played by."},
            "recommended_decks": {"type": "object", "description": (
                "Decks recommended by number of players, for each number a table of the game "
                "may seat (Hand and Foot: 4 and 6, its teams)."),
                                  "additionalProperties": {"type": "integer"}},
            "most_decks": {"type": "integer", "minimum": 1, "maximum": MAX_DECKS,
                           "description": "The most decks the game is played with (1: a "
                                          "one-deck game); more answers 422 bad_decks "
                                          "wherever decks are given."},
            "contracts": {"type": "array", "description": "Eversol only: the six contracts.",
                          "items": _ref("Contract")},
            "keeping": {"type": ["object", "null"], "description": (
                "How the scorekeeper keeps a game of it (null: not kept yet): the hand_scored "
                "shape (entry), which way the ranking runs, the game's end with the default "
                "options, whether a hand may end with nobody out, whether two players' winner "
                "deals next, whether the referee follows hands turn by turn, and whether the "
                "game is played in teams (then totals and ranking are by team)."),
                "required": ["entry", "ranking", "end", "stock_may_run_out",
                             "winner_deals_two_handed", "followed", "teams", "stakes",
                             "seats_change"],
                "properties": {
                    "entry": {"enum": [shape.value for shape in EntryShape]},
                    "teams": {"type": "boolean"},
                    "stakes": {"type": "boolean", "description": "Played for stakes: each hand "
                               "is settled by how it ended (POST /api/v1/tonk/settle), and a "
                               "player's total is their net stakes."},
                    "ranking": {"enum": ["lowest_first", "highest_first"]},
                    "end": {"type": "string"},
                    "stock_may_run_out": {"type": "boolean"},
                    "winner_deals_two_handed": {"type": "boolean"},
                    "followed": {"type": "boolean"},
                    "seats_change": {"type": "boolean", "description": (
                        "Between hands a latecomer may be seated (player_seated) and a player "
                        "who leaves let go (player_left); a game of teams never does.")}}},
        },
    },
    "RulesetList": {
        "type": "object",
        "required": ["rulesets"],
        "properties": {"rulesets": {"type": "array", "items": _ref("Ruleset")}},
    },
    "Reading": {
        "type": "object",
        "required": ["kind", "cards", "jokers", "other_placements"],
        "properties": {
            "kind": _ref("MeldKind"),
            "cards": {"type": "array", "items": _ref("Card"),
                      "description": "A run low to high, each joker as the card it stands for."},
            "jokers": {"type": "array", "items": {"type": "string"},
                       "description": "What each joker stands for: a card (8D), or in a book "
                                      "with no card named, any of its rank (any 8)."},
            "other_placements": {"type": "array", "items": {"type": "array",
                                                            "items": _ref("Card")},
                                 "description": "Other ways a run's jokers could lie."},
            "rank": {"type": "string", "description": "A book's rank."},
            "suit": {"type": "string", "enum": ["S", "H", "D", "C"],
                     "description": "A run's suit."},
        },
    },
    "MeldCheckRequest": {
        "type": "object",
        "required": ["ruleset", "cards"],
        "properties": {
            "ruleset": _ref("RulesetKey"),
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "cards": _ref("Cards"),
        },
    },
    "MeldCheckResponse": {
        "type": "object",
        "required": ["valid", "kinds", "reason", "readings", "words"],
        "properties": {
            "valid": {"type": "boolean"},
            "kinds": {"type": "array", "items": _ref("MeldKind"),
                      "description": "Every kind the cards can be read as; empty when invalid."},
            "reason": {"type": ["string", "null"],
                       "description": "Why the cards are no meld; null when valid."},
            "readings": {"type": "array", "items": _ref("Reading")},
            "words": _ref("Words"),
            "pile": {"enum": ["clean", "dirty", "wild", None], "description": (
                "Only where the game counts piles (Hand and Foot): a legal meld of seven cards "
                "is a pile, clean (no wild card), dirty (naturals and wild cards) or wild "
                "(wild cards only); null below seven cards or when the cards are no meld.")},
            "points": {"type": ["integer", "null"], "minimum": 0, "description": (
                "Only where the game says it with pile: what the cards are worth melded, "
                "in the game's card values; null when they are no meld.")},
        },
    },
    "MeldExtendRequest": {
        "type": "object",
        "required": ["ruleset", "meld"],
        "properties": {
            "ruleset": _ref("RulesetKey"),
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "meld": {"allOf": [_ref("Cards")], "description": (
                "The meld as it lies: a run in order, low to high or high to low.")},
            "add": {"type": ["array", "null"], "items": _ref("Card"),
                    "description": "Cards laid off onto the meld, all in one go."},
            "swap_for_joker": {"type": ["string", "null"], "description": (
                "A natural card given for the joker standing for it (done before any lay-off).")},
            "kind": {"type": ["string", "null"], "enum": ["book", "run", None], "description": (
                "How a meld that reads both ways lies; without it, the first reading under "
                "which the extension is legal.")},
        },
    },
    "MeldExtendResponse": {
        "type": "object",
        "required": ["valid", "meld", "kind", "freed_joker", "reason"],
        "properties": {
            "valid": {"type": "boolean"},
            "meld": {"type": "array", "items": _ref("Card"), "description": (
                "The meld as it would then lie (unchanged when invalid); a run low to high.")},
            "kind": _ref("MeldKind"),
            "freed_joker": {"type": "boolean"},
            "reason": {"type": ["string", "null"]},
            "words": _ref("Words"),
        },
    },
    "Meld": {"type": "array", "items": _ref("Card"),
             "description": "One meld; a run low to high, each joker as the card it stands "
                            "for (JK=8D)."},
    "Hand": {"type": "integer", "minimum": 1, "maximum": 6,
             "description": "The Eversol hand being played, 1 to 6; it sets the contract."},
    "ContractCheckRequest": {
        "type": "object",
        "required": ["ruleset", "hand", "melds"],
        "properties": {
            "ruleset": {"allOf": [_ref("RulesetKey")], "description": (
                "eversol: the only ruleset with contracts; any other answers 422 "
                "not_in_ruleset.")},
            "hand": _ref("Hand"),
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "melds": {"type": "array", "items": {"type": "array", "items": _ref("Card")},
                      "description": "The melds being laid down together, in any order."},
            "remaining": {"type": ["integer", "null"], "minimum": 0, "description": (
                "Cards still held after laying these down (default 0); hand 6 has no "
                "discard, so there it must be 0.")},
        },
    },
    "ContractCheckResponse": {
        "type": "object",
        "required": ["valid", "kinds", "reason", "broken_meld", "contract"],
        "properties": {
            "valid": {"type": "boolean"},
            "kinds": {"type": ["array", "null"], "items": _ref("MeldKind"), "description": (
                "How each meld reads to meet the contract (a meld that reads both ways takes "
                "the reading the contract needs); null when the melds cannot meet it.")},
            "reason": {"type": ["string", "null"],
                       "description": "Why the melds do not meet the contract; null when valid."},
            "broken_meld": {"type": ["integer", "null"], "minimum": 0,
                            "description": "Index of the meld that is not legal, if one is."},
            "contract": _ref("Contract"),
        },
    },
    "ArrangeRequest": {
        "type": "object",
        "required": ["ruleset", "cards"],
        "properties": {
            "ruleset": _ref("RulesetKey"),
            "hand": {"type": ["integer", "null"], "description": (
                "Required for Eversol (it sets the contract), 1 to 6. Hand and Foot: optional, "
                "1 to 4 (else 422 bad_hand); the answer then says how near the melds come to "
                "that hand's opening minimum (opening). Other rulesets ignore its number.")},
            "decks": _ref("Decks"),
            "options": _ref("Options"),
            "cards": {"type": "array", "items": _ref("Card"), "description": (
                f"The cards held, in any order; at most {MAX_CARDS} in every game; more "
                "answers 422 too_many_cards. A joker's JK=... identity is ignored.")},
        },
        # A game whose hands have contracts needs the hand, as the description says: without
        # it, 400 missing_field.
        "if": {"required": ["ruleset"], "properties": {"ruleset": ruleset_keys(
            r for r in RULESETS.values() if r.contracts)}},
        "then": {"required": ["hand"], "properties": {"hand": _ref("Hand")}},
        "description": (
            "Hand and Foot: the melds are books of one rank from 4 to ace within the wild-card "
            "limits (its options short_meld_wilds and long_meld_wilds), piles of seven first "
            "and at most one unfinished meld of a rank, or of wild cards only; no lay-offs "
            "(POST /melds/extend still answers 422 not_in_ruleset)."),
    },
    "ArrangeResponse": {
        "type": "object",
        "required": ["possible", "melds", "kinds", "leftover", "leftover_points"],
        "properties": {
            "possible": {"type": "boolean", "description": (
                "Eversol: whether the player may go down with these melds (in hand 6 only "
                "when nothing is left). Other rulesets: always true, maybe with no melds.")},
            "melds": {"type": "array", "items": _ref("Meld"), "description": (
                "The melds leaving the fewest points held (Eversol: exactly the hand's "
                "contract); empty when the contract cannot be made.")},
            "kinds": {"type": "array", "items": _ref("MeldKind"),
                      "description": "The kind of each meld, in the same order."},
            "leftover": {"type": "array", "items": _ref("Card"),
                         "description": "The cards still held (every card when no melds)."},
            "leftover_points": {"type": "integer", "minimum": 0,
                                "description": "The leftover's points in the ruleset's values."},
            "going_out": {
                "type": "object",
                "required": ["goes_out", "reason"],
                "description": (
                    "500, Basic and Base Rules, when cards were given: whether laying these "
                    "melds (and discarding the one card left, if one is) goes out, under the "
                    "table's house rules for going out (a last discard required, floating, an "
                    "unplayable last discard, one meld a turn). Where the table goes out only "
                    "by discarding, the melds keep a card to throw."),
                "properties": {
                    "goes_out": {"type": "boolean"},
                    "reason": {"type": "string",
                               "description": "One plain sentence or two saying why."},
                },
            },
            "contract": {"allOf": [_ref("Contract")],
                         "description": "Eversol only: the hand's contract."},
            "laid_aside": {"type": "array", "items": _ref("Card"), "description": (
                "Hand and Foot, when the cards hold any: the red 3s, laid aside at once as a "
                "bonus, so neither melded nor in leftover.")},
            "opening": {
                "type": "object",
                "required": ["hand", "minimum", "points", "opens", "reason"],
                "description": (
                    "Hand and Foot, when hand is given: how near the melds (the most points "
                    "these cards can meld) come to the hand's opening minimum."),
                "properties": {
                    "hand": {"type": "integer", "minimum": 1},
                    "minimum": {"type": "integer", "minimum": 0, "description": (
                        "What the hand's first melds must reach, under the table's options.")},
                    "points": {"type": "integer", "minimum": 0,
                               "description": "The melds' card values together."},
                    "opens": {"type": "boolean",
                              "description": "Whether these melds may open the hand."},
                    "reason": {"type": ["string", "null"], "description": (
                        "Why not (how many points more are needed); null when they open.")}}},
            "progress": {
                "type": "object",
                "required": ["melds", "kinds", "missing"],
                "description": (
                    "Eversol only, when the contract cannot be made: the most of it these "
                    "cards make at once (as many of its books and runs as can be made "
                    "together, then the fewest points held), and what is still missing."),
                "properties": {
                    "melds": {"type": "array", "items": _ref("Meld"),
                              "description": "The melds made so far; empty when none is."},
                    "kinds": {"type": "array", "items": _ref("MeldKind"),
                              "description": "The kind of each meld, in the same order."},
                    "missing": {
                        "type": "object", "required": ["books", "runs", "description"],
                        "properties": {
                            "books": {"type": "integer", "minimum": 0},
                            "runs": {"type": "integer", "minimum": 0},
                            "description": {"type": "string", "description": (
                                "In words, as the contract is described: 'one run'.")}}},
                },
            },
        },
    },
}

SCHEMAS.update({
    "ScorePlayer": {
        "type": "object",
        "required": ["name", "hand"],
        "properties": {
            "name": {"type": "string", "description": "Unique at the table (any case)."},
            "hand": {"type": "array", "items": _ref("Card"),
                     "description": "The cards still held when the hand ended."},
            "melds": {"type": ["array", "null"], "items": {"type": "array", "items": _ref("Card")},
                      "description": "The melds this player laid, each as it lies (a run in "
                                     "order); each must be legal."},
            "layoffs": {"type": ["array", "null"], "items": {
                "type": "object", "required": ["card", "onto"],
                "properties": {"card": _ref("Card"),
                               "onto": {"type": "array", "items": _ref("Card"), "description": (
                                   "The meld it went on, as it lay: one of some player's melds "
                                   "in this request, with any cards laid off on it before "
                                   "(else 422 bad_layoff); only says where, its cards are not "
                                   "counted again.")}}},
                        "description": "Cards this player added to melds on the table."},
            "went_out": {"type": ["boolean", "null"],
                         "description": "This player went out (and so holds nothing; in "
                                        "500 and Base, melded or laid off something). A "
                                        "player not out holds a card, except a 500 "
                                        "floater."},
            "went_rummy": {"type": ["boolean", "null"], "description": (
                "Went out all at once, nothing melded or laid off before (Basic doubles it).")},
        },
    },
    "ScoreHandRequest": {"anyOf": [_ref("ScorePlayersRequest"), _ref("ScoreTeamsRequest")],
                         "description": "Each player's cards, or in a game played in teams "
                                        "(GET /rulesets: keeping.teams) each team's numbers."},
    "ScorePlayersRequest": {
        "type": "object",
        "required": ["ruleset", "players"],
        "properties": {
            "ruleset": _ref("RulesetKey"),
            "decks": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DECKS,
                      "description": "Decks in play; default: the ruleset's recommendation "
                                     "for this many players."},
            "options": _ref("Options"),
            "players": {"type": "array", "items": _ref("ScorePlayer"), "minItems": 2,
                        "description": "2 to 20 players. At most one went out (Eversol and "
                                       "Basic: exactly one)."},
            "penalties": {"type": ["array", "null"], "items": {
                "type": "object", "required": ["player", "cards"],
                "properties": {"player": {"type": "string"},
                               "cards": {"type": "array", "items": _ref("Card")}}},
                "description": "Eversol, Ari's rule: dead cards whose points are added to "
                               "the player who threw the rummy card: two a call, the rummy "
                               "card and the caller's discard (else 422 bad_count)."},
        },
    },
    "ScoreHandResponse": {
        "type": "object",
        "required": ["scores", "decks"],
        "properties": {
            "scores": {"type": "object", "additionalProperties": {"type": "integer"},
                       "description": "Each player's score for the hand, by name (in a game "
                                      "played in teams: each team's)."},
            "parts": {"type": "object", "additionalProperties": {
                "type": "array", "items": _ref("ScorePart")}, "description": (
                "Asked by team: what each team's score is made of, by team, in order; the "
                "parts add up to the score.")},
            "players": {"type": "array", "description": "Asked by player: what each score is "
                        "made of, in the players' order; a part the game does not count is null.",
                        "items": {"type": "object",
                                  "required": ["name", "score", "held", "melded", "laid_off",
                                               "penalty"],
                                  "properties": {
                                      "name": {"type": "string"},
                                      "score": {"type": "integer"},
                                      "held": {"type": "integer", "minimum": 0},
                                      "melded": {"type": ["integer", "null"]},
                                      "laid_off": {"type": ["integer", "null"]},
                                      "penalty": {"type": ["integer", "null"]}}}},
            "decks": {"type": "integer", "description": "The decks the cards were checked "
                                                        "against."},
        },
    },
})

RESPONSES: dict[str, Any] = {
    "BadRequest": _json(_ref("Error"), "Not a JSON object, a missing field, or a wrong type."),
    "Unprocessable": _json(_ref("Error"), (
        "Well-formed but impossible: unknown card, ruleset or option, more copies than the "
        "decks hold, a card the game does not use, a table meld that cannot lie as given, "
        "a hand the game does not have, more cards than the hand arranger takes.")),
    "NotFound": _json(_ref("Error"), "No such API address (any path under /api/v1 not listed)."),
    "MethodNotAllowed": _json(_ref("Error"), "The address does not answer this method."),
    "TooLarge": _json(_ref("Error"), "The body is larger than the server accepts."),
    "InternalError": _json(_ref("Error"), "An unexpected problem (a bug); never a stack trace."),
    "StorageUnavailable": _json(_ref("Error"), (
        "The server cannot take the request just now: its database's disk is full, it was made "
        "read-only or its server is out of reach (storage_unavailable), or the server is busy "
        "with as many long answers (FreeCell searches, exports, imports) as it takes at once "
        "(server_busy). Nothing was changed; try again after the Retry-After seconds.")),
    "PasswordNeeded": _json(_ref("Error"), (
        "This server has a password and the request did not carry it (password_needed); "
        "the WWW-Authenticate header asks for HTTP Basic.")),
    "TooManyGuesses": _json(_ref("Error"), (
        "Too many wrong passwords from this address of late (too_many_guesses): wait the "
        "Retry-After seconds.")),
}

# A server may have a password (off by default): the operations that make or list its games
# then need it. The empty alternative says a server without one asks nothing.
SECURITY_SCHEMES = {"password": {
    "type": "http", "scheme": "basic",
    "description": "The server's password, if its organiser set one (referee password), as "
                   "HTTP Basic authentication's password; any user name."}}
PASSWORD_OR_NONE = [{"password": []}, {}]

_GET_ERRORS = {"405": _error("MethodNotAllowed"), "500": _error("InternalError"),
               "503": _error("StorageUnavailable")}

_POST_ERRORS = {"400": _error("BadRequest"), "405": _error("MethodNotAllowed"),
                "413": _error("TooLarge"), "422": _error("Unprocessable"),
                "500": _error("InternalError"),
                "503": _error("StorageUnavailable")}


def _post(summary: str, request: str, response: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"post": {
        "summary": summary,
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": _ref(request), "examples": {"example": {"value": example}}}}},
        "responses": {"200": _json(_ref(response), "The referee's answer."), **_POST_ERRORS},
    }}


PATHS: dict[str, Any] = {
    "/rulesets": {"get": {
        "summary": "Every ruleset: options, deal sizes, card values, contracts.",
        "responses": {"200": _json(_ref("RulesetList"), "The rulesets."), **_GET_ERRORS},
    }},
    "/melds/check": _post(
        "Is this a legal meld, and as which kinds? (order of the cards does not matter)",
        "MeldCheckRequest", "MeldCheckResponse",
        {"ruleset": "eversol", "decks": 2, "cards": ["7D", "JK", "9D", "10D"]}),
    "/melds/extend": _post(
        "Lay cards off onto a table meld, or give a natural card for its joker.",
        "MeldExtendRequest", "MeldExtendResponse",
        {"ruleset": "eversol", "decks": 2, "meld": ["7D", "JK", "9D", "10D"],
         "swap_for_joker": "8D"}),
    "/contracts/check": _post(
        "Eversol: do these melds meet the hand's contract?",
        "ContractCheckRequest", "ContractCheckResponse",
        {"ruleset": "eversol", "hand": 2, "decks": 2,
         "melds": [["AS", "JK", "JK", "JK"], ["5D", "5C", "5H"]]}),
    "/hands/arrange": _post(
        "The melds out of a hand that leave the fewest points held (Eversol: the contract; "
        "Hand and Foot: books within its wild-card limits, and with hand, how near they "
        "come to its opening minimum).",
        "ArrangeRequest", "ArrangeResponse",
        {"ruleset": "eversol", "hand": 6, "decks": 2,
         "cards": ["3H", "4H", "5H", "6H", "9S", "10S", "JS", "JK", "KD", "KC", "KH"]}),
    "/scores/hand": _post(
        "Every player's score for one hand. Eversol: points held (+ Ari's rule penalties); "
        "500 and Base: melded and laid off minus held; Basic: the one who went out takes the "
        "others' held points, double for going rummy. Hand and Foot: by team, from each "
        "team's numbers (the teams form), bonuses and penalties in named parts. A hand no "
        "table could end is 422, as a kept game's entry is: bad_going_out for a player out "
        "holding cards or (500, Base) with nothing melded or laid off, or a player not out "
        "holding nothing (a 500 floater aside), or (Base) with fewer cards melded and laid off "
        "than the 7 dealt; bad_count for a player not out holding more cards than dealt "
        "(Basic: 10 to two players, 7 to three or four, 6 to more); bad_layoff for a lay-off "
        "onto a meld nobody laid, or lay-offs onto one meld that do not fit it together "
        "(a fifth card on a group of four, two cards for one place in a sequence), whoever "
        "laid them. 422 codes of its own: bad_player_count, bad_player_name, unknown_player, "
        "bad_going_out, bad_layoff, bad_count (a penalty not two cards a call); by team: "
        "bad_teams, bad_hand, bad_hand_entry, bad_count, went_out_short.",
        "ScoreHandRequest", "ScoreHandResponse",
        {"ruleset": "500", "players": [
            {"name": "Ann", "hand": [], "went_out": True,
             "melds": [["AH", "2H", "3H"], ["KS", "KD", "KC"]],
             "layoffs": [{"card": "9C", "onto": ["6C", "7C", "8C"]}]},
            {"name": "Bo", "hand": ["AS", "JK"], "melds": [["6C", "7C", "8C"]]}]}),
    "/openapi.json": {"get": {
        "summary": "This document.",
        "responses": {"200": _json({"type": "object"}, "The OpenAPI 3.1 document."),
                      **_GET_ERRORS},
    }},
}

PATHS["/hands/arrange"]["post"]["requestBody"]["content"]["application/json"]["examples"][
    "hand-and-foot"] = {"summary": "Hand and Foot: the books, a red 3 laid aside, hand 2's "
                                   "opening minimum.",
                        "value": {"ruleset": "hand-and-foot", "hand": 2, "cards": [
                            "KS", "KH", "2D", "9S", "9H", "9D", "JK", "5C", "3S", "3H"]}}

DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Rummy Referee API",
        "version": "1",
        "description": (
            "Stateless referee questions about rummy melds, Eversol contracts and the best "
            "melds in a hand. A well-formed question whose "
            "answer is no is a 200 with a reason; a malformed one answers 400 or 422 with "
            "{\"error\": {\"code\", \"message\", \"field\"}}."),
    },
    "servers": [{"url": api.url_prefix}],
    "paths": PATHS,
    "components": {"schemas": SCHEMAS, "responses": RESPONSES,
                   "securitySchemes": SECURITY_SCHEMES},
}


@api.get("/openapi.json")
def openapi_document():
    return jsonify(DOCUMENT)
