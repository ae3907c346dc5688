"""Every ruleset's kept game, in the core: entries, scores, the deal, the end and the winners."""

from __future__ import annotations

import pytest

from referee.core.errors import DeckCountError, GameSetupError, HandEntryError
from referee.core.game import GameSetup, HandCorrected, HandScored, IllegalEventError, replay
from referee.core.game.events import DecksChanged, GameEnded, event_from_dict

SEATS = ("Ann", "Bo", "Cy", "Di")


def game(ruleset: str, players=SEATS, **options):
    return GameSetup.create(ruleset, list(players), first_dealer=players[0], options=options)


def melded_held(**players: tuple[int, int]) -> dict[str, dict[str, int]]:
    return {name: {"melded": melded, "held": held} for name, (melded, held) in players.items()}


def five_hundred_hand(hand: int, went_out: str | None, **players: tuple[int, int]) -> HandScored:
    return HandScored(hand, went_out, players=melded_held(**players))


# --- 500 Rummy -----------------------------------------------------------------------------------

def test_a_500_hand_scores_melded_minus_held_and_may_be_negative():
    state = replay(game("500"), [five_hundred_hand(1, "Ann", Ann=(62, 0), Bo=(20, 45),
                                                   Cy=(0, 12), Di=(30, 30))])
    assert state.results[0].scores == {"Ann": 62, "Bo": -25, "Cy": -12, "Di": 0}
    assert [(p.place, p.name) for p in state.ranking] == [(1, "Ann"), (2, "Di"), (3, "Cy"),
                                                          (4, "Bo")]
    assert state.leaders == ["Ann"] and state.hands_in_game is None and not state.finished


def test_a_500_hand_may_end_when_the_stock_runs_out():
    state = replay(game("500"), [five_hundred_hand(1, None, Ann=(40, 5), Bo=(0, 8), Cy=(15, 2),
                                                   Di=(0, 3))])
    assert state.results[0].went_out is None and state.totals["Ann"] == 35
    assert state.dealer == "Bo"  # the deal passes left all the same


@pytest.mark.parametrize(("entry", "message", "location"), [
    (dict(went_out="Ann", players=melded_held(Ann=(40, 5), Bo=(0, 8), Cy=(2, 2), Di=(0, 0))),
     "Ann went out, so Ann holds nothing", ("event", "players", "Ann", "held")),
    (dict(went_out="Ann", players=melded_held(Ann=(0, 0), Bo=(0, 8), Cy=(2, 2), Di=(0, 0))),
     "Ann went out, so Ann melded", ("event", "players", "Ann", "melded")),
    (dict(went_out=None, players=melded_held(Ann=(40, 5), Bo=(0, 8), Cy=(2, 2))),
     "Enter what Di melded and still held", ("event", "players", "Di")),
    (dict(went_out=None, players=melded_held(Ann=(40, 5), Bo=(0, 8), Cy=(2, 2), Di=(0, 0),
                                             Zed=(3, 3))),
     "Nobody called Zed plays", ("event", "players", "Zed")),
    (dict(went_out=None, players=melded_held(Ann=(427, 0), Bo=(0, 8), Cy=(2, 2), Di=(0, 0))),
     r"427 for Ann is more than every card of 1 deck is worth \(426\)",
     ("event", "players", "Ann", "melded")),
    (dict(went_out="Ann", players=melded_held(Ann=(40, 0), Bo=(0, 8), Cy=(2, 1), Di=(0, 5))),
     "No cards held in 500 add up to 1: it can't be right for Cy",
     ("event", "players", "Cy", "held")),
    (dict(went_out="Ann", players=melded_held(Ann=(40, 0), Bo=(0, 8), Cy=(12, 0), Di=(0, 5))),
     "Cy did not go out, so Cy still holds at least one card",
     ("event", "players", "Cy", "held")),
    (dict(went_out=None, players=melded_held(Ann=(40, 5), Bo=(0, 8), Cy=(12, 0), Di=(0, 5))),
     "Cy did not go out, so Cy still holds", ("event", "players", "Cy", "held")),
    (dict(went_out="Ann", points={"Bo": 5}), "not as points", ("event", "points")),
    (dict(went_out="Ann", went_rummy=True,
          players=melded_held(Ann=(40, 0), Bo=(0, 8), Cy=(2, 2), Di=(0, 0))),
     "Going rummy does not change a 500 Rummy score", ("event", "went_rummy")),
])
def test_a_500_entry_no_table_could_have_is_refused_naming_the_input(entry, message, location):
    with pytest.raises(HandEntryError, match=message) as refused:
        replay(game("500"), [HandScored(1, **entry)])
    assert refused.value.location == location


