"""Escoba over the JSON API: POST /escoba/captures and /escoba/score.

The rules are tried in the core (test_core_escoba.py); here, what HTTP adds: the answers'
shape as api.md gives it, with the core's values; the fields read with their types (400), the
core's refusals located in the request (422), the house rules by name; and every answer,
taken or refused, as the OpenAPI document describes it (the ``ask`` fixture checks each one).
"""

from __future__ import annotations

import pytest

from referee.core.cards import parse_card, parse_cards
from referee.core.games.escoba import SideCards, SideCounts, captures, score_hand
from tests.conftest import assert_error
from tests.test_api_piquet import request_schema_errors

CAPTURES = "/api/v1/escoba/captures"
SCORE = "/api/v1/escoba/score"
OPENING = "/api/v1/escoba/opening"
ESCOBA = [CAPTURES, SCORE]
POINTS = {"cards", "diamonds", "seven_of_diamonds", "setenta", "escobas", "total"}

ANN = {"cards": ["7D", "7S", "6H", "AC", "2D", "KS"], "escobas": 1}
BOB = {"cards": ["6D", "5D", "6S", "5H", "QC"], "escobas": 0}


# --- POST /escoba/captures --------------------------------------------------------------------

def test_captures_answer_every_set_with_the_cores_values(ask):
    answer = ask(CAPTURES, {"card": "5D", "table": ["QS", "AH", "4C", "6C"]}).get_json()
    expected = captures(parse_card("5D"), parse_cards("QS AH 4C 6C"))
    assert answer["captures"] == [{"cards": [str(c) for c in capture.cards],
                                   "escoba": capture.escoba} for capture in expected]
    assert answer["captures"] == [{"cards": ["QS", "AH"], "escoba": False},
                                  {"cards": ["4C", "6C"], "escoba": False}]
    assert answer["must_capture"] is False


def test_a_capture_that_clears_the_table_is_an_escoba(ask):
    answer = ask(CAPTURES, {"card": "kd", "table": ["2♣", "3h"]}).get_json()
    assert answer["captures"] == [{"cards": ["2C", "3H"], "escoba": True}]


def test_no_capture_is_an_empty_list(ask):
    assert ask(CAPTURES, {"card": "7S", "table": []}).get_json()["captures"] == []
    assert ask(CAPTURES, {"card": "7S", "table": ["AH", "2C"]}).get_json()["captures"] == []


def test_the_must_capture_house_rule_says_a_capture_must_be_made(ask):
    body = {"card": "KD", "table": ["5S"], "options": {"must_capture": True}}
    assert ask(CAPTURES, body).get_json()["must_capture"] is True
    none = body | {"table": ["AS"]}
    assert ask(CAPTURES, none).get_json() == {"captures": [], "must_capture": False}
    ignored = ask(CAPTURES, body | {"options": None, "note": "x"}).get_json()
    assert ignored["must_capture"] is False


@pytest.mark.parametrize("change, status, code, field", [
    ({"card": "9D"}, 422, "card_not_in_game", "card"),
    ({"card": "JK"}, 422, "card_not_in_game", "card"),
    ({"card": "1D"}, 422, "bad_card", "card"),
    ({"card": 7}, 400, "wrong_type", "card"),
    ({"card": None}, 400, "missing_field", "card"),
    ({"table": ["QS", "10H"]}, 422, "card_not_in_game", "table[1]"),
    ({"table": ["QS", "QS"]}, 422, "too_many_copies", "table[1]"),
    ({"table": ["5D"]}, 422, "too_many_copies", "table[0]"),  # the card played, on the table
    ({"table": "QS AH"}, 400, "wrong_type", "table"),
    ({"table": ["QS", None]}, 400, "wrong_type", "table[1]"),
    ({"options": {"capture_all": True}}, 422, "unknown_option", "options.capture_all"),
    ({"options": {"must_capture": "yes"}}, 400, "wrong_type", "options.must_capture"),
    ({"options": {"target": 0}}, 422, "bad_option_value", "options.target"),
    ({"options": ["must_capture"]}, 400, "wrong_type", "options"),
])
def test_captures_errors_name_the_field(ask, change, status, code, field):
    body = {"card": "5D", "table": ["QS", "AH"]}
    assert_error(ask(CAPTURES, body | change), status, code, field)


# --- POST /escoba/score -----------------------------------------------------------------------

def side_of(side: dict) -> SideCards | SideCounts:
    if "cards" in side:
        return SideCards(tuple(parse_cards(side["cards"])), side["escobas"])
    best = side.get("best")
    return SideCounts(side["count"], side["diamonds"], side["seven_of_diamonds"],
                      None if best is None else tuple(parse_cards(best)), side["escobas"])


def expected_points(sides: dict) -> dict:
    points = score_hand({name: side_of(side) for name, side in sides.items()})
    return {name: {"cards": p.cards, "diamonds": p.diamonds,
                   "seven_of_diamonds": p.seven_of_diamonds, "setenta": p.setenta,
                   "escobas": p.escobas, "total": p.total} for name, p in points.items()}


