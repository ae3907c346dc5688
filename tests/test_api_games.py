"""Kept games over the API: make, read (ETag/304), append at a version, undo."""

from __future__ import annotations

import pytest

from tests.conftest import assert_error, post
from tests.test_api import openapi, response_schema, schema_errors

GAMES = "/api/v1/games"


def make_game(client, players=("Abe", "Ben", "Carl"), **extra):
    response = post(client, GAMES, {"ruleset": "eversol", "players": list(players),
                                    "first_dealer": players[0], **extra})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def send(client, game, event, version, key="own"):
    key = game["edit_key"] if key == "own" else key
    headers = {"X-Edit-Key": key} if key else {}
    return client.post(f"{GAMES}/{game['id']}/events", headers=headers,
                       json={"expected_version": version, "event": event})


def history(client, game_id, limit=500):
    """Every event of the game, oldest first, from the history resource (one page)."""
    response = client.get(f"{GAMES}/{game_id}/history?limit={limit}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["older"] is None
    return response.get_json()["events"]


def scored(hand, went_out, points):
    return {"type": "hand_scored", "hand": hand, "went_out": went_out, "points": points}


def test_a_new_game_starts_at_hand_one_with_the_dealer_and_first_player(client):
    game = make_game(client, ("Abe", "Ben", "Carl", "Dee"))
    assert game["version"] == 0 and game["hand"] == 1 and game["decks"] == 2
    assert (game["dealer"], game["first_player"]) == ("Abe", "Ben")
    assert game["contract"]["description"] == "two books"
    assert game["edit_key"] and game["totals"] == {"Abe": 0, "Ben": 0, "Carl": 0, "Dee": 0}


def test_the_seed_example_ben_out_carl_35_abe_15(client):
    game = make_game(client)
    response = send(client, game, scored(1, "Ben", {"Carl": 35, "Abe": 15}), 0)
    assert response.status_code == 201
    after = response.get_json()
    assert after["totals"] == {"Abe": 15, "Ben": 0, "Carl": 35}
    assert after["leaders"] == ["Ben"] and after["version"] == 1
    assert (after["hand"], after["dealer"], after["first_player"]) == (2, "Ben", "Carl")


def test_reading_answers_304_until_the_game_changes(client):
    game = make_game(client)
    first = client.get(f"{GAMES}/{game['id']}")
    assert first.status_code == 200 and "edit_key" not in first.get_json()
    etag = first.headers["ETag"]
    assert client.get(f"{GAMES}/{game['id']}", headers={"If-None-Match": etag}).status_code == 304
    send(client, game, scored(1, "Ben", {"Carl": 35, "Abe": 15}), 0)
    again = client.get(f"{GAMES}/{game['id']}", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag


def test_a_stale_version_is_409_and_changes_nothing(client):
    game = make_game(client)
    assert send(client, game, scored(1, "Ben", {"Carl": 35, "Abe": 15}), 0).status_code == 201
    stale = send(client, game, scored(2, "Abe", {"Carl": 5, "Ben": 10}), 0)
    assert_error(stale, 409, "stale_version", "expected_version")
    state = client.get(f"{GAMES}/{game['id']}").get_json()
    assert state["version"] == 1 and state["hand"] == 2 and state["totals"]["Carl"] == 35


@pytest.mark.parametrize("event, code, field", [
    (scored(1, "Ben", {"Carl": 33, "Abe": 15}), "bad_hand_entry", "event.points.Carl"),
    (scored(1, "Ben", {"Carl": 35}), "bad_hand_entry", "event.points.Abe"),
    (scored(1, "Ben", {"Carl": 35, "Abe": 0}), "bad_hand_entry", "event.points.Abe"),
    (scored(1, "Ben", {"Carl": 35, "Abe": 15, "Ben": 12}), "bad_hand_entry", "event.points.Ben"),
    # a rummy penalty is two cards, the rummy card and the caller's discard: 10 at the least
    (scored(1, "Ben", {"Carl": 35, "Abe": 15, "Ben": 5}), "bad_hand_entry", "event.points.Ben"),
    (scored(1, "Zed", {"Carl": 35, "Abe": 15}), "bad_hand_entry", "event.went_out"),
    (scored(2, "Ben", {"Carl": 35, "Abe": 15}), "illegal_event", "event.hand"),
    ({"type": "hand_corrected", "hand": 1, "went_out": "Ben", "points": {"Carl": 5, "Abe": 5},
      "reason": "typo"}, "illegal_event", "event.hand"),
    ({"type": "shuffle"}, "illegal_event", "event.type"),
])
def test_an_illegal_step_is_422_with_the_reason_and_changes_nothing(client, event, code, field):
    game = make_game(client)
    error = assert_error(send(client, game, event, 0), 422, code, field)
    assert error["message"].endswith(".")
    state = client.get(f"{GAMES}/{game['id']}").get_json()
    assert state["version"] == 0 and history(client, game["id"]) == []


def test_writing_needs_the_edit_key_reading_does_not(client):
    game = make_game(client)
    event = scored(1, "Ben", {"Carl": 35, "Abe": 15})
    assert_error(send(client, game, event, 0, key=None), 403, "edit_key_needed")
    assert_error(send(client, game, event, 0, key="guess"), 403, "edit_key_needed")
    assert client.get(f"{GAMES}/{game['id']}").get_json()["version"] == 0


def test_undo_marks_the_last_event_and_keeps_it_in_the_history(client):
    game = make_game(client)
    send(client, game, scored(1, "Ben", {"Carl": 35, "Abe": 15}), 0)
    undone = client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": 1},
                         headers={"X-Edit-Key": game["edit_key"]})
    assert undone.status_code == 201
    state = undone.get_json()
    assert state["version"] == 2 and state["hand"] == 1 and state["totals"]["Carl"] == 0
    assert [(h["version"], h["undone_in"]) for h in history(client, game["id"])] == [(1, 2)]
    nothing = client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": 2},
                          headers={"X-Edit-Key": game["edit_key"]})
    assert_error(nothing, 422, "illegal_event")


