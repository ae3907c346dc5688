"""Referee mode through the test client: every referee form's happy path, every refusal beside its
input (422, nothing saved), a step another device overtook (409), CSRF, watching devices, and
the end-of-hand entry filled in from what the referee saw. CSRF is on, as in production."""

from __future__ import annotations

import re

import pytest

from referee.store.games import load_game

from referee.core.games.eversol.hand.steps import Discarded, Drew

from .test_api_live_in_time import dealt
from .test_live_hand_in_time import ANN_THROWS_A_RUMMY_CARD
from .test_web_games import errors, hand_data, new_game, send, text, version_of

PLAYERS = ("Abe", "Ben", "Carl", "Dee")  # Abe deals hand 1: Ben plays first
HTMX = {"HX-Request": "true"}


def problem(response, element_id: str) -> str:
    """The message shown beside an input: the element of that id."""
    found = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', response.get_data(as_text=True))
    assert found, f"no #{element_id} in the answer; problems: {errors(response)}"
    return found.group(1).replace("&#39;", "'").replace("&amp;", "&")


class Table:
    """A game on one tablet, its hand followed by the referee; each step posted as the panel's forms
    post it."""

    def __init__(self, client, app, players=PLAYERS, **options):
        self.client, self.app = client, app
        self.id = new_game(client, players, **options)

    @property
    def version(self) -> int:
        return version_of(self.app, self.id)

    @property
    def live(self):
        """The core's hand being followed (``state.live``), or None."""
        with self.app.app_context():
            return load_game(self.id).state.live

    def post(self, action: str, data=None, player: str | None = None, version=None,
             headers=None):
        form = {"expected_version": str(self.version if version is None else version),
                **(data or {})}
        if player:
            form["player"] = player
        return send(self.client, f"/games/{self.id}/referee/{action}", form, headers=headers)

    def step(self, action: str, data=None, player: str | None = None):
        response = self.post(action, data, player)
        assert response.status_code == 303, errors(response)
        return response

    def refused(self, action: str, data=None, player: str | None = None):
        """A refusal: 422, the board again, and nothing saved."""
        before = self.version
        response = self.post(action, data, player)
        assert response.status_code == 422, response.status_code
        assert self.version == before
        return response

    def page(self):
        return self.client.get(f"/games/{self.id}")

    # The hand as the browser test plays it, in steps.
    def deal(self, upcard: str | None = "9D"):
        data = {} if upcard is None else {"upcard-rank": upcard[:-1], "upcard-suit": upcard[-1]}
        return self.step("start", data)

    def turn(self, player: str, discard: str | None = None):
        self.step("draw", {"source": "stock"}, player)
        if discard:
            self.step("discard", card(discard), player)

    def dee_down(self):
        """Ben throws K♣, Dee buys it, Carl throws 4♣; Dee draws and goes down: K K K, 5 5 JK."""
        self.deal()
        self.turn("Ben", "KC")
        self.step("draw", {"source": "stock"}, "Carl")
        self.step("bought", {"buyer": "Dee"})
        self.step("discard", card("4C"), "Carl")
        self.step("draw", {"source": "stock"}, "Dee")
        self.step("down", {"melds-0": "KC KS KH", "melds-1": "5D 5S JK"}, "Dee")


def card(text: str, prefix: str = "card") -> dict:
    if text == "JK":
        return {f"{prefix}-rank": "JK"}
    return {f"{prefix}-rank": text[:-1], f"{prefix}-suit": text[-1]}


@pytest.fixture
def table(client, app):
    return Table(client, app)


# --- Starting, and tables that only keep score --------------------------------------------------

def test_a_scorekeeping_table_sees_only_the_start_button(table):
    page = table.page().get_data(as_text=True)
    assert "Follow this hand (referee)" in page and 'id="referee"' not in page
    assert "Say the upcard (optional)" in page and "Choose the dealer" in page


def test_following_a_hand_turns_the_upcard_and_shows_whose_turn(table):
    response = table.deal("9D")
    assert response.headers["Location"].endswith(f"/games/{table.id}#referee")
    page = text(table.page())
    assert "Ben’s turn — draw" in page and "Upcard: 9♦" in page and "Took 9♦" in page
    assert "Last: Hand 1 dealt: 9♦ turned up" in page
    assert "Draw the dealer again" not in page  # the dealer is fixed once the hand is dealt
    assert table.live.upcard == "9D"