def test_500_counts_a_low_ace_laid_off_alone_as_a_melded_1():
    state = replay(game("500"), [five_hundred_hand(1, "Ann", Ann=(40, 0), Bo=(1, 8), Cy=(0, 2),
                                                   Di=(0, 5))])
    assert state.totals["Bo"] == -7


def test_a_500_floater_has_melded_every_card_without_going_out():
    # Floating: Cy melded every card and waits for the turn, when Ann goes out first.
    floating = replay(game("500", going_out="floating"), [
        five_hundred_hand(1, "Ann", Ann=(40, 0), Bo=(0, 8), Cy=(25, 0), Di=(0, 5))])
    assert floating.totals["Cy"] == 25
    made_to_float = replay(game("500", unplayable_last_discard=True), [
        five_hundred_hand(1, "Ann", Ann=(40, 0), Bo=(0, 8), Cy=(25, 0), Di=(0, 5))])
    assert made_to_float.totals["Cy"] == 25


def test_a_500_hand_saved_before_the_checks_on_what_cards_make_still_loads():
    saved = five_hundred_hand(1, "Ann", Ann=(40, 0), Bo=(0, 8), Cy=(1, 1), Di=(20, 0))
    with pytest.raises(HandEntryError):
        replay(game("500"), [saved])
    assert replay(game("500"), [saved], strict=False).totals == {"Ann": 40, "Bo": -8, "Cy": 0,
                                                                 "Di": 20}


def test_500_plays_on_after_a_tie_for_the_top_at_the_target_and_ends_when_one_leads():
    # What one hand's entries add up to stays within one deck's 426 points.
    hands = [five_hundred_hand(1, "Ann", Ann=(200, 0), Bo=(202, 2), Cy=(0, 10), Di=(0, 10)),
             five_hundred_hand(2, "Bo", Ann=(202, 2), Bo=(200, 0), Cy=(0, 10), Di=(0, 10)),
             five_hundred_hand(3, "Bo", Ann=(102, 2), Bo=(100, 0), Cy=(0, 10), Di=(0, 10))]
    assert replay(game("500"), hands[:2]).past_target == []  # 400 each: short of 500
    tied = replay(game("500"), hands)
    assert tied.totals["Ann"] == tied.totals["Bo"] == 500
    assert not tied.finished and tied.hand == 4 and tied.winners == []
    assert tied.past_target == ["Ann", "Bo"]  # why it plays on, for the board to say
    over = tied.apply(five_hundred_hand(4, "Bo", Ann=(0, 20), Bo=(30, 0), Cy=(0, 10),
                                        Di=(0, 10)))
    assert over.finished and over.hand is None and over.winners == ["Bo"]
    assert over.past_target == []
    with pytest.raises(IllegalEventError, match="The game is over"):
        over.apply(five_hundred_hand(5, "Bo", Ann=(0, 20), Bo=(30, 0), Cy=(0, 10), Di=(0, 10)))


def test_500_entries_that_together_pass_what_the_decks_hold_are_refused():
    with pytest.raises(HandEntryError, match="come to 620, more than every card of 1 deck is "
                                             r"worth \(426\)") as refused:
        replay(game("500"), [five_hundred_hand(1, "Ann", Ann=(300, 0), Bo=(298, 2), Cy=(0, 10),
                                               Di=(0, 10))])
    assert refused.value.field == "event.players"


def test_500_must_go_out_to_win_waits_for_the_one_out_to_reach_the_target():
    setup = game("500", players=("Ann", "Bo"), must_go_out_to_win=True, target_score=100)
    first = replay(setup, [five_hundred_hand(1, "Bo", Ann=(125, 5), Bo=(40, 0))])
    assert first.totals == {"Ann": 120, "Bo": 40} and not first.finished
    assert first.past_target == ["Ann"]
    second = first.apply(five_hundred_hand(2, "Bo", Ann=(0, 5), Bo=(70, 0)))
    assert second.finished and second.winners == ["Bo"]  # 110 going out beats Ann's 115
    assert [p.name for p in second.ranking] == ["Ann", "Bo"]


