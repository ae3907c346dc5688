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


def entry(version: int, went_out, **fields) -> dict:
    """``fields`` by form name with ``__`` for ``-``: ``team0__melded_joker=2``."""
    data = {"expected_version": str(version), "save": "1",
            **{name.replace("__", "-"): str(value) for name, value in fields.items()}}
    if went_out is not None:
        data["went_out"] = went_out
    return data


# Us went out with 2 jokers and 8 K–8 melded (180), 2 clean, 2 dirty and 1 wild pile, a red 3,
# and one penalty; Them melded 300 (typed), held an ace and a red 3.
US_OUT = dict(team0__melded_joker=2, team0__melded_high=8, team0__clean_piles=2,
              team0__dirty_piles=2, team0__wild_piles=1, team0__red_threes=1,
              team0__penalty_out_after_no=1)
THEM = dict(team1__melded_total=300, team1__held_ace=1, team1__held_red_three=1)


def test_the_page_asks_each_team_for_its_numbers(client):
    game_id = team_game(client)
    page = client.get(f"/games/{game_id}/hands/1")
    words = text(page)
    print(words)
