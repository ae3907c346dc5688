"""The JSON API for melds: the spec's examples, every error path, lay-offs, the OpenAPI document."""

from __future__ import annotations

import json
import re

import pytest

from referee.core import RULESETS

from .conftest import api_cases, assert_error, check_example, post

CHECK = "/api/v1/melds/check"
EXTEND = "/api/v1/melds/extend"


@pytest.fixture
def client(rules_client):
    """Every question here keeps nothing, so one app answers them all (tests/conftest.py);
    the tests that need an app of their own ask for ``app``."""
    return rules_client


# --- The spec's examples ----------------------------------------------------------------------

MELD_CASES = api_cases(CHECK) + api_cases(EXTEND)


@pytest.mark.parametrize("case", MELD_CASES, ids=[c["name"] for c in MELD_CASES])
def test_spec_example(client, case):
    check_example(client, case)


def test_the_examples_cover_both_meld_endpoints():
    assert api_cases(CHECK) and api_cases(EXTEND)


# --- POST /melds/check ------------------------------------------------------------------------

def test_check_answers_readings_and_the_games_words(client):
    body = post(client, CHECK, {"ruleset": "eversol", "decks": 2,
                                "cards": ["9d", "JK", "7D", "TD"]}).get_json()
    assert body["valid"] is True and body["reason"] is None
    (run,) = body["readings"]
    assert run["cards"] == ["7D", "JK=8D", "9D", "10D"]
    assert run["jokers"] == ["8D"]
    assert run["suit"] == "D"
    assert body["words"] == {"book": "book", "run": "run"}


def test_check_both_ways_lists_both_kinds_and_placements(client):
    body = post(client, CHECK, {"ruleset": "eversol", "decks": 2,
                                "cards": ["AS", "JK", "JK", "JK"]}).get_json()
    assert set(body["kinds"]) == {"book", "run"}
    book = next(r for r in body["readings"] if r["kind"] == "book")
    run = next(r for r in body["readings"] if r["kind"] == "run")
    assert book["jokers"] == ["any A"] * 3 and book["rank"] == "A"
    assert run["cards"] == ["AS", "JK=2S", "JK=3S", "JK=4S"]
    assert ["JK=JS", "JK=QS", "JK=KS", "AS"] in run["other_placements"]


def test_check_no_gives_one_sentence_reason_in_the_games_words(client):
    body = post(client, CHECK, {"ruleset": "500", "cards": ["5C", "5C", "5H"],
                                "decks": 2}).get_json()
    assert body["valid"] is False and body["kinds"] == [] and body["readings"] == []
    assert "group" in body["reason"] and body["reason"].endswith(".")
    assert body["words"] == {"book": "group", "run": "sequence"}


def test_check_house_option_changes_the_answer(client):
    cards = ["QH", "KH", "AH"]
    assert post(client, CHECK, {"ruleset": "basic", "cards": cards}).get_json()["valid"] is False
    body = post(client, CHECK, {"ruleset": "basic", "cards": cards,
                                "options": {"ace_high": True}}).get_json()
    assert body["valid"] is True and body["kinds"] == ["run"]


def test_optional_fields_may_be_null(client):
    body = post(client, CHECK, {"ruleset": "eversol", "decks": None, "options": None,
                                "cards": ["7D", "8D", "9D", "10D"]}).get_json()
    assert body["valid"] is True


# --- Error paths ------------------------------------------------------------------------------

@pytest.mark.parametrize("data, content_type", [
    ('{"ruleset": "eversol", ', "application/json"),
    ('["7D", "8D"]', "application/json"),
    ('"eversol"', "application/json"),
    ("null", "application/json"),
    ("", "application/json"),
    (b"\xff\xfe\x00garbage", "application/json"),
    ("[" * 50_000 + "]" * 50_000, "application/json"),
    ('{"ruleset": "eversol", "cards": ["7D"]}', "text/plain"),
    ('{"ruleset": "eversol", "cards": ["7D"]}', "application/x-www-form-urlencoded"),
    ("1" * 5000, "application/json"),
], ids=["truncated", "array", "string", "null", "empty", "bad-utf8", "deeply-nested",
        "text-plain", "form", "huge-number"])