def test_the_table_can_end_a_game_early_and_the_ranking_decides():
    state = replay(game("500"), [five_hundred_hand(1, "Cy", Ann=(12, 2), Bo=(0, 5), Cy=(20, 0),
                                                   Di=(25, 5))])
    ended = state.apply(GameEnded())
    assert ended.finished and ended.winners == ["Cy", "Di"] and ended.hand is None
    with pytest.raises(IllegalEventError, match="already over"):
        ended.apply(GameEnded())
    with pytest.raises(IllegalEventError, match="No hand has been scored"):
        replay(game("500"), [GameEnded()])


def test_a_correction_that_would_have_ended_the_game_earlier_is_refused():
    hands = [five_hundred_hand(1, "Ann", Ann=(200, 0), Bo=(0, 10), Cy=(0, 10), Di=(0, 10)),
             five_hundred_hand(2, "Ann", Ann=(50, 0), Bo=(0, 10), Cy=(0, 10), Di=(0, 10))]
    state = replay(game("500", target_score=300), hands)
    fix = HandCorrected(1, "Ann", {}, "misread", players=melded_held(
        Ann=(300, 0), Bo=(0, 10), Cy=(0, 10), Di=(0, 10)))
    with pytest.raises(IllegalEventError, match="would have ended after it"):
        state.apply(fix)
    fixed_last = HandCorrected(2, "Ann", {}, "misread", players=melded_held(
        Ann=(100, 0), Bo=(0, 10), Cy=(0, 10), Di=(0, 10)))
    assert state.apply(fixed_last).winners == ["Ann"]


# --- Basic Rummy ---------------------------------------------------------------------------------

def test_basic_the_winner_collects_the_others_points_double_for_rummy():
    state = replay(game("basic", players=("Ann", "Bo", "Cy")), [
        HandScored(1, "Ann", {"Bo": 12, "Cy": 7}),
        HandScored(2, "Bo", {"Ann": 3, "Cy": 10}, went_rummy=True)])
    assert [r.scores for r in state.results] == [{"Ann": 19, "Bo": 0, "Cy": 0},
                                                 {"Ann": 0, "Bo": 26, "Cy": 0}]
    assert state.ranking[0].name == "Bo" and state.results[1].went_rummy


def test_basic_with_two_players_the_winner_deals_next():
    state = replay(game("basic", players=("Ann", "Bo")), [HandScored(1, "Bo", {"Ann": 9})])
    assert state.dealer_of(1) == "Ann" and state.dealer == "Bo" and state.first_player == "Ann"
    state = state.apply(HandScored(2, "Bo", {"Ann": 4}))
    assert state.dealer == "Bo"  # Bo won again, so deals again
    three = replay(game("basic", players=("Ann", "Bo", "Cy")), [HandScored(1, "Cy", {"Ann": 1,
                                                                                     "Bo": 1})])
    assert three.dealer == "Bo"  # with three the deal passes left as usual


@pytest.mark.parametrize(("points", "message"), [
    ({"Bo": 12}, "Enter what Cy was caught with"),
    ({"Bo": 0, "Cy": 3}, "at least 1"),
    ({"Ann": 4, "Bo": 1, "Cy": 3}, "Ann went out, so Ann scores 0"),
    ({"Bo": 341, "Cy": 3}, "more than every card"),
])
def test_basic_entries_no_table_could_have_are_refused(points, message):
    with pytest.raises(HandEntryError, match=message):
        replay(game("basic", players=("Ann", "Bo", "Cy")), [HandScored(1, "Ann", points)])


@pytest.mark.parametrize(("points", "refused", "location"), [
    ({"Bo": 101}, "Bo did not go out, so holds 10 cards at most, worth 100 at the most",
     ("event", "points", "Bo")),  # two players: ten cards each
    ({"Bo": 71, "Cy": 3}, "holds 7 cards at most, worth 70", ("event", "points", "Bo")),
    ({"Bo": 160, "Cy": 3}, "holds 7 cards at most", ("event", "points", "Bo")),
    ({"Bo": 201, "Cy": 3}, "holds 7 cards at most", ("event", "points", "Bo")),
    # five players, six cards each: 60 each would take 24 ten-point cards of the deck's 16
    ({"Bo": 60, "Cy": 60, "Di": 60, "Ed": 60}, "the others' 24 cards can be worth \\(228\\)",
     ("event", "points")),
])
def test_basic_a_player_not_out_holds_no_more_than_the_deal(points, refused, location):
    players = ("Ann", *points)
    with pytest.raises(HandEntryError, match=refused) as caught:
        replay(game("basic", players=players), [HandScored(1, "Ann", points)])
    assert caught.value.location == location
    saved = replay(game("basic", players=players), [HandScored(1, "Ann", points)], strict=False)
    assert saved.totals["Ann"] == sum(points.values())  # a hand saved before still loads
    most = {"Bo": 100} if len(points) == 1 else {"Bo": 70, "Cy": 70} if len(points) == 2 else {
        "Bo": 60, "Cy": 60, "Di": 60, "Ed": 48}
    assert replay(game("basic", players=players), [HandScored(1, "Ann", most)]).totals["Ann"] \
        == sum(most.values())


