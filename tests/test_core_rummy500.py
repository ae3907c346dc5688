"""500's rummy call in the core: which card in the discard pile may be called, and how deep."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import JOKER, Rank, Suit, check_meld, parse_cards
from referee.core.cards import natural
from referee.core.errors import (CardNotInGameError, NotInRulesetError, TableMeldError,
                                 TooManyCopiesError)
from referee.core.games.registry import EVERSOL, FIVE_HUNDRED
from referee.core.rummy.pile_rummy import check_pile_rummy
from referee.core.table import TableMeld


def call(pile: str, *table: str, decks: int = 1, **options):
    rules = FIVE_HUNDRED.configure(decks=decks, options=options)
    verdict = check_pile_rummy(parse_cards(pile), [parse_cards(meld) for meld in table], rules)
    assert verdict.reason[0].isupper() and verdict.reason.endswith(".")
    assert verdict.reason.count(". ") == 0  # one sentence, read aloud
    return verdict


def taken(verdict) -> tuple[str | None, int | None]:
    return (None if verdict.card is None else str(verdict.card)), verdict.depth


# --- Laying off on the table ------------------------------------------------------------------

def test_the_top_card_laying_off_is_taken_alone():
    verdict = call("9S 2C 7H", "4H 5H 6H")
    assert verdict.rummy and taken(verdict) == ("7H", 1)
    assert verdict.lays_off_on == (0,) and verdict.pile_meld is None
    assert verdict.reason.startswith("The top card, 7♥, lays off on the sequence 4♥ 5♥ 6♥")


def test_a_buried_card_takes_every_card_above_it():
    verdict = call("7H 2C 9S", "4H 5H 6H")
    assert taken(verdict) == ("7H", 3)
    assert "3rd card down" in verdict.reason and "(3 cards)" in verdict.reason


@pytest.mark.parametrize("pile, card", [("3H 2C", "3H"), ("7H 2C", "7H")])
def test_a_sequence_takes_a_card_at_either_end(pile, card):
    assert taken(call(pile, "4H 5H 6H")) == (card, 2)


def test_a_group_of_three_takes_the_fourth_suit_only():
    assert taken(call("9C 2D", "9S 9H 9D")) == ("9C", 2)
    assert not call("9S 2D", "9S 9H 9C", decks=2).rummy  # a group's suits all differ
    assert not call("9D 2D", "9S 9H 9C 9D", decks=2).rummy  # four is the most


def test_of_several_cards_the_one_nearest_the_top_is_named():
    verdict = call("3H 2C 7H 8D", "4H 5H 6H")
    assert taken(verdict) == ("7H", 2)


def test_a_card_laying_off_on_two_melds_names_both():
    verdict = call("2C 6C", "3C 4C 5C", "6S 6H 6D")
    assert verdict.lays_off_on == (0, 1)
    assert "the sequence 3♣ 4♣ 5♣ or the group of sixes" in verdict.reason


def test_the_ace_goes_below_the_two_or_above_the_king_but_not_round_the_corner():
    assert taken(call("AH", "2H 3H 4H")) == ("AH", 1)
    assert taken(call("AH", "JH QH KH")) == ("AH", 1)
    assert not call("2H", "QH KH AH").rummy


# --- Jokers on the table ----------------------------------------------------------------------

def test_a_card_whose_place_a_joker_holds_does_not_lay_off():
    assert not call("2C 5H", "4H JK 6H").rummy
    assert taken(call("2C 7H", "4H JK 6H")) == ("7H", 1)


def test_a_joker_at_the_end_of_a_sequence_stands_for_the_card_at_its_place():
    assert not call("2C 8H", "JK 9H 10H").rummy  # the joker is the 8♥
    assert call("2C 7H", "JK 9H 10H").rummy
    assert call("2C JH", "JK 9H 10H").rummy
    assert not call("2C 10D", "8D 9D JK=10D").rummy
    assert call("2C JD", "8D 9D JK=10D").rummy


def test_a_group_with_a_joker_takes_a_suit_the_joker_does_not_stand_for():
    assert not call("2C 9D", "9S 9H JK=9D").rummy
    assert call("2C 9C", "9S 9H JK=9D").rummy
    assert call("2C 9D", "9S 9H JK").rummy  # a joker without a suit stands for the one missing
    assert not call("2C 9C", "9S 9H 9D JK").rummy  # already four


def test_a_meld_that_lies_two_ways_takes_a_card_either_way():
    assert call("2C 4S", "AS JK JK").lays_off_on == (0,)
    assert "sequence" in call("2C 4S", "AS JK JK").reason
    assert "group of aces" in call("2C AH", "AS JK JK").reason


# --- Jokers in the pile -----------------------------------------------------------------------

def test_a_joker_in_the_pile_lays_off_where_there_is_room():
    assert taken(call("2C JK", "4H 5H 6H")) == ("JK", 1)
    assert call("2C JK", "9S 9H 9D").rummy
    assert not call("2C JK", "9S 9H 9D 9C").rummy
    assert not call("2C JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH").rummy


def test_a_joker_in_the_pile_forgets_what_it_was_said_to_stand_for():
    assert taken(call("2C JK=3H", "9S 9H 9D")) == ("JK", 1)


def test_a_joker_in_the_pile_fills_a_meld_of_pile_cards():
    verdict = call("5H JK 7H")
    assert taken(verdict) == ("5H", 3)
    assert [str(c) for c in verdict.pile_meld.cards] == ["5H", "JK=6H", "7H"]
    assert taken(call("9S JK JK")) == ("9S", 3)  # one natural card and two jokers
    assert taken(call("9S 2C JK JK")) == ("2C", 3)


def test_jokers_alone_are_no_meld():
    assert not call("JK JK").rummy


# --- Melds of pile cards alone ----------------------------------------------------------------

def test_three_pile_cards_make_a_meld_from_the_deepest_up():
    verdict = call("8C 5D 5S 5H")
    assert verdict.rummy and taken(verdict) == ("5D", 3)
    assert verdict.lays_off_on == () and verdict.pile_meld.kind.value == "book"
    assert "makes a group of fives (5♠ 5♥ 5♦) with cards above it" in verdict.reason


def test_a_meld_of_pile_cards_may_skip_cards_between():
    verdict = call("6D 2C 7D KS 8D")
    assert taken(verdict) == ("6D", 5)
    assert "a sequence (6♦ 7♦ 8♦)" in verdict.reason


def test_the_fewest_cards_win_between_a_meld_and_a_lay_off():
    assert taken(call("3H 9S 9D 9C 2C", "4H 5H 6H")) == ("9S", 4)
    assert taken(call("9S 9D 9C 3H 2C", "4H 5H 6H")) == ("3H", 2)


def test_a_second_copy_of_a_card_makes_no_group():
    assert not call("7H 7H 7S", decks=2).rummy
    assert taken(call("7D 7H 7H 7S", decks=2)) == ("7D", 4)


def test_a_high_and_a_low_ace_in_pile_sequences_but_never_round_the_corner():
    assert taken(call("QS KS AS")) == ("QS", 3)
    assert taken(call("AS 2S 3S")) == ("AS", 3)
    assert not call("KS AS 2S").rummy


def test_cards_not_near_enough_make_no_sequence():
    assert not call("5H 9S 7H").rummy
    assert not call("5H 9S JK").rummy


# --- The house rule rummy_calls ---------------------------------------------------------------

def test_top_card_calls_take_only_the_latest_discard_laid_off():
    assert taken(call("2C 7H", "4H 5H 6H", rummy_calls="top_card")) == ("7H", 1)
    refused = call("7H 2C 9S", "4H 5H 6H", rummy_calls="top_card")
    assert not refused.rummy and taken(refused) == (None, None)
    assert refused.reason.startswith("At this table only the top card may be called")
    assert "the 7♥, 3rd card down, would count only where calls reach into the pile" in \
        refused.reason


def test_top_card_calls_never_take_a_meld_of_pile_cards():
    refused = call("5S 5D 5H", rummy_calls="top_card")
    assert not refused.rummy and "the 5♠, 3rd card down" in refused.reason


def test_top_card_refusal_without_any_deeper_card():
    refused = call("2C 9S", "4H 5H 6H", rummy_calls="top_card")
    assert refused.reason == ("At this table only the top card may be called, and 9♠ lays off "
                              "on no meld on the table.")


def test_no_calls_at_all():
    refused = call("2C 7H", "4H 5H 6H", rummy_calls="none")
    assert not refused.rummy and refused.card is None and refused.depth is None
    assert "plays without rummy calls" in refused.reason


@pytest.mark.parametrize("pile, table, words", [
    ("", (), "The discard pile is empty"),
    ("2C 9S", (), "Nobody has melded yet and no three cards in the pile make a group or "
                  "sequence"),
    ("2C 9S", ("4H 5H 6H",), "No card in the pile lays off on a meld on the table"),
])
def test_nobody_may_call_says_why(pile, table, words):
    refused = call(pile, *table)
    assert not refused.rummy and refused.reason.startswith(words)


# --- Impossible questions ---------------------------------------------------------------------

def test_the_pile_and_table_together_must_fit_in_the_decks():
    with pytest.raises(TooManyCopiesError) as error:
        call("7H 2C", "5H 6H 7H")
    assert error.value.field == "table[0][2]"
    call("7H 2C", "5H 6H 7H", decks=2)
    with pytest.raises(TooManyCopiesError) as error:
        call("JK JK 2C JK")
    assert error.value.field == "discard_pile[3]"


def test_no_jokers_house_rule_refuses_a_joker():
    with pytest.raises(CardNotInGameError) as error:
        call("2C JK", no_jokers=True)
    assert error.value.field == "discard_pile[1]"


def test_a_table_meld_that_cannot_lie_names_its_place():
    with pytest.raises(TableMeldError) as error:
        call("2C", "4H 5H 6H", "4S 6S 5S")
    assert error.value.field == "table[1]"


def test_another_games_rules_are_refused():
    with pytest.raises(NotInRulesetError):
        check_pile_rummy([], [], EVERSOL.configure())


# --- Against every way of taking the pile -----------------------------------------------------

TABLES = [[], ["4H 5H 6H"], ["9S 9H JK"], ["JK 9C 10C", "2D 2S 2C"]]
EVERY_CARD = [natural(rank, suit) for rank in Rank for suit in Suit] + [JOKER, JOKER]


def slowest_answer(pile, table, rules):
    """The depth the rule text asks for, by trying every set of cards each depth takes."""
    laid = [TableMeld.candidates(meld, rules.melds) for meld in table]
    top_first = list(reversed(pile))
    for depth, card in enumerate(top_first, start=1):
        if any(m.extend([card], rules.melds).valid for readings in laid for m in readings):
            return depth
        for size in range(2, depth):
            for others in combinations(top_first[:depth - 1], size):
                if check_meld([card, *others], rules.melds).valid:
                    return depth
    return None


@settings(max_examples=300)
@given(table=st.sampled_from(TABLES), data=st.data())
def test_the_depth_is_the_fewest_cards_any_call_could_take(table, data):
    rules = FIVE_HUNDRED.configure(decks=1)
    melds = [parse_cards(meld) for meld in table]
    on_table = [card.bare() for meld in melds for card in meld]
    left = list(EVERY_CARD)
    for card in on_table:
        left.remove(card)
    pile = data.draw(st.permutations(left))[:data.draw(st.integers(0, 7))]
    verdict = check_pile_rummy(pile, melds, rules)
    assert verdict.depth == slowest_answer(pile, melds, rules)
    assert verdict.rummy == (verdict.depth is not None)
    if verdict.rummy:
        assert verdict.card == pile[-verdict.depth]
