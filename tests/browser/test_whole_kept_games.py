"""Whole games kept on a tablet, through the screens as a family plays them (issue 11): a
4-player 500 game to a lower target (a hand where the stock ran out, negative scores, a tie at
the top that plays on), a Basic Rummy game with a hand gone rummy, a 5-hand Base Rules game,
an Escoba game of four in partnerships (a hand entered as each side's captures, a tie at 21),
and a Piquet partie of six deals (issue 29: carte blanche, a repique and a capot from the score
sheet, the rest typed, the loser under 100).
Each hand is entered with steppers, tapped cards (melds with "Next meld") and typed totals; each
game has a correction with its reason and an undo, and ends on the game-over screen.
Screenshots: whole-*.png (tablet, and each game over on a phone)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import expect

from .conftest import PHONE, TABLET
from .test_entry_shapes_screens import TOTAL, step, tap
from .test_game_screens import add_players
from .test_game_screens import assert_touch_targets_and_no_overflow as assert_fits
from .test_accessibility import violations

MINUS = "\N{MINUS SIGN}"

# An amount as the scorer enters it: a typed total (int), the cards tapped one by one (a list;
# "/" is "Next meld"), counts tapped in with the steppers ({"10–K": 2}: two taps on "One 10–K
# more"), or nothing at all (None).


@dataclass(frozen=True)
class Hand:
    """A hand's end as the table tells it: who went out (None: the stock ran out), each
    player's amounts ((melded, held) where the game counts both, else held) and the hand's
    scores the entry must show."""

    out: str | None
    amounts: dict
    scores: dict
    rummy: bool = False
    collects: int | None = None  # Basic: what the one out collects


def total(points: int) -> str:
    """A number as the standings show it: a true minus sign."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def set_up(open_screen, live_server, title: str, players, dealer: str,
           shown_end: str | None = None, seated=None, **house_rules):
    """On a new tablet screen, from the list of games to the first hand: choose the game, seat
    the players in order, choose who deals first and any house rule (by its label: the game's
    end at the top of the form then reads ``shown_end``), and start. ``seated(screen)`` looks
    at the form once everyone is seated."""
    screen = open_screen(TABLET)
    page = screen.page
    page.goto(f"{live_server}/games/new")
    page.get_by_role("link", name=f"Set up {title}").click()
    expect(page.get_by_role("heading", name=f"New {title} game")).to_be_visible()
    add_players(page, players)
    page.locator(".chip-choice", has_text=re.compile(f"^{dealer}$")).click()
    for label, value in house_rules.items():
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Tab")
    if shown_end:
        expect(page.locator(".setup-game strong")).to_have_text(shown_end)
    if seated:
        seated(screen)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#hand-title")).to_contain_text(re.compile("(Hand|Deal) 1"))
    expect(page.locator(".roles")).to_contain_text(f"Deals {dealer}")
    return screen


def fill_amount(amount, value, whose: str) -> None:
    if value is None:
        return
    if isinstance(value, int):
        amount.get_by_label(TOTAL).fill(str(value))
    elif isinstance(value, list):
        tap(amount, value, whose)
    else:
        for label, times in value.items():
            step(amount, label, whose, times)


def fill_entry(page, players, hand: Hand) -> None:
    """Fill the end-of-hand entry (a new hand's, or a correction's, over what it holds) and
    check the scores it shows as they are entered."""
    rows = page.locator(".entry-row")
    if hand.out is None:
        page.get_by_text("Nobody: the stock ran out").click()
    else:
        rows.nth(players.index(hand.out)).locator(".went-out-toggle").click()
    if hand.rummy:
        page.get_by_text("Went rummy (double)").click()
    two_parts = page.locator(".entry-form--melded_minus_held").count() == 1
    for name, value in hand.amounts.items():
        row = rows.nth(players.index(name))
        if two_parts:
            melded, held = value
            fill_amount(row.locator("[data-amount=melded]"), melded, f"for {name}'s melds")
            fill_amount(row.locator("[data-amount=held]"), held, f"for {name}'s hand")
        else:
            fill_amount(row.locator("[data-amount=held]"), value, f"for {name}")
    for name, score in hand.scores.items():
        expect(page.locator(f"#points-{players.index(name)}")).to_have_text(total(score))
    if hand.collects is not None:
        expect(page.locator(f"#collected-{players.index(hand.out)}")).to_have_text(
            str(hand.collects))


