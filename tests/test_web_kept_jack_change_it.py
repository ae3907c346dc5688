"""Jack Change It kept on the screens: a night set up, each round's winner tapped on a big
button, the history and the standings counting rounds won."""

from __future__ import annotations

import re

from tests.test_web_games import errors, send, text

GAMES = "/api/v1/games"


def test_a_night_is_set_up_and_each_round_entered_by_who_went_out(client):
    started = send(client, "/games/new/jack-change-it",
                   {"players-0": "Ann", "players-1": "Bo", "players-2": "Cy",
                    "dealer": "Ann", "decks": "auto", "option_night_ends": "rounds", "option_rounds": "3",
                    "start": "1"})
    assert started.status_code == 303, errors(started)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Who went out and won round 1?" in entry and "End of round 1 of 3" in entry
    version = client.get(f"{GAMES}/{game_id}").get_json()["version"]
    blank = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1"})
    assert blank.status_code == 422 and errors(blank) == ["Tap the player who went out."]
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "went_out": "1"})
    assert saved.status_code == 303
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Ann": 0, "Bo": 1, "Cy": 0}
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Bo went out" in history and "won the round" in history
    # Bo's round reads as won, not as a point beside "out".
    standings = text(client.get(f"/games/{game_id}/standings"))
    assert "won" in standings and "+1 out" not in standings and "+1" not in standings


def test_a_round_is_followed_on_the_board_and_a_card_that_does_not_match_is_refused(client):
    made = client.post(GAMES, json={"ruleset": "jack-change-it", "players": ["Ann", "Bo", "Cy"],
                                    "first_dealer": "Cy"}).get_json()
    assert client.get(f"/games/{made['id']}/join/{made['edit_key']}").status_code == 303
    board = f"/games/{made['id']}"
    first = text(client.get(board))
    assert "Follow round 1: the card turned up" in first
    assert "The chart starts once the first round is scored." in first
    dealt = send(client, f"{board}/round/deal", {"expected_version": "0",
                                                  "upcard-suit": "H", "upcard-rank": "9"})
    assert dealt.status_code == 303
    page = text(client.get(board))
    assert "Ann’s turn" in page and "Top card 9♥" in page and "Ann draws 1" in page
    # The entry opened mid-round leads back to the round on the board, in the game's word.
    entry = client.get(f"{board}/hands/1").get_data(as_text=True)
    assert f'href="{board}#round">Back to the round</a>' in entry
    assert "ends the round there" in entry and "the hand" not in entry
    assert "The referee is following round 1" in entry
    # The board, the history, the watch screen and the printed sheet name the round too.
    assert "Undo: Round 1 dealt: 9♥ turned up" in page
    assert "Round 1 dealt: 9♥ turned up" in text(client.get(f"{board}/history"))
    assert "the first round is still being played" in text(client.get(f"{board}/watch"))
    sheet = client.get(f"{board}/sheet").get_data(as_text=True)
    assert '<th scope="col">Round</th>' in sheet and ">Hand<" not in sheet
    refused = send(client, f"{board}/round/play", {"expected_version": "1", "player": "Ann",
                                                    "card-suit": "S", "card-rank": "K"})
    assert refused.status_code == 422
    assert errors(refused) == ["The K♠ matches neither the heart in force nor the rank of "
                               "the 9♥."]
    assert 'class="rule-link"' in refused.get_data(as_text=True)
    jack = send(client, f"{board}/round/play", {"expected_version": "1", "player": "Ann",
                                                 "card-suit": "H", "card-rank": "J",
                                                 "call": "C"},
                headers={"HX-Request": "true"})
    assert jack.status_code == 200
    shown = text(jack)
    assert "Suit in force ♣ clubs" in shown and "Bo’s turn" in shown
    assert "Undo: Ann played J♥, changed to clubs" in shown
    # Bo's picker starts afresh: the suit Ann's jack named is not chosen for Bo's card.
    assert 'name="call" value="C" checked' not in jack.get_data(as_text=True)


def test_a_jack_asks_its_suit_and_a_suit_sent_with_any_other_card_is_not_kept(client):
    made = client.post(GAMES, json={"ruleset": "jack-change-it", "players": ["Ann", "Bo", "Cy"],
                                    "first_dealer": "Cy"}).get_json()
    client.get(f"/games/{made['id']}/join/{made['edit_key']}")
    board = f"/games/{made['id']}"
    send(client, f"{board}/round/deal", {"expected_version": "0", "upcard-suit": "H",
                                         "upcard-rank": "9"})
    page = client.get(board).get_data(as_text=True)
    assert 'name="call"' not in page and "With the A♥" not in page
    assert 'aria-label="Play 2 with the A♥"' in page  # no A♥ is down yet
    # The jack is asked its suit, on the page without JavaScript too; nothing is saved yet.
    asked = send(client, f"{board}/round/play", {"expected_version": "1", "player": "Ann",
                                                  "card-suit": "H", "card-rank": "J"})
    assert asked.status_code == 200
    shown = asked.get_data(as_text=True)
    assert "Ann plays the J♥. Change it to which suit?" in text(asked)
    assert re.findall(r'name="call" value="(\w)"', shown) == ["S", "D", "C"]
    assert client.get(f"{GAMES}/{made['id']}").get_json()["version"] == 1
    # A suit tapped for the jack, then another card played instead: the card counts alone.
    played = send(client, f"{board}/round/play", {"expected_version": "1", "player": "Ann",
                                                   "card-suit": "H", "card-rank": "7",
                                                   "call": "C"}, headers={"HX-Request": "true"})
    assert played.status_code == 200 and "Undo: Ann played 7♥" in text(played)
    assert "changed to" not in text(played) and "Suit in force" not in text(played)
    # Bo plays a 2 with the A♥ by its own key; then no pairing is offered while the A♥ is down.
    paired = send(client, f"{board}/round/pair", {"expected_version": "2", "player": "Bo",
                                                   "card-suit": "H", "card-rank": "2"},
                  headers={"HX-Request": "true"})
    assert "Undo: Bo played 2♥ and A♥" in text(paired)
    assert "Cy must draw 7, or block it with the 5♥." in text(paired)
    assert "with the A♥" not in paired.get_data(as_text=True)