def test_the_upcard_may_go_unsaid(table):
    table.deal(None)
    assert "Took the upcard" in text(table.page())


def test_an_upcard_half_picked_is_refused_beside_the_picker(table):
    response = table.refused("start", {"upcard-rank": "9"})
    assert problem(response, "start-upcard-problem") == "Tap the suit of the 9 too."
    assert 'value="9" checked' in response.get_data(as_text=True)  # the tap is kept
    assert table.live is None


# --- The turn ---------------------------------------------------------------------------------

def test_htmx_gets_the_board_and_a_browser_the_page(table):
    table.deal()
    fragment = table.post("draw", {"source": "stock"}, "Ben", headers=HTMX)
    assert fragment.status_code == 200
    body = fragment.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="board"') and "<html" not in body
    assert "Ben’s turn — play" in text(fragment) and "Ben discards" in text(fragment)
    assert f'"If-None-Match": "\\"{table.id}.2.board.edit\\""' in body  # polls from here on


def test_a_turn_draws_and_discards_a_picked_or_unsaid_card(table):
    table.deal()
    table.turn("Ben", "KC")
    page = text(table.page())
    assert "Carl’s turn — draw" in page and "Took K♣" in page and "thrown by Ben" in page
    table.step("draw", {"source": "discard"}, "Carl")
    table.step("discard", {"unsaid": "1"}, "Carl")
    assert "Dee’s turn — draw" in text(table.page()) and table.live.held["Carl"] == 6
    assert "Took the discard" in text(table.page())


@pytest.mark.parametrize("action, data, player, where, message", [
    ("draw", {"source": "stock"}, "Carl", "draw-problem",
     "It is Ben's turn, so only Ben may draw now."),
    ("claim", {"claim": "Ben"}, None, "claim-problem",
     "It is Ben's turn, so Ben takes the discard free, as the draw."),
])
def test_refusals_in_the_draw_are_shown_beside_the_buttons(table, action, data, player, where,
                                                           message):
    table.deal()
    response = table.refused(action, data, player)
    assert problem(response, where) == message


def test_a_discard_needs_a_card_or_says_it_is_unsaid(table):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    response = table.refused("discard", {}, "Ben")
    assert problem(response, "discard-card-problem") == (
        "Tap the card's rank and suit, or discard without saying it.")
    response = table.refused("discard", {"card-suit": "H"}, "Ben")
    assert problem(response, "discard-card-problem") == "Tap the card's rank too."


def test_a_step_the_panel_does_not_offer_now_is_refused_at_the_top(table):
    table.deal()
    response = table.refused("discard", card("KC"), "Ben")  # before drawing: no picker shown
    assert 'class="stale-message" role="alert">Ben must draw before discarding.' in (
        response.get_data(as_text=True))


# --- Who wants it? -----------------------------------------------------------------------------

def test_three_want_the_discard_and_the_first_in_order_of_play_buys_it(table):
    table.deal()
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")
    for name in ("Ben", "Abe", "Dee"):  # asked in the wrong order: it does not count
        table.step("claim", {"claim": name})
    body = table.page().get_data(as_text=True)
    assert re.search(r'value="Dee" class="claim-toggle" aria-pressed="true"', body)
    page = text(table.page())
    assert ("Dee is the first after Carl in order of play to ask, ahead of Abe and Ben (the "
            "discarder comes last), so Dee buys the discard with one penalty card from the "
            "stock.") in page
    assert "Dee buys K♣" in page and "Dee takes K♣ and one penalty card from the stock." in page

    table.step("claim", {"withdraw": "Dee"})  # changed her mind: Abe is next
    assert "so Abe buys the discard" in text(table.page())
    table.step("claim", {"claim": "Dee"})
    table.step("bought", {"buyer": "Dee"})
    live = table.live
    assert live.held["Dee"] == 8 and live.buys["Dee"] == 1 and live.top is None
    assert "Last: Dee bought K♣" in text(table.page())


