"""Screens found wanting on a walk through the app, through the test client: the meld checker's
first look, the arranger's progress toward a contract, the players' page, starting a game
once, deleting a game, the app's own 404 page, exports at the game's end, and many players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import render_template

from referee.extensions import db
from referee.store.models import Game
from referee.web.games_chart import score_chart

from .test_api import assert_answer_documented
from .test_web_checker import verdict_text
from .test_web_games import (csrf_token, game_count, hand_data, new_game, send, setup_data, text,
                             version_of)

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
