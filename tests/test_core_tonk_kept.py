"""A Tonk night kept as a ledger: the stake, hands settled by how they ended, net stakes as
totals, a night the table alone ends, and the fewest payments that square it.

What each ending pays is tried in test_core_tonk.py; these are what the scorekeeper adds:
names in any case, entries checked within the event, corrections, the end and the ledger.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.core.errors import (DealtClaimError, GameSetupError, HandEntryError,
                                 ImpossibleScoreError,
                                 MissingCountError, StakeError,
                                 UnknownPlayerError)
from referee.core.game import GameSetup, HandCorrected, replay
from referee.core.game.events import GameEnded, event_from_dict
from referee.core.game.stats import GameSummary, player_stats
from referee.core.model.stakes import Outcome

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def night(stake: str | None = "0.50", players=PLAYERS) -> GameSetup:
    return GameSetup.create("tonk", players, first_dealer="Ann", stake=stake)


def hand(number: int, ending: str, **fields):
    return event_from_dict({"type": "hand_scored", "hand": number, "ending": ending, **fields})


def refusal(error_type, call, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        call(*args, **kwargs)
    return caught.value


SIX_HANDS = [
    hand(1, "drop", player="Cy", counts={"Ann": 5, "Bob": 9, "Cy": 7, "Dee": 12}),  # caught
    hand(2, "tonk_on_deal", tonks=["ann", "DEE"]),  # two tonks: a draw
    hand(3, "tonk_out", player="Bob"),
    hand(4, "run_out", player="Dee"),
    hand(5, "stock_out", counts={"Ann": 4, "Bob": 4, "Cy": 9, "Dee": 20}),  # tied: a draw
    hand(6, "drop", player="Ann", counts={"Ann": 2, "Bob": 3, "Cy": 3, "Dee": 30}),  # won
]


def test_a_six_hand_night_adds_each_hands_payments_into_net_stakes():
    state = replay(night(), SIX_HANDS)
    outcomes = [r.settlement.outcome for r in state.results]
    assert outcomes == [Outcome.CAUGHT, Outcome.DRAW, Outcome.WIN, Outcome.WIN, Outcome.DRAW,
                        Outcome.WIN]
    # 1: Cy pays Ann 1 (caught), Bob, Cy, Dee pay Ann 1 (lowest): Ann +4, Bob -1, Cy -2, Dee -1
    # 3: Bob +6, others -2; 4: Dee +3, others -1; 6: Ann +3, others -1
    assert state.totals == {"Ann": 4 - 2 - 1 + 3, "Bob": -1 + 6 - 1 - 1,
                            "Cy": -2 - 2 - 1 - 1, "Dee": -1 - 2 + 3 - 1}
    assert all(sum(r.scores.values()) == 0 for r in state.results)
    assert state.hand == 7 and not state.finished  # only the table ends a night


def test_names_in_any_case_are_kept_as_seated():
    result = replay(night(), SIX_HANDS[:2]).results[1]
    assert result.settling == {"ending": "tonk_on_deal", "tonks": ["Ann", "Dee"]}
    assert result.went_out is None  # two claimed it


def test_the_table_ends_the_night_and_the_best_net_wins():
    state = replay(night(), [*SIX_HANDS, GameEnded()])
    assert state.finished and state.winners == ["Ann"] and state.hand is None
    assert [(p.place, p.name, p.total) for p in state.ranking] == [
        (1, "Ann", 4), (2, "Bob", 3), (3, "Dee", -1), (4, "Cy", -6)]


def test_settling_up_takes_the_fewest_payments_in_money():
    state = replay(night("0.50"), SIX_HANDS)
    transfers = state.settle_up
    assert all(isinstance(t.amount, Decimal) for t in transfers)
    paid = {name: Decimal(0) for name in PLAYERS}
    for transfer in transfers:
        paid[transfer.payer] -= transfer.amount
        paid[transfer.payee] += transfer.amount
    assert paid == {name: total * Decimal("0.50") for name, total in state.totals.items()}
    assert len(transfers) <= len([t for t in state.totals.values() if t]) - 1


def test_without_a_stake_the_night_settles_in_stakes():
    state = replay(night(None), [hand(1, "tonk_out", player="Bob")])
    assert [(t.payer, t.payee, t.amount) for t in state.settle_up] == [
        ("Ann", "Bob", 2), ("Cy", "Bob", 2), ("Dee", "Bob", 2)]


def test_a_correction_settles_the_hand_again():
    state = replay(night(), [hand(1, "run_out", player="Bob")])
    fixed = state.apply(HandCorrected(1, None, {}, "It was a tonk out",
                                      settling={"ending": "tonk_out", "player": "Bob"}))
    assert fixed.totals == {"Ann": -2, "Bob": 6, "Cy": -2, "Dee": -2}
    assert fixed.results[0].corrections == ("It was a tonk out",)


@pytest.mark.parametrize("event, error_type, location", [
    (hand(1, "drop", player="Cy"), MissingCountError, ("event", "counts")),
    (hand(1, "run_out", player="Zed"), UnknownPlayerError, ("event", "player")),
    (hand(1, "stock_out", counts={"Ann": 1, "Bob": 1, "Cy": 1}), MissingCountError,
     ("event", "counts", "Dee")),
    (hand(1, "stock_out", counts={"Ann": 300, "Bob": 300, "Cy": 300, "Dee": 300}),
     ImpossibleScoreError, ("event", "counts", "Ann")),
    (hand(1, "drop", player="Ann", counts={"Ann": 50, "Bob": 50, "Cy": 50, "Dee": 50}),
     ImpossibleScoreError, ("event", "counts")),
    (event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann"}), HandEntryError,
     ("event", "went_out")),
])
def test_a_hand_no_table_could_have_is_refused_within_the_event(event, error_type, location):
    assert refusal(error_type, replay(night(), []).apply, event).location == location


def test_a_night_saved_before_counts_were_held_to_one_deck_still_loads():
    saved = hand(1, "stock_out", counts={"Ann": 60, "Bob": 300, "Cy": 200, "Dee": 70})
    refusal(ImpossibleScoreError, replay, night(), [saved])
    assert replay(night(), [saved], strict=False).totals["Ann"] == 3


@pytest.mark.parametrize("stake, error_type", [
    ("a quarter", StakeError), ("0", StakeError), ("0.125", StakeError),
])
def test_a_stake_that_is_no_money_is_refused(stake, error_type):
    assert refusal(error_type, night, stake).location == ("stake",)


def test_a_stake_is_kept_with_its_cents_and_read_back():
    setup = night("0.5")
    assert setup.stake == "0.50" and GameSetup.from_dict(setup.to_dict()) == setup


def test_only_a_game_for_stakes_takes_a_stake_and_its_hands_fields():
    assert refusal(GameSetupError, GameSetup.create, "500", PLAYERS, stake="1").location == (
        "stake",)
    eversol = replay(GameSetup.create("eversol", PLAYERS, first_dealer="Ann"), [])
    event = event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                             "points": {"Bob": 5, "Cy": 5, "Dee": 5}, "ending": "drop"})
    assert refusal(HandEntryError, eversol.apply, event).location == ("event", "ending")


def test_tonk_seats_two_to_five():
    assert refusal(GameSetupError, GameSetup.create, "tonk", [f"P{i}" for i in range(6)])
    assert GameSetup.create("tonk", ["Ann", "Bob"]).decks == 1


def test_a_hand_event_is_written_back_as_it_came():
    event = SIX_HANDS[0]
    assert event_from_dict(event.to_dict()) == event
    assert event.to_dict()["counts"] == {"Ann": 5, "Bob": 9, "Cy": 7, "Dee": 12}
    assert event.describe() == "Hand 1: drop by Cy"


def test_the_players_page_counts_a_nights_win():
    summary = GameSummary.of(replay(night(), [*SIX_HANDS, GameEnded()]))
    stats = {s.name: s for s in player_stats([GameSummary.from_dict(summary.to_dict())])}
    assert (stats["Ann"].won, stats["Bob"].won, stats["Ann"].finished) == (1, 0, 1)
    assert stats["Cy"].average_hands == {"Tonk": -1.0}  # net stakes a hand


def test_a_tonk_on_the_deal_below_what_five_cards_count_is_refused_but_a_saved_one_loads():
    saved = hand(1, "tonk_on_deal", tonks=["Ann"], counts={"Ann": 3})
    refused = refusal(DealtClaimError, replay, night(), [saved])
    assert refused.location == ("event", "counts", "Ann") and "6 at the least" in str(refused)
    assert replay(night(), [saved], strict=False).totals["Ann"] == 3 * 2
    assert replay(night(), [hand(1, "tonk_on_deal", tonks=["Ann"],
                                 counts={"Ann": 6})]).totals["Ann"] == 3 * 2
