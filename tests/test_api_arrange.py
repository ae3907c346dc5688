"""The JSON API for Eversol contracts and the hand arranger: examples, answers, error paths.

What the rules say of contracts and arrangements is tested on the core itself
(tests/test_core_contracts.py, tests/test_core_arrange.py); here are the spec's examples,
a few representative answers checked by the API's own meld and contract checks, the JSON
shapes, and every error.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest

from referee.core import get_ruleset

from .conftest import api_cases, assert_error, check_example, post
from .test_api import (assert_answer_documented, openapi, response_schema,
                       schema_errors)
from .test_core_arrange import RIGGED, bare, dealt, held_value, rigged_question
from .test_core_contracts import DESCRIPTIONS, MEETS

CONTRACT = "/api/v1/contracts/check"
ARRANGE = "/api/v1/hands/arrange"
CHECK = "/api/v1/melds/check"


@pytest.fixture
def client(rules_client):
    """Every question here keeps nothing, so one app answers them all (tests/conftest.py);
    the tests that need an app of their own ask for ``app``."""
    return rules_client


def answer(client, path, body):
    response = post(client, path, body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def contract(client, hand, melds, **extra):
    return answer(client, CONTRACT, {"ruleset": "eversol", "hand": hand, "decks": 2,
                                     "melds": [m.split() for m in melds]} | extra)


# --- The spec's examples ----------------------------------------------------------------------

CASES = api_cases(CONTRACT) + api_cases(ARRANGE)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_spec_example(client, case):
    check_example(client, case)


def test_the_examples_cover_both_endpoints():
    assert api_cases(CONTRACT) and api_cases(ARRANGE)


# --- POST /contracts/check --------------------------------------------------------------------

def test_a_met_contract_answers_the_kinds_and_the_contract(client):
    for hand in (2, 6):
        melds, kinds = MEETS[hand]
        body = contract(client, hand, melds)
        assert body["valid"] is True and body["reason"] is None and body["broken_meld"] is None
        assert body["kinds"] == kinds
        assert body["contract"]["hand"] == hand
        assert body["contract"]["description"] == DESCRIPTIONS[hand]
        assert body["contract"]["discard"] is (hand != 6)


def test_a_missed_contract_names_the_contract(client):
    body = contract(client, 4, MEETS[4][0][:-1])
    assert body["valid"] is False and body["kinds"] is None
    assert body["broken_meld"] is None
    assert "Hand 4" in body["reason"] and "three books" in body["reason"]
    assert body["reason"].endswith(".")


def test_contract_is_the_one_rulesets_lists(client):
    listed = next(r for r in client.get("/api/v1/rulesets").get_json()["rulesets"]
                  if r["key"] == "eversol")["contracts"]
    for hand in range(1, 7):
        assert contract(client, hand, MEETS[hand][0])["contract"] == listed[hand - 1]


def test_hand_6_has_no_discard(client):
    melds, _ = MEETS[6]
    assert contract(client, 6, melds)["valid"] is True
    assert contract(client, 6, melds, remaining=0)["valid"] is True
    assert contract(client, 6, melds, remaining=None)["valid"] is True
    body = contract(client, 6, melds, remaining=2)
    assert body["valid"] is False
    assert "Hand 6" in body["reason"] and "discard" in body["reason"] and "2" in body["reason"]
    assert body["kinds"] == ["run", "book", "run"]  # the melds do read as the contract


def test_broken_meld_index_is_reported(client):
    body = contract(client, 2, ["3H 3S 3D", "7D 8D 9D"])
    assert body["valid"] is False and body["kinds"] is None
    assert body["broken_meld"] == 1
    assert body["reason"].startswith("Meld 2 ")
    assert "4 cards" in body["reason"]
    body = contract(client, 1, ["", "KD KC KH"])
    assert body["broken_meld"] == 0


@pytest.mark.parametrize("change, status, code, field", [
    ({"hand": None}, 400, "missing_field", "hand"),
    ({"melds": None}, 400, "missing_field", "melds"),
    ({"ruleset": None}, 400, "missing_field", "ruleset"),
    ({"hand": "2"}, 400, "wrong_type", "hand"),
    ({"hand": 2.5}, 400, "wrong_type", "hand"),
    ({"hand": True}, 400, "wrong_type", "hand"),
    ({"hand": [2]}, 400, "wrong_type", "hand"),
    ({"melds": "3H 3S 3D"}, 400, "wrong_type", "melds"),
    ({"melds": ["3H", "3S", "3D"]}, 400, "wrong_type", "melds[0]"),
    ({"melds": [["3H", "3S", "3D"], {"0": "7D"}]}, 400, "wrong_type", "melds[1]"),
    ({"melds": [["3H", "3S", 3]]}, 400, "wrong_type", "melds[0][2]"),
    ({"remaining": "0"}, 400, "wrong_type", "remaining"),
    ({"remaining": True}, 400, "wrong_type", "remaining"),
    ({"remaining": 1.5}, 400, "wrong_type", "remaining"),
    ({"options": ["aris_rule"]}, 400, "wrong_type", "options"),
    ({"decks": "2"}, 400, "wrong_type", "decks"),
    ({"hand": 0}, 422, "bad_hand", "hand"),
    ({"hand": 7}, 422, "bad_hand", "hand"),
    ({"hand": -1}, 422, "bad_hand", "hand"),
    ({"hand": 10**30}, 422, "bad_hand", "hand"),
    ({"remaining": -1}, 422, "bad_remaining", "remaining"),
    ({"ruleset": "500"}, 422, "not_in_ruleset", "ruleset"),
    ({"ruleset": "basic", "decks": 1, "melds": []}, 422, "not_in_ruleset", "ruleset"),
    ({"ruleset": "base", "decks": 1, "melds": []}, 422, "not_in_ruleset", "ruleset"),
    ({"ruleset": "gin"}, 422, "unknown_ruleset", "ruleset"),
    ({"options": {"wild_twos": True}}, 422, "unknown_option", "options.wild_twos"),
    ({"decks": 0}, 422, "bad_decks", "decks"),
    ({"melds": [["3H", "3S", "3X"]]}, 422, "bad_card", "melds[0][2]"),
    ({"melds": [["3H", "3S", "3D"], ["3H", "3S", "3D"], ["3H", "4H", "5H", "6H"]]},
     422, "too_many_copies", "melds[2][0]"),
    ({"decks": 1, "melds": [["JK", "3S", "3D"], ["JK", "4S", "4D"], ["JK", "5S", "5D"]]},
     422, "too_many_copies", "melds[2][0]"),
])
def test_contract_error_paths(client, change, status, code, field):
    body = {"ruleset": "eversol", "hand": 1, "decks": 2,
            "melds": [["3H", "3S", "3D"], ["KD", "KC", "JK"]]} | change
    assert_error(post(client, CONTRACT, body), status, code, field)


def test_contract_body_that_is_not_json_is_bad_json(client):
    response = client.post(CONTRACT, data="[1]", content_type="application/json")
    assert_error(response, 400, "bad_json")


def test_many_empty_melds_answer_quickly(client):
    body = contract(client, 1, [""] * 20_000)
    assert body["valid"] is False and body["broken_meld"] == 0


# --- POST /hands/arrange: answers --------------------------------------------------------------

def assert_legal(client, request, body):
    """Every meld legal by the API's own meld check, every card used once, points as the
    ruleset counts them, the contract met as the API's contract check says."""
    ruleset, options = request["ruleset"], request.get("options") or {}
    melds, kinds, leftover = body["melds"], body["kinds"], body["leftover"]
    assert len(melds) == len(kinds)
    for meld, kind in zip(melds, kinds):
        verdict = answer(client, CHECK, {"ruleset": ruleset, "options": options,
                                         "decks": request.get("decks"), "cards": meld})
        assert verdict["valid"] is True, (meld, verdict["reason"])
        assert kind in verdict["kinds"], meld
        for card in meld:
            if card.startswith("JK"):
                assert (card != "JK") == (kind == "run"), meld  # a run's jokers say what they are
    used = Counter(bare(c) for meld in melds for c in meld) + Counter(leftover)
    assert used == Counter(bare(c) for c in request["cards"])
    assert body["leftover_points"] == sum(held_value(ruleset, options, c) for c in leftover)
    if "hand" in request and ruleset == "eversol":
        wanted = body["contract"]
        if melds:
            assert (kinds.count("book"), kinds.count("run")) == (wanted["books"], wanted["runs"])
            verdict = answer(client, CONTRACT, {"ruleset": "eversol", "hand": request["hand"],
                                                "decks": request.get("decks"), "melds": melds,
                                                "remaining": len(leftover)})
            assert verdict["valid"] is body["possible"]
        else:
            assert body["possible"] is False and body["leftover"]
    else:
        assert body["possible"] is True
        assert "contract" not in body


