"""A Bourré night kept through the API: the game made with its ante, each hand as who played
and the tricks each took, the pot and each player's net in money in the document, the night
ended and settled, and the hands no table could have refused (422, at the field)."""

from __future__ import annotations

import pytest

from tests.test_api import openapi, schema_errors

GAMES = "/api/v1/games"
PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def made(client, **extra):
    answer = client.post(GAMES, json={"ruleset": "bourre", "players": list(PLAYERS),
                                      "first_dealer": "Ann", "stake": "0.25", **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def send(client, game, version, event):
    return client.post(f"{GAMES}/{game['id']}/events", headers={"X-Edit-Key": game["edit_key"]},
                       json={"expected_version": version, "event": event})


def hand(number, played, tricks=None, **extra):
    return {"type": "hand_scored", "hand": number, "played": played,
            **({"tricks": tricks} if tricks is not None else {}), **extra}


def test_a_night_keeps_the_pot_and_the_net_in_money_and_settles(client):
    game = made(client)
    # Everyone has anted for hand 1: the pot stands at their antes, in money.
    assert game["stake"] == "0.25" and game["pot"] == "1.00" and game["end"]["target"] is None
    for version, event in enumerate([
            hand(1, list(PLAYERS), {"Ann": 3, "Bob": 1, "Cy": 1}),  # Dee bourré
            hand(2, ["Ann", "Bob", "Cy"], {"Ann": 2, "Bob": 2, "Cy": 1}),  # carried
            hand(3, ["ann", "Bob"], {"Ann": 2, "BOB": 3})]):
        answer = send(client, game, version, event)
        assert answer.status_code == 201, answer.get_json()
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert [h["pot"] for h in document["hands"]] == [8, 10, 4]  # in antes, hand by hand
    assert document["hands"][1]["outcome"] == "draw" and "carried" in document["hands"][1][
        "reason"]
    assert document["hands"][2]["played"] == ["Ann", "Bob"]  # names as seated
    assert document["pot"] == "1.00"
    # In antes, what each has in the pot standing still theirs: what settling up pays.
    assert document["totals"] == {"Ann": 2, "Bob": 8, "Cy": -3, "Dee": -7}
    assert document["totals_in_money"] == {"Ann": "0.50", "Bob": "2.00", "Cy": "-0.75",
                                           "Dee": "-1.75"}
    ended = send(client, game, 3, {"type": "game_ended"})
    assert ended.status_code == 201
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["finished"] and document["winners"] == ["Bob"]
    assert document["settle_up"] == [{"from": "Cy", "to": "Ann", "amount": "0.50"},
                                     {"from": "Cy", "to": "Bob", "amount": "0.25"},
                                     {"from": "Dee", "to": "Bob", "amount": "1.75"}]
    spec = openapi(client)
    assert schema_errors(spec, {"$ref": "#/components/schemas/Game"}, document) == []


def test_before_the_first_hand_the_pot_is_the_antes_of_those_seated(client):
    for_points = made(client, stake=None)  # counted in antes, as the hands' pots are
    assert for_points["pot"] == 4
    spec = openapi(client)
    assert schema_errors(spec, {"$ref": "#/components/schemas/Game"}, for_points) == []
    three = client.post(GAMES, json={"ruleset": "bourre", "players": ["Ann", "Bob", "Cy"],
                                     "first_dealer": "Ann", "stake": "0.50"}).get_json()
    assert client.get(f"{GAMES}/{three['id']}").get_json()["pot"] == "1.50"


@pytest.mark.parametrize("event, code, field", [
    (hand(1, ["Ann", "Bob"], {"Ann": 3, "Bob": 1}), "bad_tricks", "event.tricks"),
    (hand(1, ["Ann", "Bob"], {"Ann": 3, "Cy": 2}), "bad_tricks", "event.tricks.Cy"),
    (hand(1, ["Ann", "Zed"], {"Ann": 5}), "bad_bourre_players", "event.played[1]"),
    (hand(1, [], {}), "bad_bourre_players", "event.played"),
    (hand(1, ["Bob", "Cy"], {"Bob": 5}, trump_ace=True), "bad_bourre_players", "event.played"),
    (hand(1, ["Ann", "Bob"], {"Ann": 5}, penalties=["Dee"]), "bad_bourre_players",
     "event.penalties[0]"),
    (hand(1, ["Dee"], {"Bob": 2}), "bad_tricks", "event.tricks.Bob"),  # Bob passed
])
def test_a_hand_no_table_could_have_is_422_at_its_field(client, event, code, field):
    game = made(client)
    answer = send(client, game, 0, event)
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field) and error["message"]
    assert client.get(f"{GAMES}/{game['id']}").get_json()["version"] == 0


def test_a_player_alone_takes_the_pot_and_a_passers_tricks_are_refused(client):
    game = made(client)
    assert send(client, game, 0, hand(1, ["Dee"], {"Dee": 5})).status_code == 201
    penalised = send(client, game, 1, hand(2, ["Ann", "Bob"], {"Ann": 5}, penalties=["Cy"]))
    assert penalised.get_json()["error"]["message"].startswith("Cy passed")


def test_a_hand_of_the_wrong_shape_is_malformed_400(client):
    game = made(client)
    answer = send(client, game, 0, hand(1, "Ann", {"Ann": 5}))
    assert answer.status_code == 400
    assert answer.get_json()["error"]["field"] == "event.played"


def test_a_bourre_night_needs_two_to_eight_players_and_an_ante_that_is_money(client):
    nine = client.post(GAMES, json={"ruleset": "bourre", "players": [f"P{i}" for i in range(9)]})
    assert nine.status_code == 422 and nine.get_json()["error"]["field"] == "players"
    bad = client.post(GAMES, json={"ruleset": "bourre", "players": ["Ann", "Bob"],
                                   "stake": "a quarter"})
    assert bad.status_code == 422 and bad.get_json()["error"]["field"] == "stake"
