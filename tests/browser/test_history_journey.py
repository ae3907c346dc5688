"""The family's history, as a family walks it (issue 40): a few games finished (made through
the API: the hands are not what this journey is about), then from a finished game's screen to
its leaderboard, a player's page and a record's game; two names of one person joined, and the
history following. On a tablet (1024x768) and a phone (390x844): nothing cut off or running
out of its box (test_nothing_cut_off's check), no table scrolling sideways, every tap target
big enough, axe-core clean.
Screenshots: history-*.png in the test's tmp dir, at both sizes."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_accessibility import violations
from .test_nothing_cut_off import OVERFLOW_JS, SCROLLERS

TARGETS = "main .button, main input[type=text], main table a, .topbar-link, .brand"
# Names no other journey seats: the shared live server keeps every journey's games.
WINNER, RUNNER_UP, THIRD = "Wilhelmina", "Thaddeus", "Ottoline Featherstonehaugh"
NICKNAME = "Willa"
SCROLLING_TABLES = """[...document.querySelectorAll(".players-scroll")]
  .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.getAttribute("aria-label"))"""


def finished_game(page, live_server, players: tuple[str, ...]) -> str:
    """An Eversol game ended after one hand, the first player out, the rest caught: its id."""
    made = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": "eversol", "players": list(players), "first_dealer": players[0]}).json()
    caught = {name: 10 * seat for seat, name in enumerate(players) if seat}
    events = [{"type": "hand_scored", "hand": 1, "went_out": players[0], "points": caught},
              {"type": "game_ended"}]
    for version, event in enumerate(events):
        answer = page.request.post(f"{live_server}/api/v1/games/{made['id']}/events",
                                   headers={"X-Edit-Key": made["edit_key"]},
                                   data={"expected_version": version, "event": event})
        assert answer.status == 201, answer.text()
    return made["id"]


def looked_at(screen, name: str, shots) -> None:
    """The page as it stands at each size: nothing cut off, taps big enough, axe clean, and a
    screenshot of each."""
    page = screen.page
    for size, viewport in (("tablet", TABLET), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        assert_touch_targets_and_no_overflow(page, viewport["width"], TARGETS)
        cut_off = page.evaluate(OVERFLOW_JS, list(SCROLLERS))
        assert not cut_off, f"{name} at {size}: " + "\n".join(cut_off)
        # A table may scroll sideways on purpose, but these fit whole even on a phone.
        assert page.evaluate(SCROLLING_TABLES) == [], f"{name} at {size}"
        assert not (problems := violations(page)), f"{name} at {size}: " + "\n".join(problems)
        path = shots / f"history-{name}-{size}.png"
        path.write_bytes(page.screenshot(full_page=True, caret="initial"))
    page.set_viewport_size(TABLET)


def test_from_a_finished_game_to_the_leaderboard_a_player_a_record_and_two_names_joined(
        live_server, open_screen, tmp_path):
    screen = open_screen(TABLET)
    page = screen.page
    for players in ((WINNER, RUNNER_UP, THIRD), (WINNER, THIRD, RUNNER_UP),
                    (RUNNER_UP, WINNER)):
        last = finished_game(page, live_server, players)
    finished_game(page, live_server, (NICKNAME, RUNNER_UP))

    page.goto(f"{live_server}/games/{last}")
    page.get_by_role("link", name="Eversol Rummy leaderboard").click()
    expect(page.get_by_role("heading", name="Eversol Rummy: who plays it best")).to_be_visible()
    board = page.locator(".ratings-table tbody")
    expect(board.get_by_role("row").filter(has_text=WINNER)).to_contain_text("still settling")
    expect(page.locator(".ratings-chart svg")).to_be_visible()
    looked_at(screen, "leaderboard", tmp_path)

    board.get_by_role("link", name=WINNER, exact=True).click()
    expect(page.get_by_role("heading", name=WINNER, exact=True)).to_be_visible()
    eversol = page.locator(".player-game").filter(has_text="Eversol Rummy")
    expect(eversol).to_contain_text(re.compile(r"Games\s*3"))
    expect(page.locator(".player-rivals")).to_contain_text(RUNNER_UP)
    looked_at(screen, "player", tmp_path)

    eversol.get_by_role("link", name="Records of Eversol Rummy").click()
    expect(page.get_by_role("heading", name="Eversol Rummy records")).to_be_visible()
    looked_at(screen, "records", tmp_path)
    page.locator(".record-game a").first.click()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("main")).to_contain_text("over after")

    page.goto(f"{live_server}/players/{NICKNAME}")
    page.get_by_label("The same person as").fill(WINNER)
    page.get_by_role("button", name="Join the names").click()
    expect(page.get_by_role("heading", name=WINNER, exact=True)).to_be_visible()
    expect(page.locator(".flash")).to_contain_text("one person now")
    expect(page.locator(".player-also")).to_have_text(f"Also played as {NICKNAME}.")
    expect(page.locator(".player-game").filter(has_text="Eversol Rummy")).to_contain_text(
        re.compile(r"Games\s*4"))
    looked_at(screen, "joined", tmp_path)

    page.get_by_role("link", name="All players").click()
    rows = page.locator(".players-table tbody tr")
    winner = rows.filter(has_text=WINNER)
    expect(winner.locator("td").first).to_have_text("4")
    expect(winner.locator("td").nth(2)).to_have_text("3")  # games won of the 4
    expect(rows.filter(has_text=NICKNAME)).to_have_count(0)
    looked_at(screen, "players", tmp_path)
