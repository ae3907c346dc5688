"""Referee mode as a table uses it: a four-player hand followed turn by turn on a tablet (three
players want one discard, a rummy call, an undo, someone goes out and the hand is scored from
the prefilled entry) while a TV watches; then the referee's panel on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .conftest import assert_touch_targets_and_no_overflow as assert_fits
from .test_game_screens import SEEN_WITHIN, assert_view_only, enter_hand, start_game

# Run on PostgreSQL too (tests/database_free.py): a tablet's taps and a TV's polls at once.
pytestmark = pytest.mark.both_databases


def pick(area, card: str) -> None:
    """Tap a card into the picker inside ``area``: its suit, then its rank."""
    rank, suit = ("JK", None) if card == "JK" else (card[:-1], card[-1])
    if suit:
        area.locator(f".pick-chip--{suit}").click()
    area.locator(".pick-ranks .pick-chip").filter(
        has=area.page.locator(f"input[value='{rank}']")).click()


def turn(page, text: str) -> None:
    expect(page.locator("#referee-title")).to_have_text(text)


def drew_from_stock(page, player: str) -> None:
    turn(page, f"{player}’s turn — draw")
    page.get_by_role("button", name="Drew from the stock").click()
    turn(page, f"{player}’s turn — play")


def discard(page, card: str, label: str) -> None:
    """Two taps: the suit, then the rank, which discards (a joker: one tap)."""
    form = page.locator(".referee-discard")
    rank, suit = ("a joker", None) if card == "JK" else (card[:-1], card[-1])
    if suit:
        form.locator(f".pick-chip--{suit}").click()
    shown = page.locator("#board").get_attribute("data-version")
    form.get_by_role("button", name=f"Discard {rank}", exact=True).click()
    # The step's answer is in: the next tap is made on the board after the discard.
    expect(page.locator("#board")).not_to_have_attribute("data-version", shown)
    expect(page.locator("#board")).to_contain_text(f"discarded {label}")  # its undo names it


def open_part(page, summary: str) -> None:
    page.locator(".referee-more > summary", has_text=summary).click()


def seat(page, name: str):
    return page.locator(".referee-seat", has=page.locator(".referee-seat-name", has_text=name))


REFEREE_TARGETS = ("main .button, main .rule-link, main .claim-toggle, main .pick-chip > span, "
                   "main .meld-chip > span, main .card-button, main summary, "
                   "main input[type=text], main input[type=number], .game-tabs a")


def assert_touch_targets_and_no_overflow(page, width: int) -> None:
    assert_fits(page, width, REFEREE_TARGETS)


def test_a_hand_refereed_on_the_tablet_while_a_tv_watches(live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    game_url = start_game(page, live_server)  # Abe deals to Ben, Carl and Dee
    page.get_by_text("Say the upcard (optional)").click()
    pick(page.locator(".referee-start"), "9D")
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-start-tablet")
    page.get_by_role("button", name="Follow this hand (referee)").click()
    turn(page, "Ben’s turn — draw")
    expect(page.locator(".referee-top")).to_contain_text("Upcard: 9♦")
    expect(page.get_by_role("button", name="Took 9♦")).to_be_visible()

    tv = open_screen(TABLET)
    tv.page.goto(game_url + "/watch")
    expect(tv.page.locator("#referee-title")).to_have_text("Ben’s turn — draw")
    assert_view_only(tv.page)

    page.evaluate("window.sameDocument = true")  # each step swaps the board in, by htmx
    drew_from_stock(page, "Ben")
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-discard-tablet")
    discard(page, "KC", "K♣")
    drew_from_stock(page, "Carl")
    expect(tv.page.locator("#referee-title")).to_have_text("Carl’s turn — play",
                                                        timeout=SEEN_WITHIN)

    # Three players want Ben's K♣, asking in the wrong order: the referee names Dee, the first
    # after Carl in order of play; Ben threw it, so Ben comes last.
    for name in ("Ben", "Abe", "Dee"):
        toggle = page.locator(".claim-toggle", has_text=name)
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".referee-ruling-text")).to_have_text(
        "Dee is the first after Carl in order of play to ask, ahead of Abe and Ben (the "
        "discarder comes last), so Dee buys the discard with one penalty card from the stock.")
    expect(page.locator(".referee-reminder")).to_contain_text("one penalty card")
    expect(page.locator(".referee-ruling .rule-link")).to_have_attribute(
        "href", re.compile(r"/games/[\w-]+/rules#calls$"))
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-three-want-it-tablet")
    expect(tv.page.locator(".referee-ruling-text")).to_contain_text("Dee buys the discard",
                                                                 timeout=SEEN_WITHIN)
    tv.shot("referee-watch-tablet")
    assert_view_only(tv.page)
    page.get_by_role("button", name=re.compile(r"^Dee buys ")).click()
    expect(seat(page, "Dee")).to_contain_text("8 cards")
    expect(seat(page, "Dee")).to_contain_text("1 bought")

    discard(page, "4C", "4♣")  # Carl
    drew_from_stock(page, "Dee")
    # Dee goes down: one tap a card, a wrong one taken back by a tap on its chip (the next
    # card goes where it was); the book filled, the next taps go to book 2, here typed.
    open_part(page, "Go down")
    down = page.locator("#go-down")
    for card in ("K♣", "K♠", "Q♥"):
        down.get_by_role("button", name=f"Add {card}", exact=True).click()
    down.get_by_role("button", name="Take back Q♥").click()  # a slip of the finger
    down.get_by_role("button", name="Add K♥", exact=True).click()
    expect(down.locator("[data-meld-chips='0'] .tapped-card")).to_have_text(
        ["K♣ ×", "K♠ ×", "K♥ ×"])
    expect(page.locator("#down-meld-0")).to_have_value("KC KS KH")
    expect(down.locator("input[name=tap_into][value='1']")).to_be_checked()
    page.get_by_text("Type the cards instead").click()
    page.locator("#down-meld-1").fill("5D 5S JK")
    expect(down.locator("[data-meld-chips='1'] .tapped-card")).to_have_count(3)
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-go-down-tablet")
    page.get_by_role("button", name="Dee goes down").click()
    expect(seat(page, "Dee").locator(".referee-meld")).to_have_count(2)
    # Carl threw the 4♣ on top before anyone was down: no rummy call on it.
    expect(page.locator(".referee-rummy")).to_have_count(0)
    discard(page, "5H", "5♥")  # could free the joker: a warning, never a ban
    expect(page.locator(".referee-warning")).to_contain_text("frowned on")

    drew_from_stock(page, "Abe")
    discard(page, "KD", "K♦")  # fits Dee's kings
    rummy = page.locator(".referee-rummy")
    call = rummy.locator("summary")  # one button for the table, not one per player
    expect(call).to_have_text("Rummy! on K♦")
    expect(call).to_be_in_viewport()  # under the draw buttons: no scrolling to call it
    tablet.shot("referee-rummy-offered-tablet")
    call.click()
    callers = rummy.get_by_role("group", name="Who called it first?")
    expect(callers.get_by_role("button")).to_have_text(["Ben", "Carl", "Dee"])  # not Abe
    expect(callers).to_be_in_viewport()
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-rummy-who-tablet")
    page.set_viewport_size(PHONE)  # the same panel held as a phone
    expect(callers).to_be_visible()
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    tablet.shot("referee-rummy-who-phone")
    page.set_viewport_size(TABLET)
    callers.get_by_role("button", name="Ben").click()
    # Ari's rule: the call asks for Ben's card next, as a question rather than a refusal.
    expect(page.locator("#rummy-asking")).to_have_text(
        "Say which card Ben threw on the call: Ari's rule charges its points to Abe.")
    expect(page.locator(".referee-rummy .field-error")).to_have_count(0)
    pick(page.locator(".referee-rummy"), "7S")
    tablet.shot("referee-rummy-asking-tablet")
    page.locator(".referee-rummy").get_by_role("button", name="Record Ben’s call").click()
    expect(seat(page, "Abe")).to_contain_text("rummy penalty 15")  # K♦ 10 and 7♠ 5
    # Ari's rule: both cards lie by Abe, not in the discard pile a new stock is made of.
    expect(seat(page, "Abe").locator(".referee-set-aside")).to_contain_text("K♦")
    expect(seat(page, "Abe").locator(".referee-set-aside")).to_contain_text("7♠")
    expect(page.locator(".referee-dead")).not_to_contain_text("K♦")
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-rummy-tablet")

    assert page.evaluate("window.sameDocument") is True

    # Ben's draw tapped by mistake, and undone.
    drew_from_stock(page, "Ben")
    page.get_by_role("button", name="Undo: Ben drew from the stock").click()
    turn(page, "Ben’s turn — draw")
    drew_from_stock(page, "Ben")
    discard(page, "3C", "3♣")
    drew_from_stock(page, "Carl")
    discard(page, "9C", "9♣")
    drew_from_stock(page, "Dee")
    open_part(page, "Lay off")
    layoff = page.locator(".referee-layoff")
    layoff.locator(".meld-chip", has_text=re.compile(r"^\s*1\b")).click()
    layoff.get_by_role("button", name="Lay off K♠").click()  # one tap lays it off
    expect(seat(page, "Dee")).to_contain_text("2 cards")
    open_part(page, "Lay off")
    layoff = page.locator(".referee-layoff")
    layoff.locator(".meld-chip", has_text=re.compile(r"^\s*2\b")).click()
    layoff.get_by_text("Type it instead").click()
    layoff.get_by_label(re.compile("The card")).fill("5C")
    layoff.get_by_role("button", name="Dee lays off").click()
    expect(seat(page, "Dee")).to_contain_text("1 card")
    discard(page, "QH", "Q♥")
    turn(page, "★ Dee went out")
    expect(page.locator(".referee-over-penalties")).to_contain_text("Abe 15")
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-finished-tablet")
    expect(tv.page.locator("#referee-title")).to_have_text("★ Dee went out", timeout=SEEN_WITHIN)
    assert_view_only(tv.page)

    # The end-of-hand entry comes filled in with what the referee saw, and checked against it.
    page.get_by_role("link", name="Score hand 1: Dee went out").click()
    rows = page.locator(".entry-row")
    expect(rows.nth(3).locator("input[name=went_out]")).to_be_checked()
    expect(rows.nth(0).get_by_label(re.compile("Points of both dead cards"))).to_have_value("15")
    expect(rows.nth(0).locator(".entry-kept")).to_have_text("kept 6 cards")
    expect(rows.nth(3).locator(".entry-kept")).to_have_text("went out")
    rows.nth(0).get_by_text("Tap the cards Abe holds").click()
    for rank in ("K", "7"):
        rows.nth(0).get_by_role("button", name=f"Add {rank} for Abe").click()
    expect(rows.nth(0).locator(".entry-kept")).to_have_text("kept 6 cards · 2 tapped")
    for seat_number, total in ((1, 25), (2, 30)):
        rows.nth(seat_number).get_by_label("or total").fill(str(total))
    expect(rows.nth(1)).to_have_class(re.compile("entry-row--by-total"))
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator("#problem-0")).to_have_text(
        "The referee saw Abe keep 6 cards, but 2 were tapped.")
    expect(page.get_by_role("button", name="Save anyway")).to_be_visible()
    tablet.shot("referee-entry-mismatch-tablet")
    rows.nth(0).get_by_label("or total").fill("30")  # typing replaces the tapped cards
    expect(rows.nth(0).locator(".entry-points")).to_have_text("45")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved: Dee went out")
    expect(page.locator("#hand-title")).to_have_text("Hand 2 of 6")
    expect(page.locator("#referee")).to_have_count(0)  # hand 2 starts as a scorekeeping hand
    expect(page.locator(".ranking")).to_contain_text("4th Abe 45")


def test_the_referee_panel_on_a_phone(live_server, open_screen):
    phone = open_screen(PHONE)
    page = phone.page
    start_game(page, live_server, names=("Ann", "Bo", "Cy"), dealer="Ann")
    start = page.get_by_role("button", name="Follow this hand (referee)")
    # Scrolled down, the way a table looks at the standings: the button at the top.
    page.evaluate("(y) => window.scrollTo(0, y)", start.bounding_box()["y"] - 20)
    expect(page.locator("#hand-title")).not_to_be_in_viewport()
    start.click()
    turn(page, "Bo’s turn — draw")
    expect(page.locator("#referee-title")).to_be_in_viewport()  # the panel scrolled into view
    expect(page.get_by_role("button", name="Took the upcard")).to_be_visible()
    phone.shot("referee-draw-phone")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    drew_from_stock(page, "Bo")
    discard(page, "JK", "Joker")
    drew_from_stock(page, "Cy")
    ann = page.locator(".claim-toggle", has_text="Ann")
    ann.click()
    expect(ann).to_have_attribute("aria-pressed", "true")
    page.locator(".claim-toggle", has_text="Cy").click()  # Cy drew from the stock: refused
    expect(page.locator("#claim-problem")).to_have_text(
        "Cy drew from the stock this turn, so may no longer buy the discard.")
    expect(page.locator("#claim-problem + .rule-link")).to_have_text(re.compile("^The rule"))
    expect(page.locator(".referee-ruling-text")).to_contain_text("so Ann buys the discard")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("referee-claims-phone")
    open_part(page, "Go down")
    page.locator("#go-down").get_by_role("button", name="Add 9♠", exact=True).click()
    expect(page.locator("[data-meld-chips='0']")).to_contain_text("9♠")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("referee-go-down-phone")


def test_the_player_in_turn_decides_first_and_a_hand_is_dropped_only_on_purpose(
        live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    start_game(page, live_server)  # Abe deals to Ben, Carl and Dee
    page.get_by_role("button", name="Follow this hand (referee)").click()
    drew_from_stock(page, "Ben")
    discard(page, "KC", "K♣")
    # Dee asks before Carl has drawn: the ruling waits for Carl, who takes it free.
    page.locator(".claim-toggle", has_text="Dee").click()
    expect(page.locator(".referee-ruling-text")).to_have_text(re.compile(
        "^If Carl does not take the discard as the draw, Dee is the first after Carl"))
    passes = page.get_by_role("button", name="Carl passes: Dee buys K♣")
    expect(passes).to_be_in_viewport()  # the ruling comes into view with its button
    tablet.shot("referee-in-turn-first-tablet")
    page.get_by_role("button", name="Took K♣").click()
    turn(page, "Carl’s turn — play")
    expect(seat(page, "Carl")).to_contain_text("7 cards")
    expect(seat(page, "Dee")).to_contain_text("0 bought")
    discard(page, "4C", "4♣")
    # Abe asks for Carl's 4♣; Dee, whose turn it is, lets it go in the tap that sells it.
    abe = page.locator(".claim-toggle", has_text="Abe")
    abe.click()
    expect(abe).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Dee passes: Abe buys 4♣").click()
    expect(seat(page, "Abe")).to_contain_text("1 bought")
    turn(page, "Dee’s turn — draw")

    # "Score hand 1" while nobody is out: the entry says so, and saving is a second choice.
    page.get_by_role("link", name="Score hand 1").click()
    expect(page.locator(".entry-following")).to_contain_text(
        "The referee is following hand 1 and has seen nobody go out: it is Dee's turn to draw.")
    enter_hand(page, "Ben", {"Abe": 30, "Carl": 35, "Dee": 40})
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".entry-anyway")).to_be_visible()
    expect(page.locator("#problem-1")).to_be_in_viewport()  # beside Ben, said to be out
    tablet.shot("referee-dropped-hand-tablet")
    page.get_by_role("button", name="Save anyway").click()
    expect(page.locator(".flash")).to_contain_text("against what the referee saw")
    page.get_by_role("link", name="History").first.click()
    expect(page.locator("main")).to_contain_text("Dee passed; Abe bought 4♣")
    expect(page.locator("main")).to_contain_text(re.compile(
        r"Saved anyway, against what the referee saw:\s*The referee is following hand 1"))


def test_referee_mode_works_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    start_game(page, live_server, names=("Abe", "Ben", "Carl"))
    page.get_by_role("button", name="Follow this hand (referee)").click()
    drew_from_stock(page, "Ben")
    discard(page, "KC", "K♣")  # two taps, without JavaScript too
    drew_from_stock(page, "Carl")
    page.locator(".claim-toggle", has_text="Abe").click()
    expect(page.locator(".referee-ruling-text")).to_contain_text("so Abe buys the discard")
    page.get_by_role("button", name=re.compile(r"^Abe buys ")).click()
    expect(seat(page, "Abe")).to_contain_text("1 bought")
    open_part(page, "Go down")
    page.locator("#go-down").get_by_role("button", name="Add 7♠", exact=True).click()
    expect(page.locator("#down-meld-0")).to_have_value("7S")  # the server added it
    expect(page.locator("[data-meld-chips='0']")).to_contain_text("7♠")
    expect(page).to_have_url(re.compile(r"/referee/down$"))


def held_polls(page) -> list:
    """Hold back every poll of ``page``'s board, so what it shows stays as it is: a device
    whose board has not caught up yet. Released with ``release``."""
    held: list = []
    page.route(re.compile(r"/poll/board"), lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    while held:
        held.pop(0).continue_()
    page.unroute(re.compile(r"/poll/board"))  # lets through any poll held after the loop


def test_two_devices_tap_at_once_and_no_tap_is_lost(live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    game_url = start_game(page, live_server)  # Abe deals to Ben, Carl and Dee
    page.get_by_role("button", name="Follow this hand (referee)").click()
    drew_from_stock(page, "Ben")
    discard(page, "KC", "K♣")
    turn(page, "Carl’s turn — draw")
    join_url = page.locator(".share-link a[href*='/join/']").get_attribute("href")

    phone = open_screen(PHONE)  # a phone on the join link, scoring too
    other = phone.page
    other.goto(join_url)
    turn(other, "Carl’s turn — draw")
    held = held_polls(other)

    # The tablet records Carl's draw; a moment later, before its board has caught up, the
    # other device taps Dee under "Who wants it?". The tap was made on the board from before
    # the draw: it still means the same (Ben's K♣), so it counts.
    page.get_by_role("button", name="Drew from the stock").click()
    turn(page, "Carl’s turn — play")
    expect(other.locator("#referee-title")).to_have_text("Carl’s turn — draw")  # not caught up
    dee = other.locator(".claim-toggle", has_text="Dee")
    dee.click()
    expect(dee).to_have_attribute("aria-pressed", "true")
    turn(other, "Carl’s turn — play")  # the answer brought the draw too
    expect(other.locator(".referee-ruling-text")).to_contain_text("Dee buys the discard")
    phone.shot("referee-claim-after-the-draw-phone")
    expect(page.locator(".claim-toggle", has_text="Dee")).to_have_attribute(
        "aria-pressed", "true", timeout=SEEN_WITHIN)  # the tablet's poll brings the claim
    expect(page.locator(".referee-ruling-text")).to_contain_text("Dee buys the discard")

    # Dee buys it on the tablet. The other device, still behind, asks for Abe too: the card
    # is gone, and it reads why beside the toggles, the board brought up to date.
    page.get_by_role("button", name=re.compile(r"^Dee buys ")).click()
    expect(seat(page, "Dee")).to_contain_text("1 bought")
    abe = other.locator(".claim-toggle", has_text="Abe")
    abe.scroll_into_view_if_needed()
    # The toggle at the screen's foot; scrolled at once (a wheel scrolls later, in steps).
    other.evaluate("by => window.scrollBy(0, by)", abe.bounding_box()["y"] - 600)
    abe.click()
    refused = other.locator("#claim-problem, .referee .stale-message")
    expect(refused).to_contain_text("Not recorded: meanwhile Dee bought K♣.")
    assert_in_view_and_told(other, refused)  # where the eyes are, not the panel's top
    expect(seat(other, "Dee")).to_contain_text("1 bought")
    assert_touch_targets_and_no_overflow(other, PHONE["width"])
    phone.shot("referee-tap-too-late-phone")
    tablet.shot("referee-two-devices-tablet")
    release(other, held)
    expect(seat(other, "Abe")).to_contain_text("0 bought")
    assert "/join/" not in other.url and game_url.endswith(other.url.rsplit("/", 1)[1])


# --- Every answer where the eyes are; long names whole -------------------------------------

# Each word of each element's text on one line: "Bartholomew", never "Barthol / omew".
WORDS_BROKEN_JS = """elements => elements.flatMap(element => {
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const found of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(found[0]);
    }
  }
  const cut = element.scrollWidth > element.clientWidth + 1 ? [element.textContent.trim()] : [];
  return broken.concat(cut);
})"""


def assert_names_whole(page, where: str) -> None:
    assert page.locator(where).count() > 0, where
    assert page.locator(where).evaluate_all(WORDS_BROKEN_JS) == [], where


def assert_in_view_and_told(page, locator) -> None:
    """The answer to a tap is on screen, whole, and has the focus (a screen reader reads it)."""
    expect(locator).to_be_in_viewport(ratio=1)
    expect(locator).to_be_focused()


LONG_NAMES = ("Cy", "Grandma", "Bartholomew", "Maximilian")


def test_each_answer_comes_into_view_on_the_tablet_and_long_names_stay_whole(
        live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    start_game(page, live_server, names=LONG_NAMES, dealer="Maximilian")
    page.get_by_role("button", name="Follow this hand (referee)").click()
    drew_from_stock(page, "Cy")
    # The discard tapped low on the page, the page scrolled down to it: the next turn's heading
    # comes into view, not left above the screen's top.
    form = page.locator(".referee-discard")
    form.locator(".pick-chip--C").click()
    page.evaluate("window.scrollBy(0, 2000)")  # at once: a wheel's steps may come after
    form.get_by_role("button", name="Discard K", exact=True).click()
    turn(page, "Grandma’s turn — draw")
    assert_in_view_and_told(page, page.locator("#referee-title"))
    expect(page.get_by_role("button", name="Drew from the stock")).to_be_in_viewport()
    drew_from_stock(page, "Grandma")

    # Two ask for Cy's K♣: the ruling and its button, below the fold at 1024 x 768, come up.
    for name in ("Maximilian", "Bartholomew"):
        toggle = page.locator(".claim-toggle", has_text=name)
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".referee-ruling-text")).to_contain_text("Bartholomew buys the discard")
    assert_in_view_and_told(page, page.locator(".referee-ruling"))
    expect(page.get_by_role("button", name="Bartholomew buys K♣")).to_be_in_viewport(ratio=1)
    assert_names_whole(page, ".claim-name, .referee-bought .button, .referee-seat-name")
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    tablet.shot("referee-long-names-ruling-tablet")
    page.set_viewport_size(PHONE)
    assert_names_whole(page, ".claim-name, .referee-bought .button, .referee-seat-name")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    tablet.shot("referee-long-names-ruling-phone")
