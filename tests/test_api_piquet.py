"""Piquet over the JSON API: POST /piquet/declarations, /piquet/deal and /piquet/partie.

The rules are tried in the core (test_core_piquet.py); here, what HTTP adds: the answers'
shape as api.md gives it, with the core's values; the fields read with their types (400) and
the core's refusals located in the request (422); and every answer, taken or refused, as the
OpenAPI document describes it (the ``ask`` fixture checks each one).
"""

from __future__ import annotations

import pytest

from referee.core.cards import parse_cards
from referee.core.games.piquet import declare, partie_result, score_deal
from tests.conftest import assert_error
from tests.test_api import resolve, schema_errors

DECLARATIONS = "/api/v1/piquet/declarations"
DEAL = "/api/v1/piquet/deal"
PARTIE = "/api/v1/piquet/partie"
PIQUET = [DECLARATIONS, DEAL, PARTIE]

# The core's own example: point of 6 (58 beats 56), a quint to the ace, four aces: repique.
ELDER = "AH KH QH JH 10H 7H AS AC AD 8S 8C 7D".split()
YOUNGER = "9H 8H KS QS JS 10S 9S 7S KC QC KD QD".split()
HANDS = {"elder": ELDER, "younger": YOUNGER}
D_FIELDS = {"winner", "points", "declared"}


def request_schema_errors(document, path, body):
    """What the OpenAPI document finds wrong with a request body sent to ``path``."""
    operation = document["paths"][path.removeprefix("/api/v1")]["post"]
    schema = resolve(document, operation["requestBody"])["content"]["application/json"]
    return schema_errors(document, schema["schema"], body)


def with_card(hand: list[str], index: int, card: str) -> list[str]:
    return [*hand[:index], card, *hand[index + 1:]]


# --- POST /piquet/declarations ----------------------------------------------------------------

def test_declarations_answer_in_the_documented_shape_with_the_cores_values(ask):
    answer = ask(DECLARATIONS, HANDS).get_json()
    assert set(answer) >= {"point", "sequence", "sets", "carte_blanche", "repique", "totals"}
    found = declare(parse_cards(ELDER), parse_cards(YOUNGER))
    for name in ("point", "sequence", "sets"):
        declaration = getattr(found, name)
        assert set(answer[name]) >= D_FIELDS
        assert answer[name]["winner"] == declaration.winner.value
        assert answer[name]["points"] == declaration.points
        assert answer[name]["declared"] == list(declaration.declared)
    assert answer["point"]["declared"] == ["point of 6, worth 58"]
    assert answer["sequence"]["declared"] == ["quint to the ace"]
    assert answer["sets"]["declared"] == ["four aces"]
    assert answer["carte_blanche"] == {"elder": 0, "younger": 0}
    assert answer["repique"] == "elder"
    assert answer["totals"] == {"elder": found.totals.elder, "younger": 0} == {"elder": 95,
                                                                               "younger": 0}


def test_a_declaration_nobody_wins_has_a_null_winner(ask):
    # Equal points: four cards worth 38 each side; the point is tied, nobody scores it.
    elder = "AS KS QS 7S  AH 10H 9H 7H  8D 7D  8C 7C".split()
    younger = "JS 10S 9S 8S  KH QH JH 8H  9D 10D  9C 10C".split()
    answer = ask(DECLARATIONS, {"elder": elder, "younger": younger}).get_json()
    found = declare(parse_cards(elder), parse_cards(younger))
    for name in ("point", "sequence", "sets"):
        expected = getattr(found, name)
        assert answer[name]["winner"] == (expected.winner.value if expected.winner else None)
        assert answer[name]["tied"] == expected.tied
    assert answer["point"] == {"winner": None, "points": 0, "declared": [], "tied": True}


def test_carte_blanche_counts_in_the_totals(ask):
    # Five kings, queens and jacks at most came in the exchange to the hand shown blanche.
    hands = HANDS | {"younger": "9H 8H KS QS JS 10S 9S 7S KC QC 10D 9D".split()}
    plain = ask(DECLARATIONS, hands).get_json()
    answer = ask(DECLARATIONS, hands | {"carte_blanche": ["Younger"]}).get_json()
    assert answer["carte_blanche"] == {"elder": 0, "younger": 10}
    assert answer["totals"]["younger"] == 10
    assert answer["repique"] is None  # the younger scored first: no repique for the elder
    assert answer["totals"]["elder"] == plain["totals"]["elder"] - 60