# One known hand of each game (Eversol's hand 6 both fitting and one card over, a joker in a
# run): every answer legal in JSON, by the API's own checks.
REPRESENTATIVE = [RIGGED[i] for i in (1, 2, 5, 6, 7, 10, 11)]


def test_known_hands_are_arranged_legally(client):
    for ruleset, hand, decks, cards, possible, points in REPRESENTATIVE:
        request = rigged_question(ruleset, hand, decks, cards)
        body = answer(client, ARRANGE, request)
        assert body["possible"] is possible, request
        assert body["leftover_points"] == points, request
        assert_legal(client, request, body)


def test_jokers_in_runs_say_what_they_stand_for(client):
    body = answer(client, ARRANGE, {"ruleset": "eversol", "hand": 3, "decks": 2,
                                    "cards": "7D 9D 10D JK 3S 4S 5S 6S".split()})
    assert ["7D", "JK=8D", "9D", "10D"] in body["melds"]


@pytest.mark.parametrize("hand, cards", [(3, "2C 9D KH 5S 5H 7C 8D JS"), (2, "")])
def test_impossible_contract_leaves_every_card(client, hand, cards):
    request = {"ruleset": "eversol", "hand": hand, "decks": 1, "cards": cards.split()}
    body = answer(client, ARRANGE, request)
    assert body["possible"] is False
    assert body["melds"] == [] and body["kinds"] == []
    assert Counter(body["leftover"]) == Counter(request["cards"])
    assert body["leftover_points"] == sum(held_value("eversol", {}, c) for c in body["leftover"])
    assert body["contract"]["hand"] == hand