def test_buys_count_against_the_house_limit(client, app):
    table = Table(client, app, option_buy_limit="1")
    table.deal()
    assert "0 of 1 bought" in text(table.page())
    table.turn("Ben", "KC")
    table.step("bought", {"buyer": "Dee"})  # asked and settled at once, before Carl draws
    table.turn("Carl", "4C")
    table.turn("Dee", "2C")
    response = table.refused("claim", {"claim": "Dee"})
    assert problem(response, "claim-problem") == (
        "Dee has bought 1 this hand, the most this table allows one player.")
    assert "1 of 1 bought" in text(response)


def test_the_wrong_buyer_is_refused_with_the_ruling(table):
    table.deal()
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")
    table.step("claim", {"claim": "Dee"})
    table.step("claim", {"claim": "Abe"})
    response = table.refused("bought", {"buyer": "Abe"})
    assert "so Dee buys the discard" in problem(response, "bought-problem")


# --- Going down and laying off -------------------------------------------------------------------

def test_going_down_lays_the_melds_numbered_by_player(table):
    table.dee_down()
    page = text(table.page())
    assert "Dee 3 cards 1 bought down 1 K ♣ K ♠ K ♥ 2 5 ♦ 5 ♠ JK" in page
    assert "Last: Dee went down: K♣ K♠ K♥ / 5♦ 5♠ Joker" in page


@pytest.mark.parametrize("melds, where, message", [
    ({"melds-0": "KC KS KH", "melds-1": "5D 5S"}, "down-meld-1-problem",
     "Meld 2 is not legal: A book needs at least 3 cards in Eversol Rummy."),
    ({"melds-0": "KC KS KH", "melds-1": ""}, "down-meld-1-problem",
     "Type or tap the cards of book 2."),
    ({"melds-0": "KC KS 1H", "melds-1": "5D 5S 5H"}, "down-meld-0-problem",
     "'1H' has no rank A, 2-10, J, Q or K."),
])
def test_a_contract_not_made_is_refused_beside_the_meld(table, melds, where, message):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    response = table.refused("down", melds, "Ben")
    assert problem(response, where) == message
    assert re.search(r'id="down-meld-0"[^>]*value="KC KS', response.get_data(as_text=True))


def test_a_card_tapped_into_a_meld_without_javascript_saves_nothing(table):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    before = table.version
    response = table.post("down", {"melds-0": "8C", "tap": "8S",
                                   "tap_into": "0"}, "Ben")
    assert response.status_code == 200 and table.version == before
    assert re.search(r'id="down-meld-0"[^>]*value="8C 8S"', response.get_data(as_text=True))
    assert re.search(r'name="untap" value="0:1"[^>]*aria-label="Take back 8♠"',
                     response.get_data(as_text=True))  # a chip for each tapped card
    taken_back = table.post("down", {"melds-0": "8C 8S", "untap": "0:0"}, "Ben")
    page = taken_back.get_data(as_text=True)
    assert taken_back.status_code == 200 and table.version == before
    assert re.search(r'id="down-meld-0"[^>]*value="8S"', page) and "Take back 8♣" not in page


def test_a_meld_tapped_full_hands_the_next_cards_to_the_next_meld_without_javascript(table):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    book = table.post("down", {"melds-0": "8C 8S", "tap": "8H", "tap_into": "0"}, "Ben")
    page = book.get_data(as_text=True)
    assert re.search(r'id="down-meld-0"[^>]*value="8C 8S 8H"', page)
    assert re.search(r'name="tap_into" value="1" checked', page)  # a book has its 3 cards
    taken_back = table.post("down", {"melds-0": "8C 8S 8H", "tap_into": "1", "untap": "0:2"},
                            "Ben")
    assert re.search(r'name="tap_into" value="0" checked', taken_back.get_data(as_text=True))


