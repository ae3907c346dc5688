"""The scorekeeper's screens through the test client: set up, score, correct, undo, share,
watch and poll. CSRF is on, as in production: every post carries the page's token."""

from __future__ import annotations

import html
import re

import pytest
from flask import template_rendered

from referee.extensions import db
from referee.store.games import load_game
from referee.store.models import Game, GameEvent

NEW_GAME = "/games/new/eversol"  # the setup form of the game these tests keep
OPTIONS = {"option_rummy_card": "dead", "option_rummy_beats_buy": "y", "option_aris_rule": "y",
           "option_joker_buyer_warning": "y"}


# --- Helpers --------------------------------------------------------------------------------

def csrf_token(client) -> str:
    page = client.get(NEW_GAME).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def send(client, url, data=None, **kwargs):
    return client.post(url, data={**(data or {}), "csrf_token": csrf_token(client)}, **kwargs)


def text(response) -> str:
    page = response.get_data(as_text=True)
    page = re.sub(r"<(script|svg)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def errors(response) -> list[str]:
    found = re.findall(r'class="field-error[^"]*"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return [html.unescape(e) for e in found]


def setup_data(players=("Abe", "Ben", "Carl"), dealer="Abe", **extra) -> dict:
    return {**{f"players-{i}": name for i, name in enumerate(players)}, "dealer": dealer,
            "decks": "auto", **OPTIONS, "start": "1", **extra}


def new_game(client, players=("Abe", "Ben", "Carl"), dealer="Abe", **extra) -> str:
    response = send(client, NEW_GAME, setup_data(players, dealer, **extra))
    assert response.status_code == 303, errors(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def hand_data(version: int, went_out, held: dict[int, dict | int], **extra) -> dict:
    """``held`` by seat: a typed total, or counts by field (``{"n5": 7}``)."""
    data = {"expected_version": str(version), "save": "1", **extra}
    if went_out is not None:
        data["went_out"] = went_out
    for seat, value in held.items():
        if isinstance(value, int):
            data[f"held{seat}-total"] = str(value)
        else:
            data.update({f"held{seat}-{field}": str(n) for field, n in value.items()})
    return data


def version_of(app, game_id: str) -> int:
    with app.app_context():
        return db.session.get(Game, game_id).version


def game_count(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


# --- Setting up a game ----------------------------------------------------------------------

def test_new_game_page_offers_every_house_rule_at_its_default(client):
    page = client.get(NEW_GAME).get_data(as_text=True)
    assert 'value="random" checked' in page and 'value="auto" checked' in page
    assert 'name="option_aris_rule" value="y" checked' in page
    assert 'name="option_rummy_card" value="dead" checked' in page
    assert "Ari&#39;s rule" in page and 'placeholder="No limit"' in page


def test_house_rules_the_table_checks_say_so_in_words(client):
    page = client.get("/games/new/500").get_data(as_text=True)
    # How the discard pile is drawn is conduct no screen sees: the setup says the table checks it.
    rule = page[page.index('name="option_discard_pile_draw"'):page.index('name="option_rummy_calls"')]
    assert "The referee does not check this; the table does." in rule
    assert page.count("The referee does not check this") == 1
    legends = " ".join(re.findall(r"<legend>([^<]*)</legend>", page))
    # Each rule is the question a table asks, answered in words: no option's name as a label.
    assert "Which cards taken from the discard pile must be melded at once?" in legends
    assert "Can another player call rummy on a card that could be melded?" in legends
    assert "Deeper must meld" not in page and "Floating" not in page and "Pile:" not in page
    answers = re.findall(r'name="option_going_out" value="[^"]*"[^>]*><span>([^<]*)</span>', page)
    assert answers == ["By melding every card", "By keeping one card to discard",
                       "By melding every card, then waiting for their turn"]
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", legends)  # no option key in the words


def test_buttons_add_move_and_remove_players_without_saving(client, app):
    added = send(client, NEW_GAME, {"players-0": "Abe", "new_name": "  Ben ", "add": "1"})
    assert added.status_code == 200
    assert 'value="Ben"' in added.get_data(as_text=True)
    moved = send(client, NEW_GAME, {"players-0": "Abe", "players-1": "Ben", "move": "up-1"})
    assert re.search(r'name="players-0"[^>]*value="Ben"', moved.get_data(as_text=True))
    removed = send(client, NEW_GAME, {"players-0": "Abe", "players-1": "Ben",
                                          "unseat": "0"})
    assert re.findall(r'class="seat-name" name="players-\d+"[^>]*value="(\w+)"',
                      removed.get_data(as_text=True)) == ["Ben"]
    assert game_count(app) == 0


def test_htmx_gets_just_the_form_and_a_redirect_header_on_start(client):
    headers = {"HX-Request": "true"}
    fragment = send(client, NEW_GAME, {"new_name": "Abe", "add": "1"}, headers=headers)
    assert fragment.get_data(as_text=True).lstrip().startswith("<form")
    started = send(client, NEW_GAME, setup_data(), headers=headers)
    assert started.status_code == 204 and started.headers["HX-Redirect"].startswith("/games/")


def test_a_known_player_is_one_tap(client):
    new_game(client, ("Abe", "Ben"))
    page = client.get(NEW_GAME).get_data(as_text=True)
    assert 'name="pick" value="Abe"' in page
    picked = send(client, NEW_GAME, {"players-0": "Ben", "pick": "Abe"})
    assert 'name="players-1"' in picked.get_data(as_text=True)
    assert 'name="pick" value="Abe"' not in picked.get_data(as_text=True)  # seated already



def test_known_players_are_offered_as_they_sit_the_latest_table_first(client):
    new_game(client, ("Kim", "Zed", "Abe"))
    new_game(client, ("Zed", "Ben"), dealer="Ben")
    page = client.get(NEW_GAME).get_data(as_text=True)
    assert re.findall(r'name="pick" value="([^"]+)"', page) == ["Zed", "Ben", "Kim", "Abe"]


def test_the_name_box_keeps_the_cursor_after_add_without_javascript(client):
    def name_box(response) -> str:
        return re.search(r'<input id="new-name"[^>]*>', response.get_data(as_text=True)).group(0)

    assert "autofocus" not in name_box(client.get(NEW_GAME))  # a page opened: no keyboard yet
    added = send(client, NEW_GAME, {"players-0": "Abe", "new_name": "Ben", "add": "1"})
    assert "autofocus" in name_box(added) and 'value=""' in name_box(added)
    assert "Ben sits in seat 2." in text(added)  # said to a screen reader
    moved = send(client, NEW_GAME, {"players-0": "Abe", "players-1": "Ben", "move": "up-1"})
    assert "autofocus" not in name_box(moved)


@pytest.mark.parametrize("data, message", [
    (setup_data(("Abe", "", "Carl")), "Type a name for this seat, or remove it."),
    (setup_data(("Abe", "ABE")), "Two players are called ABE; give each a different name."),
    (setup_data(("Abe",)), "A game needs at least 2 players: add someone."),
    (setup_data(("Abe", "Ben"), dealer="Zed"), "Nobody called Zed plays in this game."),
    (setup_data(option_buy_limit="0"), "Choose from 1 to 20."),
    (setup_data(("Abe", "Ben"), decks="12"), "Choose from 1 to 8 decks."),
    ({"players-0": "Abe", "add": "1", "new_name": ""}, "Type a name first."),
    ({"players-0": "Abe", "add": "1", "new_name": " abe "}, "abe is already seated."),
])
def test_bad_setups_are_422_with_the_message_beside_the_field(client, app, data, message):
    response = send(client, NEW_GAME, data)
    assert response.status_code == 422
    assert message in errors(response)
    assert game_count(app) == 0


def test_a_typed_name_not_yet_added_still_joins(client, app):
    game_id = new_game(client, ("Abe", "Ben"), new_name="Carl")
    with app.app_context():
        assert load_game(game_id).state.players == ("Abe", "Ben", "Carl")


def test_decks_follow_the_player_count_unless_chosen(client, app):
    four = new_game(client, ("Abe", "Ben", "Carl", "Dee"))
    one = new_game(client, ("Abe", "Ben", "Carl", "Dee"), decks="1")
    with app.app_context():
        assert (load_game(four).setup.decks, load_game(one).setup.decks) == (2, 1)


# --- The seed's worked example, through the screens ------------------------------------------

def test_the_worked_example_abe_deals_ben_goes_out(client, app):
    game_id = new_game(client)
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 1 of 6" in page and "Deal 6 cards each" in page and "Two books" in page
    assert "Deals Abe" in page and "Plays first Ben" in page and "No discard" not in page

    form = client.get(f"/games/{game_id}/hands/1")
    assert form.status_code == 200 and 'name="expected_version" value="0"' in form.get_data(
        as_text=True)
    saved = send(client, f"/games/{game_id}/hands/1",
                 hand_data(0, "1", {0: 15, 2: {"n5": 7}}))
    assert saved.status_code == 303 and saved.headers["Location"] == f"/games/{game_id}"

    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 2 of 6" in page and "Deals Ben" in page and "Plays first Carl" in page
    assert "1st Ben 0 2nd Abe 15 3rd Carl 35" in page
    assert "Undo: Hand 1 scored" in page
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Abe": 15, "Ben": 0, "Carl": 35}
        assert loaded.events[-1].payload["entries"] == {
            "Abe": {"way": "total", "total": 15},
            "Carl": {"way": "counts", "counts": {"2-9": 7, "10-K": 0, "A": 0, "joker": 0}}}


def test_hand_six_says_no_discard(client, app):
    game_id = new_game(client)
    for hand in range(1, 6):
        send(client, f"/games/{game_id}/hands/{hand}", hand_data(hand - 1, "0", {1: 5, 2: 10}))
    page = text(client.get(f"/games/{game_id}"))
    assert "Hand 6 of 6" in page and "Deal 11 cards each" in page
    assert "One book and two runs" in page and "No discard this hand." in page


def test_the_contract_is_drawn_as_card_boxes(client):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    board = page[page.index('id="board"'):page.index('id="standings-title"')]
    assert board.count('class="meld-card"') == 6  # two books of three


# --- End of hand: every way it can be wrong ---------------------------------------------------

@pytest.mark.parametrize("went_out, held, where, message", [
    (None, {0: 15, 1: 5, 2: 35}, "went-out-error", "Tap who went out."),
    (["0", "1"], {2: 35}, "went-out-error", "Only one player goes out in a hand: tap just one."),
    ("1", {0: 15}, "problem-2", "Enter what Carl holds: count or tap the cards, or type a "
                            "total."),
    ("1", {0: 12, 2: 35}, "problem-0", "Eversol points come in fives: 12 can't be right for Abe."),
    ("1", {0: 0, 2: 35}, "problem-0", "Abe didn't go out, so still holds at least one card: 5 "
                                      "or more."),
    ("1", {0: -5, 2: 35}, "problem-0", "Abe didn't go out, so still holds at least one card: 5 "
                                       "or more."),
    ("1", {0: {"n5": 2, "total": 15}, 2: 35}, "problem-0",
     "Abe's counted cards make 10, but the typed total makes 15: clear one of them."),
    ("1", {0: {"total": "lots"}, 2: 35}, "problem-0", "Abe: Type a whole number, like 35."),
    ("1", {0: {"cards": "K Q9"}, 2: 35}, "problem-0",
     "Abe: 'Q9' is not a card: write a rank such as K or 7, a card such as 7H, or JK for a joker."),
    ("1", {0: {"cards": "JK JK JK"}, 2: 35}, "problem-0", "Abe: 3 jokers, but 1 deck holds only 2."),
    ("1", {0: {"cards": "7H 7H"}, 2: 35}, "problem-0",
     "Abe: There are more copies of 7♥ here than the deck holds (1)."),
    ("1", {0: {"cards": "K", "total": 15}, 2: 35}, "problem-0",
     "Abe's tapped cards make 10, but the typed total makes 15: clear one of them."),
    ("1", {0: 15, 1: {"penalty": 12}, 2: 35}, "problem-1",
     "A rummy penalty is the points of two cards, in fives: 12 can't be right for Ben."),
    ("1", {0: 15, 2: 5000}, "problem-2", "5000 for Carl is more than every card of 1 deck is "
                                         "worth (480)."),
])
def test_bad_hands_are_flagged_beside_the_player_and_nothing_is_saved(
        client, app, went_out, held, where, message):
    game_id = new_game(client)
    data = hand_data(0, None, {})
    for seat, value in held.items():
        if isinstance(value, dict):
            data.update({f"held{seat}-{k}": str(v) for k, v in value.items()})
        else:
            data[f"held{seat}-total"] = str(value)
    if went_out is not None:
        data["went_out"] = went_out
    response = send(client, f"/games/{game_id}/hands/1", data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    found = re.search(rf'id="{where}" class="field-error"[^>]*>([^<]*)<', page)
    assert found and html.unescape(found.group(1)) == message, errors(response)
    assert version_of(app, game_id) == 0
    if "held0-total" in data and data["held0-total"] != "lots":  # what was typed stays
        assert f'value="{data["held0-total"]}"' in page


def test_a_step_without_javascript_counts_and_saves_nothing(client, app):
    game_id = new_game(client)
    data = hand_data(0, "1", {0: {"n5": 2}, 2: 40}, step="2:n10:+1")
    data.pop("save")
    response = send(client, f"/games/{game_id}/hands/1", data)
    assert response.status_code == 200 and not errors(response)
    page = response.get_data(as_text=True)
    assert 'name="held2-n10" type="number"' in page and re.search(
        r'name="held2-n10"[^>]*value="1"', page)
    assert re.search(r'name="held2-total"[^>]*value=""', page)  # the cards now say the total
    assert '<output class="entry-points" id="points-0" aria-live="polite">10<' in page
    assert version_of(app, game_id) == 0


def test_cards_tapped_without_javascript_are_added_and_taken_back(client, app):
    game_id = new_game(client)
    data = hand_data(0, "1", {2: {"cards": "7 7", "n5": 3}}, tap="2:K")
    data.pop("save")
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert re.search(r'name="held2-cards"[^>]*value="7 7 K"', page)
    assert re.search(r'name="held2-n5"[^>]*value=""', page)  # tapping replaces the counts
    assert '<output class="entry-points" id="points-2" aria-live="polite">20<' in page
    assert page.count('aria-label="Take back 7"') == 2

    data = hand_data(0, "1", {2: {"cards": "7 7 K"}}, untap="2:0")
    data.pop("save")
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert re.search(r'name="held2-cards"[^>]*value="7 K"', page)
    assert '<output class="entry-points" id="points-2" aria-live="polite">15<' in page
    assert version_of(app, game_id) == 0


def test_the_worked_example_by_tapping_the_cards(client, app):
    game_id = new_game(client)
    saved = send(client, f"/games/{game_id}/hands/1", hand_data(
        0, "1", {0: {"cards": "A"}, 2: {"cards": "2 3 4 5H 6 7 9"}}))
    assert saved.status_code == 303
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Abe": 15, "Ben": 0, "Carl": 35}
        assert loaded.events[-1].payload["entries"]["Carl"] == {
            "way": "cards", "cards": ["2", "3", "4", "5H", "6", "7", "9"]}
    assert "Carl: 35 (2 3 4 5H 6 7 9)" in text(client.get(f"/games/{game_id}/history"))
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert re.search(r'name="held2-cards"[^>]*value="2 3 4 5H 6 7 9"', form)


def test_a_rummy_penalty_counts_even_for_the_one_who_went_out(client, app):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    # Ari's rule is said once, above the rows, not on every player's row.
    assert page.count("Ari’s rule") == 1 and page.count("<summary>Rummy penalty</summary>") == 3
    saved = send(client, f"/games/{game_id}/hands/1", hand_data(
        0, "1", {0: 15, 1: {"penalty": 25}, 2: {"n5": 7, "penalty": 20}}))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Abe": 15, "Ben": 25, "Carl": 55}
        assert loaded.events[-1].payload["entries"]["Ben"] == {"way": "penalty", "penalty": 25}
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Ben: went out, 25 (25 rummy penalty)" in history
    assert "Carl: 55 (7 × 2–9 + 20 rummy penalty)" in history
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert re.search(r'name="held1-penalty"[^>]*value="25"', form)
    assert re.search(r'name="held2-n5"[^>]*value="7"', form)


def test_without_aris_rule_there_is_no_penalty_to_enter(client, app):
    setup = setup_data()
    del setup["option_aris_rule"]  # an unticked box is not sent
    response = send(client, NEW_GAME, setup)
    assert response.status_code == 303, errors(response)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Rummy penalty" not in page and 'name="held1-penalty"' not in page
    saved = send(client, f"/games/{game_id}/hands/1", hand_data(
        0, "1", {0: 15, 1: {"penalty": 25}, 2: 35}))
    assert saved.status_code == 303
    with app.app_context():
        assert load_game(game_id).state.totals == {"Abe": 15, "Ben": 0, "Carl": 35}


def test_another_device_saved_first_so_the_form_comes_back_fresh(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    # This device's form was made at version 0, before that save: hand 1 is taken.
    stale = send(client, f"/games/{game_id}/hands/1", hand_data(0, "2", {0: 20, 1: 10}))
    assert stale.status_code == 409
    page = text(stale)
    assert "Another device saved hand 1 first (Ben went out). Nothing of yours was saved" in page
    assert "Correct hand 1" in page and "Saved now: Ben went out; Abe 15, Carl 35." in page
    assert 'name="expected_version" value="1"' in stale.get_data(as_text=True)
    assert re.search(r'name="held0-total"[^>]*value="20"', stale.get_data(as_text=True))
    assert version_of(app, game_id) == 1


def test_a_form_made_before_another_device_changed_something_else_still_saves(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/dealer", {"expected_version": "0", "dealer": "Ben"})
    saved = send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    assert saved.status_code == 303 and version_of(app, game_id) == 2
    with app.app_context():
        state = load_game(game_id).state
    assert state.totals == {"Abe": 15, "Ben": 0, "Carl": 35} and state.dealer_of(1) == "Ben"


def test_a_correction_another_device_changed_first_comes_back_with_what_happened(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    first = send(client, f"/games/{game_id}/hands/1",
                 hand_data(1, "1", {0: 20, 2: 35}, reason="Abe held one more"))
    assert first.status_code == 303
    stale = send(client, f"/games/{game_id}/hands/1",
                 hand_data(1, "1", {0: 15, 2: 40}, reason="Carl held one more"))
    assert stale.status_code == 409 and version_of(app, game_id) == 2
    assert ("Not recorded: meanwhile Hand 1 corrected: Abe held one more. Hand 1 was changed. "
            "Your entries are still below") in text(stale)
    assert re.search(r'name="held2-total"[^>]*value="40"', stale.get_data(as_text=True))


# --- Corrections and undo ----------------------------------------------------------------------

def test_correct_a_past_hand_with_a_reason(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: {"n5": 7}}))
    send(client, f"/games/{game_id}/hands/2", hand_data(1, "0", {1: 20, 2: 5}))
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert "Correct hand 1" in form and re.search(r'name="held2-n5"[^>]*value="7"', form)
    assert re.search(r'name="held0-total"[^>]*value="15"', form)
    assert re.search(r'name="went_out" value="1" checked', form)

    no_reason = send(client, f"/games/{game_id}/hands/1", hand_data(2, "1", {0: 15, 2: 85}))
    assert no_reason.status_code == 422
    assert "Say why hand 1 is corrected, for the history." in errors(no_reason)
    fixed = send(client, f"/games/{game_id}/hands/1",
                 hand_data(2, "1", {0: 15, 2: 85}, reason="Carl had a joker"))
    assert fixed.status_code == 303
    with app.app_context():
        state = load_game(game_id).state
        assert state.totals == {"Abe": 15, "Ben": 20, "Carl": 90} and state.hand == 3
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Hand 1 corrected: Carl had a joker" in history
    assert "Carl: 85 (typed)" in history and "Carl: 35 (7 × 2–9)" in history
    assert "✎" in text(client.get(f"/games/{game_id}/standings"))


def test_undo_names_the_step_and_history_strikes_it_through(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Undo: Hand 1 scored" in page
    undone = send(client, f"/games/{game_id}/undo", {"expected_version": "1"})
    assert undone.status_code == 303
    page = text(client.get(f"/games/{game_id}"))
    assert "Undone: Hand 1 scored." in page and "Hand 1 of 6" in page
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert '<s class="history-title">Hand 1: Ben went out</s>' in history
    assert "Undone at" in history
    with app.app_context():
        assert load_game(game_id).state.results == ()


def test_a_stale_undo_changes_nothing_and_says_so(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    send(client, f"/games/{game_id}/undo", {"expected_version": "0"})
    assert "nothing was undone" in text(client.get(f"/games/{game_id}"))
    assert version_of(app, game_id) == 1


def test_draw_the_dealer_again_is_offered_only_while_the_dealer_was_drawn(client, app):
    game_id = new_game(client, dealer="random")
    assert "Draw the dealer again" in text(client.get(f"/games/{game_id}"))
    send(client, f"/games/{game_id}/dealer", {"expected_version": "0", "dealer": "Carl"})
    page = text(client.get(f"/games/{game_id}"))
    assert "Chosen: Carl deals first." in page and "Draw the dealer again" not in page
    assert "Choose the dealer" in page
    chosen = new_game(client, dealer="Ben")
    assert "Draw the dealer again" not in text(client.get(f"/games/{chosen}"))
    with app.app_context():
        assert load_game(game_id).state.dealer_drawn is False


def test_an_undo_from_an_older_board_undoes_the_step_it_named_or_nothing(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))  # version 1
    # Another device corrects hand 1; this board still says "Undo: Hand 1 scored".
    send(client, f"/games/{game_id}/hands/1", hand_data(1, "1", {0: 20, 2: 35}, reason="Abe"))
    send(client, f"/games/{game_id}/undo", {"expected_version": "1", "undoes": "1"})
    page = text(client.get(f"/games/{game_id}"))
    assert ("Not recorded: meanwhile Hand 1 corrected: Abe. The newest step is now: Hand 1 "
            "corrected: Abe. Nothing was undone.") in page
    assert version_of(app, game_id) == 2
    # Its step is still the newest, though another device undid and redid since: undone.
    send(client, f"/games/{game_id}/undo", {"expected_version": "1", "undoes": "2"})
    assert "Undone: Hand 1 correction." in text(client.get(f"/games/{game_id}"))
    assert version_of(app, game_id) == 3


def test_a_hand_the_decks_cannot_deal_asks_for_more_decks(client, app):
    six = ("Abe", "Ben", "Carl", "Dee", "Eve", "Fay")
    game_id = new_game(client, six, decks="1")
    for hand in (1, 2, 3):
        assert send(client, f"/games/{game_id}/hands/{hand}",
                    hand_data(hand - 1, "0", {seat: 5 for seat in range(1, 6)})).status_code == 303
    page = text(client.get(f"/games/{game_id}"))
    assert ("Hand 4 cannot be dealt: 6 hands of 9 cards and the upcard take 55 cards, and 1 "
            "deck has only 54. It needs 2 decks.") in page
    assert "Follow this hand" not in page and "Score hand 4" not in page
    refused = send(client, f"/games/{game_id}/hands/4",
                   hand_data(3, "0", {seat: 5 for seat in range(1, 6)}))
    assert refused.status_code == 422 and "It needs 2 decks." in text(refused)
    changed = send(client, f"/games/{game_id}/decks", {"expected_version": "3", "decks": "2"})
    assert changed.status_code == 303
    page = text(client.get(f"/games/{game_id}"))
    assert "The game goes on with 2 decks." in page and "Score hand 4" in page
    assert "2 decks from now on" in text(client.get(f"/games/{game_id}/history"))


def test_the_dealer_is_drawn_again_only_before_the_first_hand(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/dealer", {"expected_version": "0"})
    page = text(client.get(f"/games/{game_id}"))
    assert re.search(r"Drawn: (Abe|Ben|Carl) deals first", page)
    with app.app_context():
        assert load_game(game_id).events[-1].kind == "dealer_chosen"
    send(client, f"/games/{game_id}/hands/1", hand_data(1, "1", {0: 15, 2: 35}))
    assert "Draw the dealer again" not in text(client.get(f"/games/{game_id}"))
    send(client, f"/games/{game_id}/dealer", {"expected_version": "2", "dealer": "Carl"})
    assert version_of(app, game_id) == 2


# --- Sharing, watching, and refusing writes ---------------------------------------------------

def test_edit_rights_outlast_closing_the_browser(app):
    client = app.test_client()
    response = send(client, NEW_GAME, setup_data())
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "Expires=" in cookie


def test_the_join_link_grants_rights_and_leaves_the_address_bar(client, app):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    join = re.search(rf'href="(http://localhost/games/{game_id}/join/[^"]+)"', page).group(1)
    assert page.count("<svg") >= 2 and 'class="qr"' in page  # both QR codes, drawn here

    other = app.test_client()
    assert "View only" in text(other.get(f"/games/{game_id}"))
    joined = other.get(join.removeprefix("http://localhost"))
    assert joined.status_code == 303 and joined.headers["Location"] == f"/games/{game_id}"
    assert "Score hand 1" in text(other.get(f"/games/{game_id}"))
    assert send(other, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35})
                ).status_code == 303

    stranger = app.test_client()
    assert stranger.get(f"/games/{game_id}/join/not-the-key").status_code == 403
    assert "Score hand" not in text(stranger.get(f"/games/{game_id}"))


def test_sharing_sits_above_the_board_and_says_plainly_when_its_codes_cannot_work(client):
    game_id = new_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert page.index('class="share"') < page.index('id="board"')  # near the top, not the foot
    assert "Other phones on this Wi-Fi can join with this code" in page
    # Opened as localhost, the codes name an address other phones cannot reach.
    assert "Other phones cannot use these codes yet: open the app on this device by the " \
           "address shown when it was started" in page
    assert "network address" not in page


@pytest.mark.parametrize("path, data", [
    ("hands/1", hand_data(0, "1", {0: 15, 2: 35})),
    ("undo", {"expected_version": "0"}),
    ("dealer", {"expected_version": "0"}),
    ("archive", {"archived": "1"}),
])
def test_a_watching_device_is_refused_every_write(client, app, path, data):
    game_id = new_game(client)
    watcher = app.test_client()
    response = send(watcher, f"/games/{game_id}/{path}", data)
    assert response.status_code == 403
    assert "can watch this game but not change it" in text(response)
    assert version_of(app, game_id) == 0
    with app.app_context():
        assert not db.session.get(Game, game_id).archived


def test_the_watch_page_has_nothing_that_changes_the_game(client):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    for page in (client.get(f"/games/{game_id}/watch"),  # even on the scoring device
                 client.get(f"/games/{game_id}/poll/board?view=watch")):
        body = page.get_data(as_text=True)
        assert page.status_code == 200 and "Hand 2 of 6" in text(page)
        assert not re.search(r"<(form|button|input|select|textarea)\b", body)
        assert "/join/" not in body and "/hands/" not in body


# --- Polling: 304 while nothing changes --------------------------------------------------------

def test_a_poll_is_304_until_the_game_changes(client):
    game_id = new_game(client)
    first = client.get(f"/games/{game_id}/poll/board?view=watch")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    assert f'hx-headers=\'{{"If-None-Match": "\\"{game_id}.0.board.watch\\""}}\'' in (
        first.get_data(as_text=True))  # the fragment sends its own ETag on its next poll
    same = client.get(f"/games/{game_id}/poll/board?view=watch", headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.headers["ETag"] == etag and not same.data

    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    changed = client.get(f"/games/{game_id}/poll/board?view=watch",
                         headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "Hand 2 of 6" in text(changed)


@pytest.fixture
def renders(app):
    """The fragments rendered (by template name) while the test runs."""
    made: list[str] = []

    def rendered(sender, template, context, **extra):
        made.append(template.name)

    template_rendered.connect(rendered, app)
    yield made
    template_rendered.disconnect(rendered, app)


def test_fifty_devices_polling_after_a_change_cost_one_render(client, app, renders):
    """Every watching device polling after a change gets the same board: rendered once per
    version and variant (a scorer's board, with its forms, is its own), not once each."""
    game_id = new_game(client)
    watchers = [app.test_client() for _ in range(20)]

    def everyone_polls(part: str = "board", query: str = "view=watch") -> set[bytes]:
        return {watcher.get(f"/games/{game_id}/poll/{part}?{query}").data
                for watcher in watchers}

    first = everyone_polls()
    assert renders.count("games/_board.html") == 1 and len(first) == 1
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    renders.clear()
    changed = everyone_polls()
    assert renders == ["games/_board.html"] and changed != first and len(changed) == 1
    assert "Hand 2 of 6" in text(watchers[0].get(f"/games/{game_id}/poll/board?view=watch"))
    assert len(everyone_polls("standings", "")) == 1 and renders.count(
        "games/_standings.html") == 1  # another part: its own render
    # The scorer's board carries its session's form tokens: never handed to another device.
    scorer = [client.get(f"/games/{game_id}/poll/board?view=edit") for _ in range(2)]
    assert renders.count("games/_board.html") == 3
    assert 'name="csrf_token"' in scorer[0].get_data(as_text=True)
    assert all("csrf_token" not in answer.decode() for answer in changed)


def test_a_poll_never_sends_the_session_back_so_a_shown_flash_stays_gone(client):
    game_id = new_game(client)
    undone = send(client, f"/games/{game_id}/dealer", {"expected_version": "0", "dealer": "Ben"})
    assert undone.status_code == 303  # a flash waits in the session cookie
    # A poll that began before the page showed the flash must not send that cookie back.
    poll = client.get(f"/games/{game_id}/poll/board?view=edit")
    assert poll.status_code == 200 and "Set-Cookie" not in poll.headers
    assert "Chosen: Ben deals first" in text(client.get(f"/games/{game_id}"))
    assert "Chosen: Ben deals first" not in text(client.get(f"/games/{game_id}"))


def test_the_scorer_and_a_watcher_poll_different_fragments(client, app):
    game_id = new_game(client)
    editing = client.get(f"/games/{game_id}/poll/board?view=edit")
    assert editing.headers["ETag"] == f'"{game_id}.0.board.edit"' and "Score hand 1" in text(
        editing)
    watcher = app.test_client().get(f"/games/{game_id}/poll/board?view=edit")  # no key: watch
    assert watcher.headers["ETag"] == f'"{game_id}.0.board.watch"'
    assert "Score hand 1" not in text(watcher)


def test_the_entry_form_is_never_polled_only_a_notice_is(client):
    game_id = new_game(client)
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert form.count('hx-trigger="every 1s"') == 1
    assert re.search(r'id="notice"[^>]*hx-get="/games/[\w-]+/poll/notice\?view=edit&amp;seen=0"',
                     form)
    send(client, f"/games/{game_id}/dealer", {"expected_version": "0", "dealer": "Carl"})
    notice = client.get(f"/games/{game_id}/poll/notice?view=edit&seen=0")
    assert "Another device changed this game while this form was open (latest: Carl to deal " \
           "first)" in text(notice)


@pytest.mark.parametrize("path", ["poll/board", "poll/nothing", "standings", "history",
                                  "watch", "hands/1"])
def test_an_unknown_game_is_a_404(client, path):
    assert client.get(f"/games/no-such-game/{path}").status_code == 404


# --- The list ----------------------------------------------------------------------------------

def test_the_list_shows_newest_first_winners_and_folds_archived(client, app):
    first = new_game(client, ("Ann", "Bo"), dealer="Ann")
    for hand in range(1, 7):
        send(client, f"/games/{first}/hands/{hand}", hand_data(hand - 1, "1", {0: 10}))
    second = new_game(client, ("Cy", "Di"), dealer="Cy")
    page = text(client.get("/games"))
    assert page.index("Cy, Di") < page.index("Ann, Bo")
    assert "★ Bo won" in page and "Hand 1 of 6" in page

    send(client, f"/games/{second}/archive", {"archived": "1"})
    listing = client.get("/games").get_data(as_text=True)
    folded = listing[listing.index('<details class="archived">'):]
    assert "Cy, Di" in folded and "Archived games (1)" in folded
    send(client, f"/games/{second}/archive", {"archived": "0"})
    assert '<details class="archived">' not in client.get("/games").get_data(as_text=True)


def test_home_and_top_bar_lead_to_the_games(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/games/new"' in home and 'href="/games"' in home


# --- Security --------------------------------------------------------------------------------

def test_posts_without_the_csrf_token_are_refused(client, app):
    assert app.config.get("WTF_CSRF_ENABLED", True)  # on in the tests, as in production
    refused = client.post(NEW_GAME, data=setup_data())
    assert refused.status_code == 400 and "Nothing was saved" in text(refused)
    assert game_count(app) == 0
    game_id = new_game(client)  # the same post with the page's token
    forged = client.post(f"/games/{game_id}/hands/1", data=hand_data(0, "1", {0: 15, 2: 35}))
    assert forged.status_code == 400 and version_of(app, game_id) == 0
    wrong = client.post(f"/games/{game_id}/undo", data={"expected_version": "0",
                                                        "csrf_token": "forged"})
    assert wrong.status_code == 400 and version_of(app, game_id) == 0


def test_pages_have_no_inline_script_or_style(client):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    for path in ("/games", "/games/new", NEW_GAME, f"/games/{game_id}",
                 f"/games/{game_id}/hands/2",
                 f"/games/{game_id}/standings", f"/games/{game_id}/history",
                 f"/games/{game_id}/watch"):
        body = client.get(path).get_data(as_text=True)
        assert "<script>" not in body and " style=" not in body and "onclick" not in body, path
    with client.application.app_context():
        assert db.session.query(GameEvent).count() == 1


def test_a_one_deck_game_offers_no_decks_to_choose_and_refuses_a_second_deck(client, app):
    page = client.get("/games/new/basic")
    assert 'name="decks"' not in page.get_data(as_text=True)
    assert "Basic Rummy is played with one deck." in text(page)
    two = {"players-0": "Abe", "players-1": "Ben", "dealer": "Abe", "decks": "2", "start": "1"}
    refused = send(client, "/games/new/basic", two)
    assert refused.status_code == 422 and game_count(app) == 0
    assert errors(refused) == ["Basic Rummy is played with one deck, not 2."]
    assert 'id="decks-error"' in refused.get_data(as_text=True)


def test_setup_warns_when_the_decks_chosen_cannot_deal_every_hand(client):
    six = ("Abe", "Ben", "Carl", "Dee", "Eve", "Fay")
    data = {**setup_data(six), "decks": "1"}
    del data["start"]
    shown = send(client, NEW_GAME, data)  # a decks tap re-shows the form
    page = text(shown)
    assert 'href="/rules/eversol#players"' in shown.get_data(as_text=True)  # the deal's rule
    assert ("Too few for 6 players: Hand 4 cannot be dealt: 6 hands of 9 cards and the upcard "
            "take 55 cards, and 1 deck has only 54. It needs 2 decks.") in page
    recommended = text(send(client, NEW_GAME, {**data, "decks": "auto"}))
    assert "3, as recommended for 6" in recommended and "Too few" not in recommended
    assert "Too few" not in text(send(client, NEW_GAME, {**data, "decks": "3"}))


def test_play_again_makes_the_next_game_with_the_same_seats_and_the_deal_passed_on(client, app):
    game_id = new_game(client, ("Abe", "Ben", "Carl", "Dee"), option_aris_rule="")
    for hand in range(1, 7):
        send(client, f"/games/{game_id}/hands/{hand}", hand_data(hand - 1, "3", {0: 5, 1: 5, 2: 5}))
    over = text(client.get(f"/games/{game_id}"))
    assert "Play again Same seats and house rules; Carl deals first." in over
    again = send(client, f"/games/{game_id}/again", {"expected_version": "6"})
    assert again.status_code == 303
    new_id = again.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game_id
    page = text(client.get(f"/games/{new_id}"))
    assert "Same seats, same house rules: Carl deals first." in page and "Hand 1 of 6" in page
    with app.app_context():
        old, new = load_game(game_id), load_game(new_id)
        assert new.state.players == old.state.players
        assert new.setup.options == old.setup.options and new.setup.options["aris_rule"] is False
    twice = send(client, f"/games/{game_id}/again", {"expected_version": "6"})
    assert twice.headers["Location"].endswith(new_id)  # a double tap makes one game
    assert send(client, f"/games/{new_id}/again", {"expected_version": "0"}).status_code == 409


def test_a_reloaded_setup_keeps_the_players_seated_until_the_game_starts(client):
    send(client, NEW_GAME, {"players-0": "Abe", "new_name": "Ben", "add": "1"})
    send(client, NEW_GAME, {"players-0": "Abe", "players-1": "Ben", "new_name": "Carl",
                            "add": "1"})
    def seated() -> list[str]:
        page = client.get(NEW_GAME).get_data(as_text=True)
        return [html.unescape(v) for v in re.findall(
            r'class="seat-name" name="players-\d+"[^>]*value="([^"]*)"', page)]

    assert seated() == ["Abe", "Ben", "Carl"]
    new_game(client, ("Abe", "Ben", "Carl"))
    assert seated() == []  # started: the next setup begins empty

