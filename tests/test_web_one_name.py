"""A name written with and without an invisible joiner, or in another case, is one person on
every screen that gathers names across games or hands: the players page, a player's page and
its money across the nights, and a hand's lines in the history (seating already says so: name_key)."""

from __future__ import annotations

import re

from sqlalchemy import select

from referee.extensions import db
from referee.store.models import Player
from tests.test_web_kept_games import api_game

JOINED = "Ann\u200cMarie"  # a zero-width non-joiner inside the word: kept, but unseen


def read(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def rows(page: str, pattern: str) -> list[str]:
    return [read(found) for found in re.findall(pattern, page, flags=re.S)]


def tonk_out(player: str) -> dict:
    return {"type": "hand_scored", "hand": 1, "ending": "tonk_out", "player": player}


def test_a_name_with_and_without_a_joiner_or_in_capitals_is_one_player(client, app):
    eversol = api_game(client, "eversol", (JOINED, "Bo"), events=[
        {"type": "hand_scored", "hand": 1, "went_out": "bo", "points": {"ANNMARIE": 15}}])
    api_game(client, "basic", ("annmarie", "Bo"))
    api_game(client, "tonk", ("ANN\u200cMARIE", "Bob"), events=[tonk_out("annmarie")],
             stake="0.25")
    api_game(client, "tonk", ("annmarie", "Bob"), events=[tonk_out("Bob")], stake="0.25")

    page = client.get("/players").get_data(as_text=True)
    players = rows(page, r'<tr><th scope="row"><a [^>]*>(.*?)</a>')
    assert [name for name in players if name_like(name)] == [JOINED]
    assert re.search(r'<tr><th scope="row"><a [^>]*>Ann\u200cMarie</a>.*?</th>\s*<td>4</td>',
                     page, flags=re.S)  # all four games, one row
    mine = read(client.get(f"/players/{JOINED.lower()}").get_data(as_text=True))
    assert "Tonk Games 2 " in mine and "Eversol Rummy Games 1 " in mine
    assert re.search(r"Money across the nights for stakes \S+ over 2 games", mine)

    history = read(client.get(f"/games/{eversol}/history").get_data(as_text=True))
    assert f"{JOINED}: 15" in history and "Bo: went out, 0" in history

    with app.app_context():  # the one-tap names offer one person too
        names = db.session.scalars(select(Player.name)).all()
    assert len([name for name in names if name_like(name)]) == 1


def name_like(text: str) -> bool:
    return "marie" in text.casefold()
