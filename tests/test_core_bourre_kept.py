"""A Bourré night kept for money: the ante as the table's stake, each hand settled against the
pot the hand before left, each player's running net, a night only the table ends, and the
fewest transfers that settle it (the standing pot given back).

How one hand's pot is won, carried or matched is tried once in test_core_bourre.py (pot.py,
night.py); these are what the kept game adds: the pot carried from event to event, the
refusals located in the event, corrections, the end and the ledger.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.core.errors import RefereeInputError
from referee.core.game import GameSetup, HandCorrected, replay
from referee.core.game.events import GameEnded, event_from_dict
from referee.core.games.bourre import BourrePlayersError, BourreTricksError
from referee.core.model.stakes import Outcome

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
EVERYONE = list(PLAYERS)


def night(ante: str | None = "0.25") -> GameSetup:
    return GameSetup.create("bourre", PLAYERS, first_dealer="Ann", stake=ante)


def hand(number: int, played, tricks=None, **fields):
    return event_from_dict({"type": "hand_scored", "hand": number, "played": played,
                            **({"tricks": tricks} if tricks is not None else {}), **fields})


def refusal(error_type, events, setup=None):
    with pytest.raises(error_type) as caught:
        replay(setup or night(), events)
    return caught.value


# Everyone antes 1 for hand 1 (pot 4). The pot in antes after each hand, the nets in antes:
NIGHT = [
    hand(1, EVERYONE, {"Ann": 3, "Bob": 1, "Cy": 1}),  # Ann takes 4; Dee bourré matches 4
    hand(2, ["Ann", "bob", "Cy"], {"ann": 2, "Bob": 2, "Cy": 1}),  # 2-2-1: the 8 is carried
    hand(3, ["Ann", "Bob"], {"Ann": 2, "Bob": 3}),  # Bob takes 10
]


def test_the_pot_is_won_matched_carried_and_won_again_over_three_hands():
    state = replay(night(), NIGHT)
    pots = [r.settlement.pot for r in state.results]
    # 1: Dee's match 4 + four antes = 8; 2: carried 8 + Cy's and Dee's antes = 10;
    # 3: Bob takes the 10, everyone antes = 4.
    assert pots == [8, 10, 4]
    assert [r.settlement.outcome for r in state.results] == [Outcome.WIN, Outcome.DRAW,
                                                             Outcome.WIN]
    assert [r.went_out for r in state.results] == ["Ann", None, "Bob"]
    # What each would take home, the pot standing being still theirs: after hand 1 Ann has
    # the 3 others' antes; Dee's match of 4 is in the pot, carried by hand 2, until Bob takes
    # the 10 in hand 3 (his 2 antes in it, Ann's 2, Cy's 2 and Dee's 4).
    assert [r.scores for r in state.results] == [
        {"Ann": 3, "Bob": -1, "Cy": -1, "Dee": -1}, dict.fromkeys(PLAYERS, 0),
        {"Ann": -1, "Bob": 9, "Cy": -2, "Dee": -6}]
    assert state.totals == {"Ann": 2, "Bob": 8, "Cy": -3, "Dee": -7}
    assert state.standing_pot.in_pot == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}


FOUR_HANDS = [*NIGHT, hand(4, ["Bob", "Cy", "Dee"], {"Cy": 5},
                           penalties=["Dee"])]  # Cy takes 4; Bob (bourré) and Dee match it


def test_after_every_hand_and_at_the_end_a_net_is_one_number_wherever_it_is_read():
    """The standings (totals), the chart (running totals), settling up (money) and the end
    all read the same net: what is in the pot standing counted as its players'."""
    for played in range(1, len(FOUR_HANDS) + 1):
        state = replay(night("0.50"), FOUR_HANDS[:played])
        ended = state.apply(GameEnded())
        assert state.running_totals()[-1] == state.totals == ended.totals
        assert ended.running_totals()[-1] == ended.totals
        received = dict.fromkeys(PLAYERS, Decimal(0))
        for transfer in state.settle_up:
            received[transfer.payee] += transfer.amount
            received[transfer.payer] -= transfer.amount
        assert received == {name: total * Decimal("0.50")
                            for name, total in state.totals.items()}
        assert state.settle_up == ended.settle_up
        assert sum(state.totals.values()) == 0
    # Hand 4: Cy takes the 4 antes; Bob's and Dee's matches of it make the next pot 12.
    assert state.standing_pot.pot == 12 and state.totals == {
        "Ann": 1, "Bob": 7, "Cy": 0, "Dee": -8}


