"""A night for stakes on the screens, through the test client: each net in stakes and money on
the board and the standings, each hand's reason and payments in the history, ending the night
and the transfers that settle it, the CSV, the printed sheet and the players' page. The night is
made through the API (this device joins as the scorer)."""

from __future__ import annotations

import csv
import io
import re

from tests.test_web_games import send, text
from tests.test_web_kept_games import api_game

GAMES = "/api/v1/games"
PLAYERS = ("Ann", "Bob", "Cy")


def hand(number: int, ending: str, **fields) -> dict:
    return {"type": "hand_scored", "hand": number, "ending": ending, **fields}


# Ann tonks out (+4), Cy drops with 7 but Ann has 5 (Cy caught), the stock runs out (Bob lowest).
NIGHT = (hand(1, "tonk_out", player="Ann"),
         hand(2, "drop", player="Cy", counts={"Ann": 5, "Bob": 9, "Cy": 7}),
         hand(3, "stock_out", counts={"Ann": 12, "Bob": 3, "Cy": 8}))


def night(client, stake: str | None = "0.25", events=NIGHT) -> str:
    extra = {"stake": stake} if stake else {}
    return api_game(client, "tonk", PLAYERS, events=events, **extra)


def ranking(page: str) -> list[str]:
    """The ranking's lines, as read: ``'1st Ann +6 stakes · 1.50'``."""
    found = re.findall(r'<li class="ranking-item[^"]*">(.*?)</li>', page, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", line)).strip() for line in found]


def test_the_standings_give_each_net_in_stakes_and_money_highest_first(client):
    game_id = night(client)
    for path in (f"/games/{game_id}", f"/games/{game_id}/standings"):
        response = client.get(path)
        page = text(response)
        assert "Tonk · until the table ends it" in page
        assert ranking(response.get_data(as_text=True)) == [
            "1st Ann +6 stakes · 1.50", "2nd Bob −1 stake · −0.25", "3rd Cy −5 stakes · −1.25"]
        # Each row says how the hand ended; a caught drop says so.
        assert "tonk out by Ann" in page and "drop by Cy, caught" in page
        assert "stock out" in page and "stock ran out" not in page
    standings = text(client.get(f"/games/{game_id}/standings"))
    assert "Each player's net so far" in standings
    assert "To settle up now Bob pays Ann 0.25 Cy pays Ann 1.25" in standings
    assert "1 stake is worth 0.25" in standings
    assert "End the night now" in text(client.get(f"/games/{game_id}"))


def test_a_night_for_points_counts_in_stakes_and_names_no_money(client):
    game_id = night(client, stake=None)
    response = client.get(f"/games/{game_id}/standings")
    assert ranking(response.get_data(as_text=True)) == [
        "1st Ann +6 stakes", "2nd Bob −1 stake", "3rd Cy −5 stakes"]
    page = text(response)
    assert "Bob pays Ann 1 stake Cy pays Ann 5 stakes" in page
    assert "no money changes hands" in page and "0.25" not in page


def test_the_history_gives_each_hands_reason_payments_and_nets(client):
    game_id = night(client)
    page = text(client.get(f"/games/{game_id}/history"))
    assert ("Hand 2: drop by Cy Cy dropped with 7, but Ann has 5: Cy is caught and pays Ann "
            "1 stake; everyone else pays Ann, the lowest, 1 stake.") in page
    assert ("Bob pays Ann 1 stake (0.25) Cy pays Ann 2 stakes (0.50) "
            "Ann: +3 stakes · 0.75 (count 5) Bob: −1 stake · −0.25 (count 9) "
            "Cy: −2 stakes · −0.50 (count 7)") in page
    assert "Hand 1: tonk out by Ann" in page and "Bob pays Ann 2 stakes (0.50)" in page
    assert "Ann: +4 stakes · 1.00 Bob" in page  # no count where the ending takes none


def test_a_corrected_hand_and_an_undone_one_show_in_the_history_and_the_nets(client):
    made = client.post(GAMES, json={"ruleset": "tonk", "players": list(PLAYERS),
                                    "stake": "0.50"}).get_json()
    key = {"X-Edit-Key": made["edit_key"]}
    events = f"{GAMES}/{made['id']}/events"
    for version, event in enumerate((
            hand(1, "run_out", player="Bob"),
            {**hand(1, "tonk_out", player="Bob"), "type": "hand_corrected",
             "reason": "Bob played his last card to a spread"})):
        answer = client.post(events, json={"expected_version": version, "event": event},
                             headers=key)
        assert answer.status_code == 201, answer.get_json()
    client.get(f"/games/{made['id']}/join/{made['edit_key']}")
    history = text(client.get(f"/games/{made['id']}/history"))
    assert "Hand 1 corrected: Bob played his last card to a spread" in history
    assert "Ann pays Bob 2 stakes (1.00)" in history  # the correction's payments
    assert "Ann pays Bob 1 stake (0.50)" in history  # the first entry's, kept
    board = client.get(f"/games/{made['id']}").get_data(as_text=True)
    assert ranking(board)[0] == "1st Bob +4 stakes · 2.00"

    undone = send(client, f"/games/{made['id']}/undo", {"expected_version": "2", "undoes": "2"})
    assert undone.status_code in (200, 303)
    board = client.get(f"/games/{made['id']}").get_data(as_text=True)
    assert ranking(board)[0] == "1st Bob +2 stakes · 1.00"
    history = client.get(f"/games/{made['id']}/history").get_data(as_text=True)
    assert "<s>Ann pays Bob 2 stakes (1.00)</s>" in history


def test_ending_the_night_asks_first_then_shows_the_fewest_transfers(client):
    game_id = night(client)
    asked = text(client.get(f"/games/{game_id}/end"))
    assert "End the night now?" in asked
    assert "1st Ann +6 stakes · 1.50" in asked
    assert "Settling up Bob pays Ann 0.25 Cy pays Ann 1.25" in asked

    ended = send(client, f"/games/{game_id}/end", {"expected_version": "3"})
    assert ended.status_code == 303
    over = text(client.get(f"/games/{game_id}"))
    assert "The table ended the night: Ann wins. Undo takes it back." in over
    assert "Tonk · Night over after 3 hands" in over
    assert "Each player's net for the night 1st Ann +6 stakes · 1.50" in over
    assert "Settling up Bob pays Ann 0.25 Cy pays Ann 1.25 1 stake is worth 0.25." in over
    assert "Undo: The table ended the night" in over
    assert "The table ended the night" in text(client.get(f"/games/{game_id}/history"))
    watching = text(client.get(f"/games/{game_id}/watch"))
    assert "Settling up Bob pays Ann 0.25 Cy pays Ann 1.25" in watching
    assert "3rd Cy −5 stakes · −1.25" in watching
    final = text(client.get(f"/games/{game_id}/standings"))
    assert "Final standings" in final and "Settling up Bob pays Ann 0.25" in final


def test_a_square_night_says_nobody_pays(client):
    # Ann's tonk out, then Bob's and Cy's run outs: everyone ends level.
    game_id = night(client, events=(hand(1, "run_out", player="Ann"),
                                    hand(2, "run_out", player="Bob"),
                                    hand(3, "run_out", player="Cy"), {"type": "game_ended"}))
    page = text(client.get(f"/games/{game_id}"))
    assert "Everyone is square: nobody pays anybody." in page
    assert "tied 1st Ann 0 stakes · 0.00" in page


def test_the_csv_gives_each_hand_its_ending_counts_payments_and_the_settling(client):
    game_id = night(client, events=(*NIGHT, {"type": "game_ended"}))
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["hand", "dealer", "ending", "who", "outcome", "Ann", "Bob", "Cy",
                       "corrections", "Ann count", "Bob count", "Cy count", "payments"]
    assert rows[2] == ["2", "Bob", "Drop", "Cy", "caught", "3", "-1", "-2", "", "5", "9", "7",
                       "Bob pays Ann 1 stake (0.25); Cy pays Ann 2 stakes (0.50)"]
    assert rows[3][:5] == ["3", "Cy", "Stock out", "", "win"]
    assert rows[4][:8] == ["net stakes", "", "", "", "", "6", "-1", "-5"]
    assert rows[5][:8] == ["net money", "", "", "", "", "1.50", "-0.25", "-1.25"]
    assert [row[2] for row in rows[6:]] == ["Bob pays Ann 0.25", "Cy pays Ann 1.25"]
    assert {len(row) for row in rows} == {13}


def test_the_printed_sheet_and_the_players_page_read_a_night_for_stakes(client):
    game_id = night(client, events=(*NIGHT, {"type": "game_ended"}))
    sheet = text(client.get(f"/games/{game_id}/sheet"))
    assert "Hand Dealer How it ended Ann Bob Cy" in sheet
    assert "2 Bob drop by Cy, caught +3 (+7) −1 (−3) −2 (−4)" in sheet
    assert "Net +6 stakes · 1.50 −1 stake · −0.25 −5 stakes · −1.25" in sheet
    assert "Settling up Bob pays Ann 0.25 Cy pays Ann 1.25" in sheet
    assert client.get("/players").status_code == 200
    ann = text(client.get("/players/Ann"))
    assert "Tonk Games 1 Finished 1 Won 1 " in ann
    assert "Average hand 2.0 " in ann  # 6 stakes over 3 hands
    assert "Money across the nights for stakes +1.50 over 1 game " in ann


def test_a_players_page_keeps_each_games_units_apart_and_adds_only_money(client):
    # A Tonk stake and a Bourré ante are different things: never summed as one count.
    night(client)  # Ann +6 stakes at 0.25: 1.50
    api_game(client, "bourre", PLAYERS, stake="0.50",  # Ann takes 2 antes: 1.00
             events=({"type": "hand_scored", "hand": 1, "played": list(PLAYERS),
                      "tricks": {"Ann": 3, "Bob": 1, "Cy": 1}},))
    page = text(client.get("/players/Ann"))
    assert "Money across the nights for stakes +2.50 over 2 games " in page  # 1.50 + 1.00
    assert "+7 stakes" not in page and "+7 antes" not in page
