"""A game taken away (CSV, JSON, printable sheet)."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime, timezone

from tests.test_api_games import make_game, scored, send
from tests.test_web_games import hand_data, new_game
from tests.test_web_games import send as send_form


def play(client, hands):
    game = make_game(client)
    for version, (out, points) in enumerate(hands):
        assert send(client, game, scored(version + 1, out, points), version).status_code == 201
    return game


def test_csv_has_a_row_per_hand_the_totals_and_the_places(client):
    game = play(client, [("Ben", {"Carl": 35, "Abe": 15})] + [("Abe", {"Ben": 5, "Carl": 5})] * 5)
    response = client.get(f"/games/{game['id']}/export.csv")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    penalties = ["Abe rummy penalty", "Ben rummy penalty", "Carl rummy penalty"]
    assert rows[0] == ["hand", "dealer", "went out", "Abe", "Ben", "Carl", "corrections",
                       *penalties]
    assert rows[1] == ["1", "Abe", "Ben", "15", "0", "35", "", "0", "0", "0"]
    assert rows[-3] == ["total", "", "", "15", "25", "60", "", "0", "0", "0"]
    assert rows[-2] == ["place", "", "", "1", "2", "3", "", "", "", ""]
    assert rows[-1] == ["won", "", "", "yes", "", "", "", "", "", ""]


def test_a_file_taken_away_is_named_after_the_game_its_day_and_its_players(client):
    game = make_game(client, ("Ann", "Bob", "Cy", "Zoë"))
    day = datetime.now(timezone.utc).strftime("%Y-%m-%d")  # the day the game started (UTC)
    for kind in ("csv", "json"):
        response = client.get(f"/games/{game['id']}/export.{kind}")
        assert response.headers["Content-Disposition"] == (
            f'attachment; filename="eversol-{day}-ann-bob-cy-zoe.{kind}"')


def test_a_rummy_penalty_has_its_own_column_beside_what_was_caught(client):
    game_id = new_game(client)  # Ari's rule, as Eversol plays by default
    saved = send_form(client, f"/games/{game_id}/hands/1", hand_data(
        0, "1", {0: 15, 1: {"penalty": 25}, 2: {"n5": 7, "penalty": 20}}))
    assert saved.status_code == 303
    rows = list(csv.reader(io.StringIO(
        client.get(f"/games/{game_id}/export.csv").get_data(as_text=True))))
    assert rows[0][3:] == ["Abe", "Ben", "Carl", "corrections", "Abe rummy penalty",
                           "Ben rummy penalty", "Carl rummy penalty"]
    assert rows[1][3:] == ["15", "0", "35", "", "0", "25", "20"]
    assert rows[-1][3:] == ["15", "25", "55", "", "0", "25", "20"]  # the totals count them


def test_json_export_is_the_games_state(client):
    game = play(client, [("Ben", {"Carl": 35, "Abe": 15})])
    body = client.get(f"/games/{game['id']}/export.json").get_json(force=True)
    assert body["totals"] == {"Abe": 15, "Ben": 0, "Carl": 35} and body["hand"] == 2
    assert "edit_key" not in body


def test_the_score_sheet_lists_hands_and_leaves_blank_rows_to_fill(client):
    game = play(client, [("Ben", {"Carl": 35, "Abe": 15})])
    page = client.get(f"/games/{game['id']}/sheet").get_data(as_text=True)
    assert "Eversol Rummy score sheet" in page and "hand 2 of 6 being played" in page
    assert page.count('class="sheet-blank"') == 5


def test_unknown_games_have_no_exports(client):
    for tail in ("export.csv", "export.json", "sheet"):
        assert client.get(f"/games/nope/{tail}").status_code == 404


def test_the_score_sheet_leads_back_to_the_game_and_offers_to_print(client):
    game = play(client, [("Ben", {"Carl": 35, "Abe": 15})])
    page = client.get(f"/games/{game['id']}/sheet").get_data(as_text=True)
    assert f'href="/games/{game["id"]}">Back to the game</a>' in page
    # The Print button needs JavaScript (static/sheet.js shows it); the time is the
    # device's there, and without JavaScript it says which zone it is in.
    assert 'id="print-sheet" hidden>Print</button>' in page and "/static/sheet.js" in page
    time = re.search(r'<time datetime="(\S+)Z" data-local-moment>([^<]+)</time>', page)
    started = datetime.fromisoformat(time[1])
    assert time[2] == f"{started:%d %b %Y %H:%M} UTC"


def test_a_cell_a_spreadsheet_runs_after_a_control_or_a_space_is_text():
    from referee.web.kept.exports import spreadsheet_safe
    for cell in ("\x01=HYPERLINK(1)", "\x1b+1", " \t-1", "\u200b@A1", "\x7f\uff0b1"):
        assert spreadsheet_safe(cell) == "'" + cell
    assert spreadsheet_safe("\x01Ann") == "\x01Ann" and spreadsheet_safe("Ann = Ben") == "Ann = Ben"
