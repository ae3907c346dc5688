"""The end-of-hand entry for every entry shape a game asks for, through the test client: 500
and Base Rules (melded less held), Basic Rummy (the winner collects). Games are made through
the API, and the device joins them with the edit key, as a second scoring tablet would."""

from __future__ import annotations

import re

import pytest

from referee.store.games import load_game
from tests.test_web_games import errors, send, text, version_of


def api_game(client, ruleset, players=("Ann", "Bo", "Cy"), **options) -> str:
    made = client.post("/api/v1/games", json={
        "ruleset": ruleset, "players": list(players), "first_dealer": players[0],
        **({"options": options} if options else {})})
    assert made.status_code == 201, made.get_data(as_text=True)
    game = made.get_json()
    assert client.get(f"/games/{game['id']}/join/{game['edit_key']}").status_code == 303
    return game["id"]


def entry(version: int, went_out, rows: dict[str, str | int], **extra) -> dict:
    """``rows`` by field name: ``{"melded0-cards": "A 2 3", "held1-total": 5}``."""
    data = {"expected_version": str(version), "save": "1", **extra,
            **{name: str(value) for name, value in rows.items()}}
    if went_out is not None:
        data["went_out"] = went_out
    return data


def problem(response, seat: int) -> str:
    found = re.search(rf'id="problem-{seat}" class="field-error"[^>]*>([^<]*)<',
                      response.get_data(as_text=True))
    return found.group(1).replace("&#39;", "'") if found else ""


def output(page: str, output_id: str) -> str:
    return re.search(rf'id="{output_id}" aria-live="polite">([^<]*)<', page).group(1)


# --- 500: melded less held, tapped meld by meld ----------------------------------------------

def test_five_hundred_asks_every_player_for_melded_and_held(client):
    game_id = api_game(client, "500")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Nobody: the stock ran out" in page and "Melded and laid off" in page
    assert page.count("Still in hand") == 3 and "Next meld" in page
    assert "Went rummy" not in page and "Rummy penalty" not in page
    words = text(client.get(f"/games/{game_id}/hands/1"))
    assert "End of hand 1 7 cards · Ann dealt · First to 500" in words  # no contract, no "of M"
    # The values come from the core: one stepper per value, a low ace among the melded ones.
    assert 'aria-label="One Low ace more for Ann&#39;s melds"' in page
    assert 'aria-label="One Low ace more for Ann&#39;s hand"' not in page
    assert re.search(r'name="melded0-n1"[^>]*data-worth="1"', page)
    assert re.search(r'name="held0-n15"[^>]*data-worth="15"', page)
    assert 'data-low-ace="1"' in page and "&#34;JK&#34;:15" in page


def test_a_five_hundred_hand_is_saved_as_melded_less_held(client, app):
    game_id = api_game(client, "500")
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-cards": "A 2 3 / K K K / 7 7 7",  # 6 + 30 + 21
        "melded1-n10": 1, "held1-cards": "A JK 9",  # 10 - 39
        "held2-total": 12}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Ann": 57, "Bo": -29, "Cy": -12}
        event = loaded.events[-1].payload
    assert event["players"]["Bo"] == {"melded": 10, "held": 39}
    assert event["entries"]["Ann"] == {"melded": {"way": "cards", "cards": [
        "A", "2", "3", "/", "K", "K", "K", "/", "7", "7", "7"]}}
    assert event["entries"]["Bo"]["held"] == {"way": "cards", "cards": ["A", "JK", "9"]}


