"""A game kept for stakes on the screens, through the test client: its setup with the money a
stake is worth, and the end-of-hand entry (how the hand ended, who, the counts), its refusals
beside the input they concern, and a correction. CSRF is on, as in production."""

from __future__ import annotations

import re

from tests.test_web_games import errors, send, text

NEW = "/games/new/tonk"
GAMES = "/api/v1/games"


def start(client, players=("Ann", "Bob", "Cy"), stake="0.25", **extra):
    data = {**{f"players-{i}": name for i, name in enumerate(players)}, "dealer": players[0],
            "decks": "auto", "stake": stake, "start": "1", **extra}
    return send(client, NEW, data)


def started(client, **kwargs) -> str:
    response = start(client, **kwargs)
    assert response.status_code == 303, errors(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def stake_kept(app, game_id: str) -> str | None:
    with app.app_context():
        from referee.store.games import load_game
        return load_game(game_id).setup.stake


def version(client, game_id: str) -> int:
    return client.get(f"{GAMES}/{game_id}").get_json()["version"]


def enter(client, game_id: str, hand: int = 1, **fields):
    data = {"expected_version": str(version(client, game_id)), "save": "1", **fields}
    return send(client, f"/games/{game_id}/hands/{hand}", data)


def settled(app, game_id: str) -> list[dict]:
    """Each hand's fields as entered (names as seated), after the corrections."""
    with app.app_context():
        from referee.store.games import load_game
        return [dict(result.settling) for result in load_game(game_id).state.results]


def changes(app, game_id: str) -> list[str]:
    with app.app_context():
        from referee.store.games import load_game
        return load_game(game_id).changes_since(0)


# --- Setup ---------------------------------------------------------------------------------

def test_the_setup_asks_what_a_stake_is_worth_only_of_a_game_for_stakes(client):
    page = text(client.get(NEW))
    assert "Money per stake" in page and "2 to 5 players" in page
    assert "Money per stake" not in text(client.get("/games/new/500"))


def test_a_game_started_with_a_stake_keeps_it_and_shows_it_with_its_rules(client, app):
    game_id = started(client, stake=" 0.25 ")
    assert client.get(f"{GAMES}/{game_id}").get_json()["ruleset"] == "tonk"
    assert stake_kept(app, game_id) == "0.25"
    assert "Tonk · until the table ends it · 0.25 a stake" in text(client.get(f"/games/{game_id}"))


def test_a_stake_written_as_money_is_written_is_kept_and_shown_in_the_chosen_currency(client,
                                                                                    app):
    # The form offers the currency the browser's language suggests (static/currency.js
    # guesses again from the browser's own locale).
    offered = client.get(NEW, headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert re.search(r'<option value="GBP" selected>', offered.get_data(as_text=True))
    response = send(client, NEW, {"players-0": "Ann", "players-1": "Bob", "dealer": "Ann",
                                  "decks": "auto", "stake": "$0.25", "currency": "USD",
                                  "start": "1"})
    assert response.status_code == 303, errors(response)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert stake_kept(app, game_id) == "0.25"
    board = text(client.get(f"/games/{game_id}"))
    assert "Tonk · until the table ends it · $0.25 a stake" in board
    refused = start(client, stake="0.25", currency="XYZ")  # no such choice offered
    assert refused.status_code == 422
    assert re.search(r'<p id="currency-error" class="field-error" role="alert">Choose one',
                     refused.get_data(as_text=True))


def test_a_game_started_without_a_stake_plays_for_points(client, app):
    game_id = started(client, stake="")
    assert stake_kept(app, game_id) is None
    assert "· for points" in text(client.get(f"/games/{game_id}"))


def test_a_stake_that_is_no_money_is_refused_beside_the_field(client, app):
    for typed, message in (("abc", "A stake must be an amount of money"),
                           ("0", "A stake must be worth more than nothing."),
                           ("0.125", "at most two places after the point")):
        refused = start(client, stake=typed)
        assert refused.status_code == 422
        page = refused.get_data(as_text=True)
        shown = re.search(r'<p id="stake-error" class="field-error" role="alert">([^<]*)<', page)
        assert shown and message in shown.group(1), typed
        assert f'value="{typed}"' in page  # kept to be fixed
    with app.app_context():
        from referee.store.models import Game
        assert Game.query.count() == 0


def test_a_bad_stake_shows_with_the_other_problems_of_the_form(client):
    refused = send(client, NEW, {"players-0": "Ann", "stake": "lots", "start": "1",
                                 "dealer": "random", "decks": "auto"})
    assert refused.status_code == 422
    found = errors(refused)
    assert any("at least 2 players" in e for e in found)
    assert any("amount of money" in e for e in found)


def test_six_players_are_too_many(client):
    refused = start(client, players=("A", "B", "C", "D", "E", "F"))
    assert refused.status_code == 422
    assert errors(refused) == ["Tonk is played by 2 to 5 players; 6 were given."]


def test_the_setup_without_the_csrf_token_is_refused(client, app):
    refused = client.post(NEW, data={"players-0": "Ann", "players-1": "Bob", "stake": "1",
                                     "start": "1", "csrf_token": "forged"})
    assert refused.status_code == 400
    with app.app_context():
        from referee.store.models import Game
        assert Game.query.count() == 0


# --- The end of a hand -----------------------------------------------------------------------

def test_the_entry_offers_each_ending_with_its_hint_and_every_players_count(client):
    game_id = started(client)
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    endings = re.findall(r'name="ending" value="([a-z_]+)"', page)
    assert endings == ["tonk_on_deal", "drop", "stock_out", "run_out", "tonk_out"]
    words = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Drop Showed the hand before drawing" in words and "Who was dealt a tonk?" in words
    assert re.findall(r'name="(count\d)"', page) == ["count0", "count1", "count2"]
    assert len(re.findall(r'type="checkbox" name="claims"', page)) == 3


def test_a_caught_drop_saves_the_ending_the_player_and_the_counts(client, app):
    game_id = started(client)
    saved = enter(client, game_id, ending="drop", who="2", count0="5", count1="9", count2="7")
    assert saved.status_code == 303
    event = settled(app, game_id)[-1]
    assert event["ending"] == "drop" and event["player"] == "Cy"
    assert event["counts"] == {"Ann": 5, "Bob": 9, "Cy": 7}
    board = text(client.get(f"/games/{game_id}"))
    assert "Hand 1 saved: drop by Cy." in board


def test_what_an_ending_does_not_need_is_left_out(client, app):
    game_id = started(client)
    saved = enter(client, game_id, ending="tonk_out", who="1", claims=["0", "2"],
                  count0="5", count1="", count2="x")
    assert saved.status_code == 303
    event = settled(app, game_id)[-1]
    assert event["ending"] == "tonk_out" and event["player"] == "Bob"
    assert "counts" not in event and "tonks" not in event


def test_a_tonk_on_the_deal_names_everyone_who_claimed_it(client, app):
    game_id = started(client)
    assert enter(client, game_id, ending="tonk_on_deal", claims=["0", "2"]).status_code == 303
    assert settled(app, game_id)[-1]["tonks"] == ["Ann", "Cy"]


def refusal(response, key: str) -> str:
    found = re.search(rf'<p id="{key}-error" class="field-error" role="alert">([^<]*)<',
                      response.get_data(as_text=True))
    return found.group(1) if found else ""


def test_refusals_show_beside_the_input_they_concern_and_nothing_is_saved(client):
    game_id = started(client)
    before = version(client, game_id)
    for fields, key, words in (
            ({}, "ending", "Choose how the hand ended."),
            ({"ending": "drop", "who": "1"}, "counts", "count"),
            ({"ending": "drop", "who": "0", "count0": "5", "count2": "7"}, "count1", "Bob"),
            ({"ending": "drop", "who": "0", "count0": "5", "count1": "six", "count2": "7"},
             "count1", "whole number"),
            ({"ending": "run_out"}, "who", "Say who"),
            ({"ending": "run_out", "who": "9"}, "who", "Say who"),
            ({"ending": "tonk_on_deal"}, "claims", "tonk"),
            ({"ending": "nonsense", "who": "0"}, "ending", "Choose how the hand ended.")):
        refused = enter(client, game_id, **fields)
        assert refused.status_code == 422, fields
        assert words in refusal(refused, key), (fields, errors(refused))
    assert version(client, game_id) == before


def test_counts_no_hand_of_one_deck_could_make_are_refused_beside_the_counts(client):
    game_id = started(client, players=("Ann", "Bob", "Cy", "Dee"))
    too_many = enter(client, game_id, ending="drop", who="0", count0="51", count1="9",
                     count2="7", count3="4")
    assert too_many.status_code == 422
    assert "count of 51 is more than 5 cards can be worth (50)" in refusal(too_many,
                                                                                "count0")
    four_fifties = enter(client, game_id, ending="stock_out", count0="50", count1="50",
                         count2="50", count3="50")
    assert four_fifties.status_code == 422
    assert "One deck does not hold cards enough for all these counts" in refusal(
        four_fifties, "counts")


def test_a_refused_entry_keeps_what_was_typed(client):
    game_id = started(client)
    refused = enter(client, game_id, ending="drop", who="2", count0="5", count2="7")
    page = refused.get_data(as_text=True)
    assert 'value="drop" checked' in page and 'name="who" value="2" checked' in page
    assert 'name="count0" type="number"' in page and 'value="5"' in page


def test_a_settled_hand_is_corrected_on_the_same_form_with_a_reason(client, app):
    game_id = started(client)
    assert enter(client, game_id, ending="drop", who="2", count0="5", count1="9",
                 count2="7").status_code == 303
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'value="drop" checked' in page and 'name="who" value="2" checked' in page
    assert 'id="count1" name="count1" type="number"' in page and 'value="9"' in page
    saved = client.get(f"/games/{game_id}/hands/1")
    assert "Saved now: Cy dropped with 7" in text(saved)
    assert f'href="/games/{game_id}/rules#scoring"' in saved.get_data(as_text=True)
    unsaid = enter(client, game_id, ending="drop", who="2", count0="5", count1="9",
                   count2="3", correcting="1")
    assert unsaid.status_code == 422 and "Say why hand 1 is corrected" in " ".join(errors(unsaid))
    fixed = enter(client, game_id, ending="drop", who="2", count0="5", count1="9",
                  count2="3", correcting="1", reason="Cy had a three")
    assert fixed.status_code == 303
    assert settled(app, game_id)[-1]["counts"]["Cy"] == 3
    assert "Hand 1 corrected: Cy had a three" in changes(app, game_id)


def test_a_hand_entry_without_the_csrf_token_saves_nothing(client):
    game_id = started(client)
    before = version(client, game_id)
    refused = client.post(f"/games/{game_id}/hands/1", data={
        "expected_version": str(before), "save": "1", "ending": "tonk_out", "who": "0",
        "csrf_token": "forged"})
    assert refused.status_code == 400 and version(client, game_id) == before


def test_whatever_the_entry_is_sent_it_is_answered_without_a_server_error(client):
    game_id = started(client)
    for fields in ({"ending": ["drop", "run_out"], "who": ["0", "1"]},
                   {"ending": "tonk_on_deal", "claims": ["x", "99", "-1", "0", "0"]},
                   {"ending": "drop", "who": "-1", "count0": "-5", "count1": "1e9",
                    "count2": "９"},
                   {"ending": "stock_out", "count0": "99999999999999999999", "count1": "0",
                    "count2": "\x00"},
                   {"ending": "dr\u00f6p", "who": "\x00"}):
        answer = enter(client, game_id, **fields)
        assert answer.status_code in (303, 422), (fields, answer.status_code)


def test_a_refusal_of_the_core_links_the_rule_it_applies(client):
    game_id = started(client)
    refused = enter(client, game_id, ending="run_out")
    assert refused.status_code == 422 and "Say who" in refusal(refused, "who")
    assert f'href="/games/{game_id}/rules#going-out"' in refused.get_data(as_text=True)
    assert 'id="going-out"' in client.get(f"/games/{game_id}/rules").get_data(as_text=True)


def test_a_refusal_that_breaks_no_rule_links_none(client):
    game_id = started(client)
    refused = enter(client, game_id)
    assert refused.status_code == 422
    assert "rules#" not in refused.get_data(as_text=True)
