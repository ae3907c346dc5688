"""The scorekeeper as a table uses it: a whole Eversol game scored on a tablet while a TV
watches through the view-only link, then the same screens on a phone (20 players too)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .conftest import assert_touch_targets_and_no_overflow as assert_fits

# Run on PostgreSQL too (tests/database_free.py): a whole game's threads and polls.
pytestmark = pytest.mark.both_databases

# ms: a watching device shows a change without reloading. How soon is a figure for the load
# benchmark (benchmarks/load.py); here the bound only has to hold on a busy machine.
SEEN_WITHIN = 15_000
PLAYERS = ("Abe", "Ben", "Carl", "Dee")

# Each hand: who went out, then what the others held: a typed total, counts by value tapped in
# with the + buttons ({"2–9": 3} is three taps on "One 2–9 more"), or the cards themselves
# tapped one by one (a list); "penalty" is a rummy penalty (Ari's rule) on top.
HANDS = [
    ("Ben", {"Abe": {"2–9": 3}, "Carl": 35, "Dee": {"Joker": 1, "2–9": 2}}),
    ("Carl", {"Abe": 20, "Ben": 25, "Dee": 10}),
    ("Dee", {"Abe": ["K", "Q", "J", "10"], "Ben": 5, "Carl": ["A", "10", "5"]}),  # 40, 30
    ("Abe", {"Ben": {"2–9": 5, "penalty": 20}, "Carl": 15, "Dee": 20}),
    ("Ben", {"Abe": 10, "Carl": 25, "Dee": 50}),
    ("Carl", {"Abe": 55, "Ben": 30, "Dee": 15}),
]
WORTH = {"2–9": 5, "10–K": 10, "Ace": 15, "Joker": 50}


def add_players(page, names) -> None:
    for seat, name in enumerate(names):
        page.get_by_label("Type a name").fill(name)
        page.get_by_label("Type a name").press("Enter")
        expect(page.locator(".seat-name").nth(seat)).to_have_value(name)


def start_game(page, live_server, names=PLAYERS, dealer="Abe") -> str:
    page.goto(f"{live_server}/games/new/eversol")
    add_players(page, names)
    page.locator(".chip-choice", has_text=re.compile(f"^{dealer}$")).click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/(?!new)[\w-]+$"))
    return page.url


def api_game(page, live_server, names, hands=0, first_dealer=None, spread=23,
             ruleset="eversol", events=(), **setup) -> str:
    """A game made through the API, opened on ``page`` as its scorer: an Eversol game with
    ``hands`` scored, or a game of ``ruleset`` that has taken ``events``; ``setup`` the rest
    of its setup (a stake)."""
    made = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": ruleset, "players": list(names), "first_dealer": first_dealer or names[0],
        **setup}).json()
    for version, event in enumerate(events or _eversol_hands(names, hands, spread)):
        answer = page.request.post(
            f"{live_server}/api/v1/games/{made['id']}/events",
            headers={"X-Edit-Key": made["edit_key"]},
            data={"expected_version": version, "event": event})
        assert answer.status == 201, answer.text()
    page.goto(f"{live_server}/games/{made['id']}/join/{made['edit_key']}")
    expect(page).to_have_url(re.compile(f"/games/{made['id']}$"))
    return made["id"]


def _eversol_hands(names, hands: int, spread: int) -> list[dict]:
    """Hands that leave totals spread out: each player out in turn, the others caught."""
    events = []
    for hand in range(1, hands + 1):
        out = names[hand % len(names)]
        points = {n: 5 * ((i * 7 + hand * 3) % spread + 1)
                  for i, n in enumerate(names) if n != out}
        events.append({"type": "hand_scored", "hand": hand, "went_out": out,
                       "points": points})
    return events


def enter_hand(page, went_out: str, held: dict, players=PLAYERS) -> None:
    """Fill the end-of-hand form as a scorer would, checking the points as they change."""
    rows = page.locator(".entry-row")
    rows.nth(players.index(went_out)).locator(".went-out-toggle").click()
    for name, value in held.items():
        row = rows.nth(players.index(name))
        if isinstance(value, int):
            row.get_by_label("or total").fill(str(value))
            expected = value
        elif isinstance(value, list):
            row.get_by_text(f"Tap the cards {name} holds").click()
            for card in value:
                row.get_by_role("button", name=f"Add {'a joker' if card == 'JK' else card} "
                                               f"for {name}").click()
            expect(row.locator(".tapped-card")).to_have_count(len(value))
            expected = sum(50 if c == "JK" else 15 if c == "A" else 10 if c in "10JQK" else 5
                           for c in value)
        else:
            counts = {k: n for k, n in value.items() if k != "penalty"}
            for label, taps in counts.items():
                for _ in range(taps):
                    row.get_by_role("button", name=f"One {label} more for {name}").click()
            if "penalty" in value:
                row.get_by_text("Rummy penalty", exact=True).click()
                row.get_by_label(re.compile("Points of both dead cards")).fill(
                    str(value["penalty"]))
            expected = sum(WORTH[k] * n for k, n in counts.items()) + value.get("penalty", 0)
        expect(row.locator(".entry-points")).to_have_text(str(expected))


def score_hand(page, hand: int, went_out: str, held: dict) -> None:
    page.get_by_role("link", name=f"Score hand {hand}").click()
    expect(page.get_by_role("heading", name=re.compile(f"End of hand {hand}"))).to_be_visible()
    enter_hand(page, went_out, held)
    page.get_by_role("button", name=f"Save hand {hand}").click()
    expect(page.locator(".flash")).to_contain_text(f"Hand {hand} saved: {went_out} went out")


def wait_for_unchanged_polls(page, count: int) -> None:
    """Wait until the board's poll has been answered 304 ("nothing new") ``count`` more times,
    each answer handled by htmx (its htmx:afterRequest comes after any swap it makes)."""
    page.evaluate("""() => {
        window.unchangedPolls = 0;
        document.body.addEventListener("htmx:afterRequest", event => {
            if (event.detail.elt.id === "board" && event.detail.xhr.status === 304) {
                window.unchangedPolls += 1;
            }
        });
    }""")
    page.wait_for_function("count => window.unchangedPolls >= count", arg=count)


def assert_view_only(page) -> None:
    """Nothing on a watching screen changes the game: no form, button, field or edit link."""
    changers = page.locator("main form, main button, main input, main select, main textarea, "
                            "a[href*='/hands/'], a[href*='/join/']")
    expect(changers).to_have_count(0)


SCORER_TARGETS = ("main .button, main .chip, main .chip-choice span, main .icon-button, "
                  "main .step, main .went-out-toggle span, main input[type=text], "
                  "main .card-button, main .tapped-card, main summary, "
                  "main input[type=number], .game-tabs a, .topbar-link")


def assert_touch_targets_and_no_overflow(page, width: int) -> None:
    assert_fits(page, width, SCORER_TARGETS)


def test_a_whole_game_on_the_tablet_while_a_tv_watches(live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    page.goto(f"{live_server}/games/new/eversol")
    add_players(page, PLAYERS)
    tablet.shot("games-new-tablet")
    page.locator(".chip-choice", has_text=re.compile("^Abe$")).click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/(?!new)[\w-]+$"))
    game_url = page.url
    expect(page.locator("#hand-title")).to_have_text("Hand 1 of 6")
    expect(page.locator(".roles")).to_contain_text("Deals Abe")
    expect(page.locator(".roles")).to_contain_text("Plays first Ben")
    expect(page.locator(".contract-now-words")).to_have_text("Two books")
    expect(page.locator(".meld-card")).to_have_count(6)  # two books of three
    assert_chart_under_standings(page)  # the hand's panel, with its buttons, is the taller
    tablet.shot("games-hand-tablet")

    tv = open_screen(TABLET)
    tv.page.goto(game_url + "/watch")
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 1 of 6")
    assert_view_only(tv.page)
    tv.page.evaluate("window.sameDocument = true")
    # While nothing changes the polls are answered 304 and the board is never swapped.
    tv.page.evaluate("document.getElementById('board').dataset.seen = 'yes'")
    wait_for_unchanged_polls(tv.page, 2)
    assert tv.page.evaluate("document.getElementById('board').dataset.seen") == "yes"

    # Hand 1, with the entry screen counting its points, the contract picture and a screenshot.
    page.get_by_role("link", name="Score hand 1").click()
    went_out, held = HANDS[0]
    enter_hand(page, went_out, held)
    tablet.shot("games-entry-tablet")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved: Ben went out")
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 2 of 6", timeout=SEEN_WITHIN)
    assert tv.page.evaluate("document.getElementById('board').dataset.seen") is None  # swapped
    expect(tv.page.locator(".roles")).to_contain_text("Deals Ben")

    for hand in (2, 3):
        score_hand(page, hand, *HANDS[hand - 1])
        expect(tv.page.locator("#hand-title")).to_have_text(f"Hand {hand + 1} of 6",
                                                             timeout=SEEN_WITHIN)

    # During hand 4: hand 2 is corrected (Dee still held a joker: 60 more).
    page.get_by_role("link", name="Correct hand 2").click()
    expect(page.get_by_label("or total").nth(3)).to_have_value("10")  # as it was entered
    page.get_by_label("or total").nth(3).fill("70")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#reason-error")).to_contain_text("Say why hand 2 is corrected")
    page.get_by_label("Why is hand 2 corrected?").fill("Dee still held a joker")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_contain_text("Hand 2 corrected")
    dee_after_hand_2 = tv.page.locator(".standings tbody tr").nth(1).locator("td").nth(3)
    expect(dee_after_hand_2).to_contain_text("130", timeout=SEEN_WITHIN)  # 60 + 70
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 4 of 6")

    score_hand(page, 4, *HANDS[3])
    # Hand 5 first saved wrongly, then undone and saved again.
    score_hand(page, 5, "Ben", {"Abe": 10, "Carl": 25, "Dee": 5})
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 6 of 6", timeout=SEEN_WITHIN)
    expect(tv.page.locator(".no-discard-notice")).to_contain_text("No discard")
    page.get_by_role("button", name="Undo: Hand 5 scored").click()
    expect(page.locator(".flash")).to_contain_text("Undone: Hand 5 scored")
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 5 of 6", timeout=SEEN_WITHIN)
    score_hand(page, 5, *HANDS[4])
    expect(page.locator(".no-discard-notice")).to_contain_text("No discard this hand")
    score_hand(page, 6, *HANDS[5])

    # Ben and Carl both end on 105: they share the win.
    result = page.locator(".result-panel")
    expect(result).to_contain_text("Ben and Carl share the win")
    places = [re.sub(r"\s+", " ", text).strip()
              for text in result.locator(".ranking-item").all_inner_texts()]
    assert places == ["tied 1st Ben 105", "tied 1st Carl 105", "3rd Abe 140", "4th Dee 215"]
    expect(tv.page.locator(".result-panel")).to_contain_text("Ben and Carl share the win",
                                                             timeout=SEEN_WITHIN)
    assert tv.page.evaluate("window.sameDocument") is True  # every change came by polling
    assert_view_only(tv.page)
    tv.shot("games-watch-finished-tablet")

    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".score-chart polyline")).to_have_count(4)
    expect(page.locator(".chart-label")).to_have_text(
        ["Abe 140", "★ Ben 105", "★ Carl 105", "Dee 215"])
    tablet.shot("games-standings-tablet")
    page.get_by_role("link", name="History").click()
    undone = page.locator(".history-item--undone")
    expect(undone).to_have_count(1)
    expect(undone.locator("s").first).to_have_text("Hand 5: Ben went out")
    expect(undone).to_contain_text("Undone at")
    expect(page.locator(".history-item--correction")).to_contain_text(
        "Hand 2 corrected: Dee still held a joker")
    tablet.shot("games-history-tablet")

    page.get_by_role("link", name="Games").click()
    expect(page.locator(".game-item").first).to_contain_text("Ben and Carl shared the win")
    tablet.shot("games-list-tablet")


def assert_chart_under_standings(page) -> None:
    """The chart follows the standings with only the board's gap between them, however tall
    the hand's panel beside them: no empty band."""
    standings = page.locator(".standings-block").bounding_box()
    chart = page.locator(".chart-block").bounding_box()
    gap = chart["y"] - (standings["y"] + standings["height"])
    assert 0 <= gap <= 24, f"{gap} px between the standings and the chart"


