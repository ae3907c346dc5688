"""Who's lowest? (a hand of Tonk, the game played for stakes) through the test client: counts
from tapped cards or typed, the ruling and its payments, refusals beside their fields."""

from __future__ import annotations

import html
import re

import pytest

HTMX = {"HX-Request": "true"}
PAGE = "/lowest/tonk"


def text_of(response, start: str, end: str) -> str:
    page = response.get_data(as_text=True)
    section = page[page.index(start):page.index(end, page.index(start))]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip()


def ruling(response) -> str:
    return text_of(response, 'id="verdict"', "Show the ruling")


def payments(response) -> list[str]:
    page = response.get_data(as_text=True)
    if 'class="lowest-payments"' not in page:
        return []
    block = page[page.index('class="lowest-payments"'):page.index("</ul>", page.index('class="lowest-payments"'))]
    return [html.unescape(item) for item in re.findall(r"<li>([^<]*)</li>", block)]


def field_error(response, field: str) -> str:
    found = re.search(rf'id="{field}-error" class="field-error"[^>]*>([^<]*)<',
                      response.get_data(as_text=True))
    return html.unescape(found.group(1)) if found else ""


def net_row(response, name: str) -> str:
    return text_of(response, f'<th scope="row">{name}</th>', "</tr>")


NAMES = {"players": 3, "name0": "Ann", "name1": "Bob", "name2": "Cy"}


def test_the_home_page_offers_it_for_the_game_played_for_stakes_only(client):
    page = client.get("/").get_data(as_text=True)
    assert page.count('href="/lowest/') == 1 and 'href="/lowest/tonk"' in page
    assert "Who’s lowest?" in page


def test_an_empty_screen_invites_counts_and_offers_every_ending(client):
    response = client.get(PAGE)
    assert response.status_code == 200
    assert "Tap in each hand, or type its count" in ruling(response)
    page = response.get_data(as_text=True)
    for label in ("Tonk on the deal", "Drop", "Stock out", "Run out", "Tonk out"):
        assert f"<strong>{label}</strong>" in page
    assert 'name="players" value="3" checked' in page  # three seats to start
    assert page.count('name="into"') == 3
    assert "Is a dealt hand worth 49 a tonk too" in page  # the house rule, asked


def test_a_caught_drop_counted_from_tapped_cards(client):
    # Ann's 5♠ 5♥ 5♦ are a set, set aside: her count is the 2♣ alone.
    response = client.get(PAGE, query_string={
        **NAMES, "cards0": "5S 5H 5D 2C", "count1": 2, "count2": 9,
        "ending": "drop", "who": "1"})
    assert response.status_code == 200
    assert ("Bob dropped with 2, but Ann has 2: Bob is caught and pays Ann 1 stake; "
            "everyone else pays Ann and Bob, the lowest, 1 stake each.") in ruling(response)
    assert payments(response) == ["Bob pays Ann 1 stake", "Cy pays Ann 1 stake",
                                  "Cy pays Bob 1 stake"]
    assert "set aside: 5♠ 5♥ 5♦" in net_row(response, "Ann")
    assert "+2 stakes" in net_row(response, "Ann")
    assert "even" in net_row(response, "Bob")
    assert "−2 stakes" in net_row(response, "Cy")


def test_a_drop_below_every_other_count_wins(client):
    response = client.get(PAGE, query_string={
        **NAMES, "count0": 3, "count1": 12, "count2": 20, "ending": "drop", "who": "0"})
    assert "Ann dropped with 3, below every other count" in ruling(response)
    assert payments(response) == ["Bob pays Ann 1 stake", "Cy pays Ann 1 stake"]


def test_the_stock_running_out_tied_is_a_draw(client):
    response = client.get(PAGE, query_string={
        **NAMES, "count0": 6, "count1": 6, "count2": 14, "ending": "stock_out"})
    assert response.status_code == 200
    assert "tied for the lowest count (6): the hand is a draw and nobody pays" in ruling(response)
    assert payments(response) == []
    assert "even" in net_row(response, "Cy")


def test_a_tonk_out_needs_no_counts(client):
    response = client.get(PAGE, query_string={**NAMES, "ending": "tonk_out", "who": "2"})
    assert response.status_code == 200
    assert payments(response) == ["Ann pays Cy 2 stakes", "Bob pays Cy 2 stakes"]


def test_tonks_on_the_deal_name_several_players(client):
    response = client.get(PAGE, query_string=[
        ("players", 3), ("ending", "tonk_on_deal"), ("who", "0"), ("who", "2")])
    assert "Player 1 and Player 3 were each dealt a tonk" in ruling(response)
    assert 'type="checkbox" name="who" value="2" checked' in response.get_data(as_text=True)


