"""POST /api/v1/buys/resolve and /rummy/check: the spec's examples, house options, every error."""

from __future__ import annotations

import pytest

from .conftest import api_cases, assert_error, check_example, post
from .test_api import assert_answer_documented, openapi, schema_errors

BUYS = "/api/v1/buys/resolve"
RUMMY = "/api/v1/rummy/check"

# --- The spec's examples ----------------------------------------------------------------------

CASES = api_cases(BUYS) + api_cases(RUMMY)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_spec_example(client, case):
    check_example(client, case)


def test_the_examples_cover_both_endpoints():
    assert api_cases(BUYS) and api_cases(RUMMY)


# --- POST /buys/resolve -----------------------------------------------------------------------

GOOD_BUY = {"ruleset": "eversol", "players": ["Abe", "Ben", "Carl"], "current": "Carl",
            "discarder": "Ben", "current_drew_from_stock": False, "claims": ["Ben", "Abe"],
            "rummy_called_by": None}


def resolve(client, **change):
    response = post(client, BUYS, GOOD_BUY | change)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_buy_answers_every_field_with_a_reason(client):
    body = resolve(client)
    assert set(body) == {"outcome", "player", "penalty_cards", "reason"}
    assert (body["outcome"], body["player"], body["penalty_cards"]) == ("buy", "Abe", 1)
    assert "the discarder comes last" in body["reason"] and body["reason"].endswith(".")


def test_a_rummy_call_kills_the_card_unless_the_house_says_a_buy_beats_it(client):
    called = resolve(client, rummy_called_by="Carl")
    assert (called["outcome"], called["player"], called["penalty_cards"]) == ("dead", None, 0)
    off = resolve(client, rummy_called_by="Carl", options={"rummy_beats_buy": False})
    assert (off["outcome"], off["player"]) == ("buy", "Abe")


def test_buy_limit_and_buys_this_hand(client):
    limited = resolve(client, options={"buy_limit": 1}, buys_this_hand={"abe": 1})
    assert (limited["outcome"], limited["player"]) == ("buy", "Ben")
    assert "Abe has already bought 1 card" in limited["reason"]
    assert resolve(client, buys_this_hand={"Abe": 3})["player"] == "Abe"


def test_current_player_who_drew_from_the_stock(client):
    body = resolve(client, claims=["Carl"], current_drew_from_stock=True)
    assert (body["outcome"], body["player"], body["penalty_cards"]) == ("none", None, 0)


def test_optional_fields_may_be_absent_or_null(client):
    minimal = {k: v for k, v in GOOD_BUY.items() if k != "rummy_called_by"}
    response = post(client, BUYS, minimal | {"options": None, "buys_this_hand": None})
    assert response.status_code == 200 and response.get_json()["player"] == "Abe"


@pytest.mark.parametrize("change, code, field", [
    ({"players": None}, "missing_field", "players"),
    ({"current": None}, "missing_field", "current"),
    ({"claims": None}, "missing_field", "claims"),
    ({"current_drew_from_stock": None}, "missing_field", "current_drew_from_stock"),
    ({"players": "Abe Ben Carl"}, "wrong_type", "players"),
    ({"players": ["Abe", 2, "Carl"]}, "wrong_type", "players[1]"),
    ({"current": ["Carl"]}, "wrong_type", "current"),
    ({"discarder": 7}, "wrong_type", "discarder"),
    ({"claims": {"Abe": True}}, "wrong_type", "claims"),
    ({"claims": ["Abe", None]}, "wrong_type", "claims[1]"),
    ({"rummy_called_by": True}, "wrong_type", "rummy_called_by"),
    ({"current_drew_from_stock": "no"}, "wrong_type", "current_drew_from_stock"),
    ({"current_drew_from_stock": 0}, "wrong_type", "current_drew_from_stock"),
    ({"buys_this_hand": ["Abe"]}, "wrong_type", "buys_this_hand"),
    ({"buys_this_hand": {"Abe": "1"}}, "wrong_type", "buys_this_hand.Abe"),
    ({"buys_this_hand": {"Abe": 1.5}}, "wrong_type", "buys_this_hand.Abe"),
    ({"options": ["buy_limit"]}, "wrong_type", "options"),
    ({"options": {"rummy_beats_buy": "yes"}}, "wrong_type", "options.rummy_beats_buy"),
    ({"ruleset": 7}, "wrong_type", "ruleset"),
])
def test_buy_wrong_types_and_missing_fields_are_400(client, change, code, field):
    assert_error(post(client, BUYS, GOOD_BUY | change), 400, code, field)


