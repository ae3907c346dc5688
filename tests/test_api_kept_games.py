"""Every kept game over the API, pure HTTP: 500 Rummy, Basic Rummy and Base Rules beside
Eversol. Each game's hand_scored shape, its refusals, its end (a target, a number of hands,
must_go_out_to_win), the ranking's order, winners, game_ended, corrections and undo, stale
versions; and every answer, taken or refused, is checked against the OpenAPI document."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import assert_error
from tests.test_api import openapi, response_schema, schema_errors
from tests.test_api_games import history

GAMES = "/api/v1/games"


class Kept:
    """One kept game over the API, the version last seen, and the OpenAPI document that
    every answer must match."""

    def __init__(self, client, ruleset: str, players=("Ann", "Bo", "Cy"), **extra):
        self.client = client
        self.document = openapi(client)
        body = {"ruleset": ruleset, "players": list(players), "first_dealer": players[0],
                **extra}
        response = client.post(GAMES, json=body)
        self.check(GAMES, "post", response)
        assert response.status_code == 201, response.get_data(as_text=True)
        self.game = response.get_json()
        self.version = 0

    @property
    def events(self) -> str:
        return f"{GAMES}/{self.game['id']}/events"

    def check(self, path: str, method: str, response) -> None:
        """The answer is one the document describes, for its status."""
        template = path.replace(self.game["id"], "{game_id}") if hasattr(self, "game") else path
        schema = response_schema(self.document, template, method, response.status_code)
        assert schema_errors(self.document, schema, response.get_json()) == []

    def post(self, path: str, body: dict[str, Any]):
        response = self.client.post(path, json=body,
                                    headers={"X-Edit-Key": self.game["edit_key"]})
        self.check(path, "post", response)
        return response

    def read(self) -> dict[str, Any]:
        path = f"{GAMES}/{self.game['id']}"
        response = self.client.get(path)
        self.check(path, "get", response)
        return response.get_json()

    def send(self, event: dict[str, Any]) -> dict[str, Any]:
        """An event at the version last seen, which the game must take."""
        response = self.post(self.events, {"expected_version": self.version, "event": event})
        assert response.status_code == 201, response.get_data(as_text=True)
        self.version = response.get_json()["version"]
        return response.get_json()

    def undo(self) -> dict[str, Any]:
        response = self.post(f"{GAMES}/{self.game['id']}/undo",
                             {"expected_version": self.version})
        assert response.status_code == 201, response.get_data(as_text=True)
        self.version = response.get_json()["version"]
        return response.get_json()

    def refused(self, event: dict[str, Any], status: int, code: str,
                field: str | None = None) -> dict[str, Any]:
        """``event`` is refused with the API's error, and the game is as it was."""
        before = self.read()
        response = self.post(self.events, {"expected_version": self.version, "event": event})
        error = assert_error(response, status, code, field)
        assert self.read() == before
        return error


def five_hundred(went_out: str | None, hand: int = 1, **players: tuple[int, int]) -> dict:
    """A 500 or Base hand: each player's (melded, held)."""
    return {"type": "hand_scored", "hand": hand, "went_out": went_out,
            "players": {name: {"melded": melded, "held": held}
                        for name, (melded, held) in players.items()}}


def basic(went_out: str, hand: int = 1, rummy: bool = False, **points: int) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out, "went_rummy": rummy,
            "points": points}


def eversol(went_out: str, hand: int = 1, **points: int) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out, "points": points}


def corrected(event: dict, reason: str) -> dict:
    return {**event, "type": "hand_corrected", "reason": reason}


def places(game: dict) -> list[tuple[int, str, int]]:
    return [(p["place"], p["name"], p["total"]) for p in game["ranking"]]


GAME_ENDED = {"type": "game_ended"}


# --- Making a game of every ruleset -----------------------------------------------------------

