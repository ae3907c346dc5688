"""Hand and Foot over the JSON API: melds and their piles, a team's opening, a hand scored by
team, the questions the game does not have, and a kept game of teams. The rules are tried in
the core (test_core_hand_and_foot*.py); here, what HTTP adds: the fields read, errors located
in the request, and every answer, taken or refused, as the OpenAPI document describes it."""

from __future__ import annotations


import pytest

from tests.conftest import assert_error
from tests.test_api import openapi, response_schema, schema_errors
from tests.test_api_kept_games import GAMES, Kept, corrected, places

CHECK = "/api/v1/melds/check"
OPENING = "/api/v1/openings/check"
SCORES = "/api/v1/scores/hand"
HF = "hand-and-foot"
PLAYERS = ("Ann", "Bo", "Cy", "Di")
US_THEM = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def team(melded=0, held=0, clean=0, dirty=0, wild=0, red=0, out=False, **more) -> dict:
    return {"melded": melded, "held": held, "clean_piles": clean, "dirty_piles": dirty,
            "wild_piles": wild, "red_threes": red, "went_out": out, **more}


OUT = team(melded=905, clean=2, dirty=2, wild=1, red=1, out=True)  # 905+1500+1000+600+100+100
THEM = team(melded=300, held=85, dirty=1, penalties=50)  # 300+300-85-50


# --- melds/check: the pile a meld makes ---------------------------------------------------------

@pytest.mark.parametrize("cards, pile, points", [
    (["QS", "QH", "QD", "QC", "QS", "QH", "QD"], "clean", 70),
    (["9S", "9H", "9D", "9C", "9S", "JK", "2H"], "dirty", 120),
    (["JK", "JK", "2S", "2H", "2D", "2C", "JK"], "wild", 230),
    (["9S", "9H", "9D"], None, 30),
    (["AS", "AH", "AD", "AC", "2S", "JK"], None, 150),
])
def test_a_legal_meld_says_its_pile_and_its_points(ask, cards, pile, points):
    body = ask(CHECK, {"ruleset": HF, "cards": cards}).get_json()
    assert (body["valid"], body["kinds"], body["reason"]) == (True, ["book"], None)
    assert (body["pile"], body["points"]) == (pile, points)
    assert body["words"]["book"] == "meld"


@pytest.mark.parametrize("cards, words", [
    (["9S", "9H", "JK", "2H"], "at most 1 wild card"),
    (["3H", "3D", "3S"], "3"),
    (["9S", "9H", "9D", "9C", "9S", "9H", "9D", "9C"], "7"),
])
def test_a_meld_that_is_not_legal_has_no_pile_and_no_points(ask, cards, words):
    body = ask(CHECK, {"ruleset": HF, "cards": cards}).get_json()
    assert (body["valid"], body["kinds"], body["pile"], body["points"]) == (False, [], None, None)
    assert words in body["reason"] and body["reason"].endswith(".")


@pytest.mark.parametrize("cards, options, valid", [
    (["9S", "9H", "JK", "2H"], {}, False),
    (["9S", "9H", "JK", "2H"], {"short_meld_wilds": 2}, True),
    (["9S", "9H", "9D", "9C", "9S", "JK"], {}, True),
    (["9S", "9H", "9D", "9C", "9S", "JK"], {"long_meld_wilds": 0}, False),
])
def test_the_wild_card_limits_are_house_options(ask, cards, options, valid):
    body = ask(CHECK, {"ruleset": HF, "cards": cards, "options": options}).get_json()
    assert body["valid"] is valid


def test_more_copies_than_five_decks_hold_is_422_at_the_card(ask):
    assert_error(ask(CHECK, {"ruleset": HF, "cards": ["9S"] * 6}), 422, "too_many_copies")


# --- hands/arrange: the books a hand makes, and how near they come to opening ---------------------

ARRANGE = "/api/v1/hands/arrange"
HAND = ["KS", "KH", "2D", "9S", "9H", "9D", "JK", "5C", "3S", "3H"]


def test_a_hand_is_arranged_into_books_with_its_red_threes_laid_aside(ask):
    body = ask(ARRANGE, {"ruleset": HF, "cards": HAND}).get_json()
    assert body == {"possible": True, "melds": [["9S", "9H", "9D", "JK"], ["KS", "KH", "2D"]],
                    "kinds": ["book", "book"], "leftover": ["3S", "5C"], "leftover_points": 10,
                    "laid_aside": ["3H"]}


