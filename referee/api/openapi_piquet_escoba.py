"""The OpenAPI document's parts for Piquet's and Escoba's referee questions (joined to it on
import): /piquet/declarations, /piquet/deal, /piquet/partie, /escoba/captures,
/escoba/opening, /escoba/score.

The request schemas say what the server takes as well as a schema can: the types (else 400),
the sides' names, the lengths and ranges that no question could exceed (else 422). What
depends on several fields at once (a card in both hands, tricks that are not twelve in all,
counts no captured cards could give) is said in the descriptions, with the 422 code.
"""

from __future__ import annotations

from typing import Any

from ..core.games.escoba import DECK as ESCOBA_DECK
from ..core.games.escoba import OPENING_TABLE
from ..core.games.escoba.options import DESCRIPTIONS, TARGET_RANGE
from ..core.games.piquet import HAND_SIZE
from ..core.games.piquet.partie import partie_bounds
from .openapi import PATHS, SCHEMAS, _post, _ref

ESCOBA_CARDS = ESCOBA_DECK.size()  # 40
PARTIE = partie_bounds(("", " "))
PARTIE_EACH = PARTIE.each[""].least, PARTIE.each[""].most
SIDE = {"type": "string", "enum": ["elder", "younger"], "description": (
    "elder: the non-dealer, who leads the first trick; younger: the dealer.")}
WINNER = {"type": ["string", "null"], "enum": ["elder", "younger", None]}


def _each_side(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": "object", "required": ["elder", "younger"], "description": description,
            "properties": {"elder": schema, "younger": schema}}


POINTS = {"type": "integer", "minimum": 0}
HAND = {"type": "array", "items": _ref("Card"), "minItems": HAND_SIZE, "maxItems": HAND_SIZE,
        "description": f"The {HAND_SIZE} cards of the hand after the exchange, from Piquet's 32 "
                       "(7 to ace): a 6 or lower, or a joker, answers 422 card_not_in_game; a "
                       "card held twice, or in both hands, 422 too_many_copies or "
                       f"card_in_both_hands; other than {HAND_SIZE} cards, 422 bad_piquet_hand."}
DECLARATION = {
    "type": "object", "required": ["winner", "points", "declared"],
    "properties": {
        "winner": {**WINNER, "description": "Who scores it: null when nobody holds one, or "
                                            "both hold equal ones (tied)."},
        "points": {**POINTS, "description": "What the winner scores for it: every sequence "
                                            "or set the winner holds."},
        "declared": {"type": "array", "items": {"type": "string"}, "description": (
            "The winner's words, e.g. \"point of 5\", \"quint to the king\", "
            "\"three queens\"."), "examples": [["point of 6, worth 58"], ["four aces"]]},
        "tied": {"type": "boolean", "description": "Both held equal ones: nobody scores."}}}
DECLARATIONS_REQUEST = {
    "type": "object", "required": ["elder", "younger"],
    "properties": {
        "elder": HAND, "younger": HAND,
        "carte_blanche": {
            "type": ["array", "null"], "items": SIDE, "maxItems": 1, "description": (
                "The side that showed carte blanche (no king, queen or jack) before the "
                "exchange: 10 points, counted first. Both, or one twice, answer 422 "
                "bad_carte_blanche; so does a hand shown so holding more than five kings, "
                "queens and jacks after the exchange (five cards at most came in).")}}}
PARTS = {"type": "object", "required": ["declarations", "leads", "tricks", "the_cards", "capot",
                                        "pique"], "description": "One side's deal, part by part.",
         "properties": {
             "declarations": {**POINTS, "description": "Carte blanche, point, sequence, "
                                                       "sets and any repique (60)."},
             "leads": {**POINTS, "maximum": HAND_SIZE, "description": "1 for each card led."},
             "tricks": {**POINTS, "maximum": HAND_SIZE, "description": "1 for each trick."},
             "the_cards": {"enum": [0, 10], "description": "10 for 7 tricks or more."},
             "capot": {"enum": [0, 30], "description": "30 for all 12 tricks."},
             "pique": {"enum": [0, 30], "description": "30 for reaching 30 in the deal "
                                                       "before the other scored."}}}
