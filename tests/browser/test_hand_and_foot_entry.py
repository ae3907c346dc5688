"""A Hand and Foot hand entered team by team on a tablet and a phone: steppers, a penalty
charged and taken back, the parts and the team's score changing as they are entered, a
refused entry shown beside its field, then saved and seen in the standings."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_entry_shapes_screens import open_entry
from .test_game_screens import SCORER_TARGETS, assert_fits

PLAYERS = ("Ann", "Bo", "Cy", "Di")
TEAMS = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def open_team_entry(page, live_server) -> dict:
    return open_entry(page, live_server, "hand-and-foot", PLAYERS, TEAMS)


def more(page, label: str, team: str, times: int = 1) -> None:
    """``label`` as the button says it: ``"Joker melded by"``, ``"Clean piles for"``."""
    for _ in range(times):
        page.get_by_role("button", name=f"{label} {team}: one more", exact=True).click()


def part(team, key: str):
    return team.locator(f"[data-part-line={key}] output")


@pytest.mark.parametrize("viewport, name", [(TABLET, "tablet"), (PHONE, "phone")])
def test_a_team_hand_by_steppers_with_its_parts_live(live_server, open_screen, viewport, name):
    screen = open_screen(viewport)
    page = screen.page
    open_team_entry(page, live_server)
    expect(page.locator(".entry-context")).to_have_text(
        "22 cards · Ann dealt · Us (Ann & Cy) v Them (Bo & Di)")
    expect(page.locator(".entry-note").last).to_have_text(
        "To open, a team's first melds together must be worth 50 or more.")
    us, them = page.locator("[data-team-entry]").nth(0), page.locator("[data-team-entry]").nth(1)
    more(page, "Joker melded by", "Us", 2)
    more(page, "K–8 melded by", "Us", 21)  # the five piles' cards are worth 310 at the least
    expect(part(us, "melded")).to_have_text("310")
    for label, times in (("Clean piles", 2), ("Dirty piles", 1), ("Wild piles", 1),
                         ("Red 3s laid aside", 1)):
        more(page, f"{label} for", "Us", times)
    expect(part(us, "wild_piles")).to_have_text("1 × 1500 = 1500")
    us.get_by_text("Went out", exact=True).click()
    expect(part(us, "going_out")).to_have_text("100")
    charge = us.get_by_role("button", name=re.compile("^Charge Us: Went out after the partner"))
    charge.click()
    charge.click()
    expect(part(us, "penalties")).to_have_text("−200")
    us.get_by_role("button", name=re.compile("^Take back one: Went out after")).click()
    expect(part(us, "penalties")).to_have_text("−100")
    expect(page.locator("#points-0")).to_have_text("3210")  # one dirty pile short, for now
    them.get_by_label("or total").first.fill("300")
    more(page, "Ace held by", "Them")
    expect(part(them, "held")).to_have_text("−20")
    expect(page.locator("#points-1")).to_have_text("280")
    assert_fits(page, viewport["width"], SCORER_TARGETS + ", main .penalty-add")
    screen.shot(f"entry-teams-{name}")

    # Gone out with one dirty pile: refused, said beside Us's "Went out".
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#problem-0-went_out")).to_contain_text("Us cannot have gone out")
    expect(page.locator("#points-0")).to_have_text("3210")  # the entries kept, counted again
    assert_fits(page, viewport["width"], SCORER_TARGETS + ", main .penalty-add")
    screen.shot(f"entry-teams-refused-{name}")
    more(page, "Dirty piles for", "Us")
    expect(page.locator("#points-0")).to_have_text("3510")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved: Us went out")
    expect(page.locator("#board")).to_contain_text("3510")
    expect(page.locator("#board")).to_contain_text("280")


def test_a_team_hand_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    game = open_team_entry(page, live_server)
    more(page, "Joker melded by", "Them")  # each + posts; the server counts
    expect(page.locator("#points-1")).to_have_text("50")
    more(page, "Joker melded by", "Them")
    expect(page.locator("[data-team-entry]").nth(1).locator("[data-part-line=melded] output")
           ).to_have_text("100")
    page.get_by_text("Nobody went out: the stock ran dry").click()
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved: the stock ran out")
    totals = page.request.get(f"{live_server}/api/v1/games/{game['id']}").json()["totals"]
    assert totals == {"Us": 0, "Them": 100}
