"""The hand arranger asked directly (``referee.core.rummy.solver.arrange``): every answer legal,
as good as the melds the hand was dealt, and the same whatever order the cards come in.

The hands are dealt here from seeded random deals, or built around known melds; the points
of a card left in the hand are written out from the rules (``held_value``), not taken from
the core. tests/test_api_arrange.py asks the same questions of POST /api/v1/hands/arrange
for the examples, the shape of the answers and every error.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.core import MeldKind, get_ruleset, parse_card
from referee.core.rummy.contracts import check_contract, contract_for
from referee.core.rummy.solver import arrange

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


def table_for(question):
    """The table a question is asked at: its ruleset, house options and decks."""
    return get_ruleset(question["ruleset"]).configure(options=question.get("options") or None,
                                                      decks=question.get("decks"))


def arranged(question):
    """The arranger's answer to a question; ``hand`` only for a game with contracts."""
    table = table_for(question)
    hand = question.get("hand") if table.ruleset.contracts else None
    return arrange([parse_card(c) for c in question["cards"]], table, hand)


def texts(cards):
    return [str(card) for card in cards]


def assert_legal(question, answer):
    """Every meld legal, every card used once, points as the ruleset counts them."""
    ruleset, options = question["ruleset"], question.get("options") or {}
    table = table_for(question)
    melds, kinds, leftover = answer.melds, answer.kinds, texts(answer.leftover)
    assert len(melds) == len(kinds)
    for meld, kind in zip(melds, kinds):
        verdict = table.check_meld(meld)
        assert verdict.valid is True, (texts(meld), verdict.reason)
        assert kind.value in verdict.kinds, texts(meld)
        for card in meld:
            if card.is_joker:  # a run's jokers say what they are; a book's stay plain
                assert (card.stands_for is not None) == (kind is MeldKind.RUN), texts(meld)
    used = Counter(bare(c) for meld in melds for c in texts(meld)) + Counter(leftover)
    assert used == Counter(bare(c) for c in question["cards"])
    assert answer.leftover_points == sum(held_value(ruleset, options, c) for c in leftover)
    if "hand" in question and ruleset == "eversol":
        wanted = contract_for(table, question["hand"])
        if melds:
            assert (kinds.count(MeldKind.BOOK), kinds.count(MeldKind.RUN)) == (
                wanted.books, wanted.runs)
            verdict = check_contract(melds, table, question["hand"], len(leftover))
            assert verdict.valid is answer.possible
        else:
            assert answer.possible is False and leftover
    else:
        assert answer.possible is True


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
              if decks <= get_ruleset(ruleset).most_decks  # Basic and Base: one deck
              for seed in range(2)]
PLANTED_FREE = [({"ruleset": ruleset, "decks": decks, "cards": cards}, bound)
                for ruleset in ("500", "basic", "base") for seed in range(4)
                for decks in [min(2, get_ruleset(ruleset).most_decks)]
                for cards, bound in [planted(ruleset, 1 + seed % 2, 1 + seed // 2, 3, seed,
                                             decks)]]


def case_id(question):
    return f"{question['ruleset']}-{question.get('hand', '')}-{' '.join(question['cards'])}"


@pytest.mark.parametrize("question", EVERSOL_CASES + FREE_CASES, ids=case_id)
def test_arrangement_is_legal(question):
    assert_legal(question, arranged(question))


@pytest.mark.parametrize("question, bound", PLANTED_EVERSOL + PLANTED_FREE,
                         ids=[case_id(q) for q, _ in PLANTED_EVERSOL + PLANTED_FREE])
def test_arrangement_of_a_hand_holding_melds(question, bound):
    answer = arranged(question)
    assert_legal(question, answer)
    assert answer.melds
    assert answer.leftover_points <= bound  # no worse than the melds the hand was built from
    if question.get("hand") == 6:
        assert answer.possible is (answer.leftover == ())
    else:
        assert answer.possible is True


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


def rigged_question(ruleset, hand, decks, cards):
    question = {"ruleset": ruleset, "decks": decks, "cards": cards.split()}
    if hand is not None:
        question["hand"] = hand
    return question


@pytest.mark.parametrize("ruleset, hand, decks, cards, possible, points", RIGGED)
def test_arrangement_of_a_known_hand(ruleset, hand, decks, cards, possible, points):
    question = rigged_question(ruleset, hand, decks, cards)
    answer = arranged(question)
    assert answer.possible is possible
    assert answer.leftover_points == points
    assert_legal(question, answer)


