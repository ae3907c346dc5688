"""The history's screens through the test client: what HTTP adds to the core's figures (which
tests/test_core_history*.py count). The players page and its pages, a player's page and its
periods, joining two names and parting them (CSRF, 422 beside the field), a game's leaderboard
and records, and the links to them from a finished game."""

from __future__ import annotations

import re

from tests.test_api_games import make_game, scored, send
from tests.test_web_games import errors, text
from tests.test_web_games import send as send_form

GAME_ENDED = {"type": "game_ended"}


def finished(client, players, caught, ruleset_hands=None):
    """An Eversol game of ``players`` ended after one hand: the first goes out, the others
    caught for ``caught`` points each (Eversol: lowest total first)."""
    game = make_game(client, players)
    hands = ruleset_hands or [scored(1, players[0], dict(zip(players[1:], caught)))]
    for version, event in enumerate([*hands, GAME_ENDED]):
        assert send(client, game, event, version).status_code == 201
    return game


def row(name: str, figures: str) -> str:
    """A players page row as words: the name (the day last played under it, for a phone),
    then each column's figure."""
    return rf"{name} last played \d+ \w+ \d{{4}} {figures} "


def player_token(client, name: str) -> str:
    page = client.get(f"/players/{name}").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def post(client, address: str, name: str, **data):
    return client.post(address, data={**data, "csrf_token": player_token(client, name)})


# --- The players page -------------------------------------------------------------------------

def test_the_players_page_has_a_row_a_player_and_a_figure_a_column(client):
    finished(client, ("Ann", "Bo", "Cy"), (10, 20))
    finished(client, ("Ann", "Bo"), (5,))
    make_game(client, ("Ann", "Di"))  # still going
    page = client.get("/players")
    assert page.status_code == 200
    shown = text(page)
    assert "Player Games Finished Won Win rate Last played" in shown
    assert re.search(row("Ann", r"3 2 2 100% \d+ \w+ \d{4}"), shown)
    assert re.search(row("Bo", "2 2 0 0%"), shown) and re.search(row("Di", "1 0 0 –"), shown)
    assert 'href="/players/Ann"' in page.get_data(as_text=True)
    # Each game played gets its leaderboard and records, by its title.
    assert "Eversol Rummy Leaderboard of Eversol Rummy Records of Eversol Rummy" in shown
    assert "eversol" not in shown.lower().replace("eversol rummy", "")


def test_the_players_page_comes_a_page_at_a_time(client, monkeypatch):
    from referee.web.history import players
    monkeypatch.setattr(players, "PER_PAGE", 2)
    finished(client, ("Ann", "Bo", "Cy", "Di", "Ed"), (5, 10, 15, 20))
    first = client.get("/players").get_data(as_text=True)
    assert "Page 1 of 3" in first and 'rel="next" href="/players?page=2"' in first
    assert 'rel="prev"' not in first
    second = client.get("/players?page=2").get_data(as_text=True)
    assert 'rel="prev" href="/players?page=1"' in second and 'href="/players?page=3"' in second
    last = client.get("/players?page=3").get_data(as_text=True)
    assert 'rel="next"' not in last and "Page 3 of 3" in last
    everyone = [re.findall(r'<th scope="row"><a href="/players/(\w+)"', page)
                for page in (first, second, last)]
    assert sorted(sum(everyone, [])) == ["Ann", "Bo", "Cy", "Di", "Ed"]
    assert client.get("/players?page=4").status_code == 404
    assert client.get("/players?page=0").status_code == 404


# --- A player's page --------------------------------------------------------------------------

def test_a_players_page_gives_each_games_figures_and_rivals(client):
    finished(client, ("Ann", "Bo", "Cy"), (10, 20))
    finished(client, ("Bo", "Ann", "Cy"), (30, 40))
    page = client.get("/players/Ann")
    assert page.status_code == 200
    shown = text(page)
    assert "Eversol Rummy Games 2 Finished 2 Won 1 Win rate 50%" in shown
    assert "Average place 1.5" in shown and "Most wins in a row 1" in shown
    assert "Average hand 15.0" in shown  # 0 and 30 points, over a hand each
    assert "Against each regular opponent" in shown and re.search(r"Bo 1 1 0 ", shown)
    assert "Leaderboard of Eversol Rummy" in shown
    body = page.get_data(as_text=True)
    assert 'href="/ratings/eversol"' in body and 'href="/records/eversol"' in body
    assert client.get("/players/Nobody").status_code == 404


def test_a_players_page_counts_the_period_asked_for(client):
    finished(client, ("Ann", "Bo"), (10,))
    this_year = client.get("/players/Ann?period=this-year")
    assert 'aria-current="page">This year</a>' in this_year.get_data(as_text=True)
    assert "Games 1" in text(this_year)
    last_year = text(client.get("/players/Ann?period=last-year"))
    assert "No game of theirs is kept here from last year" in last_year and "Games 1" not in last_year
    assert client.get("/players/Ann?period=someday").status_code == 404


def test_a_stakes_night_shows_its_money_on_the_players_page(client):
    from tests.test_web_game_questions import start
    night = start(client, "tonk", ("Ann", "Bob", "Cy"), stake="0.50")
    saved = send_form(client, f"/games/{night}/hands/1", {
        "expected_version": "0", "save": "1", "ending": "tonk_out", "who": "1"})  # Bob tonks
    assert saved.status_code == 303
    shown = text(client.get("/players/Bob"))
    assert "Money across the nights for stakes" in shown and "+2.00 over 1 game" in shown


