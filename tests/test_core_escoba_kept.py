"""Escoba kept: each hand's points typed, the game to 21 (or the table's target)."""

import pytest

from referee.core.errors import GameSetupError, RefereeInputError

from referee.core.game.events import event_from_dict
from referee.core.game.state import replay
from referee.core.games.escoba import game_winner
from referee.core.seating import GameSetup


def game(*hands, options=None, players=("Ann", "Bo", "Cy")):
    setup = GameSetup.create("escoba", list(players), options=options or {})
    return replay(setup, [event_from_dict({"type": "hand_scored", "hand": n,
                                           "scores": dict(zip(players, hand))})
                          for n, hand in enumerate(hands, 1)])


def test_the_highest_total_wins_once_someone_reaches_21():
    state = game((10, 5, 4), (9, 6, 3))
    assert not state.finished
    state = game((10, 5, 4), (9, 6, 3), (3, 2, 1))
    assert state.finished and state.winners == ["Ann"] == [game_winner(state.totals)]


def test_a_tie_at_the_top_plays_on():
    state = game((10, 10, 0), (11, 11, 1))
    assert state.totals == {"Ann": 21, "Bo": 21, "Cy": 1} and not state.finished
    state = game((10, 10, 0), (11, 11, 1), (1, 0, 0))
    assert state.winners == ["Ann"]


def test_the_target_is_the_tables_choice():
    state = game((10, 5), (6, 1), options={"target": 15}, players=("Ann", "Bo"))
    assert state.finished and state.winners == ["Ann"]


@pytest.mark.parametrize("players", [("A", "B", "C", "D", "E")])
def test_no_more_than_four_play(players):
    with pytest.raises(GameSetupError, match="Escoba is played by 2 to 4 players"):
        GameSetup.create("escoba", list(players))


def test_a_hand_may_come_as_every_players_captures():
    setup = GameSetup.create("escoba", ["Ann", "Bo"])
    state = replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "sides": {
        "Ann": {"cards": "7D 7S 6H AC 2D KS", "escobas": 1},
        "bo": {"count": 5, "diamonds": 2, "seven_of_diamonds": False, "escobas": 0}}})])
    assert state.totals == {"Ann": 4, "Bo": 0}  # two diamonds each: nobody takes that point


@pytest.mark.parametrize("sides, where", [
    ({"Ann": {"cards": "7D", "escobas": 0}}, ("event", "sides", "Bo")),
    ({"Ann": {"cards": "9D", "escobas": 0}, "Bo": {"cards": "", "escobas": 0}},
     ("event", "sides", "Ann", "cards")),
    ({"Ann": {"cards": "7D", "escobas": 0}, "Cy": {"cards": "", "escobas": 0}},
     ("event", "sides", "Cy")),
])
def test_captures_are_refused_where_they_are_wrong(sides, where):
    setup = GameSetup.create("escoba", ["Ann", "Bo"])
    with pytest.raises(RefereeInputError) as refused:
        replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "sides": sides})])
    assert tuple(refused.value.location)[:len(where)] == where


TEAMS = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]
FOUR = ("Ann", "Bo", "Cy", "Di")


def partnership_game(*hands, teams=TEAMS):
    setup = GameSetup.create("escoba", list(FOUR), first_dealer="Ann", teams=teams)
    return replay(setup, [event_from_dict({"type": "hand_scored", "hand": n, **hand})
                          for n, hand in enumerate(hands, 1)])


def test_four_in_partnerships_score_per_side_and_a_side_wins():
    state = partnership_game(
        {"sides": {"Us": {"count": 22, "diamonds": 6, "seven_of_diamonds": True,
                          "best": "7D 7S 7H 6C", "escobas": 2},
                   "them": {"count": 18, "diamonds": 4, "escobas": 0}}},
        {"scores": {"Us": 10, "Them": 3}}, {"scores": {"Us": 6, "Them": 1}})
    assert state.sides == ("Us", "Them")
    assert state.totals == {"Us": 22, "Them": 4}
    assert state.finished and state.winners == ["Us"]


def test_partnerships_tied_at_21_play_on():
    state = partnership_game({"scores": {"Us": 11, "Them": 11}},
                             {"scores": {"Us": 10, "Them": 10}})
    assert state.totals == {"Us": 21, "Them": 21} and not state.finished
    state = partnership_game({"scores": {"Us": 11, "Them": 11}},
                             {"scores": {"Us": 10, "Them": 10}}, {"scores": {"Us": 0, "Them": 2}})
    assert state.winners == ["Them"]


def test_four_play_each_alone_unless_the_table_names_partnerships():
    assert GameSetup.create("escoba", list(FOUR)).sides == FOUR


def test_partners_side_by_side_are_refused():
    with pytest.raises(GameSetupError, match="Partners sit apart"):
        partnership_game(teams=[{"name": "Us", "players": ["Ann", "Bo"]},
                                {"name": "Them", "players": ["Cy", "Di"]}])


def test_partnerships_need_four_players():
    with pytest.raises(GameSetupError, match="Partnerships need 4 players; 3 are seated"):
        GameSetup.create("escoba", ["Ann", "Bo", "Cy"], teams=TEAMS)


def test_the_deal_passes_to_the_right():
    state = partnership_game()
    # Seats go round to the left: the dealer's right is the seat before theirs.
    assert [state.dealer_of(hand) for hand in range(1, 6)] == ["Ann", "Di", "Cy", "Bo", "Ann"]
    assert state.first_player == "Di"  # the dealer's right plays first
    state = partnership_game({"scores": {"Us": 1, "Them": 0}})
    assert state.dealer == "Di" and state.next_game().first_dealer == FOUR.index("Di")


def test_a_hand_worth_more_than_its_points_and_escobas_together_is_refused():
    # One side each for the four points, and 20 escobas at the most: 24 in all.
    with pytest.raises(RefereeInputError) as refused:
        game((24, 24), players=("Ann", "Bo"))
    assert refused.value.location == ("event", "scores", "Bo")
    assert "24" in refused.value.message and "escobas" in refused.value.message
    assert game((24, 0), players=("Ann", "Bo")).totals == {"Ann": 24, "Bo": 0}
    assert game((12, 12), players=("Ann", "Bo")).totals == {"Ann": 12, "Bo": 12}


def test_a_hand_saved_before_the_bound_still_loads():
    setup = GameSetup.create("escoba", ["Ann", "Bo"])
    saved = event_from_dict({"type": "hand_scored", "hand": 1, "scores": {"Ann": 24, "Bo": 24}})
    assert replay(setup, [saved], strict=False).totals == {"Ann": 24, "Bo": 24}
