"""Scoring a hand in the rules core: each game's way of counting, and hands that cannot be."""

from __future__ import annotations

import pytest

from referee.core import get_ruleset, parse_card, parse_cards
from referee.core.errors import (CardCountError, CardNotInGameError, GoingOutError,
                                 LayOffError, NotInRulesetError,
                                 PlayerCountError, PlayerNameError, TableMeldError,
                                 TooManyCopiesError, UnknownPlayerError)
from referee.core.rummy.scoring import LayOff, Penalty, PlayerHand, check_player_count, score_hand


def table(ruleset, decks=1, **options):
    return get_ruleset(ruleset).configure(options=options, decks=decks)


def player(name, hand="", melds=(), layoffs=(), **flags):
    return PlayerHand(name, hand=parse_cards(hand), melds=[parse_cards(m) for m in melds],
                      layoffs=[LayOff(parse_card(card), parse_cards(onto))
                               for card, onto in layoffs], **flags)


def scores(rules, *players, penalties=()):
    return score_hand(rules, players, penalties).scores


# --- Eversol: points held count against ---------------------------------------------------------

@pytest.mark.parametrize("held, points", [
    ("2H", 5), ("9C", 5), ("10D", 10), ("JS", 10), ("KH", 10), ("AS", 15), ("JK", 50),
    ("JK=9D", 50), ("2H 9C 10D KH AS JK", 95),
])
def test_eversol_charges_each_held_card_its_value(held, points):
    assert scores(table("eversol"), player("Ben", went_out=True),
                  player("Carl", held)) == {"Ben": 0, "Carl": points}


def test_eversol_melds_and_lay_offs_do_not_score():
    rules = table("eversol", decks=2)
    plain = scores(rules, player("Ben", went_out=True), player("Carl", "KS"))
    with_melds = scores(rules, player("Ben", melds=["3H 3S 3D"],
                                      layoffs=[("3C", "3H 3S 3D")], went_out=True),
                        player("Carl", "KS", melds=["7D 8D 9D 10D"]))
    assert plain == with_melds == {"Ben": 0, "Carl": 10}


def test_aris_rule_charges_the_dead_cards_to_the_thrower():
    rules = table("eversol")
    penalty = [Penalty("abe", parse_cards("9D JK"))]  # names match in any case
    assert scores(rules, player("Ben", went_out=True), player("Abe", "2C"),
                  penalties=penalty) == {"Ben": 0, "Abe": 60}


def test_aris_rule_charges_even_the_player_who_went_out():
    rules = table("eversol")
    result = score_hand(rules, [player("Ben", went_out=True), player("Abe", "2C")],
                        [Penalty("Ben", parse_cards("KD 2S"))])
    assert result.scores == {"Ben": 15, "Abe": 5}
    assert [(p.held, p.penalty, p.melded) for p in result.players] == [(0, 15, None),
                                                                        (5, 0, None)]


def test_aris_rule_off_refuses_penalties():
    rules = table("eversol", aris_rule=False)
    with pytest.raises(NotInRulesetError) as caught:
        score_hand(rules, [player("Ben", went_out=True), player("Abe")],
                   [Penalty("Abe", parse_cards("9D"))])
    assert caught.value.field == "penalties" and "Ari's rule is off" in caught.value.message


def test_penalty_for_someone_not_at_the_table():
    with pytest.raises(UnknownPlayerError) as caught:
        score_hand(table("eversol"), [player("Ben", went_out=True), player("Abe")],
                   [Penalty("Abe", parse_cards("2C 3C")), Penalty("Zed", parse_cards("9D"))])
    assert caught.value.field == "penalties[1].player" and "Zed" in caught.value.message


@pytest.mark.parametrize("cards", ["", "2H", "2H 3H 4H"])
def test_a_rummy_penalty_is_two_cards_a_call(cards):
    players = [player("Ben", went_out=True), player("Abe", "9D")]
    with pytest.raises(CardCountError, match="2 cards a call") as caught:
        score_hand(table("eversol"), players, [Penalty("Ben", parse_cards(cards))])
    assert caught.value.field == "penalties[0].cards"
    two_calls = [Penalty("Ben", parse_cards("2H 3H")), Penalty("Ben", parse_cards("4H 5H 6H 7H"))]
    assert score_hand(table("eversol"), players, two_calls).scores["Ben"] == 30


def test_penalty_cards_count_against_the_supply():
    with pytest.raises(TooManyCopiesError) as caught:
        score_hand(table("eversol"), [player("Ben", went_out=True), player("Abe", "9D")],
                   [Penalty("Abe", parse_cards("2S 9D"))])
    assert caught.value.field == "penalties[0].cards[1]"


# --- 500: melded and laid off, minus held -----------------------------------------------------

