"""Eversol's contracts asked directly (``referee.core.rummy.contracts``): which melds meet each
hand's contract, how a two-way meld is read, hand 6's "no discard", and the meld at fault.

tests/test_api_arrange.py asks POST /api/v1/contracts/check for the examples, the shape of
its answers and every error.
"""

from __future__ import annotations

import pytest

from referee.core import MeldKind, get_ruleset, parse_card
from referee.core.rummy.contracts import check_contract, contract_for


def table(decks=2):
    return get_ruleset("eversol").configure(decks=decks)


def melds_of(melds):
    """Melds written as the players type them: "3H 3S 3D" each."""
    return [[parse_card(card) for card in meld.split()] for meld in melds]


def contract(hand, melds, decks=2, remaining=0):
    return check_contract(melds_of(melds), table(decks), hand, remaining)


def kinds(verdict):
    return None if verdict.kinds is None else [kind.value for kind in verdict.kinds]


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
def test_each_hands_contract_is_met(hand):
    melds, wanted = MEETS[hand]
    verdict = contract(hand, melds)
    assert verdict.valid is True and verdict.reason is None and verdict.broken_meld is None
    assert kinds(verdict) == wanted
    rules = contract_for(table(), hand)
    assert rules.hand == hand
    assert rules.describe("book", "run") == DESCRIPTIONS[hand]
    assert rules.discard is (hand != 6)


@pytest.mark.parametrize("hand", range(1, 7))
def test_each_hands_contract_missed_names_the_contract(hand):
    melds, _ = MEETS[hand]
    for wrong in (melds[:-1], melds + ["5S 5C 5D"], MEETS[hand % 6 + 1][0]):
        verdict = contract(hand, wrong)
        assert verdict.valid is False and verdict.kinds is None
        assert verdict.broken_meld is None
        assert f"Hand {hand}" in verdict.reason
        assert DESCRIPTIONS[hand] in verdict.reason
        assert verdict.reason.endswith(".")


@pytest.mark.parametrize("hand, melds, wanted", [
    (1, ["AS JK JK JK", "5D 5C 5H"], ["book", "book"]),
    (2, ["AS JK JK JK", "5D 5C 5H"], ["run", "book"]),
    (2, ["7D 8D 9D 10D", "AS JK JK JK"], ["run", "book"]),
    (3, ["AS JK JK JK", "7H 8H 9H 10H"], ["run", "run"]),
    (5, ["KD KC KH", "AS JK JK JK", "5D 5C 5H"], ["book", "run", "book"]),
])
def test_a_two_way_meld_takes_the_reading_that_makes_the_contract(hand, melds, wanted):
    verdict = contract(hand, melds)
    assert verdict.valid is True
    assert kinds(verdict) == wanted


@pytest.mark.parametrize("hand, wanted", [(1, ["book", "book"]), (2, ["book", "run"]),
                                          (3, ["run", "run"])])
def test_two_two_way_melds_make_any_two_meld_contract(hand, wanted):
    verdict = contract(hand, ["AS JK JK JK", "AD JK JK JK"], decks=3)
    assert verdict.valid is True
    assert sorted(kinds(verdict)) == wanted


def test_two_way_melds_still_need_the_right_count():
    verdict = contract(4, ["AS JK JK JK", "AD JK JK JK"], decks=3)
    assert verdict.valid is False and "three books" in verdict.reason


def test_hand_6_has_no_discard():
    melds, _ = MEETS[6]
    assert contract(6, melds).valid is True
    assert contract(6, melds, remaining=0).valid is True
    for remaining in (1, 2, 7):
        verdict = contract(6, melds, remaining=remaining)
        assert verdict.valid is False
        assert "Hand 6" in verdict.reason and "discard" in verdict.reason
        assert str(remaining) in verdict.reason
        assert kinds(verdict) == ["run", "book", "run"]  # the melds do read as the contract


@pytest.mark.parametrize("hand", range(1, 6))
def test_hands_with_a_discard_allow_cards_left(hand):
    assert contract(hand, MEETS[hand][0], remaining=5).valid is True


def test_broken_meld_index_is_reported():
    verdict = contract(2, ["3H 3S 3D", "7D 8D 9D"])
    assert verdict.valid is False and verdict.kinds is None
    assert verdict.broken_meld == 1
    assert verdict.reason.startswith("Meld 2 ")
    assert "4 cards" in verdict.reason
    verdict = contract(1, ["3H 4S 5D", "KD KC KH"])
    assert verdict.broken_meld == 0 and verdict.reason.startswith("Meld 1 ")
    assert contract(1, ["", "KD KC KH"]).broken_meld == 0


def test_broken_meld_comes_before_the_count():
    verdict = contract(4, ["3H 3S 3D", "7D 9D JD QD"])
    assert verdict.broken_meld == 1 and verdict.valid is False


def test_no_melds_is_no_contract():
    verdict = contract(1, [])
    assert verdict.valid is False and "Hand 1" in verdict.reason


def test_run_jokers_may_name_their_card():
    assert contract(2, ["3H 3S 3D", "7D JK=8D 9D 10D"]).valid is True
    verdict = contract(2, ["3H 3S 3D", "7D JK=6D 9D 10D"])
    assert verdict.valid is False and verdict.broken_meld == 1


def test_melds_are_read_in_any_order_and_any_case():
    verdict = contract(2, ["10d 9d 8d 7d", "3♥ 3s 3D"])
    assert verdict.valid is True and kinds(verdict) == ["run", "book"]
    assert verdict.kinds == (MeldKind.RUN, MeldKind.BOOK)