def test_a_joker_bought_while_going_down_goes_into_the_new_melds(table):
    table.dee_down()
    table.step("discard", card("2C"), "Dee")
    table.step("draw", {"source": "stock"}, "Abe")
    response = table.refused("down", {"melds-0": "7H 7S 7D", "melds-1": "QC QS JK",
                                      "swaps-0-meld": "2"}, "Abe")
    assert problem(response, "swap-0-problem") == (
        "Give both the meld's number and the card that buys its joker.")
    table.step("down", {"melds-0": "7H 7S 7D", "melds-1": "QC QS JK",
                        "swaps-0-meld": "2", "swaps-0-card": "5H"}, "Abe")
    assert [str(laid.meld) for laid in table.live.melds][1] == "5D 5S 5H"


def test_lay_offs_pick_a_meld_and_a_card(table):
    table.dee_down()
    table.step("discard", card("2C"), "Dee")
    table.turn("Abe", "3C")
    table.turn("Ben", "3D")
    table.turn("Carl", "3H")
    table.step("draw", {"source": "stock"}, "Dee")
    response = table.refused("layoff", {"card": "QS"}, "Dee")
    assert problem(response, "layoff-meld-problem") == "Tap the meld the card goes on."
    response = table.refused("layoff", {"meld": "1", "card": "QS"}, "Dee")
    assert problem(response, "layoff-card-problem") == "Q♠ does not fit a book of kings."
    table.step("layoff", {"meld": "1", "card": "KD"}, "Dee")
    table.step("layoff", {"meld": "2", "typed": "5C"}, "Dee")
    assert [str(laid.meld) for laid in table.live.melds] == ["KC KS KH KD", "5D 5S JK 5C"]


# --- Rummy! ----------------------------------------------------------------------------------

RUMMY_BUTTON = re.compile(r'<summary class="button button--rummy[^"]*">Rummy! '
                          r'<span class="rummy-on">on ([^<]*)</span></summary>')


def rummy_offered(response) -> tuple[list[str], list[str]]:
    """The Rummy! buttons shown (the card each is on), and the names it asks between."""
    page = response.get_data(as_text=True)
    callers = re.findall(r'name="caller" value="([^"]*)" class="button button--rummy"', page)
    return RUMMY_BUTTON.findall(page), callers


def test_rummy_is_one_button_on_a_card_thrown_once_someone_is_down_never_for_its_thrower(
        table, client, app):
    early = Table(client, app)
    early.deal()
    early.turn("Ben", "KC")
    assert rummy_offered(early.page()) == ([], [])  # nobody is down
    table.dee_down()  # Carl threw 4♣ before Dee went down: no call on it
    assert "Dee" in table.live.down and rummy_offered(table.page()) == ([], [])
    sent_anyway = table.refused("rummy", {"caller": "Ben", **card("7S")})
    assert 'class="stale-message" role="alert">Nobody had gone down when Carl threw 4♣, so it ' \
           "is not a rummy card" in sent_anyway.get_data(as_text=True)
    table.step("discard", card("2C"), "Dee")
    assert rummy_offered(table.page()) == (["2♣"], ["Abe", "Ben", "Carl"])
    table.step("draw", {"source": "stock"}, "Abe")
    table.step("discard", card("9S"), "Abe")  # covers the 2♣: the call is on the 9♠ now
    assert rummy_offered(table.page()) == (["9♠"], ["Ben", "Carl", "Dee"])


def test_a_table_may_offer_rummy_only_on_a_card_that_fits_a_meld(client, app):
    table = Table(client, app, option_offer_rummy_only_when_it_fits="y")
    table.dee_down()  # K K K and 5 5 JK on the table
    table.step("discard", card("2C"), "Dee")
    assert rummy_offered(table.page()) == ([], [])  # it fits no meld: nothing to call
    table.turn("Abe", "KD")
    assert rummy_offered(table.page()) == (["K♦"], ["Ben", "Carl", "Dee"])


def test_a_rummy_call_on_a_card_that_fits_no_meld_is_refused(table):
    table.dee_down()
    table.step("discard", card("2C"), "Dee")
    response = table.refused("rummy", {"caller": "Ben", **card("7S")})
    assert problem(response, "rummy-problem") == (
        "2♣ fits no meld on the table, so it is not a rummy card.")