def test_optional_fields_may_be_null_and_unknown_fields_are_ignored(ask):
    plain = ask(DECLARATIONS, HANDS).get_json()
    assert ask(DECLARATIONS, HANDS | {"carte_blanche": None, "note": [1, 2]}).get_json() == plain


@pytest.mark.parametrize("change, status, code, field", [
    ({"elder": with_card(ELDER, 3, "6H")}, 422, "card_not_in_game", "elder[3]"),
    ({"younger": with_card(YOUNGER, 0, "JK")}, 422, "card_not_in_game", "younger[0]"),
    ({"elder": with_card(ELDER, 11, "7X")}, 422, "bad_card", "elder[11]"),
    ({"elder": with_card(ELDER, 2, 7)}, 400, "wrong_type", "elder[2]"),
    ({"elder": ELDER[:11]}, 422, "bad_piquet_hand", "elder"),
    ({"younger": YOUNGER + ["7C"]}, 422, "bad_piquet_hand", "younger"),
    ({"elder": with_card(ELDER, 1, "AH")}, 422, "too_many_copies", "elder[1]"),
    ({"younger": with_card(YOUNGER, 4, "8S")}, 422, "card_in_both_hands", "younger[4]"),
    ({"elder": " ".join(ELDER)}, 400, "wrong_type", "elder"),
    ({"younger": None}, 400, "missing_field", "younger"),
    ({"carte_blanche": ["elder", "younger"]}, 422, "bad_carte_blanche", "carte_blanche"),
    ({"carte_blanche": ["younger"]}, 422, "bad_carte_blanche", "carte_blanche"),  # 7 courts
    ({"carte_blanche": ["elder", "elder"]}, 422, "bad_carte_blanche", "carte_blanche"),
    ({"carte_blanche": ["dealer"]}, 422, "bad_side", "carte_blanche[0]"),
    ({"carte_blanche": [None]}, 400, "wrong_type", "carte_blanche[0]"),
    ({"carte_blanche": "elder"}, 400, "wrong_type", "carte_blanche"),
])
def test_declarations_errors_name_the_field(ask, change, status, code, field):
    assert_error(ask(DECLARATIONS, HANDS | change), status, code, field)


def test_the_hands_are_missing(ask):
    assert_error(ask(DECLARATIONS, {}), 400, "missing_field", "elder")


# --- POST /piquet/deal ------------------------------------------------------------------------

PARTS = {"declarations", "leads", "tricks", "the_cards", "capot", "pique"}
TRICKS = {"elder": 7, "younger": 5}


def parts_of(deal_parts) -> dict[str, int]:
    return {name: getattr(deal_parts, name) for name in PARTS}


def test_a_deal_from_declaration_points_answers_scores_and_parts(ask):
    body = {"declarations": {"elder": 29, "younger": 0}, "tricks": TRICKS,
            "last_trick": "younger"}
    answer = ask(DEAL, body).get_json()
    deal = score_deal({"elder": 29, "younger": 0}, TRICKS, "younger")
    assert answer["scores"] == {"elder": deal.scores.elder, "younger": deal.scores.younger}
    assert answer["scores"] == {"elder": 84, "younger": 9}  # the core's pique
    assert answer["parts"] == {"elder": parts_of(deal.elder), "younger": parts_of(deal.younger)}
    assert answer["parts"]["elder"]["pique"] == 30
    assert "declarations" not in answer


def test_a_deal_from_the_hands_declares_them_and_says_so(ask):
    body = {"declarations": HANDS, "tricks": {"elder": 12, "younger": 0},
            "last_trick": "elder"}
    answer = ask(DEAL, body).get_json()
    by_points = ask(DEAL, body | {"declarations": {"elder": 95, "younger": 0}}).get_json()
    assert answer["scores"] == by_points["scores"] and answer["parts"] == by_points["parts"]
    assert answer["declarations"] == ask(DECLARATIONS, HANDS).get_json()
    assert answer["parts"]["elder"]["capot"] == 30


def test_a_deal_the_tricks_order_decides_asks_for_pique_reached(ask):
    body = {"declarations": {"elder": 20, "younger": 0}, "tricks": TRICKS,
            "last_trick": "younger"}
    error = assert_error(ask(DEAL, body), 422, "pique_reached_needed", "pique_reached")
    assert "pique_reached" in error["message"]
    reached = ask(DEAL, body | {"pique_reached": True}).get_json()
    missed = ask(DEAL, body | {"pique_reached": False}).get_json()
    assert reached["parts"]["elder"]["pique"] == 30 and missed["parts"]["elder"]["pique"] == 0
    assert reached["scores"]["elder"] == missed["scores"]["elder"] + 30