@pytest.mark.parametrize("ruleset, end, hands_in_game, order", [
    ("eversol", {"hands": 6, "target": None, "must_go_out": False, "description": "6 hands"},
     6, "lowest_first"),
    ("500", {"hands": None, "target": 500, "must_go_out": False,
             "description": "first to 500"}, None, "highest_first"),
    ("basic", {"hands": None, "target": 100, "must_go_out": False,
               "description": "first to 100"}, None, "highest_first"),
    ("base", {"hands": 1, "target": None, "must_go_out": False, "description": "1 hand"},
     1, "highest_first"),
])
def test_every_ruleset_makes_a_game_at_hand_one(client, ruleset, end, hands_in_game, order):
    game = Kept(client, ruleset).game
    assert (game["ruleset"], game["version"], game["hand"]) == (ruleset, 0, 1)
    assert (game["dealer"], game["first_player"]) == ("Ann", "Bo")
    assert game["end"] == end and game["hands_in_game"] == hands_in_game
    assert game["ranking_order"] == order
    assert (game["finished"], game["winners"], game["hands"]) == (False, [], [])
    assert game["totals"] == {"Ann": 0, "Bo": 0, "Cy": 0}
    assert places(game) == [(1, "Ann", 0), (1, "Bo", 0), (1, "Cy", 0)]
    assert (game["contract"] is None) == (ruleset != "eversol")


def test_house_options_choose_the_end(client):
    base = Kept(client, "base", options={"game_end": "points", "target_score": 150}).game
    assert base["end"]["description"] == "first to 150" and base["hands_in_game"] is None
    short = Kept(client, "basic", options={"game_end": "hands", "hands": 3}).game
    assert short["end"]["description"] == "3 hands" and short["hands_in_game"] == 3
    strict = Kept(client, "500", options={"target_score": 250, "must_go_out_to_win": True})
    assert strict.game["end"] == {"hands": None, "target": 250, "must_go_out": True,
                                  "description": "first to 250"}


def test_decks_come_from_the_player_count_unless_given(client):
    assert Kept(client, "500", ("Ann", "Bo", "Cy", "Di", "Ed")).game["decks"] == 2
    assert Kept(client, "500", ("Ann", "Bo"), decks=3).game["decks"] == 3
    assert Kept(client, "basic", tuple("ABCDEF")).game["decks"] == 1


@pytest.mark.parametrize("body, status, code, field", [
    ({"ruleset": "gin", "players": ["Ann", "Bo"]}, 422, "unknown_ruleset", "ruleset"),
    ({"ruleset": "500", "players": ["Ann", "Bo"], "options": {"target_score": 10}}, 422,
     "bad_option_value", "options.target_score"),
    ({"ruleset": "500", "players": ["Ann", "Bo"], "options": {"target_score": "500"}}, 400,
     "wrong_type", "options.target_score"),
    ({"ruleset": "500", "players": ["Ann", "Bo"], "options": {"hands": 5}}, 422,
     "unknown_option", "options.hands"),
    ({"ruleset": "basic", "players": ["Ann", "Bo"], "options": {"game_end": "forever"}}, 422,
     "bad_option_value", "options.game_end"),
    ({"ruleset": "base", "players": ["Ann", "Bo"], "options": {"hands": 0}}, 422,
     "bad_option_value", "options.hands"),
    ({"ruleset": "500", "players": [f"P{i}" for i in range(9)]}, 422, "bad_setup", "players"),
    ({"ruleset": "basic", "players": [f"P{i}" for i in range(7)]}, 422, "bad_setup", "players"),
    ({"ruleset": "base", "players": ["Ann"]}, 422, "bad_setup", "players"),
    ({"ruleset": "500", "players": ["Ann", "Bo"], "decks": 9}, 422, "bad_decks", "decks"),
    ({"ruleset": "base", "players": [f"P{i}" for i in range(6)]}, 422, "bad_setup", "players"),
    ({"ruleset": "basic", "players": ["Ann", "Bo"], "decks": 2}, 422, "bad_decks", "decks"),
    ({"ruleset": "tonk", "players": ["Ann", "Bo"], "decks": 2}, 422, "bad_decks", "decks"),
])
def test_a_game_its_ruleset_cannot_have_is_refused(client, body, status, code, field):
    response = client.post(GAMES, json=body)
    error = assert_error(response, status, code, field)
    document = openapi(client)
    schema = response_schema(document, GAMES, "post", status)
    assert schema_errors(document, schema, response.get_json()) == []
    if field == "players" and len(body["players"]) > 2:
        assert f"{len(body['players'])} were given" in error["message"]


