"""A Jack Change It round of four followed on the tablet from the deal to the winner: a 2, a
2 with the A♥ (nine to draw), a jack's change, a jack tapped by mistake and another card
played instead, a queen's reverse, an 8's skip, a card refused beside the picker with its
rule, an undo; the first player out wins the round in the night's standings. On a phone
without JavaScript a jack's suit is asked on a page of its own, and no choice blocks play."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_accessibility import violations
from .test_referee_screens import assert_touch_targets_and_no_overflow


def stepped(page, tap) -> None:
    """Tap, and wait for the board the step brings back."""
    shown = page.locator("#board").get_attribute("data-version")
    tap()
    expect(page.locator("#board")).not_to_have_attribute("data-version", shown)


def play(page, card: str, with_ace: bool = False, call: str | None = None) -> None:
    """The card's suit, then its rank (or the 2 with the A♥); a jack's suit once it is asked."""
    form = page.locator(".round-play")
    form.locator(f".pick-suits .pick-chip--{card[-1]}").click()
    key = form.get_by_role("button", name=f"Play {card[:-1]}" + (" with the A♥" if with_ace
                                                                  else ""), exact=True)
    if call is None:
        stepped(page, key.click)
        return
    key.click()
    asking = page.locator(".round-calling")
    expect(asking.locator(".round-calling-question")).to_be_focused()
    stepped(page, asking.get_by_role("button", name=SUITS[call], exact=True).click)


SUITS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def jack_tapped(page, suit: str, question: str):
    """Tap the jack of ``suit`` on the play form: its suit is asked in a panel of its own."""
    form = page.locator(".round-play")
    form.locator(f".pick-suits .pick-chip--{suit}").click()
    form.get_by_role("button", name="Play J", exact=True).click()
    asking = page.locator(".round-calling")
    expect(asking.locator(".round-calling-question")).to_have_text(question)
    return asking


def draw(page, player: str, cards: int) -> None:
    stepped(page, lambda: page.get_by_role("button", name=f"{player} draws {cards}").click())


def turn(page, player: str) -> None:
    expect(page.locator("#round-title")).to_have_text(f"{player}’s turn")


def test_a_round_of_four_followed_from_the_deal_to_the_winner(live_server, open_screen):
    tablet = open_screen(TABLET)
    page = tablet.page
    game = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": "jack-change-it", "players": ["Ann", "Bo", "Cy", "Di"],
        "first_dealer": "Di"}).json()
    page.goto(f"{live_server}/games/{game['id']}/join/{game['edit_key']}")
    start = page.locator(".round-start")
    start.locator(".pick-chip--H").click()
    start.get_by_role("button", name="Turned up 9", exact=True).click()
    turn(page, "Ann")
    expect(page.locator(".round-top")).to_have_text("9♥")

    play(page, "9S")
    play(page, "2S")
    expect(page.locator(".round-waiting")).to_have_text(
        "Draw waiting: Cy must draw 2, or answer with a 2 (or a 2 and the A♥ together, "
        "seven more).")
    play(page, "2H", with_ace=True)
    expect(page.locator(".round-waiting")).to_have_text(
        "Draw waiting: Di must draw 9, or block it with the 5♥.")
    expect(page.locator(".card-button--pair")).to_have_count(0)  # the A♥ is down
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    assert violations(page) == []
    tablet.shot("jack-change-it-stack-tablet")
    draw(page, "Di", 9)
    expect(page.locator(".round-seat", has_text="Di")).to_contain_text("16 cards")

    play(page, "JH", call="C")
    expect(page.locator(".round-facts")).to_contain_text("♣ clubs (the jack’s call)")
    expect(page.locator(".round-calling")).to_have_count(0)
    # Bo taps the J♣ by mistake: its suit is asked, in a panel of its own; he plays the 7♣.
    asking = jack_tapped(page, "C", "Bo plays the J♣. Change it to which suit?")
    expect(asking.get_by_role("button")).to_have_text(["♠ Spades", "♥ Hearts", "♦ Diamonds"])
    assert_touch_targets_and_no_overflow(page, TABLET["width"])
    assert violations(page) == []
    tablet.shot("jack-change-it-jack-asked-tablet")
    play(page, "7C")
    expect(page.locator(".round-said")).to_have_text("Bo played 7♣. Legal.")
    expect(page.locator(".round-calling")).to_have_count(0)
    turn(page, "Cy")
    play(page, "QC")
    expect(page.locator(".round-facts")).to_contain_text("to the right (reversed)")
    turn(page, "Bo")
    play(page, "5C")
    play(page, "5S")
    play(page, "8S")
    expect(page.locator(".round-fact--skip")).to_contain_text("Cy")
    turn(page, "Bo")
    tablet.shot("jack-change-it-skip-tablet")
    play(page, "4S")

    # Ann taps a king that fits neither the spade nor the 4: refused beside the picker.
    form = page.locator(".round-play")
    form.locator(".pick-suits .pick-chip--C").click()
    form.get_by_role("button", name="Play K", exact=True).click()
    problem = page.locator(".round-play .referee-problem")
    expect(problem).to_have_text("The K♣ matches neither the spade in force nor the rank of "
                                 "the 4♠.")
    expect(page.locator(".round-play .rule-link")).to_be_visible()
    problem.scroll_into_view_if_needed()
    tablet.shot("jack-change-it-refused-tablet")
    turn(page, "Ann")
    play(page, "4D")
    play(page, "6D")
    stepped(page, lambda: page.get_by_role("button", name="Undo: Di played 6♦").click())
    turn(page, "Di")
    play(page, "6D")
    for card in ("6C", "3C", "3H"):
        play(page, card)
    draw(page, "Di", 1)
    for card in ("3S", "KS", "KH"):
        play(page, card)
    for player in ("Di", "Cy", "Bo"):
        draw(page, player, 1)
    play(page, "10H")
    expect(page.locator(".round-last")).to_have_text("★ Ann went out and won round 1.")
    expect(page.locator(".ranking-item").first).to_contain_text("Ann")
    assert violations(page) == []
    tablet.shot("jack-change-it-winner-tablet")


def test_on_a_phone_without_javascript_a_jack_is_asked_its_suit_and_nothing_blocks_play(
        live_server, open_screen):
    phone = open_screen(PHONE, javascript=False)
    page = phone.page
    game = page.request.post(f"{live_server}/api/v1/games", data={
        "ruleset": "jack-change-it", "players": ["Ann", "Bo", "Cy"],
        "first_dealer": "Cy"}).json()
    page.goto(f"{live_server}/games/{game['id']}/join/{game['edit_key']}")
    start = page.locator(".round-start")
    start.locator(".pick-chip--H").click()
    start.get_by_role("button", name="Turned up 9", exact=True).click()
    turn(page, "Ann")
    asking = jack_tapped(page, "H", "Ann plays the J♥. Change it to which suit?")
    asking.scroll_into_view_if_needed()
    assert_touch_targets_and_no_overflow(page, PHONE["width"])
    phone.shot("jack-change-it-jack-asked-phone")
    # Not the jack: the 9♠ counts alone, and every later card too.
    play(page, "9S")
    turn(page, "Bo")
    expect(page.locator(".round-said")).to_have_text("Ann played 9♠. Legal.")
    play(page, "4S")
    turn(page, "Cy")
    asking = jack_tapped(page, "S", "Cy plays the J♠. Change it to which suit?")
    asking.get_by_role("button", name="Diamonds", exact=True).click()
    expect(page.locator(".round-facts")).to_contain_text("♦ diamonds (the jack’s call)")
    turn(page, "Ann")
    phone.shot("jack-change-it-called-phone")

