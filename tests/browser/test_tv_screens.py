"""The watch link on a TV (1920x1080) across the room: the standings, the score chart and the
last event (headed by what it was: the last hand scored, or the referee's call) in type read
from three metres, the whole screen used, nothing to tap, nothing to scroll; it follows the
game by polling. The same link on a phone keeps its watch page. Screenshots: tv-watch-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.test_api_games import scored
from tests.test_api_live_game import EXAMPLE_HAND, HAND_ONE, SEATS, UPCARD
from tests.test_live_hand import APPENDIX

from .conftest import PHONE
from .test_game_screens import assert_view_only
from .test_tonk_ledger_screens import NIGHT

TV = {"width": 1920, "height": 1080}
EVERSOL_PLAYERS = ("Abe", "Ben", "Carl", "Dee")
EVERSOL_HANDS = [{"type": "hand_scored", "hand": hand, "went_out": out, "points": points}
                 for hand, out, points in (
                     (1, "Ben", {"Abe": 15, "Carl": 35, "Dee": 60}),
                     (2, "Carl", {"Abe": 20, "Ben": 25, "Dee": 10}),
                     (3, "Dee", {"Abe": 40, "Ben": 5, "Carl": 30}),
                     (4, "Abe", {"Ben": 45, "Carl": 15, "Dee": 20}))]
SMALLEST_TOTAL = 48  # px: a total read from three metres
SEAT_FACTS = 32  # px: a seat's cards and buys, and who threw the discard, read from there too
US_THEM = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]


def team_hand(hand: int, us: int, them: int) -> dict:
    """A hand of Hand and Foot: Us out with ``us`` melded and the piles to go out, Them caught
    holding ``them``."""
    return {"type": "hand_scored", "hand": hand, "teams": {
        "Us": {"melded": us, "held": 0, "clean_piles": 2, "dirty_piles": 2, "wild_piles": 1,
               "red_threes": 1, "went_out": True},
        "Them": {"melded": 400, "held": them, "clean_piles": 1, "dirty_piles": 1,
                 "wild_piles": 0, "red_threes": 0, "went_out": False}}}


class Watched:
    """A game made through the API and watched on a screen of one size; ``send`` changes
    the game as a scorer's device would, while it is watched."""

    def __init__(self, open_screen, live_server, size, names, events, **setup):
        self.screen = open_screen(size)
        self.page = self.screen.page
        self.live_server = live_server
        made = self.page.request.post(f"{live_server}/api/v1/games", data={
            "ruleset": setup.pop("ruleset", "eversol"), "players": list(names),
            "first_dealer": names[0], **setup}).json()
        self.game_id, self.key, self.version = made["id"], made["edit_key"], 0
        for event in events:
            self.send(event)
        self.page.goto(f"{live_server}/games/{self.game_id}/watch")

    def send(self, event: dict) -> None:
        answer = self.page.request.post(
            f"{self.live_server}/api/v1/games/{self.game_id}/events",
            headers={"X-Edit-Key": self.key},
            data={"expected_version": self.version, "event": event})
        assert answer.status == 201, answer.text()
        self.version += 1


def assert_read_across_the_room(page, ruled: str) -> None:
    """Totals of at least 48 px, the ruling shown, nothing in the page to tap, and the whole
    view on the screen: a TV cannot scroll."""
    expect(page.locator("#ruling")).to_be_visible()
    expect(page.locator("#ruling")).to_contain_text(ruled)
    totals = page.locator(".ranking-total")
    expect(totals.first).to_be_visible()
    sizes = font_sizes(totals)
    assert sizes and min(sizes) >= SMALLEST_TOTAL, sizes
    names = font_sizes(page.locator(".ranking-name"))
    assert min(names) >= 40, names
    assert_nothing_to_tap(page)
    assert_fits_the_screen(page)


def font_sizes(elements) -> list[float]:
    """The computed font size of each of ``elements``, in px."""
    return elements.evaluate_all("all => all.map(e => parseFloat(getComputedStyle(e).fontSize))")


def lines_of(elements) -> list[int]:
    """How many lines each of ``elements`` takes."""
    return [round(n) for n in elements.evaluate_all(
        "all => all.map(e => e.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(e).lineHeight))")]


def assert_nothing_to_tap(page) -> None:
    """Nothing on the whole screen to tap, the top bar's links included: nobody taps a TV."""
    tappable = page.locator("a, button, input, select, textarea, summary, [onclick]")
    assert [box for box in tappable.evaluate_all(
        "all => all.filter(e => e.checkVisibility()).map(e => e.outerHTML.slice(0, 80))")] == []
    assert_view_only(page)


def assert_fits_the_screen(page) -> None:
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]


