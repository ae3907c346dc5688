"""The OpenAPI document's parts for FreeCell's referee questions (joined to it on import):
/freecell/deal, /freecell/solve, /freecell/move.

A position is a numbered game or a layout; the schema says the types and the counts (eight
columns, at most four cells, a foundation's top rank 0-13); that the layout is one deck, each
card once, is the core's to check (422 bad_freecell_layout).
"""

from __future__ import annotations

from ..core.games.freecell import CELLS, FIRST_GAME, LAST_GAME
from .openapi import PATHS, SCHEMAS, _post, _ref

GAME = {"type": "integer", "minimum": FIRST_GAME, "maximum": LAST_GAME, "description": (
    "A Microsoft FreeCell game number (11982 is the famous one with no solution).")}
PLACE = {"type": "string", "description": (
    '"column 1" to "column 8", "cell" or "foundation" (any case); another answers 422 '
    "bad_freecell_place."), "examples": ["column 3", "cell", "foundation"]}
POSITION_PROPERTIES = {
    "game": {**GAME, "type": ["integer", "null"]},
    "columns": {"type": ["array", "null"], "minItems": 8, "maxItems": 8,
                "items": {"type": "array", "items": _ref("Card")},
                "description": "The eight columns, each from the card dealt first (at the top "
                               "of the layout, buried) to the card that can move. With the "
                               "cells and the foundations, the 52 cards of one deck, each once "
                               "(else 422 bad_freecell_layout). Given, it wins over game."},
    "cells": {"type": ["array", "null"], "items": _ref("Card"), "maxItems": CELLS,
              "description": "The cards in the free cells (none: empty)."},
    "foundations": {"type": ["object", "null"],
                    "propertyNames": {"pattern": "^[SHDCshdc♠♥♦♣]$"},
                    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 13},
                    "description": "Each suit's top rank on its foundation (0 or absent: not "
                                   "begun; 13: the king)."}}
# A game number or a layout: one of them not null.
POSITION_ONE_OF = [{"required": ["game"], "properties": {"game": {"type": "integer"}}},
                   {"required": ["columns"], "properties": {"columns": {"type": "array"}}}]
MOVE = {"type": "object", "required": ["card", "from", "to"], "properties": {
    "card": _ref("Card"), "from": PLACE, "to": PLACE,
    "count": {"type": "integer", "minimum": 2, "description": (
        "Cards carried at once (the card and those above it), when more than one.")}}}
POSITION = {"type": "object", "required": ["columns", "cells", "foundations", "won"],
            "properties": {
                "columns": {"type": "array", "items": {"type": "array", "items": _ref("Card")}},
                "cells": {"type": "array", "items": _ref("Card")},
                "foundations": {"type": "object",
                                "additionalProperties": {"type": "integer"}},
                "won": {"type": "boolean", "description": "Every card is home."}}}

SCHEMAS.update({
    "FreeCellDealRequest": {"type": "object", "required": ["game"], "properties": {"game": GAME}},
    "FreeCellDealResponse": {
        "type": "object", "required": ["game", "columns"],
        "properties": {"game": {"type": "integer"},
                       "columns": {"type": "array", "minItems": 8, "maxItems": 8,
                                   "items": {"type": "array", "items": _ref("Card")},
                                   "description": "The eight columns as laid, each read top "
                                                  "to bottom: the card dealt first, buried, "
                                                  "first; the card that can move last."}}},
    "FreeCellPosition": {"type": "object", "anyOf": POSITION_ONE_OF,
                         "properties": POSITION_PROPERTIES},
    "FreeCellMove": MOVE,
    "FreeCellSolveResponse": {
        "type": "object", "required": ["solvable", "proved", "status", "moves"],
        "properties": {
            "solvable": {"type": "boolean", "description": "A solution was found (moves)."},
            "proved": {"type": "boolean", "description": (
                "False only when the search stopped at its limit before finding a solution "
                "or exhausting every position (then solvable is false: nobody knows).")},
            "status": {"enum": ["solved", "unsolvable", "unknown"]},
            "positions_searched": {"type": "integer", "minimum": 0},
            "moves": {"type": "array", "items": _ref("FreeCellMove"), "description": (
                "A solution, move by move, each replayable with the cards.")}}},
    "FreeCellMoveRequest": {
        "type": "object", "required": ["move"], "anyOf": POSITION_ONE_OF,
        "properties": {**POSITION_PROPERTIES, "move": {
            "type": "object", "required": ["card", "to"], "properties": {
                "card": {"allOf": [_ref("Card")], "description": (
                    "The card to move; the cards above it in its column go with it.")},
                "to": PLACE}}}},
    "FreeCellMoveResponse": {**POSITION, "required": ["move", *POSITION["required"]],
                             "properties": {**POSITION["properties"],
                                            "move": _ref("FreeCellMove")}},
})

_CODES = SCHEMAS["Error"]["properties"]["error"]["properties"]["code"]["examples"]
_CODES += [code for code in ("bad_freecell_game", "bad_freecell_layout", "bad_freecell_place",
                             "freecell_build", "freecell_cell", "freecell_foundation",
                             "freecell_supermove", "freecell_card_covered",
                             "freecell_card_not_in_play", "freecell_same_place")
           if code not in _CODES]

PATHS.update({
    "/freecell/deal": _post(
        "FreeCell: a numbered game's eight columns as they are laid.",
        "FreeCellDealRequest", "FreeCellDealResponse", {"game": 1}),
    "/freecell/solve": _post(
        "FreeCell: from a numbered game or any position, a solution move by move, or the proof "
        "that there is none (proved false only when the search stopped at its limit).",
        "FreeCellPosition", "FreeCellSolveResponse", {"game": 11982}),
    "/freecell/move": _post(
        "FreeCell: the position after one move, or 422 with the rule the move breaks "
        "(alternating colours, one lower; a cell holds one card; foundations by suit from the "
        "ace; how many cards one move may carry).",
        "FreeCellMoveRequest", "FreeCellMoveResponse",
        {"game": 1, "move": {"card": "6C", "to": "cell"}}),
})