def test_the_stock_ran_out_nobody_went_out(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "nobody", {
        "melded0-total": 40, "held0-total": 5, "held1-total": 2}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        state = load_game(game_id).state
    assert state.results[0].went_out is None and state.totals == {"Ann": 35, "Bo": -2}
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'name="went_out" value="nobody" checked' in form
    assert "Saved now: the stock ran out; Ann 35, Bo −2." in text(client.get(
        f"/games/{game_id}/hands/1"))


@pytest.mark.parametrize("went_out, rows, seat, message", [
    ("0", {"held0-total": 5, "held1-total": 3, "held2-total": 3}, 0,
     "Ann went out, so Ann holds nothing: held is 0."),
    ("0", {"melded0-total": 10, "held2-total": 3}, 1,
     "Enter what Bo still holds: count or tap the cards, or type a total."),
    ("0", {"melded0-total": 10, "held1-cards": "JK JK JK", "held2-total": 3}, 1,
     "Bo: 3 jokers, but 1 deck holds only 2."),
    ("0", {"melded0-cards": "A 2 3", "melded0-total": 7, "held1-total": 1, "held2-total": 3}, 0,
     "Melded by Ann: the tapped cards make 6, but the typed total makes 7: clear one of them."),
    ("0", {"melded0-total": 10, "held1-total": "lots", "held2-total": 3}, 1,
     "Bo: Type a whole number, like 35."),
])
def test_a_wrong_five_hundred_entry_is_422_beside_the_player(client, app, went_out, rows,
                                                              seat, message):
    game_id = api_game(client, "500")
    refused = send(client, f"/games/{game_id}/hands/1", entry(0, went_out, rows))
    assert refused.status_code == 422
    assert problem(refused, seat) == message, errors(refused)
    assert version_of(app, game_id) == 0


def test_a_negative_hand_score_is_shown_and_kept(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    data = entry(0, "0", {"melded0-total": 20, "held1-cards": "Q"}, tap="held1:K")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert output(page, "points-1") == "−20" and output(page, "held-points-1") == "20"
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-total": 20, "held1-cards": "Q K"}))
    assert saved.status_code == 303
    with app.app_context():
        assert load_game(game_id).state.totals == {"Ann": 20, "Bo": -20}
    correcting = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Saved now: Ann went out; Ann 20, Bo −20." in correcting


def test_five_hundred_steppers_and_taps_without_javascript(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    data = entry(0, "0", {"melded0-cards": "A 2"}, tap="melded0:3")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert re.search(r'name="melded0-cards"[^>]*value="A 2 3"', page)
    assert output(page, "melded-points-0") == "6" and output(page, "points-0") == "6"

    data = entry(0, "0", {"melded0-cards": "A 2 3", "held1-n9": 1}, step="held1:n9:+1")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert re.search(r'name="held1-n9"[^>]*value="2"', page)
    assert output(page, "held-points-1") == "18" and output(page, "points-1") == "−18"
    assert version_of(app, game_id) == 0


def test_five_hundred_correction_starts_from_the_entry(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-cards": "A 2 3", "melded1-n10": 2, "held1-total": 7}))
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Correct hand 1" in form
    assert re.search(r'name="melded0-cards"[^>]*value="A 2 3"', form)
    assert re.search(r'name="melded1-n10"[^>]*value="2"', form)
    assert re.search(r'name="held1-total"[^>]*value="7"', form)
    fixed = send(client, f"/games/{game_id}/hands/1", entry(1, "0", {
        "melded0-cards": "A 2 3", "melded1-n10": 2, "held1-total": 17},
        reason="Bo held a queen too"))
    assert fixed.status_code == 303, errors(fixed)
    with app.app_context():
        assert load_game(game_id).state.totals == {"Ann": 6, "Bo": 3}


def test_five_hundred_another_device_saved_first(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    send(client, f"/games/{game_id}/hands/1", entry(0, "nobody", {
        "held0-total": 5, "held1-total": 5}))
    stale = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-total": 30, "held1-total": 5}))
    assert stale.status_code == 409
    assert ("Another device saved hand 1 first (the stock ran out). Nothing of yours was "
            "saved") in text(stale)
    assert re.search(r'name="melded0-total"[^>]*value="30"', stale.get_data(as_text=True))


def test_five_hundred_undo_takes_the_hand_back(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"))
    send(client, f"/games/{game_id}/hands/1", entry(0, "nobody", {
        "held0-total": 5, "held1-total": 5}))
    assert send(client, f"/games/{game_id}/undo", {"expected_version": "1"}).status_code == 303
    with app.app_context():
        assert load_game(game_id).state.results == ()


def test_five_ten_fifteen_counts_a_low_ace_as_five(client, app):
    game_id = api_game(client, "500", players=("Ann", "Bo"), card_values="5/10/15")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'aria-label="One 2–9 or low ace more for Ann&#39;s melds"' in page
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-cards": "A 2 3", "held1-total": 5}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        assert load_game(game_id).state.totals == {"Ann": 15, "Bo": -5}


# --- Base Rules: melded less held, no aces, no jokers, someone always goes out ----------------

def test_base_rules_offers_the_stock_running_out_and_refuses_an_ace(client, app):
    game_id = api_game(client, "base", players=("Ann", "Bo"))
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Nobody: the stock ran out" in page and "End of hand 1 <span" in page
    assert 'data-tap="A"' not in page and 'data-tap="JK"' not in page
    assert 'placeholder="or type: K 7 7"' in page and "JK" not in page  # no joker offered
    refused = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-total": 20, "held1-cards": "K A"}))
    assert refused.status_code == 422
    assert problem(refused, 1) == "Bo: Base Rules Rummy is played without aces."
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "1", {
        "melded1-cards": "7 8 9 / 2 2 2", "held0-n10": 2}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        assert load_game(game_id).state.totals == {"Ann": -20, "Bo": 30}
    correcting = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'placeholder="e.g. Carl had a king left"' in correcting and "joker" not in correcting


def test_three_base_games_played_again_show_the_evenings_running_total(client, app):
    game_id = api_game(client, "base")
    for went_out, melded, held in (("0", 30, (5, 8)), ("1", 40, (12, 3)), ("2", 25, (4, 9))):
        others = [seat for seat in (0, 1, 2) if seat != int(went_out)]
        saved = send(client, f"/games/{game_id}/hands/1", entry(0, went_out, {
            f"melded{went_out}-total": melded, **{f"held{seat}-total": points
                                                  for seat, points in zip(others, held)}}))
        assert saved.status_code == 303, errors(saved)
        board = text(client.get(f"/games/{game_id}"))
        again = send(client, f"/games/{game_id}/again", {"expected_version": "1"})
        assert again.status_code == 303
        game_id = again.headers["Location"].rsplit("/", 1)[1]
    # Ann 30 - 12 - 4, Bo -5 + 40 - 9, Cy -8 - 3 + 25: the third game over, on its board
    assert "The evening so far: 3 games 1st Bo 26 tied 2nd Ann 14 tied 2nd Cy 14" in board, board
    fourth = text(client.get(f"/games/{game_id}"))
    assert "Hand 1 of 1" in fourth and "The evening so far: 3 games" in fourth
    with app.app_context():
        assert load_game(game_id).state.totals == {"Ann": 0, "Bo": 0, "Cy": 0}


# --- Basic Rummy: the winner collects the others' held points, double for rummy --------------

def test_basic_asks_who_went_out_rummy_and_the_others_held_points(client):
    game_id = api_game(client, "basic")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Went rummy (double)" in page and "Melded and laid off" not in page
    assert "Nobody: the stock ran out" not in page and 'data-tap="JK"' not in page
    assert 'aria-label="One Ace more for Bo"' in page


def test_a_basic_rummy_hand_is_collected_double(client, app):
    game_id = api_game(client, "basic")
    data = entry(0, "0", {"held1-cards": "K", "held2-n5": 1, "went_rummy": "y"}, tap="held1:2")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert output(page, "collected-0") == "34" and output(page, "points-1") == "12"
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "held1-cards": "K 2", "held2-n5": 1, "went_rummy": "y"}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Ann": 34, "Bo": 0, "Cy": 0}
        assert loaded.events[-1].payload["went_rummy"] is True
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert re.search(r'name="went_rummy" value="y" checked', form)
    assert re.search(r'name="held2-n5"[^>]*value="1"', form)


def test_two_player_basic_says_the_winner_deals_the_next_hand(client):
    game_id = api_game(client, "basic", players=("Ann", "Bo"))
    assert "Deals Ann" in text(client.get(f"/games/{game_id}"))
    saved = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {"held1-total": 10}))
    assert saved.status_code == 303, errors(saved)
    assert "Ann won, so Ann deals Plays first Bo" in text(client.get(f"/games/{game_id}"))
    saved = send(client, f"/games/{game_id}/hands/2", entry(1, "1", {"held0-total": 4}))
    assert "Bo won, so Bo deals" in text(client.get(f"/games/{game_id}"))


def test_a_basic_rummy_joker_is_refused_beside_the_player(client, app):
    game_id = api_game(client, "basic")
    refused = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "held1-cards": "K JK", "held2-total": 0}))
    assert refused.status_code == 422
    assert problem(refused, 1) == "Bo: Basic Rummy is played without jokers."
    assert problem(refused, 2) == ("Cy didn't go out, so still holds at least one card: 1 or "
                                   "more.")
    assert version_of(app, game_id) == 0