def test_body_that_is_not_a_json_object_is_bad_json(client, data, content_type):
    response = client.post(CHECK, data=data, content_type=content_type)
    assert_error(response, 400, "bad_json")


@pytest.mark.parametrize("body, field", [
    ({"cards": ["7D"]}, "ruleset"),
    ({"ruleset": "eversol"}, "cards"),
    ({"ruleset": "eversol", "cards": None}, "cards"),
])
def test_missing_field(client, body, field):
    assert_error(post(client, CHECK, body), 400, "missing_field", field)


@pytest.mark.parametrize("change, field", [
    ({"ruleset": 500}, "ruleset"),
    ({"ruleset": ["eversol"]}, "ruleset"),
    ({"cards": "7D 8D 9D 10D"}, "cards"),
    ({"cards": {"0": "7D"}}, "cards"),
    ({"cards": ["7D", 8, "9D"]}, "cards[1]"),
    ({"cards": ["7D", ["8D"], "9D"]}, "cards[1]"),
    ({"options": ["aris_rule"]}, "options"),
    ({"options": {"aris_rule": "yes"}}, "options.aris_rule"),
    ({"options": {"buy_limit": 2.5}}, "options.buy_limit"),
    ({"decks": "2"}, "decks"),
    ({"decks": 2.5}, "decks"),
    ({"decks": True}, "decks"),
    ({"decks": False}, "decks"),
])
def test_wrong_type_names_the_field(client, change, field):
    body = {"ruleset": "eversol", "decks": 2, "cards": ["7D", "8D", "9D", "10D"]} | change
    assert_error(post(client, CHECK, body), 400, "wrong_type", field)


@pytest.mark.parametrize("decks", ["2.0", "2e0", "2.000"])
def test_a_whole_number_written_with_a_decimal_point_is_that_number(client, decks):
    """JSON Schema's integer (the OpenAPI document's decks) includes 2.0: it asks what 2 asks."""
    body = '{"ruleset": "eversol", "decks": %s, "cards": ["7D", "8D", "9D", "10D"]}'
    as_whole = post(client, CHECK, json.loads(body % "2"))
    written = client.post(CHECK, data=body % decks, content_type="application/json")
    assert written.status_code == 200, written.get_data(as_text=True)
    assert written.get_json() == as_whole.get_json()


@pytest.mark.parametrize("body, code, field", [
    ({"ruleset": "gin", "cards": ["7D"]}, "unknown_ruleset", "ruleset"),
    ({"ruleset": "eversol", "cards": ["7D"], "options": {"wild_twos": True}},
     "unknown_option", "options.wild_twos"),
    ({"ruleset": "eversol", "cards": ["7D"], "options": {"rummy_card": "alive"}},
     "bad_option_value", "options.rummy_card"),
    ({"ruleset": "eversol", "cards": ["7D"], "options": {"buy_limit": 0}},
     "bad_option_value", "options.buy_limit"),
    ({"ruleset": "eversol", "cards": ["3H", "3H", "3S"], "decks": 1},
     "too_many_copies", "cards[1]"),
    ({"ruleset": "eversol", "cards": ["JK", "JK", "JK", "7D"]}, "too_many_copies", "cards[2]"),
    ({"ruleset": "basic", "cards": ["QH", "KH", "JK"]}, "card_not_in_game", "cards[2]"),
    ({"ruleset": "basic", "cards": ["QH", "KH", "JK=AH"]}, "card_not_in_game", "cards[2]"),
    ({"ruleset": "500", "cards": ["9H", "10H", "JK"], "options": {"no_jokers": True}},
     "card_not_in_game", "cards[2]"),
    ({"ruleset": "base", "cards": ["AH", "2H", "3H"]}, "card_not_in_game", "cards[0]"),
    ({"ruleset": "base", "cards": ["2H", "3H", "JK=4H"]}, "card_not_in_game", "cards[2]"),
    ({"ruleset": "eversol", "cards": ["7D", "1H"]}, "bad_card", "cards[1]"),
    ({"ruleset": "eversol", "cards": ["7X"]}, "bad_card", "cards[0]"),
    ({"ruleset": "eversol", "cards": [""]}, "bad_card", "cards[0]"),
    ({"ruleset": "eversol", "cards": ["7D=8D"]}, "bad_card", "cards[0]"),
    ({"ruleset": "eversol", "cards": ["JK=JK"]}, "bad_card", "cards[0]"),
    ({"ruleset": "eversol", "cards": ["7D"], "decks": 0}, "bad_decks", "decks"),
    ({"ruleset": "eversol", "cards": ["7D"], "decks": 9}, "bad_decks", "decks"),
    ({"ruleset": "eversol", "cards": ["7D"], "decks": -1}, "bad_decks", "decks"),
    ({"ruleset": "eversol", "cards": ["7D"], "decks": 10**30}, "bad_decks", "decks"),
])
def test_impossible_question_is_422(client, body, code, field):
    assert_error(post(client, CHECK, body), 422, code, field)


