"""Hand and Foot's rules core: values, melds and piles, openings, going out, hand scores, teams.

Each rule comes from the rule text and the project's rulings (docs/rules.md, "Hand and Foot");
each house option is tried both ways.
"""

from __future__ import annotations


import pytest

from referee.core import parse_cards
from referee.core.errors import (CardCountError, GoingOutError, HandEntryError, HandNumberError,
                                 OptionValueError, RefereeInputError, TeamSetupError,
                                 TooManyCopiesError, UnknownOptionError, WentOutShortError,
                                 WrongTypeError)
from referee.core.games.registry import RULESETS
from referee.core.games.hand_and_foot import (OPTIONS, PileKind, TeamEntry, card_value,
                                                 check_going_out, check_meld, check_opening,
                                                 check_teams, default_teams, held_value,
                                                 is_wild, opening_minimum, resolve_options,
                                                 score_hand, score_team, seating)



def meld(cards: str, **options):
    check = check_meld(parse_cards(cards), options)
    if check.reason is not None:  # one sentence, read aloud
        assert check.reason[0].isupper() and check.reason.endswith(".")
        assert ". " not in check.reason
    return check


def opening(*melds: str, hand: int, **options):
    return check_opening([parse_cards(m) for m in melds], hand, options)


def refusal(error_type, call, *args, **kwargs) -> RefereeInputError:
    with pytest.raises(error_type) as caught:
        call(*args, **kwargs)
    return caught.value


# --- Cards ------------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, value", [
    ("JK", 50), ("2S 2H 2D 2C", 20), ("AS AD", 20), ("KS QH JD 10C 9S 8H", 10),
    ("7S 6H 5D 4C", 5), ("3S 3C", 5), ("3H 3D", 100)])
def test_every_card_is_worth_what_the_rules_say(cards, value):
    assert {card_value(card) for card in parse_cards(cards)} == {value}


def test_jokers_and_twos_are_wild_and_nothing_else_is():
    assert [is_wild(c) for c in parse_cards("JK 2S 2H AS 3H KD")] == [
        True, True, True, False, False, False]


def test_a_red_three_held_counts_100_against_unless_the_house_says_otherwise():
    cards = parse_cards("3H 3S 9D")
    assert held_value(cards, resolve_options()) == 100 + 5 + 10
    assert held_value(cards, resolve_options({"red_three_held": 0})) == 15
    assert held_value(cards, resolve_options({"red_three_held": 500})) == 515


def test_five_decks_with_their_jokers_bound_the_cards_a_question_may_hold():
    assert meld("9S 9S 9S 9S 9S").legal  # five copies: one from each deck
    error = refusal(TooManyCopiesError, check_meld, parse_cards("9S " * 6))
    assert error.location == ("cards", 5)
    assert meld("JK " * 7).legal  # ten jokers in all, seven in one meld is fine
    error = refusal(TooManyCopiesError, check_meld, parse_cards("JK " * 11), decks=5)
    assert error.location == ("cards", 10)


# --- Melds and piles --------------------------------------------------------------------------