def test_jokers_in_runs_carry_their_identity():
    answer = arranged({"ruleset": "eversol", "hand": 3, "decks": 2,
                       "cards": "7D 9D 10D JK 3S 4S 5S 6S".split()})
    assert ["7D", "JK=8D", "9D", "10D"] in [texts(meld) for meld in answer.melds]
    answer = arranged({"ruleset": "500", "cards": "9H 10H JK 2C".split()})
    (run,) = [texts(meld) for meld in answer.melds]
    assert answer.kinds == (MeldKind.RUN,)
    assert run[:2] == ["9H", "10H"] and run[2].startswith("JK=")


def test_a_jokers_given_identity_is_ignored():
    plain = arranged({"ruleset": "eversol", "hand": 3, "decks": 2,
                      "cards": "7D 9D 10D JK 3S 4S 5S 6S".split()})
    named = arranged({"ruleset": "eversol", "hand": 3, "decks": 2,
                      "cards": "7D 9D 10D JK=AH 3S 4S 5S 6S".split()})
    assert named == plain


def test_jokers_in_books_stay_plain():
    answer = arranged({"ruleset": "eversol", "hand": 1, "decks": 1,
                       "cards": "3H 3S JK KD KC KH".split()})
    assert answer.possible is True
    melds = [texts(meld) for meld in answer.melds]
    assert ["3S", "3H", "JK"] in melds or ["3H", "3S", "JK"] in melds


def test_a_two_way_meld_in_the_arrangement():
    for hand, kinds in ((1, {MeldKind.BOOK}), (2, {MeldKind.BOOK, MeldKind.RUN})):
        answer = arranged({"ruleset": "eversol", "hand": hand, "decks": 2,
                           "cards": "AS JK JK JK 5D 5C 5H".split()})
        assert answer.possible is True and answer.leftover == ()
        assert set(answer.kinds) == kinds


@pytest.mark.parametrize("hand, cards", [
    (3, "2C 9D KH 5S 5H 7C 8D JS"),
    (1, "2C 9D KH 5S 5H 7C"),
    (4, "3H 3S 3D KD KC KH 8S 9C 2D"),
    (6, "3H 4H 5H 6H 9S 10S JS 2C KD KC 8H"),
    (2, ""),
])
def test_impossible_contract_leaves_every_card(hand, cards):
    question = {"ruleset": "eversol", "hand": hand, "decks": 1, "cards": cards.split()}
    answer = arranged(question)
    assert answer.possible is False
    assert answer.melds == () and answer.kinds == ()
    assert Counter(texts(answer.leftover)) == Counter(question["cards"])
    assert answer.leftover_points == sum(held_value("eversol", {}, c)
                                         for c in texts(answer.leftover))


def test_other_games_may_arrange_no_melds():
    for ruleset in ("500", "basic", "base"):
        question = {"ruleset": ruleset, "cards": "2C 9D KH 5S".split()}
        answer = arranged(question)
        assert answer.possible is True and answer.melds == ()
        assert sorted(texts(answer.leftover)) == sorted(question["cards"])
        assert_legal(question, answer)
        nothing = arranged({"ruleset": ruleset, "cards": []})
        assert (nothing.possible, nothing.melds, nothing.kinds, nothing.leftover,
                nothing.leftover_points) == (True, (), (), (), 0)


def test_house_options_change_the_arrangement():
    cards = "QH KH AH 4C".split()
    assert arranged({"ruleset": "basic", "cards": cards}).melds == ()
    answer = arranged({"ruleset": "basic", "cards": cards, "options": {"ace_high": True}})
    assert [texts(meld) for meld in answer.melds] == [["QH", "KH", "AH"]]
    assert answer.leftover_points == 4