def test_an_eversol_game_on_the_tv_follows_each_hand(live_server, open_screen):
    """Standings large on the left, the chart large beside them, the last hand under its own
    heading; a hand saved elsewhere arrives by the poll and moves no box on the screen."""
    tv = Watched(open_screen, live_server, TV, EVERSOL_PLAYERS, EVERSOL_HANDS)
    page = tv.page
    expect(page.locator("#hand-title")).to_have_text("Hand 5 of 6")
    assert_read_across_the_room(page, "Hand 4")
    expect(page.locator("#ruling-title")).to_have_text("Last hand")
    expect(page.locator("#ruling")).to_contain_text("Abe went out.")
    tv.screen.shot("tv-watch-eversol")
    chart = assert_the_chart_across_the_room(page)
    assert_uses_the_screen(page)

    # Hand 5 is saved elsewhere: the TV shows it without a reload, and nothing moves.
    page.evaluate("window.sameDocument = true")
    boxes = boxes_on_screen(page)
    tv.send({"type": "hand_scored", "hand": 5, "went_out": "Ben",
             "points": {"Abe": 10, "Carl": 25, "Dee": 50}})
    expect(page.locator("#ruling")).to_contain_text("Ben went out.")
    expect(page.locator("#ruling")).to_contain_text("Dee +50")
    expect(page.locator("#hand-title")).to_have_text("Hand 6 of 6")
    expect(page.locator(".chart-label").first).to_contain_text("Abe 85")
    assert page.evaluate("window.sameDocument") is True
    tv.screen.shot("tv-watch-eversol-polled")
    assert boxes_on_screen(page) == boxes
    assert page.locator(".score-chart").bounding_box() == chart


SHOWN_PARTS = ".standings-block, .hand-panel, .chart-block, .result-panel, .last-ruling"


def boxes_on_screen(page) -> list[tuple[int, int, int, int]]:
    """Where each part of the TV's screen is: left, top, right, bottom, in px."""
    return [tuple(box) for box in page.locator(SHOWN_PARTS).evaluate_all(
        "all => all.filter(e => e.checkVisibility()).map(e => {"
        " const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom].map(Math.round); })")]


def assert_uses_the_screen(page) -> None:
    """The parts reach across the screen and down to its foot, each whole on it: no empty
    half, nothing cut off."""
    boxes = boxes_on_screen(page)
    assert all(0 <= left and right <= TV["width"] and 0 <= top and bottom <= TV["height"]
               for left, top, right, bottom in boxes), boxes
    assert min(box[0] for box in boxes) <= TV["width"] * 0.05, boxes
    assert max(box[2] for box in boxes) >= TV["width"] * 0.95, boxes
    assert max(box[3] for box in boxes) >= TV["height"] * 0.95, boxes
    covered = sum((right - left) * (bottom - top) for left, top, right, bottom in boxes)
    assert covered >= 0.8 * TV["width"] * TV["height"], (covered, boxes)


def assert_the_chart_across_the_room(page) -> dict:
    """The chart drawn large, its names in type read from the sofa; its box on the screen."""
    expect(page.locator(".score-chart")).to_be_visible()
    chart = page.locator(".score-chart").bounding_box()
    assert chart["width"] >= TV["width"] * 0.4 and chart["height"] >= TV["height"] * 0.4, chart
    assert chart["y"] + chart["height"] <= TV["height"], chart
    labels = page.locator(".chart-label").evaluate_all(
        "all => all.map(e => e.getBoundingClientRect().height)")
    assert labels and min(labels) >= 32, labels
    return chart


def test_a_hand_and_foot_game_on_the_tv(live_server, open_screen):
    tv = Watched(open_screen, live_server, TV, ("Ann", "Bo", "Cy", "Di"),
                 [team_hand(1, 905, 85), team_hand(2, 640, 120)], ruleset="hand-and-foot",
                 teams=US_THEM)
    expect(tv.page.locator("#hand-title")).to_have_text("Hand 3 of 4")
    assert_read_across_the_room(tv.page, "Hand 2")
    expect(tv.page.locator("#ruling")).to_contain_text("Us went out.")
    expect(tv.page.locator(".ranking-item").first).to_contain_text("Ann & Cy")
    tv.screen.shot("tv-watch-hand-and-foot")


def test_a_tonk_night_on_the_tv(live_server, open_screen):
    tv = Watched(open_screen, live_server, TV, ("Ann", "Bob", "Cy", "Dee"), NIGHT,
                 ruleset="tonk", stake="0.25")
    expect(tv.page.locator(".ranking-item").first).to_contain_text("+6 stakes")
    tv.screen.shot("tv-watch-tonk")
    assert_read_across_the_room(tv.page, "Hand 5")


