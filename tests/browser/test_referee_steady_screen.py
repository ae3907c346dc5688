"""One steady screen: an Eversol hand followed tap by tap on a tablet and on a phone, while another
device scoring too and a TV follow it. After every tap the page's scroll position and focus are
recorded: the view moves only when the tap's answer or the control the next step needs was out
of view, both are in view after it, and a poll between taps moves neither the view nor the
focus; on the other device the focused control stays where it was on the screen as its board
is swapped in anew. The taps each step took are counted as it goes (benchmarks/RESULTS.md)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_game_screens import api_game
from .test_referee_screens import assert_touch_targets_and_no_overflow

# Where a step's answer is read: the panel's head, the turn and the newest step.
HEAD = ".referee-head"
PLAYERS = ("Abe", "Ben", "Carl", "Dee")  # hand 1 scored; Ben deals hand 2, Carl plays first

# Counts the polls of the board this page has finished, answered 304 or not (htmx fires
# afterRequest once the answer is handled, swapped or kept out).
COUNT_POLLS_JS = """() => {
  window.pollsDone = 0;
  document.addEventListener("htmx:afterRequest", event => {
    if (/\\/poll\\/board/.test(event.detail.requestConfig.path)) { window.pollsDone += 1; }
  });
}"""

# Where the view is and what has the focus: a control by its id, or its name and words.
VIEW_JS = """() => {
  const focused = document.activeElement;
  const words = focused ? (focused.getAttribute("aria-label") || focused.textContent) : "";
  const on = focused && focused !== document.body;
  return {y: window.scrollY, focus: on
    ? `${focused.tagName}#${focused.id}|${words.replace(/\\s+/g, " ").trim().slice(0, 60)}` : "",
    top: on ? Math.round(focused.getBoundingClientRect().top) : null};
}"""

# The box of each selector's first visible element, as the viewport sees it.
BOXES_JS = """selectors => selectors.map(selector => {
  const found = [...document.querySelectorAll(selector)].find(e => e.checkVisibility());
  if (!found) return null;
  const box = found.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom};
})"""


@dataclass
class Steady:
    """A device that taps, and checks after each tap that its screen held still."""

    page: object
    others: list = field(default_factory=list)  # (page, view) of devices that only look
    taps: Counter = field(default_factory=Counter)
    log: list = field(default_factory=list)  # (what, scroll before, scroll after, focus)

    def view(self, page=None) -> dict:
        return (page or self.page).evaluate(VIEW_JS)

    def tap(self, step: str, target, answer: str, next_control: str | None = None,
            shown=None) -> None:
        """Tap ``target`` (as a player would: scrolled to it first) for ``step``; ``shown``
        waits for what the tap's answer shows; ``answer`` and ``next_control`` select where
        that answer is read and the control the next step needs."""
        page = self.page
        target.scroll_into_view_if_needed()
        before = self.view()
        version = page.locator("#board").get_attribute("data-version")
        target.click()
        if shown is not None:
            shown()
        elif step not in LOCAL_TAPS:
            expect(page.locator("#board")).not_to_have_attribute("data-version", version)
        self.taps[step] += 1
        after = self.view()
        self.log.append((step, before["y"], after["y"], after["focus"]))
        boxes = page.evaluate(BOXES_JS, [answer] + ([next_control] if next_control else []))
        height = page.viewport_size["height"]
        assert all(boxes), (step, answer, next_control, boxes)
        for box in boxes:  # the answer and the next control in view after the tap
            assert box["top"] >= -1 and box["bottom"] <= height + 1, (step, boxes, self.log[-1])
        if after["y"] != before["y"]:  # moved: only if one of them was out of view before
            shift = after["y"] - before["y"]
            was_in_view = all(box["top"] + shift >= 0 and box["bottom"] + shift <= height
                              for box in boxes)
            assert not was_in_view, f"the view moved for nothing: {self.log[-1]}, {boxes}"
        self.poll_holds_still(after)

    def poll_holds_still(self, after: dict) -> None:
        """A poll of this device's board, and the others' catching up, move no view or focus.

        Each device's clock is moved on to its next poll (``poll_now``), so the poll comes
        now rather than up to a second later: the same poll, the same answer and swap."""
        page = self.page
        done = page.evaluate("window.pollsDone")
        poll_now(page)
        page.wait_for_function("done => window.pollsDone > done", arg=done)
        assert self.view() == after, ("a poll moved the view or the focus", self.log[-1])
        version = page.locator("#board").get_attribute("data-version")
        for other, held in self.others:  # its board swapped in anew, the parts above
            # its focus grown or shrunk: the focused control stays where it was on screen
            poll_now(other)
            expect(other.locator("#board")).to_have_attribute("data-version", version)
            now = self.view(other)
            assert now["focus"] == held["focus"] and abs(now["top"] - held["top"]) <= 1, (
                "a swap moved another device's screen", self.log[-1], now, held)


LOCAL_TAPS = {"go down", "discard", "lay off", "call"}  # a tap that asks the server nothing
POLL_MS = 1000  # how often a board polls (hx-trigger "every 1s", templates/games/_macros.html)


def poll_now(page) -> None:
    """The page's clock (installed by ``polled_at_once``) moved on by a poll's interval: its
    due poll fires at once, as it would had the device lain idle that long."""
    page.clock.fast_forward(POLL_MS)


def polled_at_once(screen) -> None:
    """The device's timers on a clock the test can move on (its time flows as ever till then);
    before the device opens a page."""
    screen.context.clock.install()


def suit_chip(form, suit: str):
    return form.locator(f".pick-chip--{suit}")


def test_a_hand_followed_tap_by_tap_holds_the_screen_still(live_server, open_screen):
    tablet, phone, tv = open_screen(TABLET), open_screen(PHONE), open_screen(TABLET)
    follow_a_hand(live_server, tablet, phone, tv, "tablet")


def test_a_hand_followed_on_a_phone_holds_the_screen_still(live_server, open_screen):
    phone, tablet, tv = open_screen(PHONE), open_screen(TABLET), open_screen(TABLET)
    follow_a_hand(live_server, phone, tablet, tv, "phone")


def follow_a_hand(live_server, screen, other, tv, size: str) -> None:
    for device in (screen, other):
        polled_at_once(device)
    page = screen.page
    game_id = api_game(page, live_server, PLAYERS, hands=1)
    page.get_by_role("button", name="Follow this hand (referee)").click()
    expect(page.locator("#referee-title")).to_have_text("Carl’s turn — draw")
    page.evaluate(COUNT_POLLS_JS)
    join = page.locator(".share-link a[href*='/join/']").get_attribute("href")

    # Another device scoring too, looking at the standings with the focus on a link there; the
    # TV across the room. Polls bring them every step; neither view nor focus may move.
    other.page.goto(join)
    expect(other.page.locator("#referee-title")).to_have_text("Carl’s turn — draw")
    link = other.page.get_by_role("link", name="Correct hand 1")
    link.scroll_into_view_if_needed()
    link.focus()
    tv.page.goto(f"{live_server}/games/{game_id}/watch")
    steady = Steady(page, others=[(other.page, Steady(other.page).view())])

    def draw(player: str, source: str = "Drew from the stock") -> None:
        steady.tap("draw", page.get_by_role("button", name=source), HEAD,
                   ".referee-discard", lambda: expect(page.locator("#referee-title")).to_have_text(
                       f"{player}’s turn — play"))

    def discard(card: str, then: str) -> None:
        label = card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]
        form = page.locator(".referee-discard")
        steady.tap("discard", suit_chip(form, card[-1]), ".referee-discard",
                   shown=lambda: expect(form.locator(f".pick-chip--{card[-1]} input")).to_be_checked())
        steady.tap("discard", form.get_by_role("button", name=f"Discard {card[:-1]}", exact=True),
                   HEAD, then, lambda: expect(page.locator("#referee-last")).to_contain_text(
                       f"discarded {label}"))

    def buy(claimant: str, button: str) -> None:
        steady.tap("buy", page.locator(".claim-toggle", has_text=claimant), ".referee-ruling",
                   ".referee-bought", lambda: expect(page.locator(".referee-bought")).to_be_visible())
        steady.tap("buy", page.get_by_role("button", name=button), HEAD, ".referee-draw",
                   lambda: expect(page.locator("#referee-last")).to_contain_text("bought"))

    def lay_off(meld: int, card: str, label: str) -> None:
        steady.tap("lay off", page.locator(".referee-more--layoff > summary"),
                   ".referee-more--layoff", shown=lambda: expect(page.locator(".referee-layoff")).to_be_visible())
        layoff = page.locator(".referee-layoff")
        chip = layoff.locator(".meld-chip", has_text=re.compile(rf"^\s*{meld}\b"))
        steady.tap("lay off", chip, ".referee-layoff .meld-pick", "#layoff-cards",
                   lambda: expect(chip.locator("input")).to_be_checked())
        steady.tap("lay off", layoff.get_by_role("button", name=f"Lay off {card}", exact=True),
                   HEAD, ".referee-discard",
                   lambda: expect(page.locator("#referee-last")).to_contain_text(f"laid off {label}"))

    draw("Carl")
    discard("7C", ".referee-draw")
    buy("Abe", "Dee passes: Abe buys 7♣")  # the first buy: Dee, in turn, lets it go
    draw("Dee")
    discard("5D", ".referee-draw")
    buy("Ben", "Abe passes: Ben buys 5♦")  # the second
    draw("Abe")

    # Abe goes down with hand 2's book and run, one tap a card: the book fills, then the run.
    steady.tap("go down", page.locator(".referee-more--down > summary"), ".referee-more--down",
               shown=lambda: expect(page.locator("#down-cards")).to_be_visible())
    down = page.locator("#go-down")
    cards = ("7♣", "7♠", "7♥", "9♥", "10♥", "J♥", "Q♥")
    for number, card in enumerate(cards):
        meld = "0" if number < 3 else "1"
        box = down.locator(f"[data-meld-chips='{meld}']")
        steady.tap("go down", down.get_by_role("button", name=f"Add {card}", exact=True),
                   f"#go-down [data-meld-chips='{meld}']",
                   "#go-down .referee-actions" if number == len(cards) - 1 else "#down-cards",
                   lambda: expect(box).to_contain_text(card))
    expect(down.locator("[data-meld-chips='0'] .tapped-card")).to_have_count(3)
    expect(down.locator("[data-meld-chips='1'] .tapped-card")).to_have_count(4)
    assert_touch_targets_and_no_overflow(page, page.viewport_size["width"])
    screen.shot(f"referee-steady-go-down-{size}")
    steady.tap("go down", down.get_by_role("button", name="Abe goes down"), HEAD,
               ".referee-discard", lambda: expect(page.locator("#referee-last")).to_contain_text(
                   "Abe went down: 7♣ 7♠ 7♥ / 9♥ 10♥ J♥ Q♥"))
    screen.shot(f"referee-steady-gone-down-{size}")
    lay_off(1, "7♦", "7♦")
    discard("KH", ".referee-draw")

    # Ben calls rummy on Abe's K♥, which fits Abe's run; Ari's rule asks Ben's own card.
    rummy = page.locator(".referee-rummy")
    callers = rummy.get_by_role("group", name="Who called it first?")
    steady.tap("call", rummy.locator("summary"), ".referee-rummy",
               shown=lambda: expect(callers).to_be_visible())
    steady.tap("call", callers.get_by_role("button", name="Ben", exact=True), ".referee-rummy-form",
               shown=lambda: expect(page.locator(".referee-rummy--asking")).to_be_visible())
    asking = page.locator(".referee-rummy")
    steady.tap("call", suit_chip(asking, "S"), ".referee-rummy-form",
               shown=lambda: expect(asking.locator(".pick-chip--S input")).to_be_checked())
    rank = asking.locator(".pick-ranks .pick-chip").filter(has=page.locator("input[value='4']"))
    steady.tap("call", rank, ".referee-rummy-form",
               shown=lambda: expect(rank.locator("input")).to_be_checked())
    screen.shot(f"referee-steady-rummy-{size}")
    steady.tap("call", asking.get_by_role("button", name="Record Ben’s call"), HEAD,
               ".referee-draw", lambda: expect(page.locator("#referee-last")).to_contain_text(
                   "Ben called rummy"))

    # Ben's draw tapped by mistake, and undone.
    draw("Ben")
    steady.tap("undo", page.get_by_role("button", name="Undo: Ben drew from the stock"),
               HEAD, ".referee-draw",
               lambda: expect(page.locator("#referee-title")).to_have_text("Ben’s turn — draw"))
    expect(page.locator(".referee-said")).to_contain_text("Undone: Ben drew from the stock.")
    draw("Ben")
    discard("2C", ".referee-draw")
    draw("Carl")
    discard("3C", ".referee-draw")
    draw("Dee", "Took 3♣")
    discard("4C", ".referee-draw")
    draw("Abe")
    discard("4S", ".referee-draw")
    for player, card in (("Ben", "5S"), ("Carl", "6C"), ("Dee", "9S")):
        draw(player)
        discard(card, ".referee-draw")
    draw("Abe")
    lay_off(2, "8♥", "8♥")
    screen.shot(f"referee-steady-laid-off-{size}")
    discard("6S", ".referee-score")
    expect(page.locator("#referee-title")).to_have_text("★ Abe went out")
    expect(tv.page.locator("#referee-title")).to_have_text("★ Abe went out")
    screen.shot(f"referee-steady-over-{size}")

    steps = page.locator("#board").get_attribute("data-version")
    # The taps each step took: one draw, two a discard, the claim and the buy, the go down of
    # seven cards (open, seven cards, go down), a lay-off (open, meld, card), the call under
    # Ari's rule (Rummy!, who called it, the suit and rank of the caller's card, record), one undo.
    assert steady.taps == {"draw": 12 * 1, "discard": 11 * 2, "buy": 2 * 2, "go down": 9,
                           "lay off": 2 * 3, "call": 5, "undo": 1}, steady.taps
    print(f"\n{steps} versions, taps on the {size}: {dict(steady.taps)}; view moved on "
          f"{sum(before != after for _, before, after, _ in steady.log)} of {len(steady.log)} taps:",
          [entry for entry in steady.log if entry[1] != entry[2]])


def test_a_poll_answered_before_a_slow_tap_answer_takes_neither_focus_nor_view(
        live_server, open_screen):
    """On a busy machine a poll can bring the tap's own step before the tap's answer comes:
    swapped in, it took the focus from where the answer was to put it. It waits now."""
    page = open_screen(PHONE).page
    api_game(page, live_server, PLAYERS, hands=1)
    page.get_by_role("button", name="Follow this hand (referee)").click()
    title = page.locator("#referee-title")
    expect(title).to_have_text("Carl’s turn — draw")
    page.evaluate(COUNT_POLLS_JS)
    answers: list = []  # the draw's answer, held back once the server has saved it

    def hold_answer(route) -> None:
        answers.append((route, route.fetch()))

    page.route(re.compile(r"/referee/draw$"), hold_answer)
    page.get_by_role("button", name="Drew from the stock").click()
    page.wait_for_function("() => window.pollsDone > 0")  # the draw is saved meanwhile
    assert answers, "the draw's answer was not held"
    polled = page.evaluate("window.pollsDone")
    page.wait_for_function("done => window.pollsDone > done + 1", arg=polled)  # asked after it
    expect(title).to_have_text("Carl’s turn — draw")  # the poll's newer board kept out
    route, answer = answers.pop()
    route.fulfill(response=answer)
    expect(title).to_have_text("Carl’s turn — play")
    expect(title).to_be_focused()
    expect(page.locator(".referee-head")).to_be_in_viewport(ratio=1)
    expect(page.locator(".referee-discard")).to_be_in_viewport(ratio=1)