def ending(hand: Hand) -> str:
    if hand.out is None:
        return "the stock ran out"
    return f"{hand.out} went {'rummy' if hand.rummy else 'out'}"


def score_hand(screen, players, number: int, hand: Hand, shot: str | None = None) -> None:
    """From the board: "Score hand N", the entry filled, saved, and back on the board."""
    page = screen.page
    page.get_by_role("link", name=f"Score hand {number}").click()
    expect(page.get_by_role("heading", name=re.compile(f"End of hand {number}"))).to_be_visible()
    fill_entry(page, players, hand)
    if shot:
        assert_fits(page, TABLET["width"])
        screen.shot(shot)
    page.get_by_role("button", name=f"Save hand {number}").click()
    expect(page.locator(".flash")).to_have_text(f"Hand {number} saved: {ending(hand)}.")


def correct_hand(page, players, number: int, hand: Hand, reason: str) -> None:
    """From the board: "Correct hand N", the entry changed where it was wrong, and saved with
    the reason."""
    page.get_by_role("link", name=f"Correct hand {number}").click()
    expect(page.get_by_role("heading", name=f"Correct hand {number}")).to_be_visible()
    fill_entry(page, players, hand)
    page.get_by_label(f"Why is hand {number} corrected?").fill(reason)
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".flash")).to_have_text(f"Hand {number} corrected: {ending(hand)}.")


def undo(page, step_name: str) -> None:
    page.get_by_role("button", name=f"Undo: {step_name}").click()
    expect(page.locator(".flash")).to_have_text(
        f"Undone: {step_name}. It stays in the history, struck through.")


def assert_standings_row(page, number: int, running: dict, points: dict) -> None:
    """The board's standings after hand ``number``: every running total, and each player's
    points for the hand, with the mark of whoever ended it (``"+36 out"``)."""
    row = page.locator(".standings tbody tr").nth(number - 1)
    expect(row.locator(".running")).to_have_text([total(v) for v in running.values()])
    expect(row.locator(".hand-points")).to_have_text(
        [p if isinstance(p, str) else ("+" if p > 0 else "") + total(p) for p in points.values()])


def assert_ranking(page, places: list[str]) -> None:
    """The ranking as it reads: ``["tied 1st Ann 160", "tied 1st Bo 160", "3rd Cy 71", ...]``."""
    expect(page.locator(".ranking-item")).to_have_text(
        [re.sub(r"(\D)-(\d+)$", rf"\1{MINUS}\2", place) for place in places])


def assert_history(screen, name: str, corrected: str, undone: str) -> None:
    """The history keeps the correction's reason and strikes the undone step through."""
    page = screen.page
    page.get_by_role("link", name="History").click()
    expect(page.locator(".history-item--correction .history-title")).to_have_text(corrected)
    expect(page.locator(".history-item--undone s.history-title")).to_have_text(undone)
    assert_fits(page, TABLET["width"])
    screen.shot(f"whole-{name}-history-tablet")


def game_over(screen, name: str, winners: str, points: int, places: list[str]) -> None:
    """The game-over screen names the winner(s), at tablet size and on a phone."""
    page = screen.page
    expect(page.locator(".result-panel .winner")).to_have_text(f"★ {winners}")
    expect(page.locator(".result-panel .winner-total")).to_have_text(
        f"with {total(points)} points")
    expect(page.get_by_role("link", name=re.compile("Score hand"))).to_have_count(0)
    assert_ranking(page, places)
    assert_fits(page, TABLET["width"])
    screen.shot(f"whole-{name}-over-tablet")
    page.set_viewport_size(PHONE)
    assert_fits(page, PHONE["width"])
    screen.shot(f"whole-{name}-over-phone")
    page.set_viewport_size(TABLET)


