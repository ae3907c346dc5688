"""Every screen, for a player who cannot see it or cannot tap small things: axe-core (shipped
inside the axe-playwright-python package, nothing fetched at run time) finds no breach of
WCAG 2.1 A or AA on any of them, in the light and the dark theme, on a tablet and a phone,
as first loaded and in the states a tap brings (a ruling shown, a refusal beside its field,
the display menu open).

One page visits the screens in turn, each loaded once: axe runs on each screen state at
each size and in each theme, the page resized and its theme chosen in place (as a turned
tablet or the display menu would), so a whole walk is a few dozen page loads, not a test per
screen, size and theme. The dark theme changes only colours, so in it axe asks only the rules
that read them (COLOUR_RULES).
"""

from __future__ import annotations

import re
import threading

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import expect
from waitress.server import create_server
from werkzeug.security import generate_password_hash

from referee import create_app
from tests.conftest import dispose_engines, empty_database

from tests.test_api_live_game import EXAMPLE_HAND

from .conftest import PHONE, TABLET, assert_touch_targets_and_no_overflow
from .test_game_screens import _eversol_hands
from .test_referee_screens import discard
from .test_themes import resize, switch_theme, themed
from .test_tonk_ledger_screens import NIGHT
from .test_tv_screens import TV, US_THEM, team_hand

WCAG_21_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
# The links on the home page and the new-game page that lead to a screen of their own: each
# game's setup, rules and question screens, as the screens themselves offer them.
ASKED_FROM_HOME = re.compile(r"^/(games/new|check|arrange|rummy|opening|going-out|lowest|rules|"
                             r"escoba/|bourre/|piquet/|jack-change-it/|"
                             r"freecell|players|games$)")
# The question screens a game's own pages offer, asked about that game.
ASKED_IN_A_GAME = re.compile(r"^/(check|arrange|rummy|opening|going-out|lowest)/")


# The WCAG 2.1 A and AA rules of axe whose answer hangs on colours: all a theme changes (the
# dark theme is the light one's colours swapped, static/app.css), so a walk in the dark theme
# asks only these, the light theme's walk of the very same screens having asked every rule.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def violations(page, rules: list[str] | None = None) -> list[str]:
    """What axe finds on the page as it stands, one line a rule and element: every WCAG 2.1
    A and AA rule, or only ``rules``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_SCRIPT)
    run_only = ({"type": "rule", "values": rules} if rules
                else {"type": "tag", "values": WCAG_21_A_AA})
    found = page.evaluate("options => axe.run(document, options)", {
        "runOnly": run_only, "resultTypes": ["violations"]})
    return [f"{v['id']} at {node['target']} {node['html'][:100]}: "
            + "; ".join(check["message"] for check in node["any"] + node["all"] + node["none"])
            for v in found["violations"] for node in v["nodes"]]


def made(request, live_server, names, ruleset="eversol", events=(), **setup) -> tuple[str, str]:
    """A game made through the API: its id and its scorer's edit key."""
    game = request.post(f"{live_server}/api/v1/games", data={
        "ruleset": ruleset, "players": list(names), "first_dealer": names[0], **setup}).json()
    for version, event in enumerate(events):
        answer = request.post(f"{live_server}/api/v1/games/{game['id']}/events",
                              headers={"X-Edit-Key": game["edit_key"]},
                              data={"expected_version": version, "event": event})
        assert answer.status == 201, answer.text()
    return game["id"], game["edit_key"]


@pytest.fixture(scope="module")
def games(live_server, browser) -> dict[str, tuple[str, str]]:
    """Games in every state a screen shows, made once for every theme and size."""
    context = browser.new_context()
    request = context.request
    try:
        return {
            "kept": made(request, live_server, ["Ann", "Bob", "Cy", "Dee"],
                         events=_eversol_hands(["Ann", "Bob", "Cy", "Dee"], 3, 23)),
            "over": made(request, live_server, ["Ann", "Bob", "Cy"],
                         events=_eversol_hands(["Ann", "Bob", "Cy"], 6, 23)),
            "followed": made(request, live_server, ["Abe", "Ben", "Carl"],
                             events=EXAMPLE_HAND[:4]),
            "teams": made(request, live_server, ["Ann", "Bo", "Cy", "Di"],
                          ruleset="hand-and-foot", teams=US_THEM, events=[team_hand(1, 905, 85)]),
            "tonk": made(request, live_server, ["Ann", "Bob", "Cy", "Dee"], ruleset="tonk",
                         events=NIGHT, stake="0.25"),
            "fresh": made(request, live_server, ["Ann", "Bob", "Cy"]),  # left as it is
        }
    finally:
        context.close()


