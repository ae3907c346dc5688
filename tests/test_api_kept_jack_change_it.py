"""Jack Change It kept through the API: the night made, each round's winner, the totals
rounds won, and the refusals of a round entered otherwise."""

from __future__ import annotations

GAMES = "/api/v1/games"


def made(client, players, **extra):
    answer = client.post(GAMES, json={"ruleset": "jack-change-it", "players": list(players),
                                      **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def post(client, game, version, **event):
    return client.post(f"{GAMES}/{game['id']}/events",
                       json={"expected_version": version,
                             "event": {"type": "hand_scored", **event}},
                       headers={"X-Edit-Key": game["edit_key"]})


def test_a_night_of_three_rounds_counts_rounds_won(client):
    game = made(client, ("Ann", "Bo", "Cy", "Di"),
                options={"night_ends": "rounds", "rounds": 3})
    assert game["hands_in_game"] == 3
    for version, who in enumerate(["Cy", "Ann", "Cy"]):
        answer = post(client, game, version, hand=version + 1, went_out=who)
        assert answer.status_code == 201, answer.get_json()
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["totals"] == {"Ann": 1, "Bo": 0, "Cy": 2, "Di": 0}
    assert document["finished"] and document["winners"] == ["Cy"]
    assert document["hands"][0]["went_out"] == "Cy"


def test_a_round_is_refused_without_its_winner_or_with_points(client):
    game = made(client, ("Ann", "Bo"))
    nobody = post(client, game, 0, hand=1, went_out=None)
    assert nobody.status_code == 422
    assert nobody.get_json()["error"]["field"] == "event.went_out"
    points = post(client, game, 0, hand=1, went_out="Ann", points={"Bo": 9})
    assert points.status_code == 422
    assert points.get_json()["error"]["field"] == "event.points"
    stranger = post(client, game, 0, hand=1, went_out="Zed")
    assert stranger.status_code == 422
    seven = client.post(GAMES, json={"ruleset": "jack-change-it",
                                     "players": [f"P{n}" for n in range(7)]})
    assert seven.status_code == 422


def step(client, game, version, **event):
    return client.post(f"{GAMES}/{game['id']}/events",
                       json={"expected_version": version, "event": event},
                       headers={"X-Edit-Key": game["edit_key"]})


def test_a_round_followed_through_the_api_refuses_a_card_and_undoes_a_step(client):
    game = made(client, ("Ann", "Bo", "Cy", "Di"), first_dealer="Di")
    assert step(client, game, 0, type="upcard_turned", hand=1, card="9H").status_code == 201
    played = step(client, game, 1, type="cards_played", player="Ann", cards=["9S"])
    assert played.status_code == 201
    live = played.get_json()["live"]
    assert (live["turn"], live["top"], live["hands"]["Ann"]) == ("Bo", "9S", 6)
    refused = step(client, game, 2, type="cards_played", player="Bo", cards=["KD"])
    assert refused.status_code == 422
    assert refused.get_json()["error"]["field"] == "event.cards"
    assert step(client, game, 2, type="drew_cards", player="Bo").status_code == 201
    undone = client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": 3},
                         headers={"X-Edit-Key": game["edit_key"]})
    assert undone.status_code == 201 and undone.get_json()["live"]["turn"] == "Bo"