FIVE_HUNDRED = ("Ann", "Bo", "Cy", "Di")
THREE = ("Ann", "Bo", "Cy")  # Basic and Base Rules
# To 150: Ann and Bo tie on 160 after hand 4, and hand 5 decides it.
FIVE_HUNDRED_HANDS = [
    Hand("Ann", {"Ann": (["A", "2", "3", "/", "K", "K", "K"], None),  # the ace low: 36
                 "Bo": ({"10–K": 2}, 35), "Cy": (40, {"7": 2}), "Di": (None, 62)},
         {"Ann": 36, "Bo": -15, "Cy": 26, "Di": -62}),
    Hand(None, {"Ann": (30, 10), "Bo": (["Q", "Q", "Q", "/", "J", "J", "J"], {"5": 1}),
                "Cy": (25, 20), "Di": ({"Ace or Joker": 3, "5": 1}, 5)},  # held a card
         {"Ann": 20, "Bo": 55, "Cy": 5, "Di": 45}),
    Hand("Bo", {"Bo": (["K", "K", "K", "/", "Q", "Q", "Q", "/", "10", "10", "10"], None),
                "Ann": (70, ["5"]), "Cy": ({"10–K": 2}, 30), "Di": (10, {"5": 3})},
         {"Ann": 65, "Bo": 90, "Cy": -10, "Di": -5}),
    Hand("Cy", {"Cy": (50, None), "Ann": (["J", "Q", "K", "/", "4", "5", "6"], 6),
                "Bo": ({"10–K": 4}, 10), "Di": (None, 20)},
         {"Ann": 39, "Bo": 30, "Cy": 50, "Di": -20}),
]


def two_player_deal_greyed_out(screen) -> None:
    """Four seated: the deal for two cannot apply, and the form says so beside it."""
    rule = screen.page.locator(".house-rule",
                               has_text="How many cards are dealt to each of two players?")
    for deal in ("13 cards", "7 cards"):
        expect(rule.get_by_role("radio", name=deal)).to_be_disabled()
    expect(rule.locator(".option-idle-note")).to_have_text("Only when 2 play. 4 are seated.")
    rule.scroll_into_view_if_needed()
    screen.shot("whole-500-setup-two-player-deal-tablet")


