"""The OpenAPI document's parts for Bourré's and Jack Change It's referee questions (joined to
it on import): /bourre/legal, /bourre/cinch, /bourre/pot and /jack-change-it/play."""

from __future__ import annotations

from ..core.games.bourre import PLAYERS as BOURRE_PLAYERS
from ..core.games.bourre import TRICKS, PlayRule
from ..core.games.bourre.cinch import CINCH
from ..core.games.jack_change_it import PLAYERS as JACK_PLAYERS
from ..core.games.jack_change_it import JackRule, Pending
from ..core.games.jack_change_it.moment import waiting_words
from .openapi import PATHS, SCHEMAS, _post, _ref
from .table_fields import SUIT_ENUM

SUIT_WORDS = "S, H, D or C in any case, or the symbol (♠ ♥ ♦ ♣)"
HAND = {"type": "array", "items": _ref("Card"), "maxItems": TRICKS}
NAMES = {"type": "array", "items": {"type": "string"}}
MONEY = {"type": "string", "pattern": r"\S", "description": (
    "Money as text, more than nothing, at most two places after the point, such as \"0.25\" "
    "(written as people write it: \"$0.25\", \"0,25\"); else 422 bad_stake. Answers give it "
    "with its cents: \"0.25\", \"1.00\".")}
_ERROR_CODES = SCHEMAS["Error"]["properties"]["error"]["properties"]["code"]["examples"]
_ERROR_CODES += [code for code in (
    "bad_trump", "bad_bourre_hand", "bad_tricks", "bad_bourre_players", "bad_pot",
    "bad_player_count",
    "bad_player_name", "bad_stake", "bad_currency", "bad_jack_change_it")
    if code not in _ERROR_CODES]



