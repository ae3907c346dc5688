"""Every verdict and refusal on the question screens and the referee's panel links to the
paragraph of the rules it applies, and that paragraph is on the page it links to. A refusal
that breaks no rule (a misspelt card, a player out of turn) links nothing."""

from __future__ import annotations

import re

import pytest

from .test_web_referee import Table, card


def verdict_links(response) -> list[str]:
    """The rule links inside the screen's verdict section."""
    page = response.get_data(as_text=True)
    start = page.index('id="verdict"')
    section = page[start:page.index("</section>", start)]
    return re.findall(r'class="rule-link" href="([^"]+)"', section)


def lands(client, href: str) -> bool:
    """Whether the linked page has an element with the link's fragment as its id."""
    path, anchor = href.split("#")
    return f'id="{anchor}"' in client.get(path).get_data(as_text=True)


@pytest.mark.parametrize("screen, query, href", [
    # Can I go down? (the arranger): a contract met, and not yet
    ("/arrange/eversol", {"hand": 1, "cards": "7D 7S 7C 9H 9S 9C 2D"}, "/rules/eversol#contracts"),
    ("/arrange/eversol", {"hand": 1, "cards": "7D 8S 2C"}, "/rules/eversol#contracts"),
    ("/arrange/basic", {"cards": "7D 7S 7C 2H"}, "/rules/basic#melds"),
    # the meld checker: a legal meld names what it is
    ("/check/eversol", {"cards": "7D 8D 9D 10D"}, "/rules/eversol#runs"),
    # Can anyone call "Rummy!"?: yes and no
    ("/rummy/500", {"pile": "7H 2C 9S", "table": "4H 5H 6H"}, "/rules/500#calls"),
    ("/rummy/500", {"pile": "9S 2C", "table": "4H 5H 6H"}, "/rules/500#calls"),
    # Can we open?: enough, short, and a meld that is not one
    ("/opening/hand-and-foot", {"hand": 2, "table": "KS KH KD / AS AH JK"},
     "/rules/hand-and-foot#opening"),
    ("/opening/hand-and-foot", {"hand": 4, "table": "KS KH KD / AS AH JK"},
     "/rules/hand-and-foot#opening"),
    ("/opening/hand-and-foot", {"hand": 1, "table": "KS KH QD"}, "/rules/hand-and-foot#books"),
    # Can we go out?
    ("/going-out/hand-and-foot", {"clean_piles": 0}, "/rules/hand-and-foot#going-out"),
])
def test_a_question_screens_answer_links_its_rule(client, screen, query, href):
    response = client.get(screen, query_string=query)
    assert response.status_code == 200
    assert href in verdict_links(response) and lands(client, href)


def test_a_split_checked_against_the_contract_links_the_contract(client):
    response = client.get("/arrange/eversol", query_string={"hand": 2, "melds": "7D 7S 7C"})
    page = response.get_data(as_text=True)
    split = page[page.index('id="split-verdict"'):]
    assert "Not the contract" in split
    assert 'href="/rules/eversol#contracts"' in split[:split.index("</div>")]


def test_an_illegal_meld_beside_its_row_links_its_rule(client):
    response = client.get("/opening/hand-and-foot", query_string={"hand": 1,
                                                                   "table": "KS KC 2D 2H"})
    page = response.get_data(as_text=True)
    row = page[page.index('class="meld-judged meld-judged--no"'):]
    assert 'href="/rules/hand-and-foot#wild-cards"' in row[:row.index("</p>")]


def test_a_question_refused_for_its_input_links_nothing(client):
    response = client.get("/rummy/500", query_string={"pile": "ZZ"})
    assert response.status_code == 422 and verdict_links(response) == []


LOWEST_NAMES = {"name0": "Ann", "name1": "Bob", "name2": "Cy"}