def test_discarder_must_be_given_even_if_null(client):
    body = {k: v for k, v in GOOD_BUY.items() if k != "discarder"}
    error = assert_error(post(client, BUYS, body), 400, "missing_field", "discarder")
    assert "upcard" in error["message"]


@pytest.mark.parametrize("change, code, field", [
    ({"ruleset": "500"}, "not_in_ruleset", "ruleset"),
    ({"ruleset": "basic"}, "not_in_ruleset", "ruleset"),
    ({"ruleset": "gin"}, "unknown_ruleset", "ruleset"),
    ({"current": "Zed"}, "unknown_player", "current"),
    ({"discarder": "Zed"}, "unknown_player", "discarder"),
    ({"claims": ["Abe", "Zed"]}, "unknown_player", "claims[1]"),
    ({"rummy_called_by": "Zed"}, "unknown_player", "rummy_called_by"),
    ({"buys_this_hand": {"Zed": 1}}, "unknown_player", "buys_this_hand.Zed"),
    ({"buys_this_hand": {"Abe": -1}}, "bad_buy", "buys_this_hand.Abe"),
    ({"claims": ["Abe", "ABE"]}, "bad_buy", "claims[1]"),
    ({"discarder": "Abe"}, "bad_buy", "discarder"),
    ({"players": ["Abe"]}, "bad_player_count", "players"),
    ({"players": [f"P{i}" for i in range(21)]}, "bad_player_count", "players"),
    ({"players": ["Abe", "Ben", "Carl", "carl"]}, "bad_player_name", "players[3]"),
    ({"players": ["Abe", "Ben", "Carl", ""]}, "bad_player_name", "players[3]"),
    ({"options": {"wild_twos": True}}, "unknown_option", "options.wild_twos"),
    ({"options": {"buy_limit": 0}}, "bad_option_value", "options.buy_limit"),
    ({"options": {"rummy_card": "alive"}}, "bad_option_value", "options.rummy_card"),
])
def test_impossible_buy_questions_are_422(client, change, code, field):
    error = assert_error(post(client, BUYS, GOOD_BUY | change), 422, code, field)
    assert error["message"].endswith(".")


def test_other_games_are_told_this_is_eversols_rule(client):
    error = assert_error(post(client, BUYS, GOOD_BUY | {"ruleset": "500"}), 422,
                         "not_in_ruleset", "ruleset")
    assert "Eversol Rummy" in error["message"] and "500 Rummy" in error["message"]


# --- POST /rummy/check ------------------------------------------------------------------------

GOOD_RUMMY = {"ruleset": "eversol", "decks": 2, "card": "6D",
              "table": [["7D", "8D", "9D", "10D"], ["6S", "6H", "6C"]]}


def check(client, **change):
    response = post(client, RUMMY, GOOD_RUMMY | change)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_rummy_answers_the_melds_it_plays_on(client):
    body = check(client)
    assert body["rummy"] is True and body["plays_on"] == [0, 1]
    assert body["reason"].startswith("6♦ is a rummy card")


def test_a_card_standing_in_for_a_joker_is_not_rummy(client):
    body = check(client, card="8D", table=[["10D", "9D", "JK", "7D"]])
    assert (body["rummy"], body["plays_on"]) == (False, [])
    assert "joker" in body["reason"]


def test_a_joker_is_rummy_on_every_meld(client):
    assert check(client, card="JK")["plays_on"] == [0, 1]


def test_rummy_card_option_changes_the_reason(client):
    body = check(client, options={"rummy_card": "meld"})
    assert body["plays_on"] == [0, 1] and "chooses which meld" in body["reason"]