def test_the_player_limits_are_the_rulesets_own(client):
    assert Kept(client, "500", tuple(f"P{i}" for i in range(8))).game["decks"] == 2
    assert Kept(client, "basic", tuple(f"P{i}" for i in range(6))).game["hand"] == 1
    assert Kept(client, "base", tuple(f"P{i}" for i in range(5))).game["decks"] == 1
    described = {r["key"]: r["players"] for r in client.get("/api/v1/rulesets").get_json()
                 ["rulesets"]}
    assert described == {"eversol": {"min": 2, "max": 20}, "500": {"min": 2, "max": 8},
                         "basic": {"min": 2, "max": 6}, "base": {"min": 2, "max": 5},
                         "tonk": {"min": 2, "max": 5}, "hand-and-foot": {"min": 4, "max": 6},
                         "piquet": {"min": 2, "max": 2}, "escoba": {"min": 2, "max": 4},
                         "jack-change-it": {"min": 2, "max": 6},
                         "bourre": {"min": 2, "max": 8},
                         "authors": {"min": 2, "max": 7}, "go-fish": {"min": 2, "max": 10}}


# --- 500 Rummy: melded minus held ----------------------------------------------------------

def test_500_scores_melded_minus_held_and_may_go_below_zero(client):
    table = Kept(client, "500")
    after = table.send(five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)))
    assert after["hands"][0]["scores"] == {"Ann": 45, "Bo": -12, "Cy": -15}
    assert after["hands"][0]["players"] == {"Ann": {"melded": 45, "held": 0},
                                            "Bo": {"melded": 20, "held": 32},
                                            "Cy": {"melded": 0, "held": 15}}
    assert after["totals"] == {"Ann": 45, "Bo": -12, "Cy": -15}
    assert places(after) == [(1, "Ann", 45), (2, "Bo", -12), (3, "Cy", -15)]
    assert after["leaders"] == ["Ann"] and after["winners"] == []
    assert (after["hand"], after["dealer"], after["first_player"]) == (2, "Bo", "Cy")


def test_500_the_stock_may_run_out_with_nobody_out(client):
    table = Kept(client, "500")
    after = table.send(five_hundred(None, Ann=(30, 5), Bo=(0, 40), Cy=(12, 12)))
    hand = after["hands"][0]
    assert hand["went_out"] is None and hand["scores"] == {"Ann": 25, "Bo": -40, "Cy": 0}
    assert after["hand"] == 2 and after["dealer"] == "Bo"


@pytest.mark.parametrize("event, field", [
    (five_hundred("Ann", Ann=(45, 0), Bo=(20, 32)), "event.players.Cy"),
    (five_hundred("Ann", Ann=(45, 5), Bo=(20, 32), Cy=(0, 15)), "event.players.Ann.held"),
    (five_hundred("Ann", Ann=(0, 0), Bo=(20, 32), Cy=(0, 15)), "event.players.Ann.melded"),
    (five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15), Zed=(5, 5)),
     "event.players.Zed"),
    (five_hundred("Zed", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)), "event.went_out"),
    (five_hundred("Ann", Ann=(1000, 0), Bo=(20, 32), Cy=(0, 15)), "event.players.Ann.melded"),
    (eversol("Ann", Bo=10, Cy=15), "event.points"),
    ({**five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)), "went_rummy": True},
     "event.went_rummy"),
])
def test_500_refuses_an_entry_no_table_could_have(client, event, field):
    error = Kept(client, "500").refused(event, 422, "bad_hand_entry", field)
    assert error["message"].endswith(".")


def test_500_numbers_that_together_pass_the_decks_are_refused(client):
    # One deck of 500 is worth 426 at most: 4 x (15 + 54 + 30) and two jokers of 15.
    table = Kept(client, "500")
    error = table.refused(five_hundred("Ann", Ann=(300, 0), Bo=(100, 20), Cy=(0, 15)), 422,
                          "bad_hand_entry", "event.players")
    assert "435" in error["message"] and "426" in error["message"]
    basic_table = Kept(client, "basic", tuple("ABCDEF"))  # one deck: 340 points in all
    basic_table.refused(basic("A", B=80, C=80, D=80, E=80, F=80), 422, "bad_hand_entry",
                        "event.points")