def test_with_the_hand_the_answer_says_how_near_the_melds_come_to_opening(ask):
    body = ask(ARRANGE, {"ruleset": HF, "hand": 4, "cards": HAND}).get_json()
    assert body["opening"] == {"hand": 4, "minimum": 150, "points": 120, "opens": False,
                               "reason": "These melds are worth 120, and hand 4 needs 150 to "
                                         "open: 30 more."}
    body = ask(ARRANGE, {"ruleset": HF, "hand": 4, "options": {"opening_4": 100},
                         "cards": HAND}).get_json()
    assert body["opening"]["opens"] and body["opening"]["reason"] is None


@pytest.mark.parametrize("change, status, code, field", [
    ({"hand": 5}, 422, "bad_hand", "hand"),
    ({"hand": "2"}, 400, "wrong_type", "hand"),
    ({"cards": ["9S"] * 6}, 422, "too_many_copies", None),
    ({"options": {"short_meld_wilds": 9}}, 422, "bad_option_value", "options.short_meld_wilds"),
])
def test_a_malformed_arranging_question_is_refused_at_its_field(ask, change, status, code,
                                                                field):
    assert_error(ask(ARRANGE, {"ruleset": HF, "cards": HAND, **change}), status, code, field)


# --- What the lay-off check cannot say ----------------------------------------------------------

@pytest.mark.parametrize("body", [
    {"meld": ["9S", "9H", "9D"], "add": ["9C"]},
    {"meld": ["9S", "9H", "JK"], "swap_for_joker": "9C"},
])
def test_laying_off_is_refused_with_a_reason(ask, body):
    error = assert_error(ask("/api/v1/melds/extend", {"ruleset": HF, **body}), 422,
                         "not_in_ruleset", "ruleset")
    assert "does not handle Hand and Foot melds" in error["message"]


# --- openings/check -----------------------------------------------------------------------------

KINGS, ACES = ["KS", "KH", "KD"], ["AS", "AH", "JK"]


def opening(ask, hand, melds, **extra):
    return ask(OPENING, {"ruleset": HF, "hand": hand, "melds": melds, **extra})


def test_melds_worth_the_hands_minimum_open_it(ask):
    body = opening(ask, 2, [KINGS, ACES]).get_json()
    assert (body["valid"], body["points"], body["minimum"], body["reason"]) == (
        True, 120, 90, None)
    assert [(m["valid"], m["points"]) for m in body["melds"]] == [(True, 30), (True, 90)]
    assert body["decks"] == 5


def test_melds_short_of_the_minimum_say_how_much_more(ask):
    body = opening(ask, 4, [KINGS, ACES]).get_json()
    assert (body["valid"], body["points"], body["minimum"]) == (False, 120, 150)
    assert "30 more" in body["reason"]


def test_a_meld_that_is_not_legal_leaves_the_points_unknown(ask):
    body = opening(ask, 1, [KINGS, ["9S", "9H", "JK", "2H"]]).get_json()
    assert (body["valid"], body["points"], body["minimum"]) == (False, None, 50)
    assert body["reason"].startswith("Meld 2 is not legal.")
    assert [m["valid"] for m in body["melds"]] == [True, False]
    assert body["melds"][1]["points"] is None and body["melds"][1]["reason"]


def test_two_unfinished_melds_of_one_rank_cannot_open(ask):
    body = opening(ask, 1, [KINGS, ["KC", "KS", "KH", "JK"], ACES]).get_json()
    assert body["valid"] is False and body["points"] == 200
    assert "Melds 1 and 2" in body["reason"]


def test_a_closed_pile_and_a_new_meld_of_its_rank_may_open_together(ask):
    pile = ["KS", "KH", "KD", "KC", "KS", "KH", "KD"]
    body = opening(ask, 2, [pile, KINGS]).get_json()
    assert body["valid"] is True and body["melds"][0]["pile"] == "clean"


def test_a_house_schedule_changes_the_minimum(ask):
    assert opening(ask, 1, [KINGS]).get_json()["valid"] is False
    body = opening(ask, 1, [KINGS], options={"opening_1": 30}).get_json()
    assert (body["valid"], body["minimum"]) == (True, 30)


def test_no_melds_is_no_opening(ask):
    body = opening(ask, 1, []).get_json()
    assert body["valid"] is False and body["points"] == 0 and body["reason"]


