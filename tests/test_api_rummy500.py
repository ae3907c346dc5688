"""POST /api/v1/rummy/check with 500: the discard pile, the table, rummy_calls, every error."""

from __future__ import annotations

import pytest

from .conftest import assert_error, post
from .test_api import assert_answer_documented, openapi, schema_errors

RUMMY = "/api/v1/rummy/check"
GOOD = {"ruleset": "500", "discard_pile": ["7H", "2C", "9S"], "table": [["4H", "5H", "6H"]]}


def check(client, **change):
    response = post(client, RUMMY, GOOD | change)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert {"rummy", "card", "depth", "reason"} <= set(body)
    assert body["reason"][0].isupper() and body["reason"].endswith(".")
    return body


# --- Answers ----------------------------------------------------------------------------------

def test_a_buried_card_that_lays_off_is_named_with_its_depth(client):
    body = check(client)
    assert (body["rummy"], body["card"], body["depth"]) == (True, "7H", 3)
    assert body["lays_off_on"] == [0] and body["pile_meld"] is None
    assert "3rd card down" in body["reason"] and "4♥ 5♥ 6♥" in body["reason"]


def test_the_top_card_is_depth_one(client):
    body = check(client, discard_pile=["9S", "2C", "3h"])
    assert (body["card"], body["depth"]) == ("3H", 1)


def test_a_meld_of_pile_cards_alone(client):
    body = check(client, discard_pile=["5D", "JK", "5S", "9C"], table=[])
    assert (body["rummy"], body["card"], body["depth"]) == (True, "5D", 4)
    assert body["lays_off_on"] == [] and body["pile_meld"] == ["5S", "5D", "JK"]


def test_jokers_on_the_table_stand_for_their_place(client):
    body = check(client, discard_pile=["2C", "5H"], table=[["4H", "JK", "6H"]])
    assert (body["rummy"], body["card"], body["depth"]) == (False, None, None)
    assert check(client, discard_pile=["2C", "7H"], table=[["4H", "JK=5H", "6H"]])["rummy"]


def test_of_several_cards_the_fewest_taken(client):
    body = check(client, discard_pile=["3H", "9S", "9D", "9C", "2C"])
    assert (body["card"], body["depth"]) == ("9S", 4)


@pytest.mark.parametrize("calls, rummy, depth", [
    ("pile", True, 3), ("top_card", False, None), ("none", False, None)])
def test_rummy_calls_decides_how_deep_a_call_reaches(client, calls, rummy, depth):
    body = check(client, options={"rummy_calls": calls})
    assert (body["rummy"], body["depth"]) == (rummy, depth)


def test_top_card_still_calls_the_top_card(client):
    body = check(client, discard_pile=["9S", "7H"], options={"rummy_calls": "top_card"})
    assert (body["rummy"], body["card"], body["depth"]) == (True, "7H", 1)


def test_no_calls_says_so(client):
    body = check(client, options={"rummy_calls": "none"})
    assert "plays without rummy calls" in body["reason"]


def test_an_empty_pile_and_an_empty_table(client):
    body = check(client, discard_pile=[], table=[])
    assert body["rummy"] is False and "discard pile is empty" in body["reason"]


def test_two_decks_hold_two_copies_but_a_sequence_takes_one(client):
    body = check(client, decks=2, discard_pile=["6H", "2C"])  # one deck: too_many_copies
    assert body["rummy"] is False and "lays off on a meld" in body["reason"]


def test_optional_fields_may_be_null(client):
    assert check(client, decks=None, options=None)["depth"] == 3


# --- Refusals ---------------------------------------------------------------------------------