@pytest.mark.parametrize("ruleset, event, field", [
    ("eversol", five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)), "event.players"),
    ("eversol", {**eversol("Ann", Bo=10, Cy=15), "went_rummy": True}, "event.went_rummy"),
    ("base", basic("Ann", Bo=12, Cy=7), "event.points"),
    ("basic", {**basic("Ann", Bo=12, Cy=7), "players": {"Ann": {"melded": 5, "held": 0}}},
     "event.players"),
])
def test_a_field_of_another_games_entry_is_refused_by_name(client, ruleset, event, field):
    Kept(client, ruleset).refused(event, 422, "bad_hand_entry", field)


def test_500_a_negative_number_is_refused_and_a_half_entry_is_malformed(client):
    table = Kept(client, "500")
    error = table.refused(five_hundred("Bo", Ann=(10, -5), Bo=(20, 0), Cy=(0, 15)), 422,
                          "bad_hand_entry", "event.players.Ann.held")
    assert "below 0" in error["message"]
    half = five_hundred("Bo", Ann=(10, 5), Bo=(20, 0), Cy=(0, 15))
    half["players"]["Ann"] = {"melded": 10}
    table.refused(half, 400, "wrong_type", "event.players.Ann")


def test_500_a_tie_at_the_top_past_the_target_plays_on(client):
    table = Kept(client, "500", options={"target_score": 50})
    tied = table.send(five_hundred("Ann", Ann=(50, 0), Bo=(55, 5), Cy=(0, 10)))
    assert tied["totals"] == {"Ann": 50, "Bo": 50, "Cy": -10}
    assert (tied["finished"], tied["winners"], tied["hand"]) == (False, [], 2)
    assert places(tied)[:2] == [(1, "Ann", 50), (1, "Bo", 50)]
    over = table.send(five_hundred("Bo", 2, Ann=(0, 3), Bo=(10, 0), Cy=(0, 2)))
    assert over["finished"] and over["winners"] == ["Bo"] and over["hand"] is None
    assert over["dealer"] is None and over["first_player"] is None
    table.refused(five_hundred("Bo", 3, Ann=(5, 0), Bo=(5, 0), Cy=(0, 2)), 422,
                  "illegal_event", "event.hand")


def test_500_the_game_ends_after_the_hand_that_reaches_the_target(client):
    table = Kept(client, "500", ("Ann", "Bo"), options={"target_score": 100})
    table.send(five_hundred("Ann", Ann=(60, 0), Bo=(10, 20)))
    over = table.send(five_hundred("Ann", 2, Ann=(45, 0), Bo=(0, 5)))
    assert over["totals"] == {"Ann": 105, "Bo": -15}
    assert over["finished"] and over["winners"] == ["Ann"]


def test_500_must_go_out_to_win_lets_only_the_one_out_win(client):
    table = Kept(client, "500", options={"target_score": 50, "must_go_out_to_win": True})
    past = table.send(five_hundred("Ann", Ann=(20, 0), Bo=(85, 5), Cy=(0, 10)))
    assert past["totals"]["Bo"] == 80 and not past["finished"]  # Bo did not go out
    dry = table.send(five_hundred(None, 2, Ann=(5, 3), Bo=(20, 5), Cy=(0, 4)))
    assert not dry["finished"]  # the stock ran out: nobody went out to win
    won = table.send(five_hundred("Ann", 3, Ann=(40, 0), Bo=(0, 5), Cy=(0, 4)))
    assert won["finished"] and won["winners"] == ["Ann"]
    assert places(won)[0][1] == "Bo"  # highest total, yet not the winner: Ann went out


# --- Basic Rummy: the winner collects -----------------------------------------------------

def test_basic_the_winner_collects_and_going_rummy_doubles(client):
    table = Kept(client, "basic")
    plain = table.send(basic("Ann", Bo=12, Cy=7))
    assert plain["hands"][0]["scores"] == {"Ann": 19, "Bo": 0, "Cy": 0}
    assert plain["hands"][0]["points"] == {"Ann": 0, "Bo": 12, "Cy": 7}
    assert plain["hands"][0]["went_rummy"] is False
    rummy = table.send(basic("Bo", 2, rummy=True, Ann=12, Cy=7))
    assert rummy["hands"][1]["scores"] == {"Ann": 0, "Bo": 38, "Cy": 0}
    assert rummy["hands"][1]["went_rummy"] is True
    assert places(rummy) == [(1, "Bo", 38), (2, "Ann", 19), (3, "Cy", 0)]
    assert rummy["dealer"] == "Cy"  # three players: the deal passes to the left


