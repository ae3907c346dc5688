"""Kept games: POST /games, GET /games/{id} (ETag, 304), POST .../events and .../undo.

Writing needs the game's edit key, sent as the ``X-Edit-Key`` header (or an
``edit_key`` field); reading needs only the game's id, which cannot be guessed.
A hand followed live is a run of events too (the upcard turned, then each step
of play); the game's document shows it as ``live``.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request, url_for

from ..core.errors import Location, RefereeInputError, WrongTypeError
from ..core.game import GameSetup, event_from_dict
from ..core.text import whole_number
from ..store.documents import game_document, history_document
from ..store.games import (
    HISTORY_PAGE,
    DamagedGameError,
    EditKeyError,
    GameNotFoundError,
    LoadedGame,
    StaleVersionError,
    append_event,
    create_game,
    current_version,
    load_game,
    undo_last,
)
from .blueprint import api
from .errors import error_response
from .password import password_guarded
from .requests import field, json_object, optional_text


@api.post("/games")
@password_guarded
def create_game_view():
    body = json_object()
    setup = GameSetup.create(field(body, "ruleset"), field(body, "players"),
                             first_dealer=optional_text(body, "first_dealer", "a player's name"),
                             decks=field(body, "decks", None), options=field(body, "options", None),
                             teams=field(body, "teams", None), stake=field(body, "stake", None),
                             currency=field(body, "currency", None))
    loaded, edit_key = create_game(setup)
    document = game_document(loaded)
    document["edit_key"] = edit_key
    response = jsonify(document)
    response.status_code = 201
    response.headers["Location"] = url_for("api.read_game", game_id=loaded.game.id)
    return response


@api.get("/games/<game_id>")
def read_game(game_id: str):
    version = current_version(game_id)
    if version is None:
        raise GameNotFoundError(game_id)
    etag = version_etag(game_id, version)
    if request.if_none_match.contains_weak(etag):  # a compressed answer's tag is weak
        return _not_modified(etag)
    loaded = load_game(game_id)  # may be newer than the version just read: label what is sent
    response = jsonify(game_document(loaded))
    response.set_etag(version_etag(game_id, loaded.version))
    response.headers["Cache-Control"] = "no-cache"
    return response


LONGEST_HISTORY_PAGE = 500


@api.get("/games/<game_id>/history")
def read_history(game_id: str):
    """A page of the game's events, oldest first within it; ``older`` links the one before."""
    before = _query_number("before", None, 1)
    limit = _query_number("limit", HISTORY_PAGE, 1, LONGEST_HISTORY_PAGE)
    loaded = load_game(game_id)
    events, more = loaded.history_page(before, limit)
    older = (url_for("api.read_history", game_id=game_id, before=events[0].version,
                     limit=limit) if more and events else None)
    return jsonify({"id": game_id, "version": loaded.version,
                    "events": history_document(events), "older": older})


def _query_number(name: str, default: int | None, least: int,
                  most: int | None = None) -> int | None:
    """A whole number from the query; out of range is refused, never clamped, as the OpenAPI
    document's minimum and maximum say (a client asking for 501 events learns it gets 500)."""
    text = request.args.get(name)
    if text is None:
        return default
    number = whole_number(text)
    if number is None or number < least or (most is not None and number > most):
        within = f"from {least} to {most}" if most is not None else f"at least {least}"
        raise WrongTypeError(f"{name} must be a whole number {within}.", name)
    return number


@api.post("/games/<game_id>/events")
def append_event_view(game_id: str):
    body = json_object()
    expected = _expected_version(body)
    try:
        event = event_from_dict(field(body, "event"))
        return _changed(append_event(game_id, event, expected, _edit_key(body)))
    except RefereeInputError as error:
        error.location = _event_location(error.location)
        raise


def _event_location(location: Location) -> Location:
    """The request's own path for a field a live hand's rules name in their words.

    The rules of a live hand name a step's fields ``step.card`` (and the deal's
    ``upcard``, the table's ``table``), but here the step is the request's
    ``event``: a client marks the field it sent, ``event.card``.
    """
    head = location[:1]
    if head == ("step",):
        return ("event", *location[1:])
    if head == ("upcard",):
        return ("event", "card")
    if head == ("table",):
        return ("event",)  # cards seen face up that the decks cannot hold: this event's card
    return location


@api.post("/games/<game_id>/undo")
def undo_view(game_id: str):
    body = json_object()
    return _changed(undo_last(game_id, _expected_version(body), _edit_key(body)))


def version_etag(game_id: str, version: int) -> str:
    return f"{game_id}.{version}"


def _not_modified(etag: str) -> Response:
    response = Response(status=304)
    response.set_etag(etag)
    return response


def _changed(loaded: LoadedGame) -> Response:
    response = jsonify(game_document(loaded))
    response.status_code = 201
    response.set_etag(version_etag(loaded.game.id, loaded.version))
    return response


def _expected_version(body: dict[str, Any]) -> int:
    value = field(body, "expected_version")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise WrongTypeError("expected_version must be the game's version you last saw.",
                             "expected_version")
    return value


def _edit_key(body: dict[str, Any]) -> str | None:
    key = request.headers.get("X-Edit-Key") or body.get("edit_key")
    return key if isinstance(key, str) else None


@api.errorhandler(GameNotFoundError)
def _game_not_found(error: GameNotFoundError) -> Response:
    return error_response(404, "game_not_found", "There is no game with that id.", "game_id")


@api.errorhandler(DamagedGameError)
def _damaged_game(error: DamagedGameError) -> Response:
    return error_response(409, "damaged_game",
                          "This game's stored record cannot be read, so it cannot be shown or "
                          "changed. Every other game still works; to get it back, restore a "
                          "backup made before the damage (referee restore).", "game_id")


@api.errorhandler(EditKeyError)
def _edit_key_refused(error: EditKeyError) -> Response:
    return error_response(403, "edit_key_needed", str(error), "X-Edit-Key")


@api.errorhandler(StaleVersionError)
def _stale_version(error: StaleVersionError) -> Response:
    response = error_response(409, "stale_version",
                              f"Another device changed this game first (it is now at version "
                              f"{error.current}); reload it and try again.", "expected_version")
    response.headers["ETag"] = f'"{request.view_args.get("game_id")}.{error.current}"'
    return response