SCHEMAS.update({
    "BourreLegalRequest": {
        "type": "object", "required": ["trump", "hand", "trick"],
        "properties": {
            "trump": {"enum": SUIT_ENUM, "description": f"The trump suit: {SUIT_WORDS}."},
            "hand": {**HAND, "minItems": 1, "description": (
                "The player's cards left, 1 to 5 (a joker or a card twice answers 422).")},
            "trick": {"type": "array", "items": _ref("Card"),
                      "maxItems": BOURRE_PLAYERS[1] - 1, "description": (
                "The cards played to the trick so far, the lead first; empty when the player "
                "leads. No card may be in the hand too.")},
            "cinch": {"type": ["boolean", "null"], "description": (
                "The player holds a cinch (see /bourre/cinch), and so must lead the highest "
                "trump held and trump with the highest. Default false.")},
        },
    },
    "BourreLegalResponse": {
        "type": "object", "required": ["legal", "refused"],
        "properties": {
            "legal": {"type": "array", "items": _ref("Card"), "minItems": 1,
                      "description": "The cards the player may play, in hand order."},
            "refused": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "Every other card of the hand, with the rule it breaks "
                                       "in one sentence."},
            "rules": {"type": "object",
                      "additionalProperties": {"enum": [rule.value for rule in PlayRule]},
                      "description": "The same cards, with the rule's name."},
        },
    },
    "BourreCinchRequest": {
        "type": "object", "required": ["trump", "hand", "tricks_taken", "players"],
        "properties": {
            "trump": {"enum": SUIT_ENUM, "description": f"The trump suit: {SUIT_WORDS}."},
            "hand": {**HAND, "description": "The player's cards left, 0 to 5."},
            "tricks_taken": {"type": "integer", "minimum": 0, "maximum": TRICKS, "description": (
                "Tricks the player has taken so far: at most the tricks played (5 less the "
                "cards left); else 422 bad_tricks.")},
            "played": {"type": ["array", "null"], "items": _ref("Card"),
                       "maxItems": TRICKS * BOURRE_PLAYERS[1], "description": (
                "Every card played in the tricks so far, every player's: exactly the tricks "
                "played times players (else 422 bad_bourre_hand). Absent: not known, so any "
                "card outside the hand may be out against the player.")},
            "players": {"type": "integer", "minimum": BOURRE_PLAYERS[0],
                        "maximum": BOURRE_PLAYERS[1],
                        "description": "How many play the hand (2 to 8)."},
            "leads": {"type": ["boolean", "null"], "description": (
                "An addition to the documented shape: whether the player leads the next trick. "
                "Absent or null: not known, so the cinch must hold either way.")},
        },
    },
    "BourreCinchResponse": {
        "type": "object", "required": ["cinch", "reason"],
        "properties": {
            "cinch": {"type": "boolean",
                      "description": f"{CINCH} tricks are certain however the others play."},
            "reason": {"type": "string", "description": "The ruling in one sentence."},
            "certain_tricks": {"type": "integer", "minimum": 0, "maximum": TRICKS,
                               "description": "Tricks taken plus those certain still (a lower "
                                              "bound when not proved)."},
            "proved": {"type": "boolean", "description": (
                "False only when the search stopped at its bound: then no cinch is called.")},
        },
    },
    "BourrePotRequest": {
        "type": "object", "required": ["players", "ante", "pot", "played", "tricks"],
        "properties": {
            "players": {**NAMES, "minItems": BOURRE_PLAYERS[0], "maxItems": BOURRE_PLAYERS[1],
                        "description": "Everyone at the table, 2 to 8 names, each once."},
            "ante": {**MONEY, "description": "What each player antes. " + MONEY["description"]},
            "pot": {**MONEY, "description": (
                "The pot the hand was played for, this hand's antes in it: a whole number of "
                "antes, at least one from each player at the table (else 422 bad_pot). "
                + MONEY["description"])},
            "played": {**NAMES, "minItems": 1, "maxItems": BOURRE_PLAYERS[1], "description": (
                "Those who played the hand (the others passed). One alone takes the pot "
                "without tricks; nobody is 422 bad_bourre_players.")},
            "tricks": {"type": "object", "additionalProperties": {
                "type": "integer", "minimum": 0, "maximum": TRICKS}, "description": (
                "Tricks by name (a player not named took none): five among those who played; "
                "else 422 bad_tricks. When one played alone they do not count, but a player "
                "who passed took none (else 422 bad_tricks).")},
            "penalties": {"type": ["array", "null"], "items": {"type": "string"}, "description": (
                "An addition to the documented shape: players who played and were caught "
                "breaking a rule of play; each matches the pot, as a bourré does (once). A "
                "player who passed, or is not at the table, answers 422 bad_bourre_players.")},
        },
    },
    "BourrePotResponse": {
        "type": "object", "required": ["winner", "carried", "next_pot", "payments"],
        "properties": {
            "winner": {"type": ["string", "null"],
                       "description": "Who takes the pot; null when a tie carries it."},
            "carried": {"type": "boolean"},
            "next_pot": {
                "type": "object", "required": ["from_pot", "antes", "bourre"],
                "description": "What makes the next hand's pot.",
                "properties": {
                    "from_pot": {"type": "string",
                                 "description": "The pot carried (\"0.00\" when taken)."},
                    "antes": {"type": "object", "additionalProperties": {"type": "string"},
                              "description": "Each player anteing (not those who tied)."},
                    "bourre": {"type": "object", "additionalProperties": {"type": "string"},
                               "description": "Each player matching the pot as it stood: "
                                              "bourré (no trick) or a penalty."},
                    "total": {"type": "string", "description": "The next pot, all told."}}},
            "payments": {"type": "array", "description": (
                "Money the hand moves, null standing for the pot: the pot to its taker, then "
                "each match and each ante into the next pot."),
                "items": {"type": "object", "required": ["from", "to", "amount", "why"],
                          "properties": {
                              "from": {"type": ["string", "null"]},
                              "to": {"type": ["string", "null"]},
                              "amount": {"type": "string"},
                              "why": {"enum": ["pot", "ante", "bourre", "penalty"]}}}},
        },
    },
    "JackChangeItPlayRequest": {
        "type": "object", "required": ["players", "top", "cards", "hand_left"],
        "properties": {
            "players": {"type": "integer", "minimum": JACK_PLAYERS[0],
                        "maximum": JACK_PLAYERS[1], "description": (
                "How many play (2 to 6): with two a queen is an ordinary card.")},
            "top": _ref("Card"),
            "suit": {"enum": [*SUIT_ENUM, None], "description": (
                f"The suit a jack called, in force ({SUIT_WORDS}); absent or null: none. Only "
                "a jack on top calls one, and one of the other three suits (else 422 "
                "bad_jack_change_it).")},
            "pending_draw": {"type": ["integer", "null"], "minimum": 0, "description": (
                "Cards the player must draw unless answering (from the 2s or the A♥ on top); "
                "default 0. A pending draw with neither on top needs pending (else 422 "
                "bad_jack_change_it). It is what 2s and the A♥ make: with a 2 on top "
                f"{waiting_words(Pending.TWO)}, with the A♥ "
                f"{waiting_words(Pending.ACE_OF_HEARTS)} (else 422 bad_jack_change_it).")},
            "pending": {"enum": [*(kind.value for kind in Pending), None], "description": (
                "What the pending draw came from; absent: read off the top card.")},
            "cards": {"type": "array", "items": _ref("Card"), "minItems": 1, "description": (
                "The cards played: one, or a 2 and the A♥ together (more answers legal false "
                "with rule one_card).")},
            "hand_left": {"type": "integer", "minimum": 0,
                          "description": "Cards the player holds after this play."},
            "call": {"enum": [*SUIT_ENUM, None], "description": (
                "An addition to the documented shape: the suit a jack played names (one of "
                "the other three). Only with a jack (else 422 bad_jack_change_it); absent with "
                "a jack: next.suit is null.")},
        },
    },
    "JackChangeItPlayResponse": {
        "type": "object", "required": ["legal", "reason", "next"],
        "properties": {
            "legal": {"type": "boolean"},
            "reason": {"type": "string", "description": "The ruling in one sentence."},
            "rule": {"enum": [*(rule.value for rule in JackRule), None],
                     "description": "The rule a refused play breaks; null when legal."},
            "next": {"type": ["object", "null"], "required": ["skip", "reverse", "draw", "suit"],
                     "description": "What follows for the next player; null when refused.",
                     "properties": {
                         "skip": {"type": "boolean"}, "reverse": {"type": "boolean"},
                         "draw": {"type": "integer", "minimum": 0,
                                  "description": "The whole draw now pending (0: none)."},
                         "suit": {"enum": ["S", "H", "D", "C", None],
                                  "description": "The suit a jack called; null otherwise."}}},
        },
    },
})