def test_a_500_game_to_150_with_a_tie_at_the_top_that_plays_on(live_server, open_screen):
    players = FIVE_HUNDRED
    screen = set_up(open_screen, live_server, "500 Rummy", players, "Ann",
                    **{"What score ends the game?": 150}, shown_end="first to 150",
                    seated=two_player_deal_greyed_out)
    page = screen.page
    expect(page.locator(".hand-panel .hand-kicker")).to_have_text("500 Rummy · first to 150")

    hands = FIVE_HUNDRED_HANDS
    score_hand(screen, players, 1, hands[0], shot="whole-500-entry-tablet")
    assert_standings_row(page, 1, {"Ann": 36, "Bo": -15, "Cy": 26, "Di": -62},
                         {"Ann": "+36 out", "Bo": -15, "Cy": 26, "Di": -62})
    expect(page.locator(".standings .hand-points--minus")).to_have_count(2)
    score_hand(screen, players, 2, hands[1])
    assert_standings_row(page, 2, {"Ann": 56, "Bo": 40, "Cy": 31, "Di": -17},
                         {"Ann": 20, "Bo": 55, "Cy": 5, "Di": 45})
    expect(page.locator(".standings tbody tr").nth(1).locator(".standings-ending")).to_have_text(
        "stock ran out")
    assert_ranking(page, ["1st Ann 56", "2nd Bo 40", "3rd Cy 31", "4th Di -17"])

    # Di held 52 in hand 1, not 62: the typed total is typed again.
    correct_hand(page, players, 1, Hand("Ann", {"Di": (None, 52)}, {"Di": -52}),
                 "Di held 52, not 62")
    expect(page.locator(".standings .corrected-mark")).to_have_count(1)
    assert_standings_row(page, 1, {"Ann": 36, "Bo": -15, "Cy": 26, "Di": -52},
                         {"Ann": "+36 out", "Bo": -15, "Cy": 26, "Di": -52})
    assert_standings_row(page, 2, {"Ann": 56, "Bo": 40, "Cy": 31, "Di": -7},
                         {"Ann": 20, "Bo": 55, "Cy": 5, "Di": 45})

    score_hand(screen, players, 3, hands[2])
    score_hand(screen, players, 4, hands[3])
    # Ann and Bo are both past 150, level at the top: the game is not over.
    assert_standings_row(page, 4, {"Ann": 160, "Bo": 160, "Cy": 71, "Di": -32},
                         {"Ann": 39, "Bo": 30, "Cy": "+50 out", "Di": -20})
    expect(page.locator("#hand-title")).to_have_text("Hand 5")
    expect(page.locator(".result-panel")).to_have_count(0)
    expect(page.get_by_role("link", name="Score hand 5")).to_be_visible()
    expect(page.locator(".plays-on")).to_have_text(
        "Not over yet: Ann and Bo are level at the top on 160, past 150. A tie plays on until "
        "one player leads alone.")
    expect(page.locator(".standings-player.is-leader")).to_contain_text(["Ann", "Bo"])
    assert_ranking(page, ["tied 1st Ann 160", "tied 1st Bo 160", "3rd Cy 71", "4th Di -32"])
    assert_fits(page, TABLET["width"])
    screen.shot("whole-500-tie-plays-on-tablet")

    # Hand 5 saved with Bo out by mistake ends the game; the undo takes it back to the tie.
    score_hand(screen, players, 5, Hand("Bo", {"Bo": (45, None), "Ann": (10, 25),
                                               "Cy": (15, 10), "Di": (0, 30)},
                                        {"Ann": -15, "Bo": 45, "Cy": 5, "Di": -30}))
    expect(page.locator(".result-panel .winner")).to_have_text("★ Bo wins")
    undo(page, "Hand 5 scored")
    expect(page.locator("#hand-title")).to_have_text("Hand 5")
    expect(page.locator(".plays-on")).to_be_visible()
    expect(page.locator(".standings tbody tr").nth(4).locator(".standings-cell--empty")
           ).to_have_count(4)
    assert_ranking(page, ["tied 1st Ann 160", "tied 1st Bo 160", "3rd Cy 71", "4th Di -32"])

    score_hand(screen, players, 5, Hand("Ann", {"Ann": ({"Ace or Joker": 3}, None),
                                                "Bo": (10, 25), "Cy": (15, {"10–K": 1}),
                                                "Di": (None, 30)},
                                        {"Ann": 45, "Bo": -15, "Cy": 5, "Di": -30}))
    assert_standings_row(page, 5, {"Ann": 205, "Bo": 145, "Cy": 76, "Di": -62},
                         {"Ann": "+45 out", "Bo": -15, "Cy": 5, "Di": -30})
    expect(page.locator(".result-panel .hand-kicker")).to_have_text(
        "500 Rummy · Game over after 5 hands")
    game_over(screen, "500", "Ann wins", 205,
              ["1st Ann 205", "2nd Bo 145", "3rd Cy 76", "4th Di -62"])
    assert_history(screen, "500", "Hand 1 corrected: Di held 52, not 62", "Hand 5: Bo went out")


