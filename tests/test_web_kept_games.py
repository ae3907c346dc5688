"""The scorekeeper's screens for every kept game, through the test client: choosing and setting
up a game, then the board, standings, history, exports and "End the game now" of 500 Rummy,
Basic Rummy and Base Rules games made through the API (this device joins as the scorer)."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime, timezone

import pytest

from tests.test_web_games import errors, send, text

GAMES = "/api/v1/games"


def api_game(client, ruleset: str, players=("Ann", "Bo", "Cy"), events=(), join=True,
             **extra) -> str:
    """A game made through the API with ``events`` taken; this device may score it."""
    made = client.post(GAMES, json={"ruleset": ruleset, "players": list(players),
                                    "first_dealer": players[0], **extra}).get_json()
    for version, event in enumerate(events):
        answer = client.post(f"{GAMES}/{made['id']}/events",
                             json={"expected_version": version, "event": event},
                             headers={"X-Edit-Key": made["edit_key"]})
        assert answer.status_code == 201, answer.get_json()
    if join:
        assert client.get(f"/games/{made['id']}/join/{made['edit_key']}").status_code == 303
    return made["id"]


def melded(went_out, hand, **players) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out,
            "players": {name: {"melded": m, "held": h} for name, (m, h) in players.items()}}


def collected(went_out, hand, rummy=False, **points) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out, "went_rummy": rummy,
            "points": points}


FIVE_HUNDRED_HANDS = (melded("Ann", 1, Ann=(45, 0), Bo=(20, 32), Cy=(0, 15)),
                      melded(None, 2, Ann=(10, 5), Bo=(0, 8), Cy=(34, 4)))


def cells(page: str) -> list[str]:
    """Each standings cell's running total and hand score, as read."""
    found = re.findall(r'<td class="standings-cell[^"]*">(.*?)</td>', page, flags=re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip() for cell in found]


# --- Choosing the game --------------------------------------------------------------------

def test_new_game_asks_which_game_and_every_kept_game_is_offered(client):
    page = client.get("/games/new").get_data(as_text=True)
    for key, title, facts in (("eversol", "Eversol Rummy", "6 hands · 2 to 20 players"),
                              ("500", "500 Rummy", "First to 500 · 2 to 8 players"),
                              ("basic", "Basic Rummy", "First to 100 · 2 to 6 players"),
                              ("base", "Base Rules Rummy", "1 hand · 2 to 5 players")):
        assert f'href="/games/new/{key}"' in page and title in page and facts in page
    home = client.get("/").get_data(as_text=True)
    assert all(f'href="/games/new/{key}"' in home for key in ("eversol", "500", "basic", "base"))
    chosen = client.get("/games/new?ruleset=500")
    assert chosen.status_code == 303 and chosen.headers["Location"] == "/games/new/500"
    assert client.get("/games/new/gin").status_code == 404
    assert client.get("/games/new?ruleset=gin").status_code == 404


def test_each_games_setup_has_its_own_limits_end_and_house_rules(client):
    page = text(client.get("/games/new/500"))
    assert "New 500 Rummy game" in page and "500 Rummy: first to 500" in page
    assert "2 to 8 players" in page
    assert "0 of 8" in page and "One taken from under the top" in page
    assert "What score ends the game?" in page and "House rules" in page
    basic = client.get("/games/new/basic").get_data(as_text=True)
    assert "0 of 6" in text(client.get("/games/new/basic"))
    assert 'name="option_game_end" value="points" checked' in basic
    assert 'placeholder="No limit"' not in basic  # every number here has a default


def test_a_500_game_starts_from_the_form_with_its_house_rules(client, app):
    data = {"players-0": "Ann", "players-1": "Bo", "dealer": "Bo", "decks": "auto",
            "option_two_player_deal": "7", "option_card_values": "standard",
            "option_discard_pile_draw": "deeper_must_meld", "option_rummy_calls": "pile",
            "option_going_out": "meld_all", "option_target_score": "300", "start": "1"}
    started = send(client, "/games/new/500", data)
    assert started.status_code == 303, errors(started)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["ruleset"] == "500" and game["options"]["two_player_deal"] == 7
    assert game["end"]["description"] == "first to 300" and game["dealer"] == "Bo"
    board = text(client.get(f"/games/{game_id}"))
    assert "500 Rummy · first to 300" in board and "Deal 7 cards each" in board
    assert "Deals Bo" in board and "Plays first Ann" in board and "Score hand 1" in board
    assert "Follow this hand" not in board  # the referee follows only games it knows turn by turn


