"""A kept Hand and Foot game: teams seated, hands scored by team, four hands, the winner.

The rules themselves (values, melds, openings, bonuses) are tried in test_core_hand_and_foot.py;
these are what the scorekeeper adds: seats, entries checked against the decks, totals by team.
"""

from __future__ import annotations

import re

import pytest

from referee.core.cards import parse_cards
from referee.core.errors import (GameSetupError, GoingOutError, HandEntryError, TeamSetupError,
                                 WentOutShortError)
from referee.core.game import GameSetup, HandCorrected, replay
from referee.core.game.events import event_from_dict
from referee.core.game.stats import GameSummary, player_stats
from referee.core.games.registry import get_ruleset

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
US_THEM = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def team(melded=0, held=0, clean=0, dirty=0, wild=0, red=0, out=False, **more):
    return {"melded": melded, "held": held, "clean_piles": clean, "dirty_piles": dirty,
            "wild_piles": wild, "red_threes": red, "went_out": out, **more}


OUT = team(melded=905, clean=2, dirty=2, wild=1, red=1, out=True)  # 905+1500+1000+600+100+100


def scored(hand, **teams):
    return event_from_dict({"type": "hand_scored", "hand": hand, "teams": teams})


def setup(teams=US_THEM, players=PLAYERS, **options):
    return GameSetup.create("hand-and-foot", players, first_dealer="Ann", teams=teams,
                            options=options or None)