def test_a_rummy_call_takes_the_callers_card_and_charges_the_thrower(table):
    table.dee_down()
    table.step("discard", card("5H"), "Dee")
    assert "frowned on" in text(table.page())  # the etiquette warning, never a ban
    table.turn("Abe", "KD")
    before = table.version
    asked = table.post("rummy", {"caller": "Ben"})  # Ari's rule: the card Ben throws, next
    assert asked.status_code == 200 and table.version == before
    assert problem(asked, "rummy-asking") == (
        "Say which card Ben threw on the call: Ari's rule charges its points to Abe.")
    page = asked.get_data(as_text=True)
    assert 'name="caller" value="Ben"' in page and "Record Ben’s call" in page
    assert "field-error" not in page  # a question, not a refusal
    unanswered = table.refused("rummy", {"caller": "Ben", "asked": "1"})
    assert problem(unanswered, "rummy-card-problem") == (
        "Say which card Ben threw on the call: Ari's rule charges its points to Abe.")
    table.step("rummy", {"caller": "Ben", "asked": "1", **card("7S")})
    page = text(table.page())
    assert ("Ben called rummy on Abe’s K♦: K♦ and Ben’s 7♠ are dead and lie by Abe. "
            "Abe is charged 15 (Ari’s rule).") in page
    assert "rummy penalty 15" in page and table.live.rummy_penalties["Abe"] == 15
    assert "Last: Ben called rummy" in page


def test_at_a_meld_table_a_joker_called_asks_the_card_and_the_meld_then_takes_both(client, app):
    table = Table(client, app, option_rummy_card="meld")
    table.dee_down()  # K K K and 5 5 JK on the table
    table.step("discard", card("JK"), "Dee")  # a joker fits every meld
    asked = table.post("rummy", {"caller": "Ben"})
    assert asked.status_code == 200
    assert problem(asked, "rummy-asking") == (
        "Say which card Ben threw on the call: Ari's rule charges its points to Dee.")
    page = asked.get_data(as_text=True)
    assert "Joker goes on meld" in page and 'name="asked" value="1"' in page
    again = table.refused("rummy", {"caller": "Ben", "asked": "1", **card("7S")})
    assert problem(again, "rummy-meld-problem") == (
        "Joker fits melds 1 and 2, so the caller says which one it goes on.")
    table.step("rummy", {"caller": "Ben", "asked": "1", "meld": "2", **card("7S")})
    assert [len(laid.meld.cards) for laid in table.live.melds] == [3, 4]
    assert table.live.rummy_penalties["Dee"] == 55  # the joker 50 and the seven 5
    assert ("Ben called rummy on Dee’s Joker: Joker goes on meld 2 and Ben’s 7♠ is dead, "
            "lying by Dee.") in text(table.page())


# --- The end of the hand ---------------------------------------------------------------------

def dee_out(table):
    """The hand of the browser test to its end: Dee out; Abe kept 6 cards, Ben 5, Carl 6;
    Ari's rule charges Abe 15 for the rummy card K♦."""
    table.dee_down()
    table.step("discard", card("5H"), "Dee")
    table.turn("Abe", "KD")
    table.step("rummy", {"caller": "Ben", **card("7S")})
    table.turn("Ben", "3C")
    table.turn("Carl", "9C")
    table.step("draw", {"source": "stock"}, "Dee")
    table.step("layoff", {"meld": "1", "card": "KS"}, "Dee")
    table.step("layoff", {"meld": "2", "typed": "5C"}, "Dee")
    table.step("discard", card("QH"), "Dee")


def score_followed(table, client, anyway=False, **rows):
    data = {"expected_version": str(table.version), "save": "1", "went_out": "3", **rows}
    if anyway:
        data["anyway"] = "1"
    return send(client, f"/games/{table.id}/hands/1", data)


