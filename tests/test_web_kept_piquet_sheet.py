"""A Piquet deal entered on the kept game's screen from its score sheet, through the test
client: one button works it out and saves it, and the game page shows it part by part;
refused beside the box at fault (422), saved as the deal's sheet, corrected from the same
boxes; typed totals still the other way."""

from __future__ import annotations

import re

from tests.test_web_games import errors, send, text
from tests.test_web_kept_games import GAMES, api_game

# Ben deals deal 1 (the first dealer), so Ann is elder.
SHEET = {"elder_point": "5 worth 48", "elder_sequences": "quint to the king",
         "elder_sets": "quatorze of aces", "younger_point": "4", "younger_sets": "",
         "elder_tricks": "8", "younger_tricks": "4", "last_trick": "elder"}


def partie(client) -> tuple[str, int]:
    game_id = api_game(client, "piquet", players=("Ben", "Ann"))
    return game_id, client.get(f"{GAMES}/{game_id}").get_json()["version"]


def test_one_button_works_the_sheet_out_and_saves_it_with_the_parts_in_view(client):
    game_id, version = partie(client)
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Ann, elder (leads)" in entry and "Ben, younger (deals)" in entry
    # One button saves the deal, from the sheet or from typed points: no "Score deal 1" beside it.
    assert re.findall(r'<button type="submit" name="save"[^>]*>([^<]*)</button>', page) == [
        "Save", "Save deal 1"]
    assert "Score deal 1" not in page and 'name="sheet_check"' not in page
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", **SHEET})
    assert saved.status_code == 303 and saved.headers["Location"].endswith("?parts=1")
    board = text(client.get(saved.headers["Location"]))
    assert "Deal 1 saved: Ben 8, Ann 120." in board
    assert board.index("Deal 1 saved") < board.index("What deal 1 scores: Ann 120, Ben 8")
    assert "Repique Ann reached 30 first 60 0" in board
    assert "Sequence Ann: quint to the king 15 0" in board
    assert "This deal 120 8 Totals after it 120 8" in board
    assert client.get(f"{GAMES}/{game_id}").get_json()["version"] == version + 1
    assert "What deal 1 scores" not in text(client.get(f"/games/{game_id}"))  # once, as saved


def test_what_no_deal_makes_comes_back_beside_its_box(client):
    game_id, version = partie(client)
    wrong = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1",
                  **SHEET, "younger_sequences": "quint to the nine"})
    assert wrong.status_code == 422
    assert errors(wrong) == ["No sequence of 5 cards runs up to the nine: Piquet's cards start "
                             "at the seven."]
    assert 'id="younger_sequences-error"' in wrong.get_data(as_text=True)
    asked = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", **SHEET,
                  "elder_sets": "", "elder_point": "6", "elder_tricks": "7",
                  "younger_tricks": "5", "last_trick": "younger"})
    assert asked.status_code == 422
    assert errors(asked) == ["The order of the tricks decides a pique here: did Ann reach 30 "
                             "before Ben scored a point?"]


def test_a_deal_saved_from_its_sheet_is_kept_as_the_sheet_and_corrected_from_it(client):
    game_id, version = partie(client)
    disagree = send(client, f"/games/{game_id}/hands/1",
                    {"expected_version": str(version), "save": "1", **SHEET, "score1": "99"})
    assert disagree.status_code == 422
    assert errors(disagree) == ["The sheet gives Ann 120: clear this or fix it."]
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", **SHEET})
    assert saved.status_code == 303, errors(saved)
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Ben": 8, "Ann": 120}
    correcting = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'value="quint to the king"' in correcting
    fixed = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(game["version"]), "save": "1", "correcting": "1",
                  "reason": "Ben had a tierce", **SHEET, "younger_sequences": "tierce to the ten"})
    assert fixed.status_code == 303, errors(fixed)
    # Ann's quint still wins the sequence; Ben scoring a point now stops nothing: still 120.
    assert client.get(f"{GAMES}/{game_id}").get_json()["totals"] == {"Ben": 8, "Ann": 120}


def test_typed_totals_are_still_the_other_way(client):
    game_id, version = partie(client)
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "score0": "10",
                  "score1": "30"})
    assert saved.status_code == 303, errors(saved)
    assert client.get(f"{GAMES}/{game_id}").get_json()["totals"] == {"Ben": 10, "Ann": 30}


def test_the_printed_sheet_and_a_refused_score_speak_of_deals(client):
    game_id, version = partie(client)
    assert "deal 1 of 6 being played" in text(client.get(f"/games/{game_id}/sheet"))
    refused = send(client, f"/games/{game_id}/hands/1",
                   {"expected_version": str(version), "save": "1", "score0": "900",
                    "score1": "30"})
    assert refused.status_code == 422
    assert errors(refused) == ["900 for Ben can't be right: a Piquet deal scores 0 to 250."]


def test_typed_totals_no_deal_makes_are_refused_beside_the_bounds_shown(client):
    game_id, version = partie(client)
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Together 24 to 185; Ann at least 1; Ben 0 to 184." in entry
    refused = send(client, f"/games/{game_id}/hands/1",
                   {"expected_version": str(version), "save": "1", "score0": "0",
                    "score1": "0"})
    assert refused.status_code == 422
    assert errors(refused)[0].startswith("The scores come to 0; a deal's come to 24 at the "
                                         "least: 12 cards led and as many tricks")
    elder_led = send(client, f"/games/{game_id}/hands/1",
                     {"expected_version": str(version), "save": "1", "score0": "24",
                      "score1": "0"})
    assert errors(elder_led)[0] == ("0 for Ann can't be right: Ann scores 1 to 185 in this "
                                    "deal: Ann, elder, leads the first trick.")
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "score0": "12",
                  "score1": "12"})
    assert saved.status_code == 303, errors(saved)