def test_a_certain_pique_cannot_be_answered_no(ask):
    body = {"declarations": {"elder": 7, "younger": 0}, "tricks": {"elder": 11, "younger": 1},
            "last_trick": "younger"}
    error = assert_error(ask(DEAL, body | {"pique_reached": False}), 422,
                         "pique_reached_needed", "pique_reached")
    assert "certain pique" in error["message"]
    assert ask(DEAL, body).get_json()["scores"] == {"elder": 70, "younger": 1}
    assert ask(DEAL, body | {"pique_reached": True}).get_json()["scores"]["elder"] == 70


def test_thirty_declared_against_nothing_needs_its_repique(ask):
    body = {"declarations": {"elder": 35, "younger": 0}, "tricks": {"elder": 6, "younger": 6},
            "last_trick": "younger"}
    error = assert_error(ask(DEAL, body), 422, "bad_score", "declarations.elder")
    assert "repique" in error["message"]
    repiqued = ask(DEAL, body | {"declarations": {"elder": 95, "younger": 0}}).get_json()
    assert repiqued["scores"]["elder"] == 95 + 7 + 6  # seven leads, six tricks


@pytest.mark.parametrize("change, status, code, field", [
    ({"tricks": {"elder": "7", "younger": 5}}, 400, "wrong_type", "tricks.elder"),
    ({"tricks": {"elder": 7}}, 400, "missing_field", "tricks.younger"),
    ({"tricks": [7, 5]}, 400, "wrong_type", "tricks"),
    ({"tricks": {"elder": 7, "younger": 4}}, 422, "bad_tricks", "tricks"),
    ({"tricks": {"elder": -1, "younger": 13}}, 422, "bad_score", "tricks.elder"),
    ({"tricks": {"elder": 12, "younger": 0}, "last_trick": "younger"}, 422, "bad_tricks",
     "last_trick"),
    ({"last_trick": "dealer"}, 422, "bad_side", "last_trick"),
    ({"last_trick": True}, 400, "wrong_type", "last_trick"),
    ({"last_trick": None}, 400, "missing_field", "last_trick"),
    ({"pique_reached": "yes"}, 400, "wrong_type", "pique_reached"),
    ({"pique_reached": True}, 422, "pique_reached_needed", "pique_reached"),  # impossible
    ({"declarations": {"elder": 1.5, "younger": 0}}, 400, "wrong_type", "declarations.elder"),
    ({"declarations": {"elder": -3, "younger": 0}}, 422, "bad_score", "declarations.elder"),
    ({"declarations": {"elder": 3}}, 400, "missing_field", "declarations.younger"),
    ({"declarations": 29}, 400, "wrong_type", "declarations"),
    ({"declarations": HANDS | {"elder": with_card(ELDER, 3, "6H")}}, 422, "card_not_in_game",
     "declarations.elder[3]"),
    ({"declarations": HANDS | {"younger": with_card(YOUNGER, 4, "8S")}}, 422,
     "card_in_both_hands", "declarations.younger[4]"),
    ({"declarations": HANDS | {"younger": YOUNGER[:3]}}, 422, "bad_piquet_hand",
     "declarations.younger"),
    ({"declarations": HANDS | {"carte_blanche": ["both"]}}, 422, "bad_side",
     "declarations.carte_blanche[0]"),
])
def test_deal_errors_name_the_field(ask, change, status, code, field):
    body = {"declarations": {"elder": 3, "younger": 6}, "tricks": TRICKS,
            "last_trick": "younger"}
    assert_error(ask(DEAL, body | change), status, code, field)


# --- POST /piquet/partie ----------------------------------------------------------------------

@pytest.mark.parametrize("totals", [{"Ann": 128, "Bob": 119}, {"Ann": 96, "Bob": 117},
                                    {"Ann": 120, "Bob": 120}])
def test_partie_answers_the_cores_result(ask, totals):
    answer = ask(PARTIE, {"totals": totals}).get_json()
    result = partie_result(totals)
    assert answer == {"winner": result.winner, "margin": result.margin,
                      "rubicon": result.rubicon}


def test_partie_under_the_rubicon_and_a_tie(ask):
    assert ask(PARTIE, {"totals": {"Ann": 96, "Bob": 117}}).get_json() == {
        "winner": "Bob", "margin": 313, "rubicon": True}
    assert ask(PARTIE, {"totals": {"Ann": 120, "Bob": 120}}).get_json() == {
        "winner": None, "margin": None, "rubicon": False}