def test_a_basic_rummy_game_with_a_hand_gone_rummy(live_server, open_screen):
    players = THREE
    screen = set_up(open_screen, live_server, "Basic Rummy", players, "Cy")
    page = screen.page
    expect(page.locator(".hand-panel .hand-kicker")).to_have_text("Basic Rummy · first to 100")

    score_hand(screen, players, 1, Hand("Ann", {"Bo": ["K", "2"], "Cy": {"10–K": 2}},
                                        {"Bo": 12, "Cy": 20}, collects=32))
    assert_standings_row(page, 1, {"Ann": 32, "Bo": 0, "Cy": 0},
                         {"Ann": "+32 out", "Bo": 0, "Cy": 0})

    # Hand 2 saved without "Went rummy" by mistake: undone, and entered again.
    second = {"Ann": 15, "Cy": ["Q", "9", "5"]}
    score_hand(screen, players, 2, Hand("Bo", second, {"Ann": 15, "Cy": 24}, collects=39))
    assert_standings_row(page, 2, {"Ann": 32, "Bo": 39, "Cy": 0},
                         {"Ann": 0, "Bo": "+39 out", "Cy": 0})
    undo(page, "Hand 2 scored")
    expect(page.locator("#hand-title")).to_have_text("Hand 2")
    assert_ranking(page, ["1st Ann 32", "tied 2nd Bo 0", "tied 2nd Cy 0"])
    score_hand(screen, players, 2, Hand("Bo", second, {"Ann": 15, "Cy": 24}, rummy=True,
                                        collects=78), shot="whole-basic-entry-tablet")
    assert_standings_row(page, 2, {"Ann": 32, "Bo": 78, "Cy": 0},
                         {"Ann": 0, "Bo": "+78 rummy", "Cy": 0})

    score_hand(screen, players, 3, Hand("Cy", {"Ann": {"10–K": 1, "5": 2}, "Bo": 10},
                                        {"Ann": 20, "Bo": 10}, collects=30))
    assert_ranking(page, ["1st Bo 78", "2nd Ann 32", "3rd Cy 30"])

    # Cy still held a king in hand 1: one more on the steppers as they were counted.
    correct_hand(page, players, 1, Hand("Ann", {"Cy": {"10–K": 1}}, {"Cy": 30}, collects=42),
                 "Cy still held a king")
    assert_standings_row(page, 1, {"Ann": 42, "Bo": 0, "Cy": 0},
                         {"Ann": "+42 out", "Bo": 0, "Cy": 0})
    assert_ranking(page, ["1st Bo 78", "2nd Ann 42", "3rd Cy 30"])

    score_hand(screen, players, 4, Hand("Ann", {"Bo": 30, "Cy": ["K", "Q", "J", "10"]},
                                        {"Bo": 30, "Cy": 40}, collects=70))
    assert_standings_row(page, 4, {"Ann": 112, "Bo": 78, "Cy": 30},
                         {"Ann": "+70 out", "Bo": 0, "Cy": 0})
    game_over(screen, "basic", "Ann wins", 112, ["1st Ann 112", "2nd Bo 78", "3rd Cy 30"])
    assert_history(screen, "basic", "Hand 1 corrected: Cy still held a king", "Hand 2: Bo went out")


BASE_HANDS = [
    Hand("Bo", {"Bo": (["7", "8", "9", "/", "Q", "Q", "Q"], None), "Ann": (None, {"10–K": 2}),
                "Cy": ({"5": 3}, ["2", "3"])},
         {"Ann": -20, "Bo": 54, "Cy": 10}),
    Hand("Ann", {"Ann": (60, None), "Bo": (20, {"5": 1, "10–K": 1}), "Cy": (None, 35)},
         {"Ann": 60, "Bo": 5, "Cy": -35}),
    Hand("Cy", {"Cy": (70, None), "Ann": ({"10–K": 1}, 25), "Bo": (30, 8)},
         {"Ann": -15, "Bo": 22, "Cy": 70}),
    Hand("Ann", {"Ann": (["10", "J", "Q", "K", "/", "5", "5", "5"], None), "Bo": (None, 40),
                 "Cy": (25, 5)},
         {"Ann": 55, "Bo": -40, "Cy": 20}),
    Hand("Bo", {"Bo": (50, None), "Ann": (15, 10), "Cy": (30, ["6", "4"])},
         {"Ann": 5, "Bo": 50, "Cy": 20}),
]


