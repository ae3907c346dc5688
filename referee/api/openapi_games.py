"""The kept games' part of the OpenAPI document (joined to it on import)."""

from __future__ import annotations

from typing import Any

from .openapi import PATHS, RESPONSES, SCHEMAS, _error, _json, _ref

NAME = {"type": "string", "description": "A player's name, as given when the game was made."}
POINTS = {"type": "object", "additionalProperties": {"type": "integer"},
          "description": "Points by player's name."}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"},
           "description": "The game's id: unguessable, so it is also the key to read it."}
EDIT_KEY = {"name": "X-Edit-Key", "in": "header", "required": False,
            "schema": {"type": "string"},
            "description": "The edit key given when the game was made (or an edit_key field)."}

EVENT = {"oneOf": [
    {"type": "object", "required": ["type", "dealer"], "properties": {
        "type": {"enum": ["dealer_chosen"]}, "dealer": NAME},
     "description": "Before hand 1 is scored: who deals first."},
    {"type": "object", "required": ["type", "hand", "went_out", "points"], "properties": {
        "type": {"enum": ["hand_scored"]}, "hand": {"type": "integer", "minimum": 1},
        "went_out": NAME, "points": POINTS,
        "entries": {"type": "object", "description": "How each number was entered."}},
     "description": "The hand being played ends: who went out (0) and everybody else's "
                    "points, each a multiple of 5, at least 5."},
    {"type": "object", "required": ["type", "hand", "went_out", "points", "reason"],
     "properties": {
         "type": {"enum": ["hand_corrected"]}, "hand": {"type": "integer", "minimum": 1},
         "went_out": NAME, "points": POINTS, "reason": {"type": "string"},
         "entries": {"type": "object"}},
     "description": "A scored hand entered again, with the reason."},
]}

SCHEMAS.update({
    "GameCreateRequest": {"type": "object", "required": ["ruleset", "players"], "properties": {
        "ruleset": {"enum": ["eversol"], "description": "Games kept so far: Eversol."},
        "players": {"type": "array", "items": NAME, "minItems": 2,
                    "description": "2 to 20 names in seating order (play passes left)."},
        "first_dealer": {"type": ["string", "null"],
                         "description": "Who deals hand 1; drawn at random when absent."},
        "decks": {"type": ["integer", "null"], "minimum": 1, "maximum": 8},
        "options": {"type": ["object", "null"]}}},
    "GameEventRequest": {"type": "object", "required": ["expected_version", "event"],
                         "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                        "event": {"$ref": "#/components/schemas/GameEvent"},
                                        "edit_key": {"type": "string"}}},
    "GameUndoRequest": {"type": "object", "required": ["expected_version"],
                        "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                       "edit_key": {"type": "string"}}},
    "GameEvent": EVENT,
    "Game": {"type": "object", "required": [
        "id", "version", "ruleset", "players", "hand", "dealer", "hands", "totals", "leaders",
        "finished", "ranking", "history"], "properties": {
        "id": {"type": "string"}, "version": {"type": "integer", "minimum": 0},
        "edit_key": {"type": "string", "description": "Only in the answer that made the game."},
        "ruleset": {"type": "string"}, "decks": {"type": "integer"},
        "options": {"type": "object"},
        "players": {"type": "array", "items": NAME},
        "hand": {"type": ["integer", "null"], "description": "The hand being played; null once "
                 "all are scored."},
        "hands_in_game": {"type": "integer"},
        "dealer": {"type": ["string", "null"]}, "first_player": {"type": ["string", "null"]},
        "contract": {"type": ["object", "null"]},
        "hands": {"type": "array", "items": {"type": "object", "required": [
            "hand", "went_out", "points"], "properties": {
            "hand": {"type": "integer"}, "went_out": NAME, "dealer": NAME, "points": POINTS,
            "corrections": {"type": "array", "items": {"type": "string"}}}}},
        "totals": POINTS,
        "leaders": {"type": "array", "items": NAME},
        "finished": {"type": "boolean"},
        "ranking": {"type": "array", "items": {"type": "object", "required": [
            "place", "name", "total"], "properties": {
            "place": {"type": "integer", "minimum": 1}, "name": NAME,
            "total": {"type": "integer"}}}},
        "archived": {"type": "boolean"},
        "history": {"type": "array", "items": {"type": "object", "required": [
            "version", "type", "event", "at"], "properties": {
            "version": {"type": "integer"}, "type": {"type": "string"},
            "event": {"type": "object"}, "at": {"type": "string"},
            "undone_in": {"type": ["integer", "null"]}}}},
    }},
})

RESPONSES.update({
    "EditKeyNeeded": _json(_ref("Error"), "Writing needs the game's edit key."),
    "GameNotFound": _json(_ref("Error"), "There is no game with that id."),
    "StaleVersion": _json(_ref("Error"), (
        "Another device changed the game first: expected_version is not the game's version. "
        "Nothing was changed; the ETag header carries the current version.")),
})

_WRITE_ERRORS = {"400": _error("BadRequest"), "403": _error("EditKeyNeeded"),
                 "404": _error("GameNotFound"), "405": _error("MethodNotAllowed"),
                 "409": _error("StaleVersion"), "413": _error("TooLarge"),
                 "422": _error("Unprocessable"), "500": _error("InternalError")}


def _write(summary: str, request: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "parameters": [GAME_ID, EDIT_KEY],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": _ref(request), "examples": {"example": {"value": example}}}}},
        "responses": {"201": _json(_ref("Game"), "The game after the change, with its new "
                                   "version (also as the ETag)."), **_WRITE_ERRORS},
    }}


PATHS.update({
    "/games": {"post": {
        "summary": "Make a kept game: players in seating order, the first dealer, decks, "
                   "house options. The answer carries the edit key, once.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": _ref("GameCreateRequest"), "examples": {"example": {"value": {
                "ruleset": "eversol", "players": ["Abe", "Ben", "Carl"],
                "first_dealer": "Abe"}}}}}},
        "responses": {"201": _json(_ref("Game"), "The new game, at version 0."),
                      "400": _error("BadRequest"), "405": _error("MethodNotAllowed"),
                      "413": _error("TooLarge"), "422": _error("Unprocessable"),
                      "500": _error("InternalError")},
    }},
    "/games/{game_id}": {"get": {
        "summary": "A game's state, derived from its events, with an ETag; a matching "
                   "If-None-Match answers 304 with no body.",
        "parameters": [GAME_ID],
        "responses": {"200": _json(_ref("Game"), "The game."),
                      "304": {"description": "Not changed since the ETag sent."},
                      "404": _error("GameNotFound"), "405": _error("MethodNotAllowed"),
                      "500": _error("InternalError")},
    }},
    "/games/{game_id}/events": _write(
        "Append an event at the version last seen; a stale version answers 409, an illegal "
        "step 422, and neither changes anything.", "GameEventRequest",
        {"expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "went_out": "Ben",
                                          "points": {"Abe": 15, "Carl": 35}}}),
    "/games/{game_id}/undo": _write(
        "Undo the newest event that still counts; it stays in the history, marked undone.",
        "GameUndoRequest", {"expected_version": 1}),
})