@pytest.mark.parametrize("rank", ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
def test_three_to_seven_cards_of_any_rank_from_four_to_ace_meld(rank, size):
    check = meld(" ".join(f"{rank}{suit}" for suit in "SHDCSHD"[:size]))
    assert check.legal and check.reason is None
    assert check.rank.label == rank and check.kind.value == "book"
    assert check.pile_name == ("clean" if size == 7 else None)


@pytest.mark.parametrize("cards", ["3S 3C 3S", "3H 3D 3H", "3S 3C JK", "3H 3H 3D 3D 2C"])
def test_threes_never_meld_red_or_black_with_or_without_wilds(cards):
    check = meld(cards)
    assert not check.legal and check.pile is None and check.kind is None
    assert check.reason.startswith("Threes never meld")


def test_too_few_or_too_many_cards_is_not_a_meld():
    assert meld("9S 9H").reason == "A meld needs at least 3 cards, and this one has 2."
    assert meld("9S 9H 9D 9C 9S 9H 9D 9C").reason == (
        "A meld holds at most 7 cards (seven make a closed pile), and this one has 8.")
    assert meld("").reason == "No cards yet, and a meld needs at least 3."


def test_a_meld_is_one_rank_besides_its_wilds():
    assert meld("9S 9H KD JK").reason == (
        "A meld is all one rank besides its wild cards, and these cards hold nines and kings.")


@pytest.mark.parametrize("cards, said", [
    ("JK=8D 9S 9H", "A joker said to stand for 8♦ cannot be in a meld of nines."),
    ("9S 9H 9D 9C 9S 2S JK=10H", "A joker said to stand for 10♥ cannot be in a meld of nines."),
    ("JK=2D 9S 9H", "A joker said to stand for 2♦ cannot be in a meld of nines."),
    ("JK=9D 2S 2H", "A joker said to stand for 9♦ cannot be in a meld of wild cards only, "
                    "which has no rank.")])
def test_a_joker_said_to_stand_for_a_card_stands_for_one_its_meld_can_take(cards, said):
    assert meld(cards).reason == said


def test_a_joker_said_to_stand_for_a_card_of_the_melds_rank_counts_as_a_wild_card():
    assert meld("JK=9D 9S 9H").legal and meld("JK=9D 9S 9H").wilds == 1
    assert meld("9S 9H 9D 9C 9S 2S JK=9H").pile is PileKind.DIRTY
    assert not meld("JK=9D JK=9C 9S 9H").legal  # still two wild cards in four


@pytest.mark.parametrize("cards, legal", [
    ("9S 9H JK", True), ("9S 2H JK", False), ("9S 9H 9D 2C", True), ("9S 9H 2D 2C", False),
    ("9S 9H 9D 9C 2S", True), ("9S 9H 9D 2C JK", False),
    ("9S 9H 9D 9C 2S JK", True), ("9S 9H 9D 2C 2S JK", False),
    ("9S 9H 9D 9C 9S 2S JK", True), ("9S 9H 9D 9C 2C 2S JK", False)])
def test_one_wild_in_three_to_five_cards_two_in_six_or_seven(cards, legal):
    assert meld(cards).legal is legal


def test_a_meld_over_its_wild_limit_says_how_many_it_may_hold():
    assert meld("9S 9H 2D 2C").reason == (
        "A meld of 4 cards may hold at most 1 wild card, and this one has 2.")
    assert meld("9S 9H 9D 2C 2S JK").reason == (
        "A meld of 6 cards may hold at most 2 wild cards, and this one has 3.")


def test_house_wild_limits_loosen_or_tighten_the_rule():
    assert meld("9S 9H 2D 2C", short_meld_wilds=2).legal
    assert not meld("9S 9H 2D 2C", short_meld_wilds=1).legal
    assert meld("9S 9H 9D 9C 2S 2S JK", long_meld_wilds=3).pile is PileKind.DIRTY
    assert not meld("9S 9H 9D 9C 2S 2S JK", long_meld_wilds=2).legal
    assert meld("9S 9H JK", short_meld_wilds=0).reason == (
        "A meld of 3 cards may hold no wild card, and this one has 1.")
    assert not meld("9S 9H 9D 9C 9S 2S JK", long_meld_wilds=1).legal


@pytest.mark.parametrize("cards", ["JK JK JK", "2S 2H 2D", "2S JK 2C JK", "2S JK 2C JK JK 2H"])
def test_wild_cards_alone_make_a_meld_of_no_rank_whatever_the_limits(cards):
    check = meld(cards, short_meld_wilds=0, long_meld_wilds=0)
    assert check.legal and check.rank is None and check.kind.value == "book"
    assert check.pile is None


@pytest.mark.parametrize("cards, pile", [
    ("KS KH KD KC KS KH KD", "clean"), ("KS KH KD KC KS KH JK", "dirty"),
    ("KS KH KD KC KS 2H JK", "dirty"), ("JK JK 2S 2H 2D 2C JK", "wild"),
    ("2S 2H 2D 2C 2S 2H 2D", "wild")])
def test_a_meld_of_seven_is_a_pile_clean_dirty_or_wild(cards, pile):
    assert meld(cards).pile_name == pile


def test_a_meld_counts_its_cards_values():
    assert meld("AS AH 2D").points == 60
    assert meld("JK JK JK 2S 2H 2D 2C").points == 230


# --- House options ----------------------------------------------------------------------------

def test_the_defaults_are_the_rulings():
    defaults = {spec.name: spec.default for spec in OPTIONS}
    assert defaults == {
        "opening_1": 50, "opening_2": 90, "opening_3": 120, "opening_4": 150,
        "wild_pile_bonus": 1500, "clean_pile_bonus": 500, "dirty_pile_bonus": 300,
        "red_three_bonus": 100, "going_out_bonus": 100, "perfect_draw_bonus": 100,
        "red_three_held": 100, "short_meld_wilds": 1, "long_meld_wilds": 2}


def test_an_unknown_or_impossible_house_option_is_refused_where_it_is():
    error = refusal(UnknownOptionError, resolve_options, {"opening_5": 200})
    assert error.location == ("options", "opening_5")
    error = refusal(OptionValueError, resolve_options, {"short_meld_wilds": 5})
    assert error.location == ("options", "short_meld_wilds")
    assert error.message == "short_meld_wilds must be from 0 to 2."
    error = refusal(WrongTypeError, resolve_options, {"clean_pile_bonus": "lots"})
    assert error.location == ("options", "clean_pile_bonus")


# --- Opening ----------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, minimum, enough, short", [
    (1, 50, ["AS AH AD", "9S 9H 9D"], ["9S 9H 9D", "4S 4H 4D"]),  # 90 | 45
    (2, 90, ["AS AH AD", "KS KH KD"], ["KS KH JK", "4S 4H 4D"]),  # 90 | 85
    (3, 120, ["JK 9S 9H", "AS AH AD"], ["JK 9S 9H", "KS KH KD KC"]),  # 130 | 110
    (4, 150, ["JK KS KH", "AS AH AD 2C"], ["JK KS KH", "AS AH AD"])])  # 150 | 130