@pytest.mark.parametrize("change, status, code, field", [
    ({"melds": [KINGS, ["1H", "AH", "JK"]]}, 422, "bad_card", "melds[1][0]"),
    ({"melds": [KINGS, ["AH", 7]]}, 400, "wrong_type", "melds[1][1]"),
    ({"melds": [KINGS, "AH AS JK"]}, 400, "wrong_type", "melds[1]"),
    ({"melds": [["KS"] * 4, ["KS"] * 2]}, 422, "too_many_copies", "melds[1][1]"),
    ({"decks": 1, "melds": [["KS", "KS", "KH"]]}, 422, "too_many_copies", "melds[0][1]"),
    ({"hand": 5}, 422, "bad_hand", "hand"),
    ({"hand": "2"}, 400, "wrong_type", "hand"),
    ({"hand": None}, 400, "missing_field", "hand"),
    ({"options": {"opening_5": 10}}, 422, "unknown_option", "options.opening_5"),
    ({"ruleset": "eversol"}, 422, "not_in_ruleset", "ruleset"),
])
def test_a_malformed_opening_is_refused_at_its_field(ask, change, status, code, field):
    body = {"ruleset": HF, "hand": 1, "melds": [KINGS, ACES], **change}
    assert_error(ask(OPENING, body), status, code, field)


# --- scores/hand by team ------------------------------------------------------------------------

def score(ask, teams, hand=1, **extra):
    return ask(SCORES, {"ruleset": HF, "hand": hand, "teams": teams, **extra})


def test_each_team_scores_its_cards_bonuses_and_penalties_in_named_parts(ask):
    body = score(ask, {"Us": OUT, "Them": THEM}).get_json()
    assert body["scores"] == {"Us": 4205, "Them": 465}
    us = {part["key"]: part for part in body["parts"]["Us"]}
    assert (us["wild_piles"]["count"], us["wild_piles"]["each"], us["wild_piles"]["points"]) == (
        1, 1500, 1500)
    assert us["going_out"]["points"] == 100 and us["held"]["points"] == 0
    them = {part["key"]: part["points"] for part in body["parts"]["Them"]}
    assert (them["held"], them["penalties"], them["going_out"]) == (-85, -50, 0)
    for name, parts in body["parts"].items():
        assert sum(part["points"] for part in parts) == body["scores"][name]


def test_the_bonuses_are_house_options(ask):
    body = score(ask, {"Us": OUT, "Them": THEM},
                 options={"clean_pile_bonus": 400, "perfect_draw_bonus": 50}).get_json()
    assert body["scores"]["Us"] == 4205 - 200
    drawn = score(ask, {"Us": team(melded=100, perfect_draws=2), "Them": team()}).get_json()
    assert drawn["scores"] == {"Us": 300, "Them": 0}


def test_a_hand_may_end_with_no_team_out(ask):
    body = score(ask, {"Us": team(melded=200, held=40), "Them": team(melded=150, held=10)})
    assert body.get_json()["scores"] == {"Us": 160, "Them": 140}


@pytest.mark.parametrize("teams, extra, status, code, field", [
    ({"Us": team(melded=500, clean=2, dirty=1, wild=1, out=True), "Them": THEM}, {},
     422, "went_out_short", "teams.Us.went_out"),
    ({"Us": OUT, "Them": {**OUT, "held": 5}}, {}, 422, "bad_going_out", "teams.Them.went_out"),
    ({"Us": OUT, "Them": {**THEM, "held": 82}}, {}, 422, "bad_hand_entry", "teams.Them.held"),
    ({"Us": OUT, "Them": {**THEM, "penalties": 30}}, {},
     422, "bad_hand_entry", "teams.Them.penalties"),
    ({"Us": {**OUT, "clean_piles": -1}}, {}, 422, "bad_count", "teams.Us.clean_piles"),
    ({"Us": {**OUT, "bonus": 5}}, {}, 422, "bad_hand_entry", "teams.Us.bonus"),
    ({"Us": {k: v for k, v in OUT.items() if k != "held"}}, {},
     422, "bad_hand_entry", "teams.Us.held"),
    ({"Us": {**OUT, "melded": "905"}}, {}, 400, "wrong_type", "teams.Us.melded"),
    ({"Us": {**OUT, "went_out": "yes"}}, {}, 400, "wrong_type", "teams.Us.went_out"),
    ({"Us": team(red=2), "Them": team(red=1)}, {"decks": 1}, 422, "bad_hand_entry", "teams"),
    ({"Us": OUT}, {"hand": 5}, 422, "bad_hand", "hand"),
    ({"Us": OUT}, {}, 422, "bad_teams", "teams"),
    ({"Us": OUT, "Them": THEM, "You": team(), "Others": team()}, {}, 422, "bad_teams", "teams"),
    ({"Us": OUT, "Them": team(perfect_draws=4)}, {}, 422, "bad_hand_entry",
     "teams.Them.perfect_draws"),
    ({"Us": OUT, "Them": THEM, "You": team(perfect_draws=3)}, {}, 422, "bad_hand_entry",
     "teams.You.perfect_draws"),
    ({"Us": OUT, "Them": team(clean=22, melded=770)}, {}, 422, "bad_hand_entry", "teams"),
    ({"Us": OUT, "Them": team(clean=2, dirty=2, wild=1)}, {}, 422, "bad_hand_entry",
     "teams.Them.melded"),
    # melded totals no melds of five decks make: below three 4s, past every card but the 3s,
    # below what nine clean piles hold (only eight can be of 4s to 7s)
    ({"Us": team(melded=5), "Them": team()}, {}, 422, "bad_hand_entry", "teams.Us.melded"),
    ({"Us": team(melded=3000), "Them": team()}, {}, 422, "bad_hand_entry", "teams.Us.melded"),
    ({"Us": team(clean=9, melded=315), "Them": team()}, {}, 422, "bad_hand_entry",
     "teams.Us.melded"),
    ({"Us": OUT}, {"hand": None}, 400, "missing_field", "hand"),
    ([OUT], {}, 400, "wrong_type", "teams"),
    ({}, {}, 400, "wrong_type", "teams"),
    ({"Us": OUT}, {"options": {"clean_pile_bonus": -5}}, 422, "bad_option_value",
     "options.clean_pile_bonus"),
])
def test_an_entry_no_hand_could_end_with_is_refused_at_its_field(ask, teams, extra, status,
                                                                  code, field):
    assert_error(score(ask, teams, **extra), status, code, field)