def test_basic_says_what_the_deal_allows_and_refuses_more_beside_the_player(client, app):
    game_id = api_game(client, "basic")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "a player not out holds 7 at most: 70 points, and 140 for the others" in page
    refused = send(client, f"/games/{game_id}/hands/1",
                   entry(0, "0", {"held1-total": 71, "held2-total": 3}))
    assert refused.status_code == 422
    assert "Bo did not go out, so holds 7 cards at most, worth 70" in problem(refused, 1)
    saved = send(client, f"/games/{game_id}/hands/1",
                 entry(0, "0", {"held1-total": 70, "held2-total": 3}))
    assert saved.status_code == 303, errors(saved)


def test_base_marks_a_tapped_meld_that_is_none_with_the_meld_checks_reason(client):
    game_id = api_game(client, "base")
    reason = ("3 5 9 is not a meld: A sequence must follow on without gaps: it is missing 4 "
              "cards between 3 and 9.")
    data = entry(0, "0", {"melded0-cards": "7 8 9 / 3 5"}, tap="melded0:9")
    del data["save"]
    shown = text(send(client, f"/games/{game_id}/hands/1", data))  # a tap without JavaScript
    assert reason in shown and "7 8 9 is not" not in shown
    asked = client.get(f"/games/{game_id}/melds",
                       query_string={"where": "melded0", "cards": "7 8 9 / 3 5 9"})
    assert asked.status_code == 200 and text(asked) == reason  # what games.js asks per tap
    assert 'id="melded0-marks"' in asked.get_data(as_text=True)
    assert text(client.get(f"/games/{game_id}/melds",
                           query_string={"where": "melded0", "cards": "3 4 5 / 7 7"})) == ""
    assert client.get(f"/games/{game_id}/melds",
                      query_string={"where": "x", "cards": "3"}).status_code == 422


def test_base_says_the_player_out_laid_the_deal_and_refuses_less_beside_them(client, app):
    game_id = api_game(client, "base")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "the player out has laid down at least 7: 17 points melded at the least" in page
    refused = send(client, f"/games/{game_id}/hands/1", entry(0, "0", {
        "melded0-total": 8, "held1-total": 5, "held2-total": 5}))
    assert refused.status_code == 422
    assert "worth 17 at the least: 8 can't be right" in problem(refused, 0)
    assert version_of(app, game_id) == 0
