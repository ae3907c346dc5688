"""Tonk over the JSON API: a hand settled (POST /tonk/settle), spreads and a player's count,
and a night kept as a ledger of stakes. The rules are tried in the core (test_core_tonk.py);
here, what HTTP adds: the fields read, errors located in the request, the game document's
ledger, and every answer, taken or refused, as the OpenAPI document describes it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import assert_error
from tests.test_api_kept_games import GAME_ENDED, GAMES, Kept, corrected, places

SETTLE = "/api/v1/tonk/settle"
PLAYERS = ["Ann", "Bob", "Cy"]


def payments(answer: dict) -> list[tuple[str, str, int]]:
    return [(p["from"], p["to"], p["stakes"]) for p in answer["payments"]]


# --- POST /tonk/settle ----------------------------------------------------------------------

def test_the_rulings_caught_drop_pays_the_catcher_and_the_lowest(ask):
    answer = ask(SETTLE, {"players": PLAYERS, "ending": "drop", "player": "Ann",
                          "counts": {"Ann": 5, "Bob": 5, "Cy": 20}}).get_json()
    assert answer["outcome"] == "caught"
    assert payments(answer) == [("Ann", "Bob", 1), ("Cy", "Ann", 1), ("Cy", "Bob", 1)]
    assert answer["net"] == {"Ann": 0, "Bob": 2, "Cy": -2}
    assert answer["reason"].startswith("Ann dropped with 5, but Bob has 5")


@pytest.mark.parametrize("body, outcome, net", [
    ({"ending": "tonk_on_deal", "tonks": ["cy"]}, "win", {"Ann": -2, "Bob": -2, "Cy": 4}),
    ({"ending": "tonk_on_deal", "tonks": ["Ann", "Cy"]}, "draw", {"Ann": 0, "Bob": 0, "Cy": 0}),
    ({"ending": "drop", "player": "Bob", "counts": {"Ann": 9, "Bob": 3, "Cy": 4}}, "win",
     {"Ann": -1, "Bob": 2, "Cy": -1}),
    ({"ending": "stock_out", "counts": {"Ann": 9, "Bob": 3, "Cy": 4}}, "win",
     {"Ann": -1, "Bob": 2, "Cy": -1}),
    ({"ending": "stock_out", "counts": {"Ann": 3, "Bob": 3, "Cy": 4}}, "draw",
     {"Ann": 0, "Bob": 0, "Cy": 0}),
    ({"ending": "run_out", "player": "Ann"}, "win", {"Ann": 2, "Bob": -1, "Cy": -1}),
    ({"ending": "tonk_out", "player": "Ann", "player_note": "ignored"}, "win",
     {"Ann": 4, "Bob": -2, "Cy": -2}),
])
def test_every_ending_settles_with_net_for_every_player(ask, body, outcome, net):
    answer = ask(SETTLE, {"players": PLAYERS, **body}).get_json()
    assert (answer["outcome"], answer["net"]) == (outcome, net)
    assert sum(answer["net"].values()) == 0


def test_a_dealt_49_is_a_tonk_only_by_house_rule(ask):
    body = {"players": ["Ann", "Bob"], "ending": "run_out", "player": "Bob",
            "options": {"tonk_on_49": True}}
    assert ask(SETTLE, body).get_json()["net"] == {"Ann": -1, "Bob": 1}
    error = assert_error(ask(SETTLE, body | {"options": {"tonk_on_48": True}}), 422,
                         "unknown_option", "options.tonk_on_48")
    assert "tonk_on_48" in error["message"]


@pytest.mark.parametrize("body, status, code, field", [
    ({"ending": "drop", "player": "Ann"}, 422, "missing_count", "counts"),
    ({"ending": "drop", "player": "Ann", "counts": {"Ann": 3, "Bob": 4}}, 422, "missing_count",
     "counts.Cy"),
    ({"ending": "drop"}, 422, "bad_going_out", "player"),
    ({"ending": "stock_out", "player": "Ann", "counts": {"Ann": 1, "Bob": 2, "Cy": 3}}, 422,
     "bad_going_out", "player"),
    ({"ending": "tonk_on_deal"}, 422, "bad_going_out", "tonks"),
    ({"ending": "run_out", "player": "Ann", "tonks": ["Bob"]}, 422, "bad_going_out", "tonks"),
    ({"ending": "run_out", "player": "Dee"}, 422, "unknown_player", "player"),
    ({"ending": "stock_out", "counts": {"Ann": 1, "Bob": 2, "Cy": 51}}, 422,
     "impossible_score", "counts.Cy"),
    ({"ending": "stock_out", "counts": {"Ann": 1, "Bob": 2, "Cy": -1}}, 422, "bad_count",
     "counts.Cy"),
    ({"ending": "stock_out", "counts": {"Ann": 1, "Bob": "2", "Cy": 3}}, 400, "wrong_type",
     "counts.Bob"),
    ({"ending": "sweep"}, 400, "wrong_type", "ending"),
    ({"ending": "tonk_on_deal", "tonks": "Ann"}, 400, "wrong_type", "tonks"),
    ({"ending": "tonk_on_deal", "tonks": ["Ann"], "counts": {"Ann": 12}}, 422,
     "not_a_dealt_win", "counts.Ann"),
    ({"ending": "tonk_on_deal", "tonks": ["Ann"], "counts": {"Ann": 5}}, 422,
     "not_a_dealt_win", "counts.Ann"),  # five cards count 6 at the least
    ({"ending": "tonk_on_deal", "tonks": ["Ann"], "counts": {"Ann": 0}}, 422,
     "not_a_dealt_win", "counts.Ann"),
])
def test_a_hand_no_table_could_have_is_refused_at_its_field(ask, body, status, code, field):
    assert_error(ask(SETTLE, {"players": PLAYERS, **body}), status, code, field)


@pytest.mark.parametrize("players, status, code", [
    (["Ann"], 422, "bad_player_count"), ([f"P{i}" for i in range(6)], 422, "bad_player_count"),
    (["Ann", "ann"], 422, "bad_player_name"), ("Ann, Bob", 400, "wrong_type"),
])
def test_the_players_are_two_to_five_names(ask, players, status, code):
    response = ask(SETTLE, {"players": players, "ending": "run_out", "player": "Ann"})
    assert_error(response, status, code, "players" if code != "bad_player_name" else "players[1]")


def test_a_game_not_played_for_stakes_has_no_hand_to_settle(rules_client):
    response = rules_client.post("/api/v1/eversol/settle", json={"players": PLAYERS,
                                                                 "ending": "drop"})
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


# --- Spreads and a player's count -----------------------------------------------------------

@pytest.mark.parametrize("cards, valid", [
    (["QH", "KH", "AH"], True), (["AH", "2H", "3H"], True), (["KH", "AH", "2H"], False),
    (["7S", "7H", "7D", "7C"], True), (["7S", "7H"], False),
])
def test_melds_check_knows_tonk_spreads(ask, cards, valid):
    assert ask("/api/v1/melds/check", {"ruleset": "tonk", "cards": cards}).get_json()[
        "valid"] is valid


def test_a_joker_is_not_a_tonk_card(ask):
    assert_error(ask("/api/v1/melds/check", {"ruleset": "tonk", "cards": ["7S", "7H", "JK"]}),
                 422, "card_not_in_game", "cards[2]")


def test_hands_arrange_gives_the_count_as_leftover_points(ask):
    answer = ask("/api/v1/hands/arrange", {"ruleset": "tonk", "cards": [
        "QH", "KH", "AH", "7S", "7D"]}).get_json()
    assert answer["melds"] == [["QH", "KH", "AH"]] and answer["leftover_points"] == 14


def test_scores_hand_gives_each_players_count(ask):
    answer = ask("/api/v1/scores/hand", {"ruleset": "tonk", "players": [
        {"name": "Ann", "hand": ["7S", "8S", "9S", "KD"]},
        {"name": "Bob", "hand": [], "went_out": True}]}).get_json()
    assert answer["scores"] == {"Ann": 10, "Bob": 0}


# --- A night kept as a ledger ---------------------------------------------------------------

def tonk(hand: int, ending: str, **fields: Any) -> dict:
    return {"type": "hand_scored", "hand": hand, "ending": ending, **fields}


def test_a_night_is_a_ledger_of_net_stakes_settled_in_the_fewest_payments(client):
    table = Kept(client, "tonk", PLAYERS, stake="0.25")
    assert (table.game["stake"], table.game["end"]["description"]) == (
        "0.25", "until the table ends it")
    table.send(tonk(1, "drop", player="cy", counts={"Ann": 5, "bob": 9, "Cy": 7}))
    table.send(tonk(2, "tonk_on_deal", tonks=["Ann", "Bob"]))
    night = table.send(tonk(3, "tonk_out", player="Bob"))
    assert night["totals"] == {"Ann": 1, "Bob": 3, "Cy": -4}
    assert night["totals_in_money"] == {"Ann": "0.25", "Bob": "0.75", "Cy": "-1.00"}
    first, second, _ = night["hands"]
    assert (first["outcome"], first["player"], first["counts"]) == (
        "caught", "Cy", {"Ann": 5, "Bob": 9, "Cy": 7})
    assert [(p["from"], p["to"], p["stakes"]) for p in first["payments"]] == [
        ("Bob", "Ann", 1), ("Cy", "Ann", 2)]
    assert first["scores"] == {"Ann": 3, "Bob": -1, "Cy": -2}
    assert (second["outcome"], second["payments"], second["tonks"]) == (
        "draw", [], ["Ann", "Bob"])
    assert not night["finished"] and night["hand"] == 4
    ended = table.send(GAME_ENDED)
    assert ended["finished"] and ended["winners"] == ["Bob"]
    assert places(ended) == [(1, "Bob", 3), (2, "Ann", 1), (3, "Cy", -4)]
    assert ended["settle_up"] == [{"from": "Cy", "to": "Ann", "amount": "0.25"},
                                  {"from": "Cy", "to": "Bob", "amount": "0.75"}]


def test_without_a_stake_the_night_is_kept_in_stakes(client):
    table = Kept(client, "tonk", ["Ann", "Bob"])
    night = table.send(tonk(1, "run_out", player="Ann"))
    assert (night["stake"], night["totals_in_money"]) == (None, None)
    assert night["settle_up"] == [{"from": "Bob", "to": "Ann", "amount": 1}]


@pytest.mark.parametrize("event, status, code, field", [
    (tonk(1, "drop", player="Cy"), 422, "missing_count", "event.counts"),
    (tonk(1, "drop", player="Dee", counts={"Ann": 1, "Bob": 2, "Cy": 3}), 422, "unknown_player",
     "event.player"),
    (tonk(1, "tonk_on_deal", tonks=["Ann", "Zed"]), 422, "unknown_player", "event.tonks[1]"),
    (tonk(1, "tonk_on_deal", tonks=["Ann"], counts={"Ann": 12, "Bob": 30}), 422,
     "not_a_dealt_win", "event.counts.Ann"),
    (tonk(1, "tonk_on_deal", tonks=["Ann"], counts={"Ann": 3}), 422, "not_a_dealt_win",
     "event.counts.Ann"),
    (tonk(1, "stock_out", counts={"Ann": 1, "Bob": 2, "Cy": 999}), 422, "impossible_score",
     "event.counts.Cy"),
    (tonk(1, "sweep"), 400, "wrong_type", "event.ending"),
    ({"type": "hand_scored", "hand": 1, "went_out": "Ann", "points": {"Bob": 5}}, 422,
     "bad_hand_entry", "event.went_out"),
    (tonk(2, "run_out", player="Ann"), 422, "illegal_event", "event.hand"),
])
def test_a_hand_no_table_could_have_changes_nothing(client, event, status, code, field):
    Kept(client, "tonk", PLAYERS).refused(event, status, code, field)


def test_another_games_hand_may_not_carry_a_tonk_ending(client):
    table = Kept(client, "eversol", PLAYERS)
    table.refused({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                   "points": {"Bob": 5, "Cy": 5}, "ending": "drop"}, 422, "bad_hand_entry",
                  "event.ending")


@pytest.mark.parametrize("body, code", [
    ({"stake": "a quarter"}, "bad_stake"), ({"stake": "-1"}, "bad_stake"),
    ({"stake": "0.001"}, "bad_stake"), ({"players": [f"P{i}" for i in range(6)]}, "bad_setup"),
])
def test_a_night_no_table_could_keep_is_refused(client, body, code):
    response = client.post(GAMES, json={"ruleset": "tonk", "players": PLAYERS, **body})
    assert_error(response, 422, code, None if code == "bad_setup" else "stake")


@pytest.mark.parametrize("stake", ["$0.25", "0,25", " 0.25 "])
def test_a_stake_written_as_people_write_money_is_kept_plain_with_its_currency(client, stake):
    response = client.post(GAMES, json={"ruleset": "tonk", "players": PLAYERS, "stake": stake,
                                        "currency": "USD"})
    assert response.status_code == 201, response.get_json()
    assert (response.get_json()["stake"], response.get_json()["currency"]) == ("0.25", "USD")
    unknown = client.post(GAMES, json={"ruleset": "tonk", "players": PLAYERS, "stake": "1",
                                       "currency": "Doubloons"})
    assert_error(unknown, 422, "bad_currency", "currency")


def test_a_stake_in_a_game_not_played_for_stakes_is_refused(client):
    response = client.post(GAMES, json={"ruleset": "500", "players": PLAYERS, "stake": "1"})
    assert_error(response, 422, "bad_setup", "stake")


def test_a_hand_corrected_and_undone_moves_the_ledger(client):
    table = Kept(client, "tonk", PLAYERS, stake="1")
    table.send(tonk(1, "run_out", player="Ann"))
    fixed = table.send(corrected(tonk(1, "tonk_out", player="Ann"), "It was a tonk out"))
    assert fixed["totals"] == {"Ann": 4, "Bob": -2, "Cy": -2}
    assert fixed["hands"][0]["corrections"] == ["It was a tonk out"]
    assert fixed["hands"][0]["ending"] == "tonk_out"
    assert table.undo()["totals"] == {"Ann": 2, "Bob": -1, "Cy": -1}


def test_a_stale_version_changes_nothing(client):
    table = Kept(client, "tonk", PLAYERS)
    table.send(tonk(1, "run_out", player="Ann"))
    response = table.post(table.events, {"expected_version": 0,
                                         "event": tonk(2, "run_out", player="Bob")})
    assert_error(response, 409, "stale_version", "expected_version")
    assert table.read()["totals"] == {"Ann": 2, "Bob": -1, "Cy": -1}
