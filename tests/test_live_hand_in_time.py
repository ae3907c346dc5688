"""A followed Eversol hand rules on what happened when it happened: a rummy card is judged by
the table as it lay when it was thrown, Ari's dead cards stay by their thrower when the stock
is turned over, a kept hand scores at least what the referee saw go into it, and a joker
bought off the table may stay in the hand. Three players Abe, Ben and Carl, Abe dealing, so
Ben plays first (000_a37379b696063a21.txt's example table)."""

from __future__ import annotations

import pytest

from referee.core.errors import TooManyCopiesError
from referee.core.game import GameSetup, HandScored, replay
from referee.core.game.events import UpcardTurned
from referee.core.game.followed import RefereeMismatchError
from referee.core.games.eversol.hand.errors import IllegalStepError
from referee.core.games.eversol.hand.hand import LiveHand
from referee.core.games.eversol.hand.steps import (Bought, BuyClaimed, Discarded, Drew, JokerSwap,
                                                   LaidOff, RummyCalled, WentDown)
from tests.test_live_hand import ben_down, refused

SEATS = ["Abe", "Ben", "Carl"]


def played(steps, hand=1, decks=1, upcard="9D", seats=SEATS, dealer="Abe", **options):
    live = LiveHand(seats, dealer=dealer, hand=hand, decks=decks, upcard=upcard,
                    options=options)
    for step in steps:
        live.apply(step)
    return live


# ---------------------------------------------------------------------- rummy: as thrown

# Nobody is down when Ben throws 6♣; Carl then goes down with a book of sixes.
SIX_THROWN_BEFORE_ANYONE_DOWN = [
    Drew("Ben", "stock"), BuyClaimed("Carl"), Bought("Carl", penalty="2C"),  # the 9♦ upcard
    Discarded("Ben", "6C"),
    Drew("Carl", "stock"), WentDown("Carl", [["6S", "6H", "6D"], ["8C", "8S", "8D"]]),
]


def test_a_card_thrown_before_anyone_went_down_is_never_a_rummy_card():
    hand = played(SIX_THROWN_BEFORE_ANYONE_DOWN)
    assert [str(card) for card in hand.top.table_then] == [] and hand.down == ("Carl",)
    refused(hand, RummyCalled("Abe", "KS"),
            "Nobody had gone down when Ben threw 6♣, so it is not a rummy card: a discard is "
            "judged by the table as it lay when it was thrown.")
    assert hand.rummy_penalties["Ben"] == 0
    hand.apply(Discarded("Carl", "KD"))  # covered, as any discard
    assert [str(card) for card in hand.dead] == ["6C"]


def test_a_thrown_joker_is_a_rummy_card_only_if_someone_was_down_when_it_was_thrown():
    steps = [*SIX_THROWN_BEFORE_ANYONE_DOWN[:3], Discarded("Ben", "JK"),
             *SIX_THROWN_BEFORE_ANYONE_DOWN[4:]]
    refused(played(steps), RummyCalled("Abe", "KS"), "Nobody had gone down when Ben threw "
            "Joker", part=True)


# Two decks, hand 2: Ben goes down with 7♦ 8♦ 9♦ 10♦ and keeps two cards.
BEN_DOWN_WITH_A_DIAMOND_RUN = [
    Drew("Ben", "stock"), Discarded("Ben", "KC"), Bought("Ben"),  # Ben buys back his own
    Drew("Carl", "stock"), Discarded("Carl", "4C"),
    Drew("Abe", "stock"), Discarded("Abe", "5C"),
    Drew("Ben", "stock"), WentDown("Ben", [["8C", "8S", "8H"], ["7D", "8D", "9D", "10D"]]),
    Discarded("Ben", "2C"),
    Drew("Carl", "stock"), Discarded("Carl", "3C"),
    Drew("Abe", "stock"),
]


def diamond_run_hand(abe_throws: str, **options) -> LiveHand:
    hand = played([*BEN_DOWN_WITH_A_DIAMOND_RUN, Discarded("Abe", abe_throws)], hand=2,
                  decks=2, upcard="QS", **options)
    assert hand.held["Ben"] == 2 and hand.current == "Ben"
    return hand


