"""Bourré over the JSON API: POST /bourre/legal, /bourre/cinch and /bourre/pot.

The rules are tried in the core (test_core_bourre.py); here, what HTTP adds: the answers'
shape as api.md gives it, with the core's values; the fields read with their types (400) and
the core's refusals located in the request (422); malformed JSON; and every answer, taken or
refused, as the OpenAPI document describes it (the ``ask`` fixture checks each one).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.cards import parse_cards
from referee.core.games.bourre import is_cinch, legal_plays, settle_hand
from tests.conftest import assert_error
from tests.test_api import resolve, schema_errors

LEGAL = "/api/v1/bourre/legal"
CINCH = "/api/v1/bourre/cinch"
POT = "/api/v1/bourre/pot"
BOURRE = [LEGAL, CINCH, POT]


def request_schema_errors(document, path, body):
    """What the OpenAPI document finds wrong with a request body sent to ``path``."""
    operation = document["paths"][path.removeprefix("/api/v1")]["post"]
    schema = resolve(document, operation["requestBody"])["content"]["application/json"]
    return schema_errors(document, schema["schema"], body)


# --- POST /bourre/legal -----------------------------------------------------------------------

HEAD = {"trump": "S", "hand": ["5H", "KH", "2S"], "trick": ["10H"]}


def test_legal_answers_in_the_documented_shape_with_the_cores_values(ask, openapi_document):
    assert request_schema_errors(openapi_document, LEGAL, HEAD) == []
    answer = ask(LEGAL, HEAD).get_json()
    found = legal_plays("S", parse_cards("5H KH 2S"), parse_cards("10H"))
    assert answer["legal"] == [str(card) for card in found.legal] == ["KH"]
    assert answer["refused"] == {str(card): refusal.reason
                                 for card, refusal in found.refused.items()}
    assert answer["refused"] == {"5H": "Head the trick: you hold a heart higher than the 10♥.",
                                 "2S": "Follow suit: you hold hearts."}
    assert answer["rules"] == {"5H": "head_the_trick", "2S": "follow_suit"}


@pytest.mark.parametrize("trump", ["S", "s", "♠"])
def test_the_trump_is_a_letter_in_any_case_or_its_symbol(ask, trump):
    answer = ask(LEGAL, {"trump": trump, "hand": ["7C", "2S"], "trick": ["9H"]}).get_json()
    assert answer["legal"] == ["2S"] and set(answer["refused"]) == {"7C"}


def test_cards_answer_in_the_canonical_form(ask):
    answer = ask(LEGAL, {"trump": "h", "hand": ["th", "q♠"], "trick": []}).get_json()
    assert answer == {"legal": ["10H", "QS"], "refused": {}, "rules": {}}


def test_a_cinch_leads_its_highest_trump(ask):
    body = {"trump": "S", "hand": ["2S", "QS", "AS", "4C"], "trick": [], "cinch": True}
    answer = ask(LEGAL, body).get_json()
    assert answer["legal"] == ["AS"]
    assert answer["rules"] == {"2S": "cinch_lead", "QS": "cinch_lead", "4C": "cinch_lead"}
    assert ask(LEGAL, {**body, "cinch": None}).get_json()["legal"] == body["hand"]


@pytest.mark.parametrize("change, status, code, field", [
    ({"trump": None}, 400, "missing_field", "trump"),
    ({"trick": None}, 400, "missing_field", "trick"),
    ({"trump": 3}, 400, "wrong_type", "trump"),
    ({"trump": "X"}, 422, "bad_trump", "trump"),
    ({"trump": " S"}, 422, "bad_trump", "trump"),  # as the document's enum: no spaces
    ({"hand": "5H KH"}, 400, "wrong_type", "hand"),
    ({"hand": ["5H", 7]}, 400, "wrong_type", "hand[1]"),
    ({"hand": ["5H", "1H"]}, 422, "bad_card", "hand[1]"),
    ({"hand": ["5H", "JK"]}, 422, "card_not_in_game", "hand[1]"),
    ({"hand": ["5H", "6H", "7H", "8H", "9H", "JH"]}, 422, "bad_bourre_hand", "hand"),
    ({"hand": []}, 422, "bad_bourre_hand", "hand"),
    ({"trick": ["KH"]}, 422, "too_many_copies", "trick[0]"),
    ({"trick": ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]}, 422, "bad_bourre_hand",
     "trick"),
    ({"cinch": "yes"}, 400, "wrong_type", "cinch"),
])
def test_legal_errors_name_the_field(ask, change, status, code, field):
    body = {name: value for name, value in {**HEAD, **change}.items() if value is not None}
    assert_error(ask(LEGAL, body), status, code, field)


# --- POST /bourre/cinch -----------------------------------------------------------------------

TOP_TRUMPS = {"trump": "S", "hand": ["AS", "KS", "QS", "7H", "2C"], "tricks_taken": 0,
              "players": 4}


def test_cinch_answers_in_the_documented_shape_with_the_cores_values(ask, openapi_document):
    assert request_schema_errors(openapi_document, CINCH, TOP_TRUMPS) == []
    answer = ask(CINCH, TOP_TRUMPS).get_json()
    verdict = is_cinch("S", parse_cards("AS KS QS 7H 2C"), 0, players=4)
    assert answer == {"cinch": True, "reason": verdict.reason, "certain_tricks": 3,
                      "proved": True}
    aces = ask(CINCH, {**TOP_TRUMPS, "hand": ["AS", "KS", "AH", "AC", "AD"]}).get_json()
    assert aces["cinch"] is False and aces["certain_tricks"] == 2
    assert aces["reason"] == ("Not certain: the others can hold and play the unseen cards so "
                              "that you take 2 tricks.")


def test_the_cards_played_and_who_leads_are_read(ask):
    # The core's cases: K Q of trumps are the top two once the ace has gone.
    hand, played = "KS QS 5D 6D", "AS 2H 3H"
    body = {"trump": "S", "hand": hand.split(), "tricks_taken": 1, "players": 3}
    assert ask(CINCH, {**body, "played": played.split()}).get_json()["cinch"] is \
        is_cinch("S", parse_cards(hand), 1, parse_cards(played), players=3).cinch
    assert ask(CINCH, body).get_json()["cinch"] is \
        is_cinch("S", parse_cards(hand), 1, players=3).cinch
    for leads in (True, False):
        assert ask(CINCH, {**body, "leads": leads}).get_json()["cinch"] is \
            is_cinch("S", parse_cards(hand), 1, players=3, leads=leads).cinch


@pytest.mark.parametrize("change, status, code, field", [
    ({"players": None}, 400, "missing_field", "players"),
    ({"tricks_taken": None}, 400, "missing_field", "tricks_taken"),
    ({"players": "4"}, 400, "wrong_type", "players"),
    ({"players": 9}, 422, "bad_player_count", "players"),
    ({"players": 1}, 422, "bad_player_count", "players"),
    ({"tricks_taken": 1}, 422, "bad_tricks", "tricks_taken"),
    ({"tricks_taken": 1.5}, 400, "wrong_type", "tricks_taken"),
    ({"played": ["AH", "2H"]}, 422, "bad_bourre_hand", "played"),
    ({"hand": ["AS", "KS", "QS", "7H"], "players": 2, "played": ["AS", "3D"]}, 422,
     "too_many_copies", "played[0]"),
    ({"hand": ["AS", "KS", "QS", "7H"], "players": 2, "played": ["AH", "AH"]}, 422,
     "too_many_copies", "played[1]"),
    ({"leads": "yes"}, 400, "wrong_type", "leads"),
    ({"trump": "hearts"}, 422, "bad_trump", "trump"),
    ({"hand": ["AS", "KS", "QS", "7H", "2C", "3C"]}, 422, "bad_bourre_hand", "hand"),
])
def test_cinch_errors_name_the_field(ask, change, status, code, field):
    body = {name: value for name, value in {**TOP_TRUMPS, **change}.items() if value is not None}
    assert_error(ask(CINCH, body), status, code, field)


# --- POST /bourre/pot -------------------------------------------------------------------------

TABLE = ["Ann", "Bob", "Cy", "Dee"]
HAND = {"players": TABLE, "ante": "0.25", "pot": "1.00", "played": ["Ann", "Bob", "Cy"],
        "tricks": {"Ann": 3, "Bob": 2}}


def test_pot_answers_in_the_documented_shape_with_the_cores_values(ask, openapi_document):
    assert request_schema_errors(openapi_document, POT, HAND) == []
    answer = ask(POT, HAND).get_json()
    result = settle_hand(TABLE, "0.25", "1.00", ["Ann", "Bob", "Cy"], {"Ann": 3, "Bob": 2})
    assert answer["winner"] == result.winner == "Ann" and answer["carried"] is False
    assert answer["next_pot"] == {
        "from_pot": "0.00", "antes": {name: "0.25" for name in TABLE},
        "bourre": {"Cy": "1.00"}, "total": "2.00"}  # Cy took no trick: matches the pot
    assert answer["payments"] == [
        {"from": None, "to": "Ann", "amount": "1.00", "why": "pot"},
        {"from": "Cy", "to": None, "amount": "1.00", "why": "bourre"},
        *({"from": name, "to": None, "amount": "0.25", "why": "ante"} for name in TABLE)]


def test_a_tie_carries_the_pot_and_only_the_others_ante(ask):
    answer = ask(POT, {**HAND, "tricks": {"Ann": 2, "Bob": 2, "Cy": 1}}).get_json()
    assert answer["winner"] is None and answer["carried"] is True
    assert answer["next_pot"] == {"from_pot": "1.00", "antes": {"Cy": "0.25", "Dee": "0.25"},
                                  "bourre": {}, "total": "1.50"}


def test_a_penalty_matches_the_pot_and_one_alone_takes_it_without_tricks(ask):
    answer = ask(POT, {**HAND, "tricks": {"Ann": 3, "Bob": 1, "Cy": 1},
                       "penalties": ["Bob"]}).get_json()
    assert answer["next_pot"]["bourre"] == {"Bob": "1.00"}
    assert {"from": "Bob", "to": None, "amount": "1.00", "why": "penalty"} in answer["payments"]
    alone = ask(POT, {**HAND, "played": ["Dee"], "tricks": {}, "ante": "1",
                      "pot": "4"}).get_json()
    assert alone["winner"] == "Dee" and alone["next_pot"]["antes"]["Dee"] == "1.00"


@pytest.mark.parametrize("ante", ["$0.25", "0,25", " 0.25 "])
def test_an_ante_written_as_people_write_money_is_read_and_answered_plain(ask, ante):
    answer = ask(POT, {**HAND, "ante": ante}).get_json()
    assert answer["next_pot"]["antes"] == {name: "0.25" for name in TABLE}


def test_a_passers_penalty_says_the_player_passed(ask):
    error = assert_error(ask(POT, {**HAND, "penalties": ["Dee"]}), 422, "bad_bourre_players",
                         "penalties[0]")
    assert error["message"].startswith("Dee passed")
    assert ask(POT, {**HAND, "pot": "1.25"}).status_code == 200  # a whole number of antes


@pytest.mark.parametrize("change, status, code, field", [
    ({"ante": None}, 400, "missing_field", "ante"),
    ({"tricks": None}, 400, "missing_field", "tricks"),
    ({"ante": 0.25}, 400, "wrong_type", "ante"),
    ({"ante": "0.001"}, 422, "bad_stake", "ante"),
    ({"pot": "-1"}, 422, "bad_stake", "pot"),
    ({"pot": "lots"}, 422, "bad_stake", "pot"),
    ({"players": "Ann Bob"}, 400, "wrong_type", "players"),
    ({"players": ["Ann", 2]}, 400, "wrong_type", "players[1]"),
    ({"players": ["Ann", "Ann", "Bob"]}, 422, "bad_player_name", "players[1]"),
    ({"players": ["Ann", "Bob", "Cy", "Dee", "E", "F", "G", "H", "I"]}, 422,
     "bad_player_count", "players"),
    ({"played": ["Ann", "Zed"]}, 422, "bad_bourre_players", "played[1]"),
    ({"played": []}, 422, "bad_bourre_players", "played"),
    ({"tricks": {"Ann": "3"}}, 400, "wrong_type", "tricks.Ann"),
    ({"tricks": {"Ann": 3, "Bob": 1}}, 422, "bad_tricks", "tricks"),
    ({"tricks": {"Ann": 3, "Dee": 2}}, 422, "bad_tricks", "tricks.Dee"),
    ({"tricks": {"Ann": 6}}, 422, "bad_tricks", "tricks.Ann"),
    ({"tricks": {"Zed": 5}}, 422, "bad_bourre_players", "tricks.Zed"),
    ({"penalties": ["Dee"]}, 422, "bad_bourre_players", "penalties[0]"),
    ({"pot": "0.50"}, 422, "bad_pot", "pot"),  # under the four antes
    ({"pot": "1.10"}, 422, "bad_pot", "pot"),  # not a whole number of antes
    ({"played": ["Dee"], "tricks": {"Bob": 2}}, 422, "bad_tricks", "tricks.Bob"),
    ({"penalties": "Bob"}, 400, "wrong_type", "penalties"),
])
def test_pot_errors_name_the_field(ask, change, status, code, field):
    body = {name: value for name, value in {**HAND, **change}.items() if value is not None}
    assert_error(ask(POT, body), status, code, field)


# --- Every Bourré address -----------------------------------------------------------------------

@pytest.mark.parametrize("path", BOURRE)
@pytest.mark.parametrize("data, content_type", [
    ("{\"trump\": ", "application/json"),
    ("[]", "application/json"),
    ("{\"trump\": \"S\"}", "text/plain"),
])
def test_malformed_json_is_400(rules_client, path, data, content_type):
    assert_error(rules_client.post(path, data=data, content_type=content_type), 400, "bad_json")


def test_the_document_lists_the_operations_with_their_errors(openapi_document):
    for path in BOURRE:
        operation = openapi_document["paths"][path.removeprefix("/api/v1")]["post"]
        assert {"200", "400", "422"} <= set(operation["responses"])
        schema = resolve(openapi_document, operation["requestBody"])
        assert schema["content"]["application/json"]["schema"]["$ref"].endswith("Request")
    legal = openapi_document["components"]["schemas"]["BourreLegalRequest"]
    assert legal["required"] == ["trump", "hand", "trick"]
    assert legal["properties"]["hand"]["maxItems"] == 5


def test_the_request_schemas_refuse_what_the_server_refuses(openapi_document):
    assert request_schema_errors(openapi_document, LEGAL, {**HEAD, "trump": "X"})
    assert request_schema_errors(openapi_document, LEGAL, {**HEAD, "hand": ["2C"] * 6})
    assert request_schema_errors(openapi_document, CINCH, {**TOP_TRUMPS, "players": 9})
    assert request_schema_errors(openapi_document, POT, {**HAND, "ante": 1})
    assert request_schema_errors(openapi_document, POT, {**HAND, "tricks": {"Ann": 6}})


# Near-valid questions, to reach the core: never a server error, always a documented answer.
CARDS = [rank + suit for rank in ("A", "2", "7", "10", "J", "Q", "K") for suit in "SHDC"]
hands = st.lists(st.sampled_from(CARDS), max_size=6, unique=True)
junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=4),
                 st.lists(st.integers(), max_size=2))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # ask keeps nothing
@given(trump=st.one_of(st.sampled_from(["S", "h", "♦", "C", "X"]), junk), hand=hands,
       trick=hands, played=st.one_of(st.none(), hands), players=st.one_of(st.integers(1, 9), junk),
       taken=st.one_of(st.integers(-1, 6), junk), cinch=st.one_of(st.booleans(), junk))
def test_near_valid_questions_answer_as_documented(ask, trump, hand, trick, played, players,
                                                   taken, cinch):
    for path, body in [
            (LEGAL, {"trump": trump, "hand": hand, "trick": trick[:7], "cinch": cinch}),
            (CINCH, {"trump": trump, "hand": hand[:5], "tricks_taken": taken,
                     "played": played, "players": players, "leads": cinch})]:
        assert ask(path, body).status_code in (200, 400, 422)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # ask keeps nothing
@given(played=st.lists(st.sampled_from(TABLE + ["Zed", ""]), max_size=5),
       tricks=st.dictionaries(st.sampled_from(TABLE + ["Zed"]), st.one_of(st.integers(-1, 6),
                                                                           junk), max_size=4),
       ante=st.one_of(st.sampled_from(["0.25", "1", "0", "0.001", "x"]), junk),
       penalties=st.one_of(st.none(), st.lists(st.sampled_from(TABLE), max_size=2)))
def test_near_valid_pots_answer_as_documented(ask, played, tricks, ante, penalties):
    body = {"players": TABLE, "ante": ante, "pot": "1.00", "played": played, "tricks": tricks,
            "penalties": penalties}
    assert ask(POT, body).status_code in (200, 400, 422)