@pytest.mark.parametrize("change, code, field", [
    ({"discard_pile": None}, "missing_field", "discard_pile"),
    ({"table": None}, "missing_field", "table"),
    ({"discard_pile": "7H 2C"}, "wrong_type", "discard_pile"),
    ({"discard_pile": ["7H", 2]}, "wrong_type", "discard_pile[1]"),
    ({"discard_pile": {"top": "7H"}}, "wrong_type", "discard_pile"),
    ({"table": ["4H", "5H", "6H"]}, "wrong_type", "table[0]"),
    ({"table": [["4H", None, "6H"]]}, "wrong_type", "table[0][1]"),
    ({"decks": "1"}, "wrong_type", "decks"),
    ({"decks": True}, "wrong_type", "decks"),
    ({"options": ["rummy_calls"]}, "wrong_type", "options"),
    ({"options": {"no_jokers": "yes"}}, "wrong_type", "options.no_jokers"),
    ({"ruleset": 500}, "wrong_type", "ruleset"),
])
def test_wrong_types_and_missing_fields_are_400(client, change, code, field):
    assert_error(post(client, RUMMY, GOOD | change), 400, code, field)


@pytest.mark.parametrize("change, code, field", [
    ({"ruleset": "basic"}, "not_in_ruleset", "ruleset"),
    ({"ruleset": "five hundred"}, "unknown_ruleset", "ruleset"),
    ({"discard_pile": ["7H", "1C"]}, "bad_card", "discard_pile[1]"),
    ({"discard_pile": ["7H", "JK=JK"]}, "bad_card", "discard_pile[1]"),
    ({"table": [["4H", "5H", "ZZ"]]}, "bad_card", "table[0][2]"),
    ({"discard_pile": ["6H", "2C"]}, "too_many_copies", "table[0][2]"),
    ({"discard_pile": ["JK", "JK", "JK"]}, "too_many_copies", "discard_pile[2]"),
    ({"discard_pile": ["JK"], "options": {"no_jokers": True}}, "card_not_in_game",
     "discard_pile[0]"),
    ({"table": [["4H", "6H", "5H"]]}, "bad_table_meld", "table[0]"),
    ({"table": [["4H", "5H"]]}, "bad_table_meld", "table[0]"),
    ({"decks": 0}, "bad_decks", "decks"),
    ({"options": {"rummy_calls": "sometimes"}}, "bad_option_value", "options.rummy_calls"),
    ({"options": {"rummy_card": "dead"}}, "unknown_option", "options.rummy_card"),
])
def test_impossible_questions_are_422(client, change, code, field):
    error = assert_error(post(client, RUMMY, GOOD | change), 422, code, field)
    assert error["message"].endswith(".")


def test_a_game_without_rummy_calls_names_the_games_that_have_them(client):
    error = assert_error(post(client, RUMMY, GOOD | {"ruleset": "base"}), 422,
                         "not_in_ruleset", "ruleset")
    assert error["message"] == ("Base Rules Rummy has no rummy calls to rule on; "
                                "Eversol Rummy and 500 Rummy do.")


def test_eversol_still_asks_about_one_card(client):
    body = {"ruleset": "eversol", "discard_pile": ["6D"], "table": [["7D", "8D", "9D", "10D"]]}
    assert_error(post(client, RUMMY, body), 400, "missing_field", "card")


def test_a_huge_pile_is_refused_by_the_decks_not_a_crash(client):
    response = post(client, RUMMY, GOOD | {"discard_pile": ["7D"] * 20_000, "decks": 8})
    assert_error(response, 422, "too_many_copies", "discard_pile[8]")


# --- The OpenAPI document ---------------------------------------------------------------------

@pytest.mark.parametrize("body", [
    GOOD,
    GOOD | {"options": {"rummy_calls": "none"}},
    GOOD | {"discard_pile": ["5D", "JK", "5S", "9C"], "table": []},
    GOOD | {"discard_pile": ["7H", 7]},
    GOOD | {"ruleset": "basic"},
])
def test_answers_match_the_documented_schemas(client, body):
    assert_answer_documented(client, RUMMY, body)


def test_the_documented_request_tells_the_two_questions_apart(client):
    document = openapi(client)
    schema = document["paths"]["/rummy/check"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]
    assert schema_errors(document, schema, GOOD) == []
    assert schema_errors(document, schema, {"ruleset": "500", "table": []})