def test_ten_thousand_cards_is_more_than_any_decks_hold(client):
    response = post(client, CHECK, {"ruleset": "eversol", "decks": 8,
                                    "cards": ["7D", "8D", "9D", "10D"] * 2500})
    assert_error(response, 422, "too_many_copies", "cards[32]")


def test_ten_thousand_bad_cards_answer_the_first(client):
    response = post(client, CHECK, {"ruleset": "eversol", "cards": ["ZZ"] * 10_000})
    assert_error(response, 422, "bad_card", "cards[0]")


def test_body_too_large_is_413_json(client):
    cards = ["7D"] * 60_000  # about 360 KB, past MAX_CONTENT_LENGTH
    response = client.post(CHECK, data=json.dumps({"ruleset": "eversol", "cards": cards}),
                           content_type="application/json")
    assert_error(response, 413, "too_large")


@pytest.mark.parametrize("method, path", [
    ("get", "/api/v1/nothing-here"),
    ("post", "/api/v1/nothing-here"),
    ("post", "/api/v1/melds"),
    ("get", "/api/v1"),
])
def test_unknown_api_path_is_404_json(client, method, path):
    assert_error(getattr(client, method)(path), 404, "not_found")


@pytest.mark.parametrize("method, path, allowed", [
    ("get", CHECK, "POST"),
    ("put", EXTEND, "POST"),
    ("delete", CHECK, "POST"),
    ("post", "/api/v1/rulesets", "GET"),
    ("post", "/api/v1/openapi.json", "GET"),
])
def test_wrong_method_is_405_json(client, method, path, allowed):
    response = getattr(client, method)(path)
    assert_error(response, 405, "method_not_allowed")
    assert allowed in response.headers["Allow"]


def test_screens_keep_their_own_404(client):
    response = client.get("/no-such-screen")
    assert response.status_code == 404
    assert not response.is_json


# --- POST /melds/extend -----------------------------------------------------------------------

def extend(client, meld, add=None, swap=None, ruleset="eversol", decks=2, **extra):
    body = {"ruleset": ruleset, "decks": decks, "meld": meld, **extra}
    if add is not None:
        body["add"] = add
    if swap is not None:
        body["swap_for_joker"] = swap
    return post(client, EXTEND, body)


def test_lay_off_at_the_high_end(client):
    body = extend(client, ["7D", "8D", "9D", "10D"], ["JD"]).get_json()
    assert body == {"valid": True, "meld": ["7D", "8D", "9D", "10D", "JD"], "kind": "run",
                    "freed_joker": False, "reason": None,
                    "words": {"book": "book", "run": "run"}}


def test_lay_off_at_both_ends_at_once(client):
    body = extend(client, ["7D", "8D", "9D", "10D"], ["JD", "6D"]).get_json()
    assert body["valid"] is True
    assert body["meld"] == ["6D", "7D", "8D", "9D", "10D", "JD"]


def test_run_listed_high_to_low_answers_low_to_high(client):
    body = extend(client, ["10D", "9D", "JK", "7D"], ["6D"]).get_json()
    assert body["valid"] is True
    assert body["meld"] == ["6D", "7D", "JK=8D", "9D", "10D"]


def test_card_a_joker_holds_cannot_be_laid_off(client):
    body = extend(client, ["7D", "JK", "9D", "10D"], ["8D"]).get_json()
    assert body["valid"] is False
    assert body["meld"] == ["7D", "JK=8D", "9D", "10D"]
    assert "joker" in body["reason"].lower()


