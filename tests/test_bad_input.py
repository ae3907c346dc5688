"""Text and numbers no game can hold (issue 12): refused beside the input, never a 5xx; a game
that kept such text before it was refused still shows; CSV cells a spreadsheet would run are
made text."""

from __future__ import annotations

import csv
import io

import pytest
from sqlalchemy import update

from referee.extensions import db
from referee.store.models import GameEvent
from tests.test_api_games import GAMES, make_game, scored, send
from tests.test_web_games import (csrf_token, errors, game_count, new_game, send as send_form,
                                  setup_data, version_of)

NEW_GAME = "/games/new/eversol"


# --- The API ---------------------------------------------------------------------------------

@pytest.mark.parametrize("event_type", [{}, [], {"a": 1}, ["hand_scored"], 3, True])
@pytest.mark.parametrize("game_exists", [True, False])
def test_an_event_type_that_is_not_text_is_400(client, event_type, game_exists):
    game = make_game(client) if game_exists else {"id": "nope", "edit_key": "x"}
    response = send(client, game, {"type": event_type, "hand": 1}, 0)
    expected = 400 if game_exists else (400, 404)
    assert response.status_code in (expected if isinstance(expected, tuple) else (expected,))
    assert response.get_json()["error"]["field"] in ("event.type", "game_id")


@pytest.mark.parametrize("name, message", [
    ("Ab\x00e", "U+0000"), ("Ab\ud800e", "U+D800"), ("Ab\u200be", "U+200B"),
    ("Ab\u202ee", "U+202E"), ("Ab\u2066e", "U+2066"), ("A" * 31, "30 letters"),
    ("\u3164", "U+3164"), ("Ab\u2800", "U+2800"), ("\ufe0f", "U+FE0F"),
])
def test_a_name_with_a_character_no_name_can_hold_is_422_at_its_seat(client, name, message):
    response = client.post(GAMES, json={"ruleset": "eversol", "players": ["Abe", name]})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "players[1]" and message in error["message"]


def test_names_are_one_name_however_the_accent_was_typed(client):
    composed, decomposed = "Zo\u00e9", "Zoe\u0301"
    game = make_game(client, (decomposed, "Ben"))
    assert game["players"] == [composed, "Ben"]
    again = client.post(GAMES, json={"ruleset": "eversol", "players": [composed, decomposed]})
    assert again.status_code == 422 and "Two players" in again.get_json()["error"]["message"]


@pytest.mark.parametrize("field, event", [
    ("elder", {"type": "hand_scored", "hand": 1, "elder": "", "deal": {}}),
    ("dealer", {"type": "dealer_chosen", "dealer": "  "}),
])
def test_a_blank_name_is_a_missing_one_as_the_document_says(client, field, event):
    """Blank where a name belongs: refused as missing (not as a wrong type), and the OpenAPI
    document forbids it too, so what it allows and what is answered agree."""
    game = make_game(client, ("Abe", "Ben"), ruleset="piquet")
    error = send(client, game, event, 0).get_json()["error"]
    assert (error["code"], error["field"]) == ("missing_field", f"event.{field}")
    assert "blank" in error["message"]
    document = client.get("/api/v1/openapi.json").get_json()
    scored = next(kind for kind in document["components"]["schemas"]["GameEvent"]["oneOf"]
                  if kind["properties"]["type"]["enum"] == [event["type"]])
    assert scored["properties"][field]["pattern"] == r"\S"


def test_a_nul_or_lone_surrogate_anywhere_in_a_body_is_refused_where_it_is(client):
    game = make_game(client)
    event = {**scored(1, "Ben", {"Abe": 10, "Carl": 5}), "entries": {"Abe": ["x\x00"]}}
    response = send(client, game, event, 0)
    assert response.status_code == 422
    assert response.get_json()["error"]["field"] == "event.entries.Abe[0]"
    assert client.get(f"{GAMES}/{game['id']}").get_json()["version"] == 0