def test_other_games_may_arrange_no_melds(client):
    for ruleset in ("500", "basic", "base"):
        request = {"ruleset": ruleset, "cards": "2C 9D KH 5S".split()}
        body = answer(client, ARRANGE, request)
        assert body["possible"] is True and body["melds"] == []
        assert sorted(body["leftover"]) == sorted(request["cards"])
        assert_legal(client, request, body)
        body = answer(client, ARRANGE, {"ruleset": ruleset, "cards": []})
        assert body == {"possible": True, "melds": [], "kinds": [], "leftover": [],
                        "leftover_points": 0}


def test_a_hand_given_to_a_game_without_contracts_is_ignored(client):
    cards = "5H 5S 5D 9C 2C 3C 4C KH".split()
    assert (answer(client, ARRANGE, {"ruleset": "basic", "hand": 3, "cards": cards})
            == answer(client, ARRANGE, {"ruleset": "basic", "cards": cards}))


@pytest.mark.parametrize("ruleset, decks", [("eversol", 2), ("500", 5), ("basic", 1)])
def test_forty_cards_are_arranged_quickly(client, ruleset, decks):
    cards = dealt(ruleset, decks, 40, 0)
    request = {"ruleset": ruleset, "hand": 6, "decks": decks, "cards": cards}
    started = time.monotonic()
    body = answer(client, ARRANGE, request)
    assert time.monotonic() - started < 5
    assert_legal(client, request, body)