def test_lay_off_that_leaves_a_gap_is_refused(client):
    body = extend(client, ["7D", "8D", "9D", "10D"], ["QD"]).get_json()
    assert body["valid"] is False and body["reason"]
    assert body["meld"] == ["7D", "8D", "9D", "10D"]


def test_lay_off_onto_a_book(client):
    body = extend(client, ["3H", "3S", "3D"], ["3C", "JK"]).get_json()
    assert body["valid"] is True and body["kind"] == "book"
    assert body["meld"] == ["3H", "3S", "3D", "3C", "JK"]


def test_joker_swap_in_eversol_frees_the_joker(client):
    body = extend(client, ["7D", "JK", "9D", "10D"], swap="8D").get_json()
    assert body["valid"] is True and body["freed_joker"] is True
    assert body["meld"] == ["7D", "8D", "9D", "10D"]


def test_joker_swap_in_a_book(client):
    body = extend(client, ["KD", "KC", "JK"], swap="KS").get_json()
    assert body["valid"] is True and body["freed_joker"] is True
    assert body["meld"] == ["KD", "KC", "KS"]


def test_joker_swap_then_lay_off(client):
    body = extend(client, ["7D", "JK", "9D", "10D"], ["JD"], swap="8D").get_json()
    assert body["valid"] is True and body["freed_joker"] is True
    assert body["meld"] == ["7D", "8D", "9D", "10D", "JD"]


def test_joker_swap_with_the_wrong_card_is_refused(client):
    body = extend(client, ["7D", "JK", "9D", "10D"], swap="6D").get_json()
    assert body["valid"] is False and body["freed_joker"] is False
    assert "8♦" in body["reason"]


def test_joker_swap_is_refused_in_500(client):
    body = extend(client, ["9H", "10H", "JK"], swap="JH", ruleset="500", decks=1).get_json()
    assert body["valid"] is False and body["freed_joker"] is False
    assert body["meld"] == ["9H", "10H", "JK=JH"]
    assert "500 Rummy" in body["reason"]


def test_out_of_order_table_run_is_422(client):
    response = extend(client, ["7D", "9D", "8D", "10D"], ["6D"])
    assert_error(response, 422, "bad_table_meld", "meld")


def test_joker_identity_that_disagrees_with_its_place_is_422(client):
    response = extend(client, ["7D", "JK=9D", "9D", "10D"], ["6D"])
    assert_error(response, 422, "bad_table_meld", "meld")


def test_table_meld_that_is_no_meld_is_422(client):
    assert_error(extend(client, ["7D", "8D", "9D"], ["10D"]), 422, "bad_table_meld", "meld")
    assert_error(extend(client, []), 422, "bad_table_meld", "meld")


def test_meld_reading_both_ways_takes_the_reading_that_fits(client):
    body = extend(client, ["AS", "JK", "JK", "JK"], ["5S"]).get_json()
    assert body["valid"] is True and body["kind"] == "run"
    assert body["meld"] == ["AS", "JK=2S", "JK=3S", "JK=4S", "5S"]
    body = extend(client, ["AS", "JK", "JK", "JK"], ["AD"]).get_json()
    assert body["valid"] is True and body["kind"] == "book"


def test_kind_says_how_a_meld_lies(client):
    body = extend(client, ["AS", "JK", "JK", "JK"], ["5S"], kind="book").get_json()
    assert body["valid"] is False and body["kind"] == "book"
    assert_error(extend(client, ["7D", "8D", "9D", "10D"], ["JD"], kind="book"),
                 422, "bad_table_meld", "meld")


def test_invalid_on_every_reading_answers_the_first_reading(client):
    body = extend(client, ["AS", "JK", "JK", "JK"], ["7H"]).get_json()
    assert body["valid"] is False and body["kind"] == "book"


def test_nothing_to_add_leaves_the_meld_as_it_lies(client):
    body = extend(client, ["10D", "9D", "8D", "7D"]).get_json()
    assert body["valid"] is True and body["meld"] == ["7D", "8D", "9D", "10D"]