@pytest.mark.parametrize("question", [
    {"ruleset": "eversol", "hand": 6, "decks": 2,
     "cards": "3H 4H 5H 6H 9S 10S JS JK KD KC KH 2C".split()},
    {"ruleset": "eversol", "hand": 5, "decks": 2,
     "cards": "AS JK JK JK 5D 5C 5H KD KC JK 7H 8H 9H".split()},
    {"ruleset": "eversol", "hand": 2, "decks": 2, "cards": "3H 3S 3D 3C 4H 5H 6H JK 8C".split()},
    {"ruleset": "500", "decks": 2, "cards": "9H 10H JK JK 9S 9D 2C 3C 4C AS AD KH QH".split()},
    {"ruleset": "basic", "decks": 1, "cards": "5H 5S 5D 5C 6H 7H 8H 6S 7S 8S AH 2H 3H".split()},
    {"ruleset": "base", "decks": 1, "cards": "5H 5S 5D 5C 6H 7H 8H 6S 7S 8S 2H 3H 4H".split()},
    {"ruleset": "500", "options": {"going_out": "discard_required"},
     "cards": "5C 6C 7C 8C 9H 9S 9D".split()},
    *EVERSOL_CASES[::5], *FREE_CASES[::4], *[q for q, _ in PLANTED_EVERSOL[::3]],
])
def test_the_answer_does_not_depend_on_the_order_of_the_cards(question):
    first = arranged(question)
    rng = random.Random(7)
    for _ in range(4):
        shuffled = list(question["cards"])
        rng.shuffle(shuffled)
        assert arranged(question | {"cards": shuffled}) == first


# --- Going out, as the table's house rules say it is done -------------------------------------

def going_out(question):
    """The arranger's going-out answer: whether laying these melds takes the player out, why."""
    answer = arranged(question)
    assert_legal(question, answer)
    return answer, answer.going_out


def test_a_table_that_needs_a_last_discard_keeps_a_card_to_throw():
    cards = "9S 9H 9D 5C 6C 7C".split()
    answer, out = going_out({"ruleset": "500", "cards": cards})
    assert answer.leftover == () and out.goes_out is True
    answer, out = going_out({"ruleset": "500", "cards": cards,
                             "options": {"going_out": "discard_required"}})
    assert [texts(meld) for meld in answer.melds] == [["9S", "9H", "9D"]]
    assert texts(answer.leftover) == ["5C", "6C", "7C"] and answer.leftover_points == 18
    assert out.goes_out is False and "discard" in out.reason


def test_base_rules_always_keep_a_last_discard():
    answer, out = going_out({"ruleset": "base", "cards": "2H 3H 4H 9C 9D 9S".split()})
    assert answer.leftover and answer.leftover_points == 9
    assert out.goes_out is False


def test_a_floating_table_plays_on_after_every_card_is_melded():
    cards = "QS KS AS 2D 3D 4D".split()
    answer, out = going_out({"ruleset": "500", "cards": cards})
    assert answer.leftover == () and out.goes_out is True
    answer, out = going_out({"ruleset": "500", "cards": cards,
                             "options": {"going_out": "floating"}})
    assert answer.leftover == () and out.goes_out is False and "float" in out.reason


def test_the_last_discard_goes_out_unless_it_could_be_melded():
    cards = "5C 6C 7C 8C".split()
    kept_one = {"going_out": "discard_required"}
    answer, out = going_out({"ruleset": "500", "cards": cards, "options": kept_one})
    assert texts(answer.leftover) == ["5C"] and out.goes_out is True
    answer, out = going_out({"ruleset": "500", "cards": cards,
                             "options": kept_one | {"unplayable_last_discard": True}})
    assert texts(answer.leftover) == ["5C"] and out.goes_out is False
    assert "5♣" in out.reason
    # A card that fits none of the player's melds goes out, if it fits no meld on the table.
    answer, out = going_out({"ruleset": "500", "cards": "5C 6C 7C KH".split(),
                             "options": {"unplayable_last_discard": True}})
    assert out.goes_out is True and "table" in out.reason


def test_a_table_of_one_meld_a_turn_lays_one_unless_going_out():
    cards = "5H 5S 5D 9C 2C 3C 4C KH".split()
    answer, out = going_out({"ruleset": "basic", "cards": cards})
    assert len(answer.melds) == 2 and out.goes_out is False and "one meld" not in out.reason
    answer, out = going_out({"ruleset": "basic", "cards": cards,
                             "options": {"one_meld_per_turn": True}})
    assert len(answer.melds) == 2 and out.goes_out is False and "one meld" in out.reason
    answer, out = going_out({"ruleset": "basic", "cards": "5H 5S 5D 2C 3C 4C KH".split(),
                             "options": {"one_meld_per_turn": True}})
    assert out.goes_out is True and "one meld" not in out.reason