def refusal(error_type, call, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        call(*args, **kwargs)
    return caught.value


# --- Seats and teams --------------------------------------------------------------------------

def test_two_teams_of_two_sit_alternately_by_default_named_after_their_players():
    game = GameSetup.create("hand-and-foot", PLAYERS, first_dealer="Ann")
    assert [(t.name, t.players) for t in game.teams] == [("Ann & Cy", ("Ann", "Cy")),
                                                         ("Bo & Di", ("Bo", "Di"))]
    assert game.sides == ("Ann & Cy", "Bo & Di") and game.decks == 5


@pytest.mark.parametrize("players, teams", [
    (["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
     [{"name": "A", "players": ["Ann", "Cy", "Ed"]}, {"name": "B", "players": ["Bo", "Di", "Flo"]}]),
    (["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
     [{"name": "A", "players": ["Ann", "Di"]}, {"name": "B", "players": ["Bo", "Ed"]},
      {"name": "C", "players": ["Cy", "Flo"]}])])
def test_two_teams_of_three_or_three_of_two_as_the_table_chooses(players, teams):
    game = setup(teams, players)
    assert game.sides == tuple(t["name"] for t in teams)
    assert GameSetup.from_dict(game.to_dict()) == game


def test_team_names_are_matched_to_players_in_any_case_and_kept_in_the_players_spelling():
    game = setup([{"name": "Us", "players": ["ann", "CY"]}, {"name": "Them",
                                                              "players": ["bo", "di"]}])
    assert game.teams[0].players == ("Ann", "Cy")


@pytest.mark.parametrize("players, teams, words", [
    (["Ann", "Cy", "Bo", "Di"], US_THEM, "Partners sit apart"),
    (PLAYERS, [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Ed"]}],
     "Ed is in team Them but not among the players"),
    (["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
     [{"name": "A", "players": ["Ann", "Bo"]}, {"name": "B", "players": ["Cy", "Di"]},
      {"name": "C", "players": ["Ed", "Flo"]}], "Partners sit apart"),
    (["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
     [{"name": "A", "players": ["Ann", "Di"]}, {"name": "B", "players": ["Bo", "Flo"]},
      {"name": "C", "players": ["Cy", "Ed"]}], "Seat the teams in turn"),
])
def test_teams_the_table_cannot_seat_are_refused_with_the_reason(players, teams, words):
    assert words in refusal(GameSetupError, setup, teams, players).message


def test_five_players_cannot_make_teams_and_teams_belong_only_to_team_games():
    assert isinstance(refusal(GameSetupError, GameSetup.create, "hand-and-foot",
                              ["A", "B", "C", "D", "E"]), TeamSetupError)
    error = refusal(GameSetupError, GameSetup.create, "500", PLAYERS, teams=US_THEM)
    assert error.location == ("teams",)


# --- A hand, scored by team -------------------------------------------------------------------

def test_a_hand_scores_each_team_and_the_team_that_went_out_is_the_hands_winner():
    state = replay(setup(), [scored(1, Us=OUT, Them=team(melded=300, held=85, dirty=1,
                                                          penalties=50))])
    assert state.totals == {"Us": 4205, "Them": 300 + 300 - 85 - 50}
    assert state.results[0].went_out == "Us"
    assert state.as_entered(state.results[0])["teams"]["Them"]["penalties"] == 50


def test_a_hand_may_end_with_nobody_out_when_the_stock_runs_dry():
    state = replay(setup(), [scored(1, Us=team(melded=200, held=40),
                                    Them=team(melded=150, held=10))])
    assert state.results[0].went_out is None and state.totals == {"Us": 160, "Them": 140}


def test_four_hands_make_the_game_and_the_highest_team_total_wins():
    hand = {"Us": team(melded=100, held=20), "Them": team(melded=50)}
    state = replay(setup(), [scored(n, **hand) for n in range(1, 4)])
    assert state.hand == 4 and not state.finished and state.dealer == "Di"
    state = state.apply(scored(4, Us=team(), Them=OUT))
    assert state.finished and state.winners == ["Them"]
    assert [(p.place, p.name) for p in state.ranking] == [(1, "Them"), (2, "Us")]


def test_a_correction_changes_the_winner_and_keeps_its_reason():
    hands = [scored(n, Us=team(melded=100), Them=team(melded=50)) for n in range(1, 5)]
    state = replay(setup(), hands)
    assert state.winners == ["Us"]
    fixed = state.apply(HandCorrected(2, None, {}, "Them had a wild pile",
                                      teams={"Us": team(melded=100),
                                             "Them": team(melded=140, wild=1)}))
    assert fixed.winners == ["Them"] and fixed.results[1].corrections == ("Them had a wild pile",)


@pytest.mark.parametrize("teams, error_type, location", [
    ({"Us": OUT}, HandEntryError, ("event", "teams", "Them")),
    ({"Us": OUT, "Them": OUT}, GoingOutError, ("event", "teams", "Them", "went_out")),
    ({"Us": team(out=True, clean=2, dirty=1, wild=1), "Them": team()}, WentOutShortError,
     ("event", "teams", "Us", "went_out")),
    ({"Us": OUT, "Others": team()}, HandEntryError, ("event", "teams", "Others")),
    ({"Us": team(melded=7), "Them": team()}, HandEntryError, ("event", "teams", "Us", "melded")),
    ({"Us": team(wild=3, melded=420), "Them": team(wild=2, melded=280)}, HandEntryError,
     ("event", "teams")),
    ({"Us": team(red=6), "Them": team(red=5)}, HandEntryError, ("event", "teams")),
    ({"Us": team(melded=9000), "Them": team(held=9000)}, HandEntryError, ("event", "teams")),
])
def test_an_entry_no_hand_could_end_with_is_refused_at_its_field(teams, error_type, location):
    error = refusal(error_type, replay(setup(), []).apply, scored(1, **teams))
    assert error.location == location


@pytest.mark.parametrize("teams, location, words", [
    ({"Us": team(clean=12, melded=420), "Them": team(clean=11, melded=385)}, ("event", "teams"),
     "at most 22 clean piles, not 23"),
    ({"Us": team(wild=4, melded=560), "Them": team(dirty=4, melded=200)}, ("event", "teams"),
     "5 decks hold 30 wild cards, and 4 wild and 4 dirty piles take at least 32"),
    ({"Us": OUT, "Them": team(clean=2, dirty=2, wild=1)}, ("event", "teams", "Them", "melded"),
     "Them's piles alone are worth at least 310 in cards, so melded cannot be 0"),
    ({"Us": OUT, "Them": team(perfect_draws=3)}, ("event", "teams", "Them", "perfect_draws"),
     "A perfect draw is one player's: Them can have at most 2, not 3"),
    ({"Us": team(perfect_draws=30), "Them": team()}, ("event", "teams", "Us", "perfect_draws"),
     "at most 2, not 30"),
])
def test_an_entry_no_cards_could_make_is_refused_with_the_reason(teams, location, words):
    error = refusal(HandEntryError, replay(setup(), []).apply, scored(1, **teams))
    assert error.location == location and words in error.message


def test_every_pile_and_perfect_draw_the_table_could_have_is_taken():
    # Eleven clean piles: two of each rank 4 to 7 and three dearer (8 x 35 + 3 x 70); eleven
    # dirty ones too: each rank's six natural cards left, and a 2 each (600 + 220).
    state = replay(setup(), [scored(1, Us=team(clean=11, melded=490, perfect_draws=2),
                                    Them=team(clean=11, dirty=11, melded=490 + 820))])
    assert state.totals == {"Us": 490 + 5500 + 200, "Them": 1310 + 5500 + 3300}
    teams_of_three = [{"name": "A", "players": ["Ann", "Cy", "Ed"]},
                      {"name": "B", "players": ["Bo", "Di", "Flo"]}]
    state = replay(setup(teams_of_three, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]),
                   [scored(1, A=team(perfect_draws=3), B=team())])
    assert state.totals == {"A": 300, "B": 0}


@pytest.mark.parametrize("us, refused", [
    (team(melded=5), "The cheapest meld, three 4s, is worth 15: Us's melded cannot be 5"),
    (team(melded=10), "three 4s, is worth 15"),
    (team(melded=3000), "5 decks meld 2900 at the most (3s never meld)"),
    # only eight clean piles can be of 4s to 7s (two of each rank): the ninth is 8s or dearer
    (team(clean=9, melded=315), "worth at least 350 in cards"),
])
def test_a_melded_total_no_melds_of_the_decks_make_is_refused(us, refused):
    with pytest.raises(HandEntryError, match=re.escape(refused)) as caught:
        replay(setup(), [scored(1, Us=us, Them=team())])
    assert caught.value.location == ("event", "teams", "Us", "melded")
    assert replay(setup(), [scored(1, Us=us, Them=team())], strict=False).totals  # saved: loads
    for nearest in (team(melded=15), team(melded=2900), team(clean=9, melded=350)):
        assert replay(setup(), [scored(1, Us=nearest, Them=team())]).totals["Us"] >= 15


def test_the_wild_piles_and_red_threes_the_decks_hold_grow_with_the_decks():
    state = replay(GameSetup.create("hand-and-foot", PLAYERS, decks=7, teams=US_THEM), [
        scored(1, Us=team(wild=3, red=7, melded=420), Them=team(wild=3, red=7, melded=420))])
    assert state.totals["Us"] == 420 + 4500 + 700


def test_a_team_game_is_entered_team_by_team_not_player_by_player():
    event = event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                             "points": {"Bo": 10}})
    assert refusal(HandEntryError, replay(setup(), []).apply, event).location == (
        "event", "teams")


def test_house_bonuses_change_the_kept_score():
    state = replay(setup(wild_pile_bonus=1000, going_out_bonus=0), [
        scored(1, Us=OUT, Them=team())])
    assert state.totals["Us"] == 4205 - 500 - 100


# --- The players' page ------------------------------------------------------------------------

def test_a_team_win_counts_for_each_partner_with_the_team_total():
    hands = [scored(n, Us=team(melded=100), Them=team(melded=50)) for n in range(1, 5)]
    summary = GameSummary.of(replay(setup(), hands))
    stats = {s.name: s for s in player_stats([GameSummary.from_dict(summary.to_dict())])}
    assert [stats[name].won for name in PLAYERS] == [1, 0, 1, 0]
    assert stats["Cy"].hands["Hand and Foot"] == [4, 400]


def test_the_meld_verdict_tells_the_pile_through_the_ruleset():
    table = get_ruleset("hand-and-foot").configure()
    verdict, facts = table.judge_meld(parse_cards("JK JK 2S 2H 2D 2C JK"))
    assert verdict.valid and facts == {"pile": "wild", "points": 230}
    verdict, facts = table.judge_meld(parse_cards("3H 3H 3H"))
    assert not verdict.valid and facts["pile"] is None and "Threes never meld" in verdict.reason


def test_a_team_list_with_an_unseen_joiner_in_a_name_still_names_the_seated_player():
    game = setup([{"name": "Us", "players": ["A\u200dnn", "Cy"]},
                  {"name": "Them", "players": ["Bo", "Di"]}])
    assert game.teams[0].players == ("Ann", "Cy")