def test_score_from_captured_cards_answers_each_sides_points_and_total(ask):
    sides = {"Ann": ANN, "Bob": BOB}
    answer = ask(SCORE, {"sides": sides}).get_json()
    assert answer == {"points": expected_points(sides)}
    assert answer["points"]["Ann"] == {"cards": 1, "diamonds": 0, "seven_of_diamonds": 1,
                                       "setenta": 1, "escobas": 1, "total": 4}
    assert answer["points"]["Bob"]["total"] == 0  # two diamonds each: nobody takes that point
    assert list(answer["points"]) == ["Ann", "Bob"]


def test_score_from_counts_and_cards_mixed(ask):
    sides = {"Ann": ANN,
             "Bob": {"count": 20, "diamonds": 6, "seven_of_diamonds": False,
                     "best": ["6D", "6S", "5H", "QC"], "escobas": 2},
             "Cy": {"count": 3, "diamonds": 0, "seven_of_diamonds": False, "best": None,
                    "escobas": 0}}
    answer = ask(SCORE, {"sides": sides, "options": {"partnerships": False}}).get_json()
    assert answer == {"points": expected_points(sides)}
    assert answer["points"]["Bob"]["cards"] == answer["points"]["Bob"]["diamonds"] == 1
    assert set(answer["points"]["Cy"]) == POINTS


def test_a_whole_number_written_with_a_point_is_that_number(ask):
    as_float = {"Ann": ANN | {"escobas": 1.0}, "Bob": BOB}
    assert ask(SCORE, {"sides": as_float}).get_json() == ask(
        SCORE, {"sides": {"Ann": ANN, "Bob": BOB}}).get_json()
    assert_error(ask(SCORE, {"sides": {"Ann": ANN | {"escobas": 1.5}, "Bob": BOB}}), 400,
                 "wrong_type", "sides.Ann.escobas")


def test_a_side_named_with_dots_is_located_whole(ask):
    sides = {"J.R.": {"cards": ["8D"], "escobas": 0}, "Bob": BOB}
    assert_error(ask(SCORE, {"sides": sides}), 422, "card_not_in_game", "sides.J.R..cards[0]")


@pytest.mark.parametrize("sides, status, code, field", [
    ({"Ann": ANN}, 422, "bad_player_count", "sides"),
    ({name: {"cards": [], "escobas": 0} for name in "ABCDE"}, 422, "bad_player_count",
     "sides"),
    ({"Ann": ANN, "Bob": {"cards": ["7D"], "escobas": 0}}, 422, "too_many_copies",
     "sides.Bob.cards[0]"),
    ({"Ann": ANN | {"cards": ["7D", "9S"]}, "Bob": BOB}, 422, "card_not_in_game",
     "sides.Ann.cards[1]"),
    ({"Ann": ANN | {"escobas": 4}, "Bob": BOB}, 422, "bad_escoba_counts", "sides.Ann.escobas"),
    ({"Ann": {"cards": ANN["cards"]}, "Bob": BOB}, 400, "missing_field", "sides.Ann.escobas"),
    ({"Ann": ANN | {"escobas": "1"}, "Bob": BOB}, 400, "wrong_type", "sides.Ann.escobas"),
    ({"Ann": ANN | {"cards": "7D 7S"}, "Bob": BOB}, 400, "wrong_type", "sides.Ann.cards"),
    ({"Ann": ANN | {"cards": None}, "Bob": BOB}, 400, "wrong_type", "sides.Ann.cards"),
    ({"Ann": ANN, "Bob": [1, 2]}, 400, "wrong_type", "sides.Bob"),
    ({"Ann": ANN | {"count": 6}, "Bob": BOB}, 400, "wrong_type", "sides.Ann.count"),
    ({"Ann": ANN, "Bob": {"count": 5, "diamonds": 1, "seven_of_diamonds": False,
                          "escobas": 0, "note": "x"}}, 400, "wrong_type", "sides.Bob.note"),
    ({"Ann": ANN, "": BOB}, 422, "bad_player_name", "sides"),
    ({"Ann": ANN, "Bob": {"count": 5, "diamonds": 6, "seven_of_diamonds": False,
                          "escobas": 0}}, 422, "bad_escoba_counts", "sides.Bob.diamonds"),
    ({"Ann": ANN, "Bob": {"count": 5, "diamonds": 1, "escobas": 0}}, 400, "missing_field",
     "sides.Bob.seven_of_diamonds"),
    ({"Ann": ANN, "Bob": {"count": 5, "diamonds": 1, "seven_of_diamonds": 0, "escobas": 0}},
     400, "wrong_type", "sides.Bob.seven_of_diamonds"),
    ({"Ann": ANN, "Bob": {"count": 5.5, "diamonds": 1, "seven_of_diamonds": False,
                          "escobas": 0}}, 400, "wrong_type", "sides.Bob.count"),
    ({"Ann": ANN, "Bob": {"count": 5, "diamonds": 1, "seven_of_diamonds": True,
                          "escobas": 0}}, 422, "too_many_copies",
     "sides.Bob.seven_of_diamonds"),  # Ann took the 7♦
    ({"Ann": ANN, "Bob": {"count": 8, "diamonds": 2, "seven_of_diamonds": False,
                          "best": ["6D", "6S", "5H"], "escobas": 0}}, 422,
     "bad_escoba_counts", "sides.Bob.best"),
])
def test_score_errors_name_the_field(ask, sides, status, code, field):
    assert_error(ask(SCORE, {"sides": sides}), status, code, field)