def test_the_first_melds_must_reach_the_hands_minimum(hand, minimum, enough, short):
    check = opening(*enough, hand=hand)
    assert check.valid and check.reason is None and check.minimum == minimum
    assert check.points >= minimum
    check = opening(*short, hand=hand)
    assert not check.valid and check.points < minimum
    assert check.reason == (f"These melds are worth {check.points}, and hand {hand} needs "
                            f"{minimum} to open: {minimum - check.points} more.")


def test_reaching_the_minimum_exactly_opens():
    check = opening("KS KH KD KC JK", hand=2)  # 40 + 50
    assert check.valid and check.points == 90
    assert not opening("KS KH KD KC 2S", hand=2).valid  # 40 + 20


def test_only_card_values_count_no_pile_bonus():
    check = opening("4S 4H 4D 4C 4S 4H 4D", hand=1)  # a clean pile of fours: 35
    assert check.melds[0].pile is PileKind.CLEAN
    assert not check.valid and check.points == 35


def test_an_illegal_meld_means_no_points_and_says_which_meld():
    check = opening("AS AH AD", "9S 2H JK", hand=1)
    assert not check.valid and check.points is None and check.minimum == 50
    assert check.reason == ("Meld 2 is not legal. A meld of 3 cards may hold at most 1 wild "
                            "card, and this one has 2.")
    assert opening("3H 3D 3H", hand=1).reason.startswith("Meld 1 is not legal. Threes")


def test_a_team_may_not_hold_two_unfinished_melds_of_one_rank():
    check = opening("AS AH AD", "KS KH KD", "AC AS JK", hand=1)
    assert not check.valid and check.points == 180
    assert check.reason == ("Melds 1 and 3 are both unfinished melds of aces, and a team may "
                            "hold only one: lay them as one meld.")
    assert not opening("JK JK JK", "2S 2H 2D", hand=1).valid  # wild melds alike


def test_a_finished_pile_lets_a_new_meld_of_its_rank_start():
    check = opening("AS AH AD AC AS AH AD", "AC AS AH", hand=4)
    assert check.valid and check.points == 200


def test_no_melds_cannot_open():
    check = check_opening([], 1)
    assert not check.valid and check.points == 0
    assert check.reason.startswith("No melds yet")


def test_a_house_schedule_changes_each_hands_minimum():
    assert opening("AS AH AD", hand=1).valid  # 60 against 50
    assert not opening("AS AH AD", hand=1, opening_1=75).valid
    assert opening("AS AH AD", hand=4, opening_4=60).valid
    assert [opening_minimum(h, resolve_options({"opening_3": 100})) for h in (1, 2, 3, 4)] == [
        50, 90, 100, 150]


@pytest.mark.parametrize("hand", [0, 5, -1])
def test_there_are_four_hands(hand):
    error = refusal(HandNumberError, check_opening, [parse_cards("AS AH AD")], hand)
    assert error.location == ("hand",)
    assert error.message == f"Hand and Foot has 4 hands: hand must be 1 to 4, not {hand}."
    assert refusal(WrongTypeError, check_opening, [], "2").location == ("hand",)