# --- POST /hands/arrange: error paths ---------------------------------------------------------

@pytest.mark.parametrize("ruleset, limit", [("eversol", 40), ("500", 40), ("basic", 40),
                                            ("base", 40)])
def test_too_many_cards_are_refused_before_arranging(client, ruleset, limit):
    decks = get_ruleset(ruleset).most_decks  # one deck, in a one-deck game, still holds 41
    cards = dealt(ruleset, decks, limit + 1, 0)
    response = post(client, ARRANGE, {"ruleset": ruleset, "hand": 1, "decks": decks,
                                      "cards": cards})
    error = assert_error(response, 422, "too_many_cards", "cards")
    assert f"at most {limit} cards" in error["message"] and f"{limit + 1} were given" in (
        error["message"])
    at_limit = post(client, ARRANGE, {"ruleset": ruleset, "hand": 1, "decks": decks,
                                      "cards": cards[:limit]})
    assert at_limit.status_code == 200


def test_ten_thousand_cards_are_refused_at_once(client):
    started = time.monotonic()
    for cards in (["7D", "8D", "9D", "10D"] * 2500, ["ZZ"] * 10_000, [7] * 10_000):
        response = post(client, ARRANGE, {"ruleset": "basic", "cards": cards})
        assert_error(response, 422, "too_many_cards", "cards")
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("change, status, code, field", [
    ({"hand": None}, 400, "missing_field", "hand"),
    ({"cards": None}, 400, "missing_field", "cards"),
    ({"ruleset": None}, 400, "missing_field", "ruleset"),
    ({"hand": "1"}, 400, "wrong_type", "hand"),
    ({"hand": 1.5}, 400, "wrong_type", "hand"),
    ({"hand": False}, 400, "wrong_type", "hand"),
    ({"cards": "3H 3S 3D"}, 400, "wrong_type", "cards"),
    ({"cards": {"0": "3H"}}, 400, "wrong_type", "cards"),
    ({"cards": ["3H", 3, "3D"]}, 400, "wrong_type", "cards[1]"),
    ({"cards": ["3H", ["3S"]]}, 400, "wrong_type", "cards[1]"),
    ({"options": "ace_high"}, 400, "wrong_type", "options"),
    ({"decks": 1.5}, 400, "wrong_type", "decks"),
    ({"hand": 0}, 422, "bad_hand", "hand"),
    ({"hand": 7}, 422, "bad_hand", "hand"),
    ({"ruleset": "gin"}, 422, "unknown_ruleset", "ruleset"),
    ({"ruleset": "tunk"}, 422, "unknown_ruleset", "ruleset"),
    ({"options": {"ace_high": True}}, 422, "unknown_option", "options.ace_high"),
    ({"decks": 9}, 422, "bad_decks", "decks"),
    ({"cards": ["3H", "3Z"]}, 422, "bad_card", "cards[1]"),
    ({"cards": ["3H", "3S", "3H"]}, 422, "too_many_copies", "cards[2]"),
    ({"cards": ["JK", "JK", "JK", "3H"]}, 422, "too_many_copies", "cards[2]"),
    ({"ruleset": "basic", "cards": ["3H", "JK"]}, 422, "card_not_in_game", "cards[1]"),
    ({"ruleset": "base", "cards": ["3H", "AH"]}, 422, "card_not_in_game", "cards[1]"),
    ({"ruleset": "500", "options": {"no_jokers": True}, "cards": ["JK"]},
     422, "card_not_in_game", "cards[0]"),
])
def test_arrange_error_paths(client, change, status, code, field):
    body = {"ruleset": "eversol", "hand": 1, "decks": 1,
            "cards": ["3H", "3S", "3D", "KD", "KC", "KH"]} | change
    assert_error(post(client, ARRANGE, body), status, code, field)


