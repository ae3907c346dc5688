"""The end-of-hand entry of a game played in teams (Hand and Foot), through the test client:
each team's counts or typed totals, the parts of its score, what is wrong beside the field it
concerns, a correction, steppers without JavaScript, the history and the CSV."""

from __future__ import annotations

import csv
import io
import re

from referee.store.games import load_game
from tests.test_web_games import errors, send, text, version_of

PLAYERS = ("Ann", "Bo", "Cy", "Di")


def team_game(client) -> str:
    made = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": list(PLAYERS), "first_dealer": "Ann",
        "teams": [{"name": "Us", "players": ["Ann", "Cy"]},
                  {"name": "Them", "players": ["Bo", "Di"]}]})
    assert made.status_code == 201, made.get_data(as_text=True)
    game = made.get_json()
    assert client.get(f"/games/{game['id']}/join/{game['edit_key']}").status_code == 303
    return game["id"]


def state_of(client, game_id: str):
    with client.application.app_context():
        return load_game(game_id).state


def entry(version: int, went_out, **fields) -> dict:
    """``fields`` by form name: ``{"team0-melded_joker": 2}``."""
    data = {"expected_version": str(version), "save": "1",
            **{name: str(value) for name, value in fields.items()}}
    if went_out is not None:
        data["went_out"] = went_out
    return data


# Us went out with 2 jokers and 26 K–8 melded (360: its piles' cards and more), 2 clean,
# 2 dirty and 1 wild pile, a red 3, and one penalty; Them melded 300 (typed), held an ace and
# a red 3.
US_OUT = {"team0-melded_joker": 2, "team0-melded_high": 26, "team0-clean_piles": 2,
          "team0-dirty_piles": 2, "team0-wild_piles": 1, "team0-red_threes": 1,
          "team0-penalty_out_after_no": 1}
THEM = {"team1-melded_total": 300, "team1-held_ace": 1, "team1-held_red_three": 1}


def problem(response, team: int, field: str) -> str:
    found = re.search(rf'id="problem-{team}-{field}" class="field-error"[^>]*>([^<]*)<',
                      response.get_data(as_text=True))
    return found.group(1).replace("&#39;", "'") if found else ""


def value_of(page: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)


def saved(client, game_id: str, **fields):
    version = version_of(client.application, game_id)
    return send(client, f"/games/{game_id}/hands/1", entry(version, "0", **US_OUT, **THEM,
                                                           **fields))


def test_the_page_asks_each_team_for_its_numbers(client):
    game_id = team_game(client)
    page = client.get(f"/games/{game_id}/hands/1")
    words = text(page)
    assert "End of hand 1 of 4 22 cards · Ann dealt · Us (Ann & Cy) v Them (Bo & Di)" in words
    assert "To open, a team's first melds together must be worth 50 or more." in words
    assert "Nobody went out: the stock ran dry" in words
    html = page.get_data(as_text=True)
    # The values come from the core: a stepper per class, the bonuses and penalties' costs.
    assert re.search(r'name="team0-melded_joker"[^>]*data-part="melded" data-worth="50"', html)
    assert re.search(r'name="team1-held_red_three"[^>]*data-part="held" data-worth="100"', html)
    assert re.search(r'name="team0-wild_piles"[^>]*data-part="wild_piles" data-worth="1500"',
                     html)
    assert "Took the pile without using its top card −50" in words
    assert "wild piles 0 × 1500 = 0" in words and words.count("Hand score 0") == 2


def test_a_hand_saved_by_counts_and_typed_totals_scores_each_team(client, app):
    game_id = team_game(client)
    response = saved(client, game_id)
    assert response.status_code == 303, errors(response)
    state = state_of(client, game_id)
    # Us: 360 melded + 1000 + 600 + 1500 piles + 100 red 3 + 100 out − 100 penalty.
    assert state.totals == {"Us": 3560, "Them": 180}
    assert state.results[0].went_out == "Us"
    assert state.results[0].teams["Them"]["held"] == 120
    standings = text(client.get(f"/games/{game_id}"))
    assert "3560" in standings and "Us went out" in standings


def test_a_hand_where_the_stock_ran_dry(client):
    game_id = team_game(client)
    version = version_of(client.application, game_id)
    us = {**US_OUT, "team0-dirty_piles": 1}  # nobody went out: any piles will do
    response = send(client, f"/games/{game_id}/hands/1", entry(version, "nobody", **us, **THEM))
    assert response.status_code == 303, errors(response)
    state = state_of(client, game_id)
    assert state.results[0].went_out is None and state.totals == {"Us": 3160, "Them": 180}


def test_the_parts_shown_are_the_servers_after_a_stepper_without_javascript(client):
    game_id = team_game(client)
    version = version_of(client.application, game_id)
    form = entry(version, "0", **US_OUT, **{"team0-melded_total": 999},
                 step="team0:melded_joker:+1")
    form.pop("save")
    page = send(client, f"/games/{game_id}/hands/1", form)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert value_of(html, "team0-melded_joker") == "3"
    assert value_of(html, "team0-melded_total") == ""  # counting replaces the typed total
    words = text(page)
    assert "melded cards 410" in words and "wild piles 1 × 1500 = 1500" in words
    assert "penalties −100" in words and "Hand score 3610" in words
    assert version_of(client.application, game_id) == version  # nothing saved
    # A penalty taken back: one fewer.
    form.update(step="team0:penalty_out_after_no:-1")
    html = send(client, f"/games/{game_id}/hands/1", form).get_data(as_text=True)
    assert value_of(html, "team0-penalty_out_after_no") == ""