def test_a_finished_hand_fills_in_the_entry_and_is_scored_from_it(table, client):
    dee_out(table)
    page = text(table.page())
    assert "★ Dee went out" in page and "Rummy penalty (Ari’s rule): Abe 15" in page
    assert "Score hand 1: Dee went out" in page and "Who wants it?" not in page

    entry = client.get(f"/games/{table.id}/hands/1").get_data(as_text=True)
    assert re.search(r'name="went_out" value="3" checked', entry)
    assert re.search(r'name="held0-penalty"[^>]*\s+value="15"', entry)
    assert not re.search(r'name="held1-penalty"[^>]*\s+value="\d', entry)
    # Ari's rule is asked only of the one the referee charged: no penalty box for the others.
    assert re.findall(r'name="held(\d)-penalty"', entry) == ["0"]
    assert entry.count("Ari’s rule") == 1
    saved = score_followed(table, client, **{
        "held0-total": "30", "held0-penalty": "15", "held1-total": "25", "held2-total": "30"})
    assert saved.status_code == 303, errors(saved)
    with table.app.app_context():
        state = load_game(table.id).state
    assert state.totals == {"Abe": 45, "Ben": 25, "Carl": 30, "Dee": 0} and state.live is None


def test_the_entry_after_a_followed_hand_shows_the_cards_each_player_kept(table, client):
    dee_out(table)
    entry = text(client.get(f"/games/{table.id}/hands/1"))
    assert "The referee followed this hand: it saw Dee go out" in entry
    assert "Abe kept 6 cards" in entry and "Ben kept 5 cards" in entry
    assert "Carl kept 6 cards" in entry and "Dee went out" in entry
    # what those cards can be worth, the cards seen elsewhere left out (as the refusal says)
    assert "Ben kept 5 cards worth 25 to 180 points" in entry


@pytest.mark.parametrize("rows, seat, message", [
    ({"held0-cards": "K 7", "held0-penalty": "15", "held1-total": "25", "held2-total": "30"},
     0, "The referee saw Abe keep 6 cards, but 2 were tapped."),
    ({"held0-total": "30", "held0-penalty": "15", "held1-n5": "4", "held2-total": "30"},
     1, "The referee saw Ben keep 5 cards, but 4 were counted."),
    ({"held0-total": "30", "held0-penalty": "15", "held1-total": "20", "held2-total": "30"},
     1, "The referee saw Ben keep 5 cards: worth 25 to 180 points, not 20."),
    ({"held0-total": "30", "held0-penalty": "10", "held1-total": "25", "held2-total": "30"},
     0, "The referee charged Abe a rummy penalty of 15 (Ari's rule), not 10."),
    ({"held0-total": "30", "held0-penalty": "15", "held1-total": "25", "held2-total": "30",
      "held3-penalty": "10"},
     3, "The referee saw no rummy penalty charged to Dee, but 10 was entered."),
])
def test_an_entry_that_contradicts_the_followed_hand_is_flagged_beside_the_player(
        table, client, rows, seat, message):
    dee_out(table)
    before = table.version
    refused = score_followed(table, client, **rows)
    assert refused.status_code == 422 and table.version == before
    assert problem(refused, f"problem-{seat}") == message
    assert "Save anyway" in text(refused)


def test_a_contradicting_entry_saved_anyway_is_kept_and_the_history_says_so(table, client):
    dee_out(table)
    rows = {"held0-cards": "K 7", "held0-penalty": "15", "held1-total": "25",
            "held2-total": "30"}
    saved = score_followed(table, client, anyway=True, **rows)
    assert saved.status_code == 303, errors(saved)
    with table.app.app_context():
        state = load_game(table.id).state
    assert state.totals == {"Abe": 30, "Ben": 25, "Carl": 30, "Dee": 0}
    history = text(client.get(f"/games/{table.id}/history"))
    assert ("Saved anyway, against what the referee saw: The referee saw Abe keep 6 cards, "
            "but 2 were tapped.") in history


def test_the_player_in_turn_lets_the_discard_go_in_the_same_tap_that_sells_it(table, client):
    table.deal()
    table.turn("Ben", "KC")  # Carl's turn: Carl has not drawn
    table.step("claim", {"claim": "Dee"})
    page = text(table.page())
    assert ("If Carl does not take the discard as the draw, Dee is the first after Carl in "
            "order of play to ask") in page
    assert "Carl passes: Dee buys K♣" in page  # the one button: a deliberate pass
    table.step("bought", {"buyer": "Dee", "passed": "Carl"})
    assert table.live.buys["Dee"] == 1 and table.live.top is None
    history = text(client.get(f"/games/{table.id}/history"))
    assert "Carl passed; Dee bought K♣" in history


