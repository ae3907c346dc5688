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
from referee.core.game.catch_up import overtaken
from referee.core.game.events import DecksChanged, UpcardTurned
from referee.core.game.followed import RefereeMismatchError
from referee.core.game.held import read_held_cards
from referee.core.games.registry import EVERSOL
from referee.core.games.eversol.hand.steps import (Bought, BuyClaimed, Discarded, Drew, LaidOff,
                                                   RummyCalled, WentDown)

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


def test_a_rummy_penalty_is_two_cards_so_one_who_went_out_with_5_is_refused():
    cheapest = HandScored(1, "Abe", {"Abe": 10, "Ben": 5, "Carl": 5, "Dee": 5})  # 2H 3H
    assert replay(setup(), [cheapest]).totals["Abe"] == 10
    one_card = HandScored(1, "Abe", {"Abe": 5, "Ben": 5, "Carl": 5, "Dee": 5})
    with pytest.raises(HandEntryError, match="2 cards a call.*worth 10 at the least") as caught:
        replay(setup(), [one_card])
    assert caught.value.field == "event.points.Abe"
    assert replay(setup(), [one_card], strict=False).totals["Abe"] == 5  # saved before: loads


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
    assert read_held_cards(cards, EVERSOL.configure(decks=decks)).points == points


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
        read_held_cards(cards, EVERSOL.configure(decks=decks))
    assert refused.value.message == message


def test_held_cards_keep_what_was_written_for_the_history():
    two_decks = EVERSOL.configure(decks=2)
    assert read_held_cards("k 7h jk joker", two_decks).cards == ("K", "7H", "JK", "JK")


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
    with pytest.raises(RefereeMismatchError) as dropped:  # nobody went out yet
        state.apply(HandScored(1, "Ben", {"Abe": 15, "Carl": 35}))
    assert [(m.player, m.message) for m in dropped.value.mismatches] == [(
        "Ben", "The referee is following hand 1 and has seen nobody go out: it is Carl's turn "
               "to draw.")]
    scored = state.apply(HandScored(1, "Ben", {"Abe": 15, "Carl": 35}, overrides_referee=True))
    assert scored.live is None and scored.hand == 2
    assert [m.message for m in scored.results[0].saved_anyway] == [
        dropped.value.mismatches[0].message]  # the history says the hand was dropped


def test_a_live_step_out_of_turn_is_refused_with_the_rule():
    setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    state = replay(setup, [])
    with pytest.raises(RefereeInputError) as refused:
        state.apply(event_from_dict({"type": "drew", "player": "Carl", "source": "stock"}))
    assert "Ben" in refused.value.message  # it is Ben's turn
    assert state.live is None  # nothing changed


# --- Decks enough for every hand -----------------------------------------------------------------

SIX = ["Abe", "Ben", "Carl", "Dee", "Eve", "Fay"]


def six_on_one_deck_at_hand_four():
    state = replay(setup(SIX, decks=1), [])
    for hand in (1, 2, 3):
        state = state.apply(HandScored(hand, "Abe", {name: 5 for name in SIX[1:]}))
    return state


def test_six_players_with_one_deck_cannot_deal_hand_four_until_a_deck_is_added():
    state = six_on_one_deck_at_hand_four()
    message = ("Hand 4 cannot be dealt: 6 hands of 9 cards and the upcard take 55 cards, and 1 "
               "deck has only 54. It needs 2 decks.")
    assert state.short_deal.message == message and state.short_deal.decks_needed == 2
    for event in (UpcardTurned(4, "QC"), HandScored(4, "Abe", {name: 5 for name in SIX[1:]}),
                  Drew("Eve", "stock")):
        with pytest.raises(IllegalEventError) as refused:
            state.apply(event)
        assert refused.value.message == message
    with pytest.raises(IllegalEventError, match="It needs 2 decks"):
        state.apply(DecksChanged(1))
    more = state.apply(DecksChanged(2))
    assert more.decks == 2 and more.short_deal is None
    played = more.apply(UpcardTurned(4, "QC")).apply(Drew("Eve", "stock"))
    assert played.live.stock == 108 - 6 * 9 - 1 - 1
    assert more.apply(HandScored(4, "Abe", {name: 100 for name in SIX[1:]})).hand == 5


def test_decks_change_only_between_hands():
    state = six_on_one_deck_at_hand_four().apply(DecksChanged(2)).apply(UpcardTurned(4))
    with pytest.raises(IllegalEventError, match="change the decks before a hand is dealt"):
        state.apply(DecksChanged(3))
    with pytest.raises(IllegalEventError, match="1 to 8 decks"):
        replay(setup(), [DecksChanged(9)])
    assert event_from_dict({"type": "decks_changed", "decks": 3}) == DecksChanged(3)


def test_a_game_saved_before_the_deal_was_checked_still_loads():
    events = [HandScored(hand, "Abe", {name: 5 for name in SIX[1:]}) for hand in range(1, 7)]
    with pytest.raises(IllegalEventError, match="cannot be dealt"):
        replay(setup(SIX, decks=1), events)
    assert replay(setup(SIX, decks=1), events, strict=False).finished