def test_the_screens_on_a_phone(live_server, open_screen):
    phone = open_screen(PHONE)
    page = phone.page
    page.goto(f"{live_server}/games/new/eversol")
    add_players(page, ("Ann", "Bo", "Cy"))
    page.get_by_role("button", name="Move Cy up").click()
    expect(page.locator(".seat-name").nth(1)).to_have_value("Cy")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-new-phone")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/(?!new)[\w-]+$"))
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-hand-phone")

    page.get_by_role("link", name=re.compile("Score hand 1")).click()
    enter_hand(page, "Bo", {"Ann": {"2–9": 2, "Ace": 1}, "Cy": ["JK", "10"]},
               players=("Ann", "Cy", "Bo"))
    page.get_by_role("button", name="Take back 10").click()  # a card tapped by mistake
    expect(page.locator("#points-1")).to_have_text("50")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-entry-phone")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved")

    page.get_by_text("Share this game").click()
    expect(page.locator(".qr svg")).to_have_count(2)
    # Opened near the page's top, the join code comes into view with it.
    phone.shot("games-share-seen-phone", full_page=False)
    expect(page.locator(".qr svg").first).to_be_in_viewport(ratio=1)
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-share-phone")
    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".ranking-item").first).to_contain_text("Bo 0")
    expect(page.locator(".ranking-item").last).to_contain_text("Cy 50")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-standings-phone")
    page.get_by_role("link", name="History").click()
    phone.shot("games-history-phone")