def test_a_card_that_fits_only_after_a_lay_off_since_its_throw_is_not_a_rummy_card():
    hand = diamond_run_hand("5D")  # fits nothing: the run wants the 6♦ or the J♦
    hand.apply(Drew("Ben", "stock", "6D"))
    hand.apply(LaidOff("Ben", 1, "6D"))  # 6♦ to 10♦: now the 5♦ would fit
    refused(hand, RummyCalled("Carl", "KS"),
            "5♦ fitted no meld on the table when Abe threw it, so it is not a rummy card: a "
            "meld laid or added to since does not make it one.")
    assert hand.rummy_penalties["Abe"] == 0


def test_a_card_that_fitted_when_thrown_stays_a_rummy_card_while_it_is_the_top_discard():
    hand = diamond_run_hand("JD")  # fits on top of the run
    hand.apply(Drew("Ben", "stock", "JD"))
    hand.apply(LaidOff("Ben", 1, "JD"))  # the other deck's J♦ takes its place
    hand.apply(RummyCalled("Carl", "KS"))
    assert hand.rummy_penalties["Abe"] == 20 and hand.set_aside["Abe"] == ("JD", "KS")


def test_at_a_meld_table_a_rummy_card_whose_place_was_taken_since_is_dead():
    hand = diamond_run_hand("JD", rummy_card="meld")
    hand.apply(Drew("Ben", "stock", "JD"))
    hand.apply(LaidOff("Ben", 1, "JD"))
    refused(hand, RummyCalled("Carl", "KS", meld=1),
            "J♦ fits no meld now: cards laid off since took its places, so it is dead.")
    hand.apply(RummyCalled("Carl", "KS"))
    assert [str(card) for card in hand.melds[1].meld.cards] == ["7D", "8D", "9D", "10D", "JD"]
    assert hand.set_aside["Abe"] == ("JD", "KS") and hand.rummy_penalties["Abe"] == 20


def test_a_call_saved_when_calls_were_judged_at_the_call_still_replays():
    """Games saved before this rule keep loading: their calls stand as they were checked."""
    steps = [*SIX_THROWN_BEFORE_ANYONE_DOWN, RummyCalled("Abe", "KS")]
    setup = GameSetup.create("eversol", SEATS, first_dealer="Abe", decks=1)
    with pytest.raises(IllegalStepError, match="Nobody had gone down"):
        LiveHand.for_game(setup, 1, "9D", steps)
    saved = LiveHand.for_game(setup, 1, "9D", steps, strict=False)
    assert saved.rummy_penalties["Ben"] == 15 and saved.top is None


# ---------------------------------------------------------------------- Ari's set-aside cards

# Two players: Bo goes down with two books and keeps two cards; Ann throws the 8♥ onto his
# book of eights and Bo calls, throwing his 5♣; Ari's rule charges Ann 10.
ANN_THROWS_A_RUMMY_CARD = [
    Drew("Bo", "stock"), Discarded("Bo", "KC"), Bought("Bo"),
    Drew("Ann", "stock"), Discarded("Ann", "QC"),
    Drew("Bo", "stock"), WentDown("Bo", [["6H", "6S", "6D"], ["8C", "8S", "8D"]]),
    Discarded("Bo", "2C"),
    Drew("Ann", "stock"), Discarded("Ann", "8H"), RummyCalled("Bo", "5C"),
]


def until_the_stock_runs_out(**options) -> LiveHand:
    hand = played(ANN_THROWS_A_RUMMY_CARD, seats=["Ann", "Bo"], dealer="Ann", upcard="9D",
                  **options)
    while hand.stock:
        player = hand.current
        hand.apply(Drew(player, "stock"))
        hand.apply(Discarded(player))
    return hand


def test_cards_set_aside_by_aris_rule_stay_out_of_the_new_stock():
    hand = until_the_stock_runs_out()
    assert hand.rummy_penalties["Ann"] == 10 and hand.set_aside["Ann"] == ("8H", "5C")
    dead = len(hand.dead)
    assert "5C" not in [str(card) for card in hand.dead]
    drawing = hand.current
    refused(hand, Drew(drawing, "stock", "5C"), "There is no 5♣ left to draw: the deck has one "
            "5♣, and it is set aside by Ann (Ari's rule).", TooManyCopiesError)
    hand.apply(Drew(drawing, "stock"))
    assert hand.new_stocks == (dead,) and hand.stock == dead - 1 and hand.dead == ()
    assert hand.snapshot()["new_stocks"] == [dead]
    assert hand.set_aside["Ann"] == ("8H", "5C")  # still by Ann, still charged