@pytest.mark.parametrize("meld, add, swap, field", [
    (["7D", "8D", "9D", "10D"], ["10D"], None, "add[0]"),
    (["7D", "8D", "9D", "10D"], ["6D", "JD"], "7D", "swap_for_joker"),
    (["7D", "JK", "9D", "10D"], ["JK", "JK"], None, "add[1]"),
    (["7D", "8D", "7D", "8D", "9D", "10D"], None, None, "meld[2]"),
])
def test_supply_counts_meld_add_and_swap_together(client, meld, add, swap, field):
    response = extend(client, meld, add, swap, decks=1)
    assert_error(response, 422, "too_many_copies", field)


@pytest.mark.parametrize("change, status, code, field", [
    ({"meld": None}, 400, "missing_field", "meld"),
    ({"meld": "7D 8D 9D 10D"}, 400, "wrong_type", "meld"),
    ({"add": "JD"}, 400, "wrong_type", "add"),
    ({"add": [None]}, 400, "wrong_type", "add[0]"),
    ({"swap_for_joker": ["8D"]}, 400, "wrong_type", "swap_for_joker"),
    ({"swap_for_joker": "8Z"}, 422, "bad_card", "swap_for_joker"),
    ({"kind": 1}, 400, "wrong_type", "kind"),
    ({"kind": "set"}, 422, "bad_kind", "kind"),
    ({"add": ["JK"], "ruleset": "basic", "decks": 1}, 422, "card_not_in_game", "add[0]"),
    ({"ruleset": "basic"}, 422, "bad_decks", "decks"),  # a one-deck game
])
def test_extend_error_paths(client, change, status, code, field):
    body = {"ruleset": "eversol", "decks": 2, "meld": ["7D", "8D", "9D", "10D"]} | change
    assert_error(post(client, EXTEND, body), status, code, field)


# --- GET /rulesets ----------------------------------------------------------------------------

def test_rulesets_lists_every_ruleset_as_described(client):
    body = client.get("/api/v1/rulesets").get_json()
    assert [r["key"] for r in body["rulesets"]] == list(RULESETS)
    for described in body["rulesets"]:
        assert described == json.loads(json.dumps(RULESETS[described["key"]].describe()))
    eversol = next(r for r in body["rulesets"] if r["key"] == "eversol")
    assert len(eversol["contracts"]) == 6


# --- The OpenAPI document ---------------------------------------------------------------------