# --- Joining two names ------------------------------------------------------------------------

def test_two_names_joined_count_as_one_person_and_part_again(client):
    finished(client, ("Ann", "Bo"), (10,))
    finished(client, ("Annie", "Bo"), (10,))
    joined = post(client, "/players/Annie/join", "Annie", into="Ann")
    assert joined.status_code == 303 and joined.headers["Location"] == "/players/Ann"
    page = text(client.get("/players/Ann"))
    assert "one person now" in page and "Also played as Annie." in page
    assert "Eversol Rummy Games 2 Finished 2 Won 2" in page
    players = text(client.get("/players"))
    assert re.search(row("Ann", "2 2 2"), players) and "Annie" not in players
    parted = post(client, "/players/Annie/part", "Ann")
    assert parted.status_code == 303 and parted.headers["Location"] == "/players/Annie"
    assert re.search(row("Ann", "1 1 1"), text(client.get("/players")))
    assert "Games 1" in text(client.get("/players/Annie"))


def test_a_join_refused_says_why_beside_the_name(client):
    finished(client, ("Ann", "Bo"), (10,))
    unknown = post(client, "/players/Ann/join", "Ann", into="Zed")
    assert unknown.status_code == 422 and errors(unknown)
    assert 'aria-invalid="true"' in unknown.get_data(as_text=True)
    empty = post(client, "/players/Ann/join", "Ann", into="")
    assert empty.status_code == 422
    assert errors(empty) == ["Type the other name this person plays under."]
    itself = post(client, "/players/Ann/join", "Ann", into="Ann")
    assert itself.status_code == 422 and errors(itself)
    assert "Games 1" in text(client.get("/players/Ann"))  # nothing joined


def test_joining_needs_the_pages_form_token(client):
    finished(client, ("Ann", "Bo"), (10,))
    refused = client.post("/players/Bo/join", data={"into": "Ann"})
    assert refused.status_code == 400 and "Nothing was changed" in text(refused)
    assert client.post("/players/Bo/part").status_code == 400
    assert "Also played as" not in text(client.get("/players/Ann"))


# --- A game's leaderboard and records ---------------------------------------------------------

def test_the_leaderboard_ranks_by_rating_in_words_with_a_chart(client):
    for _ in range(2):
        finished(client, ("Ann", "Bo", "Cy"), (10, 20))
    page = client.get("/ratings/eversol")
    assert page.status_code == 200
    shown = text(page)
    assert "Eversol Rummy: who plays it best" in shown
    assert re.search(r"1\. Ann Rating -?\d+, still settling 2 2\. Bo Rating -?\d+, still "
                     r"settling 2 3\. Cy", shown)
    body = page.get_data(as_text=True)
    assert '<svg class="score-chart"' in body and "rating as the games of Eversol Rummy" in body
    assert "eversol" not in shown.lower().replace("eversol rummy", "")


def test_a_long_history_charts_a_few_steps_and_a_rating_holds_between_a_players_games():
    from datetime import datetime, timedelta
    from referee.core.history import Rating, RatingPoint, Ratings
    from referee.web.history.standing import CHART_STEPS, rating_chart
    start = datetime(2025, 1, 1)
    games = [(f"g{n:04}", start + timedelta(days=n)) for n in range(3000)]
    ann = tuple(RatingPoint(g, at, 25, 1, n / 100) for n, (g, at) in enumerate(games))
    bo = (RatingPoint(*games[0], 25, 8, -3.4),)  # one game, at the start: then 3 games left
    board = Ratings("eversol", (Rating("Ann", 25, 1, 29.99, 3000, False),
                                Rating("Bo", 25, 8, -3.4, 1, True)), {"Ann": ann, "Bo": bo})
    chart = rating_chart(board)
    ann_line, bo_line = chart.lines
    assert len(ann_line.dots) == len(bo_line.dots) == CHART_STEPS + 1  # with the start
    assert (ann_line.label, bo_line.label) == ("Ann 30", "Bo −3")
    assert len({y for _, y in bo_line.dots[1:]}) == 1  # Bo's one game's rating, held
    assert [label for _, label in chart.x_ticks if label] == ["Start", "1000", "2000", "3000"]


def test_a_game_no_one_finished_has_an_empty_leaderboard_and_an_unknown_one_none(client):
    make_game(client, ("Ann", "Bo"))
    assert "No game of Basic Rummy has finished yet" in text(client.get("/ratings/basic"))
    assert "No game of Basic Rummy has finished yet" in text(client.get("/records/basic"))
    for address in ("/ratings/gin", "/records/gin", "/ratings/freecell"):
        assert client.get(address).status_code == 404


def test_each_record_leads_to_its_game(client):
    best = finished(client, ("Ann", "Bo"), (5,))
    finished(client, ("Ann", "Bo"), (50,))
    page = client.get("/records/eversol")
    shown = text(page)
    assert "Eversol Rummy records" in shown and "Biggest win" in shown
    assert f'href="/games/{best["id"]}"' in page.get_data(as_text=True)


def test_a_finished_games_screen_leads_to_its_leaderboard_and_records(client):
    over = finished(client, ("Ann", "Bo"), (5,))
    going = make_game(client, ("Ann", "Bo"))
    board = client.get(f"/games/{over['id']}").get_data(as_text=True)
    assert 'href="/ratings/eversol">Eversol Rummy leaderboard</a>' in board
    assert 'href="/records/eversol">Eversol Rummy records</a>' in board
    assert "/ratings/" not in client.get(f"/games/{going['id']}").get_data(as_text=True)
