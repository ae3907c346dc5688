"""Escoba's rules core: the 40-card deck and its values, every capture of 15, the escoba, the
dealer's opening escobas, and a hand's score from captured cards or from counts.

Each rule comes from the rule text (003) as the rulings read it (docs/rules.md, "Escoba").
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.cards import Rank, Suit, natural, parse_card, parse_cards
from referee.core.errors import (CardNotInGameError, PlayerCountError, TooManyCopiesError,
                                 WrongTypeError)
from referee.core.games.escoba import (DECK, EscobaCountsError, HandPoints, OpeningTableError,
                                       SideCards, SideCounts, capture_value, captures,
                                       counts_of, game_winner, opening_escobas, score_hand)

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None)
FULL_DECK = [natural(r, s) for s in Suit for r in sorted(DECK.ranks)]


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


def taken(card: str, table: str):
    """Each capture as the cards taken (text) and whether it is an escoba."""
    return [(" ".join(map(str, c.cards)), c.escoba)
            for c in captures(parse_card(card), parse_cards(table))]


def cards_side(cards: str, escobas: int = 0) -> SideCards:
    return SideCards(tuple(parse_cards(cards)), escobas)


# --- The deck ----------------------------------------------------------------------------------

def test_the_deck_is_forty_cards_without_eights_nines_and_tens():
    assert DECK.size() == 40
    assert not {Rank.EIGHT, Rank.NINE, Rank.TEN} & DECK.ranks


def test_a_king_is_ten_a_queen_nine_a_jack_eight_an_ace_one():
    assert [capture_value(c) for c in parse_cards("KS QS JS AS 2S 7S")] == [10, 9, 8, 1, 2, 7]


# --- Captures --------------------------------------------------------------------------------

def test_no_capture_when_nothing_makes_fifteen():
    assert taken("7S", "AH 2C 3D KD") == []
    assert taken("7S", "") == []


def test_one_card_can_make_fifteen():
    assert taken("KS", "5H QC") == [("5H", False)]


def test_every_set_that_makes_fifteen_is_offered():
    # The 5 needs 10 more: the king, the queen and an ace, 4 and 6, or ace, 3 and 6.
    assert taken("5D", "KS QH AC 4C 6C 3S") == [
        ("KS", False), ("QH AC", False), ("AC 6C 3S", False), ("4C 6C", False)]


def test_taking_every_table_card_is_an_escoba():
    assert taken("7H", "5S 3C") == [("5S 3C", True)]
    # Several ways: only the one that clears the table is an escoba.
    assert taken("5D", "KS 4C 6C") == [("KS", False), ("4C 6C", False)]
    assert taken("AS", "7C 7D") == [("7C 7D", True)]


def test_captures_refuse_cards_the_game_does_not_use_or_holds_once():
    assert refusal(CardNotInGameError, captures, parse_card("7S"),
                   parse_cards("AH 8H")).field == "table[1]"
    assert refusal(CardNotInGameError, captures, parse_card("10S"), []).field == "card"
    assert refusal(TooManyCopiesError, captures, parse_card("7S"),
                   parse_cards("AH 7S")).field == "table[1]"
    assert refusal(WrongTypeError, captures, parse_card("7S"), "AH").field == "table"


# --- The dealer's opening escobas --------------------------------------------------------------

def test_an_opening_table_of_fifteen_is_one_escoba_for_the_dealer():
    assert opening_escobas(parse_cards("AS 2H 5C 7D")) == 1


def test_an_opening_table_of_thirty_is_two():
    assert opening_escobas(parse_cards("KS KH 3C 7D")) == 2


def test_any_other_opening_table_is_none():
    assert opening_escobas(parse_cards("KS KH KC KD")) == 0
    assert opening_escobas(parse_cards("AS 2H 5C 6D")) == 0


def test_the_opening_table_is_four_cards_of_one_deck():
    assert refusal(OpeningTableError, opening_escobas, parse_cards("KS 5H")).field == "table"
    assert refusal(TooManyCopiesError, opening_escobas,
                   parse_cards("KS 5H KS AD")).field == "table[2]"


# --- A hand's score ----------------------------------------------------------------------------

def test_each_point_goes_to_the_side_that_wins_it():
    points = score_hand({"Ann": cards_side("7D 2D 3D 7S 6H AC KS", escobas=2),
                         "Bob": cards_side("6D 6S 5H QC")})
    assert points["Ann"] == HandPoints(cards=1, diamonds=1, seven_of_diamonds=1, setenta=1,
                                       escobas=2)
    assert points["Ann"].total == 6 and points["Bob"].total == 0


def test_a_tie_for_most_cards_or_diamonds_scores_nobody():
    points = score_hand({"Ann": cards_side("7D 2D KS QS"), "Bob": cards_side("6D 3D KH QH")})
    assert points["Ann"].cards == points["Bob"].cards == 0
    assert points["Ann"].diamonds == points["Bob"].diamonds == 0
    assert points["Ann"].seven_of_diamonds == 1


def test_the_most_among_three_sides_must_be_more_than_each_other():
    points = score_hand({"Ann": cards_side("AS 2S 3S"), "Bob": cards_side("AH 2H 3H"),
                         "Cy": cards_side("AC 2C")})
    assert [points[n].cards for n in ("Ann", "Bob", "Cy")] == [0, 0, 0]
    points = score_hand({"Ann": cards_side("AS 2S 3S"), "Bob": cards_side("AH 2H"),
                         "Cy": cards_side("AC 2C")})
    assert [points[n].cards for n in ("Ann", "Bob", "Cy")] == [1, 0, 0]


def test_la_setenta_needs_every_suit():
    # Bob's sevens would beat Ann's low cards, but he has no club.
    points = score_hand({"Ann": cards_side("2S 2H 2D 2C"), "Bob": cards_side("7S 7H 7D")})
    assert (points["Ann"].setenta, points["Bob"].setenta) == (1, 0)


@pytest.mark.parametrize(("ann", "bob"), [
    ("7S 2H 2D 2C", "6S 6H 6D 6C"),  # the best card first: a 7 beats any 6
    ("6S 2H 2D 2C", "AS AH AD AC"),  # 6 beats the ace
    ("AS 2H 2D 2C", "5S 5H 5D 5C"),  # the ace beats the 5
    ("7S 7H 5D 2C", "7C 7D 4S 4H"),  # equal sevens, then 5 beats 4
    ("7S 6H 5D 2C", "7C 6D 5S KH"),  # ... down to the last card: a 2 beats a court card
    ("2S 2H 2D 2C", "KS QH JD KC"),  # 2 beats the court cards
])
def test_la_setenta_compares_best_card_by_best_card(ann, bob):
    points = score_hand({"Ann": cards_side(ann), "Bob": cards_side(bob)})
    assert (points["Ann"].setenta, points["Bob"].setenta) == (1, 0)


def test_equal_setentas_score_nobody_and_court_cards_are_all_equal():
    points = score_hand({"Ann": cards_side("KS QH 7D 7C"), "Bob": cards_side("7S 7H JD KC")})
    assert (points["Ann"].setenta, points["Bob"].setenta) == (0, 0)


def test_the_best_card_of_each_suit_is_the_one_compared():
    assert counts_of(cards_side("KS 2S 7S 3H AH 5D QC")) == SideCounts(
        count=7, diamonds=1, seven_of_diamonds=False, best=tuple(parse_cards("7S AH 5D QC")),
        escobas=0)


def test_captured_cards_of_all_sides_fit_one_forty_card_deck():
    error = refusal(TooManyCopiesError, score_hand, {"Ann": cards_side("7D 2S"),
                                                     "Bob": cards_side("3S 7D")})
    assert error.field == "sides.Bob.cards[1]"
    assert refusal(CardNotInGameError, score_hand,
                   {"Ann": cards_side("9D"), "Bob": cards_side("3S")}).field == "sides.Ann.cards[0]"


def test_escobas_need_captured_cards():
    error = refusal(EscobaCountsError, score_hand, {"Ann": cards_side("7D 2S", escobas=2),
                                                    "Bob": cards_side("3S")})
    assert error.field == "sides.Ann.escobas"


def test_two_to_four_sides():
    refusal(PlayerCountError, score_hand, {"Ann": cards_side("7D")})
    refusal(PlayerCountError, score_hand, {n: cards_side("") for n in "ABCDE"})


# --- The counts form ---------------------------------------------------------------------------

def test_counts_score_as_the_cards_they_count():
    sides = {"Ann": cards_side("7D 2D 3D 7S 6H AC KS", escobas=2),
             "Bob": cards_side("6D 6S 5H QC")}
    by_counts = {name: counts_of(side) for name, side in sides.items()}
    assert score_hand(by_counts) == score_hand(sides)
    mixed = {"Ann": by_counts["Ann"], "Bob": sides["Bob"]}
    assert score_hand(mixed) == score_hand(sides)


def counts(**fields):
    side = dict(count=10, diamonds=3, seven_of_diamonds=False, best=None, escobas=0)
    side.update(fields)
    if isinstance(side["best"], str):
        side["best"] = tuple(parse_cards(side["best"]))
    return SideCounts(**side)


@pytest.mark.parametrize(("ann", "field"), [
    (counts(diamonds=11), "sides.Ann.diamonds"),
    (counts(count=2), "sides.Ann.diamonds"),  # three diamonds in two cards
    (counts(count=41), "sides.Ann.count"),
    (counts(escobas=6), "sides.Ann.escobas"),
    (counts(diamonds=0, seven_of_diamonds=True), "sides.Ann.diamonds"),
    (counts(best="7S 7H 7C 6S"), "sides.Ann.best"),  # two spades, no diamond
    (counts(best="7S 7H 5D 7C", seven_of_diamonds=True), "sides.Ann.best"),  # 7♦ is the best
    (counts(best="7S 7H 7D 7C"), "sides.Ann.best"),  # and holding it is the 7♦ point
    (counts(count=30, diamonds=5), "sides.Ann.best"),  # 25 other cards hold every suit
    # A court card the best diamond: every diamond taken is one of the three court cards.
    (counts(count=9, diamonds=5, best="7S 7H 7C KD"), "sides.Ann.diamonds"),
    # 2s the best of the other suits: those suits are 2s and court cards, 12 at the most.
    (counts(count=16, diamonds=3, best="2S 2H 2C KD"), "sides.Ann.count"),
])
def test_counts_no_captured_cards_could_give_are_refused(ann, field):
    error = refusal(EscobaCountsError, score_hand, {"Ann": ann, "Bob": counts(count=5,
                                                                              diamonds=1)})
    assert error.field == field


def test_the_nearest_counts_under_the_best_cards_are_scored():
    court = score_hand({"Ann": counts(count=9, diamonds=3, best="7S 7H 7C KD"),
                        "Bob": counts(count=5, diamonds=1)})
    assert court["Ann"].diamonds == 1 and court["Ann"].setenta == 1
    assert score_hand({"Ann": counts(count=15, diamonds=3, best="2S 2H 2C KD"),
                       "Bob": counts(count=5, diamonds=1)})["Ann"].cards == 1


def test_the_counts_of_all_sides_fit_one_deck():
    refusal(EscobaCountsError, score_hand, {"Ann": counts(count=30), "Bob": counts(count=11)})
    refusal(EscobaCountsError, score_hand, {"Ann": counts(diamonds=6), "Bob": counts(diamonds=5)})
    error = refusal(TooManyCopiesError, score_hand,
                    {"Ann": counts(seven_of_diamonds=True),
                     "Bob": counts(best="7D 2S 2H 2C", seven_of_diamonds=True)})
    assert error.field == "sides.Bob.best[0]"


# --- The game --------------------------------------------------------------------------------

def test_the_game_is_won_at_21_by_the_one_highest_total():
    assert game_winner({"Ann": 19, "Bob": 20}) is None
    assert game_winner({"Ann": 23, "Bob": 21}) == "Ann"
    assert game_winner({"Ann": 22, "Bob": 22, "Cy": 5}) is None  # play on
    assert game_winner({"Ann": 12, "Bob": 9}, target=11) == "Ann"


# --- Properties ------------------------------------------------------------------------------

tables = st.lists(st.sampled_from(FULL_DECK), unique=True, min_size=2, max_size=11)


@SETTINGS
@given(tables)
def test_every_capture_makes_fifteen_from_table_cards_once_and_none_is_missed(cards):
    card, table = cards[0], cards[1:]
    found = captures(card, table)
    for capture in found:
        assert capture_value(card) + sum(map(capture_value, capture.cards)) == 15
        assert len(set(capture.cards)) == len(capture.cards)
        assert set(capture.cards) <= set(table)
        assert capture.escoba == (len(capture.cards) == len(table))
    every = {frozenset(combo) for n in range(1, len(table) + 1)
             for combo in itertools.combinations(table, n)
             if capture_value(card) + sum(map(capture_value, combo)) == 15}
    assert {frozenset(c.cards) for c in found} == every
    assert len(found) == len(every)


@SETTINGS
@given(st.permutations(FULL_DECK), st.integers(0, 40), st.integers(0, 40),
       st.integers(0, 3))
def test_no_point_goes_to_two_sides_and_counts_score_as_cards(deck, cut, second_cut, escobas):
    first, second = sorted((cut, second_cut))
    sides = {"Ann": SideCards(tuple(deck[:first]), min(escobas, first // 2)),
             "Bob": SideCards(tuple(deck[first:second]), 0),
             "Cy": SideCards(tuple(deck[second:]), 0)}
    points = score_hand(sides)
    for part in ("cards", "diamonds", "seven_of_diamonds", "setenta"):
        assert sum(getattr(p, part) for p in points.values()) <= 1
    assert sum(p.seven_of_diamonds for p in points.values()) == 1  # the whole deck is there
    assert score_hand({n: counts_of(s) for n, s in sides.items()}) == points