def test_a_hand_the_referee_follows_is_scored_before_its_end_only_on_purpose(table, client):
    table.deal()
    table.turn("Ben", "KC")  # Carl's turn to draw: nobody is out
    entry = text(client.get(f"/games/{table.id}/hands/1"))
    assert ("The referee is following hand 1 and has seen nobody go out: it is Carl's turn to "
            "draw.") in entry
    rows = {"held0-total": "30", "held1-total": "25", "held2-total": "30"}
    before = table.version
    refused = score_followed(table, client, **rows)  # "Dee went out"
    assert refused.status_code == 422 and table.version == before
    assert problem(refused, "problem-3").startswith("The referee is following hand 1")
    assert "Save anyway" in text(refused)
    saved = score_followed(table, client, anyway=True, **rows)
    assert saved.status_code == 303, errors(saved)
    assert table.live is None
    history = text(client.get(f"/games/{table.id}/history"))
    assert ("Saved anyway, against what the referee saw: The referee is following hand 1 and has "
            "seen nobody go out") in history


def test_the_history_says_which_cards_each_step_moved(table, client):
    dee_out(table)
    history = text(client.get(f"/games/{table.id}/history"))
    assert "Hand 1 dealt: 9♦ turned up" in history
    assert "Dee bought K♣" in history  # tapped as "Dee buys K♣": the card is the top discard
    assert ("Ben called rummy on Abe’s K♦, throwing 7♠; both are dead; Abe is charged 15 "
            "(Ari’s rule)") in history


def test_undo_steps_back_one_referee_step(table, client):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    assert "Last: Ben drew from the stock" in text(table.page())
    undone = send(client, f"/games/{table.id}/undo", {"expected_version": str(table.version)})
    assert undone.status_code == 303
    assert "Ben’s turn — draw" in text(table.page()) and table.live.steps == ()


def test_undo_tapped_on_the_panel_answers_with_the_board_saying_what_was_undone(table, client):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    undone = send(client, f"/games/{table.id}/undo", {"expected_version": str(table.version)},
                  headers=HTMX)
    board = text(undone)
    assert undone.status_code == 200 and "<html" not in undone.get_data(as_text=True)
    assert "Undone: Ben drew from the stock." in board and "Ben’s turn — draw" in board
    again = send(client, f"/games/{table.id}/undo", {"expected_version": "1", "undoes": "2"},
                 headers=HTMX)  # the draw's button, on a board from before the undo
    assert again.status_code == 409 and table.live.steps == ()
    assert "Nothing was undone." in text(again) and "<html" not in again.get_data(as_text=True)


# --- Other devices, CSRF, watching -----------------------------------------------------------

def test_a_claim_tapped_on_a_board_from_before_the_draw_still_counts(table):
    table.deal()
    table.turn("Ben", "KC")  # version 3
    table.step("draw", {"source": "stock"}, "Carl")  # the tablet
    saved = table.post("claim", {"claim": "Dee"}, version=3, headers=HTMX)  # a phone, at 3
    assert saved.status_code == 200 and table.version == 5
    assert table.live.claims == ("Dee",)
    assert 'aria-pressed="true"' in saved.get_data(as_text=True)  # the board, as it is now
    assert "<html" not in saved.get_data(as_text=True)


def test_a_tap_that_no_longer_fits_says_what_happened_meanwhile(table):
    table.deal()
    table.turn("Ben", "KC")  # version 3
    table.turn("Carl", "4C")  # version 5: K♣ is covered
    stale = table.post("claim", {"claim": "Dee"}, version=3, headers=HTMX)
    assert stale.status_code == 409 and table.version == 5 and table.live.claims == ()
    assert problem(stale, "claim-problem") == (
        "Not recorded: meanwhile Carl drew from the stock, then Carl discarded 4♣. K♣ is no "
        "longer the top discard.")
    again = table.post("draw", {"source": "stock"}, "Ben", version=1)  # a double tap, no JS
    assert again.status_code == 409 and "<html" in again.get_data(as_text=True)
    assert ("Not recorded: meanwhile 4 steps were taken, the last: Carl discarded 4♣. Ben's "
            "turn is over.") in text(again)
    assert "Dee’s turn — draw" in text(again) and table.version == 5