def test_a_five_hand_base_rules_game(live_server, open_screen):
    players = THREE
    screen = set_up(open_screen, live_server, "Base Rules Rummy", players, "Ann",
                    **{"How many hands, when it ends by hands?": 5})  # one hand unless the table sets more
    page = screen.page
    expect(page.locator("#hand-title")).to_have_text("Hand 1 of 5")
    expect(page.locator(".standings tbody tr")).to_have_count(5)  # the hands to come too

    running = dict.fromkeys(players, 0)
    for number, hand in enumerate(BASE_HANDS, 1):
        score_hand(screen, players, number, hand,
                   shot="whole-base-entry-tablet" if number == 1 else None)
        running = {name: running[name] + hand.scores[name] for name in players}
        assert_standings_row(page, number, running, {
            name: f"+{score} out" if name == hand.out else score
            for name, score in hand.scores.items()})
        if number < 5:
            expect(page.locator("#hand-title")).to_have_text(f"Hand {number + 1} of 5")
    assert running == {"Ann": 85, "Bo": 91, "Cy": 85}
    expect(page.locator(".result-panel .hand-kicker")).to_have_text(
        "Base Rules Rummy · Game over after 5 hands")
    expect(page.locator(".result-panel .winner")).to_have_text("★ Bo wins")

    # After the game: Bo still held a 10 in hand 3, and Ann and Cy share the win...
    correct_hand(page, players, 3, Hand("Cy", {"Bo": (None, 18)}, {"Bo": 12}),
                 "Bo still held a 10")
    expect(page.locator(".result-panel .winner")).to_have_text("★ Ann and Cy share the win")
    assert_ranking(page, ["tied 1st Ann 85", "tied 1st Cy 85", "3rd Bo 81"])
    # ...until the table remembers that 10 was counted already: the correction is undone.
    undo(page, "Hand 3 correction")
    expect(page.locator(".standings .corrected-mark")).to_have_count(0)
    game_over(screen, "base", "Bo wins", 91, ["1st Bo 91", "tied 2nd Ann 85", "tied 2nd Cy 85"])
    corrected = "Hand 3 corrected: Bo still held a 10"
    assert_history(screen, "base", corrected, undone=corrected)


ESCOBA = ("Ann", "Bo", "Cy", "Di")  # partners opposite: Ann and Cy, Bo and Di


def partnerships_chosen(screen) -> None:
    """Four seated: the table plays as two partnerships and names the first."""
    page = screen.page
    page.locator(".chip-choice", has_text="2 teams of 2").click()
    team = page.get_by_label("Ann & Cy")
    expect(team).to_be_visible()
    team.fill("Us")
    page.get_by_label("Bo & Di").fill("Them")
    assert_fits(page, TABLET["width"])
    screen.shot("whole-escoba-setup-partnerships-tablet")


def test_an_escoba_game_of_four_in_partnerships_tied_at_21_then_won(live_server, open_screen):
    screen = set_up(open_screen, live_server, "Escoba", ESCOBA, "Ann",
                    shown_end="first to 21", seated=partnerships_chosen)
    page = screen.page
    expect(page.locator(".roles")).to_contain_text("Plays first Di")  # the dealer's right

    # Hand 1, entered as what each side took; Ann's deal made an escoba at once.
    page.get_by_role("link", name="Score hand 1").click()
    expect(page.locator(".entry-context")).to_contain_text("Ann dealt")
    for box, value in (("side0_count", 22), ("side0_diamonds", 6), ("side0_best", "7D 7S 7H 6C"),
                       ("side0_escobas", 3), ("side1_count", 18), ("side1_diamonds", 4)):
        page.locator(f"#{box}").fill(str(value))
    page.get_by_label("Took the 7♦").first.check()
    page.get_by_role("button", name="Show the points").click()
    points = page.locator(".side-sheet-points[role=status]")
    expect(points).to_contain_text(
        "Us 7: Most cards 1, Most diamonds 1, 7♦ 1, La setenta 1, Escobas 3")
    expect(points).to_contain_text("Them 0: nothing this hand")
    expect(points).to_be_in_viewport()  # the answer to the tap, in view and focused
    expect(points).to_be_focused()
    assert violations(page) == []
    assert_fits(page, TABLET["width"])
    screen.shot("whole-escoba-entry-counts-tablet")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page.locator(".flash")).to_have_text(
        "Hand 1 saved: Us 7 (Most cards 1, Most diamonds 1, 7♦ 1, La setenta 1, Escobas 3), "
        "Them 0.")
    expect(page.locator(".roles")).to_contain_text("Deals Di")  # the deal passed right

    # Hands 2 and 3, typed (a hand makes 24 points at the most): both sides on 21, level at
    # the top, so the game goes on.
    for hand, us, them, dealer in ((2, 7, 14, "Cy"), (3, 7, 7, "Bo")):
        page.get_by_role("link", name=f"Score hand {hand}").click()
        page.get_by_role("spinbutton", name="Us", exact=True).fill(str(us))
        page.get_by_role("spinbutton", name="Them", exact=True).fill(str(them))
        page.get_by_role("button", name=f"Save hand {hand}").click()
        expect(page.locator(".roles")).to_contain_text(f"Deals {dealer}")
    expect(page.locator(".plays-on")).to_have_text(
        "Not over yet: Us and Them are level at the top on 21. A tie plays on until one side "
        "leads alone.")
    assert_fits(page, TABLET["width"])
    screen.shot("whole-escoba-tie-plays-on-tablet")

    page.get_by_role("link", name="Score hand 4").click()
    page.get_by_role("spinbutton", name="Us", exact=True).fill("1")
    page.get_by_role("spinbutton", name="Them", exact=True).fill("2")
    page.get_by_role("button", name="Save hand 4").click()
    game_over(screen, "escoba", "Them wins", 23, ["1st Them Bo & Di 23", "2nd Us Ann & Cy 22"])