def test_decks_default_to_one(client):
    body = {k: v for k, v in GOOD_RUMMY.items() if k != "decks"} | {"card": "6S"}
    assert_error(post(client, RUMMY, body), 422, "too_many_copies", "card")


@pytest.mark.parametrize("change, code, field", [
    ({"card": None}, "missing_field", "card"),
    ({"table": None}, "missing_field", "table"),
    ({"card": 6}, "wrong_type", "card"),
    ({"card": ["6D"]}, "wrong_type", "card"),
    ({"table": ["7D", "8D"]}, "wrong_type", "table[0]"),
    ({"table": "7D 8D 9D 10D"}, "wrong_type", "table"),
    ({"table": [["7D", 8, "9D", "10D"]]}, "wrong_type", "table[0][1]"),
    ({"decks": "2"}, "wrong_type", "decks"),
    ({"options": ["rummy_card"]}, "wrong_type", "options"),
])
def test_rummy_wrong_types_and_missing_fields_are_400(client, change, code, field):
    assert_error(post(client, RUMMY, GOOD_RUMMY | change), 400, code, field)


@pytest.mark.parametrize("change, code, field", [
    ({"ruleset": "basic"}, "not_in_ruleset", "ruleset"),
    ({"ruleset": "base"}, "not_in_ruleset", "ruleset"),
    ({"ruleset": "gin"}, "unknown_ruleset", "ruleset"),
    ({"card": "1H"}, "bad_card", "card"),
    ({"card": "JK=JK"}, "bad_card", "card"),
    ({"table": [["7D", "8D", "9X", "10D"]]}, "bad_card", "table[0][2]"),
    ({"table": [["7D", "9D", "8D", "10D"]]}, "bad_table_meld", "table[0]"),
    ({"table": [["6S", "6H", "6C"], ["7D", "8D", "9D"]]}, "bad_table_meld", "table[1]"),
    ({"table": [[]]}, "bad_table_meld", "table[0]"),
    ({"card": "6S", "decks": 1}, "too_many_copies", "card"),
    ({"table": [["6S", "6S", "6S"]]}, "too_many_copies", "table[0][2]"),
    ({"decks": 9}, "bad_decks", "decks"),
    ({"options": {"buy_limit": 50}}, "bad_option_value", "options.buy_limit"),
    ({"options": {"ace_high": True}}, "unknown_option", "options.ace_high"),
])
def test_impossible_rummy_questions_are_422(client, change, code, field):
    error = assert_error(post(client, RUMMY, GOOD_RUMMY | change), 422, code, field)
    assert error["message"].endswith(".")


def test_a_huge_table_is_refused_by_the_decks_not_a_crash(client):
    response = post(client, RUMMY, GOOD_RUMMY | {"table": [["7D", "8D", "9D", "10D"]] * 3000})
    assert_error(response, 422, "too_many_copies", "table[2][0]")


# --- The OpenAPI document ---------------------------------------------------------------------

@pytest.mark.parametrize("path, body", [
    *[(case["path"], case["request"]) for case in CASES],
    (BUYS, GOOD_BUY | {"rummy_called_by": "Carl"}),
    (BUYS, GOOD_BUY | {"claims": []}),
    (BUYS, GOOD_BUY | {"claims": ["Zed"]}),
    (BUYS, GOOD_BUY | {"players": 3}),
    (RUMMY, GOOD_RUMMY),
    (RUMMY, GOOD_RUMMY | {"table": []}),
    (RUMMY, GOOD_RUMMY | {"ruleset": "500"}),
    (RUMMY, GOOD_RUMMY | {"card": None}),
])
def test_answers_match_the_documented_schemas(client, path, body):
    assert_answer_documented(client, path, body)


@pytest.mark.parametrize("path", ["/buys/resolve", "/rummy/check"])
def test_documented_request_schema_accepts_the_examples(client, path):
    document = openapi(client)
    schema = document["paths"][path]["post"]["requestBody"]["content"]["application/json"][
        "schema"]
    for case in CASES:
        if case["path"] == "/api/v1" + path:
            assert schema_errors(document, schema, case["request"]) == []
    assert schema_errors(document, schema, {"ruleset": "eversol"})
