"""The arranger of the games without contracts (500, Basic, Base) on crowded hands: many
copies from several decks, jokers, cards close together in rank and suit, aces at
either end of a run. Small ones are checked against trying every set of melds; big
ones for legal melds, the same answer whatever the order of the cards, and time.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import get_ruleset, parse_cards
from referee.core.cards import JOKER, Rank, Suit, natural
from referee.core.melds import ACE_HIGH
from referee.core.solver import arrange

from .test_solver import assert_legal, exhaustive_best

SUITS = list(Suit)


@st.composite
def crowded_hands(draw, most=9, most_jokers=3):
    """A hand drawn from a few neighbouring ranks of a few suits, several decks deep."""
    key = draw(st.sampled_from(["500", "basic", "base"]))
    options = {
        "500": {"card_values": draw(st.sampled_from(["standard", "5/10/15"]))},
        "basic": {"ace_high": draw(st.booleans())},
        "base": {},
    }[key]
    ruleset = get_ruleset(key)  # several decks deep where the game is played so
    table = ruleset.configure(options=options,
                              decks=draw(st.integers(1, min(5, ruleset.most_decks))))
    low = draw(st.integers(1, ACE_HIGH - 1))
    places = range(low, min(ACE_HIGH, low + draw(st.integers(1, 5))) + 1)
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True))
    kinds = [natural(Rank(1 if p == ACE_HIGH else p), s) for p in places for s in suits]
    kinds = [card for card in kinds if table.deck.copies_of(card, 1)]
    jokers = draw(st.integers(0, min(most_jokers, table.deck.copies_of(JOKER, table.decks))))
    picked = draw(st.lists(st.sampled_from(kinds), max_size=most - jokers)) if kinds else []
    held = Counter()
    cards = []
    for card in picked:
        if held[card] < table.decks:
            held[card] += 1
            cards.append(card)
    return table, cards + [JOKER] * jokers


@st.composite
def sparse_hands(draw, most=9):
    """A few cards from anywhere in 500's decks, and up to five jokers."""
    decks = draw(st.integers(3, 5))
    naturals = draw(st.lists(st.tuples(st.sampled_from(list(Rank)), st.sampled_from(SUITS)),
                             min_size=1, max_size=5))
    jokers = draw(st.integers(0, min(most - len(naturals), 2 * decks)))
    return (get_ruleset("500").configure(decks=decks),
            [natural(rank, suit) for rank, suit in naturals] + [JOKER] * jokers)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(crowded_hands(), sparse_hands()))
def test_crowded_small_hands_leave_no_more_than_trying_every_set_of_melds(case):
    table, cards = case
    answer = arrange(cards, table)
    assert_legal(cards, table, None, answer)
    assert answer.leftover_points == exhaustive_best(cards, table, None)


@pytest.mark.parametrize("decks, cards, left", [
    # A lone card goes with two jokers even where a longer meld would cost three.
    (5, "AS KH KD KC 9D 10S JK JK JK JK JK", []),
    # Four of a kind has no room for a joker: better keep a five than the joker.
    (1, "5S 5H 5D 5C JK", ["5C"]),
    # A run of thirteen has no room either, so it is split to take the jokers.
    (2, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK JK", []),
    # Two nines of one suit never share a group: one is kept.
    (2, "2S 2H 2D 9C 9C 9D JK", ["9C"]),
    # One card and jokers only: a run of thirteen, and the two jokers over kept.
    (8, "7D " + "JK " * 14, ["JK", "JK"]),
])
def test_where_the_jokers_go_in_a_crowded_500_hand(decks, cards, left):
    table = get_ruleset("500").configure(decks=decks)
    hand = parse_cards(cards)
    answer = arrange(hand, table)
    assert_legal(hand, table, None, answer)
    assert [str(c) for c in answer.leftover] == left
    if len(hand) <= 9:
        assert answer.leftover_points == exhaustive_best(hand, table, None)


def deal(table, size, jokers, rng):
    naturals = [natural(r, s) for r in Rank for s in Suit if table.deck.copies_of(natural(r, s), 1)]
    return rng.sample(naturals * table.decks, size - jokers) + [JOKER] * jokers


@pytest.mark.parametrize("key, decks, jokers", [("500", 5, 10), ("500", 5, 4), ("500", 3, 6),
                                                ("basic", 1, 0), ("base", 1, 0)])
def test_forty_cards_are_arranged_whatever_their_order(key, decks, jokers):
    table = get_ruleset(key).configure(decks=decks)
    rng = random.Random(f"{key}-{decks}-{jokers}")
    for _ in range(3):
        cards = deal(table, 40, jokers, rng)
        started = time.thread_time()
        answer = arrange(cards, table)
        assert time.thread_time() - started < 2  # well under a second on any machine
        assert_legal(cards, table, None, answer)
        rng.shuffle(cards)
        assert arrange(cards, table) == answer
