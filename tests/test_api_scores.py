"""POST /api/v1/scores/hand: the spec's examples, each game's scoring, every error path."""

from __future__ import annotations

import pytest

from .conftest import api_cases, assert_error, check_example, post
from .test_api import (assert_answer_documented, openapi, schema_errors)

SCORE = "/api/v1/scores/hand"


@pytest.fixture
def client(rules_client):
    """Every question here keeps nothing, so one app answers them all (tests/conftest.py);
    the tests that need an app of their own ask for ``app``."""
    return rules_client


def score(client, ruleset, players, **extra):
    response = post(client, SCORE, {"ruleset": ruleset, "players": players} | extra)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def out(name, **extra):
    return {"name": name, "hand": [], "went_out": True} | extra


def held(name, cards="", **extra):
    return {"name": name, "hand": cards.split()} | extra


# --- The spec's examples ----------------------------------------------------------------------

CASES = api_cases(SCORE)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_spec_example(client, case):
    check_example(client, case)


def test_the_examples_are_there():
    assert {c["request"]["ruleset"] for c in CASES} >= {"eversol", "base"}


# --- Each game's scoring, through the API ------------------------------------------------------

def test_eversol_held_points_and_aris_rule(client):
    body = score(client, "eversol", [out("Ben"), held("Carl", "AS JK 10D 2C"), held("Abe", "3S")],
                 penalties=[{"player": "Abe", "cards": ["9D", "KH"]}])
    assert body["scores"] == {"Ben": 0, "Carl": 15 + 50 + 10 + 5, "Abe": 5 + 15}
    abe = body["players"][2]
    assert abe == {"name": "Abe", "score": 20, "held": 5, "melded": None, "laid_off": None,
                   "penalty": 15}


def test_basic_a_player_not_out_holds_no_more_than_the_seven_dealt_to_three(client):
    seven = "2C 3C 4C 5C 6C 7C 8C"
    players = [out("Ann", melds=[["KH", "KS", "KD"]]), held("Bo", seven), held("Cy", "2D")]
    assert score(client, "basic", players)["scores"]["Ann"] == 35 + 2
    players[1] = held("Bo", seven + " 9C")
    error = assert_error(post(client, SCORE, {"ruleset": "basic", "players": players}), 422,
                         "bad_count", "players[1].hand")
    assert "at most the 7 cards dealt, not 8" in error["message"]


def test_base_the_player_out_laid_down_at_least_the_seven_dealt(client):
    three = out("A", melds=[["3H", "3S", "3D"]])
    error = assert_error(post(client, SCORE, {"ruleset": "base",
                                              "players": [three, held("C", "2C")]}),
                         422, "bad_going_out", "players[0].melds")
    assert "at least the 7 cards dealt, not 3" in error["message"]
    seven = out("A", melds=[["3H", "3S", "3D"], ["4C", "5C", "6C", "7C"]])
    assert score(client, "base", [seven, held("C", "2C")])["scores"]["A"] == 9 + 22


def test_500_two_lay_offs_that_overfill_one_group_are_422(client):
    group = ["9H", "9S", "9D"]
    players = [out("Ann", melds=[group]),
               held("Bo", "2C", layoffs=[{"card": "9C", "onto": group}]),
               held("Cy", "3C", layoffs=[{"card": "JK", "onto": group}])]
    error = assert_error(post(client, SCORE, {"ruleset": "500", "players": players}), 422,
                         "bad_layoff", "players[2].layoffs[0].card")
    assert "at most 4 cards" in error["message"]
    players[2] = held("Cy", "3C")
    assert score(client, "500", players)["scores"]["Bo"] == 9 - 2


def test_eversol_without_aris_rule_refuses_penalties(client):
    response = post(client, SCORE, {"ruleset": "eversol", "options": {"aris_rule": False},
                                    "players": [out("Ben"), held("Abe", "3S")],
                                    "penalties": [{"player": "Abe", "cards": ["9D"]}]})
    assert_error(response, 422, "not_in_ruleset", "penalties")


def test_500_low_ace_counts_1_and_high_ace_15(client):
    body = score(client, "500", [
        out("Ann", melds=[["AH", "2H", "3H"], ["QS", "KS", "AS"]]),
        held("Bo", "AD", layoffs=[{"card": "AC", "onto": ["2C", "3C", "4C"]}],
             melds=[["2C", "3C", "4C"]])])
    assert body["scores"] == {"Ann": 6 + 35, "Bo": (9 + 1) - 15}
    assert body["players"][1] == {"name": "Bo", "score": -5, "held": 15, "melded": 9,
                                  "laid_off": 1, "penalty": None}


def test_500_five_ten_fifteen_option(client):
    body = score(client, "500", [out("Ann", melds=[["AH", "2H", "3H"]]), held("Bo", "9C JK")],
                 options={"card_values": "5/10/15"})
    assert body["scores"] == {"Ann": 15, "Bo": -20}