def test_a_game_seats_no_more_players_than_its_ruleset_allows(client, app):
    seated = {f"players-{i}": f"P{i}" for i in range(6)}
    more = send(client, "/games/new/basic", {**seated, "new_name": "Zed", "add": "1"})
    assert errors(more) == ["Basic Rummy seats 6 players at most."]
    nine = {f"players-{i}": f"P{i}" for i in range(9)}
    refused = send(client, "/games/new/500", {**nine, "dealer": "random", "decks": "auto",
                                             "start": "1"})
    assert refused.status_code == 422
    assert errors(refused) == ["500 Rummy is played by 2 to 8 players; 9 were given."]


def test_the_game_end_of_the_form_follows_the_house_rules_chosen(client):
    shown = send(client, "/games/new/basic", {"players-0": "Ann", "option_game_end": "hands",
                                              "option_hands": "3", "new_name": "Bo",
                                              "add": "1"})
    assert "Basic Rummy: 3 hands" in text(shown)


# --- A 500 game on every screen ---------------------------------------------------------

def test_500_board_standings_and_chart_read_highest_first_with_signed_scores(client):
    game_id = api_game(client, "500", events=FIVE_HUNDRED_HANDS)
    response = client.get(f"/games/{game_id}")
    page, board = response.get_data(as_text=True), text(response)
    assert "500 Rummy · first to 500" in board and "Hand 3" in board and "Hand 3 of" not in board
    assert "Deal 7 cards each" in board and "Deals Cy" in board and "Plays first Ann" in board
    assert cells(page)[:6] == ["45 +45 out", "−12 −12", "−15 −15", "50 +5", "−20 −8", "15 +30"]
    assert "stock ran out" in board and "Cy deals" in board
    assert "1st Ann 50 2nd Cy 15 3rd Bo −20" in board
    assert 'class="chart-grid chart-grid--zero"' in page and ">−25<" in page
    assert "higher is better" in board and 'class="contract-now"' not in page
    standings = text(client.get(f"/games/{game_id}/standings"))
    assert "Standings after 2 hands" in standings and "Places now 1st Ann 50" in standings


def test_500_history_says_each_hand_in_its_own_terms(client):
    game_id = api_game(client, "500", events=FIVE_HUNDRED_HANDS)
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Game set up: 500 Rummy, first to 500 · Ann, Bo, Cy · 1 deck" in history
    assert ("Hand 1: Ann went out Ann: went out, +45 (45 melded) Bo: −12 (20 melded, 32 held) "
            "Cy: −15 (15 held)") in history
    assert "Hand 2: the stock ran out Ann: +5 (10 melded, 5 held)" in history


def test_500_exports_name_the_game_and_say_how_each_hand_ended(client):
    game_id = api_game(client, "500", events=FIVE_HUNDRED_HANDS)
    response = client.get(f"/games/{game_id}/export.csv")
    day = datetime.now(timezone.utc).strftime("%Y-%m-%d")  # the game's, in UTC
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="500-{day}-ann-bo-cy.csv"')
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:7] == ["hand", "dealer", "went out", "Ann", "Bo", "Cy", "corrections"]
    assert rows[0][7:9] == ["Ann melded", "Ann held"]
    assert rows[1][:6] == ["1", "Ann", "Ann", "45", "-12", "-15"]
    assert rows[2][2] == "nobody: the stock ran out" and rows[-1][:6] == [
        "total", "", "", "50", "-20", "15"]
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.headers["Content-Disposition"].endswith(f'"500-{day}-ann-bo-cy.json"')
    assert exported.get_json(force=True)["ranking_order"] == "highest_first"
    sheet = text(client.get(f"/games/{game_id}/sheet"))
    assert "500 Rummy score sheet First to 500" in sheet and "hand 3 being played" in sheet
    assert "stock ran out +5 (50) −8 (−20) +30 (15)" in sheet
    assert "Highest total wins" in sheet