def test_a_tonk_night_ended_on_the_tv_shows_how_to_settle_up(live_server, open_screen):
    tv = Watched(open_screen, live_server, TV, ("Ann", "Bob", "Cy", "Dee"),
                 [*NIGHT, {"type": "game_ended"}], ruleset="tonk", stake="0.25")
    expect(tv.page.locator(".settle-up")).to_be_visible()
    tv.screen.shot("tv-watch-tonk-ended")
    assert_read_across_the_room(tv.page, "Hand 5")


def test_twelve_players_on_the_tv_in_two_columns_names_whole(live_server, open_screen):
    names = ["Abigail", "Bartholomew", "Cy", "Dorothea", "Eli", "Fran", "Gus", "Hattie", "Ike",
             "Juniper", "Kit", "Maximilian"]
    points = {name: 5 * (seat + 1) for seat, name in enumerate(names) if name != "Cy"}
    tv = Watched(open_screen, live_server, TV, names,
                 [{"type": "hand_scored", "hand": 1, "went_out": "Cy", "points": points}])
    expect(tv.page.locator(".ranking-item")).to_have_count(12)
    tv.screen.shot("tv-watch-twelve-players")
    assert_read_across_the_room(tv.page, "Cy went out.")
    name = tv.page.locator(".ranking-name", has_text="Bartholomew")
    assert lines_of(name) == [1]  # the name whole, on one line