def test_basic_rummy_doubles_for_the_winner_only(client):
    players = [held("Ann", "KS AC 5D"), out("Bo", melds=[["7C", "7D", "7S"]])]
    assert score(client, "basic", players)["scores"] == {"Ann": 0, "Bo": 16}
    players[1]["went_rummy"] = True
    assert score(client, "basic", players)["scores"] == {"Ann": 0, "Bo": 32}


def test_decks_default_to_the_recommendation_for_the_players(client):
    two_threes = [out("A"), held("B", "3H"), held("C", "3H")]
    assert_error(post(client, SCORE, {"ruleset": "eversol", "players": two_threes}),
                 422, "too_many_copies", "players[2].hand[0]")
    four = two_threes + [held("D", "4S")]  # four players: two decks
    body = score(client, "eversol", four)
    assert body["decks"] == 2 and body["scores"]["C"] == 5
    assert score(client, "eversol", two_threes, decks=2)["scores"] == {"A": 0, "B": 5, "C": 5}


def test_optional_fields_may_be_null(client):
    body = score(client, "500", [{"name": "Ann", "hand": ["2C"], "melds": None, "layoffs": None,
                                  "went_out": None, "went_rummy": None}, held("Bo", "3D")],
                 options=None, decks=None, penalties=None)
    assert body["scores"] == {"Ann": -2, "Bo": -3}


# --- Error paths ------------------------------------------------------------------------------

GOOD = {"ruleset": "eversol", "players": [out("Ben"), held("Carl", "2H 3H")]}


@pytest.mark.parametrize("change, code, field", [
    ({"players": None}, "missing_field", "players"),
    ({"players": {"Ben": []}}, "wrong_type", "players"),
    ({"players": [out("Ben"), "Carl"]}, "wrong_type", "players[1]"),
    ({"players": [out("Ben"), {"hand": []}]}, "missing_field", "players[1].name"),
    ({"players": [out("Ben"), {"name": 7, "hand": []}]}, "wrong_type", "players[1].name"),
    ({"players": [out("Ben"), {"name": "Carl"}]}, "missing_field", "players[1].hand"),
    ({"players": [out("Ben"), held("Carl") | {"hand": "2H 3H"}]}, "wrong_type",
     "players[1].hand"),
    ({"players": [out("Ben"), held("Carl") | {"hand": ["2H", 3]}]}, "wrong_type",
     "players[1].hand[1]"),
    ({"players": [out("Ben"), held("Carl", melds="3H 3S 3D")]}, "wrong_type",
     "players[1].melds"),
    ({"players": [out("Ben"), held("Carl", melds=["3H 3S 3D"])]}, "wrong_type",
     "players[1].melds[0]"),
    ({"players": [out("Ben"), held("Carl", melds=[["3H", None, "3D"]])]}, "wrong_type",
     "players[1].melds[0][1]"),
    ({"players": [out("Ben"), held("Carl", layoffs={"card": "3C"})]}, "wrong_type",
     "players[1].layoffs"),
    ({"players": [out("Ben"), held("Carl", layoffs=[{"onto": ["3H", "3S", "3D"]}])]},
     "missing_field", "players[1].layoffs[0].card"),
    ({"players": [out("Ben"), held("Carl", layoffs=[{"card": ["3C"], "onto": []}])]},
     "wrong_type", "players[1].layoffs[0].card"),
    ({"players": [out("Ben"), held("Carl", layoffs=[{"card": "3C"}])]},
     "missing_field", "players[1].layoffs[0].onto"),
    ({"players": [out("Ben", went_out="yes"), held("Carl")]}, "wrong_type",
     "players[0].went_out"),
    ({"players": [out("Ben", went_rummy=1), held("Carl")]}, "wrong_type",
     "players[0].went_rummy"),
    ({"penalties": {"player": "Carl"}}, "wrong_type", "penalties"),
    ({"penalties": [{"cards": ["9D"]}]}, "missing_field", "penalties[0].player"),
    ({"penalties": [{"player": "Carl", "cards": "9D"}]}, "wrong_type", "penalties[0].cards"),
    ({"options": ["aris_rule"]}, "wrong_type", "options"),
    ({"decks": "2"}, "wrong_type", "decks"),
])
def test_wrong_types_are_400(client, change, code, field):
    assert_error(post(client, SCORE, GOOD | change), 400, code, field)


