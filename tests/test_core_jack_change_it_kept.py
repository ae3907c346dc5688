"""Jack Change It kept: a night of rounds, each won by the first player out; the totals are
rounds won, and the night lasts a set number of rounds or until the table ends it."""

import pytest

from referee.core.errors import GameSetupError, RefereeInputError
from referee.core.game.events import event_from_dict
from referee.core.game.state import replay
from referee.core.seating import GameSetup


def night(*winners, options=None, players=("Ann", "Bo", "Cy")):
    setup = GameSetup.create("jack-change-it", list(players), options=options or {})
    return replay(setup, [event_from_dict({"type": "hand_scored", "hand": n, "went_out": who})
                          for n, who in enumerate(winners, 1)])


def test_the_night_counts_rounds_won_and_plays_on_until_the_table_ends_it():
    state = night("Bo", "Ann", "Bo", "Bo")
    assert state.totals == {"Ann": 1, "Bo": 3, "Cy": 0}
    assert not state.finished and state.leaders == ["Bo"]
    ended = state.apply(event_from_dict({"type": "game_ended"}))
    assert ended.finished and ended.winners == ["Bo"]


def test_a_night_of_a_set_number_of_rounds_ends_after_the_last():
    options = {"night_ends": "rounds", "rounds": 3}
    assert not night("Ann", "Cy", options=options).finished
    state = night("Ann", "Cy", "Ann", options=options)
    assert state.finished and state.winners == ["Ann"]


def test_a_round_needs_who_went_out_and_nothing_else():
    with pytest.raises(RefereeInputError, match="say who") as refused:
        night(None)
    assert tuple(refused.value.location) == ("event", "went_out")
    setup = GameSetup.create("jack-change-it", ["Ann", "Bo"])
    with pytest.raises(RefereeInputError) as refused:
        replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                                        "points": {"Bo": 12}})])
    assert tuple(refused.value.location) == ("event", "points")
    with pytest.raises(RefereeInputError):
        night("Dee")


@pytest.mark.parametrize("players", [tuple("ABCDEFG")])
def test_no_more_than_six_play(players):
    with pytest.raises(GameSetupError, match="2 to 6"):
        GameSetup.create("jack-change-it", list(players))