def test_a_court_card_the_best_diamond_holds_three_diamonds_at_the_most(ask):
    bob = {"count": 9, "diamonds": 5, "seven_of_diamonds": False,
           "best": ["6S", "7H", "7C", "KD"], "escobas": 0}
    error = assert_error(ask(SCORE, {"sides": {"Ann": ANN, "Bob": bob}}), 422,
                         "bad_escoba_counts", "sides.Bob.diamonds")
    assert "3 at the most" in error["message"]
    answer = ask(SCORE, {"sides": {"Ann": ANN, "Bob": bob | {"diamonds": 3}}})
    assert answer.status_code == 200, answer.get_json()


def test_the_dealers_opening_escobas(ask):
    assert ask(OPENING, {"table": ["KS", "5H", "QC", "6D"]}).get_json() == {"total": 30,
                                                                            "escobas": 2}
    assert ask(OPENING, {"table": ["AS", "2H", "5C", "7D"]}).get_json()["escobas"] == 1
    assert_error(ask(OPENING, {"table": ["KS", "5H"]}), 422, "bad_opening_table", "table")
    assert_error(ask(OPENING, {"table": ["KS", "KS", "5H", "QC"]}), 422, "too_many_copies")
    assert_error(ask(OPENING, {"table": ["9S", "KS", "5H", "QC"]}), 422, "card_not_in_game",
                 "table[0]")
    assert_error(ask(OPENING, {}), 400, "missing_field", "table")


def test_score_needs_its_sides(ask):
    assert_error(ask(SCORE, {}), 400, "missing_field", "sides")
    assert_error(ask(SCORE, {"sides": [ANN, BOB]}), 400, "wrong_type", "sides")
    assert_error(ask(SCORE, {"sides": {"Ann": ANN, "Bob": BOB}, "options": {"x": 1}}), 422,
                 "unknown_option", "options.x")


# --- What every Escoba question shares --------------------------------------------------------

@pytest.mark.parametrize("path", ESCOBA)
@pytest.mark.parametrize("data, content_type", [
    ("{not json", "application/json"),
    ('"a string"', "application/json"),
    ('{"card": "5D"}', "text/plain"),
])
def test_malformed_json_is_400(rules_client, path, data, content_type):
    response = rules_client.post(path, data=data, content_type=content_type)
    assert_error(response, 400, "bad_json", None)


# --- The OpenAPI document ---------------------------------------------------------------------

def test_the_document_lists_the_escoba_operations(openapi_document):
    for path in ESCOBA:
        operation = openapi_document["paths"][path.removeprefix("/api/v1")]["post"]
        assert {"200", "400", "422"} <= set(operation["responses"])


GOOD_BODIES = [
    (CAPTURES, {"card": "5D", "table": ["QS", "AH", "4C", "6C"]}),
    (CAPTURES, {"card": "KD", "table": ["5S"], "options": {"must_capture": True, "target": 31}}),
    (SCORE, {"sides": {"Ann": ANN, "Bob": BOB}}),
    (SCORE, {"sides": {"Ann": ANN, "Bob": {"count": 20, "diamonds": 6,
                                           "seven_of_diamonds": False,
                                           "best": ["6D", "6S", "5H", "QC"], "escobas": 2}},
             "options": None}),
]


@pytest.mark.parametrize("path, body", GOOD_BODIES)
def test_the_bodies_sent_fit_the_request_schemas(ask, openapi_document, path, body):
    assert request_schema_errors(openapi_document, path, body) == []
    assert ask(path, body).status_code == 200


@pytest.mark.parametrize("path, body", [
    (CAPTURES, {"card": "5D", "table": [], "options": {"capture_all": True}}),
    (CAPTURES, {"card": "5D", "table": [], "options": {"target": 0}}),
    (SCORE, {"sides": {"Ann": ANN | {"escobas": 21}, "Bob": BOB}}),
    (SCORE, {"sides": {"Ann": ANN | {"count": 6}, "Bob": BOB}}),  # cards or counts, not both
    (SCORE, {"sides": {"Ann": ANN, "Bob": {"count": 41, "diamonds": 6,
                                           "seven_of_diamonds": False, "escobas": 0}}}),
    (SCORE, {"sides": {"Ann": ANN, "Bob": {"count": 20, "diamonds": 11,
                                           "seven_of_diamonds": False, "escobas": 0}}}),
    (SCORE, {"sides": {"Ann": ANN, "Bob": {"count": 20, "diamonds": 6, "escobas": 0,
                                           "seven_of_diamonds": False,
                                           "best": ["6D", "6S", "5H", "QC", "2C"]}}}),
])
def test_the_document_forbids_what_the_server_refuses(ask, openapi_document, path, body):
    assert request_schema_errors(openapi_document, path, body)
    assert ask(path, body).status_code in (400, 422)
