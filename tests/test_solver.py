"""The hand arranger: every answer legal, and as good as trying everything.

The exhaustive search here shares nothing with the solver but ``check_meld``
(tested on its own): it lists every sub-hand that is a legal meld and tries
every set of disjoint ones.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import get_ruleset, parse_cards
from referee.core.cards import JOKER, Rank, Suit, natural
from referee.core.rummy.contracts import check_contract, contract_for
from referee.core.errors import RefereeInputError
from referee.core.melds import check_meld
from referee.core.table import TableMeld
from referee.core.rummy.solver import arrange


def full_deck(table):
    naturals = [natural(r, s) for r in Rank for s in Suit if table.deck.copies_of(natural(r, s), 1)]
    return naturals * table.decks + [JOKER] * table.deck.copies_of(JOKER, table.decks)


@st.composite
def hands(draw, rulesets=("eversol", "500", "basic", "base"), most=9):
    key = draw(st.sampled_from(rulesets))
    options = {"ace_high": draw(st.booleans())} if key == "basic" else {}
    if key == "500":
        options = {"going_out": draw(st.sampled_from(("meld_all", "discard_required")))}
    ruleset = get_ruleset(key)  # up to two decks, where the game is played with more than one
    table = ruleset.configure(options=options,
                              decks=draw(st.integers(1, min(2, ruleset.most_decks))))
    deck = full_deck(table)
    size = draw(st.integers(0, most))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size,
                          unique=True))
    hand = draw(st.integers(1, 6)) if key == "eversol" else None
    return table, [deck[i] for i in picks], hand


def exhaustive_best(cards, table, hand):
    """Fewest points left, trying every set of disjoint legal melds (None: no contract); a
    card is kept where the table goes out only with a last discard (500's house rule, Base)."""
    values = [table.card_value(c) for c in cards]
    melds = []
    for size in range(3, len(cards) + 1):
        for combo in combinations(range(len(cards)), size):
            verdict = check_meld([cards[i] for i in combo], table.melds)
            if verdict.valid:
                melds.append((frozenset(combo), frozenset(verdict.kinds)))
    contract = contract_for(table, hand) if hand else None
    keeps_one = bool(cards) and (table.ruleset.key == "base" or (
        table.ruleset.key == "500" and table.options["going_out"] == "discard_required"))
    best = None

    def meets(kinds):
        books = sum(1 for k in kinds if k == {"book"})
        runs = sum(1 for k in kinds if k == {"run"})
        return (len(kinds) == contract.books + contract.runs
                and books <= contract.books and runs <= contract.runs)

    def search(start, used, kinds):
        nonlocal best
        if (contract is None or meets(kinds)) and not (keeps_one and len(used) == len(cards)):
            left = sum(v for i, v in enumerate(values) if i not in used)
            best = left if best is None else min(best, left)
        if contract is not None and len(kinds) >= contract.books + contract.runs:
            return
        for j in range(start, len(melds)):
            combo, meld_kinds = melds[j]
            if not used & combo:
                search(j + 1, used | combo, kinds + [meld_kinds])

    search(0, frozenset(), [])
    return best


def assert_legal(cards, table, hand, answer):
    used = [c.bare() for meld in answer.melds for c in meld]
    assert Counter(used) + Counter(answer.leftover) == Counter(c.bare() for c in cards)
    assert answer.leftover_points == sum(table.card_value(c) for c in answer.leftover)
    for meld, kind in zip(answer.melds, answer.kinds, strict=True):
        verdict = check_meld(meld, table.melds)
        assert verdict.valid and kind.value in verdict.kinds, (meld, verdict.reason)
        if kind.value == "run":
            # Listed low to high, each joker naming the card at its place.
            assert all(c.stands_for is not None for c in meld if c.is_joker)
            assert TableMeld.lay(meld, table.melds, kind).cards == tuple(meld)
    if hand is not None and answer.melds:
        contract = contract_for(table, hand)
        assert check_contract(answer.melds, table, hand, len(answer.leftover)).valid == (
            contract.discard or not answer.leftover)
        assert answer.possible == (contract.discard or not answer.leftover)
    if hand is not None and not answer.melds:
        assert not answer.possible and len(answer.leftover) == len(cards)


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_small_hands_match_an_exhaustive_search(case):
    table, cards, hand = case
    answer = arrange(cards, table, hand)
    assert_legal(cards, table, hand, answer)
    best = exhaustive_best(cards, table, hand)
    if hand is not None and best is None:
        assert not answer.melds  # the contract cannot be made at all
    else:
        assert answer.leftover_points == best


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(hands(("eversol",), most=40), hands(("500", "basic", "base"), most=20)),
       st.randoms(use_true_random=False))
