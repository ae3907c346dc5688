"""The screens in a family's words (issue 37): each house rule asked as a question with plain
answers, no empty section, deals for Piquet, a legend for the standings' two numbers, and a
saved copy of a game rather than a download of its JSON."""

from __future__ import annotations

import re

import pytest

from tests.test_web_games import errors, send, text
from tests.test_web_kept_games import GAMES, api_game


def legends(page: str) -> list[str]:
    return re.findall(r"<legend>([^<]*)</legend>", page)


def test_500s_setup_asks_each_house_rule_as_a_question_with_plain_answers(client):
    page = client.get("/games/new/500").get_data(as_text=True)
    shown = text(client.get("/games/new/500"))
    for label in ("Deeper must meld:", "Floating", "Pile:", "Top card:", "Meld all",
                  "Discard required", "Standard"):
        assert label not in shown, label
    asked = legends(page)
    assert "How does a player go out?" in asked
    assert "Play without jokers, as the game first was?" in asked
    assert all(question.endswith("?") for question in asked if question != "")
    # A yes-or-no rule is answered Yes or No, as the others are answered: by tapping.
    assert re.search(r'name="option_no_jokers" value="y"><span>Yes</span>', page)
    assert re.search(r'name="option_no_jokers" value="" checked><span>No</span>', page)
    assert "What score ends the game?" in shown


def test_a_house_rule_answered_no_is_kept_as_no(client, app):
    data = {"players-0": "Ann", "players-1": "Bo", "dealer": "Bo", "decks": "auto",
            "option_no_jokers": "", "option_must_go_out_to_win": "y", "start": "1"}
    started = send(client, "/games/new/500", data)
    assert started.status_code == 303, errors(started)
    game = client.get(f"{GAMES}/{started.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert game["options"]["no_jokers"] is False and game["options"]["must_go_out_to_win"] is True


@pytest.mark.parametrize("key", ["bourre", "piquet"])
def test_a_game_without_house_rules_shows_no_house_rules_heading(client, key):
    page = client.get(f"/games/new/{key}").get_data(as_text=True)
    assert page.count("<h2") >= 3  # who, seats, dealer...
    assert "House rules" not in page and 'id="rules-title"' not in page


def test_piquets_setup_and_pages_speak_of_deals(client):
    setup = text(client.get("/games/new/piquet"))
    assert "Piquet: 6 deals" in setup and "hands" not in setup
    game_id = api_game(client, "piquet", players=("Ben", "Ann"))
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Game set up: Piquet, 6 deals" in history
    board = text(client.get(f"/games/{game_id}"))
    assert "In each box: the total so far , and under it the deal’s points" in board


def test_the_standings_say_what_the_two_numbers_in_a_box_are(client):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    for page in (text(client.get(f"/games/{game_id}")),
                 text(client.get(f"/games/{game_id}/standings"))):
        assert "In each box: the total so far , and under it the hand’s points" in page


def test_saving_and_opening_a_game_are_said_in_a_familys_words(client):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    board = text(client.get(f"/games/{game_id}/history"))
    assert "Save a copy of this game" in board and "Scores for a spreadsheet" in board
    games = text(client.get("/games"))
    assert "Save a copy of every game" in games and "Open a saved game" in games
    for page in (board, games):
        for word in ("Download", "JSON", "CSV", "Import"):
            assert word not in page, word
    refused = client.post("/games/import", data={})
    assert "JSON" not in " ".join(errors(refused))