def test_the_nearest_melded_totals_the_decks_allow_are_scored(ask):
    for us, points in ((team(melded=15), 15), (team(clean=9, melded=350), 350 + 9 * 500)):
        assert score(ask, {"Us": us, "Them": team()}).get_json()["scores"]["Us"] == points


def test_players_are_not_how_a_game_of_teams_is_scored(ask):
    body = {"ruleset": HF, "players": [{"name": "Ann", "hand": []}, {"name": "Bo", "hand": []}]}
    assert_error(ask(SCORES, body), 400, "missing_field", "hand")
    assert_error(ask(SCORES, {**body, "hand": 1}), 400, "missing_field", "teams")


def test_the_other_games_still_score_by_player(ask):
    body = ask(SCORES, {"ruleset": "500", "players": [
        {"name": "Ann", "hand": [], "went_out": True, "melds": [["KS", "KD", "KC"]]},
        {"name": "Bo", "hand": ["AS"]}]}).get_json()
    assert body["scores"] == {"Ann": 30, "Bo": -15} and "parts" not in body


# --- A kept game of teams -----------------------------------------------------------------------

def scored(hand: int = 1, **teams: dict) -> dict:
    return {"type": "hand_scored", "hand": hand, "teams": teams}


def kept(client, **extra) -> Kept:
    return Kept(client, HF, PLAYERS, **extra)


def test_a_game_of_teams_keeps_its_teams_and_ranks_them(client):
    game = kept(client, teams=US_THEM).game
    assert game["teams"] == US_THEM and game["players"] == list(PLAYERS)
    assert (game["decks"], game["hands_in_game"], game["end"]["description"]) == (5, 4, "4 hands")
    assert game["ranking_order"] == "highest_first"
    assert game["totals"] == {"Us": 0, "Them": 0}
    assert places(game) == [(1, "Us", 0), (1, "Them", 0)]
    assert (game["dealer"], game["first_player"]) == ("Ann", "Bo")


def test_without_teams_partners_sit_across_named_after_their_players(client):
    game = kept(client).game
    assert game["teams"] == [{"name": "Ann & Cy", "players": ["Ann", "Cy"]},
                             {"name": "Bo & Di", "players": ["Bo", "Di"]}]
    assert game["totals"] == {"Ann & Cy": 0, "Bo & Di": 0}


@pytest.mark.parametrize("body, code, field", [
    ({"ruleset": HF, "players": list(PLAYERS),
      "teams": [{"name": "Us", "players": ["Ann", "Cy"]},
                {"name": "us", "players": ["Bo", "Di"]}]}, "bad_teams", "teams[1].name"),
    ({"ruleset": HF, "players": list(PLAYERS),
      "teams": [{"name": "Us", "players": ["Ann", "Cy"]},
                {"name": "Them", "players": ["Bo", "Cy"]}]}, "bad_teams", "teams[1].players[1]"),
    ({"ruleset": HF, "players": ["Ann", "Bo", "Cy", "Di", "Ed"]}, "bad_teams", None),
    ({"ruleset": "500", "players": list(PLAYERS), "teams": US_THEM}, None, "teams"),
])
def test_teams_no_table_could_seat_are_refused(client, openapi_document, body, code, field):
    response = client.post(GAMES, json=body)
    assert response.status_code == 422
    schema = response_schema(openapi_document, GAMES, "post", 422)
    assert schema_errors(openapi_document, schema, response.get_json()) == []
    error = response.get_json()["error"]
    assert code is None or error["code"] == code
    assert field is None or error["field"] == field