def openapi(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def resolve(document, schema):
    while "$ref" in schema:
        node = document
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def _is_type(value, name):
    if name in ("integer", "number"):
        if isinstance(value, bool):
            return False
        return isinstance(value, int) or (name == "number" and isinstance(value, float))
    return isinstance(value, _TYPES[name])


def schema_errors(document, schema, value, where="$"):
    """A small JSON Schema (2020-12) check: the keywords this document uses.

    The venv has no jsonschema package; this covers $ref, type, enum,
    properties, required, additionalProperties, items, allOf/anyOf/oneOf, if/then,
    minimum/maximum, minItems, minProperties and pattern, and fails on any other keyword.
    """
    schema = resolve(document, schema)
    if "maxItems" in schema:  # maxItems first (its own lines: the list below is much edited)
        if isinstance(value, list) and len(value) > schema["maxItems"]:
            return [f"{where}: more than {schema['maxItems']} items"]
        schema = {name: part for name, part in schema.items() if name != "maxItems"}
    known = {"type", "enum", "properties", "required", "additionalProperties", "items", "allOf",
             "anyOf", "oneOf", "minimum", "maximum", "minItems", "description", "examples",
             "default", "pattern", "minProperties", "if", "then"}
    unknown = set(schema) - known
    assert not unknown, f"schema_errors cannot check {unknown}"
    errors = []
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if not any(_is_type(value, t) for t in types):
            return [f"{where}: {value!r:.60} is not {types}"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{where}: {value!r:.60} not in {schema['enum']}")
    if "minimum" in schema and _is_type(value, "number") and value < schema["minimum"]:
        errors.append(f"{where}: {value} < {schema['minimum']}")
    if "maximum" in schema and _is_type(value, "number") and value > schema["maximum"]:
        errors.append(f"{where}: {value} > {schema['maximum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{where}: {value!r:.60} does not match {schema['pattern']}")
    if isinstance(value, dict) and len(value) < schema.get("minProperties", 0):
        errors.append(f"{where}: fewer than {schema['minProperties']} properties")
    if "if" in schema and not schema_errors(document, schema["if"], value, where):
        errors += schema_errors(document, schema.get("then", {}), value, where)
    for sub in schema.get("allOf", []):
        errors += schema_errors(document, sub, value, where)
    for keyword, wanted in (("anyOf", lambda n: n >= 1), ("oneOf", lambda n: n == 1)):
        if keyword in schema:
            passing = sum(not schema_errors(document, s, value, where) for s in schema[keyword])
            if not wanted(passing):
                errors.append(f"{where}: {passing} of {keyword} match")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        errors += [f"{where}: missing {name}" for name in schema.get("required", [])
                   if name not in value]
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            if name in properties:
                errors += schema_errors(document, properties[name], item, f"{where}.{name}")
            elif extra is False:
                errors.append(f"{where}: unexpected {name}")
            elif isinstance(extra, dict):
                errors += schema_errors(document, extra, item, f"{where}.{name}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append(f"{where}: fewer than {schema['minItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                errors += schema_errors(document, schema["items"], item, f"{where}[{i}]")
    return errors


def response_schema(document, path, method, status):
    operation = document["paths"][path.removeprefix("/api/v1")][method]
    response = resolve(document, operation["responses"][str(status)])
    return response["content"]["application/json"]["schema"]


def assert_answer_documented(client, path, body):
    """POST ``body`` and check the answer, whatever its status, against the OpenAPI schema."""
    document = openapi(client)
    response = post(client, path, body)
    schema = response_schema(document, path, "post", response.status_code)
    assert schema_errors(document, schema, response.get_json()) == []


def flask_path(rule):
    return re.sub(r"<(?:[^:>]*:)?([^>]+)>", r"{\1}", rule)


def test_openapi_is_3_1_and_every_ref_resolves(client):
    document = openapi(client)
    assert document["openapi"].startswith("3.1")
    assert document["servers"] == [{"url": "/api/v1"}]

    def walk(node):
        if isinstance(node, dict):
            if "$ref" in node:
                resolve(document, node)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)
    walk(document)


def test_openapi_documents_exactly_the_routes_that_exist(rules_app, client):
    document = openapi(client)
    served = set()
    for rule in rules_app.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/"):
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                served.add((flask_path(rule.rule).removeprefix("/api/v1"), method.lower()))
    documented = {(path, method) for path, item in document["paths"].items() for method in item}
    assert served == documented


def test_every_post_documents_its_errors(client):
    document = openapi(client)
    for path, item in document["paths"].items():
        if "post" in item:
            responses = set(item["post"]["responses"])
            assert {"400", "413", "422"} <= responses and {"200", "201"} & responses, path


def request_schema(document, path):
    return document["paths"][path.removeprefix("/api/v1")]["post"]["requestBody"]["content"][
        "application/json"]["schema"]


# Bodies the server refuses as malformed (400): a field a ruleset needs, a wrong shape. The
# document must forbid each, or a client that follows it is refused (schemathesis:
# positive_data_acceptance).
REFUSED_AS_MALFORMED = [
    ("/api/v1/hands/arrange", {"ruleset": "eversol", "cards": []}, "hand"),
    ("/api/v1/hands/arrange", {"ruleset": " EVERSOL ", "cards": [], "hand": None}, "hand"),
    ("/api/v1/rummy/check", {"ruleset": "eversol", "discard_pile": [], "table": []}, "card"),
    ("/api/v1/scores/hand", {"ruleset": "hand-and-foot", "hand": 1, "teams": {}}, "teams"),
    ("/api/v1/hands/arrange", {"ruleset": "basic", "cards": [], "hand": "x"}, "hand"),
]


@pytest.mark.parametrize("path, body, field", REFUSED_AS_MALFORMED)
def test_the_document_forbids_what_the_server_refuses_as_malformed(client, path, body, field):
    response = post(client, path, body)
    assert response.status_code == 400 and response.get_json()["error"]["field"] == field
    assert schema_errors(openapi(client), request_schema(openapi(client), path), body)


@pytest.mark.parametrize("path, body", [
    ("/api/v1/hands/arrange", {"ruleset": " EverSol ", "cards": ["7D"], "hand": 1}),
    ("/api/v1/hands/arrange", {"ruleset": "500", "cards": ["7D"]}),
    ("/api/v1/hands/arrange", {"ruleset": "basic", "cards": ["7D"], "hand": -5}),  # unused
    ("/api/v1/rummy/check", {"ruleset": "Eversol", "card": "7D", "table": []}),
    ("/api/v1/rummy/check", {"ruleset": "500", "discard_pile": ["7D"], "table": []}),
])
def test_the_document_allows_the_ruleset_keys_the_server_reads(client, path, body):
    """Any case and spaces around, as get_ruleset reads a key: allowed by the document too."""
    assert post(client, path, body).status_code == 200
    assert schema_errors(openapi(client), request_schema(openapi(client), path), body) == []


def test_schema_check_is_not_vacuous(client):
    document = openapi(client)
    schema = response_schema(document, CHECK, "post", 200)
    good = {"valid": True, "kinds": ["run"], "reason": None, "readings": [],
            "words": {"book": "book", "run": "run"}}
    assert schema_errors(document, schema, good) == []
    assert schema_errors(document, schema, good | {"kinds": ["meld"]})
    assert schema_errors(document, schema, good | {"valid": "yes"})
    assert schema_errors(document, schema, {k: v for k, v in good.items() if k != "reason"})
    error = response_schema(document, CHECK, "post", 422)
    assert schema_errors(document, error, {"error": {"code": "x", "message": "y"}})


VALIDATED = [
    *[(c["path"], c["request"]) for c in MELD_CASES],
    (CHECK, {"ruleset": "eversol", "decks": 2, "cards": ["AS", "JK", "JK", "JK"]}),
    (CHECK, {"ruleset": "eversol", "cards": ["7D", 8]}),
    (CHECK, "not an object"),
    (CHECK, {"ruleset": "gin", "cards": []}),
    (EXTEND, {"ruleset": "eversol", "decks": 2, "meld": ["7D", "JK", "9D", "10D"],
              "swap_for_joker": "8D"}),
    (EXTEND, {"ruleset": "500", "meld": ["9H", "10H", "JK"], "swap_for_joker": "JH"}),
    (EXTEND, {"ruleset": "eversol", "meld": ["7D", "9D", "8D", "10D"]}),
]


@pytest.mark.parametrize("path, body", VALIDATED)
def test_answers_match_the_documented_schemas(client, path, body):
    assert_answer_documented(client, path, body)


@pytest.mark.parametrize("path", ["/api/v1/rulesets", "/api/v1/openapi.json"])
def test_get_answers_match_the_documented_schemas(client, path):
    document = openapi(client)
    response = client.get(path)
    schema = response_schema(document, path, "get", 200)
    assert schema_errors(document, schema, response.get_json()) == []


@pytest.mark.parametrize("method, path, documented_under", [
    ("get", CHECK, "post"),
    ("post", "/api/v1/rulesets", "get"),
])
def test_405_answers_match_the_documented_schema(client, method, path, documented_under):
    document = openapi(client)
    response = getattr(client, method)(path)
    assert response.status_code == 405
    schema = response_schema(document, path, documented_under, 405)
    assert schema_errors(document, schema, response.get_json()) == []


def test_request_examples_are_valid_and_answered(app):
    client = app.test_client()  # its own app: the examples include starting a game
    document = openapi(client)
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if "requestBody" not in operation or "{" in path:
                continue  # a game's own addresses: tests/test_api_games.py sends their examples
            content = operation["requestBody"]["content"]["application/json"]
            status = 201 if "201" in operation["responses"] else 200
            for example in content["examples"].values():
                assert schema_errors(document, content["schema"], example["value"]) == []
                response = post(client, "/api/v1" + path, example["value"])
                assert response.status_code == status
                schema = response_schema(document, "/api/v1" + path, method, status)
                assert schema_errors(document, schema, response.get_json()) == []


def test_an_unexpected_bug_answers_json_500_without_a_trace(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production

    def broken():
        raise RuntimeError("secret internals")

    app.view_functions["api.list_rulesets"] = broken
    response = app.test_client().get("/api/v1/rulesets")
    error = assert_error(response, 500, "internal_error")
    assert "secret" not in response.get_data(as_text=True)
    assert error["field"] is None