def test_basic_needs_someone_out_and_ends_at_the_target_or_the_hands():
    with pytest.raises(HandEntryError, match="ends when someone goes out"):
        replay(game("basic", players=("Ann", "Bo")), [HandScored(1, None, {"Ann": 3, "Bo": 4})])
    to_target = replay(game("basic", players=("Ann", "Bo")), [HandScored(1, "Ann", {"Bo": 100})])
    assert to_target.finished and to_target.winners == ["Ann"]
    by_hands = game("basic", players=("Ann", "Bo"), game_end="hands", hands=2)
    tied = replay(by_hands, [HandScored(1, "Ann", {"Bo": 5}), HandScored(2, "Bo", {"Ann": 5})])
    assert tied.finished and tied.winners == ["Ann", "Bo"]  # a set number of hands: shared


# --- Base Rules ----------------------------------------------------------------------------------

def test_base_rules_is_one_hand_by_default_the_first_out_stops_the_game():
    # 004: "The game stops when the first person goes out."
    state = replay(game("base", players=("Ann", "Bo")), [
        HandScored(1, "Bo", players=melded_held(Ann=(30, 9), Bo=(17, 0)))])
    assert state.hands_in_game == 1 and state.finished and state.winners == ["Ann"]


def test_base_rules_played_again_keeps_the_evenings_running_total():
    one_hand = game("base", players=("Ann", "Bo"))
    first = replay(one_hand, [HandScored(1, "Bo", players=melded_held(Ann=(30, 9), Bo=(17, 0)))])
    second = replay(first.next_game(), [
        HandScored(1, "Ann", players=melded_held(Ann=(20, 0), Bo=(10, 30)))])
    assert second.totals == {"Ann": 20, "Bo": -20}  # the game itself is one hand
    assert second.evening.games == 2 and second.evening.totals == {"Ann": 41, "Bo": -3}
    renamed = replay(second.next_game(), [event_from_dict(
        {"type": "player_renamed", "name": "Bo", "new_name": "Bob"})])
    assert renamed.evening.totals == {"Ann": 41, "Bob": -3}  # nothing scored yet tonight
    assert renamed.evening.games == 2
    assert GameSetup.from_dict(renamed.setup.to_dict()) == renamed.setup
    five_hands = replay(game("base", players=("Ann", "Bo"), hands=5), [])
    assert five_hands.evening is None and five_hands.next_game().evening is None
    assert replay(one_hand, []).evening is None  # the evening's first game, not scored yet


def test_base_rules_may_play_a_set_number_of_hands_highest_wins():
    setup = game("base", players=("Ann", "Bo"), hands=5)
    hands = [HandScored(n, "Ann", players=melded_held(Ann=(20, 0), Bo=(10, 3)))
             for n in range(1, 6)]
    state = replay(setup, hands[:4])
    assert state.hands_in_game == 5 and state.hand == 5 and not state.finished
    state = state.apply(hands[4])
    assert state.finished and state.winners == ["Ann"] and state.totals == {"Ann": 100, "Bo": 35}
    ran_out = replay(setup, [HandScored(1, None, players=melded_held(Ann=(20, 4), Bo=(10, 3)))])
    assert ran_out.totals == {"Ann": 16, "Bo": 7}  # the stock ran out: nobody went out


