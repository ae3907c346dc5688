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


OPENING = "/escoba/opening-escobas"


def test_the_dealers_opening_escobas_are_asked_and_answered(client):
    assert f'href="{OPENING}"' in client.get("/").get_data(as_text=True)
    two = ask(client, OPENING, table="KS 5H QC 6D")
    assert two.status_code == 200
    assert answer(two).endswith("✓ Two escobas for the dealer The table adds up to 10 + 5 + 9 + 6 "
                           "= 30: the dealer takes the 4 cards.")
    assert "One escoba for the dealer" in answer(ask(client, OPENING, table="AS 2H 5C 7D"))
    assert "No escoba at the deal" in answer(ask(client, OPENING, table="KS KH KC KD"))


def test_an_opening_table_of_more_than_four_cards_is_refused_beside_it(client):
    five = ask(client, OPENING, table="KS 5H QC 6D AS")
    assert five.status_code == 422
    assert field_error(five, "table") == "The deal puts 4 cards on the table; 5 were given."
    nine = ask(client, OPENING, table="KS 5H 9C 6D")
    assert nine.status_code == 422 and field_error(nine, "table")
    # Tapped in one by one, the answer waits for the fourth card.
    tapping = ask(client, OPENING, table="KS 5H", suit="C", add="Q", into="table")
    assert tapping.status_code == 200 and "Tap the 4 cards" in answer(tapping)
    fourth = ask(client, OPENING, table="KS 5H QC", suit="D", add="6", into="table")
    assert "Two escobas" in answer(fourth)


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


BOURRE = "/bourre/what-may-i-play"
CINCH = "/bourre/is-it-a-cinch"


def test_the_home_page_links_bourres_questions(client):
    page = client.get("/").get_data(as_text=True)
    assert f'href="{BOURRE}"' in page and f'href="{CINCH}"' in page


def test_bourre_says_the_cards_allowed_and_each_refused_with_its_rule(client):
    # Spades trump, the 10♥ led: head the trick with the K♥; the 2♠ would not follow suit.
    response = ask(client, BOURRE, trump="S", hand="5H KH 2S", trick="10H")
    assert response.status_code == 200
    said = answer(response)
    assert "You may play K♥" in said
    assert "Not the 5♥: Head the trick: you hold a heart higher than the 10♥." in said
    assert "Not the 2♠: Follow suit: you hold hearts." in said
    leading = answer(ask(client, BOURRE, trump="S", hand="5H KH 2S", trick=""))
    assert "You may play 5♥, K♥, 2♠" in leading and "Any card of your hand." in leading


def test_bourre_with_a_cinch_leads_the_highest_trump(client):
    said = answer(ask(client, BOURRE, trump="S", hand="AS 2S 5H", cinch="y"))
    assert "You may play A♠" in said and "With a cinch, lead your highest trump, the A♠." in said


def test_bourre_refuses_beside_the_field(client):
    no_trump = ask(client, BOURRE, hand="5H KH")
    assert no_trump.status_code == 422 and field_error(no_trump, "trump") == "Tap the trump suit."
    too_many = ask(client, BOURRE, trump="S", hand="2H 3H 4H 5H 6H 7H")
    assert too_many.status_code == 422
    assert field_error(too_many, "hand") == "A Bourré hand holds at most 5 cards; 6 were given."
    twice = ask(client, BOURRE, trump="S", hand="5H KH", trick="5H")
    assert twice.status_code == 422 and field_error(twice, "trick")


def test_bourre_taps_without_javascript(client):
    tapped = ask(client, BOURRE, trump="S", suit="H", add="K", into="hand", hand="5H",
                 trick="10H")
    assert 'name="hand" type="text" value="5H KH"' in tapped.get_data(as_text=True)
    assert "You may play K♥" in answer(tapped)
    into_trick = ask(client, BOURRE, trump="S", suit="S", add="2", into="trick", hand="5H")
    assert 'name="trick" type="text" value="2S"' in into_trick.get_data(as_text=True)


def test_is_it_a_cinch(client):
    yes = ask(client, CINCH, trump="S", hand="AS KS QS 7H 2C", players="4", taken="0")
    assert yes.status_code == 200 and "A cinch" in answer(yes)
    no = answer(ask(client, CINCH, trump="S", hand="AS KS AH AC AD", players="4", taken="0"))
    assert "Not a cinch" in no and "you take 2 tricks" in no


def test_is_it_a_cinch_refuses_beside_the_field(client):
    taken = ask(client, CINCH, trump="S", hand="AS KS QS 7H 2C", players="4", taken="2")
    assert taken.status_code == 422
    assert "0 tricks have been played" in field_error(taken, "taken")
    assert "tricks_taken" not in taken.get_data(as_text=True)
    players = ask(client, CINCH, trump="S", hand="AS", players="12")
    assert players.status_code == 422 and field_error(players, "players") == "Choose 2 to 8 players."