def test_a_500_tie_past_the_target_plays_on_and_must_go_out_names_the_one_out(client):
    tied = api_game(client, "500", options={"target_score": 50},
                    events=[melded("Ann", 1, Ann=(50, 0), Bo=(55, 5), Cy=(0, 10))])
    board = text(client.get(f"/games/{tied}"))
    assert "Hand 2" in board and "Game over" not in board and "tied 1st Ann 50 tied 1st Bo 50" in board
    # Level on the target itself: not "on 50, past 50".
    assert ("Not over yet: Ann and Bo are level at the top on 50. A tie plays on until "
            "one player leads alone.") in board
    strict_hands = [melded("Ann", 1, Ann=(20, 0), Bo=(85, 5), Cy=(0, 10)),
                    melded("Ann", 2, Ann=(40, 0), Bo=(0, 5), Cy=(0, 4))]
    strict_rules = {"target_score": 50, "must_go_out_to_win": True}
    going_on = api_game(client, "500", options=strict_rules, events=strict_hands[:1])
    assert ("Not over yet: Bo has reached 50, but only a player who goes out with 50 or more "
            "wins.") in text(client.get(f"/games/{going_on}/watch"))
    strict = api_game(client, "500", options=strict_rules, events=strict_hands)
    over = client.get(f"/games/{strict}").get_data(as_text=True)
    assert "★</span> Ann wins" in over and "with 60 points" in over
    assert re.search(r'is-winner"><span class="ranking-place">2nd', over)  # Bo has more
    sheet = text(client.get(f"/games/{strict}/sheet"))
    assert "finished: Ann wins" in sheet and "only for the player who goes out" in sheet


def test_the_500_board_polls_as_a_fragment_for_watchers(client):
    game_id = api_game(client, "500", events=FIVE_HUNDRED_HANDS, join=False)
    fragment = client.get(f"/games/{game_id}/poll/board")
    assert fragment.status_code == 200 and "End the game now" not in text(fragment)
    assert "45 +45 out" in cells(fragment.get_data(as_text=True))
    for part in ("standings", "history"):
        assert client.get(f"/games/{game_id}/poll/{part}").status_code == 200
    watch = text(client.get(f"/games/{game_id}/watch"))
    assert "Score hand" not in watch and "500 Rummy · first to 500" in watch


# --- Basic Rummy -------------------------------------------------------------------------