@pytest.mark.parametrize("meld, points", [
    ("AH 2H 3H", 1 + 2 + 3),           # low ace in a sequence counts 1
    ("QH KH AH", 10 + 10 + 15),        # high ace counts 15
    ("AH AS AD", 45),                  # aces in a group count 15
    ("JK 2H 3H", 15 + 2 + 3),          # a joker is 15 even where it stands for the low ace
    ("AH JK=2H JK=3H", 1 + 15 + 15),
    ("8H 9H 10H JH", 8 + 9 + 10 + 10),
])
def test_500_values_what_was_melded(meld, points):
    assert scores(table("500"), player("Ann", melds=[meld], went_out=True),
                  player("Bo", "5C")) == {"Ann": points, "Bo": -5}


@pytest.mark.parametrize("card, onto, points", [
    ("AH", "2H 3H 4H", 1),     # laid off below 2-3: a low ace
    ("AH", "4H 3H 2H", 1),     # the sequence listed high to low
    ("AH", "JH QH KH", 15),    # above the king: a high ace
    ("AH", "AS AD AC", 15),    # onto a group
    ("JK", "2H 3H 4H", 15),
    ("5H", "2H 3H 4H", 5),
])
def test_500_values_what_was_laid_off(card, onto, points):
    result = score_hand(table("500", decks=2), [player("Ann", "5C", layoffs=[(card, onto)]),
                                                player("Bo", melds=[onto], went_out=True)])
    assert result.players[0].laid_off == points


def test_500_held_cards_count_against_at_full_value():
    # A held ace is never "low": it is in no sequence.
    assert scores(table("500"), player("Ann", "AS 9C JK KD", melds=["2H 3H 4H"]),
                  player("Bo", melds=["7S 7H 7D"], went_out=True)) == {
        "Ann": 9 - (15 + 9 + 15 + 10), "Bo": 21}


def test_500_five_ten_fifteen_values():
    rules = table("500", card_values="5/10/15")
    result = scores(rules, player("Ann", "9C AS", melds=["AH 2H 3H", "QD KD AD", "2C 3C 4C"]),
                    player("Bo", layoffs=[("AC", "2C 3C 4C")], went_out=True))
    assert result == {"Ann": (5 + 5 + 5) + (10 + 10 + 15) + 15 - (5 + 15), "Bo": 5}


def test_500_and_base_may_end_with_nobody_out():
    assert scores(table("500"), player("Ann", "9C"), player("Bo", "2C")) == {"Ann": -9, "Bo": -2}
    assert scores(table("base"), player("Ann", "9C"), player("Bo", "2C")) == {"Ann": -9, "Bo": -2}


def test_500_lay_off_that_fits_only_one_reading_of_the_meld():
    rules = table("500", decks=2)
    assert scores(rules, player("Ann", "9C", layoffs=[("4S", "AS JK JK")]),
                  player("Bo", melds=["AS JK JK"], went_out=True)) == {"Ann": 4 - 9, "Bo": 45}


# --- Base Rules --------------------------------------------------------------------------------

def test_base_rules_example_with_a_lay_off():
    result = score_hand(table("base"), [
        player("A", melds=["3H 3S 3D", "JH QH KH"], layoffs=[("5C", "5H 5S 5D")], went_out=True),
        player("C", "2C", melds=["5H 5S 5D"])])
    assert result.scores == {"A": 44, "C": 13}
    assert [(p.melded, p.laid_off, p.held) for p in result.players] == [(39, 5, 0), (15, 0, 2)]


def test_base_rules_has_no_aces():
    with pytest.raises(CardNotInGameError) as caught:
        score_hand(table("base"), [player("A", went_out=True), player("C", "2C AC")])
    assert caught.value.field == "players[1].hand[1]"


# --- Basic Rummy: the winner collects --------------------------------------------------------

def test_basic_winner_collects_everyone_elses_held_points():
    result = scores(table("basic"), player("Ann", "KS AC", melds=["2H 3H 4H"]),
                    player("Bo", melds=["7C 7D 7S"], went_out=True), player("Cy", "9D"))
    assert result == {"Ann": 0, "Bo": 10 + 1 + 9, "Cy": 0}


def test_basic_going_rummy_doubles():
    hands = dict(ann="KS AC", cy="9D")
    plain = scores(table("basic"), player("Ann", hands["ann"]),
                   player("Bo", melds=["7C 7D 7S"], went_out=True), player("Cy", hands["cy"]))
    rummy = scores(table("basic"), player("Ann", hands["ann"]),
                   player("Bo", melds=["7C 7D 7S"], went_out=True, went_rummy=True),
                   player("Cy", hands["cy"]))
    assert plain["Bo"] == 20 and rummy["Bo"] == 40
    assert rummy["Ann"] == rummy["Cy"] == 0