def test_the_net_is_in_money_the_ante_being_the_stake_and_settling_gives_the_pot_back():
    state = replay(night("0.25"), [*NIGHT, GameEnded()])
    assert state.finished and state.winners == ["Bob"]
    assert state.totals == {"Ann": 2, "Bob": 8, "Cy": -3, "Dee": -7}
    # The standing 4 goes back one ante each: Ann 2, Bob 8, Cy -3, Dee -7 antes of 0.25.
    assert [tuple(t) for t in state.settle_up] == [
        ("Cy", "Ann", Decimal("0.50")), ("Cy", "Bob", Decimal("0.25")),
        ("Dee", "Bob", Decimal("1.75"))]


def test_a_player_playing_alone_takes_the_pot_and_a_penalty_matches_it():
    state = replay(night(), [hand(1, ["Cy"]),  # everyone else passed: Cy takes 4
                             hand(2, EVERYONE, {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1},
                                  penalties=["Bob"])])  # two, the others one: Ann takes 4
    assert [r.went_out for r in state.results] == ["Cy", "Ann"]
    assert state.results[1].settlement.pot == 4 + 4  # Bob's penalty matches the pot, 4
    # Ann takes Bob's, Cy's and Dee's antes; Bob's match of 4 and everyone's next ante wait
    # in the pot, still theirs.
    assert state.totals == {"Ann": -1 + 3, "Bob": -1 - 1, "Cy": 3 - 1, "Dee": -1 - 1}


def test_a_trump_ace_makes_the_dealer_play():
    # Ann deals hand 1: with an ace turned, Ann passing is refused.
    error = refusal(BourrePlayersError, [hand(1, ["Bob", "Cy"], {"Bob": 3, "Cy": 2},
                                              trump_ace=True)])
    assert "Ann" in error.message and error.location == ("event", "played")
    assert replay(night(), [hand(1, ["Ann", "Cy"], {"Ann": 3, "Cy": 2}, trump_ace=True)]).hand == 2


@pytest.mark.parametrize("played, tricks, extra, error_type, location", [
    (["Ann", "Bob"], {"Ann": 3, "Bob": 1}, {}, BourreTricksError, ("event", "tricks")),
    (["Ann", "Bob"], {"Ann": 3, "Cy": 2}, {}, BourreTricksError, ("event", "tricks", "Cy")),
    (["Ann", "Zed"], {"Ann": 5}, {}, BourrePlayersError, ("event", "played", 1)),
    ([], {}, {}, BourrePlayersError, ("event", "played")),
    (["Ann", "Bob"], {"Ann": 5}, {"penalties": ["Cy"]}, BourrePlayersError,
     ("event", "penalties", 0)),
    (["Ann", "Bob"], {"Ann": 6}, {}, BourreTricksError, ("event", "tricks", "Ann")),
    (["Ann", "Bob"], {"Ann": 5}, {"trump_ace": "yes"}, RefereeInputError,
     ("event", "trump_ace")),
])
def test_a_hand_no_table_could_have_is_refused_at_its_field(played, tricks, extra, error_type,
                                                            location):
    error = refusal(error_type, [hand(1, played, tricks, **extra)])
    assert error.location == location and error.message


def test_correcting_a_hand_settles_the_later_hands_against_the_pot_it_now_leaves():
    fixed = HandCorrected(hand=1, went_out=None, points={}, reason="Dee took a trick",
                          settling={"played": EVERYONE,
                                    "tricks": {"Ann": 3, "Bob": 1, "Dee": 1}})
    state = replay(night(), [*NIGHT, fixed])
    # Now Cy goes bourré in hand 1 instead of Dee: the same pots, Cy and Dee swap hand 1.
    assert [r.settlement.pot for r in state.results] == [8, 10, 4]
    assert state.totals == {"Ann": 2, "Bob": 8, "Cy": -7, "Dee": -3}


def test_a_night_for_points_counts_in_antes():
    state = replay(night(None), [*NIGHT, GameEnded()])
    assert [tuple(t) for t in state.settle_up] == [("Cy", "Ann", 2), ("Cy", "Bob", 1),
                                                  ("Dee", "Bob", 7)]