def test_a_correction_changes_a_past_hand_and_keeps_the_reason(client):
    game = make_game(client)
    send(client, game, scored(1, "Ben", {"Carl": 35, "Abe": 15}), 0)
    send(client, game, scored(2, "Carl", {"Abe": 10, "Ben": 20}), 1)
    fixed = send(client, game, {"type": "hand_corrected", "hand": 1, "went_out": "Ben",
                                "points": {"Carl": 40, "Abe": 15}, "reason": "missed a 5"}, 2)
    state = fixed.get_json()
    assert state["totals"] == {"Abe": 25, "Ben": 20, "Carl": 40}
    assert state["hands"][0]["corrections"] == ["missed a 5"] and state["hand"] == 3


def test_six_hands_finish_the_game_and_equal_totals_share_a_place(client):
    game = make_game(client)
    version = 0
    for hand in range(1, 7):
        out = ("Abe", "Ben")[hand % 2]
        others = {name: 10 for name in ("Abe", "Ben", "Carl") if name != out}
        response = send(client, game, scored(hand, out, others), version)
        version = response.get_json()["version"]
    state = response.get_json()
    assert state["finished"] and state["hand"] is None and state["dealer"] is None
    assert [(p["place"], p["name"], p["total"]) for p in state["ranking"]] == [
        (1, "Abe", 30), (1, "Ben", 30), (3, "Carl", 60)]
    assert state["leaders"] == ["Abe", "Ben"]
    extra = send(client, game, scored(7, "Abe", {"Ben": 5, "Carl": 5}), version)
    assert_error(extra, 422, "illegal_event", "event.hand")