def test_without_aris_rule_called_cards_are_dead_like_any_other_and_come_back():
    hand = until_the_stock_runs_out(aris_rule=False)
    assert hand.set_aside == {"Ann": (), "Bo": ()}
    hand.apply(Drew(hand.current, "stock", "5C"))  # turned over with the discard pile
    assert len(hand.new_stocks) == 1


# ---------------------------------------------------------------------- what a kept hand holds

# Hand 1, two decks: Carl throws a joker (nobody down: no rummy card) and Ben buys it with the
# 4♦ as his penalty card; Abe takes Carl's A♠ from the pile; Carl goes out.
SEEN_GOING_IN = [
    Drew("Ben", "stock"), Discarded("Ben", "KC"),
    Drew("Carl", "stock"), Discarded("Carl", "JK"),
    BuyClaimed("Ben"), Bought("Ben", penalty="4D"),
    Drew("Abe", "stock"), Discarded("Abe", "QH"),
    Drew("Ben", "stock"), Discarded("Ben", "3C"),
    Drew("Carl", "stock"), Discarded("Carl", "AS"),
    Drew("Abe", "discard", "AS"), Discarded("Abe", "QD"),
    Drew("Ben", "stock"), Discarded("Ben", "3D"),
    Drew("Carl", "stock"), WentDown("Carl", [["5H", "5S", "5D"], ["7C", "7S", "7D"]]),
    Discarded("Carl", "2H"),
]


def kept_game():
    game = GameSetup.create("eversol", SEATS, first_dealer="Abe", decks=2)
    return replay(game, [UpcardTurned(1, "9D"), *SEEN_GOING_IN])


def test_a_kept_hand_is_worth_at_least_the_cards_seen_going_into_it():
    state = kept_game()
    outcome = state.live.result
    assert state.live.went_out == "Carl" and outcome.held == {"Abe": 6, "Ben": 8, "Carl": 0}
    low_card, joker = 5, 50
    assert outcome.held_points(state.table) == {
        # the A♠ and five unseen cards, none of them the joker seen going into Ben's hand
        "Abe": (15 + 5 * low_card, 15 + 3 * joker + 2 * 15),
        "Ben": (joker + low_card + 6 * low_card, joker + low_card + 3 * joker + 3 * 15)}


def test_a_total_below_what_the_referee_saw_is_flagged_beside_each_player():
    state = kept_game()
    with pytest.raises(RefereeMismatchError) as caught:
        state.apply(HandScored(1, "Carl", {"Abe": 30, "Ben": 45}))
    assert [(m.player, m.message) for m in caught.value.mismatches] == [
        ("Abe", "The referee saw Abe keep 6 cards, A♠ among them: worth 40 to 195 points, "
                "not 30."),
        ("Ben", "The referee saw Ben keep 8 cards, 4♦ and Joker among them: worth 85 to 250 "
                "points, not 45.")]
    tapped = {"Ben": {"way": "cards", "cards": ["5"] * 8}}  # eight cards, but no joker
    with pytest.raises(RefereeMismatchError, match="Ben keep 8 cards, 4♦ and Joker among"):
        state.apply(HandScored(1, "Carl", {"Abe": 40, "Ben": 40}, entries=tapped))
    fine = state.apply(HandScored(1, "Carl", {"Abe": 40, "Ben": 85}))
    assert fine.totals == {"Abe": 40, "Ben": 85, "Carl": 0}
    anyway = state.apply(HandScored(1, "Carl", {"Abe": 30, "Ben": 85}, overrides_referee=True))
    assert [m.player for m in anyway.results[0].saved_anyway] == ["Abe"]


# ---------------------------------------------------------------------- a joker bought, kept

# Hand 1, two decks: Ben goes down with a joker in his book of sixes; Carl buys Abe's 9♠ to
# hold more cards, then goes down buying Ben's joker with the 6♦, and keeps it.
CARL_KEEPS_A_BOUGHT_JOKER = [
    Drew("Ben", "stock"), Discarded("Ben", "KH"), Bought("Ben"),
    Drew("Carl", "stock"), Discarded("Carl", "4C"),
    Drew("Abe", "stock"), Discarded("Abe", "5C"),
    Drew("Ben", "stock"), WentDown("Ben", [["6H", "6S", "JK"], ["8C", "8S", "8D"]]),
    Discarded("Ben", "2C"),
    Drew("Carl", "stock"), Discarded("Carl", "4D"),
    Drew("Abe", "stock"), Discarded("Abe", "9S"), BuyClaimed("Carl"), Bought("Carl"),
    Drew("Ben", "stock"), Discarded("Ben", "KC"),
    Drew("Carl", "stock"),
    WentDown("Carl", [["QH", "QS", "QD"], ["3H", "3S", "3D"]], swaps=[JokerSwap(0, "6D")]),
]