def test_the_table_says_whether_the_first_dealer_was_drawn_or_chosen():
    assert GameSetup.create("eversol", FOUR).dealer_drawn
    chosen = setup(dealer="Carl")
    assert not chosen.dealer_drawn and not GameSetup.from_dict(chosen.to_dict()).dealer_drawn
    state = replay(chosen, [])
    assert not state.dealer_drawn
    assert state.apply(DealerChosen("Ben", drawn=True)).dealer_drawn
    assert not state.apply(DealerChosen("Ben")).dealer_drawn
    old = {k: v for k, v in chosen.to_dict().items() if k != "dealer_drawn"}
    assert GameSetup.from_dict(old).dealer_drawn  # saved before it was kept: as it was


# --- The score of a followed hand against what the referee saw --------------------------------

def followed_to_the_end():
    """Hand 1, one deck, Abe deals. Abe and Ben each buy a discard, Ben goes down and then
    out; Carl threw a rummy card, so Ari's rule charges Carl 10 (9♥ and Abe's 6♠)."""
    game = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    return replay(game, FOLLOWED)


FOLLOWED = [
    UpcardTurned(1, "2C"),
    Drew("Ben", "stock"), Discarded("Ben", "KC"),
    Drew("Carl", "stock"), BuyClaimed("Abe"), Bought("Abe"), Discarded("Carl", "3C"),
    Drew("Abe", "stock"), BuyClaimed("Ben"), Bought("Ben"), Discarded("Abe", "4D"),
    Drew("Ben", "stock"), WentDown("Ben", [["5H", "5S", "JK"], ["9C", "9S", "9D"]]),
    Discarded("Ben", "7C"),
    Drew("Carl", "stock"), Discarded("Carl", "9H"), RummyCalled("Abe", "6S"),
    Drew("Abe", "stock"), Discarded("Abe", "QH"),
    Drew("Ben", "stock"), LaidOff("Ben", 0, "5C"), LaidOff("Ben", 0, "5D"),
    Discarded("Ben", "8D"),
]


def test_a_followed_hand_knows_the_cards_each_player_kept():
    live = followed_to_the_end().live
    assert live.went_out == "Ben" and live.held == {"Abe": 7, "Ben": 0, "Carl": 6}
    assert live.rummy_penalties == {"Abe": 0, "Ben": 0, "Carl": 10}


def test_an_entry_that_contradicts_the_followed_hand_is_refused_naming_each_player():
    state = followed_to_the_end()
    with pytest.raises(RefereeMismatchError) as refused:
        state.apply(HandScored(1, "Ben", {"Abe": 20, "Carl": 10 + 25}, entries={
            "Abe": {"way": "cards", "cards": ["K", "7"]},
            "Carl": {"way": "counts", "counts": {"2-9": 5}, "penalty": 10}}))
    assert [(m.player, m.message) for m in refused.value.mismatches] == [
        ("Abe", "The referee saw Abe keep 7 cards, but 2 were tapped."),
        ("Carl", "The referee saw Carl keep 6 cards, but 5 were counted.")]
    assert refused.value.field == "event.points.Abe"
    with pytest.raises(RefereeMismatchError) as refused:
        state.apply(HandScored(1, "Ben", {"Abe": 20, "Carl": 40}))  # totals only, as over the API
    assert [m.message for m in refused.value.mismatches] == [
        "The referee saw Abe keep 7 cards, K♣ among them: worth 40 to 130 points, not 20."]
    with pytest.raises(RefereeMismatchError, match="charged Carl a rummy penalty of 10"):
        state.apply(HandScored(1, "Ben", {"Abe": 35, "Carl": 30},
                               entries={"Carl": {"way": "total", "total": 30}}))
    with pytest.raises(RefereeMismatchError, match="no rummy penalty charged to Ben"):
        state.apply(HandScored(1, "Ben", {"Abe": 35, "Ben": 15, "Carl": 40},
                               entries={"Ben": {"way": "penalty", "penalty": 15}}))
    fine = state.apply(HandScored(1, "Ben", {"Abe": 40, "Carl": 40}))
    assert fine.results[0].saved_anyway == () and fine.totals == {"Abe": 40, "Ben": 0, "Carl": 40}


def test_a_contradicting_entry_saved_anyway_keeps_what_did_not_agree():
    state = followed_to_the_end()
    saved = state.apply(HandScored(1, "Ben", {"Abe": 20, "Carl": 40}, overrides_referee=True))
    assert saved.totals == {"Abe": 20, "Ben": 0, "Carl": 40}
    assert [m.message for m in saved.results[0].saved_anyway] == [
        "The referee saw Abe keep 7 cards, K♣ among them: worth 40 to 130 points, not 20."]
    again = event_from_dict(HandScored(1, "Ben", {"Abe": 20, "Carl": 40},
                                       overrides_referee=True).to_dict())
    assert again.overrides_referee
    # Saved before the check existed, without the flag: the game still loads.
    loaded = replay(saved.setup, [*FOLLOWED, HandScored(1, "Ben", {"Abe": 20, "Carl": 40})],
                    strict=False)
    assert loaded.totals == saved.totals


