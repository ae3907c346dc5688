"""Who plays, changed mid-game: a name corrected, a latecomer seated, a player who leaves.
Each is an event of the log, folded like a score; the ruleset says whether players may come
and go (Keeping.seats_change)."""

from __future__ import annotations

import pytest

from referee.core import RefereeInputError
from referee.core.game import GameSetup, HandCorrected, HandScored, event_from_dict, replay
from referee.core.game.events import PlayerLeft, PlayerRenamed, PlayerSeated, UpcardTurned
from referee.core.games.registry import RULESETS

FOUR = ["Abe", "Ben", "Carl", "Dee"]


def eversol(players=FOUR):
    return GameSetup.create("eversol", players, first_dealer="Abe")


def tonk_hand(number, ending, **fields):
    return event_from_dict({"type": "hand_scored", "hand": number, "ending": ending, **fields})


def refused(state, event) -> str:
    with pytest.raises(RefereeInputError) as caught:
        state.apply(event)
    return caught.value.message


def test_a_corrected_name_carries_every_hand_total_and_dealer_with_it():
    state = replay(eversol(["Abe", "Bne", "Carl"]), [
        HandScored(1, "Bne", {"Abe": 15, "Carl": 35}),
        HandScored(2, "Abe", {"Bne": 20, "Carl": 5}),
        PlayerRenamed("bne", "Ben")])
    assert state.players == ("Abe", "Ben", "Carl")
    assert state.totals == {"Abe": 15, "Ben": 20, "Carl": 40}
    assert state.results[0].went_out == "Ben"
    assert [state.dealer_of(h) for h in (1, 2, 3)] == ["Abe", "Ben", "Carl"]
    assert state.apply(HandScored(3, "Ben", {"Abe": 5, "Carl": 5})).totals["Ben"] == 20


def test_a_name_already_at_the_table_or_unknown_is_refused():
    state = replay(eversol(), [])
    assert "already in this game" in refused(state, PlayerRenamed("Abe", "ben"))
    assert "No one called Zed" in refused(state, PlayerRenamed("Zed", "Zoe"))


def test_a_team_named_after_its_players_follows_a_corrected_name():
    setup = GameSetup.create("hand-and-foot", ["Ann", "Bob", "Cy", "Dee"])
    before = setup.sides
    state = replay(setup, [PlayerRenamed("Ann", "Anne")])
    assert "Anne" in state.players and "Ann" not in state.players
    assert [team.name for team in state.setup.teams] == [
        name.replace("Ann", "Anne") if "Ann &" in name or name.endswith("Ann") else name
        for name in before]


def test_a_latecomer_sits_with_0_and_the_deal_goes_on_round_the_bigger_table():
    state = replay(eversol(["Abe", "Ben", "Carl"]), [
        HandScored(1, "Ben", {"Abe": 15, "Carl": 35}),
        PlayerSeated("Dee")])
    assert state.players == ("Abe", "Ben", "Carl", "Dee")
    assert state.totals == {"Abe": 15, "Ben": 0, "Carl": 35, "Dee": 0}
    assert state.dealer_of(1) == "Abe"  # the hand already dealt keeps its dealer
    assert [state.dealer_of(h) for h in (2, 3, 4, 5)] == ["Ben", "Carl", "Dee", "Abe"]
    after = state.apply(HandScored(2, "Dee", {"Abe": 5, "Ben": 10, "Carl": 5}))
    assert after.totals == {"Abe": 20, "Ben": 10, "Carl": 40, "Dee": 0}
    assert after.running_totals()[0]["Dee"] == 0


def test_a_latecomer_may_take_a_seat_in_the_middle():
    state = replay(eversol(["Abe", "Ben", "Carl"]), [PlayerSeated("Dee", seat=2)])
    assert state.players == ("Abe", "Dee", "Ben", "Carl")
    assert state.dealer == "Abe" and state.first_player == "Dee"
    assert "Seat 9" in refused(state, PlayerSeated("Eve", seat=9))


def test_who_leaves_keeps_their_total_and_is_dealt_no_more():
    state = replay(eversol(), [
        HandScored(1, "Ben", {"Abe": 15, "Carl": 35, "Dee": 5}),
        PlayerLeft("Ben")])  # Ben would have dealt hand 2: Carl deals it
    assert state.players == ("Abe", "Carl", "Dee")
    assert state.totals == {"Abe": 15, "Carl": 35, "Dee": 5, "Ben": 0}
    assert state.dealer == "Carl"
    after = state.apply(HandScored(2, "Abe", {"Carl": 10, "Dee": 10}))
    assert after.totals["Ben"] == 0 and after.results[1].scores["Ben"] == 0
    assert "Ben" in refused(after, HandScored(3, "Abe", {"Ben": 5, "Carl": 5, "Dee": 5}))


