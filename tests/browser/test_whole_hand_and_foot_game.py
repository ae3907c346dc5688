"""A whole Hand and Foot game kept on a tablet, as a family plays it (issue 13): two teams named
at the setup, four hands entered team by team (a wild pile, a penalty, a hand where the stock ran
dry), a correction with its reason, a last hand saved wrong and undone, and the final ranking by
team. Screenshots: whole-hand-and-foot-*.png."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import TABLET
from .test_game_screens import add_players
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits
from .test_whole_kept_games import assert_history, assert_ranking, game_over, undo

PLAYERS = ("Ann", "Bo", "Cy", "Di")  # Ann and Cy are partners, Bo and Di


def team_row(page, name: str):
    return page.locator("[data-team-entry]").filter(
        has=page.locator(".entry-name", has_text=re.compile(f"^{name}\\b")))


def more(page, label: str, team: str, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_role("button", name=f"{label} {team}: one more", exact=True).click()


def enter_team(page, name: str, melded=None, held=None, clean=0, dirty=0, wild=0, red=0,
               out=False, jokers_held=0, penalty: str | None = None) -> None:
    """One team's end of the hand: typed totals, piles and red 3s by their steppers, a held
    joker by its stepper, a penalty by its button."""
    row = team_row(page, name)
    if melded is not None:
        row.get_by_label("or total").nth(0).fill(str(melded))
    if held is not None:
        row.get_by_label("or total").nth(1).fill(str(held))
    for label, times in (("Clean piles", clean), ("Dirty piles", dirty), ("Wild piles", wild),
                         ("Red 3s laid aside", red)):
        more(page, f"{label} for", name, times)
    more(page, "Joker held by", name, jokers_held)
    if penalty:
        row.get_by_role("button", name=re.compile(f"^Charge {name}: {penalty}")).click()
    if out:
        row.get_by_text("Went out", exact=True).click()


def save(page, number: int, scores: dict, ending: str) -> None:
    """The teams' hand scores as the page adds them up, then saved."""
    for name, score in scores.items():
        expect(team_row(page, name).locator("[data-team-total]")).to_have_text(str(score))
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(".flash")).to_have_text(f"Hand {number} saved: {ending}.")


def standings_row(page, number: int, running: list[int], marks: list[str]) -> None:
    row = page.locator(".standings tbody tr").nth(number - 1)
    expect(row.locator(".running")).to_have_text([str(v) for v in running])
    expect(row.locator(".hand-points")).to_have_text(marks)


def test_a_four_hand_game_of_two_teams(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/games/new")
    page.get_by_role("link", name="Set up Hand and Foot").click()
    add_players(page, PLAYERS)
    page.get_by_label("Ann & Cy").fill("Us")
    page.get_by_label("Bo & Di").fill("Them")
    page.locator(".chip-choice", has_text=re.compile("^Ann$")).click()
    assert_fits(page, TABLET["width"])
    screen.shot("whole-hand-and-foot-setup-tablet")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 1 of 4")
    expect(page.locator(".hand-note").nth(1)).to_have_text(
        "To open, a team's first melds together must be worth 50 or more.")
    expect(page.locator(".standings-player")).to_have_text(["Us Ann & Cy", "Them Bo & Di"])

    # Hand 1: Us go out with their wild pile; Them held 85 (mistyped: it was 35).
    page.get_by_role("link", name="Score hand 1").click()
    enter_team(page, "Us", melded=905, clean=2, dirty=2, wild=1, red=1, out=True)
    enter_team(page, "Them", melded=300, held=85, dirty=1)
    save(page, 1, {"Us": 4205, "Them": 515}, "Us went out")
    standings_row(page, 1, [4205, 515], ["+4205 out", "+515"])

    # Hand 2: Them go out; Us took the pile without using its top card, and held a joker.
    expect(page.locator(".hand-note").nth(1)).to_contain_text("worth 90 or more")
    expect(page.locator(".roles")).to_contain_text("Deals Bo")
    page.get_by_role("link", name="Score hand 2").click()
    enter_team(page, "Them", melded=1000, clean=2, dirty=2, wild=1, out=True)
    enter_team(page, "Us", melded=400, clean=1, jokers_held=1,
               penalty="Took the pile without using its top card")
    save(page, 2, {"Us": 800, "Them": 4200}, "Them went out")

    # Hand 3: the stock ran dry with nobody out.
    page.get_by_role("link", name="Score hand 3").click()
    page.get_by_text("Nobody went out: the stock ran dry").click()
    enter_team(page, "Us", melded=200, held=40)
    enter_team(page, "Them", melded=600, clean=1, held=0)
    save(page, 3, {"Us": 160, "Them": 1100}, "the stock ran out")
    standings_row(page, 3, [5165, 5815], ["+160", "+1100"])
    assert_ranking(page, ["1st Them Bo & Di 5815", "2nd Us Ann & Cy 5165"])

    # Hand 1 corrected: Them held 35, not 85.
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.get_by_role("heading", name="Correct hand 1")).to_be_visible()
    team_row(page, "Them").get_by_label("or total").nth(1).fill("35")
    expect(team_row(page, "Them").locator("[data-team-total]")).to_have_text("565")
    page.get_by_label("Why is hand 1 corrected?").fill("Them held 35, not 85")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text("Hand 1 corrected: Us went out.")
    standings_row(page, 1, [4205, 565], ["+4205 out", "+565"])
    expect(page.locator(".standings .corrected-mark")).to_have_count(1)

    # Hand 4 saved with the wrong team out ends the game; the undo takes it back.
    page.get_by_role("link", name="Score hand 4").click()
    expect(page.locator(".entry-context")).to_contain_text("Us (Ann & Cy) v Them (Bo & Di)")
    expect(page.get_by_text("worth 150 or more")).to_be_visible()
    enter_team(page, "Us", melded=700, clean=2, dirty=2, wild=1, out=True)
    enter_team(page, "Them", melded=100, held=20)
    save(page, 4, {"Us": 3900, "Them": 80}, "Us went out")
    expect(page.locator(".result-panel .winner")).to_have_text("★ Us wins")
    undo(page, "Hand 4 scored")
    expect(page.locator("#hand-title")).to_have_text("Hand 4 of 4")
    assert_ranking(page, ["1st Them Bo & Di 5865", "2nd Us Ann & Cy 5165"])

    page.get_by_role("link", name="Score hand 4").click()
    enter_team(page, "Them", melded=800, clean=2, dirty=2, wild=2, out=True)
    enter_team(page, "Us", melded=500, held=100)
    save(page, 4, {"Us": 400, "Them": 5500}, "Them went out")
    game_over(screen, "hand-and-foot", "Them wins", 11365,
              ["1st Them Bo & Di 11365", "2nd Us Ann & Cy 5565"])
    assert_history(screen, "hand-and-foot", "Hand 1 corrected: Them held 35, not 85",
                   "Hand 4: Us went out")