def test_basic_with_two_players_the_winner_deals_next(client):
    table = Kept(client, "basic", ("Ann", "Bo"))
    assert table.game["dealer"] == "Ann"
    after = table.send(basic("Bo", Ann=20))
    assert (after["dealer"], after["first_player"]) == ("Bo", "Ann")
    again = table.send(basic("Bo", 2, Ann=15))
    assert again["dealer"] == "Bo"
    assert [h["dealer"] for h in again["hands"]] == ["Ann", "Bo"]
    turned = table.send(basic("Ann", 3, Bo=5))
    assert turned["dealer"] == "Ann"


@pytest.mark.parametrize("event, field", [
    ({**basic("Ann", Bo=12, Cy=7), "went_out": None}, "event.went_out"),
    (basic("Ann", Bo=12), "event.points.Cy"),
    (basic("Ann", Bo=12, Cy=0), "event.points.Cy"),
    (basic("Ann", Ann=5, Bo=12, Cy=7), "event.points.Ann"),
    (basic("Ann", Bo=12, Cy=7, Zed=3), "event.points.Zed"),
    (basic("Ann", Bo=12, Cy=400), "event.points.Cy"),
    (basic("Ann", Bo=71, Cy=7), "event.points.Bo"),  # seven cards dealt: 70 at the most
    (five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)), "event.players"),
])
def test_basic_refuses_an_entry_no_table_could_have(client, event, field):
    Kept(client, "basic").refused(event, 422, "bad_hand_entry", field)


def test_basic_ends_at_its_target(client):
    table = Kept(client, "basic")
    table.send(basic("Ann", Bo=30, Cy=20))
    over = table.send(basic("Ann", 2, rummy=True, Bo=20, Cy=5))
    assert over["totals"]["Ann"] == 100 and over["finished"] and over["winners"] == ["Ann"]


def test_basic_by_hands_ends_after_them_and_equal_bests_share_the_win(client):
    table = Kept(client, "basic", ("Ann", "Bo"), options={"game_end": "hands", "hands": 2})
    table.send(basic("Ann", Bo=20))
    over = table.send(basic("Bo", 2, Ann=20))
    assert over["finished"] and over["winners"] == ["Ann", "Bo"]
    assert places(over) == [(1, "Ann", 20), (1, "Bo", 20)]


# --- Base Rules: melded minus held, five hands --------------------------------------------

def test_base_is_one_hand_unless_the_table_sets_more(client):
    # 004: the game stops when the first player goes out.
    one = Kept(client, "base").send(five_hundred("Bo", Ann=(0, 10), Bo=(40, 0), Cy=(5, 5)))
    assert one["finished"] and one["winners"] == ["Bo"] and one["hand"] is None
    table = Kept(client, "base", options={"hands": 5})
    for hand in range(1, 6):
        out = ("Ann", "Bo", "Cy")[hand % 3]
        game = table.send(five_hundred(out, hand, **{
            name: (30, 0) if name == out else (10, 4 * hand) for name in ("Ann", "Bo", "Cy")}))
        assert game["finished"] == (hand == 5)
    # Each hand: the one out melds 30, the others 10 and hold 4 a hand more each time.
    assert game["hand"] is None and game["totals"] == {"Ann": 22, "Bo": 50, "Cy": 58}
    assert game["winners"] == ["Cy"] and places(game) == [(1, "Cy", 58), (2, "Bo", 50),
                                                           (3, "Ann", 22)]
    assert [h["dealer"] for h in game["hands"]] == ["Ann", "Bo", "Cy", "Ann", "Bo"]


def test_base_to_a_target(client):
    table = Kept(client, "base", options={"game_end": "points", "target_score": 60})
    table.send(five_hundred("Ann", Ann=(40, 0), Bo=(10, 5), Cy=(0, 10)))
    over = table.send(five_hundred("Ann", 2, Ann=(30, 0), Bo=(10, 5), Cy=(0, 10)))
    assert over["finished"] and over["winners"] == ["Ann"] and over["totals"]["Ann"] == 70