def test_basic_has_no_jokers():
    with pytest.raises(CardNotInGameError) as caught:
        score_hand(table("basic"), [player("A", went_out=True), player("C", "2C JK")])
    assert caught.value.field == "players[1].hand[1]"


# --- Hands that could not have ended this way -----------------------------------------------

@pytest.mark.parametrize("ruleset", ["eversol", "basic"])
def test_eversol_and_basic_need_someone_out(ruleset):
    with pytest.raises(GoingOutError) as caught:
        score_hand(table(ruleset), [player("Ann", "2C"), player("Bo", "3C")])
    assert caught.value.field == "players" and "goes out" in caught.value.message


@pytest.mark.parametrize("ruleset", ["eversol", "500", "basic", "base"])
def test_only_one_player_goes_out(ruleset):
    with pytest.raises(GoingOutError) as caught:
        score_hand(table(ruleset), [player("Ann", "2C"), player("Bo", went_out=True),
                                    player("Cy", went_out=True)])
    assert caught.value.field == "players[2].went_out"
    assert "Bo" in caught.value.message and "Cy" in caught.value.message


@pytest.mark.parametrize("ruleset", ["eversol", "500", "basic", "base"])
def test_the_player_who_went_out_holds_nothing(ruleset):
    with pytest.raises(GoingOutError) as caught:
        score_hand(table(ruleset), [player("Ann", "2C"), player("Bo", "3C", went_out=True)])
    assert caught.value.field == "players[1].hand"


def test_going_rummy_is_going_out():
    with pytest.raises(GoingOutError) as caught:
        score_hand(table("basic"), [player("Ann", went_out=True),
                                    player("Bo", "3C", went_rummy=True)])
    assert caught.value.field == "players[1].went_rummy"


@pytest.mark.parametrize("names, field", [
    (["Ann", "Bo", "Ann"], "players[2].name"),
    (["Ann", " ann "], "players[1].name"),
    (["Ann", "  "], "players[1].name"),
])
def test_each_player_needs_a_name_of_their_own(names, field):
    players = [player(names[0], went_out=True)] + [player(n) for n in names[1:]]
    with pytest.raises(PlayerNameError) as caught:
        score_hand(table("eversol"), players)
    assert caught.value.field == field


@pytest.mark.parametrize("count", [0, 1, 21])
def test_player_count(count):
    with pytest.raises(PlayerCountError):
        check_player_count(count)
    players = [player(f"P{i}", went_out=(i == 0)) for i in range(count)]
    with pytest.raises(PlayerCountError):
        score_hand(table("eversol", decks=5), players)


def test_twenty_players_is_a_table():
    players = [player(f"P{i}", "" if i == 0 else f"{2 + i % 8}{'SHDC'[i // 8]}",
                      went_out=(i == 0)) for i in range(20)]
    assert sum(scores(table("eversol", decks=5), *players).values()) == 19 * 5


def test_supply_counts_every_players_cards_together():
    with pytest.raises(TooManyCopiesError) as caught:
        score_hand(table("500"), [player("Ann", melds=["7D 8D 9D"], went_out=True),
                                  player("Bo", "2C", layoffs=[("7D", "4D 5D 6D")])])
    assert caught.value.field == "players[1].layoffs[0].card"
    with pytest.raises(TooManyCopiesError) as caught:
        score_hand(table("eversol"), [player("Ann", went_out=True), player("Bo", "JK 2C"),
                                      player("Cy", "JK JK")])
    assert caught.value.field == "players[2].hand[1]"


def test_a_lay_off_onto_names_cards_already_counted():
    # 5H 5S 5D appear in C's meld and again as the lay-off's onto: one deck is enough.
    assert scores(table("500"), player("A", layoffs=[("5C", "5H 5S 5D")], went_out=True),
                  player("C", "2C", melds=["5H 5S 5D"])) == {"A": 5, "C": 13}


@pytest.mark.parametrize("ruleset", ["500", "base"])
def test_a_lay_off_goes_onto_a_meld_someone_laid_this_hand(ruleset):
    # Nobody laid 5H 5S 5D, so its cards were counted nowhere: the hand cannot be.
    with pytest.raises(LayOffError) as caught:
        score_hand(table(ruleset), [player("A", layoffs=[("5C", "5H 5S 5D")], went_out=True),
                                    player("C", "2C", melds=["9H 9S 9D"])])
    assert caught.value.field == "players[0].layoffs[0].onto"
    assert caught.value.message.startswith("Nobody laid 5♥ 5♠ 5♦ this hand")


