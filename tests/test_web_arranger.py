"""'Can I go down?' through the test client."""

from __future__ import annotations

import html
import re

import pytest

from .test_web_checker import assert_enter_taps_nothing

HTMX = {"HX-Request": "true"}
FITS = "3H 4H 5H 6H 9S 10S JS JK KD KC KH"


def text_of(response, element_id: str) -> str:
    page = response.get_data(as_text=True)
    start = page.index(f'id="{element_id}"')
    section = page[start:page.index("</section>", start)]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip()


def errors(response) -> list[str]:
    found = re.findall(r'class="field-error"[^>]*>([^<]*)<', response.get_data(as_text=True))
    return [html.unescape(e) for e in found]


def test_hand_six_that_fits(client):
    response = client.get("/arrange/eversol", query_string={"hand": 6, "decks": 2, "cards": FITS})
    verdict = text_of(response, "verdict")
    assert response.status_code == 200
    assert "Yes, you can go down: every card fits" in verdict
    assert "JK = Q♠" in verdict and "Nothing left in hand" in verdict


def test_hand_six_with_a_card_too_many(client):
    response = client.get("/arrange/eversol",
                          query_string={"hand": 6, "decks": 2, "cards": FITS + " 2C"})
    verdict = text_of(response, "verdict")
    assert "Not yet: 1 card would be left" in verdict and "5 points" in verdict


def test_the_contract_is_shown_for_the_chosen_hand(client):
    page = client.get("/arrange/eversol?hand=4").get_data(as_text=True)
    assert "Hand 4 of 6 · 9 cards" in page and "three books" in page
    assert "no discard" not in page
    assert "no discard" in client.get("/arrange/eversol?hand=6").get_data(as_text=True)


def test_a_contract_out_of_reach(client):
    response = client.get("/arrange/eversol", query_string={"hand": 2, "cards": "2S 5H 9D"})
    assert "cannot make one book and one run" in text_of(response, "verdict")


def test_other_games_show_the_best_melds_and_what_is_left(client):
    response = client.get("/arrange/basic", query_string={"cards": "5H 5S 5D 9C 2C 3C 4C KH"})
    verdict = text_of(response, "verdict")
    assert "Best melds" in verdict and "19 points" in verdict
    assert 'name="hand"' not in response.get_data(as_text=True)


def test_split_melds_point_at_the_broken_one(client):
    response = client.get("/arrange/eversol",
                          query_string={"hand": 2, "decks": 2, "melds": "3H 3S 3D / 7D 8D 9D"})
    assert "Meld 2 is not legal" in text_of(response, "split-verdict")
    assert "meld-row--broken" in response.get_data(as_text=True)
    good = client.get("/arrange/eversol",
                      query_string={"hand": 2, "decks": 2, "melds": "3H 3S 3D / 7D 8D 9D 10D"})
    assert "These melds meet hand 2" in text_of(good, "split-verdict")


def test_taps_work_without_javascript(client):
    response = client.get("/arrange/eversol?hand=1&decks=2&suit=H&cards=3S+3D&add=3")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("cards=3S+3D+3H")


def test_bad_input_is_flagged_beside_its_field(client):
    assert errors(client.get("/arrange/eversol?hand=9")) == ["Eversol Rummy has hands 1 to 6."]
    too_many = client.get("/arrange/eversol", query_string={"decks": 3, "cards": "2S " * 41},
                          headers=HTMX)
    assert too_many.status_code == 422
    assert any("more copies" in e or "at most 40" in e for e in errors(too_many))
    bad_meld = client.get("/arrange/eversol", query_string={"melds": "3H ZZ"})
    assert bad_meld.status_code == 422 and "'ZZ' has no rank" in errors(bad_meld)[0]


def test_forty_one_cards_are_refused_before_solving(client):
    cards = " ".join(f"{r}{s}" for s in "SHDC" for r in ["2", "3", "4", "5", "6", "7", "8",
                                                          "9", "10", "J", "Q"])[:200]
    many = (cards + " ") * 2
    response = client.get("/arrange/eversol", query_string={"decks": 5, "cards": many[:400]})
    assert response.status_code == 422
    assert "at most 40 cards" in " ".join(errors(response))


@pytest.mark.parametrize("game", ["eversol", "500"])  # with a contract to choose, and without
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "fragment"])
def test_enter_in_a_box_reads_what_was_typed_and_takes_no_card_back(client, game, headers):
    response = client.get(f"/arrange/{game}", headers=headers,
                          query_string={"hand": 1, "decks": 2, "cards": "3H 3S 3D"})
    assert 'name="remove" value="0"' in response.get_data(as_text=True)  # a card to take back
    assert_enter_taps_nothing(response)


def test_the_tables_going_out_rule_changes_the_answer(client):
    cards = "9S 9H 9D 5C 6C 7C"
    every = client.get("/arrange/500", query_string={"cards": cards})
    assert 'name="going_out" value="meld_all" checked' in every.get_data(as_text=True)
    assert "These melds use every card, so laying them down goes out." in text_of(every, "verdict")
    kept = client.get("/arrange/500", query_string={"cards": cards,
                                                     "going_out": "discard_required"},
                      headers=HTMX)
    verdict = text_of(kept, "verdict")
    assert "This table goes out only with a last discard" in verdict
    assert "Left in hand: 5 ♣ 6 ♣ 7 ♣ 18 points" in verdict
    assert "going_out=discard_required" in kept.headers["HX-Replace-Url"]  # in the address