def test_unnamed_players_get_numbers_and_names_come_in_any_case(client):
    response = client.get(PAGE, query_string={"players": 2, "name0": "dee",
                                              "ending": "run_out", "who": "1"})
    assert payments(response) == ["dee pays Player 2 1 stake"]


@pytest.mark.parametrize("query, field, words", [
    ({"count0": 400, "count1": 4, "count2": 5, "ending": "drop", "who": "1"}, "count0",
     "more than 5 cards can be worth (50)"),
    ({"count0": 3, "count2": 5, "ending": "drop", "who": "0"}, "count1",
     "needs Bob’s count too"),
    ({"count0": 3, "count1": 4, "count2": 5, "ending": "drop"}, "who", "Say who ended the hand"),
    ({"cards0": "7H 8S", "cards2": "7H", "ending": "tonk_out", "who": "0"}, "cards2",
     "more copies of 7♥"),
    ({"cards1": "ZZ"}, "cards1", "ZZ"),
    ({"count1": "seven"}, "count1", "Type a whole number"),
    ({"ending": "walked_off"}, "ending", "Tap one of the endings"),
])
def test_bad_input_is_refused_beside_its_field(client, query, field, words):
    names = {**NAMES, "name1": "Bob"}
    response = client.get(PAGE, query_string={**names, **query}, headers=HTMX)
    assert response.status_code == 422
    assert words.replace("’", "'") in field_error(response, field).replace("’", "'")
    assert "Fix what is marked in red" in ruling(response)


def test_a_name_given_twice_is_refused_beside_the_second(client):
    response = client.get(PAGE, query_string={**NAMES, "name2": "ann", "ending": "tonk_out",
                                              "who": "0"})
    assert response.status_code == 422
    assert "named twice" in field_error(response, "name2")


def test_a_tap_without_javascript_lands_on_the_plain_address(client):
    response = client.get(PAGE, query_string={**NAMES, "into": 1, "suit": "H", "add": "Q"})
    assert response.status_code == 303
    landed = client.get(response.headers["Location"])
    assert "cards1=QH" in response.headers["Location"]
    assert "Count <strong>10</strong>" in landed.get_data(as_text=True)


def test_taking_a_card_back_and_clearing_a_player(client):
    removed = client.get(PAGE, query_string={**NAMES, "cards0": "2C 3C 9D", "remove": "0:1"},
                         headers=HTMX)
    assert 'name="cards0" value="2C 9D"' in removed.get_data(as_text=True)
    cleared = client.get(PAGE, query_string={**NAMES, "cards0": "2C 3C", "clear": "0"},
                         headers=HTMX)
    assert 'name="cards0" value=""' in cleared.get_data(as_text=True)


def test_htmx_gets_the_fragment_and_the_address_to_keep(client):
    response = client.get(PAGE, query_string={**NAMES, "count0": 4}, headers=HTMX)
    page = response.get_data(as_text=True)
    assert "<html" not in page and 'id="checker"' in page
    assert "count0=4" in response.headers["HX-Replace-Url"]


def test_a_game_not_played_for_stakes_has_no_such_screen(client):
    response = client.get("/lowest/500")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "not a game played for stakes" in page and 'href="/lowest/tonk"' in page
    assert client.get("/lowest/no-such-game").status_code == 404


def test_the_house_rule_stays_ticked_and_in_the_address(client):
    response = client.get(PAGE, query_string={**NAMES, "tonk_on_49": "y", "count0": 4},
                          headers=HTMX)
    assert 'name="tonk_on_49" value="y" checked' in response.get_data(as_text=True)
    assert "tonk_on_49=y" in response.headers["HX-Replace-Url"]


def test_a_tap_no_button_sends_is_passed_over(client):
    response = client.get(PAGE, query_string={**NAMES, "into": "9", "suit": "X", "add": "5"},
                          headers=HTMX)
    assert response.status_code == 200
    assert 'name="cards0" value="5S"' in response.get_data(as_text=True)


def test_the_ruling_links_the_scoring_rule(client):
    ruled = client.get(PAGE, query_string={**NAMES, "count0": 3, "count1": 12, "count2": 20,
                                           "ending": "drop", "who": "0"})
    assert 'href="/rules/tonk#scoring"' in ruled.get_data(as_text=True)
    unruled = client.get(PAGE, query_string={**NAMES, "count0": 3})
    assert "#scoring" not in unruled.get_data(as_text=True)
