"""Random malformed requests at every POST endpoint: never a 5xx, always the error shape.

Derandomized (the same examples every run, no example database) so CI is
reproducible. Drawing a body costs hypothesis far more than the app takes to answer it, so
each body drawn goes to every POST endpoint: 650 bodies to the nine endpoints there are
today, and 150 wrong methods and paths, 6,000 requests in all, most of them malformed. With
TESTING on, an unexpected exception in a view propagates and fails the test with its
traceback. Schemathesis then draws from the OpenAPI document itself (test at the end).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from referee.core import RULESETS
from tests.conftest import examples
from tests.test_api_games import make_game

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.data_too_large, HealthCheck.large_base_example],
)


def fuzz(max_examples: int) -> settings:
    return settings(FUZZ, max_examples=examples(max_examples))


ERROR_FIELDS = {"code", "message", "field"}

# --- Strategies -------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(), st.integers(min_value=-10, max_value=10),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6),
                            st.dictionaries(st.text(max_size=12), inner, max_size=6)),
    max_leaves=30,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "1", "11", "Z", ""]
SUITS = ["S", "H", "D", "C", "s", "h", "♠", "♥", "♦", "♣", "X", ""]
natural_texts = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
card_texts = st.one_of(
    natural_texts,
    st.sampled_from(["JK", "jk", "*", "Joker", "🃏", "JK=", "JK=JK", "=7D", " 7d ", "7D 8D"]),
    st.builds(lambda head, card: f"{head}={card}",
              st.sampled_from(["JK", "*", "joker", "7D"]), natural_texts),
    st.text(max_size=8),
)
cards_like = st.one_of(
    st.lists(card_texts, max_size=15),
    st.lists(st.one_of(card_texts, json_values), max_size=8),
    st.builds(lambda card, n: [card] * n, card_texts, st.integers(0, 20_000)),  # huge lists
    json_values,
)
OPTION_NAMES = sorted({spec.name for r in RULESETS.values() for spec in r.option_specs})
options_like = st.one_of(
    st.dictionaries(st.sampled_from(OPTION_NAMES), json_values, max_size=4),
    st.dictionaries(st.sampled_from(OPTION_NAMES + ["", "nope"]),
                    st.one_of(st.booleans(), st.integers(-5, 600), st.sampled_from(
                        ["dead", "meld", "standard", "5/10/15", "pile", "hands", "points"])),
                    max_size=4),
    json_values,
)
looks_valid = st.fixed_dictionaries({}, optional={
    "ruleset": st.one_of(st.sampled_from([*RULESETS, " EVERSOL ", "gin", ""]), json_values),
    "decks": st.one_of(st.integers(-2, 10), st.integers(), json_values),
    "options": options_like,
    "players": st.one_of(st.integers(-1, 30), json_values),
    "hand": st.one_of(st.integers(-1, 8), json_values),
    "cards": cards_like,
    "meld": cards_like,
    "add": cards_like,
    "swap_for_joker": st.one_of(card_texts, json_values),
    "kind": st.one_of(st.sampled_from(["book", "run", "RUN", "set"]), json_values),
    "card": st.one_of(card_texts, json_values),
    "melds": st.lists(cards_like, max_size=4),
    "table": st.lists(cards_like, max_size=4),
    "discard_pile": cards_like,
    "remaining": st.one_of(st.integers(-3, 20), json_values),
    "teams": json_values,
    "junk": json_values,
})

VALID_CARDS = [r + s for r in ["A", "2", "3", "7", "8", "9", "10", "J", "Q", "K"]
               for s in "SHDC"] + ["JK", "JK=8D", "JK=AS", "JK=3H", "JK=KC"]
good_cards = st.lists(st.sampled_from(VALID_CARDS), max_size=14)


@st.composite
def option_values(draw, ruleset):
    """Mostly legal house options for one ruleset, now and then a bad value."""
    chosen = {}
    for spec in draw(st.lists(st.sampled_from(RULESETS[ruleset].option_specs), max_size=3)):
        legal = (st.sampled_from(spec.choices) if spec.choices else st.booleans()
                 if spec.type == "bool" else st.integers(spec.minimum or 0, spec.maximum or 9))
        chosen[spec.name] = draw(scalars if draw(st.integers(0, 9)) == 0 else legal)
    return chosen


RUN_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def table_melds(draw):
    """A book or a run as it could lie on the table, some cards swapped for jokers."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from(RUN_RANKS[:13]))
        cards = [rank + suit for suit in draw(st.lists(st.sampled_from("SHDC"), min_size=3,
                                                       max_size=5))]
    else:
        start = draw(st.integers(0, 11))
        length = draw(st.integers(3, min(14 - start, draw(st.sampled_from([6, 14])))))
        suit = draw(st.sampled_from("SHDC"))
        cards = [rank + suit for rank in RUN_RANKS[start:start + length]]
        if draw(st.booleans()):
            cards.reverse()
    for i in draw(st.lists(st.integers(0, len(cards) - 1), max_size=draw(st.integers(0, 2)))):
        cards[i] = "JK"
    return cards