def test_cards_the_five_decks_cannot_hold_are_refused_where_they_are():
    melds = [parse_cards("9S 9S 9S"), parse_cards("9S 9S 9S")]
    error = refusal(TooManyCopiesError, check_opening, melds, 1)
    assert error.location == ("melds", 1, 2)
    assert refusal(WrongTypeError, check_opening, ["AS AH AD"], 1).location == ("melds", 0)


# --- Going out --------------------------------------------------------------------------------

def going_out(clean=2, dirty=2, wild=1, feet=None, yes=True):
    return check_going_out(clean, dirty, wild, feet or {"Ann": True, "Cy": True}, yes)


def test_a_team_with_everything_may_go_out():
    check = going_out()
    assert check.may_go_out and check.missing == ()
    assert check.reason.startswith("Yes")
    assert going_out(clean=4, dirty=3, wild=2).may_go_out  # more piles than needed is fine


@pytest.mark.parametrize("change, missing", [
    ({"clean": 0}, "2 more clean piles"), ({"clean": 1}, "1 more clean pile"),
    ({"dirty": 1}, "1 more dirty pile"), ({"wild": 0}, "the wild pile"),
    ({"feet": {"Ann": True, "Cy": False}}, "Cy to play from the foot"),
    ({"yes": False}, "the partner's yes")])
def test_each_missing_condition_is_named(change, missing):
    check = going_out(**change)
    assert not check.may_go_out and check.missing == (missing,)
    assert check.reason == f"Not yet: still missing {missing}."
    assert sum(not c.met for c in check.checklist) == 1


def test_a_clean_pile_does_not_stand_in_for_a_wild_one():
    assert going_out(clean=3, wild=0).missing == ("the wild pile",)


def test_every_partner_of_a_team_of_three_must_have_played_from_the_foot():
    check = going_out(feet={"Ann": True, "Cy": False, "Ed": False})
    assert check.missing == ("Cy to play from the foot", "Ed to play from the foot")
    assert check.reason == ("Not yet: still missing Cy to play from the foot and Ed to play "
                            "from the foot.")


def test_the_checklist_lists_piles_by_kind_then_feet_then_the_yes():
    check = going_out(clean=1, dirty=2, wild=0)
    assert [(c.key, c.have, c.need, c.met) for c in check.checklist] == [
        ("clean_piles", 1, 2, False), ("dirty_piles", 2, 2, True), ("wild_piles", 0, 1, False),
        ("foot:Ann", None, None, True), ("foot:Cy", None, None, True),
        ("partner_yes", None, None, True)]


def test_going_out_questions_that_cannot_be_are_refused():
    assert refusal(CardCountError, going_out, clean=-1).location == ("clean_piles",)
    assert refusal(WrongTypeError, going_out, wild="1").location == ("wild_piles",)
    assert refusal(WrongTypeError, going_out, feet={"Ann": "yes"}).location == (
        "played_from_foot", "Ann")
    assert refusal(WrongTypeError, going_out, yes=None).location == ("partner_said_yes",)


@pytest.mark.parametrize("change, field, message", [
    ({"wild": 9}, "wild_piles", "5 decks hold 30 wild cards: at most 4 wild piles, not 9."),
    ({"clean": 23}, "clean_piles", "5 decks hold 20 natural cards of each rank from 4 to ace: "
                                   "at most 22 clean piles, not 23."),
    ({"wild": 4, "dirty": 4}, "dirty_piles",
     "5 decks hold 30 wild cards, and 4 wild and 4 dirty piles take at least 32.")])
def test_piles_the_decks_could_never_make_are_refused_not_checked_off(change, field, message):
    error = refusal(CardCountError, going_out, **change)
    assert (error.location, error.message) == ((field,), message)


def test_the_most_piles_the_decks_hold_may_still_go_out():
    assert going_out(clean=20, dirty=2, wild=1).may_go_out  # 140 naturals of the 220, 9 wilds
    assert going_out(clean=2, dirty=2, wild=4).may_go_out  # 28 + 2 = 30 wild cards
    assert not going_out(clean=0, dirty=2, wild=4).may_go_out
    assert check_going_out(2, 2, 5, {"Ann": True, "Cy": True}, True, decks=7).may_go_out


# --- A team's hand score ----------------------------------------------------------------------

OUT = {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2, "wild_piles": 1,
       "red_threes": 2, "went_out": True}
STUCK = {"melded": 420, "held": 135, "clean_piles": 1, "dirty_piles": 0, "wild_piles": 0,
         "red_threes": 1, "went_out": False, "perfect_draws": 1, "penalties": 150}


