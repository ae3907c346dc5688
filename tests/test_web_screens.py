"""Screens found wanting on a walk through the app, through the test client: the meld checker's
first look, the arranger's progress toward a contract, the players' page, starting a game
once, deleting a game, the app's own 404 page, exports at the game's end, and many players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import render_template

from referee.web.shell.chart import score_chart

from .test_api import assert_answer_documented
from .test_web_checker import verdict_text
from .test_web_games import (NEW_GAME, game_count, hand_data, new_game, send, setup_data,
                             text, version_of)
from .test_web_kept_games import api_game

CSS = (Path(__file__).resolve().parent.parent / "static" / "app.css").read_text()
HTMX = {"HX-Request": "true"}


def section(page: str, marker: str) -> str:
    """The element that ``marker`` (an attribute) opens, up to its closing tag (no nesting)."""
    start = page.index(marker)
    tag = page.rfind("<", 0, start)
    name = re.match(r"<(\w+)", page[tag:]).group(1)
    return page[tag:page.index(f"</{name}>", start)]


# --- 1. The meld checker opens neutral ------------------------------------------------------

@pytest.mark.parametrize("game, words", [("eversol", "book or run"),
                                         ("500", "group or sequence")])
def test_the_meld_checker_opens_with_an_invitation_not_a_verdict(client, game, words):
    page = client.get(f"/check/{game}").get_data(as_text=True)
    verdict = section(page, 'id="verdict"')
    assert "verdict--none" in verdict and not re.search(r"verdict--no\b", verdict)
    assert "✗" not in verdict and "Not a legal meld" not in verdict
    assert "Tap cards" in verdict and words in verdict


def test_clearing_the_cards_goes_back_to_the_invitation(client):
    cleared = client.get("/check/eversol?decks=2&cards=7D+8D&clear=1", headers=HTMX)
    assert cleared.status_code == 200
    assert "Tap cards" in verdict_text(cleared) and "Not a legal meld" not in verdict_text(cleared)


def test_cards_that_are_no_meld_still_say_why(client):
    text_ = verdict_text(client.get("/check/eversol?decks=2&cards=7D+8D"))
    assert "Not a legal meld" in text_


# --- 2. Can I go down? shows progress toward the contract -----------------------------------

def test_not_yet_shows_the_melds_made_and_what_is_still_missing(client):
    response = client.get("/arrange/eversol?hand=2&decks=2&cards=5H+5S+5D+9C+KD")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    progress = section(page, 'class="progress"')
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", progress)).count("Still missing: one run")
    assert progress.count('class="card') >= 3  # the book of fives, as cards
    assert "♠" in progress and "♥" in progress and "♦" in progress


def test_no_meld_of_the_contract_yet_says_all_of_it_is_missing(client):
    page = client.get("/arrange/eversol?hand=6&decks=2&cards=2C+9H+KD").get_data(as_text=True)
    progress = section(page, 'class="progress"')
    assert "Still missing:" in progress and "one book and two runs" in progress
    assert "meld-row" not in progress


def test_a_contract_made_shows_no_progress(client):
    page = client.get("/arrange/eversol?hand=1&decks=2&cards=3H+3S+3D+KD+KC+JK")
    assert "Still missing" not in page.get_data(as_text=True)


def test_the_api_adds_the_progress_when_the_contract_cannot_be_made(client):
    body = {"ruleset": "eversol", "hand": 2, "decks": 2, "cards": "5H 5S 5D 9C KD".split()}
    answer = client.post("/api/v1/hands/arrange", json=body).get_json()
    assert answer["possible"] is False and answer["melds"] == []
    assert answer["progress"] == {"melds": [["5S", "5H", "5D"]], "kinds": ["book"],
                                  "missing": {"books": 0, "runs": 1,
                                              "description": "one run"}}
    assert_answer_documented(client, "/api/v1/hands/arrange", body)
    made = client.post("/api/v1/hands/arrange", json={**body, "hand": 1,
                                                      "cards": "3H 3S 3D KD KC JK".split()})
    assert "progress" not in made.get_json()
    other = client.post("/api/v1/hands/arrange", json={"ruleset": "basic", "cards": ["2C"]})
    assert "progress" not in other.get_json()
    document = client.get("/api/v1/openapi.json").get_json()
    assert "progress" in document["components"]["schemas"]["ArrangeResponse"]["properties"]


# --- 3. The players' page: styled like the rest, reachable from home ------------------------

def test_the_players_page_is_linked_from_home(client):
    assert 'href="/players"' in client.get("/").get_data(as_text=True)


def test_every_class_on_the_players_page_is_styled(client):
    new_game(client, ("Abe", "Ben"))
    page = client.get("/players").get_data(as_text=True)
    main = section(page, 'class="page players-page"')
    classes = {name for value in re.findall(r'class="([^"]+)"', main) for name in value.split()}
    assert {"players-table", "players-scroll"} <= classes
    unstyled = [name for name in classes if not re.search(rf"\.{name}\b", CSS)]
    assert unstyled == []


# --- 4. "Start the game" makes one game, however often it is tapped --------------------------

def start_token(client) -> str:
    page = client.get(NEW_GAME).get_data(as_text=True)
    return re.search(r'name="start_token" type="hidden" value="([^"]+)"', page).group(1)


def test_a_double_tap_on_start_makes_one_game(client, app):
    token = start_token(client)
    first = send(client, NEW_GAME, setup_data(start_token=token))
    second = send(client, NEW_GAME, setup_data(start_token=token))
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert game_count(app) == 1


def test_the_second_post_keeps_edit_rights_even_without_the_first_answers_cookie(client, app):
    token = start_token(client)
    first = send(client, NEW_GAME, setup_data(start_token=token))
    game_id = first.headers["Location"].rsplit("/", 1)[1]
    elsewhere = app.test_client()  # a post whose cookie never saw the first answer
    second = send(elsewhere, NEW_GAME, setup_data(start_token=token))
    assert second.headers["Location"] == first.headers["Location"]
    assert "Score hand 1" in text(elsewhere.get(f"/games/{game_id}"))
    assert game_count(app) == 1


def test_a_double_tap_through_htmx_makes_one_game(client, app):
    token = start_token(client)
    answers = [send(client, NEW_GAME, setup_data(start_token=token), headers=HTMX)
               for _ in range(2)]
    assert {a.status_code for a in answers} == {204}
    assert answers[0].headers["HX-Redirect"] == answers[1].headers["HX-Redirect"]
    assert game_count(app) == 1


def test_the_token_lasts_through_adding_players_and_a_new_page_gets_a_new_one(client):
    token = start_token(client)
    again = send(client, NEW_GAME, {"new_name": "Abe", "add": "1", "start_token": token})
    assert f'value="{token}"' in again.get_data(as_text=True)
    assert start_token(client) != token
    assert client.get(NEW_GAME).headers["Cache-Control"] == "no-store"


def test_the_same_form_with_other_players_is_a_new_game(client, app):
    token = start_token(client)
    send(client, NEW_GAME, setup_data(start_token=token))
    other = send(client, NEW_GAME, setup_data(("Dee", "Eve"), "Dee", start_token=token))
    assert other.status_code == 303
    assert game_count(app) == 2


def test_without_a_token_a_game_is_still_made(client, app):
    new_game(client)
    assert game_count(app) == 1


def test_the_start_button_is_disabled_while_the_form_posts(client):
    form = section(client.get(NEW_GAME).get_data(as_text=True), 'id="new-game"')
    assert 'hx-disabled-elt="find .setup-start button"' in form


# --- 5. Deleting a game with no hand scored ------------------------------------------------

def test_a_game_with_no_hand_is_deleted_after_a_confirmation(client, app):
    game_id = new_game(client)
    listing = client.get("/games").get_data(as_text=True)
    assert f'href="/games/{game_id}/delete"' in listing
    assert f'href="/games/{game_id}/delete?back=game"' in client.get(
        f"/games/{game_id}").get_data(as_text=True)
    assert 'href="/games"' in client.get(f"/games/{game_id}/delete").get_data(as_text=True)
    confirm = client.get(f"/games/{game_id}/delete?back=game")
    assert f'href="/games/{game_id}">Keep it' in confirm.get_data(as_text=True)
    assert confirm.status_code == 200
    page = confirm.get_data(as_text=True)
    assert 'method="post"' in page and 'name="csrf_token"' in page
    assert "Abe, Ben, Carl" in text(confirm)
    assert game_count(app) == 1  # asking is not deleting
    deleted = send(client, f"/games/{game_id}/delete", {"expected_version": "0"})
    assert deleted.status_code == 303 and deleted.headers["Location"] == "/games"
    assert game_count(app) == 0
    assert "Deleted the game of Abe, Ben, Carl" in text(client.get("/games"))
    assert client.get(f"/games/{game_id}").status_code == 404


def test_a_game_with_a_hand_scored_is_not_deleted(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    assert f"/games/{game_id}/delete" not in client.get("/games").get_data(as_text=True)
    assert f"/games/{game_id}/delete" not in client.get(f"/games/{game_id}").get_data(
        as_text=True)
    refused = send(client, f"/games/{game_id}/delete", {"expected_version": "1"})
    assert refused.status_code == 409
    assert "has a hand scored" in text(refused)
    assert game_count(app) == 1


def test_only_a_device_with_the_edit_key_may_delete(client, app):
    game_id = new_game(client)
    watcher = app.test_client()
    assert f"/games/{game_id}/delete" not in watcher.get("/games").get_data(as_text=True)
    assert watcher.get(f"/games/{game_id}/delete").status_code == 403
    assert send(watcher, f"/games/{game_id}/delete", {"expected_version": "0"}
                ).status_code == 403
    assert game_count(app) == 1


def test_deleting_needs_the_form_token(client, app):
    game_id = new_game(client)
    refused = client.post(f"/games/{game_id}/delete", data={"expected_version": "0"})
    assert refused.status_code == 400
    assert game_count(app) == 1


def test_a_stale_confirmation_deletes_nothing(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/dealer", {"expected_version": "0", "dealer": "Ben"})
    stale = send(client, f"/games/{game_id}/delete", {"expected_version": "0"})
    assert stale.status_code == 409
    assert game_count(app) == 1 and version_of(app, game_id) == 1


def test_deleted_and_archived_games_do_not_count_for_the_players(client, app):
    kept = new_game(client, ("Abe", "Ben"))
    send(client, f"/games/{kept}/hands/1", hand_data(0, "1", {0: 20}))
    archived = new_game(client, ("Abe", "Zed"))
    send(client, f"/games/{archived}/hands/1", hand_data(0, "1", {0: 40}))
    send(client, f"/games/{archived}/archive", {"archived": "1"})
    deleted = new_game(client, ("Abe", "Yul"))
    send(client, f"/games/{deleted}/delete", {"expected_version": "0"})
    page = text(client.get("/players"))
    assert "Zed" not in page and "Yul" not in page
    assert re.search(r"Abe last played [\w ]+ 1 0 0 – ", page), page
    assert "Average hand 20.0" in text(client.get("/players/Abe"))
    assert "No game of theirs is kept here (archived" in text(client.get("/players/Zed"))


# --- 6. The app's own 404 page ----------------------------------------------------------------

@pytest.mark.parametrize("path", ["/check/gin", "/arrange/gin"])
def test_an_unknown_card_game_gets_the_apps_own_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    page = text(response)
    assert "Rummy Referee" in page and "The requested URL was not found" not in page
    assert "No card game called “gin”" in page
    body = response.get_data(as_text=True)
    assert f'href="{path.rsplit("/", 1)[0]}/eversol"' in body
    assert 'href="/static/app.css?v=' in body


def test_any_unknown_address_gets_the_apps_own_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    page = text(response)
    assert "Nothing here" in page and "The requested URL was not found" not in page
    assert 'href="/"' in response.get_data(as_text=True)


def test_the_api_and_games_keep_their_own_404s(client):
    api = client.get("/api/v1/nope")
    assert api.status_code == 404 and api.get_json()["error"]["code"] == "not_found"
    for path in ("/games/not-a-game", "/games/not-a-game/export.csv"):
        game = client.get(path)
        assert game.status_code == 404 and "No such game" in text(game)


# --- 7. The game-over screen offers the exports ---------------------------------------------

def test_the_game_over_screen_offers_the_exports(client):
    game_id = new_game(client)
    for hand in range(1, 7):
        send(client, f"/games/{game_id}/hands/{hand}", hand_data(hand - 1, "0", {1: 5, 2: 10}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    result = page[page.index('class="hand-panel result-panel"'):]
    assert "Game over" in result
    for path in ("sheet", "export.csv", "export.json"):
        assert f'href="/games/{game_id}/{path}"' in result
    board = client.get(f"/games/{game_id}/poll/board").get_data(as_text=True)
    assert f'href="/games/{game_id}/export.csv"' in board


def test_a_game_still_going_has_no_exports_on_its_hand_screen(client):
    game_id = new_game(client)
    assert "export.csv" not in client.get(f"/games/{game_id}").get_data(as_text=True)


# --- 8. Many players: the standings say how to reach everyone; chart labels never overlap ---

NINE = ("Abe", "Ben", "Carl", "Dee", "Eve", "Fay", "Gus", "Hal", "Ike")


@pytest.mark.parametrize("path", ["", "/standings", "/watch"])
def test_nine_players_get_a_cue_to_scroll_for_more_at_every_width(client, path):
    game_id = new_game(client, NINE)
    page = client.get(f"/games/{game_id}{path}").get_data(as_text=True)
    hint = section(page, 'class="swipe-hint swipe-hint--many"')
    assert "Scroll the table sideways: 9 players" in hint
    assert re.search(r"\.swipe-hint--many\s*\{[^}]*display:\s*block", CSS)


def test_four_players_get_no_cue(client):
    game_id = new_game(client, NINE[:4])
    assert "swipe-hint--many" not in client.get(f"/games/{game_id}").get_data(as_text=True)


LABEL_FONT, TICK_FONT = 18, 16  # px, as static/app.css sets them for the chart
ASCENT, DESCENT = 0.95, 0.3  # of the font size: a generous box around any glyph
LETTER = 0.72  # of the font size: wider than the average bold letter


def drawn_texts(svg: str, kind: str) -> list[tuple[float, float, str, str]]:
    """Each ``<text class="chart-{kind}">`` as drawn: x, y, anchor and words."""
    found = re.findall(rf'<text class="chart-{kind}" ([^>]*)>([^<]*)</text>', svg)
    texts = []
    for attributes, words in found:
        values = dict(re.findall(r'([\w-]+)="([^"]*)"', attributes))
        texts.append((float(values["x"]), float(values["y"]),
                      values.get("text-anchor", "start"), words.strip()))
    return texts


def box(x, y, anchor, words, size) -> tuple[float, float, float, float]:
    width = len(words) * LETTER * size
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, y - ASCENT * size, left + width, y + DESCENT * size


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("hands_played", [1, 3, 6])
def test_twenty_close_totals_get_labels_that_never_overlap(app, hands_played):
    names = [f"Player{n:02d}x" for n in range(20)]  # as long as a label gets
    running = [{name: (h + 1) * 10 + seat % 3 * 5 for seat, name in enumerate(names)}
               for h in range(hands_played)]
    running[-1][names[0]] = 0  # one line ends on the axis, right above the hand numbers
    chart = score_chart(names, running, 6, leaders=[names[0]])
    with app.test_request_context():
        svg = render_template("_chart.html", chart=chart)
    width, height = map(float, re.search(r'viewBox="0 0 (\S+) (\S+)"', svg).groups())
    labels = [box(*t, LABEL_FONT) for t in drawn_texts(svg, "label")]
    ticks = [box(*t, TICK_FONT) for t in drawn_texts(svg, "tick")]
    assert len(labels) == 20 and len(ticks) == 7 + len(chart.y_ticks)
    for i, label in enumerate(labels):
        assert 0 <= label[0] and label[2] <= width, (names[i], label, width)
        assert 0 <= label[1] and label[3] <= height, (names[i], label, height)
        for other in labels[i + 1:] + ticks:
            assert not overlap(label, other), (names[i], label, other)


@pytest.mark.parametrize("ruleset, first", [
    ("authors", {"type": "hand_scored", "hand": 1, "books": {"Ann": 6, "Bo": 4, "Cy": 3}}),
    ("jack-change-it", {"type": "hand_scored", "hand": 1, "went_out": "Ann"}),
])
def test_a_night_of_games_won_charts_its_axis_to_one_not_fifty(client, ruleset, first):
    """After the first game Ann has won 1 and the others 0: the axis is scaled to that."""
    game_id = api_game(client, ruleset, ("Ann", "Bo", "Cy"), [first], join=False)
    for page in (f"/games/{game_id}", f"/games/{game_id}/watch"):
        svg = section(client.get(page).get_data(as_text=True), 'class="score-chart"')
        assert re.findall(r'class="chart-tick"[^>]*text-anchor="end">([^<]*)<', svg) == [
            "0", "1"], page
    # A game of books has nobody to go out: the last game's ruling does not say nobody did.
    watched = client.get(f"/games/{game_id}/watch").get_data(as_text=True)
    assert ("Nobody went out" in watched) is False
    assert ("Ann went out" in watched) is (ruleset == "jack-change-it")