def test_base_the_player_out_laid_down_at_least_the_seven_cards_dealt(client):
    table = Kept(client, "base")
    error = table.refused(five_hundred("Ann", Ann=(8, 0), Bo=(0, 5), Cy=(0, 5)), 422,
                          "bad_hand_entry", "event.players.Ann.melded")
    assert "worth 17 at the least" in str(error)
    assert table.send(five_hundred("Ann", Ann=(17, 0), Bo=(0, 5), Cy=(0, 5)))["finished"]


def test_base_has_no_aces_so_a_held_one_cannot_be_counted_past_the_deck(client):
    table = Kept(client, "base")
    # 48 cards without aces: 4 x (2..10 + 3 x 10) = 4 x 84 = 336 points in all.
    table.refused(five_hundred("Ann", Ann=(337, 0), Bo=(0, 5), Cy=(0, 5)), 422,
                  "bad_hand_entry", "event.players.Ann.melded")


# --- Ranking order -------------------------------------------------------------------------

def test_eversol_ranks_lowest_first_the_others_highest_first(client):
    low = Kept(client, "eversol").send(eversol("Ann", Bo=20, Cy=5))
    assert places(low) == [(1, "Ann", 0), (2, "Cy", 5), (3, "Bo", 20)]
    high = Kept(client, "base").send(five_hundred("Ann", Ann=(20, 0), Bo=(22, 2), Cy=(0, 5)))
    assert places(high) == [(1, "Ann", 20), (1, "Bo", 20), (3, "Cy", -5)]
    assert high["leaders"] == ["Ann", "Bo"]


# --- game_ended: the table stops early ---------------------------------------------------

@pytest.mark.parametrize("ruleset, options, first_hand", [
    ("500", None, five_hundred("Bo", Ann=(0, 10), Bo=(40, 0), Cy=(5, 5))),
    ("basic", None, basic("Bo", Ann=10, Cy=5)),
    ("base", {"hands": 3}, five_hundred("Bo", Ann=(0, 10), Bo=(40, 0), Cy=(5, 5))),
    ("eversol", None, eversol("Bo", Ann=10, Cy=5)),
])
def test_game_ended_stops_a_game_and_undo_reopens_it(client, ruleset, options, first_hand):
    table = Kept(client, ruleset, options=options)
    error = table.refused(GAME_ENDED, 422, "illegal_event", "event.type")
    assert "No hand has been scored yet" in error["message"]
    table.send(first_hand)
    ended = table.send(GAME_ENDED)
    assert ended["finished"] and ended["hand"] is None and ended["dealer"] is None
    assert ended["winners"] == ["Bo"] and ended["ranking"][0]["name"] == "Bo"
    assert history(table.client, table.game["id"])[-1]["type"] == "game_ended"
    table.refused(GAME_ENDED, 422, "illegal_event", "event.type")
    table.refused(first_hand | {"hand": 2}, 422, "illegal_event", "event.hand")
    reopened = table.undo()
    assert not reopened["finished"] and reopened["hand"] == 2 and reopened["winners"] == []
    assert history(table.client, table.game["id"])[-1]["undone_in"] == reopened["version"]


def test_a_game_ended_with_equal_best_totals_is_a_shared_win(client):
    table = Kept(client, "500")
    table.send(five_hundred("Ann", Ann=(20, 0), Bo=(25, 5), Cy=(0, 5)))
    ended = table.send(GAME_ENDED)
    assert ended["winners"] == ["Ann", "Bo"]


# --- Corrections and undo, for every shape --------------------------------------------------

def test_500_correction_changes_the_hand_and_keeps_the_reason(client):
    table = Kept(client, "500")
    first = five_hundred("Ann", Ann=(45, 0), Bo=(20, 32), Cy=(0, 15))
    table.send(first)
    table.send(five_hundred(None, 2, Ann=(10, 5), Bo=(0, 8), Cy=(34, 4)))
    fixed = table.send(corrected(five_hundred("Ann", Ann=(45, 0), Bo=(20, 12), Cy=(0, 15)),
                                 "Bo held a 10, not a joker and a 10"))
    assert fixed["hands"][0]["scores"] == {"Ann": 45, "Bo": 8, "Cy": -15}
    assert fixed["hands"][0]["corrections"] == ["Bo held a 10, not a joker and a 10"]
    assert fixed["totals"] == {"Ann": 50, "Bo": 0, "Cy": 15} and fixed["hand"] == 3
    back = table.undo()
    assert back["hands"][0]["scores"] == {"Ann": 45, "Bo": -12, "Cy": -15}
    assert back["hands"][0]["corrections"] == []
    table.refused(corrected(five_hundred("Ann", Ann=(45, 0), Bo=(20, 12)), "short"), 422,
                  "bad_hand_entry", "event.players.Cy")
    table.refused(corrected(five_hundred("Ann", 3, Ann=(45, 0), Bo=(20, 12), Cy=(0, 1)), "no"),
                  422, "illegal_event", "event.hand")