# --- Piquet: a partie of six deals, Ben dealing first (so Ann is elder in deals 1, 3, 5) ----
# Each deal from the sheet: its boxes by id, and each choice by its group and words.
PIQUET_SHEETS = {
    1: ({"elder_point": "5 worth 48", "elder_sequences": "quart to the jack",
         "younger_point": "5 worth 46", "younger_sets": "three kings",
         "elder_tricks": 7, "younger_tricks": 5},
        {"Carte blanche shown": "Ann", "Last trick taken by": "Ben"}, {"Ann": 44, "Ben": 12}),
    2: ({"younger_point": "6", "younger_sequences": "quint to the ace",  # Ann repiques
         "younger_sets": "quatorze of kings", "elder_point": "5",
         "elder_tricks": 6, "younger_tricks": 6},
        {"Last trick taken by": "Ann"}, {"Ann": 106, "Ben": 13}),
    3: ({"elder_point": "7 worth 64", "younger_point": "5",  # a capot, and a pique
         "elder_tricks": 12, "younger_tricks": 0}, {}, {"Ann": 101, "Ben": 0}),
}


def piquet_sheet(page, number: int) -> None:
    boxes, choices, _ = PIQUET_SHEETS[number]
    for key, value in boxes.items():
        page.locator(f"#{key}").fill(str(value))
    for group, words in choices.items():
        page.get_by_role("group", name=group).get_by_text(words, exact=True).click()


def assert_part(page, label: str, *cells: str) -> None:
    """A row of the deal's parts as it reads: its name, who scored it with what, the points."""
    row = page.locator(".deal-parts tr", has=page.locator("th", has_text=re.compile(f"^{label}$")))
    expect(row.locator("th, td")).to_have_text([label, *cells])


def piquet_deal(screen, number: int, scores: dict, typed: bool = False) -> None:
    """From the board: "Score deal N", the sheet (or each player's points typed), saved."""
    page = screen.page
    page.get_by_role("link", name=f"Score deal {number}").click()
    expect(page.get_by_role("heading", name=re.compile(f"End of deal {number}"))).to_be_visible()
    if typed:
        for name, points in scores.items():
            page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    else:
        piquet_sheet(page, number)
    page.get_by_role("button", name=f"Save deal {number}").click()
    said = ", ".join(f"{name} {points}" for name, points in scores.items())
    expect(page.locator(".flash")).to_have_text(f"Deal {number} saved: {said}.")