def test_big_hands_are_legal_and_do_not_depend_on_card_order(case, rng):
    table, cards, hand = case
    answer = arrange(cards, table, hand)
    assert_legal(cards, table, hand, answer)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert arrange(shuffled, table, hand) == answer


@pytest.mark.parametrize("decks", [1, 3, 5])
def test_many_decks_and_every_joker(decks):
    table = get_ruleset("eversol").configure(decks=decks)
    rng = random.Random(decks)
    deck = [c for c in full_deck(table) if not c.is_joker]
    cards = rng.sample(deck, 40 - 2 * decks) + [JOKER] * (2 * decks)
    for hand in range(1, 7):
        answer = arrange(cards, table, hand)
        assert_legal(cards, table, hand, answer)
        assert JOKER not in answer.leftover  # a joker held costs 50: always placed


def test_hand_six_fits_only_when_every_card_is_used():
    table = get_ruleset("eversol").configure(decks=2)
    fits = parse_cards("3H 4H 5H 6H 9S 10S JS JK KD KC KH")
    answer = arrange(fits, table, hand=6)
    assert answer.possible and not answer.leftover
    spare = arrange(fits + parse_cards("2C"), table, hand=6)
    assert not spare.possible and [str(c) for c in spare.leftover] == ["2C"]


def test_a_two_way_meld_takes_the_reading_the_contract_needs():
    table = get_ruleset("eversol").configure(decks=2)
    cards = parse_cards("AS JK JK JK 7H 8H 9H 10H")
    two_runs = arrange(cards, table, hand=3)
    assert two_runs.possible and [k.value for k in two_runs.kinds] == ["run", "run"]
    book_and_run = arrange(cards, table, hand=2)
    assert book_and_run.possible and [k.value for k in book_and_run.kinds] == ["book", "run"]
    assert book_and_run.leftover == ()


def test_a_contract_that_cannot_be_made_leaves_every_card():
    table = get_ruleset("eversol").configure(decks=1)
    cards = parse_cards("2S 5H 9D KC 7S 3D")
    answer = arrange(cards, table, hand=1)
    assert not answer.possible and answer.melds == () and len(answer.leftover) == 6
    assert answer.leftover_points == 5 + 5 + 5 + 10 + 5 + 5


def test_eight_hearts_in_a_row_make_two_runs():
    table = get_ruleset("eversol").configure(decks=1)
    answer = arrange(parse_cards("3H 4H 5H 6H 7H 8H 9H 10H"), table, hand=3)
    assert answer.possible and answer.leftover_points == 0
    assert [k.value for k in answer.kinds] == ["run", "run"]


def test_the_other_games_leave_fewest_points():
    basic = get_ruleset("basic").configure()
    answer = arrange(parse_cards("5H 5S 5D 9C 2C 3C 4C KH"), basic)
    assert sorted(map(str, answer.leftover)) == ["9C", "KH"] and answer.leftover_points == 19
    base = get_ruleset("base").configure()
    assert arrange(parse_cards("JH QH KH 2S"), base).leftover_points == 2


def test_eversol_needs_a_hand_number():
    table = get_ruleset("eversol").configure()
    with pytest.raises(RefereeInputError, match="hands 1 to 6"):
        arrange(parse_cards("3H 3S 3D"), table, hand=None)


def test_spare_jokers_lengthen_a_run_the_way_the_checker_lays_it():
    five_hundred = get_ruleset("500").configure(decks=2)
    answer = arrange(parse_cards("JK 7H 8H JK 9H"), five_hundred)
    assert answer.leftover == () and answer.leftover_points == 0
    assert [str(c) for c in answer.melds[0]] == ["7H", "8H", "9H", "JK=10H", "JK=JH"]
    high = arrange(parse_cards("QS KS AS JK"), five_hundred)
    assert [str(c) for c in high.melds[0]] == ["JK=JS", "QS", "KS", "AS"]


def test_copies_from_two_decks_make_two_groups_never_one():
    no_jokers = get_ruleset("500").configure(decks=2, options={"no_jokers": True})
    answer = arrange(parse_cards("5H 5H 5S 5S 5D 5D 9C"), no_jokers)
    assert [k.value for k in answer.kinds] == ["book", "book"]
    assert all(len({c.suit for c in meld}) == 3 for meld in answer.melds)
    assert [str(c) for c in answer.leftover] == ["9C"]


@pytest.mark.parametrize("key, cards, complaint", [
    ("basic", "5H 6H 7H JK", "without jokers"),
    ("base", "AH 2H 3H", "without aces"),
    ("500", "5H 5H 6H 7H", "more copies of 5♥"),
    ("500", "JK JK JK 5H", "more jokers"),
])
def test_cards_the_decks_cannot_hold_are_refused(key, cards, complaint):
    with pytest.raises(RefereeInputError, match=complaint):
        arrange(parse_cards(cards), get_ruleset(key).configure())