PATHS.update({
    "/bourre/legal": _post(
        "Bourré: which cards of the hand may be played on the trick, and why each other may "
        "not (follow suit and head the trick; else trump, higher if able; a cinch's highest "
        "trump).", "BourreLegalRequest", "BourreLegalResponse",
        {"trump": "S", "hand": ["5H", "KH", "2S"], "trick": ["10H"]}),
    "/bourre/cinch": _post(
        "Bourré: whether three tricks are certain however the unseen cards lie and are played.",
        "BourreCinchRequest", "BourreCinchResponse",
        {"trump": "S", "hand": ["AS", "KS", "QS", "7H", "2C"], "tricks_taken": 0,
         "players": 4}),
    "/bourre/pot": _post(
        "Bourré: one hand's pot: who takes it or that a tie carries it, and what goes into the "
        "next pot (antes, and the pot matched by each bourré).",
        "BourrePotRequest", "BourrePotResponse",
        {"players": ["Ann", "Bob", "Cy", "Dee"], "ante": "0.25", "pot": "1.00",
         "played": ["Ann", "Bob", "Cy"], "tricks": {"Ann": 3, "Bob": 2}}),
    "/jack-change-it/play": _post(
        "Jack Change It: whether the cards may go on the top card, and what follows for the "
        "next player.", "JackChangeItPlayRequest", "JackChangeItPlayResponse",
        {"players": 3, "top": "7S", "cards": ["JS"], "hand_left": 4, "call": "D"}),
})