def test_a_double_tap_is_recorded_once_and_says_so(table):
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    twice = table.post("draw", {"source": "stock"}, "Ben", version=1, headers=HTMX)
    assert twice.status_code == 409 and table.version == 2
    assert ("Not recorded: meanwhile Ben drew from the stock. Ben has already drawn this turn, "
            "and a turn has one draw.") in text(twice)


def test_a_post_without_the_csrf_token_is_refused(table, client):
    table.deal()
    refused = client.post(f"/games/{table.id}/referee/draw",
                          data={"expected_version": "1", "source": "stock", "player": "Ben"})
    assert refused.status_code == 400 and "Nothing was saved" in text(refused)
    assert table.version == 1


def test_a_watching_device_may_not_referee(table, app):
    watcher = app.test_client()
    response = send(watcher, f"/games/{table.id}/referee/start", {"expected_version": "0"})
    assert response.status_code == 403 and table.version == 0


def test_an_unknown_step_is_a_404(table):
    assert table.post("shuffle").status_code == 404


def test_the_watch_page_shows_the_referee_panel_without_controls(table, client):
    table.deal()
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")
    table.step("claim", {"claim": "Dee"})
    for page in (client.get(f"/games/{table.id}/watch"),
                 client.get(f"/games/{table.id}/poll/board?view=watch")):
        body = page.get_data(as_text=True)
        shown = text(page)
        assert "Carl’s turn — play" in shown and "Top discard: K♣" in shown
        assert "Asking to buy: Dee" in shown and "so Dee buys the discard" in shown
        assert "At the table" in shown
        assert not re.search(r"<(form|button|input|select|textarea)\b", body)
        assert "/referee/" not in body


def test_referee_pages_have_no_inline_script_or_style(table, client):
    table.dee_down()
    for path in (f"/games/{table.id}", f"/games/{table.id}/watch"):
        body = client.get(path).get_data(as_text=True)
        assert "<script>" not in body and " style=" not in body and "onclick" not in body


def test_hand_six_goes_down_with_every_card_or_not_at_all(table, client):
    for hand in range(1, 6):  # Ben goes out each time; the others are caught with 5
        send(client, f"/games/{table.id}/hands/{hand}",
             hand_data(hand - 1, "1", {0: 5, 2: 5, 3: 5}))
    table.deal("9D")
    table.step("draw", {"source": "stock"}, "Carl")  # Ben deals hand 6: Carl plays first
    page = text(table.page())
    assert "Hand 6: going down takes every card Carl holds (12)." in page
    response = table.refused("down", {"melds-0": "7H 7S 7D", "melds-1": "2C 3C 4C 5C",
                                      "melds-2": "8D 9D 10D JD"}, "Carl")
    assert problem(response, "down-problem") == (
        "Hand 6 has no discard: every card must go into the melds, but 1 card is left over.")
    table.step("down", {"melds-0": "7H 7S 7D", "melds-1": "2C 3C 4C 5C",
                        "melds-2": "8D 9D 10D JD QD"}, "Carl")
    assert "★ Carl went out" in text(table.page()) and table.live.went_out == "Carl"


def test_the_panel_says_how_big_the_new_stock_is_and_what_stays_set_aside(client):
    table = dealt(client, ANN_THROWS_A_RUMMY_CARD, players=("Ann", "Bo"))
    live = table.read()["live"]
    while live["stock"]:
        player = live["current"]
        table.send(Drew(player, "stock"))
        live = table.send(Discarded(player))["live"]
    dead = len(live["dead"])
    # The covered discards are the discard pile, as the table calls it, not "dead".
    assert f"{dead} in the discard pile" in text(client.get(f"/games/{table.game['id']}"))
    table.send(Drew(live["current"], "stock"))
    page = text(client.get(f"/games/{table.game['id']}"))
    assert (f"the stock ran out: the discard pile’s {dead} cards turned over, not the 2 set "
            "aside by Ari’s rule") in page
    assert "dead" not in page[page.index("in the stock"):page.index("in the discard pile")]