def test_basic_board_history_and_sheet_of_a_two_handed_game(client):
    game_id = api_game(client, "basic", ("Ann", "Bo"),
                       options={"game_end": "hands", "hands": 4},
                       events=[collected("Bo", 1, rummy=True, Ann=19)])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    board = text(client.get(f"/games/{game_id}"))
    assert "Basic Rummy · 4 hands" in board and "Hand 2 of 4" in board
    assert "Deal 10 cards each" in board and "Bo won, so Bo deals" in board
    assert cells(page)[:2] == ["0 0", "38 +38 rummy"]
    rows = re.findall(r'<span class="standings-contract">([^<]*)</span>', page)
    assert rows == ["Ann deals", "Bo deals"]  # hands 3 and 4: whoever wins the one before
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 1: Bo went rummy Ann: 19 held Bo: collects 38 (double)" in history
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    blank = re.findall(r'<tr class="sheet-blank"><th scope="row">(\d)</th><td>([^<]*)</td>',
                       sheet)
    assert blank == [("2", "Bo"), ("3", ""), ("4", "")]
    csv_rows = client.get(f"/games/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert csv_rows[1] == "1,Ann,Bo (rummy),0,38,"


# --- Base Rules ----------------------------------------------------------------------------

def test_base_five_hands_on_the_board_then_game_over(client):
    five = {"options": {"hands": 5}}  # the table sets five hands: one is the game's own end
    hands = [melded(("Ann", "Bo", "Cy")[hand % 3], hand,
                    **{name: (30, 0) if name == ("Ann", "Bo", "Cy")[hand % 3] else (10, 4 * hand)
                       for name in ("Ann", "Bo", "Cy")}) for hand in range(1, 6)]
    playing = api_game(client, "base", events=hands[:2], **five)
    page = client.get(f"/games/{playing}").get_data(as_text=True)
    assert "Hand 3 of 5" in text(client.get(f"/games/{playing}"))
    assert page.count("is-future") == 2  # hands 4 and 5, with their dealers
    over = api_game(client, "base", events=hands, **five)
    board = text(client.get(f"/games/{over}"))
    assert "Base Rules Rummy · Game over after 5 hands" in board and "★ Cy wins" in board
    assert "1st Cy 58 2nd Bo 50 3rd Ann 22" in board and "End the game now" not in board
    assert "Final standings ★ Cy wins with 58 points" in text(
        client.get(f"/games/{over}/standings"))
    games = text(client.get("/games"))
    assert "Base Rules Rummy, 5 hands" in games and "★ Cy won" in games


# --- Ending a game early -------------------------------------------------------------------

def test_end_the_game_now_asks_first_then_ends_it_and_undo_reopens_it(client, app):
    fresh = api_game(client, "500")
    assert "End the game now" not in text(client.get(f"/games/{fresh}"))
    not_yet = client.get(f"/games/{fresh}/end")
    assert not_yet.status_code == 409 and "No hand has been scored yet" in text(not_yet)

    game_id = api_game(client, "500", events=FIVE_HUNDRED_HANDS)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/end"' in board
    asked = client.get(f"/games/{game_id}/end")
    page = text(asked)
    assert asked.status_code == 200 and "End the game now?" in page
    assert "the highest total wins" in page and "1st Ann 50 2nd Cy 15 3rd Bo −20" in page
    assert re.search(r'name="expected_version" type="hidden" value="2"',
                     asked.get_data(as_text=True))

    forged = client.post(f"/games/{game_id}/end", data={"expected_version": "2"})
    assert forged.status_code == 400
    stale = send(client, f"/games/{game_id}/end", {"expected_version": "1"})
    assert stale.status_code == 409 and "nothing was ended" in text(stale)
    assert not client.get(f"{GAMES}/{game_id}").get_json()["finished"]

    ended = send(client, f"/games/{game_id}/end", {"expected_version": "2"})
    assert ended.status_code == 303 and ended.headers["Location"] == f"/games/{game_id}"
    over = text(client.get(f"/games/{game_id}"))
    assert "The table ended the game: Ann wins. Undo takes it back." in over
    assert "Game over after 2 hands: the table ended it" in over and "★ Ann wins" in over
    assert "Undo: The table ended the game" in over
    assert "The table ended the game" in text(client.get(f"/games/{game_id}/history"))
    again = client.get(f"/games/{game_id}/end")
    assert again.status_code == 409 and "already over" in text(again)

    undone = send(client, f"/games/{game_id}/undo", {"expected_version": "3", "undoes": "3"})
    assert undone.status_code == 303
    reopened = text(client.get(f"/games/{game_id}"))
    assert "Hand 3" in reopened and "Game over" not in reopened


def test_only_a_scoring_device_may_end_a_game(client, app):
    game_id = api_game(client, "basic", events=[collected("Ann", 1, Bo=5, Cy=5)], join=False)
    assert client.get(f"/games/{game_id}/end").status_code == 403
    refused = send(client, f"/games/{game_id}/end", {"expected_version": "1"})
    assert refused.status_code == 403
    assert not client.get(f"{GAMES}/{game_id}").get_json()["finished"]


def test_a_form_without_the_version_is_not_ended(client):
    game_id = api_game(client, "base", events=[melded("Bo", 1, Ann=(0, 10), Bo=(40, 0),
                                                      Cy=(5, 5))], options={"hands": 3})
    lost = send(client, f"/games/{game_id}/end", {})
    assert lost.status_code == 422 and "Nothing was ended" in text(lost)
    assert not client.get(f"{GAMES}/{game_id}").get_json()["finished"]


@pytest.mark.parametrize("ruleset", ["500", "basic", "base"])
def test_pages_of_every_game_have_no_inline_script_or_style(client, ruleset):
    first = {"500": FIVE_HUNDRED_HANDS[0], "base": FIVE_HUNDRED_HANDS[0],
             "basic": collected("Ann", 1, Bo=5, Cy=5)}[ruleset]
    game_id = api_game(client, ruleset, events=[first])
    for path in ("", "/standings", "/history", "/watch", "/end", "/sheet"):
        body = client.get(f"/games/{game_id}{path}").get_data(as_text=True)
        assert "<script>" not in body and " style=" not in body, path


# --- Piquet: a partie of six deals, typed ---------------------------------------------------

def test_a_piquet_partie_is_set_up_and_its_deals_entered_on_the_screens(client):
    started = send(client, "/games/new/piquet", {"players-0": "Ann", "players-1": "Ben",
                                                 "dealer": "Ben", "decks": "auto",
                                                 "start": "1"})
    assert started.status_code == 303, errors(started)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    board = text(client.get(f"/games/{game_id}"))
    assert "Check a meld" not in board and "Best melds" not in board
    entry = client.get(f"/games/{game_id}/hands/1")
    page = text(entry)
    assert "End of deal 1 of 6" in page and "Save deal 1" in page and "hand" not in page.lower()
    assert "Ann is elder (leads); Ben, the dealer, is younger." in page
    version = client.get(f"{GAMES}/{game_id}").get_json()["version"]
    blank = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "score0": "30"})
    assert blank.status_code == 422 and errors(blank) == ["Type Ben's points (0 for none)."]
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "score0": "30",
                  "score1": "12"})
    assert saved.status_code == 303
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Ann": 30, "Ben": 12} and game["dealer"] == "Ann"
    # Piquet plays deals: its board, standings and history say so, as the ruleset does.
    board = text(client.get(f"/games/{game_id}"))
    assert "Deal 2 of 6" in board and "Score deal 2" in board and "Piquet · 6 deals" in board
    assert "Running totals after each deal" in board and "hand" not in board.lower()
    standings = text(client.get(f"/games/{game_id}/standings"))
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Standings after 1 of 6 deals" in standings and "Deal 1: Ann 30, Ben 12" in history
    for page in (board, standings, history):  # the game's tabs
        assert "Deal Standings History Rules" in page
    assert "Piquet, 6 deals Ann, Ben Deal 2 of 6" in text(client.get("/games"))
    assert "Ben is elder (leads); Ann, the dealer, is younger." in text(
        client.get(f"/games/{game_id}/hands/2"))


