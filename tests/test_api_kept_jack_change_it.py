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
