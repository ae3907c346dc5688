"""The kept game's rules: seating, the deal passing left, hand entry checks, places."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import RefereeInputError
from referee.core.game import (DealerChosen, GameSetup, GameSetupError, HandCorrected,
                               HandEntryError, HandScored, IllegalEventError, event_from_dict,
                               replay)
from referee.core.game.held import read_held_cards

FOUR = ["Abe", "Ben", "Carl", "Dee"]


def setup(players=FOUR, dealer="Abe", **extra):
    return GameSetup.create("eversol", players, first_dealer=dealer, **extra)


def test_the_deal_passes_left_each_hand_and_the_next_seat_plays_first():
    state = replay(setup(), [])
    dealers, firsts = [], []
    for hand in range(1, 7):
        dealers.append(state.dealer)
        firsts.append(state.first_player)
        others = {name: 5 for name in FOUR if name != "Dee"}
        state = state.apply(HandScored(hand, "Dee", others))
    assert dealers == ["Abe", "Ben", "Carl", "Dee", "Abe", "Ben"]
    assert firsts == ["Ben", "Carl", "Dee", "Abe", "Ben", "Carl"]
    assert state.finished and state.dealer is None and state.contract is None


def test_each_hand_shows_its_contract_and_hand_six_has_no_discard():
    state = replay(setup(), [])
    seen = []
    for hand in range(1, 7):
        seen.append((state.contract.cards_dealt, state.contract.discard))
        state = state.apply(HandScored(hand, "Abe", {"Ben": 5, "Carl": 5, "Dee": 5}))
    assert seen == [(6, True), (7, True), (8, True), (9, True), (10, True), (11, False)]


def test_decks_follow_the_player_count_unless_the_table_says():
    assert setup(["A", "B", "C"], dealer="A").decks == 1
    assert setup(FOUR).decks == 2
    assert setup([f"P{i}" for i in range(20)], dealer="P0").decks >= 3
    assert setup(FOUR, decks=3).decks == 3


def test_a_random_first_dealer_is_drawn_and_can_be_drawn_again_before_hand_one():
    drawn = {GameSetup.create("eversol", FOUR, rng=random.Random(seed)).first_dealer
             for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    state = replay(setup(dealer="Abe"), [DealerChosen("carl")])
    assert state.dealer == "Carl"
    scored = state.apply(HandScored(1, "Ben", {"Abe": 5, "Carl": 5, "Dee": 5}))
    with pytest.raises(IllegalEventError, match="before hand 1"):
        scored.apply(DealerChosen("Abe"))


def test_names_are_tidied_and_matched_ignoring_case():
    state = replay(setup(["  Abe  ", "Ben   Jr", "Carl"]), [])
    assert state.players == ("Abe", "Ben Jr", "Carl")
    after = state.apply(HandScored(1, "ben jr", {"ABE": 15, "carl": 35}))
    assert after.totals == {"Abe": 15, "Ben Jr": 0, "Carl": 35}


@pytest.mark.parametrize("players, message", [
    (["Abe"], "2 to 20 players"),
    ([f"P{i}" for i in range(21)], "2 to 20 players"),
    (["Abe", "ABE"], "Two players are called ABE"),
    (["Abe", "  "], "needs a name"),
    (["Abe", "x" * 31], "Keep names to 30"),
])
def test_setups_no_table_could_have(players, message):
    with pytest.raises(GameSetupError, match=message):
        GameSetup.create("eversol", players, first_dealer=0)


@pytest.mark.parametrize("points, went_out, message, field", [
    ({"Ben": 5, "Carl": 5}, "Abe", "Enter what Dee was caught with", "event.points.Dee"),
    ({"Ben": 5, "Carl": 12, "Dee": 5}, "Abe", "come in fives: 12", "event.points.Carl"),
    ({"Ben": 0, "Carl": 5, "Dee": 5}, "Abe", "at least 5", "event.points.Ben"),
    ({"Ben": -5, "Carl": 5, "Dee": 5}, "Abe", "at least 5", "event.points.Ben"),
    ({"Abe": -5, "Ben": 5, "Carl": 5, "Dee": 5}, "Abe", "Abe went out", "event.points.Abe"),
    ({"Ben": 5, "Carl": 5, "Dee": 5000}, "Abe", "more than every card", "event.points.Dee"),
    ({"Ben": 5, "Carl": 5, "Dee": 5}, "Zed", "Nobody called Zed", "event.went_out"),
    ({"Ben": 5, "Carl": 5, "Zed": 5}, "Abe", "Nobody called Zed", "event.points.Zed"),
])
def test_hand_entries_that_cannot_be_right_name_the_player(points, went_out, message, field):
    state = replay(setup(), [])
    with pytest.raises(HandEntryError, match=message) as caught:
        state.apply(HandScored(1, went_out, points))
    assert caught.value.field == field


def test_with_aris_rule_the_one_who_went_out_may_carry_a_rummy_penalty():
    charged = HandScored(1, "Abe", {"Abe": 15, "Ben": 5, "Carl": 5, "Dee": 5})
    assert replay(setup(), [charged]).totals["Abe"] == 15
    with pytest.raises(HandEntryError, match="Abe went out, so Abe scores 0"):
        replay(setup(options={"aris_rule": False}), [charged])
    with pytest.raises(HandEntryError, match="in fives"):
        replay(setup(), [HandScored(1, "Abe", {"Abe": 7, "Ben": 5, "Carl": 5, "Dee": 5})])


def test_corrections_replace_a_hand_and_keep_every_reason():
    state = replay(setup(), [HandScored(1, "Abe", {"Ben": 5, "Carl": 10, "Dee": 15}),
                             HandScored(2, "Ben", {"Abe": 5, "Carl": 5, "Dee": 5})])
    fixed = state.apply(HandCorrected(1, "Abe", {"Ben": 50, "Carl": 10, "Dee": 15}, "joker"))
    fixed = fixed.apply(HandCorrected(1, "Carl", {"Ben": 50, "Abe": 10, "Dee": 15}, "wrong out"))
    assert fixed.results[0].corrections == ("joker", "wrong out")
    assert fixed.totals == {"Abe": 15, "Ben": 50, "Carl": 5, "Dee": 20} and fixed.hand == 3


def test_equal_totals_share_a_place_and_the_next_place_is_skipped():
    state = replay(setup(), [HandScored(1, "Abe", {"Ben": 5, "Carl": 5, "Dee": 10})])
    assert [(p.place, p.name) for p in state.ranking] == [
        (1, "Abe"), (2, "Ben"), (2, "Carl"), (4, "Dee")]
    assert state.leaders == ["Abe"]
    assert replay(setup(), []).leaders == []


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(1, 40), min_size=4,
                                                      max_size=4)), max_size=6))
def test_totals_are_the_sum_of_the_hands_and_the_log_replays_the_same(hands):
    events = [HandScored(i + 1, FOUR[out], {name: 5 * n for name, n in zip(FOUR, points)
                                            if name != FOUR[out]})
              for i, (out, points) in enumerate(hands)]
    state = replay(setup(), events)
    assert state.totals == {name: sum(e.points.get(name, 0) for e in events) for name in FOUR}
    running = state.running_totals()
    assert running[-1] == state.totals if events else running == []
    assert replay(setup(), [event_from_dict(e.to_dict()) for e in events]) == state
    # Undo is a shorter log: every prefix folds, to the state it had then.
    for cut in range(len(events)):
        assert replay(setup(), events[:cut]).results == state.results[:cut]


# --- Cards held, tapped one by one ------------------------------------------------------------

@pytest.mark.parametrize("cards, decks, points", [
    ("K Q J 10 T", 1, 50),
    (["A", "a", "JK"], 1, 80),
    ("7H, 7S; 7", 1, 15),
    ("7 7 7 7 7 7 7 7", 2, 40),  # two decks hold eight sevens
    ("JK JK JK JK", 2, 200),
    ("", 1, 0),
])
def test_held_cards_count_by_rank(cards, decks, points):
    assert read_held_cards(cards, decks).points == points


@pytest.mark.parametrize("cards, decks, message", [
    ("7 7 7 7 7", 1, "5 sevens, but 1 deck holds only 4."),
    ("7 7 7 7 7 7 7 7 7", 2, "9 sevens, but 2 decks hold only 8."),
    ("JK JK JK", 1, "3 jokers, but 1 deck holds only 2."),
    ("7H 7H", 1, "There are more copies of 7♥ here than the deck holds (1)."),
    ("K 1", 1, "'1' is not a card: write a rank such as K or 7, a card such as 7H, or JK for a "
               "joker."),
    ([7], 1, "Each card held must be written as text, such as K or 7H."),
])
def test_impossible_held_cards_are_refused(cards, decks, message):
    with pytest.raises(RefereeInputError) as refused:
        read_held_cards(cards, decks)
    assert refused.value.message == message


def test_held_cards_keep_what_was_written_for_the_history():
    assert read_held_cards("k 7h jk joker", 2).cards == ("K", "7H", "JK", "JK")


# --- A hand followed live, inside the kept game ------------------------------------------------

def test_live_steps_fold_into_the_game_and_end_with_the_hand():
    setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    state = replay(setup, [
        event_from_dict({"type": "upcard_turned", "hand": 1, "card": "QC"}),
        event_from_dict({"type": "drew", "player": "Ben", "source": "stock"}),
        event_from_dict({"type": "discarded", "player": "Ben", "card": "KC"}),
    ])
    assert state.live.current == "Carl" and state.live.upcard == "QC"
    with pytest.raises(IllegalEventError, match="before hand 1 begins"):
        state.apply(DealerChosen("Carl"))
    with pytest.raises(IllegalEventError, match="before anyone plays"):
        state.apply(event_from_dict({"type": "upcard_turned", "hand": 1, "card": "2C"}))
    scored = state.apply(HandScored(1, "Ben", {"Abe": 15, "Carl": 35}))
    assert scored.live is None and scored.hand == 2


def test_a_live_step_out_of_turn_is_refused_with_the_rule():
    setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    state = replay(setup, [])
    with pytest.raises(RefereeInputError) as refused:
        state.apply(event_from_dict({"type": "drew", "player": "Carl", "source": "stock"}))
    assert "Ben" in refused.value.message  # it is Ben's turn
    assert state.live is None  # nothing changed
