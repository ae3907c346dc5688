"""A family that plays every week: one tablet starts game after game, and keeps the right to
score each of them (the server keeps its rights; its cookie only names the device)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_game_screens import HANDS, score_hand, start_game

GAMES = 40  # a season of weekly games, and more than the 30 a device's cookie once held
COOKIE_LIMIT = 4096  # bytes: what a browser keeps of one cookie


def test_a_tablet_that_started_forty_games_still_scores_the_first(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    first = start_game(page, live_server)
    # The other games as the setup form posts them, from this tablet's own cookies: the
    # screens' way to start a game, without typing each one in.
    setup = f"{live_server}/games/new/basic"
    page.goto(setup)
    token = page.locator("input[name=csrf_token]").input_value()
    for _ in range(2, GAMES + 1):
        started = page.request.post(setup, max_redirects=0, form={
            "csrf_token": token, "players-0": "Wes", "players-1": "Kay", "dealer": "Wes",
            "decks": "auto", "start": "1"})
        assert started.status == 303, started.text()
    page.goto(f"{live_server}/games")
    expect(page.locator(".game-item", has_text="Wes, Kay")).to_have_count(GAMES - 1)
    session = next(c for c in page.context.cookies() if c["name"] == "session")
    assert len(session["value"]) < COOKIE_LIMIT // 8  # a device id, not forty keys

    page.goto(first)
    page.get_by_text("Share this game").click()  # its join link is offered still
    join = f"/games/{first.rsplit('/', 1)[1]}/join/"
    expect(page.locator(".share-link a", has_text=join)).to_be_visible()
    screen.shot("many-games-first-still-scored")
    went_out, held = HANDS[0]
    score_hand(page, 1, went_out, held)

    # A phone sets up the next game: the players offered first are last week's, as they sat,
    # then the first game's.
    phone = open_screen(PHONE)
    phone.page.goto(setup)
    expect(phone.page.locator(".chip").nth(3)).to_be_visible()
    assert phone.page.locator(".chip").all_inner_texts()[:4] == ["+ Wes", "+ Kay", "+ Abe",
                                                                 "+ Ben"]
    phone.shot("many-games-known-players-phone")
