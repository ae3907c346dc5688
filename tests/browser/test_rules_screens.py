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
    expect(page.locator("#option-aris_rule")).to_contain_text("Default: Yes · This table: No")
    assert_touch_targets_and_no_overflow(page, PHONE["width"], TARGETS)
    screen.shot("rules-phone-kept-game")


@pytest.mark.parametrize("viewport, size", [(TABLET, "tablet"), (PHONE, "phone")])
# Where the link is: under the verdict, or under a refusal beside the field it refuses.
@pytest.mark.parametrize("screen_path, game, anchor, says, link_at", [
    ("/opening/hand-and-foot?hand=1&table=KS+KH+QD", "hand-and-foot", "books", "not legal",
     "#verdict"),
    ("/going-out/hand-and-foot?clean_piles=0", "hand-and-foot", "going-out", "Not yet",
     "#verdict"),
    ("/rummy/500?pile=7H+2C+9S&table=4H+5H+6H", "500", "calls", "Rummy!", "#verdict"),
    ("/arrange/eversol?hand=1&cards=7D+8S+2C", "eversol", "contracts", "Not yet", "#verdict"),
    ("/lowest/tonk?count0=3&count2=5&ending=drop&who=0", "tonk", "scoring", "count too",
     "#count1-error +"),
])
def test_a_question_screens_rule_link_opens_its_paragraph(live_server, open_screen, viewport,
                                                           size, screen_path, game, anchor, says,
                                                           link_at):
    screen = open_screen(viewport)
    page = screen.page
    page.goto(live_server + screen_path)
    expect(page.locator("main")).to_contain_text(says)
    link = page.locator(f"{link_at} .rule-link")
    expect(link).to_be_visible()
    assert_touch_targets_and_no_overflow(page, viewport["width"], f"{link_at} .rule-link")
    screen.shot(f"rule-link-{size}-{screen_path.split('?')[0].strip('/').replace('/', '-')}")
    link.click()
    expect(page).to_have_url(f"{live_server}/rules/{game}#{anchor}")
    expect(page.locator(":target")).to_have_id(anchor)
    expect(page.locator(":target")).to_be_in_viewport()