def test_arrange_body_that_is_not_json_is_bad_json(client):
    response = client.post(ARRANGE, data='{"ruleset": ', content_type="application/json")
    assert_error(response, 400, "bad_json")


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_both_endpoints_only_answer_post(client, method):
    for path in (CONTRACT, ARRANGE):
        response = getattr(client, method)(path)
        assert_error(response, 405, "method_not_allowed")
        assert "POST" in response.headers["Allow"]


# --- The OpenAPI document ---------------------------------------------------------------------

VALIDATED = [
    *[(c["path"], c["request"]) for c in CASES],
    (CONTRACT, {"ruleset": "eversol", "hand": 2, "decks": 2,
                "melds": [["3H", "3S", "3D"], ["7D", "8D", "9D"]]}),
    (CONTRACT, {"ruleset": "eversol", "hand": 6, "decks": 2, "remaining": 2,
                "melds": [m.split() for m in MEETS[6][0]]}),
    (CONTRACT, {"ruleset": "500", "hand": 1, "melds": []}),
    (CONTRACT, {"ruleset": "eversol", "hand": "1", "melds": []}),
    (ARRANGE, {"ruleset": "eversol", "hand": 3, "decks": 1, "cards": ["2C", "9D"]}),
    (ARRANGE, {"ruleset": "500", "decks": 2, "cards": "9H 10H JK JK 9S 9D 2C".split()}),
    (ARRANGE, {"ruleset": "base", "cards": []}),
    (ARRANGE, {"ruleset": "basic", "cards": ["2C"] * 41}),
    (ARRANGE, {"ruleset": "eversol", "cards": ["2C"]}),
]


@pytest.mark.parametrize("path, body", VALIDATED)
def test_answers_match_the_documented_schemas(client, path, body):
    assert_answer_documented(client, path, body)


def test_both_endpoints_are_documented_with_their_errors(client):
    document = openapi(client)
    for path in (CONTRACT, ARRANGE):
        operation = document["paths"][path.removeprefix("/api/v1")]["post"]
        assert {"200", "400", "413", "422"} <= set(operation["responses"])
        assert operation["requestBody"]["content"]["application/json"]["examples"]
    codes = document["components"]["schemas"]["Error"]["properties"]["error"]["properties"][
        "code"]["examples"]
    assert {"too_many_cards", "bad_hand", "bad_remaining", "not_in_ruleset"} <= set(codes)


def test_schema_check_of_the_new_answers_is_not_vacuous(client):
    document = openapi(client)
    schema = response_schema(document, ARRANGE, "post", 200)
    good = {"possible": True, "melds": [["3H", "3S", "3D"]], "kinds": ["book"],
            "leftover": [], "leftover_points": 0}
    assert schema_errors(document, schema, good) == []
    assert schema_errors(document, schema, good | {"kinds": ["set"]})
    assert schema_errors(document, schema, good | {"melds": ["3H"]})
    assert schema_errors(document, schema, {k: v for k, v in good.items() if k != "possible"})
    schema = response_schema(document, CONTRACT, "post", 200)
    assert schema_errors(document, schema, {"valid": True, "kinds": None, "reason": None})


def test_the_tables_going_out_rule_is_read_from_the_request(client):
    cards = "9S 9H 9D 5C 6C 7C".split()
    every = answer(client, ARRANGE, {"ruleset": "500", "cards": cards})
    assert every["leftover"] == [] and every["going_out"]["goes_out"] is True
    request = {"ruleset": "500", "options": {"going_out": "discard_required"}, "cards": cards}
    kept = answer(client, ARRANGE, request)
    assert kept["leftover"] and kept["going_out"]["goes_out"] is False
    assert "last discard" in kept["going_out"]["reason"]
    assert_legal(client, request, kept)
    assert_answer_documented(client, ARRANGE, request)
