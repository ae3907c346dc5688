"""The rummy check screen (500) through the test client: taps, answers, house rules, errors."""

from __future__ import annotations

import html
import re

import pytest

from .test_web_checker import assert_enter_taps_nothing

HTMX = {"HX-Request": "true"}
PAGE = "/rummy/500"


def text_of(response, start: str, end: str) -> str:
    page = response.get_data(as_text=True)
    section = page[page.index(start):page.index(end)]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip()


def answer(response) -> str:
    return text_of(response, 'id="verdict"', 'class="picker"')


def rows(response) -> str:
    return text_of(response, 'class="pile-rows"', 'id="verdict"')


def field_errors(response) -> list[str]:
    found = re.findall(r'class="field-error"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return [html.unescape(error) for error in found]


def test_the_home_page_offers_it_for_500_only(client):
    page = client.get("/").get_data(as_text=True)
    assert page.count('href="/rummy/') == 1 and 'href="/rummy/500"' in page
    assert "Can anyone call rummy?" in page


def test_an_empty_screen_invites_taps(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    assert "Tap in the pile and the table" in answer(response)
    assert re.search(r'name="into" value="pile" checked', response.get_data(as_text=True))
    assert re.search(r'name="decks" value="1" checked', response.get_data(as_text=True))


def test_a_buried_card_that_lays_off(client):
    response = client.get(PAGE, query_string={"pile": "7H 2C 9S", "table": "4H 5H 6H"})
    text = answer(response)
    assert "Rummy!" in text
    assert "Take from the 3rd card down: the 7♥ and the 2 cards above it" in text
    assert "lays off on the sequence 4♥ 5♥ 6♥" in text
    assert "It lays off on meld 1" in text


def test_the_top_card_alone(client):
    text = answer(client.get(PAGE, query_string={"pile": "9S 7H", "table": "4H 5H 6H"}))
    assert "Take the top card: the 7♥" in text


def test_a_meld_of_pile_cards(client):
    text = answer(client.get(PAGE, query_string={"pile": "8C 5D 5S 5H"}))
    assert "Take from the 3rd card down" in text and "and melds" in text
    assert "a group of fives" in text


def test_no_rummy_says_why(client):
    text = answer(client.get(PAGE, query_string={"pile": "2C 9S", "table": "4H 5H 6H"}))
    assert "No rummy" in text and "No card in the pile lays off" in text


@pytest.mark.parametrize("calls, words", [
    ("top_card", "only the top card may be called"),
    ("none", "plays without rummy calls"),
])
def test_the_rummy_calls_house_rule_changes_the_answer(client, calls, words):
    response = client.get(PAGE, query_string={"pile": "7H 2C 9S", "table": "4H 5H 6H",
                                              "rummy_calls": calls})
    assert "No rummy" in answer(response) and words in answer(response)
    assert re.search(rf'name="rummy_calls" value="{calls}" checked',
                     response.get_data(as_text=True))


def test_the_no_jokers_house_rule_refuses_a_joker(client):
    response = client.get(PAGE, query_string={"pile": "2C JK", "no_jokers": "y"})
    assert response.status_code == 422
    assert "500 Rummy, with the no-jokers house rule, is played without jokers." in \
        field_errors(response)
    assert 'value="JK"' not in response.get_data(as_text=True)  # no joker to tap either


def test_a_tap_without_javascript_redirects_to_the_plain_address(client):
    response = client.get(PAGE, query_string={"pile": "7H", "suit": "C", "add": "2"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/rummy/500?decks=1&suit=C&into=pile&pile=7H+2C"


def test_a_new_meld_takes_the_taps_that_follow(client):
    first = client.get(PAGE, query_string={"pile": "7H", "into": "new", "suit": "H",
                                           "add": "4"})
    assert first.headers["Location"].endswith("into=0&pile=7H&table=4H")
    second = client.get(PAGE, query_string={"pile": "7H", "table": "4H", "into": "0",
                                            "suit": "H", "add": "5"}, headers=HTMX)
    assert "Meld 1 needs 3 cards" in rows(second)
    assert second.headers["HX-Replace-Url"].endswith("into=0&pile=7H&table=4H+5H")


def test_a_meld_still_being_tapped_in_is_left_out(client):
    response = client.get(PAGE, query_string={"pile": "2C 6H", "table": "4H 5H"})
    assert response.status_code == 200
    assert "needs 3 cards" in rows(response) and "No rummy" in answer(response)


def test_taking_back_the_last_card_of_a_meld_drops_it(client):
    response = client.get(PAGE, query_string={"pile": "7H", "table": "9S / 4H 5H 6H",
                                              "into": "1", "remove": "table:0:0"},
                          headers=HTMX)
    assert "Meld 2" not in rows(response)
    assert response.headers["HX-Replace-Url"].endswith("into=0&pile=7H&table=4H+5H+6H")
    assert "Take the top card: the 7♥" in answer(response)


def test_clear_empties_both(client):
    response = client.get(PAGE, query_string={"pile": "7H", "table": "4H 5H 6H",
                                              "clear": "1"}, headers=HTMX)
    assert "Tap in the pile and the table" in answer(response)
    assert "No discards yet." in rows(response)


def test_htmx_gets_the_fragment_and_others_the_page(client):
    fragment = client.get(PAGE, headers=HTMX).get_data(as_text=True)
    assert fragment.lstrip().startswith("<main") and "<html" not in fragment
    assert client.get(PAGE).get_data(as_text=True).startswith("<!doctype html>")


@pytest.mark.parametrize("query, row, message", [
    ({"pile": "7H ZZ"}, "ZZ", "'ZZ' has no rank"),
    ({"pile": "2C", "table": "4H 5H 7H"}, "Meld 1", "must follow on without gaps"),
    ({"pile": "6H", "table": "4H 5H 6H"}, "Meld 1", "more copies of 6♥ here than the deck"),
    ({"pile": "7H", "decks": "9"}, None, "Choose from 1 to 8 decks."),
    ({"pile": "7H", "rummy_calls": "always"}, None, "Choose one of the answers."),
])
def test_bad_input_is_a_422_with_the_message_beside_it(client, query, row, message):
    response = client.get(PAGE, query_string=query)
    assert response.status_code == 422
    assert any(message in error for error in field_errors(response)), field_errors(response)
    assert "Fix what is marked in red" in answer(response)
    if row:
        assert row in rows(response)


def test_two_decks_allow_two_copies(client):
    response = client.get(PAGE, query_string={"pile": "6H 2C", "table": "4H 5H 6H",
                                              "decks": "2"})
    assert response.status_code == 200 and "No rummy" in answer(response)


def test_games_without_calls_in_the_pile_are_not_found(client):
    for game in ("eversol", "basic", "canasta"):
        response = client.get(f"/rummy/{game}")
        assert response.status_code == 404
        assert 'href="/rummy/500"' in response.get_data(as_text=True)


def test_the_page_carries_a_strict_content_security_policy(client):
    response = client.get(PAGE, query_string={"pile": "7H 2C 9S", "table": "4H 5H 6H"})
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]
    page = response.get_data(as_text=True)
    assert "<script>" not in page and " style=" not in page and "onclick" not in page


@pytest.mark.parametrize("query", [{"into": "sideways"}, {"remove": "pile:x"},
                                   {"remove": "table:7:0"}, {"into": "99", "add": "7"}])
def test_a_tap_no_button_sends_is_passed_over(client, query):
    response = client.get(PAGE, query_string={"pile": "7H", **query}, headers=HTMX)
    assert response.status_code == 200


def test_enter_in_a_box_checks_what_was_typed_and_takes_no_card_back(client):
    response = client.get(PAGE, query_string={"pile": "7H 2C", "table": "4H 5H 6H"})
    assert 'name="remove" value="pile:0"' in response.get_data(as_text=True)
    assert_enter_taps_nothing(response)
