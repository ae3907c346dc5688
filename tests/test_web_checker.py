"""The meld checker screen through the test client: pages, fragments, errors."""

from __future__ import annotations

import html
import re

import pytest

HTMX = {"HX-Request": "true"}


def verdict_text(response) -> str:
    page = response.get_data(as_text=True)
    section = page[page.index('id="verdict"'):page.index('class="picker"')]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section)).strip()


def field_errors(response) -> list[str]:
    found = re.findall(r'class="field-error"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return [html.unescape(error) for error in found]


def first_button(response) -> str:
    """The card form's first submit button: the one Enter in any of its text boxes presses."""
    page = response.get_data(as_text=True)
    form = page[page.index('<form id="card-form"'):]
    return re.search(r"<button\b[^>]*>[^<]*</button>", form).group(0)


def assert_enter_taps_nothing(response) -> None:
    """Enter sends the form as typed: its first button is a plain Check, no tap."""
    button = first_button(response)
    assert 'type="submit"' in button and " name=" not in button, button
    assert re.sub(r"<[^>]+>", "", button) == "Check"


def test_home_lists_the_four_games(client):
    html = client.get("/").get_data(as_text=True)
    for key, title in [("eversol", "Eversol Rummy"), ("500", "500 Rummy"),
                       ("basic", "Basic Rummy"), ("base", "Base Rules Rummy")]:
        assert title in html
        assert f'href="/check/{key}"' in html


def test_a_legal_run_in_eversol(client):
    response = client.get("/check/eversol?decks=2&cards=7D+8D+9D+10D")
    assert response.status_code == 200
    assert "Legal run" in verdict_text(response)


def test_a_repeated_card_is_not_a_run_and_says_why(client):
    response = client.get("/check/eversol?decks=2&cards=7D+8D+9D+10D+9D")
    text = verdict_text(response)
    assert "Not a legal meld" in text
    assert "cannot hold the same card twice (9♦)" in text


@pytest.mark.parametrize("game, cards, words", [
    ("500", "9H 10H JK", "Legal sequence"),
    ("500", "5C 5H 5S", "Legal group"),
    ("basic", "5C 5H 5S", "Legal group"),
    ("eversol", "5C 5H 5S", "Legal book"),
])
def test_each_game_uses_its_own_words(client, game, cards, words):
    assert words in verdict_text(client.get(f"/check/{game}", query_string={"cards": cards}))


def test_a_meld_read_two_ways_shows_both(client):
    text = verdict_text(client.get("/check/eversol?decks=2&cards=AS+JK+JK+JK"))
    assert "Legal book – and also a legal run" in text
    assert "As a book of aces" in text


def test_jokers_show_what_they_stand_for_and_other_places(client):
    text = verdict_text(client.get("/check/eversol?decks=2&cards=7D+8D+9D+JK"))
    assert "Joker stands for 10♦" in text
    assert "or, placed at the other end, 6♦" in text


def test_tapping_adds_a_card_of_the_chosen_suit(client):
    response = client.get("/check/eversol?decks=2&suit=D&cards=7D+8D+9D&add=10", headers=HTMX)
    assert response.status_code == 200
    assert "Legal run" in verdict_text(response)
    assert response.headers["HX-Replace-Url"] == "/check/eversol?decks=2&suit=D&cards=7D+8D+9D+10D"


def test_tap_without_javascript_redirects_so_a_reload_does_not_tap_again(client):
    response = client.get("/check/eversol?decks=2&suit=D&cards=7D+8D+9D&add=10")
    assert response.status_code == 303
    assert response.headers["Location"] == "/check/eversol?decks=2&suit=D&cards=7D+8D+9D+10D"


def test_remove_and_clear(client):
    removed = client.get("/check/eversol?decks=2&cards=7D+8D+9D+10D+9D&remove=4", headers=HTMX)
    assert "Legal run" in verdict_text(removed)
    cleared = client.get("/check/eversol?decks=2&cards=7D+8D&clear=1", headers=HTMX)
    assert "Tap cards to check a meld" in verdict_text(cleared)  # no verdict on no cards


def test_htmx_gets_the_fragment_and_others_the_page(client):
    fragment = client.get("/check/eversol?cards=7D", headers=HTMX).get_data(as_text=True)
    page = client.get("/check/eversol?cards=7D").get_data(as_text=True)
    assert fragment.lstrip().startswith("<main") and "<html" not in fragment
    assert page.startswith("<!doctype html>")
    restore = client.get("/check/eversol?cards=7D",
                         headers={**HTMX, "HX-History-Restore-Request": "true"})
    assert restore.get_data(as_text=True).startswith("<!doctype html>")
    assert "HX-Request" in client.get("/check/eversol").headers["Vary"]


@pytest.mark.parametrize("query, message", [
    ("cards=7D+ZZ", "'ZZ' has no rank"),
    ("cards=3H+3H+3S&decks=1", "more copies of 3♥ here than the deck holds (1)"),
    ("decks=9&cards=7D", "Choose from 1 to 8 decks."),
    ("decks=lots&cards=7D", "Choose from 1 to 8 decks."),
    ("suit=X&cards=7D", ""),
])
def test_bad_input_is_a_422_with_the_message_beside_the_field(client, query, message):
    response = client.get(f"/check/eversol?{query}", headers=HTMX)
    assert response.status_code == 422
    if message:
        assert any(message in error for error in field_errors(response)), field_errors(response)


def test_a_card_the_game_does_not_use(client):
    jokers = client.get("/check/basic?cards=QH+KH+JK")
    assert jokers.status_code == 422
    assert "Basic Rummy is played without jokers." in field_errors(jokers)
    aces = client.get("/check/base?cards=AH+2H+3H")
    assert "Base Rules Rummy is played without aces." in field_errors(aces)
    # The card refused is the one marked in red, as the verdict asks, not a joker's gold.
    page = jokers.get_data(as_text=True)
    marks = re.findall(r'class="picked-card( picked-card--refused)?"', page)
    assert marks == ["", "", " picked-card--refused"]
    assert 'aria-label="Remove Joker, not in this game"' in page


def test_the_typed_example_offers_a_joker_only_where_the_game_has_jokers(client):
    assert 'placeholder="7D 8D 9D"' in client.get("/check/basic").get_data(as_text=True)
    assert 'placeholder="7D 8D 9D JK"' in client.get("/check/eversol").get_data(as_text=True)


def test_the_picker_offers_only_the_game_s_cards(client):
    base = client.get("/check/base").get_data(as_text=True)
    assert 'value="A" class="rank"' not in base and 'value="JK"' not in base
    eversol = client.get("/check/eversol").get_data(as_text=True)
    assert 'value="A" class="rank"' in eversol and 'value="JK"' in eversol


def test_used_up_cards_are_greyed_out(client):
    html = client.get("/check/eversol?decks=1&suit=D&cards=9D+JK+JK").get_data(as_text=True)
    assert re.search(r'value="9" class="rank" disabled', html)
    assert re.search(r'value="JK" class="rank rank--joker" disabled', html)
    assert not re.search(r'value="8" class="rank" disabled', html)


def test_house_rule_boxes_change_the_verdict(client):
    off = verdict_text(client.get("/check/basic?cards=QH+KH+AH"))
    on = verdict_text(client.get("/check/basic?cards=QH+KH+AH&ace_high=y"))
    assert "ace is low only" in off and "Legal sequence" in on
    no_jokers = client.get("/check/500?cards=9H+10H+JK&no_jokers=y")
    assert no_jokers.status_code == 422


def test_a_huge_paste_is_refused_politely(client):
    response = client.get("/check/eversol", query_string={"cards": "7D " * 5000})
    assert response.status_code == 422
    assert "far too many cards" in " ".join(field_errors(response))


def test_unknown_game_is_404(client):
    assert client.get("/check/canasta").status_code == 404


def test_pages_carry_a_strict_content_security_policy(client):
    policy = client.get("/check/eversol").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    html = client.get("/check/eversol").get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html and "onclick" not in html


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "fragment"])
def test_enter_in_the_box_checks_the_typed_cards_and_takes_none_back(client, headers):
    response = client.get("/check/eversol?decks=2&cards=7D+8D+9D", headers=headers)
    assert 'name="remove" value="0"' in response.get_data(as_text=True)  # a card to take back
    assert_enter_taps_nothing(response)