# --- A change tapped on a screen another device had moved on -----------------------------------

def test_a_tap_on_an_older_screen_counts_while_it_means_the_same():
    game = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    seen = replay(game, [UpcardTurned(1, "2C"), Drew("Ben", "stock"), Discarded("Ben", "KC")])
    drew = seen.apply(Drew("Carl", "stock"))
    assert overtaken(BuyClaimed("Abe"), seen, drew) is None
    assert overtaken(RummyCalled("Abe", "3S"), seen, drew) is None
    assert overtaken(Discarded("Carl", "4C"), seen, drew) is None  # the same turn
    took = seen.apply(Drew("Carl", "discard"))
    assert overtaken(BuyClaimed("Abe"), seen, took) is None  # legal or not is apply's to say
    covered = drew.apply(Discarded("Carl", "4C"))
    assert overtaken(BuyClaimed("Abe"), seen, covered) == "K♣ is no longer the top discard."
    assert overtaken(Drew("Carl", "stock"), seen, covered) == "Carl's turn is over."
    start = replay(game, [])
    assert overtaken(UpcardTurned(1, "QC"), start, seen) == "Hand 1 is being followed already."
    assert overtaken(Drew("Ben", "stock"), start, seen) == "Ben's turn is over."


def test_a_score_or_a_setting_on_an_older_screen_counts_while_nothing_it_is_about_changed():
    game = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    seen = replay(game, [HandScored(1, "Ben", {"Abe": 15, "Carl": 35})])
    fixed = seen.apply(HandCorrected(1, "Ben", {"Abe": 20, "Carl": 35}, "Abe held a 5 more"))
    assert overtaken(HandScored(2, "Abe", {"Ben": 5, "Carl": 5}), seen, fixed) is None
    assert overtaken(HandCorrected(1, "Ben", {"Abe": 15, "Carl": 30}, "Carl"), seen,
                     fixed) == "Hand 1 was changed."
    scored = seen.apply(HandScored(2, "Abe", {"Ben": 5, "Carl": 5}))
    assert overtaken(HandScored(2, "Carl", {"Ben": 5, "Abe": 5}), seen,
                     scored) == "Hand 2 has been scored already."
    start = replay(game, [])
    redrawn = start.apply(DealerChosen("Carl", drawn=True))
    assert overtaken(DealerChosen("Ben", drawn=True), start, redrawn) == "Carl deals first now."
    assert overtaken(DecksChanged(2), start, start.apply(DecksChanged(3))) == (
        "The game is played with 3 decks now.")


# A family emoji (man ZWJ woman ZWJ girl), a Persian name with a ZWNJ, a Hindi conjunct.
@pytest.mark.parametrize("joined", ["\U0001F468\u200d\U0001F469\u200d\U0001F467",
                                    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647",
                                    "\u0915\u094d\u200d\u0937"])
def test_names_that_need_a_joiner_within_a_word_or_emoji_are_seated(joined):
    state = replay(setup(["Abe", joined, "Carl"]), [])
    assert state.players == ("Abe", joined, "Carl")


@pytest.mark.parametrize("name", ["\u200dAbe", "Abe\u200c", "A \u200d b", "Ab\u200d\u200de"])
def test_a_joiner_alone_or_at_the_ends_of_a_name_is_still_refused(name):
    with pytest.raises(GameSetupError, match="invisible"):
        GameSetup.create("eversol", ["Ben", name], first_dealer=0)


def test_a_joiner_does_not_make_a_second_player_of_a_name_that_looks_the_same():
    with pytest.raises(GameSetupError, match="Two players"):
        GameSetup.create("eversol", ["Abe", "A\u200dbe"], first_dealer=0)


def test_a_reason_cannot_hide_controls_or_turn_the_history_around():
    state = replay(setup(), [HandScored(1, "Abe", {"Ben": 5, "Carl": 10, "Dee": 15})])
    raw = "\x1b[2Jjoker\x07\x7f\x01\x85 miscount\u2028by \u202eDee\ufffe \u2067\u05d3\u05d9\u2069"
    fixed = state.apply(HandCorrected(1, "Abe", {"Ben": 50, "Carl": 10, "Dee": 15}, raw))
    reason = fixed.results[0].corrections[0]
    assert reason == "[2Jjoker miscount by Dee \u2067\u05d3\u05d9\u2069"
    assert HandCorrected(1, "Abe", {}, raw).describe() == f"Hand 1 corrected: {reason}"
    unbalanced = HandCorrected(1, "Abe", {}, "a \u2067b \u2069\u2069c \u2066d").reason
    assert unbalanced == "a \u2067b \u2069c d"