def test_a_correction_reason_follows_the_forms_rules(client):
    game = make_game(client)
    assert send(client, game, scored(1, "Ben", {"Abe": 10, "Carl": 5}), 0).status_code == 201
    corrected = {**scored(1, "Ben", {"Abe": 10, "Carl": 15}), "type": "hand_corrected"}
    for reason, message in [("oops \ud800", "U+D800"), ("x" * 201, "200 letters")]:
        response = send(client, game, {**corrected, "reason": reason}, 1)
        assert response.status_code == 422, response.get_data(as_text=True)
        assert response.get_json()["error"]["field"] == "event.reason"
        assert message in response.get_json()["error"]["message"]
    assert send(client, game, {**corrected, "reason": "Carl miscounted"}, 1).status_code == 201


@pytest.mark.parametrize("path", ["/api/v1/games/a%00b", "/api/v1/games/%ED%A0%80",
                                  "/games/a%00b", "/games/a%00b/history",
                                  "/games/a%00b/export.csv", "/games/a%00b/poll/standings"])
def test_a_game_id_with_a_nul_or_odd_bytes_is_404(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("seen", ["²", "١٢", "12", "-1", "9" * 40])
def test_a_poll_with_any_seen_number_answers(client, seen):
    game_id = new_game(client)
    response = client.get(f"/games/{game_id}/poll/notice", query_string={"seen": seen})
    assert response.status_code == 200
    response.headers["ETag"].encode("latin-1")  # what a server can send


@pytest.mark.parametrize("number", ["²", "١٢", "٣", "-1", "0", "9" * 40, ""])
def test_a_history_page_asked_with_any_number_answers(client, number):
    """The screen shows the newest steps; the API says what it wants in a number."""
    game = make_game(client)
    assert client.get(f"/games/{game['id']}/history",
                      query_string={"before": number}).status_code == 200
    for name in ("before", "limit"):
        response = client.get(f"{GAMES}/{game['id']}/history", query_string={name: number})
        assert response.status_code == 400, (name, response.status_code)
        assert response.get_json()["error"]["field"] == name


@pytest.mark.parametrize("etag", ['"²"', '"١٢"', "W/\"x\x00\"", "*"])
def test_any_if_none_match_is_read_without_a_5xx(client, etag):
    game = make_game(client)
    assert client.get(f"{GAMES}/{game['id']}", headers={"If-None-Match": etag}).status_code in (
        200, 304)


# --- The forms -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, message", [
    ("Ab\x00e", "U+0000"), ("Abe\u200d", "U+200D"), ("Ab\u200fe", "U+200F"),
    ("A" * 31, "30 letters"), ("Abe\uffa0", "U+FFA0"), ("\u2800", "U+2800"),
])
def test_a_name_refused_on_the_form_is_422_beside_its_seat(client, app, name, message):
    response = send_form(client, NEW_GAME, setup_data(("Abe", name, "Carl")))
    assert response.status_code == 422
    assert any(message in error for error in errors(response))
    added = send_form(client, NEW_GAME, {"new_name": name, "add": "1"})
    assert added.status_code == 422 and any(message in error for error in errors(added))


@pytest.mark.parametrize("digits", ["²", "١٢", "1_0", "٣"])
def test_digits_other_than_ascii_are_not_a_number_on_the_forms(client, app, digits):
    game_id = new_game(client)
    response = send_form(client, f"/games/{game_id}/hands/1",
                         {"expected_version": "0", "save": "1", "went_out": "1",
                          "held0-total": digits, "held2-total": "5"})
    assert response.status_code == 422
    assert errors(response) == ["Abe: Type a whole number, like 35."]
    assert version_of(app, game_id) == 0
    seat = send_form(client, f"/games/{game_id}/hands/1",
                     {"expected_version": "0", "save": "1", "went_out": digits})
    assert seat.status_code == 422 and version_of(app, game_id) == 0


def test_a_reason_with_a_nul_is_refused_beside_it_and_nothing_is_saved(client, app):
    game_id = new_game(client)
    hand = {"expected_version": "0", "save": "1", "went_out": "1", "held0-total": "15",
            "held2-total": "5"}
    assert send_form(client, f"/games/{game_id}/hands/1", hand).status_code == 303
    response = send_form(client, f"/games/{game_id}/hands/1",
                         {**hand, "expected_version": "1", "held2-total": "25",
                          "reason": "Carl \x00 miscounted"})
    assert response.status_code == 422
    assert "This text holds a character that cannot be kept (U+0000)." in errors(response)
    assert version_of(app, game_id) == 1


# --- A game that kept such text before -------------------------------------------------------