def screens_of(games: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Every screen of a game, by name, in each state the games are in."""
    kept, over, followed = games["kept"][0], games["over"][0], games["followed"][0]
    teams, tonk, fresh = games["teams"][0], games["tonk"][0], games["fresh"][0]
    return {
        "hand": f"/games/{kept}", "entry": f"/games/{kept}/hands/4",
        "correction": f"/games/{kept}/hands/2", "standings": f"/games/{kept}/standings",
        "history": f"/games/{kept}/history", "watch": f"/games/{kept}/watch",
        "sheet": f"/games/{kept}/sheet", "game rules": f"/games/{kept}/rules",
        "end": f"/games/{kept}/end", "who plays": f"/games/{kept}/players",
        "game over": f"/games/{over}",
        "referee panel": f"/games/{followed}", "referee watch": f"/games/{followed}/watch",
        "team hand": f"/games/{teams}", "team entry": f"/games/{teams}/hands/2",
        "tonk hand": f"/games/{tonk}", "tonk entry": f"/games/{tonk}/hands/6",
        "new hand": f"/games/{fresh}", "delete": f"/games/{fresh}/delete",
        "checker answer": "/check/eversol?decks=2&cards=7D+8D+9D+10D+9D",
    }


def screens_offered(page, live_server, games: dict[str, str]) -> dict[str, str]:
    """The home page and the screens it and the new-game page link to; the question screens
    each game's hand screen links to."""
    paths = {}
    for start, asked in (("/", ASKED_FROM_HOME), ("/games/new", ASKED_FROM_HOME),
                         *((games[name], ASKED_IN_A_GAME)
                           for name in ("hand", "team hand", "tonk hand", "referee panel"))):
        page.goto(live_server + start)
        for href in page.locator("main a[href^='/']").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))"):
            if asked.match(href):
                paths[href] = href
    return {"home": "/", **paths}


def test_no_screen_breaks_wcag_21_aa(live_server, browser, games):
    screen = themed(browser, TABLET, "light", "normal")
    page = screen.page
    found: dict[str, list[str]] = {}

    def check(name: str, sizes=(("tablet", TABLET), ("phone", PHONE)), shot=False) -> None:
        """Every rule in the light theme, the colour rules in the dark, at each of ``sizes``:
        the page as it stands, its layout and colours changed in place (no transitions in
        static/app.css) as a turned tablet or the display menu would."""
        walk = [("light", size, viewport) for size, viewport in sizes]
        walk += [("dark", size, viewport) for size, viewport in reversed(sizes)]
        for theme, size, viewport in walk:
            if page.viewport_size != viewport:
                resize(page, viewport)
            if page.locator("html").get_attribute("data-theme") != theme:
                switch_theme(page, theme)
            if problems := violations(page, COLOUR_RULES if theme == "dark" else None):
                found[f"{name} ({theme}, {size})"] = problems
            if shot:
                screen.shot(f"a11y-{name}-{theme}-{size}")
        switch_theme(page, "light")
        resize(page, TABLET)

    try:
        for game_id, key in games.values():  # this device keeps score in each
            page.goto(f"{live_server}/games/{game_id}/join/{key}")
        screens = screens_of(games)
        screens |= screens_offered(page, live_server, screens)
        for name, path in screens.items():
            page.goto(live_server + path)
            expect(page.locator("html")).to_have_attribute("data-theme", "light")
            # The ways not in use, stepped back but readable.
            check(name, shot=name == "correction")
        # The watch page on a TV, its own layout.
        for name, path in (("TV, a followed hand", "referee watch"), ("TV", "watch")):
            page.goto(live_server + screens[path])
            check(name, sizes=(("tv", TV),))

        # The states a tap brings.
        page.goto(live_server + "/")
        page.locator(".display-open").click()
        expect(page.get_by_role("button", name="Automatic")).to_be_visible()
        check("display menu open")

        page.goto(live_server + screens["entry"])
        page.get_by_role("button", name="Save hand 4").click()
        expect(page.locator(".field-error").first).to_be_visible()
        check("hand refused")

        page.goto(live_server + "/check/eversol")
        page.locator("label.suit:has(input[value='D'])").click()
        for rank in ("7", "8", "9"):
            page.get_by_role("button", name=rank, exact=True).click()
        expect(page.locator("#verdict")).to_contain_text("Not a legal meld")
        # The answer came by htmx: said aloud from the region there since the page loaded.
        expect(page.locator("#announcer")).to_contain_text("Not a legal meld")
        check("checker ruling")

        game_id, key = made(page.request, live_server, ["Ann", "Bob", "Cy"])  # its own, to follow
        page.goto(f"{live_server}/games/{game_id}/join/{key}")
        page.get_by_role("button", name="Follow this hand (referee)").click()
        page.get_by_role("button", name="Drew from the stock").click()
        expect(page.locator("#referee-title")).to_contain_text("play")
        discard(page, "KH", "K♥")
        page.get_by_role("button", name="Ann 0 bought").click()  # asks to buy the K♥
        expect(page.locator(".referee-ruling")).to_be_visible()
        ruled = page.locator(".referee-ruling").inner_text().split("\n")[0]
        expect(page.locator("#announcer")).to_contain_text(ruled)
        check("referee ruling")

        page.get_by_role("button", name="Drew from the stock").click()  # Cy lets it go
        expect(page.locator("#referee-title")).to_contain_text("play")
        page.locator(".referee-more--down > summary").click()
        page.get_by_role("button", name="Add Q♦", exact=True).click()
        expect(page.locator("[data-meld-chips='0']")).to_contain_text("Q♦")
        check("referee going down")
    finally:
        screen.close()
    assert not found, "\n".join(f"{name}: {line}" for name, lines in found.items()
                                for line in lines)