ESCOBA_OPTIONS = {
    "type": ["object", "null"], "additionalProperties": False, "description": (
        "Escoba's house rules by name; none changes the captures a card can make or a hand's "
        "score. An unknown name answers 422 unknown_option; a bad value, 400 wrong_type or "
        "422 bad_option_value."),
    "properties": {
        "must_capture": {"type": ["boolean", "null"], "description": DESCRIPTIONS["must_capture"]},
        "partnerships": {"type": ["boolean", "null"], "description": DESCRIPTIONS["partnerships"]},
        "target": {"type": ["integer", "null"], "minimum": TARGET_RANGE[0],
                   "maximum": TARGET_RANGE[1], "description": DESCRIPTIONS["target"]}}}
ESCOBAS = {"type": "integer", "minimum": 0, "maximum": ESCOBA_CARDS // 2, "description": (
    "The side's escobas in the hand (the dealer's opening ones included): at most one for "
    "each two cards it took, else 422 bad_escoba_counts.")}
ESCOBA_CARD = {"allOf": [_ref("Card")], "description": (
    "A card of Escoba's 40 (no 8, 9 or 10; no joker), else 422 card_not_in_game.")}

SCHEMAS.update({
    "PiquetDeclarationsRequest": DECLARATIONS_REQUEST,
    "PiquetDeclaration": DECLARATION,
    "PiquetDeclarationsResponse": {
        "type": "object",
        "required": ["point", "sequence", "sets", "carte_blanche", "repique", "totals"],
        "properties": {
            "point": _ref("PiquetDeclaration"), "sequence": _ref("PiquetDeclaration"),
            "sets": _ref("PiquetDeclaration"),
            "carte_blanche": _each_side({"enum": [0, 10]}, "10 for the side that showed it."),
            "repique": {**WINNER, "description": "The side that reached 30 from carte blanche "
                                                 "and declarations before the other scored "
                                                 "(60 more, in its total)."},
            "totals": _each_side(POINTS, "Each side's declaration points, carte blanche and "
                                         "repique included.")}},
    "PiquetDealRequest": {
        "type": "object", "required": ["declarations", "tricks", "last_trick"],
        "properties": {
            "declarations": {"oneOf": [
                _each_side({**POINTS, "description": (
                    "Declaration points, carte blanche and repique included: 30 or more "
                    "against nothing is a repique, so under 90 it answers 422 bad_score.")},
                           "Each side's declaration points as scored."),
                {"allOf": [_ref("PiquetDeclarationsRequest")],
                 "description": "The hands, declared by the referee (the answer adds them)."}]},
            "tricks": _each_side({"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
                                 f"Each side's tricks: {HAND_SIZE} in all, else 422 bad_tricks."),
            "last_trick": {**SIDE, "description": "Who took the last trick (a side with no "
                                                  "trick answers 422 bad_tricks)."},
            "pique_reached": {"type": ["boolean", "null"], "description": (
                "Whether the elder reached 30 in the deal before the younger scored. Needed "
                "only when the order of the tricks decides: then its absence answers 422 "
                "pique_reached_needed, as does a value the tricks rule out (false for a "
                "certain pique, such as the younger's one trick taken last).")}}},
    "PiquetDealResponse": {
        "type": "object", "required": ["scores", "parts"],
        "properties": {
            "scores": _each_side(POINTS, "Each side's score for the deal."),
            "parts": _each_side(_ref("PiquetDealParts"), "What each score is made of."),
            "declarations": {"allOf": [_ref("PiquetDeclarationsResponse")], "description": (
                "Asked with the hands: their declarations, as /piquet/declarations answers.")}}},
    "PiquetDealParts": PARTS,
    "PiquetPartieRequest": {
        "type": "object", "required": ["totals"],
        "properties": {"totals": {
            "type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
            "description": "The two players' totals after the six deals, by name: other than "
                           "two answers 422 bad_player_count; a blank name, 422 "
                           "bad_player_name; totals no six deals make (together "
                           f"{PARTIE.together[0]} to {PARTIE.together[1]}, each "
                           f"{PARTIE_EACH[0]} to {PARTIE_EACH[1]}), 422 bad_score."}}},
    "PiquetPartieResponse": {
        "type": "object", "required": ["winner", "margin", "rubicon"],
        "properties": {
            "winner": {"type": ["string", "null"], "description": "Null on equal totals."},
            "margin": {"type": ["integer", "null"], "minimum": 100, "description": (
                "Winner minus loser plus 100; winner plus loser plus 100 when the loser has "
                "under 100. Null on equal totals.")},
            "rubicon": {"type": "boolean", "description": "The loser stayed under 100."}}},
    "EscobaOptions": ESCOBA_OPTIONS,
    "EscobaCapturesRequest": {
        "type": "object", "required": ["card", "table"],
        "properties": {
            "card": {**ESCOBA_CARD, "description": "The card played. " + ESCOBA_CARD[
                "description"]},
            "table": {"type": "array", "items": ESCOBA_CARD, "maxItems": ESCOBA_CARDS - 1,
                      "description": "The cards on the table; with the card played, each "
                                     "card once (else 422 too_many_copies)."},
            "options": _ref("EscobaOptions")}},
    "EscobaCapturesResponse": {
        "type": "object", "required": ["captures"],
        "properties": {
            "captures": {"type": "array", "description": (
                "Every set of table cards that makes 15 with the card played (empty when "
                "none); the player chooses one."), "items": {
                "type": "object", "required": ["cards", "escoba"],
                "properties": {
                    "cards": {"type": "array", "items": _ref("Card"), "minItems": 1,
                              "description": "The table cards taken."},
                    "escoba": {"type": "boolean", "description": "It clears the table."}}}},
            "must_capture": {"type": "boolean", "description": (
                "The must_capture house rule is on and a capture can be made: the player "
                "must take one of them.")}}},
    "EscobaOpeningRequest": {
        "type": "object", "required": ["table"],
        "properties": {
            "table": {"type": "array", "items": ESCOBA_CARD, "minItems": OPENING_TABLE,
                      "maxItems": OPENING_TABLE, "description": (
                          f"The {OPENING_TABLE} cards the deal put on the table, each once "
                          "(else 422 too_many_copies); other than "
                          f"{OPENING_TABLE}, 422 bad_opening_table.")}}},
    "EscobaOpeningResponse": {
        "type": "object", "required": ["total", "escobas"],
        "properties": {
            "total": {"type": "integer", "minimum": OPENING_TABLE, "description": (
                "What the four cards add up to (ace 1, 2 to 7 their number, jack 8, queen 9, "
                "king 10).")},
            "escobas": {"enum": [0, 1, 2], "description": (
                "The dealer's escobas: 1 when the table makes 15, 2 when 30 (the dealer "
                "takes the four), else 0.")}}},
    "EscobaSideCards": {
        "type": "object", "required": ["cards", "escobas"], "additionalProperties": False,
        "properties": {
            "cards": {"type": "array", "items": ESCOBA_CARD, "maxItems": ESCOBA_CARDS,
                      "description": "Every card the side captured; all sides' together "
                                     "fit in one 40-card deck (else 422 too_many_copies)."},
            "escobas": ESCOBAS}},
    "EscobaSideCounts": {
        "type": "object", "required": ["count", "diamonds", "seven_of_diamonds", "escobas"],
        "additionalProperties": False,
        "description": "The side's hand as a score sheet counts it: counts no cards could "
                       "give answer 422 bad_escoba_counts.",
        "properties": {
            "count": {"type": "integer", "minimum": 0, "maximum": ESCOBA_CARDS,
                      "description": "Cards captured."},
            "diamonds": {"type": "integer", "minimum": 0, "maximum": ESCOBA_CARDS // 4,
                         "description": "Diamonds (coins) among them."},
            "seven_of_diamonds": {"type": "boolean"},
            "best": {"type": ["array", "null"], "items": ESCOBA_CARD, "minItems": 4,
                     "maxItems": 4, "description": (
                         "La setenta's four: the side's best card of each suit; null when it "
                         "lacks a suit.")},
            "escobas": ESCOBAS}},
    "EscobaScoreRequest": {
        "type": "object", "required": ["sides"],
        "properties": {
            "sides": {"type": "object", "additionalProperties": {
                "anyOf": [_ref("EscobaSideCards"), _ref("EscobaSideCounts")]},
                "description": "2 to 4 sides (players, or the partnerships' names), each as "
                               "the cards it captured (with cards) or as its counts, no other "
                               "field (else 400 wrong_type); other "
                               "than 2 to 4 answers 422 bad_player_count; a blank name, 422 "
                               "bad_player_name."},
            "options": _ref("EscobaOptions")}},
    "EscobaScoreResponse": {
        "type": "object", "required": ["points"],
        "properties": {"points": {"type": "object", "description": "Each side's points for "
                                                                   "the hand, by name.",
                                  "additionalProperties": _ref("EscobaHandPoints")}}},
    "EscobaHandPoints": {
        "type": "object",
        "required": ["cards", "diamonds", "seven_of_diamonds", "setenta", "escobas", "total"],
        "properties": {
            "cards": {"enum": [0, 1], "description": "The most cards (a tie: nobody)."},
            "diamonds": {"enum": [0, 1], "description": "The most diamonds (a tie: nobody)."},
            "seven_of_diamonds": {"enum": [0, 1]},
            "setenta": {"enum": [0, 1], "description": "La setenta (a tie: nobody)."},
            "escobas": {"type": "integer", "minimum": 0},
            "total": {"type": "integer", "minimum": 0}}},
})

_CODES = SCHEMAS["Error"]["properties"]["error"]["properties"]["code"]["examples"]
_CODES += [code for code in ("bad_piquet_hand", "card_in_both_hands", "bad_side",
                             "bad_carte_blanche", "bad_tricks", "bad_score",
                             "pique_reached_needed", "bad_escoba_counts", "bad_opening_table",
                             "bad_player_count", "bad_player_name") if code not in _CODES]

PATHS.update({
    "/piquet/declarations": _post(
        "Piquet: the declarations of two hands after the exchange (point, sequence, sets, "
        "carte blanche) and the repique.",
        "PiquetDeclarationsRequest", "PiquetDeclarationsResponse",
        {"elder": ["AH", "KH", "QH", "JH", "10H", "7H", "AS", "AC", "AD", "8S", "8C", "7D"],
         "younger": ["9H", "8H", "KS", "QS", "JS", "10S", "9S", "7S", "KC", "QC", "KD", "QD"]}),
    "/piquet/deal": _post(
        "Piquet: one deal's score from the declarations and the tricks (leads, tricks, the "
        "cards, capot, pique).",
        "PiquetDealRequest", "PiquetDealResponse",
        {"declarations": {"elder": 29, "younger": 0}, "tricks": {"elder": 7, "younger": 5},
         "last_trick": "younger"}),
    "/piquet/partie": _post(
        "Piquet: the partie's winner and margin after six deals (the Rubicon under 100).",
        "PiquetPartieRequest", "PiquetPartieResponse", {"totals": {"Ann": 96, "Bob": 117}}),
    "/escoba/captures": _post(
        "Escoba: every set of table cards that makes 15 with the card played, and whether "
        "it clears the table (an escoba).",
        "EscobaCapturesRequest", "EscobaCapturesResponse",
        {"card": "5D", "table": ["QS", "AH", "4C", "6C"]}),
    "/escoba/opening": _post(
        "Escoba: the dealer's escobas from the four cards dealt to the table.",
        "EscobaOpeningRequest", "EscobaOpeningResponse",
        {"table": ["KS", "5H", "QC", "6D"]}),
    "/escoba/score": _post(
        "Escoba: each side's points for a hand: the most cards, the most diamonds, the 7♦, "
        "la setenta, the escobas.",
        "EscobaScoreRequest", "EscobaScoreResponse",
        {"sides": {"Ann": {"cards": ["7D", "7S", "6H", "AC", "2D", "KS"], "escobas": 1},
                   "Bob": {"cards": ["6D", "5D", "6S", "5H", "QC"], "escobas": 0}}}),
})