def test_twenty_players_on_a_phone(live_server, open_screen):
    names = ["Abigail", "Bartholomew", "Cy", "Dorothea", "Eli", "Fran", "Gus", "Hattie",
             "Ike", "Juniper", "Kit", "Lou", "Maximilian", "Ned", "Olive", "Pip", "Quinn",
             "Rosalind", "Sol", "Tess"]
    phone = open_screen(PHONE)
    page = phone.page
    api_game(page, live_server, names, hands=3, first_dealer="Eli")  # the key leaves the URL
    expect(page.locator("#hand-title")).to_have_text("Hand 4 of 6")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-hand-phone-20-players")
    page.get_by_role("link", name="Standings").click()
    expect(page.locator(".score-chart .chart-label")).to_have_count(20)
    # The table scrolls sideways inside its own box; the page itself never does.
    table_box = page.locator(".standings-scroll")
    assert table_box.evaluate("e => e.scrollWidth > e.clientWidth")
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-standings-phone-20-players")
    page.get_by_role("link", name="Hand").click()
    page.get_by_role("link", name="Score hand 4").click()
    expect(page.locator(".entry-row")).to_have_count(20)
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("games-entry-phone-20-players")


def test_scoring_works_without_javascript(live_server, open_screen):
    page = open_screen(TABLET, javascript=False).page
    start_game(page, live_server, names=("Abe", "Ben", "Carl"))
    page.get_by_role("link", name="Score hand 1").click()
    page.locator(".entry-row").nth(1).locator(".went-out-toggle").click()
    for _ in range(3):  # each tap posts the form; the server counts and shows it
        page.get_by_role("button", name="One 2–9 more for Abe").click()
    expect(page.locator("#points-0")).to_have_text("15")
    expect(page.locator(".entry-row").nth(1).locator("input[name=went_out]")).to_be_checked()
    carl = page.locator(".entry-row").nth(2)
    carl.get_by_text("Tap the cards Carl holds").click()
    for card in ("K", "K", "5"):
        carl.get_by_role("button", name=f"Add {card} for Carl").click()
        carl = page.locator(".entry-row").nth(2)  # the page came back from the server
    expect(page.locator("#points-2")).to_have_text("25")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 saved: Ben went out")
    expect(page.locator(".ranking")).to_contain_text("1st Ben 0")
    expect(page.locator(".ranking")).to_contain_text("3rd Carl 25")


def test_a_setup_change_then_a_quick_tap_both_stand(live_server, open_screen):
    """A house rule typed, the dealer tapped straight after: the game's end at the top follows
    the rule, the tap stands; decks changed, then Start tapped at once, starts the game."""
    page = open_screen(TABLET).page
    page.goto(f"{live_server}/games/new/500")
    add_players(page, ("Ann", "Bo"))
    page.get_by_label("What score ends the game?").fill("150")
    page.locator(".chip-choice", has_text=re.compile("^Bo$")).click()
    expect(page.locator(".setup-game strong")).to_have_text("first to 150")
    expect(page.get_by_role("radio", name="Bo")).to_be_checked()
    page.locator(".chip-choice--small", has_text="2").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".hand-panel .hand-kicker")).to_have_text("500 Rummy · first to 150")
    expect(page.locator(".roles")).to_contain_text("Deals Bo")
    page.get_by_role("link", name="History").click()
    expect(page.locator(".history-title").first).to_contain_text("2 decks")
