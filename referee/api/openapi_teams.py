"""The OpenAPI document's parts for games played in teams (joined to it on import): a team's
numbers at a hand's end, the score they make in named parts, and a team's opening."""

from __future__ import annotations

from ..core.games.registry import RULESETS
from ..core.model.ruleset import MAX_DECKS
from .openapi import PATHS, SCHEMAS, _post, _ref, ruleset_keys
from .scores import scored_by_team

HAND = {"type": "integer", "minimum": 1, "maximum": 4,
        "description": "The hand being played, 1 to 4 (Hand and Foot)."}
COUNT = {"type": "integer", "minimum": 0}
DECKS = {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DECKS,
         "description": "Decks in play (Hand and Foot: 5 unless said)."}

SCHEMAS.update({
    "TeamEntry": {
        "type": "object",
        "required": ["melded", "held", "clean_piles", "dirty_piles", "wild_piles", "red_threes",
                     "went_out"],
        "additionalProperties": False,
        "description": "One team's end of a hand (Hand and Foot). A team that went out must "
                       "have the piles going out needs (422 went_out_short at its went_out); "
                       "two teams out answer 422 bad_going_out.",
        "properties": {
            "melded": {**COUNT, "description": (
                "The value of every card the team melded (a multiple of 5), its piles' own "
                "cards included: at least 35 a clean pile, 50 a dirty one and 140 a wild one, "
                "from the cards the decks hold (five decks: only eight clean piles of 4s to "
                "7s, so nine are 350 at the least); 0, or at least 15 (three 4s); at most what "
                "every card but the 3s is worth (five decks: 2900). Else 422 bad_hand_entry "
                "at its melded.")},
            "held": {**COUNT, "description": "The value of every card its players still hold, "
                                             "hand and any foot not picked up (a multiple of "
                                             "5)."},
            "clean_piles": {**COUNT, "description": "Piles of seven without a wild card."},
            "dirty_piles": {**COUNT, "description": "Piles of seven with natural and wild "
                                                    "cards."},
            "wild_piles": {**COUNT, "description": "Piles of seven wild cards."},
            "red_threes": {**COUNT, "description": "Red 3s laid aside, a bonus each."},
            "went_out": {"type": "boolean"},
            "perfect_draws": {**COUNT, "default": 0, "description": (
                "Players who picked up exactly the cards dealt, a bonus each: at most one per "
                "player of the team (422 bad_hand_entry at its perfect_draws).")},
            "penalties": {**COUNT, "default": 0, "description": (
                "Points lost to penalties, as a positive number (a multiple of 50).")},
        },
    },
    "TeamEntries": {"type": "object", "additionalProperties": _ref("TeamEntry"),
                    "minProperties": 1,  # no team at all is a wrong type (400), not a count
                    "description": "Each team's numbers, by the team's name."},
    "ScorePart": {
        "type": "object",
        "required": ["key", "label", "points", "count", "each"],
        "description": "One line of a team's hand score: count × each = points, or just "
                       "points (count and each null).",
        "properties": {
            "key": {"enum": ["melded", "wild_piles", "clean_piles", "dirty_piles",
                             "red_threes", "going_out", "perfect_draws", "held", "penalties"]},
            "label": {"type": "string", "description": "The part in words."},
            "points": {"type": "integer", "description": "Negative for what the team loses."},
            "count": {"type": ["integer", "null"], "minimum": 0},
            "each": {"type": ["integer", "null"], "minimum": 0,
                     "description": "The bonus each, under the table's house options."},
        },
    },
    "ScoreTeamsRequest": {
        "type": "object",
        "required": ["ruleset", "hand", "teams"],
        "description": "A game played in teams (Hand and Foot): each team's numbers, as the "
                       "hand_scored event gives them.",
        "properties": {
            "ruleset": ruleset_keys(r for r in RULESETS.values() if scored_by_team(r)),
            "hand": HAND,
            "decks": {**DECKS, "description": (
                "Decks in play (Hand and Foot: 5 unless said); the teams' numbers together must "
                "fit in them: melded and held values, red 3s, and piles the cards can make "
                "together (five decks: at most 22 clean and 4 wild piles, and 30 wild cards "
                "for the wild and dirty piles). Otherwise 422 bad_hand_entry at teams.")},
            "options": _ref("Options"),
            "teams": {"allOf": [_ref("TeamEntries")],
                      "description": (
                          "Each team's numbers by its name; errors name teams.<team>.<field>. "
                          "Two or three teams, as a table seats them (2 of 2, 2 of 3, 3 of 2; "
                          "else 422 bad_teams); a team may have as many perfect draws as the "
                          "largest team of that many: 3 with two teams, 2 with three.")},
        },
    },
    "OpeningCheckRequest": {
        "type": "object",
        "required": ["ruleset", "hand", "melds"],
        "properties": {
            "ruleset": {"allOf": [_ref("RulesetKey")], "description": (
                "hand-and-foot: the game with a minimum for a team's first melds; any other "
                "answers 422 not_in_ruleset.")},
            "hand": HAND,
            "decks": DECKS,
            "options": {"allOf": [_ref("Options")], "description": (
                "House rules, among them another opening schedule (opening_1 to opening_4) "
                "and the wild-card limits.")},
            "melds": {"type": "array", "items": {"type": "array", "items": _ref("Card")},
                      "description": "The melds the team would lay down together to open, "
                                     "the top discard taken among them."},
        },
    },
    "OpeningCheckResponse": {
        "type": "object",
        "required": ["valid", "points", "minimum", "reason", "melds", "decks"],
        "properties": {
            "valid": {"type": "boolean", "description": (
                "Every meld is legal, no two unfinished melds share a rank, and together they "
                "reach the hand's minimum.")},
            "points": {"type": ["integer", "null"], "minimum": 0, "description": (
                "The melds' card values together (no bonus counts); null when a meld is not "
                "legal.")},
            "minimum": {"type": "integer", "minimum": 0,
                        "description": "What the hand's first melds must reach."},
            "reason": {"type": ["string", "null"],
                       "description": "Why the team may not open with these; null when valid."},
            "melds": {"type": "array", "description": "Each meld's own answer, in order.",
                      "items": {"type": "object",
                                "required": ["valid", "pile", "points", "reason"],
                                "properties": {
                                    "valid": {"type": "boolean"},
                                    "pile": {"enum": ["clean", "dirty", "wild", None]},
                                    "points": {"type": ["integer", "null"], "minimum": 0},
                                    "reason": {"type": ["string", "null"]}}}},
            "decks": {"type": "integer", "description": "The decks the cards were checked "
                                                        "against."},
        },
    },
})

PATHS["/openings/check"] = _post(
    "Hand and Foot: may a team open the hand with these melds (legal, and worth the hand's "
    "minimum together)?",
    "OpeningCheckRequest", "OpeningCheckResponse",
    {"ruleset": "hand-and-foot", "hand": 2, "melds": [["KS", "KH", "KD"], ["AS", "AH", "JK"]]})

PATHS["/scores/hand"]["post"]["requestBody"]["content"]["application/json"]["examples"][
    "teams"] = {"summary": "Hand and Foot: Us went out with the piles it needs.", "value": {
        "ruleset": "hand-and-foot", "hand": 1, "teams": {
            "Us": {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2,
                   "wild_piles": 1, "red_threes": 1, "went_out": True},
            "Them": {"melded": 300, "held": 85, "clean_piles": 0, "dirty_piles": 1,
                     "wild_piles": 0, "red_threes": 0, "went_out": False, "penalties": 50}}}}

# The other rulesets are asked with each player's cards: a ruleset names which question it takes.
SCHEMAS["ScorePlayersRequest"]["properties"]["ruleset"] = ruleset_keys(
    r for r in RULESETS.values() if not scored_by_team(r))