def test_a_joker_bought_off_the_table_may_stay_in_the_hand():
    hand = played(CARL_KEEPS_A_BOUGHT_JOKER, decks=2)
    assert [str(card) for card in hand.melds[0].meld.cards] == ["6H", "6S", "6D"]
    assert hand.held["Carl"] == 3 and hand.snapshot()["seen"]["Carl"] == ["9S", "JK"]
    hand.apply(Discarded("Carl", "KS"))
    hand.apply(Drew("Abe", "stock"))
    hand.apply(Discarded("Abe", "7H"))
    hand.apply(Drew("Ben", "stock"))
    hand.apply(LaidOff("Ben", 0, "6C"))
    hand.apply(LaidOff("Ben", 1, "8H"))
    hand.apply(Discarded("Ben", "2D"))  # Ben's last card: out
    assert hand.went_out == "Ben" and hand.held["Carl"] == 2
    assert hand.result.held_points(hand.table)["Carl"] == (55, 55)  # the joker and the 9♠


# ---------------------------------------------------------------------- the player in turn first

def test_a_buy_asked_before_the_player_in_turn_draws_waits_for_that_player():
    hand = played([Drew("Ben", "stock"), Discarded("Ben", "KC"), BuyClaimed("Abe")])
    ruling = hand.pending_buy
    assert (ruling.player, ruling.waits_for) == ("Abe", "Carl")
    assert ruling.reason.startswith("If Carl does not take the discard as the draw, Abe is")
    hand.apply(Bought("Abe", passed="Carl"))  # Carl lets it go: one deliberate step
    assert hand.steps[-1].describe() == "Carl passed; Abe bought the discard"
    assert hand.current == "Carl" and hand.held["Abe"] == 8


def test_once_the_player_in_turn_drew_from_the_stock_the_buy_waits_for_nobody():
    hand = played([Drew("Ben", "stock"), Discarded("Ben", "KC"), Drew("Carl", "stock"),
                   BuyClaimed("Abe")])
    assert hand.pending_buy.waits_for is None
    assert hand.pending_buy.reason.startswith("Abe is the first after Carl")
    refused(hand, Bought("Abe", passed="Carl"), "Only the player whose turn it is, before "
            "drawing, passes on the card: that is Carl, who has drawn already.")
    refused(hand, Bought("Abe", passed="Ben"), "passes on the card: that is Carl", part=True)


# ---------------------------------------------------------------------- what the log keeps

def test_a_step_is_kept_with_the_cards_the_referee_saw_so_the_history_can_say_them():
    hand = played([Drew("Ben", "stock"), Discarded("Ben", "KC")], decks=2)
    bought = hand.recorded(Bought("Abe", passed="Carl"))
    assert bought.describe() == "Carl passed; Abe bought K♣"
    hand.apply(bought)
    assert hand.recorded(Drew("Carl", "discard")) == Drew("Carl", "discard")  # nothing on top
    hand = ben_down()
    hand.apply(Discarded("Carl", "8H"))
    call = hand.recorded(RummyCalled("Abe", "KS"))
    assert (call.card, call.thrower, call.charged) == ("8H", "Carl", 15)
    assert call.describe() == ("Abe called rummy on Carl’s 8♥, throwing K♠; both are dead; "
                               "Carl is charged 15 (Ari’s rule)")
    assert RummyCalled.to_dict(RummyCalled("Abe", "KS")) == {
        "type": "rummy_called", "caller": "Abe", "callers_discard": "KS", "meld": None}


@pytest.mark.parametrize("wrong, message, field", [
    ({"card": "9H"}, "The top discard is 8♥, not 9♥.", "step.card"),
    ({"thrower": "Ben"}, "Carl threw 8♥, not Ben.", "step.thrower"),
    ({"charged": 20}, "This call charges Carl 15, not 20.", "step.charged"),
])
def test_facts_a_call_is_sent_with_must_be_the_hands(wrong, message, field):
    hand = ben_down()
    hand.apply(Discarded("Carl", "8H"))
    with pytest.raises(IllegalStepError) as caught:
        hand.apply(RummyCalled("Abe", "KS", **wrong))
    assert (caught.value.message, caught.value.field) == (message, field)