@pytest.mark.parametrize("totals, status, code, field", [
    ({"Ann": 100}, 422, "bad_player_count", "totals"),
    ({"Ann": 100, "Bob": 90, "Cy": 80}, 422, "bad_player_count", "totals"),
    ({"Ann": "100", "Bob": 90}, 400, "wrong_type", "totals.Ann"),
    ({"Ann": 100, "Bob": -1}, 422, "bad_score", "totals.Bob"),
    ({"Ann": 0, "Bob": 0}, 422, "bad_score", "totals.Bob"),  # six deals make 144 at least
    ({"Ann": 100, " ": 90}, 422, "bad_player_name", "totals"),
    ([100, 90], 400, "wrong_type", "totals"),
    (None, 400, "missing_field", "totals"),
])
def test_partie_errors_name_the_field(ask, totals, status, code, field):
    assert_error(ask(PARTIE, {"totals": totals}), status, code, field)


def test_whole_numbers_written_with_a_point_are_those_numbers(ask):
    assert ask(PARTIE, {"totals": {"Ann": 96.0, "Bob": 117}}).get_json()["margin"] == 313
    body = {"declarations": {"elder": 29.0, "younger": 0}, "tricks": {"elder": 7.0,
                                                                     "younger": 5},
            "last_trick": "younger"}
    assert ask(DEAL, body).get_json()["scores"] == {"elder": 84, "younger": 9}
    assert_error(ask(PARTIE, {"totals": {"Ann": 96.5, "Bob": 117}}), 400, "wrong_type",
                 "totals.Ann")


def test_a_name_with_a_dot_is_named_whole(ask):
    error = assert_error(ask(PARTIE, {"totals": {"J.R.": "x", "Bob": 1}}), 400, "wrong_type")
    assert error["field"] == "totals.J.R."


# --- What every Piquet question shares --------------------------------------------------------

@pytest.mark.parametrize("path", PIQUET)
@pytest.mark.parametrize("data, content_type", [
    ("{not json", "application/json"),
    ("[1, 2]", "application/json"),
    ('{"elder": []}', "text/plain"),
])
def test_malformed_json_is_400(rules_client, path, data, content_type):
    response = rules_client.post(path, data=data, content_type=content_type)
    assert_error(response, 400, "bad_json", None)


# --- The OpenAPI document ---------------------------------------------------------------------

def test_the_document_lists_the_piquet_operations(openapi_document):
    for path in PIQUET:
        operation = openapi_document["paths"][path.removeprefix("/api/v1")]["post"]
        assert {"200", "400", "422"} <= set(operation["responses"])


GOOD_BODIES = [
    (DECLARATIONS, HANDS),
    (DECLARATIONS, HANDS | {"carte_blanche": ["elder"]}),
    (DEAL, {"declarations": {"elder": 29, "younger": 0}, "tricks": TRICKS,
            "last_trick": "younger"}),
    (DEAL, {"declarations": HANDS, "tricks": TRICKS, "last_trick": "elder",
            "pique_reached": None}),
    (PARTIE, {"totals": {"Ann": 128, "Bob": 119}}),
]


@pytest.mark.parametrize("path, body", GOOD_BODIES)
def test_the_bodies_sent_fit_the_request_schemas(ask, openapi_document, path, body):
    assert request_schema_errors(openapi_document, path, body) == []
    assert ask(path, body).status_code == 200


@pytest.mark.parametrize("path, body", [
    (DECLARATIONS, HANDS | {"elder": ELDER[:11]}),  # twelve cards, no fewer
    (DECLARATIONS, HANDS | {"younger": YOUNGER + ["7C"]}),  # nor more
    (DECLARATIONS, HANDS | {"carte_blanche": ["dealer"]}),
    (DECLARATIONS, HANDS | {"carte_blanche": ["elder", "elder"]}),
    (DEAL, {"declarations": {"elder": 3, "younger": 6}, "tricks": {"elder": 13, "younger": 0},
            "last_trick": "elder"}),
    (DEAL, {"declarations": {"elder": -3, "younger": 6}, "tricks": TRICKS,
            "last_trick": "elder"}),
    (PARTIE, {"totals": {"Ann": -1, "Bob": 9}}),
])
def test_the_document_forbids_what_the_server_refuses(ask, openapi_document, path, body):
    assert request_schema_errors(openapi_document, path, body)
    assert ask(path, body).status_code == 422