def test_a_hand_score_is_melded_plus_bonuses_minus_held_and_penalties():
    scores = score_hand({"Us": OUT, "Them": STUCK})
    assert scores["Us"].total == 905 + 1500 + 2 * 500 + 2 * 300 + 2 * 100 + 100
    assert scores["Them"].total == 420 + 500 + 100 + 100 - 135 - 150


def test_each_part_is_named_for_the_screen():
    score = score_hand({"Us": OUT, "Them": STUCK})
    assert [part.describe() for part in score["Us"].parts] == [
        "melded cards 905", "wild piles 1 × 1500 = 1500", "clean piles 2 × 500 = 1000",
        "dirty piles 2 × 300 = 600", "red 3s 2 × 100 = 200", "going out 100",
        "perfect draws 0 × 100 = 0", "cards held 0", "penalties 0"]
    assert score["Them"].part("held").describe() == "cards held -135"
    assert score["Them"].part("penalties").points == -150


@pytest.mark.parametrize("option, part, value", [
    ("wild_pile_bonus", "wild_piles", 1000), ("clean_pile_bonus", "clean_piles", 300),
    ("dirty_pile_bonus", "dirty_piles", 100), ("red_three_bonus", "red_threes", 0),
    ("going_out_bonus", "going_out", 250), ("perfect_draw_bonus", "perfect_draws", 0)])
def test_each_bonus_is_a_house_option(option, part, value):
    entry = TeamEntry(**{**OUT, "perfect_draws": 1})
    usual = score_team(entry)
    changed = score_team(entry, {option: value})
    count = usual.part(part).count
    assert usual.part(part).points == count * resolve_options()[option]
    assert changed.part(part).points == count * value
    assert usual.total - changed.total == count * (resolve_options()[option] - value)


def test_a_hand_where_the_stock_ran_out_has_no_team_out():
    scores = score_hand({"Us": STUCK, "Them": {**STUCK, "penalties": 0}})
    assert scores["Them"].total - scores["Us"].total == 150


def test_going_out_with_fewer_piles_is_refused():
    error = refusal(WentOutShortError, score_hand, {"Us": {**OUT, "wild_piles": 0}, "Them": STUCK})
    assert isinstance(error, GoingOutError)  # the API answers it 422 like other entry errors
    assert error.location == ("teams", "Us", "went_out")
    assert error.message == ("Us cannot have gone out with 2 clean, 2 dirty and 0 wild piles: "
                             "going out needs 2 clean, 2 dirty and 1 wild pile.")
    error = refusal(WentOutShortError, score_team, TeamEntry(**{**OUT, "clean_piles": 1}))
    assert error.location == ("went_out",)


def test_two_teams_cannot_both_go_out():
    error = refusal(GoingOutError, score_hand, {"Us": OUT, "Them": OUT})
    assert error.location == ("teams", "Them", "went_out")
    assert error.message == ("Us and Them cannot both have gone out: one team goes out and the "
                             "hand ends.")


@pytest.mark.parametrize("field, value, error_type, message", [
    ("melded", -5, HandEntryError, "melded cannot be below 0"),
    ("held", 12, HandEntryError, "Hand and Foot held points come in 5s: 12 can't be right."),
    ("penalties", 75, HandEntryError, "Hand and Foot penalties come in 50s: 75 can't be right."),
    ("melded", 7, HandEntryError, "Hand and Foot melded points come in 5s: 7 can't be right."),
    ("clean_piles", -1, CardCountError, "clean_piles cannot be below 0"),
    ("red_threes", 1.5, WrongTypeError, "red_threes must be a whole number."),
    ("went_out", "yes", WrongTypeError, "went_out must be true or false.")])
def test_numbers_no_hand_could_end_with_are_refused_where_they_are(field, value, error_type,
                                                                    message):
    error = refusal(error_type, score_hand, {"Us": {**STUCK, field: value}})
    assert error.location == ("teams", "Us", field)
    assert message in error.message


