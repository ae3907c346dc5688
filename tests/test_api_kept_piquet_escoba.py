"""Piquet and Escoba kept through the API: the games made, each hand's typed scores, and a
finished partie's margin and Rubicon in the game's document."""

from __future__ import annotations

GAMES = "/api/v1/games"


def made(client, ruleset, players, **extra):
    answer = client.post(GAMES, json={"ruleset": ruleset, "players": list(players), **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def score(client, game, version, hand, **scores):
    return client.post(f"{GAMES}/{game['id']}/events",
                       json={"expected_version": version,
                             "event": {"type": "hand_scored", "hand": hand, "scores": scores}},
                       headers={"X-Edit-Key": game["edit_key"]})


def test_a_piquet_partie_ends_after_six_deals_with_its_margin_and_rubicon(client):
    game = made(client, "piquet", ("Ann", "Ben"), first_dealer="Ben")
    assert game["hands_in_game"] == 6 and game["dealer"] == "Ben"
    for version, (ann, ben) in enumerate([(17, 16)] + [(20, 16)] * 5):
        answer = score(client, game, version, version + 1, Ann=ann, Ben=ben)
        assert answer.status_code == 201, answer.get_json()
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["finished"] and document["winners"] == ["Ann"]
    assert document["totals"] == {"Ann": 117, "Ben": 96}
    assert (document["margin"], document["rubicon"]) == (313, True)
    assert document["hands"][1]["scores"] == {"Ann": 20, "Ben": 16}
    assert [hand["dealer"] for hand in document["hands"]] == ["Ben", "Ann"] * 3


def test_a_piquet_partie_under_way_has_no_margin_and_refuses_a_third_player(client):
    game = made(client, "piquet", ("Ann", "Ben"))
    assert score(client, game, 0, 1, Ann=30, Ben=12).status_code == 201
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert "margin" not in document and not document["finished"]
    missing = score(client, game, 1, 2, Ann=30)
    assert missing.status_code == 422
    assert missing.get_json()["error"]["field"] == "event.scores.Ben"
    three = client.post(GAMES, json={"ruleset": "piquet", "players": ["Ann", "Ben", "Cy"]})
    assert three.status_code == 422


def test_a_piquet_deal_no_cards_could_make_is_refused_and_the_nearest_kept(client):
    game = made(client, "piquet", ("Ann", "Ben"), first_dealer="Ben")
    for ann, ben, bound in ((0, 0, "24 at the least"), (250, 250, "185 at the most")):
        refused = score(client, game, 0, 1, Ann=ann, Ben=ben)
        assert refused.status_code == 422
        assert refused.get_json()["error"]["field"] == "event.scores.Ben"
        assert bound in refused.get_json()["error"]["message"]
    assert score(client, game, 0, 1, Ann=12, Ben=12).status_code == 201


def test_an_escoba_game_to_21_ties_play_on(client):
    game = made(client, "escoba", ("Ann", "Bo", "Cy"))
    assert game["end"]["target"] == 21
    for version, (ann, bo, cy) in enumerate([(10, 10, 0), (11, 11, 1)]):
        assert score(client, game, version, version + 1, Ann=ann, Bo=bo, Cy=cy).status_code == 201
    assert not client.get(f"{GAMES}/{game['id']}").get_json()["finished"]
    assert score(client, game, 2, 3, Ann=2, Bo=0, Cy=0).status_code == 201
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["finished"] and document["winners"] == ["Ann"] and "margin" not in document


def test_an_escoba_hand_worth_more_than_a_hand_can_be_is_refused(client):
    game = made(client, "escoba", ("Ann", "Bo"))
    refused = score(client, game, 0, 1, Ann=24, Bo=24)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["field"] == "event.scores.Bo"
    assert "24 at the most" in refused.get_json()["error"]["message"]
    assert score(client, game, 0, 1, Ann=20, Bo=4).status_code == 201


def test_an_escoba_hand_is_typed_scores_not_held_points(client):
    game = made(client, "escoba", ("Ann", "Bo"), options={"target": 15})
    assert game["end"]["target"] == 15
    held = client.post(f"{GAMES}/{game['id']}/events",
                       json={"expected_version": 0,
                             "event": {"type": "hand_scored", "hand": 1, "went_out": None,
                                       "points": {"Ann": 3, "Bo": 1}}},
                       headers={"X-Edit-Key": game["edit_key"]})
    assert held.status_code == 422 and held.get_json()["error"]["field"] == "event.points"


def test_a_piquet_deal_is_entered_from_its_score_sheet(client):
    game = made(client, "piquet", ("Ann", "Ben"), first_dealer="Ben")
    sheet = {"declarations": {"elder": 12, "younger": 10},
             "tricks": {"elder": 7, "younger": 5}, "last_trick": "younger"}

    def deal(version, elder, body):
        return client.post(f"{GAMES}/{game['id']}/events", json={
            "expected_version": version,
            "event": {"type": "hand_scored", "hand": 1, "elder": elder, "deal": body}},
            headers={"X-Edit-Key": game["edit_key"]})

    wrong = deal(0, "Ben", sheet)
    assert wrong.status_code == 422 and wrong.get_json()["error"]["field"] == "event.elder"
    bad = deal(0, "Ann", {**sheet, "tricks": {"elder": 7, "younger": 7}})
    assert bad.status_code == 422
    assert bad.get_json()["error"]["field"].startswith("event.deal.tricks")
    assert deal(0, "Ann", sheet).status_code == 201
    assert client.get(f"{GAMES}/{game['id']}").get_json()["totals"] == {"Ann": 37, "Ben": 19}
    assert client.get(f"/games/{game['id']}/join/{game['edit_key']}").status_code == 303
    history = client.get(f"/games/{game['id']}/history").get_data(as_text=True)
    assert "Deal 1: scored from the score sheet, Ann elder" in history and "37 points" in history


def test_an_escoba_hand_is_entered_from_every_players_captures(client):
    game = made(client, "escoba", ("Ann", "Bo"))

    def captured(sides):
        return client.post(f"{GAMES}/{game['id']}/events", json={
            "expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "sides": sides}},
            headers={"X-Edit-Key": game["edit_key"]})

    twice = captured({"Ann": {"cards": ["7D"], "escobas": 0},
                      "Bo": {"cards": ["7D"], "escobas": 0}})
    assert twice.status_code == 422
    assert twice.get_json()["error"]["field"].startswith("event.sides.Bo.cards")
    assert captured({"Ann": {"cards": ["7D", "7S", "6H", "AC", "2D", "KS"], "escobas": 1},
                     "Bo": {"count": 5, "diamonds": 2, "seven_of_diamonds": False,
                            "escobas": 0}}).status_code == 201
    assert client.get(f"{GAMES}/{game['id']}").get_json()["totals"] == {"Ann": 4, "Bo": 0}


ESCOBA_TEAMS = [{"name": "Us", "players": ["Ann", "Cy"]},
                {"name": "Them", "players": ["Bo", "Di"]}]


def test_escoba_for_four_in_partnerships_is_scored_by_side(client):
    game = made(client, "escoba", ("Ann", "Bo", "Cy", "Di"), teams=ESCOBA_TEAMS,
                first_dealer="Ann")
    answer = client.post(f"{GAMES}/{game['id']}/events", json={
        "expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "sides": {
            "Us": {"count": 22, "diamonds": 6, "seven_of_diamonds": True,
                   "best": ["7D", "7S", "7H", "6C"], "escobas": 1},
            "Them": {"count": 18, "diamonds": 4, "escobas": 0}}}},
        headers={"X-Edit-Key": game["edit_key"]})
    assert answer.status_code == 201, answer.get_json()
    document = client.get(f"{GAMES}/{game['id']}").get_json()
    assert document["totals"] == {"Us": 5, "Them": 0}
    assert document["dealer"] == "Di"  # the deal passed to Ann's right


def test_escoba_refuses_a_players_name_as_a_side_and_partners_side_by_side(client):
    game = made(client, "escoba", ("Ann", "Bo", "Cy", "Di"), teams=ESCOBA_TEAMS)
    by_player = score(client, game, 0, 1, Ann=3, Bo=1)
    assert by_player.status_code == 422 and "Ann" in by_player.get_json()["error"]["message"]
    side_by_side = client.post(GAMES, json={
        "ruleset": "escoba", "players": ["Ann", "Bo", "Cy", "Di"],
        "teams": [{"name": "Us", "players": ["Ann", "Bo"]},
                  {"name": "Them", "players": ["Cy", "Di"]}]})
    assert side_by_side.status_code == 422
    assert "Partners sit apart" in side_by_side.get_json()["error"]["message"]
    three = client.post(GAMES, json={"ruleset": "escoba", "players": ["Ann", "Bo", "Cy"],
                                     "teams": ESCOBA_TEAMS[:1]})
    assert three.status_code == 422
    assert "Partnerships need 4 players" in three.get_json()["error"]["message"]
