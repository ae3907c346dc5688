"""FreeCell with real cards, played as it is on the tablet: game 1 dealt and played to a win
by taps on the board (a card, then a lit place), the whole game in view so the page never
scrolls, the lit places the core's, a hint's move made with one tap, an undo; a phone picks
the same game up, sees it all in view, and has a stale tap refused; game 11,982 says at the
deal that it cannot be won; a long hint shows that it searches and can be stopped."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from referee.core.games.freecell import Position, places_by_card, replay, solve
from referee.store.freecell import SOLVER_BUDGET

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_accessibility import violations

TARGETS = "main a, main button, main input, main summary"
# Every few moves the places lit for the card picked up are checked against the core's.
CHECK_LIT_EVERY = 15


IN_VIEW_JS = """element => {
  const box = element.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          scrolled: window.scrollY};
}"""


def place_id(place) -> str:
    return "#fc-to-" + str(place).replace(" ", "-")


def tap(page, selector: str, viewport: dict) -> None:
    """A tap on what the player sees: the element is whole inside the window, and the page
    has not scrolled."""
    element = page.locator(selector)
    seen = element.evaluate(IN_VIEW_JS)
    assert seen["scrolled"] == 0, (selector, seen)
    assert seen["top"] >= 0 and seen["bottom"] <= viewport["height"], (selector, seen)
    assert seen["left"] >= 0 and seen["right"] <= viewport["width"], (selector, seen)
    element.click()


def lit_places(page) -> set[str]:
    return set(page.locator(".fc-target").evaluate_all("all => all.map(b => b.value)"))


def play(page, position, move, moves_made: int, check_lit: bool) -> Position:
    """One move as a player makes it: the card tapped, then its place; the position after."""
    card = str(move.card)
    tap(page, f"#fc-card-{card}", TABLET)
    expect(page.locator(f"#fc-card-{card}")).to_have_attribute("aria-current", "true")
    if check_lit:
        assert lit_places(page) == {str(p) for p in places_by_card(position)[move.card]}
    tap(page, place_id(move.target), TABLET)
    expect(page.locator(".fc-share")).to_have_text(f"Moves so far: {moves_made}.")
    return replay(position, [move])


def deal(page, live_server, game: str) -> None:
    page.goto(f"{live_server}/freecell/")
    page.get_by_label("Game number").fill(game)
    page.get_by_role("button", name="Deal").click()


def test_game_one_is_played_to_a_win_by_taps_with_nothing_scrolled(
        live_server, open_screen, freecell_solved_once):
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/")
    page.get_by_role("link", name="Play FreeCell").click()
    page.locator("summary", has_text="Tap in a layout").click()
    page.get_by_role("link", name="Column 2", exact=True).click()
    page.locator(".fc-pick a", has_text="A♠").click()
    expect(page.get_by_role("status")).to_contain_text(
        "51 cards still to lay; the next goes into column 2.")
    assert_touch_targets_and_no_overflow(page, TABLET["width"], TARGETS)
    screen.shot("freecell-tablet-tap-in")
    page.get_by_label("Game number").fill("1")
    page.get_by_role("button", name="Deal").click()
    expect(page.locator("h1")).to_have_text("FreeCell game 1")
    expect(page.locator("#fc-verdict")).to_have_text("This deal can be won.")
    expect(page.locator(".fc-column").nth(0).locator(".fc-face")).to_have_text(
        ["J♦", "K♦", "2♠", "4♣", "3♠", "6♦", "6♠"])
    assert_touch_targets_and_no_overflow(page, TABLET["width"], TARGETS)
    screen.shot("freecell-tablet-deal")
    game_url = page.locator(".fc-address").text_content()

    phone = open_screen(PHONE)
    phone.page.goto(game_url)
    for whole in (".fc-column .fc-last >> nth=-1", "#fc-undo", "#fc-hint", ".fc-slot >> nth=7"):
        box = phone.page.locator(whole).bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], whole
    assert_touch_targets_and_no_overflow(phone.page, PHONE["width"], TARGETS)
    phone.page.locator("#fc-card-6C").click()  # picked up on the phone, and left while...
    expect(phone.page.locator("#fc-to-cell")).to_be_visible()
    assert violations(phone.page) == []
    phone.shot("freecell-phone-chosen")

    start = position = Position.from_game(1)
    plan, history, undone = list(solve(position).moves), [], False
    while plan:
        move = plan.pop(0)
        history.append(move)
        position = play(page, position, move, len(history),
                        check_lit=len(history) % CHECK_LIT_EVERY == 1)
        if len(history) == 1:  # ...the tablet moved on: the phone's move is refused, and why
            phone.page.locator("#fc-to-cell").click()
            expect(phone.page.get_by_role("alert")).to_contain_text(
                "Another device moved a card first")
            expect(phone.page.locator(".fc-share")).to_have_text("Moves so far: 1.")
        if len(history) == 3 and not undone:
            undone = True
            tap(page, "#fc-undo", TABLET)
            plan.insert(0, history.pop())
            expect(page.locator(".fc-share")).to_have_text("Moves so far: 2.")
            position = replay(start, history)
        if len(history) == 12:
            page.locator(f"#fc-card-{plan[0].card}").click()
            expect(page.locator(".fc-target")).not_to_have_count(0)
            assert violations(page) == []
            screen.shot("freecell-tablet-chosen")
            tap(page, "#fc-hint", TABLET)
            expect(page.locator(".fc-hint-words")).to_contain_text(re.compile(r"Hint: move \S+"))
            hinted = solve(position).moves[0]
            expect(page.locator(f"#fc-card-{hinted.card} .fc-hint")).to_have_count(1)
            expect(page.locator(f"{place_id(hinted.target)}.fc-hint-target")).to_have_count(1)
            assert violations(page) == []
            screen.shot("freecell-tablet-hint")
            tap(page, "#fc-make-move", TABLET)
            history.append(hinted)
            expect(page.locator(".fc-share")).to_have_text(f"Moves so far: {len(history)}.")
            position = replay(position, [hinted])
            plan = list(solve(position).moves)
    expect(page.locator("#fc-said")).to_have_text("Every card is home: the game is won.")
    expect(page.locator(".fc-foundations .fc-face")).to_have_text(["K♠", "K♥", "K♦", "K♣"])
    assert page.evaluate("window.scrollY") == 0
    screen.shot("freecell-tablet-won")


def test_game_11982_says_at_the_deal_that_it_cannot_be_won(
        live_server, open_screen, freecell_solved_once):
    # The proof takes seconds of search (minutes on a machine this busy): asked here first, it
    # is the page's answer as soon as the page asks.
    freecell_solved_once(Position.from_game(11982), SOLVER_BUDGET)
    screen = open_screen(TABLET)
    page = screen.page
    deal(page, live_server, "11982")
    expect(page.locator("#fc-verdict")).to_have_text(
        "This deal cannot be won: the referee searched every position it can reach.")
    expect(page.locator(".fc-share")).to_have_text("Moves so far: 0.")
    page.locator("#fc-hint").click()
    expect(page.locator(".fc-hint-words")).to_have_text(
        "This deal cannot be won, so there is no move to hint: try another deal.")
    assert violations(page) == []
    screen.shot("freecell-tablet-cannot-be-won")


def test_a_hint_that_takes_a_while_says_it_is_searching_and_can_be_stopped(
        live_server, open_screen):
    screen = open_screen(PHONE)
    page = screen.page
    deal(page, live_server, "1")
    expect(page.locator("#fc-verdict")).to_have_text("This deal can be won.")
    held = []
    page.route(re.compile(r"hint=1"), lambda route: held.append(route))  # no answer comes
    page.locator("#fc-hint").click()
    searching = page.locator("#fc-searching-words")
    expect(searching).to_have_text("Searching for a winning move…")
    expect(page.locator("#fc-stop")).to_be_focused()
    screen.shot("freecell-phone-searching")
    page.locator("#fc-stop").click()
    expect(searching).to_have_text("Stopped: no hint this time.")
    expect(page.locator("#fc-hint")).to_be_focused()
    expect(page.locator(".fc-hint")).to_have_count(0)
    page.unroute(re.compile(r"hint=1"))


def test_without_javascript_a_card_and_its_lit_place_still_make_the_move(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    deal(page, live_server, "1")
    expect(page.locator("#fc-verdict")).to_contain_text("Find out now")
    page.get_by_role("link", name="Find out now").click()
    expect(page.locator("#fc-verdict")).to_have_text("This deal can be won.")
    page.locator("#fc-card-6C").click()
    expect(page.locator(".fc-target")).to_have_count(1)
    page.get_by_role("button", name="Put 6♣ in a free cell").click()
    expect(page.locator("#fc-said")).to_have_text("Moved 6♣ from column 5 to a free cell.")
    expect(page.locator(".fc-cells .fc-face")).to_have_text(["6♣"])
