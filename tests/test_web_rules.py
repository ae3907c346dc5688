"""The rules reference over HTTP: every game's page with its sections, a kept game's own
copy with its table's house options, links to it, and the meld checker's refusals pointing
at the paragraph they apply."""

from __future__ import annotations

import re

import pytest

from referee.core.games.registry import RULESETS
from tests.test_web_games import new_game, text

SECTIONS = {"players", "cards", "melds", "scoring", "house-options"}


def ids(response) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', response.get_data(as_text=True)))


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_game_has_a_rules_page_with_its_sections(client, key):
    response = client.get(f"/rules/{key}")
    assert response.status_code == 200
    ruleset = RULESETS[key]
    assert SECTIONS - ({"melds"} if not ruleset.has_melds else set()) <= ids(response)
    # A game without melds offers no meld checker, here or on the home page (404 if asked).
    assert ('href="/check/' in response.get_data(as_text=True)) == ruleset.has_melds
    assert (f'href="/check/{key}"' in client.get("/").get_data(as_text=True)) == ruleset.has_melds
    assert client.get(f"/check/{key}").status_code == (200 if ruleset.has_melds else 404)
    shown = text(response)
    assert ruleset.title in shown
    for spec in ruleset.option_specs:  # each house option, its own paragraph and its default
        assert f"option-{spec.name}" in ids(response)
    assert shown.count("Default:") == len(ruleset.option_specs)
    assert "This table" not in shown


def test_eversol_lists_each_hands_contract_and_its_calls(client):
    response = client.get("/rules/eversol")
    assert {"contracts", "calls", "books", "runs", "wild-cards", "going-out"} <= ids(response)
    assert "one book and two runs" in text(response)


def test_a_game_without_runs_or_jokers_has_no_such_paragraph(client):
    assert not {"runs", "contracts"} & ids(client.get("/rules/hand-and-foot"))
    assert "wild-cards" not in ids(client.get("/rules/basic"))


def test_an_unknown_game_gets_the_not_found_page_with_every_game(client):
    response = client.get("/rules/gin")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "No card game called “gin”" in text(response)
    for key in RULESETS:
        assert f'href="/rules/{key}"' in page


def test_a_kept_game_shows_its_tables_choices(client):
    made = client.post("/api/v1/games", json={
        "ruleset": "500", "players": ["Ann", "Bo"], "first_dealer": "Ann",
        "options": {"target_score": 300, "no_jokers": True}})
    assert made.status_code == 201, made.get_data(as_text=True)
    game_id = made.get_json()["id"]
    response = client.get(f"/games/{game_id}/rules")
    assert response.status_code == 200
    shown = text(response)
    assert ("What score ends the game? The score that ends the game. Default: 500 · "
            "This table: 300") in shown
    assert ("Play without jokers, as the game first was? Play without jokers, as the game first "
            "was. Default: No · This table: Yes") in shown
    assert shown.count("This table:") == len(RULESETS["500"].option_specs)
    page = response.get_data(as_text=True)
    assert f'href="/games/{game_id}/rules" aria-current="page"' in page  # the game's tabs
    assert f'href="/games/{game_id}/rules"' in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_house_rule_the_table_checks_says_so(client):
    page = client.get("/rules/500").get_data(as_text=True)
    start = page.index('id="option-discard_pile_draw"')
    rule = page[start:page.index("</div>", start)]
    assert "One taken from under the top: a card taken from under the top must be melded at " \
        "once." in rule
    assert "The referee does not check this; the table does." in rule
    assert page.count("The referee does not check this") == 1
    assert "deeper_must_meld" not in text(client.get("/rules/500"))


def test_no_such_kept_game_has_no_rules(client):
    response = client.get("/games/nope/rules")
    assert response.status_code == 404
    assert "No such game" in text(response)


def test_home_and_question_screens_link_each_games_rules(client):
    home = client.get("/").get_data(as_text=True)
    for key in RULESETS:
        assert f'href="/rules/{key}"' in home
    for screen in ("/check/eversol", "/arrange/500", "/rummy/500", "/opening/hand-and-foot",
                   "/going-out/hand-and-foot"):
        response = client.get(screen)
        assert response.status_code == 200, screen
        key = screen.rsplit("/", 1)[1]
        assert f'href="/rules/{key}"' in response.get_data(as_text=True), screen


@pytest.mark.parametrize("game, cards, anchor", [
    ("eversol", "7D 8D 9D", "runs"),  # a run of three, where Eversol asks for four
    ("500", "7D 7S", "books"),  # a group of two
    ("eversol", "7D 9S KH QC", "melds"),
    ("eversol", "JK JK JK", "wild-cards"),
    ("hand-and-foot", "3S 3C 3D", "books"),
])
def test_a_refused_meld_links_the_rule_it_breaks(client, game, cards, anchor):
    response = client.get(f"/check/{game}", query_string={"cards": cards})
    page = response.get_data(as_text=True)
    assert "Not a legal meld" in page
    assert f'href="/rules/{game}#{anchor}"' in page
    assert f'id="{anchor}"' in client.get(f"/rules/{game}").get_data(as_text=True)


def test_a_refused_hand_entry_links_the_games_rule(client):
    from tests.test_web_games import hand_data, send

    game_id = new_game(client)
    response = send(client, f"/games/{game_id}/hands/1", hand_data(0, "0", {1: 12, 2: 10}))
    assert response.status_code == 422
    assert "Eversol points come in fives: 12 can't be right for Ben." in text(response)
    assert f'href="/games/{game_id}/rules#scoring"' in response.get_data(as_text=True)
    assert 'id="scoring"' in client.get(f"/games/{game_id}/rules").get_data(as_text=True)


@pytest.mark.parametrize("key, says, never", [
    ("authors", ["Two to seven players", "seven cards each", "stock",
                 "when it is the very card you asked for, show it and ask again",
                 "Once the stock is gone a failed ask simply ends the turn"],
     ["dealt out entirely", "the turn passes to them"]),
    ("go-fish", ["Drawing a card of the rank you asked for lets you ask again",
                 "Once the pond is empty", "the usual Go Fish deal"], []),
    ("eversol", ["by going down or laying off with it"], ["by a discard except in hand six"]),
    ("hand-and-foot", ["wild cards alone also make a meld", "the top two cards of either stock",
                       "the top seven of the discard pile", "a black 3 on top closes the pile",
                       "When the stocks are used up"],
     ["a meld needs at least one card that is not wild"]),
    ("base", ["the first one picked up, into a meld", "at least the seven cards dealt"], []),
    ("basic", ["may not be thrown back in the same turn", "turns the discard pile over"], []),
])
def test_the_rules_pages_say_the_rules_as_the_texts_do(client, key, says, never):
    page = text(client.get(f"/rules/{key}"))
    for words in says:
        assert words in page, words
    for words in never:
        assert words not in page, words