PIQUET = "/piquet/declarations"
ELDER = "AS KS QS JS 10S 9S 8S AH KH AD AC 7C"
YOUNGER = "7S 10H 9H 8H 7H QH JH KD QD JD 10D KC"


def test_piquet_says_who_scores_each_declaration_and_the_repique(client):
    response = ask(client, PIQUET, elder=ELDER, younger=YOUNGER)
    assert response.status_code == 200
    said = answer(response)
    assert "Elder 98, Younger 0" in said
    assert "Point Elder scores 7: point of 7" in said
    assert "Sequence Elder scores 17: septième to the ace" in said
    assert "Sets Elder scores 14: four aces" in said
    assert "Repique Elder reached 30 before the other scored: 60 more" in said


def test_piquet_counts_carte_blanche(client):
    said = answer(ask(client, PIQUET, elder=ELDER, younger=YOUNGER.replace("KC", "9C"),
                      blanche="younger"))
    assert "Carte blanche Younger scores 10" in said and "Repique" not in said
    courts = ask(client, PIQUET, elder=ELDER, younger=YOUNGER, blanche="younger")
    assert courts.status_code == 422
    assert field_error(courts, "blanche") == (
        "The younger's hand holds 6 kings, queens and jacks; after carte blanche at most 5 "
        "came in the exchange.")


def test_piquet_refuses_beside_the_hand(client):
    short = ask(client, PIQUET, elder="AS KS", younger=YOUNGER)
    assert short.status_code == 422
    assert field_error(short, "elder") == ("A Piquet hand has 12 cards after the exchange; "
                                           "the elder's has 2.")
    both = ask(client, PIQUET, elder=ELDER, younger=YOUNGER.replace("7S", "AS"))
    assert both.status_code == 422
    assert field_error(both, "younger") == "A♠ is in both hands; a Piquet deck holds it once."


def test_piquet_taps_without_javascript(client):
    # The younger's twelfth card, the K♣, tapped in: the answer comes with the tap.
    tapped = ask(client, PIQUET, suit="C", add="K", into="younger", elder=ELDER,
                 younger=YOUNGER.replace(" KC", ""))
    assert f'name="younger" type="text" value="{YOUNGER}"' in tapped.get_data(as_text=True)
    assert "Elder 98, Younger 0" in answer(tapped)


JACK = "/jack-change-it/can-i-play"


def test_jack_change_it_says_yes_and_what_follows(client):
    response = ask(client, JACK, top="7S", cards="JS", players="3", left="4", call="D")
    assert response.status_code == 200
    assert "Yes, play it Legal: jack change it to diamonds." in answer(response)
    stacked = answer(ask(client, JACK, top="2C", cards="2H AH", players="4", waiting="2",
                         left="3"))
    assert "the next player draws 9 unless they answer it" in stacked


def test_jack_change_it_says_no_with_the_rule(client):
    said = answer(ask(client, JACK, top="9C", cards="8C", players="4", left="0"))
    assert "No The 8♣ is a trick card: it cannot be your last card. Draw instead." in said
    waiting = answer(ask(client, JACK, top="2H", cards="7C", players="2", waiting="2"))
    assert "A 2 is waiting: answer with a 2 or draw 2." in waiting


def test_jack_change_it_refuses_beside_the_field(client):
    no_jack = ask(client, JACK, top="7S", cards="9S", players="4", call="D")
    assert no_jack.status_code == 422 and field_error(no_jack, "call") == "Only a jack names a suit."
    waiting = ask(client, JACK, top="7S", cards="9S", players="4", waiting="2")
    assert waiting.status_code == 422
    assert field_error(waiting, "waiting") == "A pending draw comes from a 2 or the A♥ on top."
    negative = ask(client, JACK, top="7S", cards="9S", players="4", left="-1")
    assert negative.status_code == 422 and field_error(negative, "left")


def test_jack_change_it_taps_without_javascript(client):
    top = ask(client, JACK, suit="S", add="7", into="top", players="4")
    assert 'name="into" value="cards" checked' in top.get_data(as_text=True)
    played = ask(client, JACK, suit="S", add="9", into="cards", top="7S", players="4")
    assert 'name="cards" type="text" value="9S"' in played.get_data(as_text=True)
    assert "Yes, play it" in answer(played)


def test_every_question_screen_is_a_whole_page_without_javascript(client):
    for page in (ESCOBA, BOURRE, CINCH, PIQUET, JACK):
        shown = client.get(page).get_data(as_text=True)
        assert "<html" in shown and 'method="post"' in shown and 'name="csrf_token"' in shown
        assert f'href="{page}"' in client.get("/").get_data(as_text=True)
