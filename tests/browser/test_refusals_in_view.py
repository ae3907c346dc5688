"""Every kept game's end-of-hand form, saved with something wrong: the page comes back and
brings the refusal, with the box it is about, where the eyes are, at tablet and phone size,
though the form is taller than the screen (a team's row, the last player's holdings). One
journey through every form: held, melded less held, the winner collects, teams, stakes, pot,
typed scores, a deal's score sheet, a round's winner, books. Screenshots (of the screen as seen):
refused-<game>-<size>.png."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_tonk_entry import choose_ending

THREE = ("Ann", "Bo", "Cy")
TEAMS = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def first_went_out(page) -> None:
    page.locator(".entry-row").first.locator(".went-out-toggle").click()


def nothing(page) -> None:
    """Saved as it opens: nothing told."""


def us_went_out(page) -> None:
    page.locator("[data-team-entry]").first.get_by_text("Went out", exact=True).click()


def both_typed_nought(page) -> None:
    for name in ("Ann", "Bo"):
        page.get_by_role("spinbutton", name=name, exact=True).fill("0")


def too_many_books(page) -> None:
    page.get_by_role("spinbutton", name="Cy", exact=True).fill("14")


def a_drop_without_counts(page) -> None:
    choose_ending(page, "Drop")
    page.locator("[data-settle-who=one] .chip-choice", has_text=re.compile("^Cy$")).click()


def a_sequence_no_deck_holds(page) -> None:
    page.locator("#elder_sequences").fill("quint to the nine")


@dataclass(frozen=True)
class Refusal:
    ruleset: str
    enter: Callable
    said: str  # the start of what the refusal says
    players: tuple[str, ...] = THREE
    teams: list | None = None
    button: str = "Save"

    @property
    def id(self) -> str:
        return f"{self.ruleset}-{self.enter.__name__}"


REFUSALS = [
    Refusal("eversol", first_went_out, "Enter what Bo holds"),
    Refusal("500", first_went_out, "Enter what Bo still holds"),
    Refusal("basic", first_went_out, "Enter what Bo holds"),
    Refusal("base", first_went_out, "Enter what Bo still holds"),
    Refusal("hand-and-foot", us_went_out, "Us cannot have gone out with",
            ("Ann", "Bo", "Cy", "Di"), TEAMS),
    Refusal("tonk", a_drop_without_counts, "Settling a drop needs every player's count"),
    Refusal("bourre", nothing, "Somebody plays"),
    Refusal("piquet", both_typed_nought, "The scores come to 0", ("Ann", "Bo")),
    Refusal("piquet", a_sequence_no_deck_holds, "No sequence of 5 cards", ("Ann", "Bo")),
    Refusal("escoba", nothing, "Type Ann's points", ("Ann", "Bo")),
    Refusal("jack-change-it", nothing, "Tap the player who went out"),
    Refusal("authors", too_many_books, "Books are a whole number from 0 to 13"),
    Refusal("go-fish", too_many_books, "Books are a whole number from 0 to 13"),
]
ON_A_PHONE = ("eversol", "hand-and-foot", "tonk", "bourre", "piquet")


def open_entry(page, live_server, refusal: Refusal) -> None:
    """A game made through the API, joined as its scorer, at the entry of its first hand."""
    game = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": refusal.ruleset, "players": list(refusal.players),
        "first_dealer": refusal.players[0], **({"teams": refusal.teams} if refusal.teams else {})
    }).json()
    joined = page.request.get(f"{live_server}/games/{game['id']}/join/{game['edit_key']}",
                              max_redirects=0)
    assert joined.status == 303
    page.goto(f"{live_server}/games/{game['id']}/hands/1")
    expect(page.locator(".entry-title")).to_contain_text("End of")


@pytest.mark.parametrize("viewport, size", [(TABLET, "tablet"), (PHONE, "phone")])
def test_every_entry_form_brings_its_refusal_into_view(live_server, open_screen, viewport, size):
    screen = open_screen(viewport)
    page = screen.page
    for refusal in REFUSALS:
        if size == "phone" and refusal.ruleset not in ON_A_PHONE:
            continue
        open_entry(page, live_server, refusal)
        refusal.enter(page)
        page.get_by_role("button", name=re.compile(f"^{refusal.button} (hand|deal|round|game) 1$")
                         ).click()  # scrolled to, at the form's foot
        words = page.locator(".field-error").first
        expect(words).to_contain_text(refusal.said)
        expect(words).to_be_in_viewport(ratio=1)
        about = page.locator("[aria-invalid=true]").first
        if about.count() and about.is_visible():  # the box to fix, beside its words
            expect(about).to_be_in_viewport()
        screen.shot(f"refused-{refusal.id}-{size}", full_page=False)
