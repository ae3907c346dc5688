"""FreeCell's screens over HTTP: what HTTP adds to the rules core (test_core_freecell.py) and
the API (test_api_freecell.py): a deal kept server-side and picked up from its link, a card
picked up lighting only the places the core allows, a move refused with the rule beside the
board (422), a stale tap from a second device (409), a layout that is not one deck refused
beside the form, a hint whose move is one button, whether the deal can be won found once and
kept, and the solution replayed step by step.
"""

from __future__ import annotations

import re

from tests.test_web_games import csrf_token


def said(page: str, role: str) -> list[str]:
    """What the page's regions of ``role`` say (an empty one, waiting for words, says nothing)."""
    texts = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text)).strip()
             for text in re.findall(rf'role="{role}"[^>]*>(.*?)</p>', page, re.S)]
    return [text for text in texts if text]


def deal(client, game="1") -> str:
    answer = client.post("/freecell/deal", data={"game": game, "csrf_token": csrf_token(client)})
    assert answer.status_code == 303
    return answer.location


def move(client, where, card, to, version):
    return client.post(where + "/move", data={"card": card, "to": to, "expected_version": version,
                                              "csrf_token": csrf_token(client)})


def test_a_dealt_game_shows_its_columns_and_a_phone_picks_up_its_moves(client, app):
    where = deal(client)
    page = client.get(where).get_data(as_text=True)
    assert "Column 1, top to bottom: J♦, K♦, 2♠, 4♣, 3♠, 6♦, 6♠." in page
    assert move(client, where, "6C", "cell", 0).status_code == 303
    phone = app.test_client()
    seen = phone.get(where).get_data(as_text=True)
    assert "Free cells: 6♣." in seen and "Moved 6♣ from column 5 to a free cell." in said(
        seen, "status")


def test_an_illegal_move_is_refused_with_the_rule_and_nothing_changes(client):
    where = deal(client)
    refused = move(client, where, "6C", "column 1", 0)
    assert refused.status_code == 422
    assert said(refused.get_data(as_text=True), "alert") == [
        "Not allowed: 6♣ cannot go on 6♠ in column 1: alternating colours, one lower (a 5 of "
        "diamonds or hearts)."]
    assert "Free cells: all empty." in client.get(where).get_data(as_text=True)


def test_a_move_from_a_device_that_had_not_seen_the_last_one_is_refused(client):
    where = deal(client)
    assert move(client, where, "6C", "cell", 0).status_code == 303
    stale = move(client, where, "8H", "column 2", 0)
    assert stale.status_code == 409
    assert "Another device moved a card first" in said(stale.get_data(as_text=True), "alert")[0]
    undone = client.post(where + "/undo", data={"expected_version": 1,
                                                "csrf_token": csrf_token(client)})
    assert undone.status_code == 303
    assert "Free cells: all empty." in client.get(where).get_data(as_text=True)


def test_a_layout_that_is_not_one_deck_is_refused_beside_the_form(client):
    fields = {f"column{n}": "AS 2S" for n in range(1, 9)}
    refused = client.post("/freecell/layout", data={**fields, "csrf_token": csrf_token(client)})
    assert refused.status_code == 422
    assert "each card once" in said(refused.get_data(as_text=True), "alert")[0]


def lit(page: str) -> dict[str, str]:
    """The places lit on the board: each button's place, and what it says to a screen reader."""
    return dict(re.findall(r'<button type="submit" form="fc-move" name="to" value="([^"]+)"'
                           r'[^>]*?aria-label="([^"]+)"', page))


def test_a_card_picked_up_lights_only_the_places_the_rules_allow(client):
    where = deal(client)
    assert move(client, where, "3D", "cell", 0).status_code == 303
    assert move(client, where, "2C", "cell", 1).status_code == 303
    page = client.get(where + "?card=AC").get_data(as_text=True)
    assert lit(page) == {"foundation": "Put A♣ on the clubs foundation",
                         "cell": "Put A♣ in a free cell", "column 3": "Put A♣ on 2♥ in column 3"}
    assert 'aria-current="true"' in page and "Move A♣: tap a lit place." in said(page, "status")
    assert lit(client.get(where + "?card=KD").get_data(as_text=True)) == {}  # it cannot move
    assert lit(client.get(where).get_data(as_text=True)) == {}


def test_the_hint_is_one_tap_and_the_solution_replays_game_one_to_the_end(client):
    where = deal(client)
    page = client.get(where + "?hint=1").get_data(as_text=True)
    hint = [words for words in said(page, "status") if words.startswith("Hint: move ")]
    card, to = re.search(r"Hint: move (\S+) from .* to (?:a free )?(cell|column \d|the foundation)",
                         hint[0]).groups()
    make = re.search(r'name="card" value="([^"]+)".*?<button type="submit" name="to" value="([^"]+)"'
                     r'[^>]*>Make this move</button>', page, re.S)
    assert make and make.group(2) in to
    assert move(client, where, make.group(1), make.group(2), 0).status_code == 303
    first = client.get(where + "/solution").get_data(as_text=True)
    steps = int(re.search(r"a solution in (\d+) moves", first).group(1))
    assert "Move 1 of" in first
    last = client.get(f"{where}/solution?step={steps}").get_data(as_text=True)
    assert f"All {steps} moves made: every card is home." in last
    assert "The foundation: spades up to K, hearts up to K" in last


def test_game_11982_is_shown_proved_to_have_no_solution(client, freecell_solved_once):
    where = deal(client, "11982")
    first = client.get(where).get_data(as_text=True)
    assert "Finding out whether this deal can be won" in first
    asked = client.get(where + "/verdict", headers={"HX-Request": "true"})
    cannot = "This deal cannot be won: the referee searched every position it can reach."
    assert said(asked.get_data(as_text=True), "status") == [cannot]
    assert client.get(where + "/verdict").status_code == 303  # without htmx: the page again
    page = client.get(where).get_data(as_text=True)
    assert said(page, "status") == [cannot]
    hint = said(client.get(where + "?hint=1").get_data(as_text=True), "status")
    assert hint == [cannot, "This deal cannot be won, so there is no move to hint: try another"
                    " deal."]
    page = client.get(where + "/solution").get_data(as_text=True)
    assert said(page, "status") == [
        "No solution from here: every position was searched (proved)."]


def test_a_layout_tapped_in_card_by_card_is_laid_out(client):
    from referee.core.games.freecell import deal as dealt

    where = "/freecell/"
    for number, column in enumerate(dealt(1), 1):
        where = re.search(rf'href="([^"]*)"[^>]*>Column {number}</a>',
                          client.get(where).get_data(as_text=True)).group(1).replace("&amp;", "&")
        for card in column:
            page = client.get(where).get_data(as_text=True)
            link = re.search(rf'<a class="fc-card" href="([^"]+)">[^/]*>{re.escape(card.label)}<',
                             page)
            where = link.group(1).replace("&amp;", "&")
    page = client.get(where).get_data(as_text=True)
    assert said(page, "status") == ["All 52 cards are laid: lay it out below."]
    fields = dict(re.findall(r'name="(column\d)" type="text" [^>]*value="([^"]*)"', page))
    assert fields["column1"] == "JD KD 2S 4C 3S 6D 6S"
    laid = client.post("/freecell/layout", data={**fields, "csrf_token": csrf_token(client)})
    assert laid.status_code == 303
    assert "Column 8, top to bottom: 5♥, 3♥, 3♣, 7♠, 7♦, 10♣." in client.get(
        laid.location).get_data(as_text=True)