def test_basic_correction_may_take_back_going_rummy(client):
    table = Kept(client, "basic")
    table.send(basic("Ann", rummy=True, Bo=12, Cy=7))
    fixed = table.send(corrected(basic("Ann", Bo=12, Cy=7), "Ann had melded before"))
    assert fixed["hands"][0]["scores"]["Ann"] == 19 and fixed["hands"][0]["went_rummy"] is False
    other = table.send(corrected(basic("Cy", Ann=5, Bo=12), "Cy went out, not Ann"))
    assert other["totals"] == {"Ann": 0, "Bo": 0, "Cy": 17}
    assert other["hands"][0]["corrections"] == ["Ann had melded before", "Cy went out, not Ann"]
    assert table.undo()["totals"]["Ann"] == 19


def test_base_correction_and_undo(client):
    table = Kept(client, "base")
    table.send(five_hundred("Bo", Ann=(0, 10), Bo=(40, 0), Cy=(5, 5)))
    fixed = table.send(corrected(five_hundred("Bo", Ann=(0, 12), Bo=(40, 0), Cy=(5, 5)),
                                 "a queen, not a 10"))
    assert fixed["totals"]["Ann"] == -12
    undone = table.undo()
    assert undone["totals"]["Ann"] == -10
    gone = table.undo()
    assert gone["hands"] == [] and gone["hand"] == 1 and gone["totals"]["Bo"] == 0


def test_a_correction_that_would_have_ended_a_target_game_earlier_is_refused(client):
    table = Kept(client, "500", ("Ann", "Bo"), options={"target_score": 100})
    table.send(five_hundred("Ann", Ann=(60, 0), Bo=(10, 20)))
    table.send(five_hundred("Bo", 2, Ann=(0, 5), Bo=(30, 0)))
    table.refused(corrected(five_hundred("Ann", Ann=(110, 0), Bo=(10, 20)), "more melded"),
                  422, "illegal_event")


# --- Versions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, options, event", [
    ("500", None, five_hundred(None, Ann=(10, 5), Bo=(0, 8), Cy=(30, 4))),
    ("basic", None, basic("Ann", Bo=12, Cy=7)),
    ("base", {"hands": 3}, five_hundred("Bo", Ann=(0, 10), Bo=(40, 0), Cy=(5, 5))),
])
def test_a_stale_version_is_409_and_changes_nothing(client, ruleset, options, event):
    table = Kept(client, ruleset, options=options)
    table.send(event)
    stale = table.post(table.events, {"expected_version": 0, "event": GAME_ENDED})
    assert_error(stale, 409, "stale_version", "expected_version")
    assert stale.headers["ETag"] == f'"{table.game["id"]}.1"'
    undo = table.post(f"{GAMES}/{table.game['id']}/undo", {"expected_version": 0})
    assert_error(undo, 409, "stale_version", "expected_version")
    assert table.read()["version"] == 1 and not table.read()["finished"]


def test_the_documented_examples_of_kept_games_are_taken(client):
    document = openapi(client)
    examples = document["paths"]["/games/{game_id}/events"]["post"]["requestBody"]["content"][
        "application/json"]["examples"]
    table = Kept(client, "500", ("Ann", "Bo"))
    assert table.send(examples["hand_scored_500"]["value"]["event"])["totals"] == {
        "Ann": 35, "Bo": -32}
    rummy = Kept(client, "basic", ("Ann", "Bo", "Cy"))
    assert rummy.send(examples["hand_scored_basic"]["value"]["event"])["totals"]["Ann"] == 38
    ended = table.send(examples["game_ended"]["value"]["event"])
    assert ended["finished"] and ended["winners"] == ["Ann"]
