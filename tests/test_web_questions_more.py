"""The question screens of the games the referee answers for without keeping score (Escoba,
Bourré, Piquet, Jack Change It), through the test client: a good answer shown, bad input
refused beside its box with 422, every tap working as a plain form post (no JavaScript), and
the home page linking each one."""

from __future__ import annotations

import html
import re

HTMX = {"HX-Request": "true"}
ESCOBA = "/escoba/what-can-i-take"


def csrf_token(client, page: str) -> str:
    return re.search(r'name="csrf_token"[^>]* value="([^"]+)"',
                     client.get(page).get_data(as_text=True)).group(1)


def ask(client, page: str, headers=None, **fields):
    return client.post(page, data={"csrf_token": csrf_token(client, page), **fields},
                       headers=headers or {})


def answer(response) -> str:
    page = response.get_data(as_text=True)
    start = page.index('id="verdict"')
    section = page[start:page.index("</section>", start)]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip()


def field_error(response, field: str) -> str:
    found = re.search(rf'id="{field}-error" class="field-error"[^>]*>([^<]*)<',
                      response.get_data(as_text=True))
    return html.unescape(found.group(1)) if found else ""


def test_the_home_page_lists_the_other_games_questions(client):
    page = client.get("/").get_data(as_text=True)
    assert "More games at the table" in page
    assert f'href="{ESCOBA}"' in page and "What can I take?" in page


def test_escoba_lists_every_way_to_make_15_and_the_escoba(client):
    # The 5♦ with the queen (9) and ace (1), or with the 4 and 6; the king (10) alone.
    response = ask(client, ESCOBA, played="5D", table="QS AH 4C 6C")
    assert response.status_code == 200
    said = answer(response)
    assert "2 ways to make 15" in said and "escoba" not in said
    assert "Take Q♠, A♥" in said and "5♦ with them: 5 + 9 + 1 = 15" in said
    assert "Take 4♣, 6♣" in said
    swept = answer(ask(client, ESCOBA, played="5D", table="QS AH"))
    assert "1 way to make 15: escoba!" in swept and "The table is swept." in swept


def test_escoba_says_when_nothing_makes_15(client):
    said = answer(ask(client, ESCOBA, played="AD", table="2S 3S"))
    assert "Nothing to take" in said


def test_escoba_refuses_a_card_its_deck_has_not_beside_the_box(client):
    response = ask(client, ESCOBA, played="5D", table="9S QS")
    assert response.status_code == 422
    assert field_error(response, "table") == "Escoba is played without nines."
    assert "Fix what is marked in red" in answer(response)
    played_twice = ask(client, ESCOBA, played="5D", table="5D QS")
    assert played_twice.status_code == 422 and field_error(played_twice, "table")
    garbled = ask(client, ESCOBA, played="5X", table="")
    assert garbled.status_code == 422 and field_error(garbled, "played")


def test_escoba_taps_without_javascript_suit_then_rank(client):
    # Each tap is a plain post: the seven of diamonds played, then the table's cards.
    first = ask(client, ESCOBA, suit="D", add="7", into="played")
    page = first.get_data(as_text=True)
    assert 'name="played" type="text" value="7D"' in page
    assert 'name="into" value="table" checked' in page  # the next taps go on the table
    second = ask(client, ESCOBA, suit="H", add="J", into="table", played="7D")
    assert 'name="table" type="text" value="JH"' in second.get_data(as_text=True)
    assert "7♦ with them: 7 + 8 = 15" in answer(second) and "escoba!" in answer(second)
    undone = ask(client, ESCOBA, played="7D", table="JH 3C", remove="table:0")
    assert 'name="table" type="text" value="3C"' in undone.get_data(as_text=True)


def test_escoba_with_htmx_answers_with_the_fragment(client):
    response = ask(client, ESCOBA, headers=HTMX, played="5D", table="QS AH")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<html" not in page and 'role="status"' in page and "escoba!" in answer(response)