@pytest.mark.parametrize("body, status, code, field", [
    ({"ruleset": "eversol", "players": ["Abe"]}, 422, "bad_setup", "players"),
    ({"ruleset": "eversol", "players": ["Abe", "abe"]}, 422, "bad_setup", "players[1]"),
    ({"ruleset": "eversol", "players": ["Abe", ""]}, 422, "bad_setup", "players[1]"),
    ({"ruleset": "eversol", "players": "Abe Ben"}, 422, "bad_setup", "players"),
    ({"ruleset": "eversol", "players": ["Abe", "Ben"], "first_dealer": "Zed"}, 422, "bad_setup",
     "first_dealer"),
    ({"ruleset": "gin", "players": ["Abe", "Ben"]}, 422, "unknown_ruleset", "ruleset"),
    ({"ruleset": "eversol", "players": ["Abe", "Ben"], "first_dealer": 0}, 400, "wrong_type",
     "first_dealer"),  # a seat number: the document (and the app's screens) name the dealer
    ({"players": ["Abe", "Ben"]}, 400, "missing_field", "ruleset"),
    ({"ruleset": "eversol", "players": [f"P{i}" for i in range(21)]}, 422, "bad_setup",
     "players"),
])
def test_a_game_no_table_could_have_is_refused(client, body, status, code, field):
    assert_error(post(client, GAMES, body), status, code, field)


def test_unknown_game_is_404_json(client):
    assert_error(client.get(f"{GAMES}/nope"), 404, "game_not_found")
    assert_error(client.post(f"{GAMES}/nope/undo", json={"expected_version": 0}), 404,
                 "game_not_found")


@pytest.mark.parametrize("body, field", [
    ({"event": {"type": "hand_scored"}}, "expected_version"),
    ({"expected_version": "0", "event": {}}, "expected_version"),
    ({"expected_version": 0}, "event"),
    ({"expected_version": 0, "event": ["hand_scored"]}, "event"),
    ({"expected_version": 0, "event": {"type": "hand_scored", "hand": "1", "went_out": "Ben",
                                       "points": {}}}, "event.hand"),
    ({"expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "went_out": "Ben",
                                       "points": {"Abe": "15"}}}, "event.points"),
])
def test_malformed_events_are_400_naming_the_field(client, body, field):
    game = make_game(client)
    response = client.post(f"{GAMES}/{game['id']}/events", json=body,
                           headers={"X-Edit-Key": game["edit_key"]})
    assert response.status_code == 400 and response.get_json()["error"]["field"] == field


def test_a_whole_version_written_with_a_decimal_point_is_that_version(client):
    """JSON Schema's integer (expected_version's) includes 0.0."""
    game = make_game(client)
    sent = send(client, game, scored(1, "Ben", {"Abe": 15, "Carl": 35}), 0.0)
    assert sent.status_code == 201 and sent.get_json()["totals"]["Abe"] == 15
    undone = client.post(f"{GAMES}/{game['id']}/undo", data='{"expected_version": 1.0}',
                         content_type="application/json", headers={"X-Edit-Key": game["edit_key"]})
    assert undone.status_code == 201 and undone.get_json()["totals"]["Abe"] == 0


def test_a_blank_name_in_an_event_is_malformed_in_the_document_too(client):
    game = make_game(client)
    body = {"expected_version": 0, "event": {"type": "drew", "player": "  ", "source": "stock"}}
    response = client.post(f"{GAMES}/{game['id']}/events", json=body,
                           headers={"X-Edit-Key": game["edit_key"]})
    assert_error(response, 400, "wrong_type", "event.player")
    document = openapi(client)
    schema = document["paths"]["/games/{game_id}/events"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]
    assert schema_errors(document, schema, body)
    assert schema_errors(document, schema, body | {"event": body["event"] | {"player": "Ben"}}) \
        == []


@pytest.mark.parametrize("name", ["limit", "before"])
def test_history_numbers_past_the_documented_most_are_refused_not_clamped(client, name):
    document = openapi(client)
    parameters = document["paths"]["/games/{game_id}/history"]["get"]["parameters"]
    most = next(p for p in parameters if p["name"] == name)["schema"]["maximum"]
    game = make_game(client)
    address = f"{GAMES}/{game['id']}/history"
    assert client.get(f"{address}?{name}={most}").status_code == 200
    assert_error(client.get(f"{address}?{name}={most + 1}"), 400, "wrong_type", name)