def test_bad_entries_are_refused_beside_their_field_and_nothing_is_saved(client):
    game_id = team_game(client)
    version = version_of(client.application, game_id)
    short = send(client, f"/games/{game_id}/hands/1", entry(
        version, "0", **{**US_OUT, "team0-dirty_piles": 1}, **THEM))
    assert short.status_code == 422
    assert problem(short, 0, "went_out") == ("Us cannot have gone out with 2 clean, 1 dirty and "
                                             "1 wild pile: going out needs 2 clean, 2 dirty and "
                                             "1 wild pile.")
    both = send(client, f"/games/{game_id}/hands/1", {
        **entry(version, "0", **US_OUT, **THEM, **{"team1-clean_piles": 2, "team1-dirty_piles": 2,
                                                   "team1-wild_piles": 1}),
        "went_out": ["0", "1"]})
    assert both.status_code == 422
    assert problem(both, 1, "went_out").startswith("Us and Them cannot both have gone out")
    odd = send(client, f"/games/{game_id}/hands/1",
               entry(version, "0", **US_OUT, **{**THEM, "team1-melded_total": 303}))
    assert odd.status_code == 422 and "303 can't be right" in problem(odd, 1, "melded")
    huge = send(client, f"/games/{game_id}/hands/1",
                entry(version, "0", **US_OUT, **{**THEM, "team1-melded_total": 9000}))
    assert huge.status_code == 422
    assert "more than every card of 5 decks is worth" in " ".join(errors(huge))
    nobody = send(client, f"/games/{game_id}/hands/1", entry(version, None, **US_OUT, **THEM))
    assert nobody.status_code == 422 and "Tap the team that went out" in " ".join(errors(nobody))
    assert version_of(client.application, game_id) == version
    assert state_of(client, game_id).results == ()


def test_a_correction_starts_from_the_hand_as_entered_and_needs_a_reason(client):
    game_id = team_game(client)
    assert saved(client, game_id).status_code == 303
    page = client.get(f"/games/{game_id}/hands/1")
    assert "Saved now: Us went out; Us 3560, Them 180." in text(page)
    html = page.get_data(as_text=True)
    assert value_of(html, "team0-melded_joker") == "2"  # counted, as counted
    assert value_of(html, "team1-melded_total") == "300"  # typed, as typed
    assert value_of(html, "team0-penalty_out_after_no") == "1"
    assert re.search(r'value="0"\s+data-part="going_out"[^>]*checked', html)
    version = version_of(client.application, game_id)
    fixed = entry(version, "0", **US_OUT, **{**THEM, "team1-melded_total": 400}, correcting="1")
    unexplained = send(client, f"/games/{game_id}/hands/1", fixed)
    assert unexplained.status_code == 422
    assert "Say why hand 1 is corrected" in " ".join(errors(unexplained))
    done = send(client, f"/games/{game_id}/hands/1", {**fixed, "reason": "Bo miscounted"})
    assert done.status_code == 303
    state = state_of(client, game_id)
    assert state.totals["Them"] == 280 and state.results[0].corrections == ("Bo miscounted",)


def test_an_entry_overtaken_by_another_device_is_kept_and_not_saved(client):
    game_id = team_game(client)
    version = version_of(client.application, game_id)
    assert saved(client, game_id).status_code == 303
    late = send(client, f"/games/{game_id}/hands/1", entry(version, "0", **US_OUT, **THEM))
    assert late.status_code == 409
    assert "Another device saved hand 1 first (Us went out)" in text(late)
    assert value_of(late.get_data(as_text=True), "team1-melded_total") == "300"


def test_the_history_says_each_teams_score_and_what_made_it(client):
    game_id = team_game(client)
    assert saved(client, game_id).status_code == 303
    words = text(client.get(f"/games/{game_id}/history"))
    assert ("Us: 3,560 (melded 360, 1 wild, 2 clean, 2 dirty piles, 1 red 3, went out; "
            "penalties −100)") in words
    assert "Them: 180 (melded 300, held −120)" in words


def test_the_csv_has_a_column_per_team_and_each_teams_numbers(client):
    game_id = team_game(client)
    assert saved(client, game_id).status_code == 303
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    header, hand, total = rows[0], rows[1], rows[2]
    assert header[:6] == ["hand", "dealer", "went out", "Us", "Them", "corrections"]
    assert hand[:5] == ["1", "Ann", "Us", "3560", "180"] and total[:5] == ["total", "", "", "3560", "180"]
    cells = dict(zip(header, hand))
    assert cells["Us wild piles"] == "1" and cells["Us went out"] == "yes"
    assert cells["Them held"] == "120" and cells["Us penalties"] == "100"


def test_the_melded_cards_say_what_the_decks_allow_and_a_total_below_a_meld_is_refused(
        client, app):
    game_id = team_game(client)
    page = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Nothing, or 15 (three 4s) up to 2900 with 5 decks" in page
    refused = send(client, f"/games/{game_id}/hands/1", entry(0, "nobody", **{
        "team0-melded_total": 5, "team1-melded_total": 300, "team1-held_ace": 1}))
    assert refused.status_code == 422
    assert "The cheapest meld, three 4s, is worth 15" in problem(refused, 0, "melded")
    assert version_of(app, game_id) == 0