@pytest.fixture(scope="module")
def club_server(tmp_path_factory, test_database):
    """A server whose organiser set a password (as ``referee password`` does), on a database
    of its own."""
    data = tmp_path_factory.mktemp("club")
    app = create_app({"SECRET_KEY": "club-tests", "PASSWORD_HASH": generate_password_hash(
        "club night", method="pbkdf2:sha256:1000"),
        "SQLALCHEMY_DATABASE_URI": empty_database(test_database, data, "club")})
    server = create_server(app, host="127.0.0.1", port=0, threads=2)
    threading.Thread(target=server.run, daemon=True).start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    dispose_engines(app)


@pytest.mark.parametrize("viewport", [TABLET, PHONE], ids=["tablet", "phone"])
def test_a_club_server_asks_for_its_password_readably(club_server, browser, viewport):
    """Home says the games need the password; a wrong one is said beside the field, aloud;
    the right one opens the games; signing out closes them again."""
    size = "tablet" if viewport is TABLET else "phone"
    screen = themed(browser, viewport, "light", "normal")
    page = screen.page
    found: dict[str, list[str]] = {}

    def check(name: str) -> None:
        assert_touch_targets_and_no_overflow(page, viewport["width"], "main .button, main input")
        if problems := violations(page):
            found[name] = problems

    try:
        page.goto(club_server + "/")
        expect(page.get_by_text("for those who know its password")).to_be_visible()
        check("home, locked")
        page.get_by_role("link", name="Sign in to keep score").click()
        expect(page.get_by_role("heading", name="Sign in to the games")).to_be_visible()
        page.get_by_label("Password").fill("club nite")
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("alert")).to_contain_text("That is not the password")
        expect(page.get_by_label("Password")).to_have_attribute("aria-invalid", "true")
        check("sign-in, wrong password")
        screen.shot(f"sign-in-wrong-{size}")
        page.get_by_label("Password").fill("club night")
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Games", exact=True)).to_be_visible()
        page.goto(club_server + "/")
        expect(page.get_by_role("link", name="Games so far")).to_be_visible()
        check("home, signed in")
        screen.shot(f"sign-in-home-signed-in-{size}")
        page.get_by_role("button", name="Sign out of the games").click()
        expect(page.get_by_role("status")).to_contain_text("Signed out")
        check("home, signed out")
        screen.shot(f"sign-in-home-locked-{size}")
    finally:
        screen.close()
    assert not screen.errors, screen.errors
    assert not found, "\n".join(f"{name}: {line}" for name, lines in found.items()
                                for line in lines)