def test_the_documented_examples_and_answers_of_a_games_addresses(client):
    document = openapi(client)
    game = make_game(client, ("Abe", "Ben", "Carl"))
    for path in ("/games/{game_id}/events", "/games/{game_id}/undo"):
        operation = document["paths"][path]["post"]
        content = operation["requestBody"]["content"]["application/json"]
        example = content["examples"]["example"]["value"]
        assert schema_errors(document, content["schema"], example) == []
        address = "/api/v1" + path.replace("{game_id}", game["id"])
        response = client.post(address, json=example, headers={"X-Edit-Key": game["edit_key"]})
        assert response.status_code == 201, response.get_data(as_text=True)
        schema = response_schema(document, "/api/v1" + path, "post", 201)
        assert schema_errors(document, schema, response.get_json()) == []
    read = client.get(f"{GAMES}/{game['id']}").get_json()
    assert schema_errors(document, response_schema(document, GAMES + "/{game_id}", "get", 200),
                         read) == []


def test_a_name_corrected_and_players_come_and_go_follow_the_totals_and_undo(client):
    game = make_game(client, ("Abe", "Bne", "Carl"))
    send(client, game, scored(1, "Bne", {"Carl": 35, "Abe": 15}), 0)
    renamed = send(client, game, {"type": "player_renamed", "name": "Bne", "new_name": "Ben"}, 1)
    assert renamed.status_code == 201, renamed.get_data(as_text=True)
    assert renamed.get_json()["totals"] == {"Abe": 15, "Ben": 0, "Carl": 35}
    seated = send(client, game, {"type": "player_seated", "name": "Dee"}, 2).get_json()
    assert seated["players"] == ["Abe", "Ben", "Carl", "Dee"] and seated["totals"]["Dee"] == 0
    assert seated["dealer"] == "Ben" and seated["hands"][0]["dealer"] == "Abe"
    gone = send(client, game, {"type": "player_left", "name": "Abe"}, 3).get_json()
    assert gone["players"] == ["Ben", "Carl", "Dee"] and gone["left"] == ["Abe"]
    assert gone["totals"] == {"Ben": 0, "Carl": 35, "Dee": 0, "Abe": 15}
    stale = send(client, game, {"type": "player_left", "name": "Carl"}, 3)
    assert_error(stale, 409, "stale_version", "expected_version")
    undone = client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": 4},
                         headers={"X-Edit-Key": game["edit_key"]}).get_json()
    assert undone["players"] == ["Abe", "Ben", "Carl", "Dee"] and undone["left"] == []
    kinds = [event["event"]["type"] for event in history(client, game["id"])]
    assert kinds[1:] == ["player_renamed", "player_seated", "player_left"]
    document = openapi(client)
    assert schema_errors(document, response_schema(document, GAMES + "/{game_id}", "get", 200),
                         client.get(f"{GAMES}/{game['id']}").get_json()) == []
    for event in ({"type": "player_renamed", "name": "Ben", "new_name": "Benny"},
                  {"type": "player_seated", "name": "Eve", "seat": 2},
                  {"type": "player_left", "name": "Dee"}):
        assert schema_errors(document, {"$ref": "#/components/schemas/GameEvent"}, event) == []


def test_a_game_of_teams_refuses_a_player_coming_or_going(client):
    response = post(client, GAMES, {"ruleset": "hand-and-foot",
                                    "players": ["Ann", "Bob", "Cy", "Dee"]})
    game = response.get_json()
    refused = send(client, game, {"type": "player_seated", "name": "Eve"}, 0)
    assert "teams are the game" in assert_error(refused, 422, "illegal_event",
                                                 "event.type")["message"]
    renamed = send(client, game, {"type": "player_renamed", "name": "Cy", "new_name": "Cyd"}, 0)
    assert renamed.status_code == 201 and "Cyd" in renamed.get_json()["players"]