def test_a_piquet_partie_of_six_deals_from_the_sheet_and_typed(live_server, open_screen):

    screen = set_up(open_screen, live_server, "Piquet", ("Ann", "Ben"), "Ben")
    page = screen.page
    # Deal 1: a sequence no deck holds is refused beside its box, the sheet scored, saved.
    page.get_by_role("link", name="Score deal 1").click()
    expect(page.locator(".entry-context")).to_contain_text(
        "Ann is elder (leads); Ben, the dealer, is younger.")
    piquet_sheet(page, 1)
    page.locator("#elder_sequences").fill("quint to the nine")
    # One button works the deal out and saves it: a sheet no deck makes comes back marked.
    expect(page.get_by_role("button", name=re.compile("^Score deal"))).to_have_count(0)
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator("#elder_sequences-error")).to_have_text(
        "No sequence of 5 cards runs up to the nine: Piquet's cards start at the seven.")
    expect(page.locator("#elder_sequences")).to_be_focused()  # brought into view to fix
    expect(page.locator(".deal-sheet-fix")).to_have_text(
        "Fix what is marked in red above, then save the deal again.")
    screen.shot("whole-piquet-sheet-refused-tablet")
    page.locator("#elder_sequences").fill("quart to the jack")
    page.get_by_role("button", name="Save deal 1").click()
    expect(page.locator(".flash")).to_have_text("Deal 1 saved: Ann 44, Ben 12.")
    parts = page.locator(".deal-parts")
    expect(parts.locator("caption")).to_have_text("What deal 1 scores: Ann 44, Ben 12")
    expect(parts).to_be_in_viewport()
    assert_part(page, "Carte blanche", "Ann", "10", "0")
    assert_fits(page, TABLET["width"])
    assert violations(page) == []
    screen.shot("whole-piquet-sheet-carte-blanche-tablet")
    # Deal 2: Ann, younger, repiques; deal 3: Ann's capot (the last trick goes unsaid).
    piquet_deal(screen, 2, {"Ann": 106, "Ben": 13})
    page.get_by_role("link", name="Score deal 3").click()
    piquet_sheet(page, 3)
    page.get_by_role("button", name="Save deal 3").click()
    expect(page.locator(".flash")).to_have_text("Deal 3 saved: Ann 101, Ben 0.")
    assert_part(page, "Capot", "", "30", "0")
    assert_part(page, "Pique", "", "30", "0")
    assert_part(page, "Totals after it", "", "251", "25")
    screen.shot("whole-piquet-sheet-capot-tablet")
    # Deal 4 typed: what the cards allow is said beside the boxes, and 0-0 is refused there.
    page.get_by_role("link", name="Score deal 4").click()
    expect(page.locator("#scores-bounds")).to_have_text(
        "Together 24 to 185; Ben at least 1; Ann 0 to 184.")
    for name in ("Ann", "Ben"):
        page.get_by_role("spinbutton", name=name, exact=True).fill("0")
    page.get_by_role("button", name="Save deal 4").click()
    expect(page.locator("#score1-error")).to_contain_text("The scores come to 0")
    assert violations(page) == []
    screen.shot("whole-piquet-typed-bounds-tablet")
    # Deal 4 typed wrong, undone, typed again; deals 5 and 6 typed.
    for name, points in (("Ann", 14), ("Ben", 20)):
        page.get_by_role("spinbutton", name=name, exact=True).fill(str(points))
    page.get_by_role("button", name="Save deal 4").click()
    expect(page.locator(".flash")).to_have_text("Deal 4 saved: Ann 14, Ben 20.")
    undo(page, "Deal 4 scored")
    for number, scores in ((4, {"Ann": 20, "Ben": 14}), (5, {"Ann": 25, "Ben": 20}),
                           (6, {"Ann": 18, "Ben": 22})):
        piquet_deal(screen, number, scores, typed=True)
    # Ben stayed under 100 (81): the margin adds both totals, 314 + 81 + 100.
    expect(page.locator(".result-panel")).to_contain_text(
        "Ben did not reach 100: Ann wins by 495 (Rubicon).")
    assert_standings_row(page, 6, {"Ann": 314, "Ben": 81}, {"Ann": 18, "Ben": 22})
    assert_fits(page, TABLET["width"])
    assert violations(page) == []
    screen.shot("whole-piquet-over-tablet")