def test_a_hand_scored_by_team_counts_for_the_teams(client):
    table = kept(client, teams=US_THEM)
    game = table.send(scored(1, Us=OUT, Them=THEM))
    assert game["totals"] == {"Us": 4205, "Them": 465}
    assert places(game) == [(1, "Us", 4205), (2, "Them", 465)]
    (hand,) = game["hands"]
    assert (hand["went_out"], hand["scores"]) == ("Us", {"Us": 4205, "Them": 465})
    assert hand["teams"]["Them"] == {**THEM, "perfect_draws": 0}
    assert (game["hand"], game["dealer"]) == (2, "Bo")


def test_team_names_are_matched_in_any_case(client):
    table = kept(client, teams=US_THEM)
    assert table.send(scored(1, us=OUT, THEM=THEM))["totals"] == {"Us": 4205, "Them": 465}


def test_a_correction_changes_the_totals_and_undo_takes_it_back(client):
    table = kept(client, teams=US_THEM)
    table.send(scored(1, Us=OUT, Them=THEM))
    fixed = table.send(corrected(scored(1, Us=OUT, Them={**THEM, "penalties": 0}),
                                 "Them's penalty was a mistake"))
    assert fixed["totals"] == {"Us": 4205, "Them": 515}
    assert fixed["hands"][0]["corrections"] == ["Them's penalty was a mistake"]
    undone = table.undo()
    assert undone["totals"] == {"Us": 4205, "Them": 465}
    assert undone["hands"][0]["corrections"] == []
    assert table.undo()["totals"] == {"Us": 0, "Them": 0}


def test_four_hands_finish_the_game_and_the_best_team_wins(client):
    table = kept(client, teams=US_THEM)
    for hand in range(1, 4):
        table.send(scored(hand, Us=team(melded=100, held=20), Them=team(melded=50)))
    assert not table.read()["finished"]
    game = table.send(scored(4, Us=team(), Them=OUT))
    assert game["finished"] and game["hand"] is None
    assert game["winners"] == ["Them"] and game["totals"] == {"Us": 240, "Them": 4355}
    assert places(game) == [(1, "Them", 4355), (2, "Us", 240)]
    table.refused(scored(5, Us=team(), Them=team()), 422, "illegal_event")


@pytest.mark.parametrize("event, code, field", [
    (scored(1, Us=team(melded=500, clean=2, dirty=1, wild=1, out=True), Them=THEM),
     "went_out_short", "event.teams.Us.went_out"),
    (scored(1, Us=OUT, Them={**OUT, "held": 5}), "bad_going_out", "event.teams.Them.went_out"),
    (scored(1, Us=OUT, Them={**THEM, "held": 82}), "bad_hand_entry", "event.teams.Them.held"),
    (scored(1, Us=OUT), "bad_hand_entry", "event.teams.Them"),
    (scored(1, Us=OUT, Them=THEM, Others=THEM), "bad_hand_entry", "event.teams.Others"),
    ({"type": "hand_scored", "hand": 1, "went_out": "Ann", "points": {"Bo": 10}},
     "bad_hand_entry", "event.teams"),
])
def test_a_bad_entry_is_refused_at_its_field_and_nothing_is_saved(client, event, code, field):
    kept(client, teams=US_THEM).refused(event, 422, code, field)


def test_a_stale_version_is_409_and_changes_nothing(client):
    table = kept(client, teams=US_THEM)
    table.send(scored(1, Us=OUT, Them=THEM))
    stale = table.post(table.events, {"expected_version": 0,
                                      "event": scored(2, Us=OUT, Them=THEM)})
    assert_error(stale, 409, "stale_version", "expected_version")
    game = table.read()
    assert game["version"] == 1 and game["totals"] == {"Us": 4205, "Them": 465}


def test_the_documented_example_of_a_hand_of_teams_is_taken(client):
    examples = openapi(client)["paths"]["/games/{game_id}/events"]["post"]["requestBody"][
        "content"]["application/json"]["examples"]
    table = kept(client, teams=US_THEM)
    event = examples["hand_scored_hand_and_foot"]["value"]["event"]
    assert table.send(event)["totals"] == {"Us": 4205, "Them": 465}
