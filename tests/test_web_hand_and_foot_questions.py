"""Hand and Foot's referee screens through the test client: the checker's piles, "Can we
open?" and "Can we go out?", as whole pages and htmx fragments; refusals beside their input."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import html
import re

import pytest

from tests.test_web_checker import field_errors

HTMX = {"HX-Request": "true"}


def words(response, start: str = 'id="verdict"', end: str | None = "</section>") -> str:
    page = response.get_data(as_text=True)
    section = page[page.index(">", page.index(start)) + 1:]
    if end:
        section = section[:section.index(end)]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip()


# --- The meld checker -------------------------------------------------------------------------

@pytest.mark.parametrize("cards, said", [
    ("9S 9H 9D 9C 9S JK 2H", "A dirty pile of nines (7 cards, 2 wild), worth 120."),
    ("9S 9H 9D 9C 9S 9D 9C", "A clean pile of nines (7 cards), worth 70."),
    ("2S 2H JK JK 2D 2C JK", "A wild pile (7 wild cards), worth 230."),
    ("KS KH KD", "A meld of 3 kings, worth 30: 4 more cards make a pile."),
    ("KS KH KD KC KS 2D", "A meld of kings (6 cards, 1 wild), worth 70: 1 more card makes a pile."),
])
def test_the_checker_says_what_pile_the_cards_make(client, cards, said):
    response = client.get("/check/hand-and-foot", query_string={"cards": cards})
    assert response.status_code == 200
    assert said in words(response)


def test_the_checker_refuses_two_wilds_in_a_short_meld_unless_the_house_allows_them(client):
    cards = {"cards": "KS KH JK 2H"}
    refused = words(client.get("/check/hand-and-foot", query_string=cards))
    assert "Not a legal meld" in refused and "at most 1 wild card" in refused
    allowed = client.get("/check/hand-and-foot", query_string=cards | {"short_meld_wilds": 2})
    assert "A meld of kings (4 cards, 2 wild), worth 90" in words(allowed)
    assert re.search(r'name="short_meld_wilds" value="2" checked', allowed.get_data(as_text=True))


def test_the_checker_offers_jokers_and_the_wild_limits_and_speaks_of_no_run(client):
    page = client.get("/check/hand-and-foot").get_data(as_text=True)
    assert 'name="add" value="JK"' in page
    assert 'name="long_meld_wilds" value="3"' in page
    assert " run" not in words(client.get("/check/hand-and-foot"))


def test_a_checker_fragment_answers_for_htmx(client):
    response = client.get("/check/hand-and-foot?cards=9S+9H+9D", headers=HTMX)
    assert response.status_code == 200
    assert "<html" not in response.get_data(as_text=True)
    assert "A meld of 3 nines" in words(response)


def test_a_wild_limit_out_of_range_is_refused_beside_it(client):
    response = client.get("/check/hand-and-foot?cards=KS+KH+KD&short_meld_wilds=7")
    assert response.status_code == 422
    assert field_errors(response) == ["Choose from 0 to 2."]


def test_the_screen_that_cannot_answer_says_so(client):
    response = client.get("/rummy/hand-and-foot")
    assert response.status_code == 404
    assert "Hand and Foot" in response.get_data(as_text=True) or "hand-and-foot" in \
        response.get_data(as_text=True)


# --- Best melds -------------------------------------------------------------------------------

HAND = "KS KH 2D 9S 9H 9D JK 5C 3S 3H"


def test_the_arranger_lays_out_the_books_and_says_how_near_they_come_to_opening(client):
    response = client.get("/arrange/hand-and-foot", query_string={"hand": 2, "cards": HAND})
    assert response.status_code == 200
    said = words(response)
    assert said.startswith("Best melds Worth 120: enough to open hand 2, which needs 90.")
    assert "meld 9 ♠ 9 ♥ 9 ♦ JK meld K ♠ K ♥ 2 ♦ Left in hand: 3 ♠ 5 ♣ 10 points" in said
    assert "Laid aside at once, neither melded nor held: 3 ♥" in said
    short = words(client.get("/arrange/hand-and-foot", query_string={"hand": 4, "cards": HAND}))
    assert "These melds are worth 120, and hand 4 needs 150 to open: 30 more." in short


def test_the_arranger_shows_the_chosen_hands_minimum_and_refuses_a_hand_beside_it(client):
    page = words(client.get("/arrange/hand-and-foot?hand=3"), "<main", None)
    assert "Hand 3 of 4 · to open, the first melds must be worth 120 or more" in page
    response = client.get("/arrange/hand-and-foot", query_string={"hand": 9, "cards": HAND})
    assert response.status_code == 422
    assert field_errors(response) == ["Hand and Foot has 4 hands: hand must be 1 to 4, not 9."]


# --- Can we open? -----------------------------------------------------------------------------

def opening(client, headers=None, **query):
    return client.get("/opening/hand-and-foot", query_string=query, headers=headers or {})


def test_melds_worth_the_minimum_may_open(client):
    response = opening(client, hand=2, table="KS KH KD / AS AH JK")
    assert response.status_code == 200
    assert "Worth 120; hand 2 needs 90: you may open" in words(response)
    melds = words(response, 'class="pile-rows"', "</fieldset>")
    assert "Meld 1" in melds and "Worth 30" in melds and "Worth 90" in melds


def test_melds_short_of_the_minimum_say_how_much_more(client):
    response = opening(client, hand=4, table="KS KH KD / AS AH JK")
    assert "Worth 120; hand 4 needs 150: 30 more needed" in words(response)


def test_an_illegal_meld_says_why_beside_it_and_in_the_verdict(client):
    response = opening(client, hand=1, table="KS KH KD / 9S 9H JK 2H")
    assert response.status_code == 200
    verdict = words(response)
    assert "Not yet" in verdict and "Meld 2 is not legal" in verdict
    assert "at most 1 wild card" in words(response, 'class="pile-rows"', "</fieldset>")


def test_two_unfinished_melds_of_one_rank_are_refused(client):
    verdict = words(opening(client, hand=1, table="KS KH KD / KC KS KH"))
    assert "both unfinished melds of kings" in verdict


def test_the_chosen_hand_shows_its_minimum_and_the_house_sets_it(client):
    assert "Hand 3 needs 120 to open" in words(opening(client, hand=3), "<main", None)
    response = opening(client, hand=3, opening_3=100, table="KS KH KD / AS AH JK")
    assert "Hand 3 needs 100 to open" in words(response, "<main", None)
    assert "Worth 120; hand 3 needs 100: you may open" in words(response)


def test_a_tap_without_javascript_lands_on_the_plain_address(client):
    # Melds go by rank alone: no suit is asked, and each tap takes the suit its rank has least of.
    response = opening(client, table="KS KH KD", into="0", add="K")
    assert response.status_code == 303
    assert "table=KS+KH+KD+KC" in response.headers["Location"]
    response = opening(client, table="KS KH KD", into="new", add="A")
    assert "table=KS+KH+KD+/+AS" in response.headers["Location"]


def test_a_tap_for_htmx_answers_a_fragment_with_the_new_address(client):
    response = opening(client, HTMX, hand=1, table="KS KH", into="0", add="K", suit="D")
    assert response.status_code == 200
    assert "<html" not in response.get_data(as_text=True)
    assert "table=KS+KH+KD" in response.headers["HX-Replace-Url"]
    assert "Worth 30; hand 1 needs 50: 20 more needed" in words(response)


@pytest.mark.parametrize("query, error", [
    ({"hand": 5}, "Choose a hand from 1 to 4."),
    ({"hand": "two"}, "Type a whole number, like 35."),
    ({"table": "KS KH / QQ"}, "'QQ' has no suit S, H, D or C."),
    ({"opening_2": 5000}, "Choose from 0 to 1000."),
])
def test_bad_input_is_refused_beside_it(client, query, error):
    response = opening(client, **query)
    assert response.status_code == 422
    assert error in field_errors(response)
    assert "Fix what is marked in red" in words(response)


def test_a_game_without_an_opening_minimum_has_no_such_screen(client):
    response = client.get("/opening/500")
    assert response.status_code == 404
    assert 'href="/opening/hand-and-foot"' in response.get_data(as_text=True)


# --- Can we go out? ---------------------------------------------------------------------------

EVERYTHING = {"clean_piles": 2, "dirty_piles": 2, "wild_piles": 1, "partner1": "yes",
              "partner2": "yes", "asked": "yes", "answer": "yes"}


def going_out(client, headers=None, **query):
    return client.get("/going-out/hand-and-foot", query_string=query, headers=headers or {})


def checklist(response) -> str:
    return words(response, 'class="checklist"', "</section>")


def test_a_team_with_everything_may_go_out(client):
    response = going_out(client, **EVERYTHING)
    assert response.status_code == 200
    assert words(response).startswith("✓ Yes: the team has its piles")
    assert "not met" not in checklist(response)


def test_a_missing_pile_and_foot_are_named_and_marked(client):
    response = going_out(client, **EVERYTHING | {"wild_piles": 0, "partner2": "no"})
    assert "Not yet: still missing the wild pile and Partner 2 to play from the foot." \
        in words(response)
    rows = checklist(response)
    assert re.search(r"Wild piles \(needs 1\) − \+ ✗ not met", rows)
    assert re.search(r"Partner 1 has played from the foot Yes No ✓ met", rows)
    assert re.search(r"Partner 2 has played from the foot Yes No ✗ not met", rows)


def test_going_out_after_the_partner_said_no_names_the_penalty(client):
    verdict = words(going_out(client, **EVERYTHING | {"answer": "no"}))
    assert "still missing the partner's yes" in verdict
    assert "Going out anyway after the partner said no costs the team 100." in verdict


def test_asking_without_the_piles_warns_of_the_penalty(client):
    verdict = words(going_out(client, **EVERYTHING | {"dirty_piles": 1}))
    assert "if the team cannot go out now, it loses 100" in verdict
    assert "costs" not in words(going_out(client, **EVERYTHING | {"asked": "no"}))


def test_three_partners_each_answer_for_the_foot(client):
    response = going_out(client, **EVERYTHING | {"partners": 3})
    assert "Partner 3 to play from the foot" in words(response)


def test_a_stepper_counts_a_pile(client):
    response = going_out(client, **EVERYTHING | {"clean_piles": 1, "step": "clean_piles:+1"})
    assert response.status_code == 303
    assert "clean_piles=2" in response.headers["Location"]
    response = going_out(client, HTMX, **EVERYTHING | {"wild_piles": 0, "step": "wild_piles:+1"})
    assert response.status_code == 200 and "<html" not in response.get_data(as_text=True)
    assert "wild_piles=1" in response.headers["HX-Replace-Url"]
    assert words(response).startswith("✓ Yes")


@pytest.mark.parametrize("query, error", [
    ({"clean_piles": "x"}, "Type a whole number, like 35."),
    ({"dirty_piles": 99}, "Choose from 0 to 20."),
    ({"partners": 7}, "Choose 2 or 3 partners."),
    ({"partner1": "maybe"}, "Tap yes or no."),
    ({"wild_piles": 9}, "5 decks hold 30 wild cards: at most 4 wild piles, not 9."),
])
def test_bad_going_out_input_is_refused_beside_it(client, query, error):
    response = going_out(client, **EVERYTHING | query)
    assert response.status_code == 422
    assert field_errors(response) == [error]


# --- Reachable from home ----------------------------------------------------------------------

def test_home_links_the_questions_of_the_games_that_ask_them(client):
    page = client.get("/").get_data(as_text=True)
    assert page.count('href="/opening/') == 1 and 'href="/opening/hand-and-foot"' in page
    assert page.count('href="/going-out/') == 1 and 'href="/going-out/hand-and-foot"' in page
    assert 'href="/arrange/hand-and-foot"' in page and 'href="/arrange/500"' in page


def test_asked_but_not_yet_answered_names_no_penalty(client):
    response = going_out(client, **EVERYTHING | {"answer": ""})
    verdict = words(response)
    assert "still missing the partner's yes" in verdict and "100" not in verdict
    assert re.search(r"The partner's answer Yes No ✗ not met", checklist(response))


def test_melds_of_one_rank_ask_no_suit_and_seven_taps_make_a_clean_pile(client):
    page = client.get("/check/hand-and-foot").get_data(as_text=True)
    assert 'name="suit"' not in page and 'name="suit"' in client.get("/check/eversol").get_data(
        as_text=True)
    cards = ""
    for _ in range(7):
        tapped = client.get("/check/hand-and-foot", query_string={"cards": cards, "add": "K"})
        cards = parse_qs(urlsplit(tapped.headers["Location"]).query)["cards"][0]
    assert cards == "KS KH KD KC KS KH KD"
    assert "clean pile" in words(client.get(tapped.headers["Location"]), "<main", None).lower()
    assert 'name="suit"' not in opening(client).get_data(as_text=True)