# A team's numbers at a hand's end (games played in teams), now and then one out of range.
team_entries = st.fixed_dictionaries(
    {"melded": st.integers(0, 200).map(lambda n: n * 5), "held": st.integers(0, 60).map(
        lambda n: n * 5), "clean_piles": st.integers(0, 3), "dirty_piles": st.integers(0, 3),
     "wild_piles": st.integers(0, 2), "red_threes": st.integers(0, 4),
     "went_out": st.booleans()},
    optional={"perfect_draws": st.integers(-1, 3), "penalties": st.sampled_from([0, 50, 100, 7]),
              "extra": scalars})


@st.composite
def well_formed_questions(draw):
    """Questions close to valid, to reach the rules core: a valid ruleset and real cards."""
    ruleset = draw(st.sampled_from(["eversol", "eversol", "500", "basic", "base",
                                    "hand-and-foot"]))
    body = {"ruleset": ruleset,
            "decks": draw(st.one_of(st.integers(2, 4), st.integers(1, 4), st.none())),
            "options": draw(option_values(ruleset)),
            "cards": draw(st.one_of(good_cards, table_melds())),
            "meld": draw(st.one_of(table_melds(), good_cards))}
    optional = {
        "add": st.lists(st.sampled_from(VALID_CARDS), max_size=3),
        "swap_for_joker": st.sampled_from(VALID_CARDS),
        "kind": st.sampled_from(["book", "run"]),
        "card": st.sampled_from(VALID_CARDS),
        "hand": st.integers(1, 6),
        "melds": st.lists(good_cards, max_size=3),
        "table": st.lists(good_cards, max_size=3),
        "discard_pile": good_cards,
        "teams": st.dictionaries(st.sampled_from(["Us", "Them", "", "us"]), team_entries,
                                 max_size=3),
    }
    for name, strategy in optional.items():
        if draw(st.booleans()):
            body[name] = draw(strategy)
    if draw(st.integers(0, 7)) == 0:  # now and then one field of the wrong shape
        body[draw(st.sampled_from(sorted(body)))] = draw(json_values)
    return body


CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "text/plain",
                 "application/x-www-form-urlencoded", "multipart/form-data",
                 "application/problem+json", "", "application/xml"]


# --- Helpers ----------------------------------------------------------------------------------

def post_paths(app):
    """Every POST route under /api/v1 (as endpoints are added, they are fuzzed too)."""
    paths = sorted(rule.rule for rule in app.url_map.iter_rules()
                   if rule.rule.startswith("/api/v1/") and "POST" in rule.methods
                   and "<" not in rule.rule)
    assert paths
    return paths


def assert_answer_well_formed(response, path):
    where = f"{response.request.method} {path}"
    assert response.status_code < 500, (where, response.get_data(as_text=True)[:500])
    assert response.is_json, where
    body = response.get_json()
    assert isinstance(body, dict), where
    if response.status_code >= 400:
        assert set(body) == {"error"}, where
        error = body["error"]
        assert set(error) == ERROR_FIELDS, where
        assert isinstance(error["code"], str) and error["code"], where
        assert isinstance(error["message"], str) and error["message"], where
        assert error["field"] is None or isinstance(error["field"], str), where
        assert "Traceback" not in error["message"], where


def send_json(client, path, value):
    data = json.dumps(value)
    return client.post(path, data=data, content_type="application/json")


# --- The fuzz tests ---------------------------------------------------------------------------
# Each body drawn is sent to every POST endpoint: drawing a body costs far more than asking.

@fuzz(max_examples=100)
@given(body=json_values)
def test_random_json_of_any_shape(app, client, body):
    for path in post_paths(app):
        assert_answer_well_formed(send_json(client, path, body), path)


