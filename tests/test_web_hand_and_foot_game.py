"""A Hand and Foot game on the screens: teams set up, the board's hand, standings by team,
the players' page. (Its end-of-hand entry: test_web_hand_and_foot_entry.py.)"""

from __future__ import annotations

import json
import re

import pytest

from tests.test_web_games import errors, send, text
from tests.test_web_kept_games import api_game, cells

SIX = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def seats(*players, **extra) -> dict:
    return {**{f"players-{i}": name for i, name in enumerate(players)}, "dealer": players[0],
            "decks": "auto", **extra}


def team(melded=0, held=0, clean=0, dirty=0, wild=0, red=0, out=False, **more) -> dict:
    return {"melded": melded, "held": held, "clean_piles": clean, "dirty_piles": dirty,
            "wild_piles": wild, "red_threes": red, "went_out": out, **more}


def hand(number, **teams) -> dict:
    return {"type": "hand_scored", "hand": number, "teams": teams}


def started(client, data) -> dict:
    answer = send(client, "/games/new/hand-and-foot", {**data, "start": "1"})
    assert answer.status_code == 303, errors(answer)
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    return client.get(f"/api/v1/games/{game_id}").get_json()


def test_the_game_is_offered_for_the_numbers_its_teams_seat(client):
    assert "4 hands · 4 or 6 players · highest total wins" in text(client.get("/games/new"))
    assert "4 or 6 players." in text(
        client.get("/games/new/hand-and-foot"))


def test_the_setup_shows_the_teams_the_seats_make_and_offers_each_split_six_allow(client):
    page = send(client, "/games/new/hand-and-foot", seats(*SIX, team_count="3"))
    labels = re.findall(r'<label class="setup-label" for="team_names-\d">([^<]*)<', page.get_data(
        as_text=True))
    assert [label.replace("&amp;", "&") for label in labels] == ["Ann & Di", "Bo & Ed", "Cy & Flo"]
    assert "2 teams of 3" in text(page) and "3 teams of 2" in text(page)
    four = text(send(client, "/games/new/hand-and-foot", seats(*SIX[:4])))
    assert "teams of" not in four.split("Teams")[1].split("First dealer")[0]  # one split only


def test_a_game_starts_with_the_teams_named_or_named_after_their_players(client):
    game = started(client, seats(*SIX, team_count="2", **{"team_names-0": "Reds"}))
    assert game["teams"] == [{"name": "Reds", "players": ["Ann", "Cy", "Ed"]},
                             {"name": "Bo & Di & Flo", "players": ["Bo", "Di", "Flo"]}]
    assert game["totals"] == {"Reds": 0, "Bo & Di & Flo": 0} and game["decks"] == 5
    listed = text(client.get("/games"))  # the games list names the game by its teams
    assert "Reds (Ann & Cy & Ed) v Bo & Di & Flo" in listed


@pytest.mark.parametrize("data, message", [
    (seats(*SIX[:5]), "5 players in 2 teams cannot be seated that way"),
    (seats(*SIX[:4], **{"team_names-0": "Us", "team_names-1": "us"}), "Two teams are called us"),
    (seats(*SIX[:4], **{"team_names-0": "\u200bUs"}), "invisible"),
])
def test_teams_the_table_cannot_have_are_refused_beside_the_input(client, data, message):
    answer = send(client, "/games/new/hand-and-foot", {**data, "start": "1"})
    assert answer.status_code == 422 and any(message in error for error in errors(answer))


def test_the_board_says_the_hand_of_four_its_opening_minimum_and_who_deals(client):
    game_id = api_game(client, "hand-and-foot", players=SIX[:4], events=[
        hand(1, **{"Ann & Cy": team(melded=100), "Bo & Di": team(melded=50)})])
    board = text(client.get(f"/games/{game_id}"))
    assert "Hand 2 of 4" in board and "worth 90 or more" in board and "Deals Bo" in board
    assert "a foot of 11" in board


def test_standings_are_by_team_with_a_named_teams_players_under_it(client):
    game_id = api_game(client, "hand-and-foot", players=SIX[:4],
                       teams=[{"name": "Us", "players": ["Ann", "Cy"]},
                              {"name": "Them", "players": ["Bo", "Di"]}],
                       events=[hand(1, Us=team(melded=905, clean=2, dirty=2, wild=1, red=1,
                                                     out=True),
                                    Them=team(melded=300, held=85, dirty=1))])
    page = client.get(f"/games/{game_id}/standings").get_data(as_text=True)
    assert re.search(r'standings-player[^>]*>.*?Us <span class="standings-partners">Ann &amp; Cy',
                     page)
    assert cells(page)[:2] == ["4205 +4205 out", "515 +515"]
    assert "1st Us Ann & Cy 4205" in text(client.get(f"/games/{game_id}/standings"))
    assert "1st Us Ann & Cy 4205" in text(client.get(f"/games/{game_id}/watch"))  # a TV watching
    sheet = text(client.get(f"/games/{game_id}/sheet"))
    assert "4 players · teams: Us (Ann & Cy), Them (Bo & Di)" in sheet
    assert "Total 4205 515" in sheet
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Ann, Bo, Cy, Di · teams: Us (Ann & Cy), Them (Bo & Di) · 5 decks" in history


def test_a_team_win_counts_for_each_partner_on_the_players_page(client):
    even = {"Ann & Cy": team(melded=100), "Bo & Di": team(melded=50)}
    api_game(client, "hand-and-foot", players=SIX[:4], events=[hand(n, **even)
                                                                 for n in range(1, 5)])
    players = text(client.get("/players"))
    for name, won, average in (("Ann", 1, 100), ("Cy", 1, 100), ("Bo", 0, 50), ("Di", 0, 50)):
        assert re.search(rf"{name} last played [\w ]+ 1 1 {won} {won:.0%}", players)
        figures = text(client.get(f"/players/{name}"))
        assert f"Hand and Foot Games 1 Finished 1 Won {won}" in figures
        assert f"Average hand {average}.0" in figures


def test_a_team_game_exported_and_imported_keeps_its_teams_and_scores(client):
    from tests.test_web_transfer import export_of, upload, without_ids_and_times
    game_id = api_game(client, "hand-and-foot", players=SIX[:4],
                       teams=[{"name": "Us", "players": ["Ann", "Cy"]},
                              {"name": "Them", "players": ["Bo", "Di"]}],
                       events=[hand(1, Us=team(melded=140, wild=1), Them=team(held=20))])
    original = export_of(client, game_id)
    response = upload(client, json.dumps(original).encode())
    assert response.status_code == 303
    imported = export_of(client, response.headers["Location"].rstrip("/").rsplit("/", 1)[-1])
    assert without_ids_and_times(imported) == without_ids_and_times(original)
    assert imported["teams"][0] == {"name": "Us", "players": ["Ann", "Cy"]}


def test_a_team_named_after_its_players_is_not_named_twice(client):
    game_id = api_game(client, "hand-and-foot", players=SIX[:4])
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Ann dealt · Ann & Cy v Bo & Di" in entry and "(Ann & Cy)" not in entry
    assert "Ann & Cy Ann & Cy" not in entry
