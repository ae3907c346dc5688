"""The hands of tests/test_live_hand_in_time.py sent as game events: what HTTP adds is the
refusal's status and field, the live hand's document (set-aside cards, the new stock, the
least and most a kept hand scores) and the 422 for a total the referee's cards rule out."""

from __future__ import annotations

from tests.test_api_games import make_game, scored
from tests.test_api_live_game import Table, documented
from tests.test_live_hand_in_time import (ANN_THROWS_A_RUMMY_CARD, BEN_DOWN_WITH_A_DIAMOND_RUN,
                                          CARL_KEEPS_A_BOUGHT_JOKER, SEEN_GOING_IN,
                                          SIX_THROWN_BEFORE_ANYONE_DOWN)
from referee.core.games.eversol.hand.steps import Discarded, Drew, LaidOff, RummyCalled

SEATS = ("Abe", "Ben", "Carl")


def dealt(client, steps, players=SEATS, decks=1, upcard="9D", hand=1) -> Table:
    """The first player deals hand ``hand`` (earlier hands scored), then ``steps``."""
    first = players[0] if hand == 1 else players[-1]
    table = Table(client, make_game(client, players, first_dealer=first, decks=decks), 0)
    for number in range(1, hand):
        table.send(scored(number, players[1], {name: 5 for name in players if name != players[1]}))
    table.send({"type": "upcard_turned", "hand": hand, "card": upcard})
    for step in steps:
        table.send(step)
    return table


def test_a_call_on_a_card_thrown_before_anyone_went_down_is_refused(client):
    table = dealt(client, SIX_THROWN_BEFORE_ANYONE_DOWN)
    assert table.read()["live"]["rummy_callers"] == []  # as the screen offers none
    error = table.refused(RummyCalled("Abe", "KS"), 422, "illegal_step", "event")
    assert error["message"].startswith("Nobody had gone down when Ben threw 6♣")


def test_the_live_hand_says_who_may_call_rummy_as_the_screen_offers_it(client):
    table = dealt(client, ANN_THROWS_A_RUMMY_CARD[:-1], players=("Ann", "Bo"))
    game = table.read()
    assert game["live"]["top"] == {"card": "8H", "by": "Ann"}
    assert game["live"]["rummy_callers"] == ["Bo"]  # never Ann, who threw it
    documented(client, game)
    assert table.send(ANN_THROWS_A_RUMMY_CARD[-1])["live"]["rummy_callers"] == []


def test_a_call_on_a_card_that_fits_only_after_a_lay_off_is_refused(client):
    table = dealt(client, [*BEN_DOWN_WITH_A_DIAMOND_RUN, Discarded("Abe", "5D"),
                           Drew("Ben", "stock", "6D"), LaidOff("Ben", 1, "6D")],
                  decks=2, upcard="QS", hand=2)
    error = table.refused(RummyCalled("Carl", "KS"), 422, "illegal_step", "event")
    assert error["message"].startswith("5♦ fitted no meld on the table when Abe threw it")
    assert table.read()["live"]["rummy_penalties"]["Abe"] == 0


def test_a_card_that_fitted_when_thrown_is_still_called_after_a_lay_off(client):
    table = dealt(client, [*BEN_DOWN_WITH_A_DIAMOND_RUN, Discarded("Abe", "JD"),
                           Drew("Ben", "stock", "JD"), LaidOff("Ben", 1, "JD")],
                  decks=2, upcard="QS", hand=2)
    live = table.send(RummyCalled("Carl", "KS"))["live"]
    assert live["rummy_penalties"]["Abe"] == 20 and live["set_aside"]["Abe"] == ["JD", "KS"]


def test_the_new_stock_leaves_out_the_cards_set_aside_and_says_its_size(client):
    table = dealt(client, ANN_THROWS_A_RUMMY_CARD, players=("Ann", "Bo"))
    live = table.read()["live"]
    assert live["set_aside"] == {"Ann": ["8H", "5C"], "Bo": []} and live["new_stocks"] == []
    while live["stock"]:
        player = live["current"]
        table.send(Drew(player, "stock"))
        live = table.send(Discarded(player))["live"]
    error = table.refused(Drew(live["current"], "stock", "5C"), 422, "too_many_copies",
                          "event.card")
    assert "set aside by Ann" in error["message"]
    after = table.send(Drew(live["current"], "stock"))
    live = after["live"]
    assert live["new_stocks"] == [live["stock"] + 1] and live["dead"] == []
    assert live["set_aside"]["Ann"] == ["8H", "5C"]
    documented(client, after)


def test_a_total_the_referees_cards_rule_out_is_422_unless_saved_anyway(client):
    table = dealt(client, SEEN_GOING_IN, decks=2)
    scoring = table.read()["live"]["scoring"]
    assert scoring["held_points"] == {"Abe": {"least": 40, "most": 195},
                                      "Ben": {"least": 85, "most": 250}}
    error = table.refused(scored(1, "Carl", {"Abe": 40, "Ben": 45}), 422, "referee_mismatch",
                          "event.points.Ben")
    assert error["message"].startswith("The referee saw Ben keep 8 cards, 4♦ and Joker among "
                                       "them: worth 85 to 250 points, not 45.")
    saved = table.send({**scored(1, "Carl", {"Abe": 40, "Ben": 45}), "overrides_referee": True})
    assert saved["totals"] == {"Abe": 40, "Ben": 45, "Carl": 0}
    assert [m["player"] for m in saved["hands"][0]["saved_anyway"]] == ["Ben"]


def test_a_joker_bought_off_the_table_and_kept_is_scored_with_the_hand(client):
    table = dealt(client, CARL_KEEPS_A_BOUGHT_JOKER, decks=2)
    for step in (Discarded("Carl", "KS"), Drew("Abe", "stock"), Discarded("Abe", "7H"),
                 Drew("Ben", "stock"), LaidOff("Ben", 0, "6C"), LaidOff("Ben", 1, "8H")):
        table.send(step)
    live = table.send(Discarded("Ben", "2D"))["live"]
    assert live["went_out"] == "Ben" and live["seen"]["Carl"] == ["9S", "JK"]
    assert live["scoring"]["held_points"]["Carl"] == {"least": 55, "most": 55}
    table.refused(scored(1, "Ben", {"Abe": 30, "Carl": 10}), 422, "referee_mismatch",
                  "event.points.Carl")
    assert table.send(scored(1, "Ben", {"Abe": 30, "Carl": 55}))["totals"]["Carl"] == 55
