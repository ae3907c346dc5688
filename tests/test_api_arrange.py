"""The JSON API for Eversol contracts and the hand arranger: examples, legality, error paths."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from .conftest import api_cases, assert_error, check_example, post
from .test_api import (assert_answer_documented, openapi, response_schema,
                       schema_errors)

CONTRACT = "/api/v1/contracts/check"
ARRANGE = "/api/v1/hands/arrange"
CHECK = "/api/v1/melds/check"


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

# Melds that meet each hand's contract (two decks in play), and the kinds they read as.
MEETS = {
    1: (["3H 3S 3D", "KD KC JK"], ["book", "book"]),
    2: (["3H 3S 3D", "7D 8D 9D 10D"], ["book", "run"]),
    3: (["3H 4H 5H 6H", "7H 8H 9H 10H"], ["run", "run"]),
    4: (["3H 3S 3D", "KD KC KH", "8S 8C JK"], ["book", "book", "book"]),
    5: (["9C 10C JC QC", "3H 3S 3D", "AD AC AH"], ["run", "book", "book"]),
    6: (["3H 4H 5H 6H", "KD KC KH", "9S 10S JS JK"], ["run", "book", "run"]),
}
DESCRIPTIONS = {1: "two books", 2: "one book and one run", 3: "two runs", 4: "three books",
                5: "two books and one run", 6: "one book and two runs"}


@pytest.mark.parametrize("hand", range(1, 7))
def test_each_hands_contract_is_met(client, hand):
    melds, kinds = MEETS[hand]
    body = contract(client, hand, melds)
    assert body["valid"] is True and body["reason"] is None and body["broken_meld"] is None
    assert body["kinds"] == kinds
    assert body["contract"]["hand"] == hand
    assert body["contract"]["description"] == DESCRIPTIONS[hand]
    assert body["contract"]["discard"] is (hand != 6)


@pytest.mark.parametrize("hand", range(1, 7))
def test_each_hands_contract_missed_names_the_contract(client, hand):
    melds, _ = MEETS[hand]
    for wrong in (melds[:-1], melds + ["5S 5C 5D"], MEETS[hand % 6 + 1][0]):
        body = contract(client, hand, wrong)
        assert body["valid"] is False and body["kinds"] is None
        assert body["broken_meld"] is None
        assert f"Hand {hand}" in body["reason"]
        assert DESCRIPTIONS[hand] in body["reason"]
        assert body["reason"].endswith(".")


def test_contract_is_the_one_rulesets_lists(client):
    listed = next(r for r in client.get("/api/v1/rulesets").get_json()["rulesets"]
                  if r["key"] == "eversol")["contracts"]
    for hand in range(1, 7):
        assert contract(client, hand, MEETS[hand][0])["contract"] == listed[hand - 1]


@pytest.mark.parametrize("hand, melds, kinds", [
    (1, ["AS JK JK JK", "5D 5C 5H"], ["book", "book"]),
    (2, ["AS JK JK JK", "5D 5C 5H"], ["run", "book"]),
    (2, ["7D 8D 9D 10D", "AS JK JK JK"], ["run", "book"]),
    (3, ["AS JK JK JK", "7H 8H 9H 10H"], ["run", "run"]),
    (5, ["KD KC KH", "AS JK JK JK", "5D 5C 5H"], ["book", "run", "book"]),
])
def test_a_two_way_meld_takes_the_reading_that_makes_the_contract(client, hand, melds, kinds):
    body = contract(client, hand, melds)
    assert body["valid"] is True
    assert body["kinds"] == kinds


@pytest.mark.parametrize("hand, kinds", [(1, ["book", "book"]), (2, ["book", "run"]),
                                         (3, ["run", "run"])])
def test_two_two_way_melds_make_any_two_meld_contract(client, hand, kinds):
    body = contract(client, hand, ["AS JK JK JK", "AD JK JK JK"], decks=3)
    assert body["valid"] is True
    assert sorted(body["kinds"]) == kinds


def test_two_way_melds_still_need_the_right_count(client):
    body = contract(client, 4, ["AS JK JK JK", "AD JK JK JK"], decks=3)
    assert body["valid"] is False and "three books" in body["reason"]


def test_hand_6_has_no_discard(client):
    melds, _ = MEETS[6]
    assert contract(client, 6, melds)["valid"] is True
    assert contract(client, 6, melds, remaining=0)["valid"] is True
    assert contract(client, 6, melds, remaining=None)["valid"] is True
    for remaining in (1, 2, 7):
        body = contract(client, 6, melds, remaining=remaining)
        assert body["valid"] is False
        assert "Hand 6" in body["reason"] and "discard" in body["reason"]
        assert str(remaining) in body["reason"]
        assert body["kinds"] == ["run", "book", "run"]  # the melds do read as the contract


@pytest.mark.parametrize("hand", range(1, 6))
def test_hands_with_a_discard_allow_cards_left(client, hand):
    assert contract(client, hand, MEETS[hand][0], remaining=5)["valid"] is True


def test_broken_meld_index_is_reported(client):
    body = contract(client, 2, ["3H 3S 3D", "7D 8D 9D"])
    assert body["valid"] is False and body["kinds"] is None
    assert body["broken_meld"] == 1
    assert body["reason"].startswith("Meld 2 ")
    assert "4 cards" in body["reason"]
    body = contract(client, 1, ["3H 4S 5D", "KD KC KH"])
    assert body["broken_meld"] == 0 and body["reason"].startswith("Meld 1 ")
    body = contract(client, 1, ["", "KD KC KH"])
    assert body["broken_meld"] == 0


def test_broken_meld_comes_before_the_count(client):
    body = contract(client, 4, ["3H 3S 3D", "7D 9D JD QD"])
    assert body["broken_meld"] == 1 and body["valid"] is False


def test_no_melds_is_no_contract(client):
    body = contract(client, 1, [])
    assert body["valid"] is False and "Hand 1" in body["reason"]


def test_run_jokers_may_name_their_card(client):
    assert contract(client, 2, ["3H 3S 3D", "7D JK=8D 9D 10D"])["valid"] is True
    body = contract(client, 2, ["3H 3S 3D", "7D JK=6D 9D 10D"])
    assert body["valid"] is False and body["broken_meld"] == 1


def test_melds_are_read_in_any_order_and_any_case(client):
    body = contract(client, 2, ["10d 9d 8d 7d", "3♥ 3s 3D"])
    assert body["valid"] is True and body["kinds"] == ["run", "book"]


@pytest.mark.parametrize("change, status, code, field", [
    ({"hand": None}, 400, "missing_field", "hand"),
    ({"melds": None}, 400, "missing_field", "melds"),
    ({"ruleset": None}, 400, "missing_field", "ruleset"),
    ({"hand": "2"}, 400, "wrong_type", "hand"),
    ({"hand": 2.0}, 400, "wrong_type", "hand"),
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
    ({"ruleset": "basic", "melds": []}, 422, "not_in_ruleset", "ruleset"),
    ({"ruleset": "base", "melds": []}, 422, "not_in_ruleset", "ruleset"),
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


# --- POST /hands/arrange: legality of the answers ---------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"


def held_value(ruleset, options, card):
    """Points of a card left in the hand, written out here from the rules, not the core."""
    rank = "JK" if card.startswith("JK") else card[:-1]
    if ruleset == "eversol":
        return {"JK": 50, "A": 15}.get(rank, 10 if rank in ("10", "J", "Q", "K") else 5)
    if ruleset == "500":
        if rank in ("JK", "A"):
            return 15
        if rank in ("10", "J", "Q", "K"):
            return 10
        return 5 if options.get("card_values") == "5/10/15" else int(rank)
    if ruleset == "basic":
        return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)
    if ruleset == "base":
        return 10 if rank in ("J", "Q", "K") else int(rank)
    raise AssertionError(ruleset)


def bare(card):
    return "JK" if card.startswith("JK") else card


def assert_legal(client, request, body):
    """Every meld legal, every card used once, points as the ruleset counts them."""
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


def deck(ruleset, decks):
    ranks = [r for r in RANKS if not (ruleset == "base" and r == "A")]
    cards = [r + s for r in ranks for s in SUITS]
    jokers = ["JK", "JK"] if ruleset in ("eversol", "500") else []
    return (cards + jokers) * decks


def dealt(ruleset, decks, size, seed):
    rng = random.Random(f"{ruleset}-{decks}-{size}-{seed}")
    return rng.sample(deck(ruleset, decks), size)


SHAPES = {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2)}  # books, runs


def planted(ruleset, books, runs, extras, seed, decks=2):
    """A hand holding ``books`` books and ``runs`` runs (a joker now and then) plus ``extras``
    cards at random, shuffled; and the points the extras are worth held.

    The planted melds leave just the extras, so the best arrangement leaves at most that.
    """
    rng = random.Random(f"planted-{ruleset}-{books}-{runs}-{extras}-{seed}")
    supply = Counter(deck(ruleset, decks))
    ranks = [r for r in RANKS if not (ruleset == "base" and r == "A")]
    run_length = 4 if ruleset == "eversol" else 3
    while True:
        left = Counter(supply)
        melds = []
        for _ in range(books):
            rank = rng.choice(ranks)
            melds.append([rank + suit for suit in rng.sample(SUITS, 3)])
        for _ in range(runs):
            low = rng.randrange(0, len(ranks) - run_length - 1)
            suit = rng.choice(SUITS)
            melds.append([rank + suit for rank in ranks[low:low + run_length + rng.randint(0, 1)]])
        if left["JK"]:
            for meld in melds:
                if rng.random() < 0.3:
                    meld[rng.randrange(1, len(meld) - 1)] = "JK"
        cards = [card for meld in melds for card in meld]
        left.subtract(cards)
        if min(left.values()) < 0:
            continue
        spare = [card for card, n in left.items() for _ in range(n)]
        extra = rng.sample(sorted(spare), extras)
        cards += extra
        rng.shuffle(cards)
        return cards, sum(held_value(ruleset, {}, c) for c in extra)


# Eversol: hands holding the contract with a card or two over, and random deals (which
# seldom hold the contract: the arranger must then say so).
PLANTED_EVERSOL = [({"ruleset": "eversol", "hand": hand, "decks": 2, "cards": cards}, bound)
                   for hand in range(1, 7) for seed in range(4)
                   for cards, bound in [planted("eversol", *SHAPES[hand], 1 + seed % 3, seed)]]
EVERSOL_CASES = [{"ruleset": "eversol", "hand": hand, "decks": decks,
                  "cards": dealt("eversol", decks, 5 + hand + 1, seed)}
                 for hand in range(1, 7) for decks in (1, 2) for seed in range(2)]
FREE_CASES = [{"ruleset": ruleset, "decks": decks, "options": options,
               "cards": dealt(ruleset, decks, size, seed)}
              for ruleset, options in (("500", {}), ("500", {"card_values": "5/10/15"}),
                                       ("basic", {}), ("basic", {"ace_high": True}),
                                       ("base", {}))
              for decks, size in ((1, 8), (1, 13), (2, 11))
              for seed in range(2)]
PLANTED_FREE = [({"ruleset": ruleset, "decks": 2, "cards": cards}, bound)
                for ruleset in ("500", "basic", "base") for seed in range(4)
                for cards, bound in [planted(ruleset, 1 + seed % 2, 1 + seed // 2, 3, seed)]]


def case_id(request):
    return f"{request['ruleset']}-{request.get('hand', '')}-{' '.join(request['cards'])}"


@pytest.mark.parametrize("request_body", EVERSOL_CASES + FREE_CASES, ids=case_id)
def test_arrangement_is_legal(client, request_body):
    assert_legal(client, request_body, answer(client, ARRANGE, request_body))


@pytest.mark.parametrize("request_body, bound", PLANTED_EVERSOL + PLANTED_FREE,
                         ids=[case_id(r) for r, _ in PLANTED_EVERSOL + PLANTED_FREE])
def test_arrangement_of_a_hand_holding_melds(client, request_body, bound):
    body = answer(client, ARRANGE, request_body)
    assert_legal(client, request_body, body)
    assert body["melds"]
    assert body["leftover_points"] <= bound  # no worse than the melds the hand was built from
    if request_body.get("hand") == 6:
        assert body["possible"] is (body["leftover"] == [])
    else:
        assert body["possible"] is True


RIGGED = [
    ("eversol", 1, 1, "3H 3S 3D KD KC KH 9C", True, 5),
    ("eversol", 2, 2, "3H 3S JK 7D 8D 9D 10D 2C AS", True, 20),
    ("eversol", 3, 2, "7D 9D 10D JK 3S 4S 5S 6S KC", True, 10),
    ("eversol", 4, 2, "3H 3S 3D KD KC KH 8S 8C JK 2C", True, 5),
    ("eversol", 5, 2, "9C 10C JC QC 3H 3S 3D AD AC AH 5S", True, 5),
    ("eversol", 6, 2, "3H 4H 5H 6H 9S 10S JS JK KD KC KH", True, 0),
    ("eversol", 6, 2, "3H 4H 5H 6H 9S 10S JS QS KD KC KH 2C", False, 5),
    ("500", None, 1, "5H 5S 5D 9C 2C 3C 4C KH", True, 19),
    ("500", None, 1, "QS KS AS 2D 3D 4D", True, 0),
    ("basic", None, 1, "5H 5S 5D 9C 2C 3C 4C KH", True, 19),
    ("basic", None, 1, "AH 2H 3H KC QC", True, 20),
    ("base", None, 1, "2H 3H 4H 9C 9D 9S KC", True, 10),
]


@pytest.mark.parametrize("ruleset, hand, decks, cards, possible, points", RIGGED)
def test_arrangement_of_a_known_hand(client, ruleset, hand, decks, cards, possible, points):
    request = {"ruleset": ruleset, "decks": decks, "cards": cards.split()}
    if hand is not None:
        request["hand"] = hand
    body = answer(client, ARRANGE, request)
    assert body["possible"] is possible
    assert body["leftover_points"] == points
    assert_legal(client, request, body)


def test_jokers_in_runs_carry_their_identity(client):
    body = answer(client, ARRANGE, {"ruleset": "eversol", "hand": 3, "decks": 2,
                                    "cards": "7D 9D 10D JK 3S 4S 5S 6S".split()})
    assert ["7D", "JK=8D", "9D", "10D"] in body["melds"]
    body = answer(client, ARRANGE, {"ruleset": "500", "cards": "9H 10H JK 2C".split()})
    (run,) = body["melds"]
    assert body["kinds"] == ["run"]
    assert run[:2] == ["9H", "10H"] and run[2].startswith("JK=")


def test_a_jokers_given_identity_is_ignored(client):
    plain = answer(client, ARRANGE, {"ruleset": "eversol", "hand": 3, "decks": 2,
                                     "cards": "7D 9D 10D JK 3S 4S 5S 6S".split()})
    named = answer(client, ARRANGE, {"ruleset": "eversol", "hand": 3, "decks": 2,
                                     "cards": "7D 9D 10D JK=AH 3S 4S 5S 6S".split()})
    assert named == plain


def test_jokers_in_books_stay_plain(client):
    body = answer(client, ARRANGE, {"ruleset": "eversol", "hand": 1, "decks": 1,
                                    "cards": "3H 3S JK KD KC KH".split()})
    assert body["possible"] is True
    assert ["3S", "3H", "JK"] in body["melds"] or ["3H", "3S", "JK"] in body["melds"]


def test_a_two_way_meld_in_the_arrangement(client):
    for hand, kinds in ((1, {"book"}), (2, {"book", "run"})):
        body = answer(client, ARRANGE, {"ruleset": "eversol", "hand": hand, "decks": 2,
                                        "cards": "AS JK JK JK 5D 5C 5H".split()})
        assert body["possible"] is True and body["leftover"] == []
        assert set(body["kinds"]) == kinds


@pytest.mark.parametrize("hand, cards", [
    (3, "2C 9D KH 5S 5H 7C 8D JS"),
    (1, "2C 9D KH 5S 5H 7C"),
    (4, "3H 3S 3D KD KC KH 8S 9C 2D"),
    (6, "3H 4H 5H 6H 9S 10S JS 2C KD KC 8H"),
    (2, ""),
])
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


def test_house_options_change_the_arrangement(client):
    cards = "QH KH AH 4C".split()
    assert answer(client, ARRANGE, {"ruleset": "basic", "cards": cards})["melds"] == []
    body = answer(client, ARRANGE, {"ruleset": "basic", "cards": cards,
                                    "options": {"ace_high": True}})
    assert body["melds"] == [["QH", "KH", "AH"]] and body["leftover_points"] == 4


@pytest.mark.parametrize("request_body", [
    {"ruleset": "eversol", "hand": 6, "decks": 2,
     "cards": "3H 4H 5H 6H 9S 10S JS JK KD KC KH 2C".split()},
    {"ruleset": "eversol", "hand": 5, "decks": 2,
     "cards": "AS JK JK JK 5D 5C 5H KD KC JK 7H 8H 9H".split()},
    {"ruleset": "eversol", "hand": 2, "decks": 2, "cards": "3H 3S 3D 3C 4H 5H 6H JK 8C".split()},
    {"ruleset": "500", "decks": 2, "cards": "9H 10H JK JK 9S 9D 2C 3C 4C AS AD KH QH".split()},
    {"ruleset": "basic", "decks": 2, "cards": "5H 5S 5D 5C 6H 7H 8H 6S 7S 8S AH 2H 3H".split()},
    {"ruleset": "base", "decks": 2, "cards": "5H 5S 5D 5C 6H 7H 8H 6S 7S 8S 2H 3H 4H".split()},
    *EVERSOL_CASES[::5], *FREE_CASES[::4], *[r for r, _ in PLANTED_EVERSOL[::3]],
])
def test_the_answer_does_not_depend_on_the_order_of_the_cards(client, request_body):
    first = answer(client, ARRANGE, request_body)
    rng = random.Random(7)
    for _ in range(4):
        shuffled = list(request_body["cards"])
        rng.shuffle(shuffled)
        assert answer(client, ARRANGE, request_body | {"cards": shuffled}) == first


def test_forty_cards_are_arranged_quickly(client):
    cards = dealt("eversol", 2, 40, 0)
    request = {"ruleset": "eversol", "hand": 6, "decks": 2, "cards": cards}
    started = time.monotonic()
    body = answer(client, ARRANGE, request)
    assert time.monotonic() - started < 5
    assert_legal(client, request, body)


# --- POST /hands/arrange: error paths ---------------------------------------------------------

@pytest.mark.parametrize("ruleset, limit", [("eversol", 40), ("500", 26), ("basic", 40),
                                            ("base", 40)])
def test_too_many_cards_are_refused_before_arranging(client, ruleset, limit):
    cards = dealt(ruleset, 8, limit + 1, 0)
    response = post(client, ARRANGE, {"ruleset": ruleset, "hand": 1, "decks": 8, "cards": cards})
    error = assert_error(response, 422, "too_many_cards", "cards")
    assert f"at most {limit} cards" in error["message"] and f"{limit + 1} were given" in (
        error["message"])
    at_limit = post(client, ARRANGE, {"ruleset": ruleset, "hand": 1, "decks": 8,
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
    ({"hand": 1.0}, 400, "wrong_type", "hand"),
    ({"hand": False}, 400, "wrong_type", "hand"),
    ({"cards": "3H 3S 3D"}, 400, "wrong_type", "cards"),
    ({"cards": {"0": "3H"}}, 400, "wrong_type", "cards"),
    ({"cards": ["3H", 3, "3D"]}, 400, "wrong_type", "cards[1]"),
    ({"cards": ["3H", ["3S"]]}, 400, "wrong_type", "cards[1]"),
    ({"options": "ace_high"}, 400, "wrong_type", "options"),
    ({"decks": 1.0}, 400, "wrong_type", "decks"),
    ({"hand": 0}, 422, "bad_hand", "hand"),
    ({"hand": 7}, 422, "bad_hand", "hand"),
    ({"ruleset": "gin"}, 422, "unknown_ruleset", "ruleset"),
    ({"ruleset": "tonk"}, 422, "unknown_ruleset", "ruleset"),
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
