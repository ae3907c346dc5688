"""Authors and Go Fish kept through the API: each game of the night as every player's books
(hand_scored {"hand", "books"}), refusals 422 at the field, the totals games won."""

from __future__ import annotations

from tests.test_api import openapi, response_schema, schema_errors

GAMES = "/api/v1/games"


def made(client, ruleset, players, **extra):
    answer = client.post(GAMES, json={"ruleset": ruleset, "players": list(players), **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def books(client, game, version, hand, **given):
    return client.post(f"{GAMES}/{game['id']}/events",
                       json={"expected_version": version,
                             "event": {"type": "hand_scored", "hand": hand, "books": given}},
                       headers={"X-Edit-Key": game["edit_key"]})


def test_an_authors_night_of_three_games_totals_games_won(client):
    game = made(client, "authors", ("Ann", "Bo", "Cy"), options={"games": 3})
    assert game["hands_in_game"] == 3
    for version, (ann, bo, cy) in enumerate([(6, 4, 3), (5, 5, 3), (2, 3, 8)]):
        answer = books(client, game, version, version + 1, Ann=ann, Bo=bo, Cy=cy)
        assert answer.status_code == 201, answer.get_json()
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["finished"] and document["winners"] == ["Ann"]
    assert document["totals"] == {"Ann": 2, "Bo": 1, "Cy": 1}  # the tie: a game won for each
    assert document["hands"][1]["books"] == {"Ann": 5, "Bo": 5, "Cy": 3}
    spec = openapi(client)
    schema = response_schema(spec, "/api/v1/games/{game_id}", "get", 200)
    assert schema_errors(spec, schema, document) == []


def test_books_that_do_not_add_up_are_refused_at_the_field(client):
    game = made(client, "authors", ("Ann", "Bo"))
    short = books(client, game, 0, 1, Ann=6, Bo=6)
    assert short.status_code == 422
    error = short.get_json()["error"]
    assert error["field"] == "event.books" and "add up to 12; the deck holds 13" in error["message"]
    missing = books(client, game, 0, 1, Ann=13)
    assert missing.status_code == 422
    assert missing.get_json()["error"]["field"] == "event.books.Bo"
    typed = client.post(f"{GAMES}/{game['id']}/events", headers={"X-Edit-Key": game["edit_key"]},
                        json={"expected_version": 0, "event": {
                            "type": "hand_scored", "hand": 1, "scores": {"Ann": 1, "Bo": 0}}})
    assert typed.status_code == 422 and typed.get_json()["error"]["field"] == "event.scores"


def test_go_fish_plays_pairs_for_young_children(client):
    game = made(client, "go-fish", ("Ann", "Bo"), options={"pairs": True})
    assert books(client, game, 0, 1, Ann=13, Bo=13).status_code == 201
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["totals"] == {"Ann": 1, "Bo": 1} and not document["finished"]
    alone = client.post(GAMES, json={"ruleset": "go-fish", "players": ["Ann"]})
    assert alone.status_code == 422


def test_authors_is_dealt_seven_each_for_two_to_seven_and_eight_are_refused(client):
    listed = client.get("/api/v1/rulesets").get_json()
    described = {game["key"]: game for game in listed["rulesets"]}
    assert described["authors"]["deal"] == [{"players": "2-7", "cards": 7}]
    assert described["authors"]["players"] == {"min": 2, "max": 7}
    refused = client.post(GAMES, json={"ruleset": "authors",
                                       "players": [f"P{n}" for n in range(8)]})
    assert refused.status_code == 422
    assert "2 to 7 players" in str(refused.get_json())
