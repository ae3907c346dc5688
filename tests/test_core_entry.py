"""The end-of-hand entry in the core, for every game: value classes, cards read by the game's
values, and a whole entry read in each shape the games ask for."""

from __future__ import annotations

import pytest

from referee.core import RefereeInputError
from referee.core.game.entry import (AmountEntry, SeatEntry, describe_entry, entered_rows,
                                     read_amount, read_hand)
from referee.core.game.held import (card_buttons, card_values, read_held_cards,
                                    read_melded_cards, value_classes)
from referee.core.games.registry import get_ruleset


def table(key: str, decks: int = 1, **options):
    return get_ruleset(key).configure(options=options, decks=decks)


# --- Value classes: one stepper per value, from the ruleset's card values ------------------------

@pytest.mark.parametrize("key, options, melded, classes", [
    ("eversol", {}, False, [("2-9", 5), ("10-K", 10), ("A", 15), ("joker", 50)]),
    ("500", {}, False, [("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8),
                        ("9", 9), ("10-K", 10), ("A+joker", 15)]),
    ("500", {}, True, [("low-A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6),
                       ("7", 7), ("8", 8), ("9", 9), ("10-K", 10), ("A+joker", 15)]),
    ("500", {"card_values": "5/10/15"}, True, [("2-9+low-A", 5), ("10-K", 10), ("A+joker", 15)]),
    ("500", {"no_jokers": True}, False, [("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6),
                                         ("7", 7), ("8", 8), ("9", 9), ("10-K", 10), ("A", 15)]),
    ("basic", {}, True, [("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7),
                         ("8", 8), ("9", 9), ("10-K", 10)]),
    ("base", {}, True, [("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8),
                        ("9", 9), ("10-K", 10)]),
])
def test_value_classes_group_the_games_cards_by_value(key, options, melded, classes):
    assert [(v.key, v.points) for v in value_classes(table(key, **options), melded)] == classes


def test_eversol_value_classes_keep_the_labels_saved_entries_use():
    assert [v.label for v in value_classes(table("eversol"))] == ["2–9", "10–K", "Ace", "Joker"]


def test_card_buttons_and_values_are_only_the_cards_the_game_uses():
    assert "JK" not in card_buttons(table("basic")) and card_buttons(table("basic"))[-1] == "A"
    assert "A" not in card_buttons(table("base")) and "JK" not in card_values(table("base"))
    assert card_values(table("500", card_values="5/10/15"))["7"] == 5
    assert card_values(table("eversol"))["JK"] == 50


# --- Cards read by the game's values -----------------------------------------------------------

@pytest.mark.parametrize("key, cards, points", [
    ("500", "A JK K 7", 47),
    ("500", "7H 7 2", 16),
    ("basic", "A K 7", 18),
    ("base", "K Q 2", 22),
])
def test_held_cards_count_by_the_games_values(key, cards, points):
    assert read_held_cards(cards, table(key)).points == points


@pytest.mark.parametrize("key, cards, message", [
    ("basic", "K JK", "Basic Rummy is played without jokers."),
    ("base", "K A", "Base Rules Rummy is played without aces."),
    ("500", "JK JK JK", "3 jokers, but 1 deck holds only 2."),
    ("basic", "K 9 9 9 9 9", "5 nines, but 1 deck holds only 4."),
])
def test_a_card_the_game_does_not_use_is_refused(key, cards, message):
    with pytest.raises(RefereeInputError) as refused:
        read_held_cards(cards, table(key))
    assert refused.value.message == message


@pytest.mark.parametrize("options, cards, points", [
    ({}, "A 2 3", 6),  # the ace low: 1
    ({}, "A JK 3", 19),  # the joker stands for the 2: the ace is still low
    ({}, "Q K A", 35),  # the ace high: 15
    ({}, "A A A", 45),  # a group of aces
    ({}, "A 2 3 / Q K A", 41),
    ({}, "A / 2 3 4", 24),  # an ace laid off alone: counted as an ace
    ({"card_values": "5/10/15"}, "A 2 3", 15),  # a low ace is 5
])
def test_melded_cards_count_an_ace_low_at_the_bottom_of_a_sequence(options, cards, points):
    assert read_melded_cards(cards, table("500", **options)).points == points


def test_melded_cards_keep_the_meld_breaks_for_the_history():
    melded = read_melded_cards("a 2 3/k k k", table("500"))
    assert melded.cards == ("A", "2", "3", "/", "K", "K", "K")


def test_a_meld_break_is_not_a_card_held():
    with pytest.raises(RefereeInputError):
        read_held_cards("K / 7", table("500"))


# --- One amount: counted, tapped or typed, two only when they agree ---------------------------

def test_an_amount_counted_tapped_and_typed_alike_is_read_once():
    five_hundred = table("500")
    both = read_amount(five_hundred, "Ann", AmountEntry(counts={"7": 1, "10-K": 1}, total=17))
    assert (both.points, both.entry["way"], both.problem) == (17, "counts", None)
    clash = read_amount(five_hundred, "Ann", AmountEntry(cards="A 2 3", total=7), melded=True)
    assert clash.problem == ("Melded by Ann: the tapped cards make 6, but the typed total makes "
                             "7: clear one of them.")


# --- A whole hand, in each shape ---------------------------------------------------------------

def test_eversol_entry_charges_the_held_points():
    reading = read_hand(table("eversol"), ["Abe", "Ben", "Carl"], [1], [
        SeatEntry(AmountEntry(total=15)), SeatEntry(penalty=25),
        SeatEntry(AmountEntry(counts={"2-9": 7}))])
    assert reading.ok and reading.sheet.points == {"Abe": 15, "Ben": 25, "Carl": 35}
    assert reading.entries["Ben"] == {"way": "penalty", "penalty": 25}


def test_five_hundred_entry_scores_melded_less_held_and_may_go_below_nothing():
    reading = read_hand(table("500"), ["Ann", "Bo", "Cy"], [0], [
        SeatEntry(melded=AmountEntry(cards="A 2 3 / K K K")),
        SeatEntry(melded=AmountEntry(counts={"10-K": 1}), held=AmountEntry(cards="A JK 9")),
        SeatEntry(held=AmountEntry(total=2))])
    assert reading.ok, reading.problems
    assert reading.shown == {0: 36, 1: -29, 2: -2}
    assert reading.sheet.players["Bo"] == {"melded": 10, "held": 39}
    assert reading.entries["Ann"] == {"melded": {"way": "cards",
                                                 "cards": ["A", "2", "3", "/", "K", "K", "K"]}}


def test_five_hundred_entry_nobody_out_when_the_stock_ran_out():
    reading = read_hand(table("500"), ["Ann", "Bo"], [None], [
        SeatEntry(melded=AmountEntry(total=40), held=AmountEntry(total=5)),
        SeatEntry(held=AmountEntry(total=12))])
    assert reading.ok and reading.went_out is None and reading.shown == {0: 35, 1: -12}


def test_a_game_without_a_stock_running_out_needs_someone_out():
    reading = read_hand(table("basic"), ["Ann", "Bo"], [None], [SeatEntry(), SeatEntry()])
    assert reading.went_out_problem == "Tap who went out."


@pytest.mark.parametrize("rows, seat, message", [
    ([SeatEntry(), SeatEntry()], 1,
     "Enter what Bo still holds: count or tap the cards, or type a total."),
    ([SeatEntry(held=AmountEntry(total=5)), SeatEntry(held=AmountEntry(total=3))], 0,
     "Ann went out, so Ann holds nothing: held is 0."),
    ([SeatEntry(), SeatEntry(held=AmountEntry(cards="K A"))], 1,
     "Bo: Base Rules Rummy is played without aces."),
    ([SeatEntry(melded=AmountEntry(total=20)), SeatEntry(held=AmountEntry(total=-5))], 1,
     "Bo: points can't be below 0."),
    ([SeatEntry(melded=AmountEntry(total=20)), SeatEntry(held=AmountEntry(total=1))], 1,
     "No cards held in Base Rules add up to 1: it can't be right for Bo."),
    ([SeatEntry(melded=AmountEntry(total=20)),
      SeatEntry(melded=AmountEntry(total=12), held=AmountEntry(total=0))], 1,
     "Bo did not go out, so Bo still holds at least one card."),
])
def test_base_rules_entry_problems_are_beside_the_player(rows, seat, message):
    reading = read_hand(table("base"), ["Ann", "Bo"], [0], rows)
    assert reading.problems == {seat: message}


def test_a_500_floater_may_be_entered_holding_nothing():
    rows = [SeatEntry(melded=AmountEntry(total=40)),
            SeatEntry(melded=AmountEntry(total=25), held=AmountEntry(total=0))]
    assert read_hand(table("500", going_out="floating"), ["Ann", "Bo"], [0], rows).ok
    assert read_hand(table("500"), ["Ann", "Bo"], [0], rows).problems == {
        1: "Bo did not go out, so Bo still holds at least one card."}


def test_basic_entry_the_winner_collects_double_for_rummy():
    rows = [SeatEntry(), SeatEntry(AmountEntry(cards="K 2")), SeatEntry(AmountEntry(total=5))]
    plain = read_hand(table("basic"), ["Ann", "Bo", "Cy"], [0], rows)
    rummy = read_hand(table("basic"), ["Ann", "Bo", "Cy"], [0], rows, went_rummy=True)
    assert (plain.collected, rummy.collected) == (17, 34)
    assert rummy.sheet.went_rummy and rummy.sheet.points == {"Bo": 12, "Cy": 5}


def test_basic_entry_refuses_a_joker_beside_the_player():
    reading = read_hand(table("basic"), ["Ann", "Bo"], [0],
                        [SeatEntry(), SeatEntry(AmountEntry(cards="JK"))])
    assert reading.problems == {1: "Bo: Basic Rummy is played without jokers."}


def test_a_scored_hand_comes_back_as_it_was_entered():
    five_hundred = table("500")
    rows = [SeatEntry(melded=AmountEntry(cards="A 2 3")),
            SeatEntry(melded=AmountEntry(counts={"10-K": 2}), held=AmountEntry(total=7))]
    reading = read_hand(five_hundred, ["Ann", "Bo"], [0], rows)
    again = entered_rows(five_hundred, ["Ann", "Bo"], "Ann",
                         {n: v["held"] for n, v in reading.players.items()},
                         {n: v["melded"] for n, v in reading.players.items()}, reading.entries)
    assert again[0] == SeatEntry(melded=AmountEntry(cards="A 2 3"))
    assert again[1].melded.counts["10-K"] == 2 and again[1].held == AmountEntry(total=7)


def test_the_history_says_how_each_part_was_entered():
    assert describe_entry({"melded": {"way": "counts", "counts": {"low-A": 1, "2": 2}},
                           "held": {"way": "cards", "cards": ["K"]}}) == (
        "melded 1 × Low ace, 2 × 2; held K")
