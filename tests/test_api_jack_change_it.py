"""Jack Change It over the JSON API: POST /jack-change-it/play.

The rules are tried in the core (test_core_jack_change_it.py); here, what HTTP adds: the
answer's shape as api.md gives it, with the core's values; the fields read with their types
(400) and the core's refusals located in the request (422); malformed JSON; and every answer,
taken or refused, as the OpenAPI document describes it (the ``ask`` fixture checks each one).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.cards import parse_card, parse_cards
from referee.core.games.jack_change_it import can_play
from tests.conftest import assert_error
from tests.test_api import resolve
from tests.test_api_bourre import request_schema_errors

PLAY = "/api/v1/jack-change-it/play"
JACK = {"players": 3, "top": "7S", "cards": ["JS"], "hand_left": 4, "call": "D"}
NEXT_FIELDS = {"skip", "reverse", "draw", "suit"}


def test_a_jack_answers_in_the_documented_shape_with_the_cores_values(ask, openapi_document):
    assert request_schema_errors(openapi_document, PLAY, JACK) == []
    answer = ask(PLAY, JACK).get_json()
    verdict = can_play(3, parse_card("7S"), parse_cards("JS"), hand_left=4, call="D")
    assert answer == {"legal": True, "reason": verdict.reason, "rule": None,
                      "next": {"skip": False, "reverse": False, "draw": 0, "suit": "D"}}
    assert answer["reason"] == "Legal: jack change it to diamonds."
    unnamed = ask(PLAY, {**JACK, "call": None}).get_json()  # call is optional: no suit yet
    assert unnamed["legal"] is True and unnamed["next"]["suit"] is None


@pytest.mark.parametrize("body, next_", [
    ({"players": 3, "top": "7S", "cards": ["8S"], "hand_left": 4},
     {"skip": True, "reverse": False, "draw": 0, "suit": None}),
    ({"players": 3, "top": "7S", "cards": ["QS"], "hand_left": 4},
     {"skip": False, "reverse": True, "draw": 0, "suit": None}),
    ({"players": 2, "top": "7S", "cards": ["QS"], "hand_left": 4},
     {"skip": False, "reverse": False, "draw": 0, "suit": None}),  # two players: ordinary
    ({"players": 4, "top": "2C", "cards": ["2H", "AH"], "pending_draw": 2, "hand_left": 3},
     {"skip": False, "reverse": False, "draw": 9, "suit": None}),
    ({"players": 4, "top": "AH", "cards": ["5H"], "pending_draw": 5, "hand_left": 3},
     {"skip": False, "reverse": False, "draw": 0, "suit": None}),  # the 5♥ blocks
    ({"players": 4, "top": "JC", "cards": ["Jh"], "suit": "♦", "hand_left": 1},
     {"skip": False, "reverse": False, "draw": 0, "suit": None}),  # rank matches the top
])
def test_what_follows_for_the_next_player(ask, body, next_):
    answer = ask(PLAY, body).get_json()
    assert answer["legal"] is True and answer["rule"] is None and answer["next"] == next_


@pytest.mark.parametrize("body, rule", [
    ({"players": 3, "top": "7S", "cards": ["9H"], "hand_left": 4}, "match"),
    ({"players": 3, "top": "JS", "cards": ["9S"], "suit": "h", "hand_left": 4}, "match"),
    ({"players": 3, "top": "2S", "cards": ["9S"], "pending_draw": 2, "hand_left": 4},
     "pending_draw"),
    ({"players": 3, "top": "7S", "cards": ["8S"], "hand_left": 0}, "trick_card_last"),
    ({"players": 3, "top": "7S", "cards": ["7H", "7D"], "hand_left": 4}, "one_card"),
    ({"players": 3, "top": "7S", "cards": ["JS"], "call": "S", "hand_left": 4}, "jack_call"),
])
def test_a_refused_play_says_why_and_nothing_follows(ask, body, rule):
    answer = ask(PLAY, body).get_json()
    verdict = can_play(body["players"], parse_card(body["top"]), parse_cards(body["cards"]),
                       body.get("suit"), body.get("pending_draw", 0), None, body["hand_left"],
                       body.get("call"))
    assert answer == {"legal": False, "reason": verdict.reason, "rule": rule, "next": None}


@pytest.mark.parametrize("change, status, code, field", [
    ({"players": None}, 400, "missing_field", "players"),
    ({"top": None}, 400, "missing_field", "top"),
    ({"cards": None}, 400, "missing_field", "cards"),
    ({"hand_left": None}, 400, "missing_field", "hand_left"),
    ({"players": "3"}, 400, "wrong_type", "players"),
    ({"players": 7}, 422, "bad_player_count", "players"),
    ({"top": 7}, 400, "wrong_type", "top"),
    ({"top": "7X"}, 422, "bad_card", "top"),
    ({"top": "JK"}, 422, "card_not_in_game", "top"),
    ({"cards": "JS"}, 400, "wrong_type", "cards"),
    ({"cards": ["JS", 5]}, 400, "wrong_type", "cards[1]"),
    ({"cards": []}, 422, "bad_jack_change_it", "cards"),
    ({"cards": ["7S"]}, 422, "too_many_copies", "cards[0]"),
    ({"cards": ["2H", "2H"]}, 422, "too_many_copies", "cards[1]"),
    ({"suit": 1}, 400, "wrong_type", "suit"),
    ({"suit": "X"}, 422, "bad_jack_change_it", "suit"),
    ({"call": "spades!"}, 422, "bad_jack_change_it", "call"),
    ({"cards": ["9S"]}, 422, "bad_jack_change_it", "call"),  # only a jack names a suit
    ({"hand_left": -1}, 422, "bad_jack_change_it", "hand_left"),
    ({"hand_left": True}, 400, "wrong_type", "hand_left"),
    ({"pending_draw": 2}, 422, "bad_jack_change_it", "pending_draw"),  # 7♠ on top: from what?
    ({"pending_draw": 2, "pending": "three"}, 422, "bad_jack_change_it", "pending"),
    ({"pending_draw": 2, "pending": 2}, 400, "wrong_type", "pending"),
    ({"pending_draw": "2"}, 400, "wrong_type", "pending_draw"),
    ({"pending": "three"}, 422, "bad_jack_change_it", "pending"),  # even with nothing pending
    ({"suit": "spades"}, 422, "bad_jack_change_it", "suit"),
    ({"suit": "H"}, 422, "bad_jack_change_it", "suit"),  # the 7♠ on top called no suit
    ({"top": "2C", "cards": ["2D"], "pending_draw": 3}, 422, "bad_jack_change_it",
     "pending_draw"),  # no 2s and A♥ make 3
    ({"top": "2C", "cards": ["2D"], "pending_draw": 1}, 422, "bad_jack_change_it",
     "pending_draw"),
])
def test_errors_name_the_field(ask, change, status, code, field):
    body = {name: value for name, value in {**JACK, **change}.items() if value is not None}
    assert_error(ask(PLAY, body), status, code, field)


def test_a_pending_draw_may_say_what_it_came_from(ask):
    body = {"players": 3, "top": "7S", "cards": ["2S"], "hand_left": 4, "pending_draw": 2,
            "pending": "two"}  # the 2 under a jack that changed it, say
    assert ask(PLAY, body).get_json()["next"]["draw"] == 4


@pytest.mark.parametrize("data, content_type", [
    ("{\"players\": ", "application/json"), ("\"7S\"", "application/json"),
    ("{\"players\": 3}", "text/plain")])
def test_malformed_json_is_400(rules_client, data, content_type):
    assert_error(rules_client.post(PLAY, data=data, content_type=content_type), 400, "bad_json")


def test_the_document_lists_the_operation_and_the_additions(openapi_document):
    operation = openapi_document["paths"]["/jack-change-it/play"]["post"]
    assert {"200", "400", "422"} <= set(operation["responses"])
    request = resolve(openapi_document, operation["requestBody"]["content"]["application/json"]
                      ["schema"])
    assert request["required"] == ["players", "top", "cards", "hand_left"]
    assert {"suit", "pending_draw", "pending", "call"} <= set(request["properties"])
    assert request_schema_errors(openapi_document, PLAY, {**JACK, "players": 7})
    assert request_schema_errors(openapi_document, PLAY, {**JACK, "pending": "three"})
    assert request_schema_errors(openapi_document, PLAY, {**JACK, "cards": []})


CARDS = [rank + suit for rank in ("A", "2", "5", "7", "8", "J", "Q") for suit in "SHDC"]
junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=4),
                 st.lists(st.integers(), max_size=2))
suits = st.one_of(st.none(), st.sampled_from(["S", "h", "♦", "C", "X"]), junk)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # ask keeps nothing
@given(players=st.one_of(st.integers(1, 7), junk), top=st.one_of(st.sampled_from(CARDS), junk),
       cards=st.one_of(st.lists(st.sampled_from(CARDS), max_size=3), junk), suit=suits,
       call=suits, pending_draw=st.one_of(st.integers(-1, 13), junk),
       pending=st.one_of(st.sampled_from(["two", "ace_of_hearts", "x"]), junk),
       hand_left=st.one_of(st.integers(-1, 7), junk))
def test_near_valid_plays_answer_as_documented(ask, players, top, cards, suit, call,
                                               pending_draw, pending, hand_left):
    body = {"players": players, "top": top, "cards": cards, "suit": suit, "call": call,
            "pending_draw": pending_draw, "pending": pending, "hand_left": hand_left}
    answer = ask(PLAY, body)
    assert answer.status_code in (200, 400, 422)
    if answer.status_code == 200:
        verdict = answer.get_json()
        assert (verdict["next"] is None) is (not verdict["legal"]) is (verdict["rule"] is not None)
        assert verdict["next"] is None or set(verdict["next"]) == NEXT_FIELDS


def test_the_nearest_waiting_draw_and_called_suit_are_answered(ask):
    two = ask(PLAY, {"players": 3, "top": "2C", "cards": ["2D"], "pending_draw": 2,
                     "hand_left": 3}).get_json()
    assert two["legal"] is True and two["next"]["draw"] == 4
    called = ask(PLAY, {"players": 3, "top": "JS", "cards": ["9H"], "suit": "H",
                        "hand_left": 3}).get_json()
    assert called["legal"] is True