def test_a_tonk_night_settles_up_with_who_left_and_who_came():
    night = GameSetup.create("tonk", ["Ann", "Bob", "Cy"], first_dealer="Ann", stake="0.50")
    state = replay(night, [tonk_hand(1, "tonk_out", player="Bob"), PlayerLeft("Bob"),
                           PlayerSeated("Dee"), tonk_hand(2, "tonk_out", player="Dee")])
    assert state.totals == {"Ann": -2 - 2, "Cy": -2 - 2, "Dee": 4, "Bob": 4}
    assert sum(t.amount for t in state.settle_up) > 0


def test_a_game_of_teams_keeps_its_teams_and_the_ruleset_says_so():
    setup = GameSetup.create("hand-and-foot", ["Ann", "Bob", "Cy", "Dee"])
    state = replay(setup, [])
    assert "teams are the game" in refused(state, PlayerLeft("Ann"))
    assert "teams are the game" in refused(state, PlayerSeated("Eve"))
    allowing = {key for key, r in RULESETS.items() if r.keeping and r.keeping.seats_change}
    assert {"eversol", "tonk"} <= allowing and "hand-and-foot" not in allowing


def test_no_fewer_players_than_the_game_needs_and_not_during_a_followed_hand():
    state = replay(eversol(["Abe", "Ben", "Carl"]), [PlayerLeft("Carl")])
    assert "the table would have 1" in refused(state, PlayerLeft("Ben"))
    followed = replay(eversol(), [UpcardTurned(1, "QC")])
    assert "between hands" in refused(followed, PlayerSeated("Eve"))


def test_a_returning_player_gets_their_total_back_at_the_table():
    state = replay(eversol(), [HandScored(1, "Ben", {"Abe": 15, "Carl": 35, "Dee": 5}),
                               PlayerLeft("Abe"), PlayerSeated("abe")])
    assert state.players == ("Ben", "Carl", "Dee", "Abe") and state.left == ()
    assert state.totals["Abe"] == 15


def test_roster_events_read_back_as_written():
    for event in (PlayerRenamed("Bne", "Ben"), PlayerSeated("Dee"), PlayerSeated("Dee", 2),
                  PlayerLeft("Abe")):
        assert event_from_dict(event.to_dict()) == event


def test_a_game_played_again_keeps_the_seats_and_rules_and_passes_the_deal_on():
    state = replay(eversol(), [HandScored(h, "Dee", {"Abe": 5, "Ben": 5, "Carl": 5})
                               for h in range(1, 7)])
    again = state.next_game()  # Abe, Ben, Carl, Dee, Abe, Ben dealt: Carl deals next
    assert again.players == tuple(FOUR) and again.options == state.setup.options
    assert replay(again, []).dealer == "Carl" and not again.dealer_drawn
    seated = replay(eversol(), [PlayerSeated("Eve")]).next_game()
    assert seated.players == (*FOUR, "Eve")


def test_two_players_play_again_with_the_last_winner_dealing_where_the_game_says():
    setup = GameSetup.create("basic", ["Ann", "Bob"], first_dealer="Ann",
                             options={"game_end": "hands", "hands": 1})
    state = replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                                            "points": {"Bob": 10}})])
    assert state.finished and replay(state.next_game(), []).dealer == "Ann"  # she dealt, won


def test_a_hand_followed_after_the_table_changed_is_dealt_by_the_right_player():
    state = replay(eversol(["Abe", "Ben", "Carl"]), [
        HandScored(1, "Ben", {"Abe": 15, "Carl": 35}), PlayerSeated("Dee"),
        HandScored(2, "Dee", {"Abe": 5, "Ben": 10, "Carl": 5}), PlayerLeft("Abe")])
    assert (state.dealer, state.first_player) == ("Carl", "Dee")
    followed = state.apply(UpcardTurned(3, "QC"))
    assert followed.live.current == "Dee"


def test_a_hand_played_before_the_table_changed_is_corrected_with_its_own_players():
    state = replay(eversol(["Abe", "Ben", "Carl"]), [
        HandScored(1, "Ben", {"Abe": 15, "Carl": 35}), PlayerSeated("Dee"), PlayerLeft("Abe")])
    assert state.players_of(1) == ("Abe", "Ben", "Carl")
    assert state.players_of(2) == ("Ben", "Carl", "Dee")
    fixed = state.apply(HandCorrected(1, "Ben", {"Abe": 20, "Carl": 35}, "Abe had a 5 more"))
    assert fixed.totals == {"Ben": 0, "Carl": 35, "Dee": 0, "Abe": 20}


def test_a_name_typed_with_an_unseen_joiner_is_the_player_already_at_the_table():
    joined = "A\u200dbe"  # looks like Abe: a joiner pasted in by a phone keyboard
    state = replay(eversol(), [HandScored(1, "Ben", {"Abe": 15, "Carl": 35, "Dee": 5})])
    assert "already in this game" in refused(state, PlayerRenamed("Ben", joined))
    state = state.apply(PlayerRenamed(joined, "Abel"))
    assert state.players[0] == "Abel" and state.totals["Abel"] == 15
    back = replay(eversol(), [PlayerLeft("Abe"), PlayerSeated(joined)])
    assert back.players[-1] == "Abe" and back.left == ()