@pytest.mark.parametrize("piles, least", [
    ({"clean_piles": 1}, 35), ({"dirty_piles": 1}, 50), ({"wild_piles": 1}, 140),
    ({"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1}, 310)])
def test_piles_are_worth_at_least_their_own_cards(piles, least):
    entry = {**STUCK, "clean_piles": 0, **piles}
    error = refusal(HandEntryError, score_hand, {"Us": {**entry, "melded": least - 5}})
    assert error.location == ("teams", "Us", "melded")
    assert error.message == (f"Us's piles alone are worth at least {least} in cards, so melded "
                             f"cannot be {least - 5}.")
    assert score_hand({"Us": {**entry, "melded": least}})["Us"].part("melded").points == least


def test_an_entry_names_its_missing_or_unknown_fields():
    entry = dict(OUT)
    del entry["red_threes"]
    error = refusal(HandEntryError, score_hand, {"Us": entry})
    assert (error.location, error.message) == (("teams", "Us", "red_threes"),
                                               "The entry needs red_threes.")
    error = refusal(HandEntryError, score_hand, {"Us": {**OUT, "bonus": 5}})
    assert error.location == ("teams", "Us", "bonus")
    assert refusal(WrongTypeError, score_hand, {"Us": 905}).location == ("teams", "Us")
    assert refusal(WrongTypeError, score_hand, {}).location == ("teams",)


# --- Teams ------------------------------------------------------------------------------------

def test_four_players_make_two_teams_of_two_seated_alternately():
    teams = default_teams(["Ann", "Bo", "Cy", "Di"])
    assert [(t.name, t.players) for t in teams] == [("Ann & Cy", ("Ann", "Cy")),
                                                    ("Bo & Di", ("Bo", "Di"))]
    assert seating(teams) == ("Ann", "Bo", "Cy", "Di")


def test_six_players_make_two_teams_of_three_or_three_of_two():
    six = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    assert [t.players for t in default_teams(six)] == [("Ann", "Cy", "Ed"), ("Bo", "Di", "Flo")]
    assert [t.players for t in default_teams(six, teams=3)] == [
        ("Ann", "Di"), ("Bo", "Ed"), ("Cy", "Flo")]
    for count in (2, 3):
        assert seating(default_teams(six, teams=count)) == tuple(six)


@pytest.mark.parametrize("players, teams", [(5, None), (3, None), (8, 2), (4, 4), (6, 6)])
def test_other_tables_cannot_be_split_into_teams(players, teams):
    error = refusal(TeamSetupError, default_teams, [f"P{i}" for i in range(players)], teams)
    assert error.location == ("players",)
    assert error.message.startswith("Hand and Foot is played by 2 teams of 2, 2 teams of 3 "
                                    "or 3 teams of 2")


def test_teams_as_the_table_names_them_are_checked():
    teams = check_teams([{"name": "Us", "players": ["Ann", " Cy "]},
                         {"name": "Them", "players": ["Bo", "Di"]}])
    assert seating(teams) == ("Ann", "Bo", "Cy", "Di")
    error = refusal(TeamSetupError, check_teams, [{"name": "Us", "players": ["Ann", "Cy"]},
                                                  {"name": "Them", "players": ["Bo", "CY"]}])
    assert error.location == ("teams", 1, "players", 1)
    error = refusal(TeamSetupError, check_teams, [{"name": "Us", "players": ["Ann", "Cy"]},
                                                  {"name": "us", "players": ["Bo", "Di"]}])
    assert error.location == ("teams", 1, "name")
    error = refusal(TeamSetupError, check_teams, [{"name": "Us", "players": ["Ann", "Cy", "Ed"]},
                                                  {"name": "Them", "players": ["Bo", "Di"]}])
    assert error.message == "Every team must have as many players as the others."
    error = refusal(TeamSetupError, check_teams, [{"name": "Us", "players": ["Ann", "Cy"]}])
    assert error.location == ("teams",)
    error = refusal(TeamSetupError, check_teams, [{"name": " ", "players": ["Ann", "Cy"]}])
    assert error.location == ("teams", 0, "name")


# --- The package ------------------------------------------------------------------------------

def test_it_is_offered_as_a_ruleset_of_five_decks_kept_in_teams():
    ruleset = RULESETS["hand-and-foot"]
    assert ruleset.configure().decks == 5 and ruleset.players == (4, 6)
    assert ruleset.keeping.partnerships is not None and not ruleset.arranges


def test_cards_not_yet_read_are_refused_where_they_are():
    assert refusal(WrongTypeError, check_meld, ["9S", "9H", "9D"]).location == ("cards", 0)
    assert refusal(WrongTypeError, check_meld, "9S 9H 9D").location == ("cards",)
    error = refusal(WrongTypeError, check_opening, [parse_cards("AS AH"), ["AD"]], 1)
    assert error.location == ("melds", 1, 0)