def test_a_finished_piquet_partie_says_the_margin_and_the_rubicon(client):
    deals = [{"type": "hand_scored", "hand": n, "scores": {"Ann": a, "Ben": b}}
             for n, (a, b) in enumerate([(17, 16)] + [(20, 16)] * 5, 1)]
    game_id = api_game(client, "piquet", players=("Ann", "Ben"), events=deals)
    expected = "Ben did not reach 100: Ann wins by 313 (Rubicon)."
    for path in ("", "/standings", "/watch"):
        assert expected in text(client.get(f"/games/{game_id}{path}")), path
    assert "stock ran out" not in text(client.get(f"/games/{game_id}"))  # nobody goes out
    assert "stock ran out" not in text(client.get(f"/games/{game_id}/sheet"))
    assert "the stock ran out" not in client.get(f"/games/{game_id}/export.csv").get_data(
        as_text=True)
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Deal 6: Ann 20, Ben 16 Ann: 20 points Ben: 16 points" in history


# --- Escoba: four in partnerships, each side's captures counted ------------------------------

def test_an_escoba_game_of_four_in_partnerships_is_set_up_on_the_screens(client):
    seated = {f"players-{i}": name for i, name in enumerate(("Ann", "Bo", "Cy", "Di"))}
    form = text(send(client, "/games/new/escoba", {**seated, "decks": "auto"}))
    assert "Each plays alone" in form and "2 teams of 2" in form
    assert "the deal passes up the list, to the right." in form
    started = send(client, "/games/new/escoba", {**seated, "dealer": "Ann", "decks": "auto",
                                                 "team_count": "2", "team_names-0": "Us",
                                                 "start": "1"})
    assert started.status_code == 303, errors(started)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Us": 0, "Bo & Di": 0}