def test_a_game_that_kept_a_lone_surrogate_or_nul_still_shows_everywhere(client, app):
    game = make_game(client)
    assert send(client, game, scored(1, "Ben", {"Abe": 10, "Carl": 5}), 0).status_code == 201
    corrected = {**scored(1, "Ben", {"Abe": 10, "Carl": 15}), "type": "hand_corrected",
                 "reason": "Carl miscounted"}
    assert send(client, game, corrected, 1).status_code == 201
    with app.app_context():  # as an older version let it be saved, before the checks
        db.session.execute(update(GameEvent).where(GameEvent.version == 2).values(
            payload={**corrected, "reason": "Carl \ud800 miscounted"}))
        db.session.commit()
    # A server started on that database has nothing kept from before (the app keeps states
    # by version, and a version's events never change but here, behind its back).
    app.extensions.pop("referee_folds", None)
    app.extensions.pop("referee_summaries", None)
    game_id = game["id"]
    for path in (f"/games/{game_id}", f"/games/{game_id}/history", f"/games/{game_id}/sheet",
                 f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv",
                 f"{GAMES}/{game_id}", "/games", "/players"):
        response = client.get(path)
        assert response.status_code == 200, path
    assert "Carl \ufffd miscounted" in client.get(f"/games/{game_id}/history").get_data(
        as_text=True)
    assert "Carl \ufffd miscounted" in client.get(f"/games/{game_id}/export.csv").get_data(
        as_text=True)
    undone = client.post(f"{GAMES}/{game_id}/undo", headers={"X-Edit-Key": game["edit_key"]},
                         json={"expected_version": 2})
    assert undone.status_code == 201


def test_an_imported_file_holding_a_nul_is_refused_and_nothing_is_made(client, app):
    game = make_game(client)
    assert send(client, game, scored(1, "Ben", {"Abe": 10, "Carl": 5}), 0).status_code == 201
    export = client.get(f"/games/{game['id']}/export.json").get_data(as_text=True)
    bad = export.replace('"Ben"', '"Be\\u0000n"', 1)
    assert bad != export
    response = client.post("/games/import", data={
        "csrf_token": csrf_token(client), "game_file": (io.BytesIO(bad.encode()), "game.json")})
    assert response.status_code == 422
    assert any("This file holds a character no game can keep" in e for e in errors(response))
    assert game_count(app) == 1


# --- CSV -------------------------------------------------------------------------------------

def test_csv_cells_a_spreadsheet_would_run_are_text_and_scores_stay_numbers(client):
    game = make_game(client, ("=SUM(A1)", "+Ben", "@Carl"))
    players = game["players"]
    assert send(client, game, scored(1, players[1], {players[0]: 10, players[2]: 5}),
                0).status_code == 201
    corrected = {**scored(1, players[1], {players[0]: 10, players[2]: 15}),
                 "type": "hand_corrected", "reason": "-1 for Carl"}
    assert send(client, game, corrected, 1).status_code == 201
    response = client.get(f"/games/{game['id']}/export.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][3:6] == ["'=SUM(A1)", "'+Ben", "'@Carl"]
    assert rows[1][1:3] == ["'=SUM(A1)", "'+Ben"] and rows[1][6] == "'-1 for Carl"
    assert rows[1][3:6] == ["10", "0", "15"]


@pytest.mark.parametrize("name", ["\uff1dSUM(A1)", "\uff0bBen", "\uff0dBen", "\uff20Carl"])
def test_csv_cells_starting_with_a_wide_formula_sign_are_text(client, name):
    game = make_game(client, (name, "Zed"))
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game['id']}/export.csv")
                                       .get_data(as_text=True))))
    assert rows[0][3] == "'" + name


def test_negative_scores_stay_numbers_in_the_csv(client):
    response = client.post(GAMES, json={"ruleset": "500", "players": ["-Ann", "Ben"],
                                        "first_dealer": "-Ann"})
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    event = {"type": "hand_scored", "hand": 1, "went_out": "Ben",
             "players": {"-Ann": {"melded": 0, "held": 30}, "Ben": {"melded": 40, "held": 0}}}
    assert send(client, game, event, 0).status_code == 201
    rows = list(csv.reader(io.StringIO(
        client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True))))
    assert rows[0][3] == "'-Ann" and rows[1][3] == "-30"