@pytest.mark.parametrize(("players", "message", "location"), [
    (melded_held(Ann=(20, 0), Bo=(10, 1)), "No cards held in Base Rules add up to 1",
     ("event", "players", "Bo", "held")),
    (melded_held(Ann=(20, 0), Bo=(1, 5)), "No cards melded or laid off in Base Rules add up to 1",
     ("event", "players", "Bo", "melded")),
    (melded_held(Ann=(20, 0), Bo=(10, 0)), "Bo did not go out, so Bo still holds",
     ("event", "players", "Bo", "held")),
])
def test_base_rules_entries_no_cards_could_make_are_refused(players, message, location):
    with pytest.raises(HandEntryError, match=message) as refused:
        replay(game("base", players=("Ann", "Bo")), [HandScored(1, "Ann", players=players)])
    assert refused.value.location == location


def test_base_rules_the_player_out_laid_down_at_least_the_seven_cards_dealt():
    short = HandScored(1, "Ann", players=melded_held(Ann=(8, 0), Bo=(10, 5)))
    with pytest.raises(HandEntryError, match="at least the 7 cards dealt, worth 17") as caught:
        replay(game("base", players=("Ann", "Bo")), [short])
    assert caught.value.location == ("event", "players", "Ann", "melded")
    assert replay(game("base", players=("Ann", "Bo")), [short], strict=False).finished
    cheapest = HandScored(1, "Ann", players=melded_held(Ann=(17, 0), Bo=(10, 5)))  # 2222 333
    assert replay(game("base", players=("Ann", "Bo")), [cheapest]).totals["Ann"] == 17


def test_eversol_still_ranks_lowest_first_and_ends_after_six_hands():
    hands = [HandScored(n, "Ann", {"Bo": 5, "Cy": 10, "Di": 15}) for n in range(1, 7)]
    state = replay(game("eversol"), hands)
    assert state.finished and state.winners == ["Ann"] and state.ranking[-1].name == "Di"
    with pytest.raises(HandEntryError, match="not as melded and held"):
        replay(game("eversol"), [HandScored(1, "Ann", players=melded_held(Ann=(0, 0)))])


# --- Events as JSON ------------------------------------------------------------------------------

def test_every_shape_of_hand_scored_reads_back_from_its_json():
    for event in (HandScored(1, None, players=melded_held(Ann=(5, 2))),
                  HandScored(2, "Ann", {"Bo": 3}, went_rummy=True), GameEnded(),
                  HandCorrected(1, "Ann", {"Bo": 5}, "recounted")):
        data = event.to_dict()
        assert event_from_dict(data) == event
    assert "players" not in HandScored(1, "Ann", {"Bo": 5}).to_dict()


def test_each_game_seats_the_players_its_rules_deal_for():
    with pytest.raises(GameSetupError, match="500 Rummy is played by 2 to 8 players; 9 were"):
        GameSetup.create("500", [f"P{n}" for n in range(9)])
    with pytest.raises(GameSetupError, match="Basic Rummy is played by 2 to 6 players"):
        GameSetup.create("basic", [f"P{n}" for n in range(7)])
    assert len(GameSetup.create("eversol", [f"P{n}" for n in range(20)]).players) == 20


def test_a_one_deck_game_saved_with_two_decks_still_loads():
    with pytest.raises(DeckCountError, match="Base Rules Rummy is played with one deck, not 2"):
        GameSetup.create("base", ["Ann", "Bo"], decks=2)
    saved = GameSetup.from_dict({"ruleset": "base", "players": ["Ann", "Bo", "Cy"],
                                 "first_dealer": 0, "decks": 2, "options": {
                                     "game_end": "hands", "hands": 5, "target_score": 100}})
    state = replay(saved, [DecksChanged(3), HandScored(1, "Ann", players=melded_held(
        Ann=(20, 0), Bo=(10, 3), Cy=(30, 6)))], strict=False)
    assert state.decks == 3 and state.totals == {"Ann": 20, "Bo": 7, "Cy": 24}
    with pytest.raises(IllegalEventError, match="played with one deck, not 3"):
        replay(saved, [DecksChanged(3)])


def test_an_eversol_hand_saved_before_the_decks_total_check_still_loads():
    # Each number alone within one deck, together more than one deck is worth (480).
    one_deck = GameSetup.create("eversol", list(SEATS), first_dealer="Ann", decks=1)
    saved = HandScored(1, "Ann", {"Bo": 400, "Cy": 100, "Di": 100})
    with pytest.raises(HandEntryError, match="come to 600"):
        replay(one_deck, [saved])
    assert replay(one_deck, [saved], strict=False).totals["Bo"] == 400