def test_an_escoba_hand_is_entered_as_each_sides_counts_with_its_points_in_parts(client):
    game_id = api_game(client, "escoba", players=("Ann", "Bo", "Cy", "Di"),
                       teams=[{"name": "Us", "players": ["Ann", "Cy"]},
                              {"name": "Them", "players": ["Bo", "Di"]}])
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Ann dealt" in entry and "What each side took" in entry and "Took the 7♦" in entry
    counts = {"expected_version": "0", "side0_count": "22", "side0_diamonds": "6",
              "side0_seven_of_diamonds": "y", "side0_best": "7D 7S 7H 6C",
              "side0_escobas": "2", "side1_count": "18", "side1_diamonds": "4"}
    both = send(client, f"/games/{game_id}/hands/1",
                {**counts, "side1_seven_of_diamonds": "y", "save": "1"})
    assert both.status_code == 422
    assert errors(both) == ["There are more copies of 7♦ here than the deck holds (1)."]
    assert 'id="side1_seven_of_diamonds-error"' in both.get_data(as_text=True)
    too_many = send(client, f"/games/{game_id}/hands/1",
                    {**counts, "side1_count": "19", "save": "1"})
    assert too_many.status_code == 422
    assert errors(too_many) == ["The sides' cards add up to more than the deck's 40."]
    assert 'id="side1_count-error"' in too_many.get_data(as_text=True)  # beside Them's cards
    shown = send(client, f"/games/{game_id}/hands/1", {**counts, "preview": "1"})
    assert shown.status_code == 200
    assert ("Us 6: Most cards 1, Most diamonds 1, 7♦ 1, La setenta 1, Escobas 2 "
            "Them 0: nothing this hand") in text(shown)
    assert client.get(f"{GAMES}/{game_id}").get_json()["version"] == 0  # nothing saved
    saved = send(client, f"/games/{game_id}/hands/1", {**counts, "save": "1"},
                 follow_redirects=True)
    assert "Hand 1 saved: Us 6 (Most cards 1, Most diamonds 1, 7♦ 1, La setenta 1, " \
           "Escobas 2), Them 0." in text(saved)
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Us": 6, "Them": 0} and game["dealer"] == "Di"


def test_escoba_typed_points_are_held_to_a_hand_and_the_bound_is_shown(client):
    game_id = api_game(client, "escoba", players=("Ann", "Bo"))
    assert "Together 0 to 24." in text(client.get(f"/games/{game_id}/hands/1"))
    refused = send(client, f"/games/{game_id}/hands/1",
                   {"expected_version": "0", "score0": "24", "score1": "24", "save": "1"})
    assert refused.status_code == 422
    assert errors(refused)[0].startswith("The scores come to 48; a hand's come to 24 at the "
                                         "most: 4 points, one side each, and 20 escobas")
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": "0", "score0": "24", "score1": "0", "save": "1"})
    assert saved.status_code == 303, errors(saved)


def test_correcting_an_escoba_hand_opens_with_the_counts_it_was_entered_with(client):
    game_id = api_game(client, "escoba", players=("Ann", "Bo", "Cy", "Di"),
                       teams=[{"name": "Us", "players": ["Ann", "Cy"]},
                              {"name": "Them", "players": ["Bo", "Di"]}])
    counts = {"expected_version": "0", "side0_count": "22", "side0_diamonds": "6",
              "side0_seven_of_diamonds": "y", "side0_best": "7D 7S 7H 6C",
              "side0_escobas": "2", "side1_count": "18", "side1_diamonds": "4", "save": "1"}
    assert send(client, f"/games/{game_id}/hands/1", counts).status_code == 303
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    shown = dict(re.findall(r'<input[^>]*name="(side\d_\w+|score\d)"[^>]*value="([^"]*)"', page))
    assert {key: shown.get(key) for key in ("side0_count", "side0_diamonds", "side0_best",
                                            "side0_escobas", "side1_count", "side1_diamonds")} \
        == {"side0_count": "22", "side0_diamonds": "6", "side0_best": "7D 7S 7H 6C",
            "side0_escobas": "2", "side1_count": "18", "side1_diamonds": "4"}
    assert re.search(r'<input[^>]*name="side0_seven_of_diamonds"[^>]*checked', page)
    assert not shown.get("score0") and not shown.get("score1")  # not only the points
