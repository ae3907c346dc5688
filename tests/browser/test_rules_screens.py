"""The rules reference in a browser: a refused meld's "The rule" link lands on the paragraph
it applies, each game's page reads at tablet and phone size, and a kept game's copy marks
its table's choices."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow

TARGETS = "main a, main button, header a"


def test_a_refused_melds_rule_link_opens_its_paragraph(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/check/eversol?cards=7D+8D+9D")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("A run needs at least 4 cards")
    screen.shot("rules-tablet-checker-rule-link")
    page.get_by_role("link", name="The rule").click()
    expect(page).to_have_url(f"{live_server}/rules/eversol#runs")
    target = page.locator(":target")
    expect(target).to_have_id("runs")
    expect(target).to_contain_text("4 or more cards of one suit")
    expect(target).to_be_in_viewport()
    screen.shot("rules-tablet-eversol-runs-target")


@pytest.mark.parametrize("viewport, size", [(TABLET, "tablet"), (PHONE, "phone")])
@pytest.mark.parametrize("game", ["eversol", "500", "hand-and-foot", "tonk"])
def test_each_games_rules_read_without_javascript(live_server, open_screen, viewport, size, game):
    screen = open_screen(viewport, javascript=False)
    page = screen.page
    page.goto(f"{live_server}/rules/{game}")
    expect(page.locator("#house-options")).to_be_visible()
    assert_touch_targets_and_no_overflow(page, viewport["width"], TARGETS)
    screen.shot(f"rules-{size}-{game}")


def test_a_kept_games_rules_mark_the_tables_choices(live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    made = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": "eversol", "players": ["Ann", "Bo", "Cy"], "first_dealer": "Ann",
        "options": {"buy_limit": 3, "aris_rule": False}})
    assert made.status == 201
    game_id = made.json()["id"]
    page.goto(f"{live_server}/games/{game_id}")
    page.get_by_role("link", name="Rules", exact=True).click()
    expect(page.locator("#option-buy_limit")).to_contain_text("This table: 3")
    expect(page.locator("#option-aris_rule")).to_contain_text("Default: on · This table: off")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)
    screen.shot("rules-phone-kept-game")
