"""The watch page's last event (what a TV across the room shows beside the standings),
through the test client, under a heading that says what it was: for each kind of game the
newest hand scored ("Last hand"), a correction, the referee's latest call in a hand being
followed ("The referee’s last ruling"); and still nothing on the page that changes the game."""

from __future__ import annotations

import re

import pytest

from tests.test_api_live_game import EXAMPLE_HAND
from tests.test_web_games import text
from tests.test_web_kept_games import api_game

US_THEM = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def kept_game(client, ruleset: str, players, events, **setup) -> str:
    """A game made through the API; this device only watches it."""
    return api_game(client, ruleset, players, events, join=False, **setup)


def ruling(response) -> str:
    """The text of the ruling's box alone."""
    found = re.search(r'<section id="ruling".*?</section>', response.get_data(as_text=True), re.DOTALL)
    assert found, "no ruling on the page"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))).strip()


def eversol(hand: int, went_out: str, **points: int) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out, "points": points}


HAND_AND_FOOT = {"Us": {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2,
                        "wild_piles": 1, "red_threes": 1, "went_out": True},
                 "Them": {"melded": 300, "held": 85, "clean_piles": 0, "dirty_piles": 1,
                          "wild_piles": 0, "red_threes": 0, "went_out": False, "penalties": 50}}

GAMES_RULED = [
    pytest.param("eversol", ("Ann", "Bo", "Cy"),
                 [eversol(1, "Bo", Ann=20, Cy=35), eversol(2, "Cy", Ann=15, Bo=40)], {},
                 "Hand 2 Cy went out. Ann +15 Bo +40 Cy 0", id="eversol"),
    pytest.param("500", ("Ann", "Bo", "Cy"),
                 [{"type": "hand_scored", "hand": 1, "went_out": "Ann",
                   "players": {"Ann": {"melded": 60, "held": 0}, "Bo": {"melded": 20, "held": 35},
                               "Cy": {"melded": 0, "held": 12}}}], {},
                 "Hand 1 Ann went out. Ann +60 Bo −15 Cy −12", id="500"),
    pytest.param("basic", ("Ann", "Bo", "Cy"),
                 [{"type": "hand_scored", "hand": 1, "went_out": "Ann", "went_rummy": True,
                   "points": {"Bo": 10, "Cy": 9}}], {},
                 "Hand 1 Ann went out in one go: it counts double. Ann +38 Bo 0 Cy 0", id="basic"),
    pytest.param("hand-and-foot", ("Ann", "Bo", "Cy", "Di"),
                 [{"type": "hand_scored", "hand": 1, "teams": HAND_AND_FOOT}], {"teams": US_THEM},
                 "Hand 1 Us went out. Us +4205 Them +465", id="teams"),
    pytest.param("tonk", ("Ann", "Bob", "Cy"),
                 [{"type": "hand_scored", "hand": 1, "ending": "drop", "player": "Cy",
                   "counts": {"Ann": 5, "Bob": 9, "Cy": 7}}], {"stake": "0.25"},
                 "Hand 1 Cy dropped with 7, but Ann has 5: Cy is caught and pays Ann 1 stake; "
                 "everyone else pays Ann, the lowest, 1 stake. Bob pays Ann 1 stake (0.25) "
                 "Cy pays Ann 2 stakes (0.50)",
                 id="stakes"),
]


@pytest.mark.parametrize("ruleset, players, events, setup, expected", GAMES_RULED)
def test_the_watch_page_says_how_the_newest_hand_was_ruled(client, ruleset, players, events,
                                                            setup, expected):
    game_id = kept_game(client, ruleset, players, events, **setup)
    page = client.get(f"/games/{game_id}/watch")
    assert page.status_code == 200
    assert ruling(page) == f"Last hand {expected}"
    assert not re.search(r"<(form|button|input|select|textarea)\b", page.get_data(as_text=True))


def test_a_correction_is_the_newest_ruling_with_its_reason(client):
    game_id = kept_game(client, "eversol", ("Ann", "Bo", "Cy"), [
        eversol(1, "Bo", Ann=20, Cy=35), eversol(2, "Cy", Ann=15, Bo=40),
        {**eversol(1, "Bo", Ann=20, Cy=85), "type": "hand_corrected",
         "reason": "Cy still held a joker"}])
    assert ruling(client.get(f"/games/{game_id}/watch")) == (
        "Last hand Hand 1, corrected Bo went out. "
        "Corrected because: Cy still held a joker Ann +20 Bo 0 Cy +85")


def test_before_any_hand_nothing_is_ruled_yet(client):
    game_id = kept_game(client, "eversol", ("Ann", "Bo", "Cy"), [])
    assert ruling(client.get(f"/games/{game_id}/watch")) == (
        "Last hand Nothing yet: the first hand is still being played.")


@pytest.mark.parametrize("steps, expected", [
    (4, ("Hand 1, as it is played If Carl does not take the discard as the draw, Abe is the "
         "first after Carl in order of play to ask, so Abe buys the discard")),  # Carl first
    (6, "Hand 1, as it is played Ben bought K♥."),
    (len(EXAMPLE_HAND), "Hand 1, as it is played Carl called rummy on Ben’s 8♥"),
])
def test_a_followed_hand_shows_the_referees_latest_call(client, steps, expected):
    game_id = kept_game(client, "eversol", ("Abe", "Ben", "Carl"), EXAMPLE_HAND[:steps])
    assert ruling(client.get(f"/games/{game_id}/watch")).startswith(
        f"The referee’s last ruling {expected}")


def test_the_ruling_is_polled_and_answers_304_until_the_game_changes(client):
    game_id = kept_game(client, "eversol", ("Ann", "Bo", "Cy"), [eversol(1, "Bo", Ann=20, Cy=35)])
    page = client.get(f"/games/{game_id}/watch").get_data(as_text=True)
    assert f'hx-get="/games/{game_id}/poll/ruling"' in page
    first = client.get(f"/games/{game_id}/poll/ruling")
    assert "Bo went out" in text(first)
    again = client.get(f"/games/{game_id}/poll/ruling",
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