@fuzz(max_examples=200)
@given(body=looks_valid)
def test_valid_looking_bodies_with_random_values(app, client, body):
    for path in post_paths(app):
        assert_answer_well_formed(send_json(client, path, body), path)


@fuzz(max_examples=150)
@given(body=well_formed_questions())
def test_nearly_valid_questions(app, client, body):
    for path in post_paths(app):
        response = send_json(client, path, body)
        assert_answer_well_formed(response, path)
        if response.status_code == 200 and path.endswith("/melds/check"):
            answer = response.get_json()
            assert answer["valid"] == bool(answer["kinds"]) == (answer["reason"] is None)


@fuzz(max_examples=100)
@given(raw=st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(str.encode),
    st.builds(lambda s, n: (s * n).encode(), st.sampled_from(["[", "{\"a\":", "1", "\"\\u"]),
              st.integers(1, 100_000)),
))
def test_random_bytes(app, client, raw):
    for path in post_paths(app):
        response = client.post(path, data=raw, content_type="application/json")
        assert_answer_well_formed(response, path)


@fuzz(max_examples=100)
@given(content_type=st.sampled_from(CONTENT_TYPES), body=st.one_of(looks_valid, json_values))
def test_wrong_content_types(app, client, content_type, body):
    for path in post_paths(app):
        response = client.post(path, data=json.dumps(body), content_type=content_type)
        assert_answer_well_formed(response, path)
        if "json" not in content_type:
            assert response.status_code == 400, path


@fuzz(max_examples=150)
@given(data=st.data(), method=st.sampled_from(["get", "put", "patch", "delete"]),
       tail=st.text(alphabet="abcdefghijklmnopqrstuvwxyz/-_.0123456789", max_size=20)
       .map(lambda text: re.sub("/+", "/", text).lstrip("/")))  # "//" redirects (308)
def test_wrong_methods_and_unknown_paths(app, client, data, method, tail):
    path = data.draw(st.sampled_from([*post_paths(app), "/api/v1/" + tail]))
    assert_answer_well_formed(getattr(client, method)(path, json={"ruleset": "eversol"}), path)


# --- Schemathesis: every operation of the OpenAPI document, as it documents it ------------------
# Drawn from the document itself, so each address added to it is fuzzed too: cases that fit
# it and cases that do not (a wrong type in any field). For the games'
# addresses, some cases name a game that exists (with its edit key) so writes reach its rules;
# the others name games that do not. (Schemathesis's own pytest loader does not run under this
# pytest, so each operation's strategy is given to hypothesis here.) Each answer must be no
# server error and as documented (status, content type, schema), and the contract must hold
# both ways: what the document allows is not refused, what it forbids is not accepted, with
# the project's schemathesis.toml saying which refusals of an allowed request are expected.
# benchmarks/contract.py runs the same checks on the real server, for minutes.

CONTRACT_CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
                   response_schema_conformance, negative_data_rejection, positive_data_acceptance]
PROJECT_CONFIG = Path(__file__).resolve().parent.parent / "schemathesis.toml"


def test_schemathesis_finds_no_server_error_and_no_contract_failure(app, client):
    game = make_game(client)
    schema = schemathesis.openapi.from_wsgi(
        "/api/v1/openapi.json", app, config=SchemathesisConfig.from_path(PROJECT_CONFIG))
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12

    for operation in operations:
        @settings(FUZZ, max_examples=examples(40))
        @given(case=st.one_of(operation.as_strategy(GenerationMode.POSITIVE),
                              operation.as_strategy(GenerationMode.NEGATIVE)),
               kept=st.booleans())
        def call(case, kept):
            if kept and "game_id" in (case.path_parameters or {}) and _where_valid(case):
                case.path_parameters["game_id"] = game["id"]
                case.headers = {**(case.headers or {}), "X-Edit-Key": game["edit_key"]}
            # The test client hands over the bytes as sent: ask for them not gzipped, as
            # the real server's clients (which unzip them) need not.
            case.call_and_validate(app=app, checks=CONTRACT_CHECKS,
                                   headers={"Accept-Encoding": "identity"})

        call()


def _where_valid(case) -> bool:
    """Whether the game's id and the edit key were drawn as the document allows them: only
    then may they be swapped for a real game's (a case made invalid there would turn valid)."""
    return all(case.meta.components[where].mode == GenerationMode.POSITIVE
               for where in (ParameterLocation.PATH, ParameterLocation.HEADER)
               if where in case.meta.components)
