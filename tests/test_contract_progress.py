"""The contract's progress: the melds a hand can already make toward an Eversol contract, and
what is still missing; checked against a search that tries every set of disjoint melds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import get_ruleset, parse_cards
from referee.core.rummy.contracts import contract_for
from referee.core.errors import RefereeInputError
from referee.core.melds import MeldKind, check_meld
from referee.core.rummy.solver import contract_progress

from .test_solver import full_deck

EVERSOL = get_ruleset("eversol").configure(decks=2)


def shown(progress) -> list[str]:
    return [" ".join(map(str, meld)) for meld in progress.melds]


def test_a_book_made_and_a_run_missing():
    progress = contract_progress(parse_cards("5H 5S 5D 9C KD 2C"), EVERSOL, hand=2)
    assert shown(progress) == ["5S 5H 5D"]
    assert progress.kinds == (MeldKind.BOOK,)
    assert (progress.missing.books, progress.missing.runs) == (0, 1)
    assert progress.missing.describe() == "one run"
    assert [str(c) for c in progress.leftover] == ["KD", "2C", "9C"]
    assert progress.leftover_points == 20
    assert not progress.complete


def test_a_run_made_and_two_books_missing():
    progress = contract_progress(parse_cards("4H 5H 6H 7H 9C KD"), EVERSOL, hand=5)
    assert shown(progress) == ["4H 5H 6H 7H"]
    assert progress.missing.describe() == "two books"


def test_nothing_made_yet_misses_the_whole_contract():
    progress = contract_progress(parse_cards("2C 9H KD"), EVERSOL, hand=6)
    assert progress.melds == () and progress.kinds == ()
    assert progress.missing.describe() == "one book and two runs"
    assert [str(c) for c in progress.leftover] == ["9H", "KD", "2C"]
    assert progress.leftover_points == 20


def test_the_whole_contract_is_complete_even_with_cards_left_in_hand_six():
    progress = contract_progress(parse_cards("3H 4H 5H 6H 9S 10S JS QS KD KC KH 2C"),
                                 EVERSOL, hand=6)
    assert progress.complete
    assert len(progress.melds) == 3


def test_of_as_many_melds_the_one_leaving_fewest_points_wins():
    # Hand 2 (a book and a run): the one 5H goes into a book of fives or a run of hearts.
    progress = contract_progress(parse_cards("5H 5S 5C 4H 6H 7H"), EVERSOL, hand=2)
    assert shown(progress) == ["4H 5H 6H 7H"]
    assert progress.missing.describe() == "one book"


def test_jokers_count_toward_the_melds():
    progress = contract_progress(parse_cards("9D JK JK 2C"), EVERSOL, hand=4)
    assert progress.kinds == (MeldKind.BOOK,)
    assert progress.missing.describe() == "two books"


def test_bad_input_is_refused_as_in_the_arranger():
    with pytest.raises(RefereeInputError):
        contract_progress(parse_cards("5H 5H 5H"), EVERSOL, hand=1)  # two decks hold two
    with pytest.raises(RefereeInputError):
        contract_progress(parse_cards("5H"), EVERSOL, hand=7)
    with pytest.raises(RefereeInputError):
        contract_progress(parse_cards("5H 6H") * 21, EVERSOL, hand=1)


def most_melds(cards, table, hand) -> int:
    """The most melds of the contract's kinds the cards make at once, trying every set."""
    contract = contract_for(table, hand)
    melds = []
    for size in range(3, len(cards) + 1):
        for combo in combinations(range(len(cards)), size):
            verdict = check_meld([cards[i] for i in combo], table.melds)
            if verdict.valid:
                melds.append((frozenset(combo), {r.kind for r in verdict.readings}))
    best = 0

    def search(start, used, books, runs):
        nonlocal best
        best = max(best, books + runs)
        for i in range(start, len(melds)):
            combo, kinds = melds[i]
            if combo & used:
                continue
            if MeldKind.BOOK in kinds and books < contract.books:
                search(i + 1, used | combo, books + 1, runs)
            if MeldKind.RUN in kinds and runs < contract.runs:
                search(i + 1, used | combo, books, runs + 1)

    search(0, frozenset(), 0, 0)
    return best


@st.composite
def eversol_hands(draw, most=9):
    table = get_ruleset("eversol").configure(decks=draw(st.integers(1, 2)))
    low = draw(st.integers(1, 9))  # five ranks in a row, so that melds are common
    deck = [c for c in full_deck(table) if c.is_joker or low <= int(c.rank) <= low + 4]
    size = draw(st.integers(0, most))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size,
                          unique=True))
    return table, [deck[i] for i in picks], draw(st.integers(1, 6))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(eversol_hands())
def test_progress_is_legal_and_as_far_as_any_arrangement_gets(case):
    table, cards, hand = case
    progress = contract_progress(cards, table, hand)
    contract = contract_for(table, hand)
    assert len(progress.melds) == most_melds(cards, table, hand)
    books = sum(1 for kind in progress.kinds if kind is MeldKind.BOOK)
    runs = len(progress.kinds) - books
    assert (books + progress.missing.books, runs + progress.missing.runs) == (
        contract.books, contract.runs)
    for meld, kind in zip(progress.melds, progress.kinds):
        verdict = check_meld(list(meld), table.melds)
        assert verdict.valid and kind in {r.kind for r in verdict.readings}
    used = Counter(card.bare() for meld in progress.melds for card in meld)
    assert not used - Counter(card.bare() for card in cards)