def test_the_phone_keeps_its_watch_page(live_server, open_screen):
    phone = Watched(open_screen, live_server, PHONE, EVERSOL_PLAYERS,
                    EVERSOL_HANDS)
    page = phone.page
    expect(page.locator("#hand-title")).to_have_text("Hand 5 of 6")
    expect(page.locator("#ruling")).to_be_hidden()  # a TV's box: the phone's page is as it was
    expect(page.locator(".game-tabs")).to_be_visible()  # and its tabs, to look at the history
    expect(page.locator(".standings")).to_be_visible()
    expect(page.locator(".score-chart")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screen.shot("tv-watch-phone")


def melded_held(hand: int, out: str, **players: tuple[int, int]) -> dict:
    """A hand of a game scored melded minus held: each player's (melded, held)."""
    return {"type": "hand_scored", "hand": hand, "went_out": out,
            "players": {name: {"melded": melded, "held": held}
                        for name, (melded, held) in players.items()}}


OTHER_SHAPES = {
    "500": [melded_held(1, "Ann", Ann=(60, 0), Bo=(20, 35), Cy=(0, 12)),
            melded_held(2, "Cy", Ann=(15, 20), Bo=(45, 5), Cy=(80, 0))],
    "base": [melded_held(1, "Bo", Ann=(25, 10), Bo=(70, 0), Cy=(10, 40))],
    "basic": [{"type": "hand_scored", "hand": 1, "went_out": "Ann", "went_rummy": True,
               "points": {"Bo": 10, "Cy": 9}}],
}


@pytest.mark.parametrize("ruleset", sorted(OTHER_SHAPES))
def test_the_other_games_on_the_tv(live_server, open_screen, ruleset):
    events = OTHER_SHAPES[ruleset]
    tv = Watched(open_screen, live_server, TV, ("Ann", "Bo", "Cy"), events, ruleset=ruleset)
    assert_read_across_the_room(tv.page, f"Hand {len(events)}")
    tv.screen.shot(f"tv-watch-{ruleset}")


def test_a_finished_game_on_the_tv(live_server, open_screen):
    last = {"type": "hand_scored", "hand": 5, "went_out": "Ben",
            "points": {"Abe": 10, "Carl": 25, "Dee": 50}}
    six = {"type": "hand_scored", "hand": 6, "went_out": "Carl",
           "points": {"Abe": 55, "Ben": 30, "Dee": 15}}
    tv = Watched(open_screen, live_server, TV, EVERSOL_PLAYERS, [*EVERSOL_HANDS, last, six])
    expect(tv.page.locator(".result-panel")).to_contain_text("Ben and Carl share the win")
    assert_read_across_the_room(tv.page, "Hand 6")
    tv.screen.shot("tv-watch-finished")


def test_a_followed_hand_on_the_tv_shows_the_referees_call(live_server, open_screen):
    tv = Watched(open_screen, live_server, TV, ("Abe", "Ben", "Carl"), EXAMPLE_HAND[:4])
    expect(tv.page.locator("#ruling")).to_contain_text("so Abe buys the discard")
    expect(tv.page.locator("#referee")).to_be_visible()
    expect(tv.page.locator(".referee-ruling")).to_be_hidden()  # said once, in the large box
    assert_nothing_to_tap(tv.page)
    assert_fits_the_screen(tv.page)
    tv.screen.shot("tv-watch-followed")


def test_a_hand_followed_to_its_end_on_the_tv_then_scored(live_server, open_screen):
    """The appendix hand followed on a TV: the game and who deals next named, each seat's
    cards and buys in type for three metres, the screen filled; once Ben is out, the score
    saved elsewhere shows each player's points for the hand."""
    steps = [step.to_dict() for step in APPENDIX]
    tv = Watched(open_screen, live_server, TV, SEATS, [HAND_ONE, UPCARD, *steps[:6]],
                 first_dealer="Carl")
    page = tv.page
    kicker = page.locator(".referee-kicker")
    expect(kicker).to_contain_text("Eversol Rummy · Hand 2")
    expect(kicker).to_contain_text("Abe dealt · Ben deals next")
    expect(page.locator(".referee-top-by")).to_have_text("thrown by Abe")
    facts = page.locator(".referee-seat-facts")
    expect(facts.first).to_contain_text("7 cards 0 bought")
    assert min(font_sizes(facts)) >= SEAT_FACTS, font_sizes(facts)
    assert min(font_sizes(page.locator(".referee-top-by"))) >= SEAT_FACTS
    assert_fills_the_screen(page)
    assert_nothing_to_tap(page)
    assert_fits_the_screen(page)
    tv.screen.shot("tv-watch-followed-hand-2")

    page.evaluate("window.sameDocument = true")
    for step in steps[6:]:
        tv.send(step)
    expect(page.locator("#referee-title")).to_contain_text("Ben went out")
    expect(page.locator("#ruling")).to_contain_text("Ben went out.")
    assert_fits_the_screen(page)
    tv.screen.shot("tv-watch-followed-out")

    tv.send(scored(2, "Ben", {"Ben": 0, "Carl": 35, "Abe": 15}))
    expect(page.locator("#hand-title")).to_have_text("Hand 3 of 6")
    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("Hand 2")
    for side, points in (("Abe", "+15"), ("Ben", "0"), ("Carl", "+35")):
        expect(ruling.locator(".last-ruling-score", has_text=side)).to_contain_text(points)
    assert page.evaluate("window.sameDocument") is True
    assert_read_across_the_room(page, "Ben went out.")
    tv.screen.shot("tv-watch-followed-scored")


def assert_fills_the_screen(page) -> None:
    """Both columns reach the foot of the screen, and the referee's seats reach into its
    lower half: no empty band under them."""
    bottoms = page.locator(".referee, .last-ruling").evaluate_all(
        "all => all.map(e => e.getBoundingClientRect().bottom)")
    assert min(bottoms) >= TV["height"] * 0.9, bottoms
    seats = page.locator(".referee-seat").last.bounding_box()
    assert seats["y"] + seats["height"] >= TV["height"] / 2, seats


TWENTY = ["Abigail", "Bartholomew", "Cy", "Dorothea", "Eli", "Fran", "Gus", "Hattie", "Ike",
          "Juniper", "Kit", "Maximilian", "Ned", "Ola", "Pat", "Quin", "Rosalind", "Sue",
          "Tam", "Wilhelmina"]


@pytest.mark.parametrize("players", [8, 20])
def test_a_followed_hand_of_many_players_fits_the_tv_names_whole(live_server, open_screen,
                                                                  players):
    """Hand 2 followed after hand 1 was scored: the ranking and the last ruling on the left,
    the referee's panel on the right, every seat in it, nothing past the screen's edge."""
    names = TWENTY[:players]
    scored = {"type": "hand_scored", "hand": 1, "went_out": names[0],
              "points": {name: 5 * seat for seat, name in enumerate(names) if seat}}
    first, discarder, buyer = names[2], names[2], names[4]  # hand 2: names[1] deals
    tv = Watched(open_screen, live_server, TV, names, [
        scored, {"type": "upcard_turned", "hand": 2, "card": "9D"},
        {"type": "drew", "player": first, "source": "stock"},
        {"type": "discarded", "player": discarder, "card": "KH"},
        {"type": "buy_claimed", "player": buyer}])
    expect(tv.page.locator("#ruling")).to_contain_text(f"so {buyer} buys the discard")
    expect(tv.page.locator(".ranking-item")).to_have_count(players)
    expect(tv.page.locator(".referee-seat")).to_have_count(players)
    tv.screen.shot(f"tv-watch-followed-{players}-players")
    sizes = font_sizes(tv.page.locator(".ranking-total"))
    assert min(sizes) >= SMALLEST_TOTAL, sizes
    lines = lines_of(tv.page.locator(".referee-seat-name"))
    assert lines == [1] * players, lines  # each name whole, on one line
    assert_nothing_to_tap(tv.page)
    assert_fits_the_screen(tv.page)
