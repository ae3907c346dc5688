"""The question screens opened from a game's hand screen: each opens with the game's hand,
decks, house rules and names filled in; Who's lowest? saves its ruling as the night's hand."""

from __future__ import annotations

import html
import re

from tests.test_web_games import errors, hand_data, new_game, send, text, version_of


def start(client, ruleset: str, players, **extra) -> str:
    data = {**{f"players-{i}": name for i, name in enumerate(players)}, "dealer": players[0],
            "decks": "auto", "start": "1", **extra}
    response = send(client, f"/games/new/{ruleset}", data)
    assert response.status_code == 303, errors(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def link(client, game_id: str, label: str, about: str = "") -> str:
    """The address of the game page's question button ``label``."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    nav = page[page.index('class="question-links"'):]
    nav = nav[:nav.index("</nav>")]
    for href, words in re.findall(r'<a class="button" href="([^"]+)">(.*?)</a>', nav, re.S):
        words = html.unescape(re.sub(r"<[^>]+>", " ", words))
        if " ".join(words.split()) == " ".join(f"{label} {about}".split()):
            return html.unescape(href)
    raise AssertionError(f"no {label} {about} in {nav}")


def checked(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)" checked', page)
    return found.group(1) if found else ""


def test_check_a_meld_opens_with_the_games_decks_and_house_rules(client):
    game_id = start(client, "500", ("Ann", "Bob", "Cy", "Dee", "Eve"), option_no_jokers="y")
    page = client.get(link(client, game_id, "Check a meld")).get_data(as_text=True)
    assert checked(page, "decks") == "2" and re.search(r'name="no_jokers"[^>]*checked', page)
    assert 'aria-label="Joker"' not in page  # no jokers in play at this table


def test_a_question_opened_from_a_game_leads_back_to_it_after_every_tap(client):
    game_id = start(client, "basic", ("Ann", "Bob"))
    back = f'<a class="button" href="/games/{game_id}"><span aria-hidden="true">←</span> Back'
    address = link(client, game_id, "Check a meld")
    assert f"from_game={game_id}" in address and back in client.get(address).get_data(
        as_text=True)
    tapped = client.get(f"{address}&suit=H&add=7", follow_redirects=True).get_data(
        as_text=True)
    assert back in tapped and f'name="from_game" value="{game_id}"' in tapped  # carried on
    for stray in ("//elsewhere.example", "https://elsewhere.example/games/x", "a b"):
        page = client.get("/check/basic", query_string={"from_game": stray})
        assert "Back to the game" not in page.get_data(as_text=True)
    assert "Back to the game" not in client.get("/check/basic").get_data(as_text=True)


def test_can_i_go_down_opens_at_the_hand_being_played(client, app):
    game_id = new_game(client)
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    address = link(client, game_id, "Can I go down?")
    assert "hand=2" in address
    page = text(client.get(address))
    assert "Hand 2 of 6 · 7 cards · one book and one run" in page


def test_can_we_open_opens_with_the_games_opening_minimums(client):
    game_id = start(client, "hand-and-foot", ("Ann", "Bob", "Cy", "Dee"), option_opening_1="60")
    page = text(client.get(link(client, game_id, "Can we open?")))
    assert "60" in page and "opening_1" not in page


def test_can_we_go_out_names_each_teams_partners(client):
    game_id = start(client, "hand-and-foot", ("Ann", "Bob", "Cy", "Dee"))
    page = text(client.get(link(client, game_id, "Can we go out?", "Ann & Cy")))
    assert "Ann has played from the foot" in page and "Cy has played from the foot" in page
    assert "Partner 1" not in page and "Bob" not in page


def test_can_anyone_call_rummy_opens_with_the_games_house_rules(client):
    game_id = start(client, "500", ("Ann", "Bob", "Cy"), option_no_jokers="y")
    address = link(client, game_id, "Can anyone call rummy?")
    assert "no_jokers=y" in address and "decks=1" in address
    assert client.get(address).status_code == 200


def test_whos_lowest_opens_with_the_nights_players_and_saves_the_hand_in_one_tap(client, app):
    game_id = start(client, "tonk", ("Ann", "Bob", "Cy"), stake="0.50")
    address = link(client, game_id, "Who’s lowest?")
    page = text(client.get(address))
    assert "Ann" in page and "Cy" in page and "Player 1" not in page
    ruled = client.get(address + "&ending=tonk_out&who=1")
    assert "Save as hand 1 of the night" in text(ruled)
    form = ruled.get_data(as_text=True)
    form = form[form.index('<form id="save-hand"'):]
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form[:form.index("</form>")]))
    assert fields["ending"] == "tonk_out" and fields["who"] == "1"
    saved = client.post(fields.pop("csrf_token") and f"/games/{game_id}/hands/1",
                        data={**fields, "csrf_token": re.search(
                            r'name="csrf_token" value="([^"]+)"', form).group(1)})
    assert saved.status_code == 303, errors(saved)
    board = text(client.get(f"/games/{game_id}"))
    assert "Hand 2" in board and version_of(app, game_id) == 1
    history = text(client.get(f"/games/{game_id}/history"))
    assert "tonk out by Bob" in history
    assert "Save as hand" not in text(client.get(address + "&ending=tonk_out&who=1"))  # scored


def test_whos_lowest_offers_no_save_to_a_watcher_nor_the_questions_on_its_board(client, app):
    game_id = start(client, "tonk", ("Ann", "Bob", "Cy"), stake="0.50")
    address = link(client, game_id, "Who’s lowest?") + "&ending=tonk_out&who=1"
    assert "Save as hand" in text(client.get(address))
    watcher = app.test_client()
    assert "Save as hand" not in text(watcher.get(address))
    assert "Bob" in text(watcher.get(address))
    for page in (f"/games/{game_id}", f"/games/{game_id}/watch"):
        assert 'class="question-links"' not in watcher.get(page).get_data(as_text=True)
