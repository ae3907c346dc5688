"""The question screens of the games the referee answers for without keeping score, as a
table uses them from the home page, on a tablet and a phone: Escoba's "What can I take?"
(the card played, then the table, tapped suit then rank) and "Does the deal give the dealer
an escoba?", Bourré's "What may I play?" (the
trump, the hand and the trick), Piquet's declarations (both hands typed) and Jack Change It's
"Can I play this on that?". Each answer comes into view, is said aloud, and axe finds no
breach of WCAG 2.1 AA."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_accessibility import violations

TARGETS = (".rank, .suit-face, .into span, .picked-card, .button, .typed-row input, .typed-row select, "
           ".option")


def tap(page, suit: str, *ranks: str) -> None:
    """A suit, then ranks, as fast as a player taps: no waiting between taps."""
    page.locator(f"label.suit:has(input[name=suit][value='{suit}'])").click()
    for rank in ranks:
        page.get_by_role("button", name=rank, exact=True).click()


def answered(screen, says: str, name: str) -> None:
    """The answer shows, in view, said aloud; the screen is shot, measured and checked."""
    page = screen.page
    answer = page.locator("#verdict")
    expect(answer).to_contain_text(says)
    expect(answer).to_be_in_viewport()
    expect(page.locator("#announcer")).to_contain_text(says)
    screen.shot(name)
    width = page.viewport_size["width"]
    assert_touch_targets_and_no_overflow(page, width, TARGETS)
    assert not violations(page)


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_the_other_games_questions_tapped_from_home(live_server, open_screen, viewport):
    screen = open_screen(viewport)
    page = screen.page
    size = "tablet" if viewport is TABLET else "phone"
    page.goto(live_server + "/")
    expect(page.get_by_role("heading", name="More games at the table")).to_be_visible()
    screen.shot(f"more-home-{size}")
    page.get_by_role("link", name="What can I take? in Escoba").click()
    expect(page.locator("#verdict")).to_contain_text("Tap the card you play, then the table")

    # The 5♦ played; the Q♠ (9) and A♥ (1) on the table make 15 with it and sweep it.
    tap(page, "D", "5")
    tap(page, "S", "Q")
    tap(page, "H", "A")
    answered(screen, "1 way to make 15: escoba!", f"more-escoba-{size}")
    expect(page.locator("input[name=table]")).to_have_value("QS AH")
    # The 4♣ and 6♣ join the table: two ways now, and no sweep.
    tap(page, "C", "4", "6")
    expect(page.locator("#verdict")).to_contain_text("2 ways to make 15")
    expect(page.locator("#verdict")).not_to_contain_text("escoba!")

    # The four cards dealt to the table: K♠ 5♥ Q♣ 6♦ make 30, two escobas for the dealer.
    page.goto(live_server + "/")
    page.get_by_role("link", name="Does the deal give the dealer an escoba? in Escoba").click()
    expect(page.locator("#verdict")).to_contain_text("Tap the 4 cards dealt to the table")
    tap(page, "S", "K")
    tap(page, "H", "5")
    tap(page, "C", "Q")
    expect(page.locator("#verdict")).to_contain_text("Tap the 4 cards dealt to the table")
    tap(page, "D", "6")
    answered(screen, "Two escobas for the dealer", f"more-escoba-opening-{size}")
    expect(page.locator("#verdict")).to_contain_text("10 + 5 + 9 + 6 = 30")

    page.goto(live_server + "/")
    page.get_by_role("link", name="What may I play? in Bourré").click()
    page.locator("label.suit:has(input[name=trump][value='S'])").click()
    expect(page.locator("#verdict")).to_contain_text("Tap the trump, your hand and the trick")
    tap(page, "H", "5", "K")
    tap(page, "S", "2")
    page.locator("label.into:has(input[value='trick'])").click()
    tap(page, "H", "10")
    answered(screen, "You may play K♥", f"more-bourre-{size}")
    expect(page.locator("#verdict")).to_contain_text(
        "Not the 5♥: Head the trick: you hold a heart higher than the 10♥.")
    # Taking the 10♥ back: leading, any card may be played.
    page.get_by_role("button", name="Take back 10♥ from the trick so far, led first").click()
    expect(page.locator("#verdict")).to_contain_text("Any card of your hand.")

    # Is it a cinch? The three top trumps, typed, four at the table.
    page.get_by_role("link", name="Is it a cinch?").click()
    page.locator("label.suit:has(input[name=trump][value='S'])").click()
    page.get_by_role("textbox", name="Your cards left").fill("AS KS QS 7H 2C")
    page.get_by_role("button", name="Is it a cinch?").click()
    answered(screen, "A cinch", f"more-bourre-cinch-{size}")

    # Piquet's declarations, both hands typed as a player reads them off the cards.
    page.goto(live_server + "/")
    page.get_by_role("link", name="Who scores the declarations? in Piquet").click()
    page.get_by_role("textbox", name="Elder’s hand (leads)").fill("AS KS QS JS 10S 9S 8S AH KH AD AC 7C")
    page.get_by_role("textbox", name="Younger’s hand (deals)").fill("7S 10H 9H 8H 7H QH JH KD QD JD 10D KC")
    page.get_by_role("button", name="Who scores?").click()
    answered(screen, "Elder 98, Younger 0", f"more-piquet-{size}")
    expect(page.locator("#verdict")).to_contain_text("Repique")

    # Jack Change It: the 7♠ on top, the J♠ played on it.
    page.goto(live_server + "/")
    page.get_by_role("link", name="Can I play this on that? in Jack Change It").click()
    tap(page, "S", "7", "J")
    answered(screen, "Yes, play it", f"more-jack-change-it-{size}")


def test_an_answer_that_comes_back_after_the_player_typed_more_wipes_nothing(
        live_server, open_screen):
    """The trump tapped asks for an answer; the player types the hand before it comes back. That
    late answer, about the boxes as they were, must not put back the empty hand: it is dropped,
    and the hand as typed is answered."""
    page = open_screen(TABLET).page
    page.goto(live_server + "/bourre/is-it-a-cinch")
    held = []
    page.route("**/bourre/is-it-a-cinch",
               lambda route: held.append(route) if not held else route.continue_())
    with page.expect_request("**/bourre/is-it-a-cinch"):  # the trump's question, on its way
        page.locator("label.suit:has(input[name=trump][value='S'])").click()
    assert held
    box = page.get_by_role("textbox", name="Your cards left")
    box.fill("AS KS QS 7H 2C")
    held[0].continue_()  # its answer, about an empty hand, comes back now
    expect(page.locator("#verdict")).to_contain_text("A cinch")
    expect(box).to_have_value("AS KS QS 7H 2C")