@pytest.mark.parametrize("query, refused, href", [
    ({"count0": 3, "count2": 5, "ending": "drop", "who": "0"}, "count1", "/rules/tonk#scoring"),
    ({"count0": 3, "count1": 4, "count2": 5, "ending": "drop"}, "who", "/rules/tonk#going-out"),
])
def test_whos_lowest_links_a_refusals_rule_beside_the_field_refused(client, query, refused,
                                                                     href):
    response = client.get("/lowest/tonk", query_string={**LOWEST_NAMES, **query})
    assert link_after(response, f'id="{refused}-error"') == href and lands(client, href)
    assert verdict_links(response) == []  # the summary only says to fix what is red


def test_whos_lowest_links_its_ruling(client):
    response = client.get("/lowest/tonk", query_string={
        **LOWEST_NAMES, "count0": 3, "count1": 4, "count2": 5, "ending": "drop", "who": "0"})
    href = "/rules/tonk#scoring"
    assert verdict_links(response) == [href] and lands(client, href)


def test_whos_lowest_links_nothing_for_a_misspelt_card(client):
    response = client.get("/lowest/tonk", query_string={"cards1": "ZZ"})
    assert response.status_code == 422 and verdict_links(response) == []


# --- The referee's panel of a followed hand ---------------------------------------------------

def link_after(response, marker: str) -> str | None:
    """The rule link that follows the paragraph ``marker`` opens (a message or a ruling)."""
    page = response.get_data(as_text=True)
    end = page.index("</p>", page.index(marker)) + len("</p>")
    found = re.match(r'\s*<a class="rule-link" href="([^"]+)"', page[end:])
    return found.group(1) if found else None


def panel_links(response) -> list[str]:
    return re.findall(r'class="rule-link" href="([^"]+)"', response.get_data(as_text=True))


def test_a_refused_step_links_the_rule_it_breaks_in_the_games_own_rules(client, app):
    table = Table(client, app, option_buy_limit="1")
    table.deal()
    table.turn("Ben", "KC")
    table.step("bought", {"buyer": "Dee"})
    table.turn("Carl", "4C")
    table.turn("Dee", "2C")
    response = table.refused("claim", {"claim": "Dee"})
    href = f"/games/{table.id}/rules#calls"
    assert link_after(response, 'id="claim-problem"') == href and lands(client, href)


def test_a_contract_not_met_on_going_down_links_the_contracts(client, app):
    table = Table(client, app)
    table.deal()
    table.step("draw", {"source": "stock"}, "Ben")
    response = table.refused("down", {"melds-0": "KC KS KH", "melds-1": "5D 6D 7D 8D"}, "Ben")
    assert f"/games/{table.id}/rules#contracts" in panel_links(response)


def test_a_step_out_of_turn_links_no_rule(client, app):
    table = Table(client, app)
    table.deal()
    response = table.refused("draw", {"source": "stock"}, "Carl")
    assert "It is Ben's turn" in response.get_data(as_text=True).replace("&#39;", "'")
    assert panel_links(response) == []


def test_the_buy_ruling_links_the_calls(client, app):
    table = Table(client, app)
    table.deal()
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")
    table.step("claim", {"claim": "Dee"})
    href = f"/games/{table.id}/rules#calls"
    page = table.page()
    assert "so Dee buys the discard" in page.get_data(as_text=True)
    assert link_after(page, 'class="referee-ruling-text"') == href and lands(client, href)
    watching = client.get(f"/games/{table.id}/watch")
    assert "so Dee buys the discard" in watching.get_data(as_text=True)
    assert panel_links(watching) == []  # a screen that watches has nothing to tap


def test_a_rummy_call_recorded_links_the_calls(client, app):
    table = Table(client, app)
    table.dee_down()
    table.step("discard", card("5H"), "Dee")
    table.turn("Abe", "KD")
    table.step("rummy", {"caller": "Ben", "asked": "1", **card("7S")})
    page = table.page()
    assert "Ben called rummy on Abe’s K♦" in page.get_data(as_text=True)
    assert link_after(page, 'class="referee-rummy-note"') == f"/games/{table.id}/rules#calls"