@pytest.mark.parametrize("layoffs, refused, where", [
    # 9C by Bo and a joker by Cy, each onto the group as it was laid: a group of five
    ({"Bo": [("9C", "9H 9S 9D")], "Cy": [("JK", "9H 9S 9D")]}, "at most 4 cards",
     "players[2].layoffs[0].card"),
    ({"Bo": [("9C", "9H 9S 9D"), ("JK", "9H 9S 9D")]}, "at most 4 cards",
     "players[1].layoffs[1].card"),
    ({"Bo": [("4H", "5H 6H 7H")], "Cy": [("JK=4H", "5H 6H 7H")]}, "already has 4♥",
     "players[2].layoffs[0].card"),
])
def test_500_lay_offs_onto_one_meld_must_fit_it_together(layoffs, refused, where):
    def hand(**laid):
        return [player("Ann", melds=["9H 9S 9D", "5H 6H 7H"], went_out=True),
                *(player(name, "2C" if name == "Bo" else "3C", layoffs=laid.get(name, ()))
                  for name in ("Bo", "Cy"))]
    with pytest.raises(LayOffError, match=refused) as caught:
        score_hand(table("500"), hand(**layoffs))
    assert caught.value.field == where
    # the nearest the cards allow: the fourth nine and a joker at the run's other end
    fits = hand(Bo=[("9C", "9H 9S 9D"), ("4H", "5H 6H 7H")], Cy=[("JK=8H", "5H 6H 7H")])
    assert scores(table("500"), *fits) == {"Ann": 27 + 18, "Bo": 9 + 4 - 2, "Cy": 15 - 3}


def test_a_lay_off_may_go_onto_a_meld_as_earlier_lay_offs_left_it():
    result = score_hand(table("500"), [
        player("Ann", "9C", melds=["2H 3H 4H"]),
        player("Bo", "2C", layoffs=[("5H", "2H 3H 4H")], melds=["KS KD KC"]),
        player("Cy", layoffs=[("6H", "2H 3H 4H 5H")], melds=["7C 7D 7S"], went_out=True)])
    assert result.scores == {"Ann": 9 - 9, "Bo": 30 + 5 - 2, "Cy": 21 + 6}


@pytest.mark.parametrize("ruleset", ["500", "base"])
def test_the_player_who_went_out_melded_or_laid_off_something(ruleset):
    # As a kept game's entry says: going out lays down every card, so it scores above 0.
    with pytest.raises(GoingOutError) as caught:
        score_hand(table(ruleset), [player("Ann", "9C", melds=["3H 4H 5H"]),
                                    player("Bo", went_out=True)])
    assert caught.value.field == "players[1].melds"


@pytest.mark.parametrize("ruleset", ["eversol", "500", "basic", "base"])
def test_a_player_not_out_still_holds_a_card(ruleset):
    with pytest.raises(GoingOutError) as caught:
        score_hand(table(ruleset), [player("Ann", melds=["3H 4H 5H 6H"], went_out=True),
                                    player("Bo", melds=["7C 7D 7S"]), player("Cy", "9C")])
    assert caught.value.field == "players[1].hand"
    assert caught.value.message.startswith("Bo did not go out, so Bo still holds")


def test_a_500_floater_holds_nothing_without_being_out():
    floating = table("500", going_out="floating")
    assert scores(floating, player("Ann", melds=["3H 4H 5H"], went_out=True),
                  player("Bo", melds=["7C 7D 7S"]), player("Cy", "9C")) == {
        "Ann": 12, "Bo": 21, "Cy": -9}


def test_a_meld_must_be_legal():
    with pytest.raises(TableMeldError) as caught:
        score_hand(table("eversol"), [player("Ann", melds=["3H 3S 3D", "7D 8D 9D"],
                                             went_out=True), player("Bo")])
    assert caught.value.field == "players[0].melds[1]"
    assert "at least 4" in caught.value.message


def test_a_run_on_the_table_must_lie_in_order():
    with pytest.raises(TableMeldError) as caught:
        score_hand(table("500"), [player("Ann", melds=["7D 9D 8D"]), player("Bo")])
    assert caught.value.field == "players[0].melds[0]"


def test_a_lay_off_must_fit_its_meld():
    with pytest.raises(LayOffError) as caught:
        score_hand(table("500"), [player("Ann", layoffs=[("9C", "5H 5S 5D")]), player("Bo")])
    assert caught.value.field == "players[0].layoffs[0].card"
    assert caught.value.message.startswith("9♣ cannot be laid off on 5♥ 5♠ 5♦")


def test_a_lay_off_onto_something_that_is_no_meld():
    with pytest.raises(TableMeldError) as caught:
        score_hand(table("500"), [player("Ann", layoffs=[("9C", "5H 6S")]), player("Bo")])
    assert caught.value.field == "players[0].layoffs[0].onto"


def test_penalties_belong_to_eversol():
    with pytest.raises(NotInRulesetError) as caught:
        score_hand(table("500"), [player("Ann"), player("Bo")], [Penalty("Ann", [])])
    assert caught.value.field == "penalties"
