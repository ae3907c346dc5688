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