@pytest.mark.parametrize("change, code, field", [
    ({"ruleset": "gin"}, "unknown_ruleset", "ruleset"),
    ({"options": {"wild_twos": True}}, "unknown_option", "options.wild_twos"),
    ({"decks": 9}, "bad_decks", "decks"),
    ({"players": [out("Ben"), held("Carl", "2H 1H")]}, "bad_card", "players[1].hand[1]"),
    ({"players": [out("Ben"), held("Carl", layoffs=[{"card": "ZZ", "onto": []}])]},
     "bad_card", "players[1].layoffs[0].card"),
    ({"players": [out("Ben")]}, "bad_player_count", "players"),
    ({"players": [held(f"P{i}") for i in range(21)]}, "bad_player_count", "players"),
    ({"players": [out("Ben"), held("ben")]}, "bad_player_name", "players[1].name"),
    ({"players": [out("Ben"), held("")]}, "bad_player_name", "players[1].name"),
    ({"penalties": [{"player": "Zed", "cards": ["9D"]}]}, "unknown_player",
     "penalties[0].player"),
    ({"players": [held("Ben"), held("Carl", "2H")]}, "bad_going_out", "players"),
    ({"players": [out("Ben"), out("Carl")]}, "bad_going_out", "players[1].went_out"),
    ({"players": [out("Ben", hand=["2H"]), held("Carl")]}, "bad_going_out", "players[0].hand"),
    ({"players": [out("Ben"), held("Carl", went_rummy=True)]}, "bad_going_out",
     "players[1].went_rummy"),
    ({"players": [out("Ben", melds=[["2H", "3H", "4H", "5H"]]), held("Carl", "2H")]},
     "too_many_copies", "players[1].hand[0]"),
    ({"players": [out("Ben"), held("Carl", "2H")],
      "penalties": [{"player": "Carl", "cards": ["JK", "JK", "JK", "JK"]}]},
     "too_many_copies", "penalties[0].cards[2]"),
    ({"players": [out("Ben"), held("Carl", "2H")],
      "penalties": [{"player": "Ben", "cards": ["3H"]}]}, "bad_count", "penalties[0].cards"),
    ({"players": [out("Ben"), held("Carl", "2H")],
      "penalties": [{"player": "Ben", "cards": ["3H", "4H", "5H"]}]}, "bad_count",
     "penalties[0].cards"),
    ({"players": [out("Ben", melds=[["2H", "3H", "4H"]]), held("Carl")]}, "bad_table_meld",
     "players[0].melds[0]"),
    ({"players": [out("Ben", layoffs=[{"card": "9C", "onto": ["5H", "5S", "5D"]}]),
                  held("Carl")]}, "bad_layoff", "players[0].layoffs[0].card"),
    ({"players": [out("Ben", layoffs=[{"card": "9C", "onto": ["5H", "7H", "6H", "8H"]}]),
                  held("Carl")]}, "bad_table_meld", "players[0].layoffs[0].onto"),
])
def test_impossible_hands_are_422(client, change, code, field):
    error = assert_error(post(client, SCORE, GOOD | change), 422, code, field)
    assert error["message"].endswith(".")


@pytest.mark.parametrize("ruleset, players, code, field", [
    ("basic", [held("Ann", "JK"), out("Bo")], "card_not_in_game", "players[0].hand[0]"),
    ("base", [held("Ann", "AS"), out("Bo")], "card_not_in_game", "players[0].hand[0]"),
    ("basic", [held("Ann", "2C"), held("Bo", "3C")], "bad_going_out", "players"),
    ("500", [out("Ann"), out("Bo")], "bad_going_out", "players[1].went_out"),
    ("500", [out("Ann", layoffs=[{"card": "5C", "onto": ["5H", "5S", "5D"]}]), held("Bo", "2C")],
     "bad_layoff", "players[0].layoffs[0].onto"),
    ("base", [out("Ann"), held("Bo", "2C")], "bad_going_out", "players[0].melds"),
    ("500", [out("Ann", melds=[["3H", "4H", "5H"]]), held("Bo")], "bad_going_out",
     "players[1].hand"),
])
def test_each_games_own_limits(client, ruleset, players, code, field):
    assert_error(post(client, SCORE, {"ruleset": ruleset, "players": players}), 422, code, field)


def test_penalties_in_another_game_are_422(client):
    response = post(client, SCORE, {"ruleset": "500", "players": [held("Ann"), held("Bo")],
                                    "penalties": [{"player": "Ann", "cards": ["9D"]}]})
    assert_error(response, 422, "not_in_ruleset", "penalties")


def test_a_huge_players_list_is_refused_before_reading_it(client):
    players = [{"name": "x", "hand": ["ZZ"]}] * 5000
    assert_error(post(client, SCORE, {"ruleset": "eversol", "players": players}),
                 422, "bad_player_count", "players")


# --- The OpenAPI document ---------------------------------------------------------------------

@pytest.mark.parametrize("body", [
    *[case["request"] for case in CASES],
    {"ruleset": "eversol", "players": [out("Ben"), held("Abe", "3S")],
     "penalties": [{"player": "Abe", "cards": ["9D"]}]},
    {"ruleset": "eversol", "players": [out("Ben"), out("Abe")]},
    {"ruleset": "eversol", "players": "Ben"},
])
def test_answers_match_the_documented_schemas(client, body):
    assert_answer_documented(client, SCORE, body)


def test_documented_request_schema_accepts_the_examples(client):
    document = openapi(client)
    operation = document["paths"]["/scores/hand"]["post"]
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    for case in CASES:
        assert schema_errors(document, schema, case["request"]) == []
    assert schema_errors(document, schema, {"ruleset": "500"})
