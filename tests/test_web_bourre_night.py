"""A night of Bourré on the screens, through the test client (CSRF on, as in production): the
setup asks for the ante, the end-of-hand entry (who played, the tricks each took, penalties,
the trump ace) with its refusals beside the input they concern, the pot and each net in antes
and money on the board, and a hand's ruling in the history."""

from __future__ import annotations

import csv
import io
import re

from werkzeug.datastructures import MultiDict

from tests.test_web_games import csrf_token, errors, send, text
from tests.test_tonk_ledger_screens import ranking as ranking_lines
from tests.test_web_kept_games import api_game
from tests.test_web_stakes_entry import version

NEW = "/games/new/bourre"
PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def started(client, players=PLAYERS, stake="0.25") -> str:
    data = {**{f"players-{i}": name for i, name in enumerate(players)}, "dealer": players[0],
            "decks": "auto", "stake": stake, "start": "1"}
    response = send(client, NEW, data)
    assert response.status_code == 303, errors(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def enter(client, game_id: str, hand: int = 1, played=(0, 1, 2, 3), tricks=None,
          follow_redirects=False, **fields):
    """Post the entry as the form does: ``played`` seats, ``tricks`` by seat."""
    data = MultiDict([("expected_version", str(version(client, game_id))), ("save", "1"),
                      *(("played", str(seat)) for seat in played),
                      *((f"tricks{seat}", str(n)) for seat, n in (tricks or {}).items()),
                      *fields.items(), ("csrf_token", csrf_token(client))])
    return client.post(f"/games/{game_id}/hands/{hand}", data=data,
                       follow_redirects=follow_redirects)


def test_the_setup_asks_for_the_ante(client):
    page = text(client.get(NEW))
    assert "The ante" in page and "2 to 8 players" in page and "Money per stake" not in page


def test_a_hand_entered_by_who_played_and_tricks_moves_the_pot_and_the_nets(client):
    game_id = started(client)
    # Everyone has anted before the first hand: the board says the pot it is played for.
    assert "Pot now 4 antes · 1.00" in text(client.get(f"/games/{game_id}"))
    form = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Who played?" in form and "Tricks each player took" in form
    assert "Was the turned card an ace?" in form and "Ann, the dealer, had to play" in form
    # Ann 3 tricks, Bob 1, Cy 1: Ann takes the 4; Dee went bourré and matches it.
    saved = enter(client, game_id, tricks={0: 3, 1: 1, 2: 1}, follow_redirects=True)
    board = text(saved)
    assert "Ann takes the pot of 4 antes; Dee went bourré and matches it" in board
    assert "Pot now 8 antes · 2.00" in board
    assert ranking_lines(saved.get_data(as_text=True)) == [
        "1st Ann +3 antes · 0.75", "tied 2nd Bob −1 ante · −0.25", "tied 2nd Cy −1 ante · −0.25",
        "tied 2nd Dee −1 ante · −0.25"]  # Dee's match and the next antes still theirs, in the pot
    assert "Ann took the pot" in board  # the standings row
    history = text(client.get(f"/games/{game_id}/history"))
    assert "+3 antes · 0.75 (tricks: 3)" in history
    standings = text(client.get(f"/games/{game_id}/standings"))
    assert "1 ante is worth 0.25" in standings
    assert ("The pot standing, 8 antes · 2.00, goes back to those who put it in: each net "
            "counts a player's part of it as still theirs.") in standings


def test_an_ante_written_with_a_comma_shows_in_the_currency_chosen(client):
    data = {**{f"players-{i}": name for i, name in enumerate(PLAYERS)}, "dealer": "Ann",
            "decks": "auto", "stake": " 0,25 ", "currency": "EUR", "start": "1"}
    response = send(client, NEW, data)
    assert response.status_code == 303, errors(response)
    board = text(client.get(response.headers["Location"]))
    assert "Bourré · until the table ends it · 0,25 € an ante" in board
    assert "Pot now 4 antes · 1,00 €" in board


def test_an_ante_that_is_no_money_is_refused_beside_its_input(client):
    data = {**{f"players-{i}": name for i, name in enumerate(PLAYERS)}, "dealer": "Ann",
            "decks": "auto", "stake": "a quarter", "start": "1"}
    refused = send(client, NEW, data)
    assert refused.status_code == 422
    assert re.search(r'<p id="stake-error" class="field-error" role="alert">An ante must be an '
                     r'amount of money, such as 0.25 or \$0.25, not &#39;a quarter&#39;.</p>',
                     refused.get_data(as_text=True))


def test_a_tie_carries_the_pot(client):
    game_id = started(client)
    board = text(enter(client, game_id, played=(0, 1, 2), tricks={0: 2, 1: 2, 2: 1},
                       follow_redirects=True))
    assert "A tie for the most tricks: the pot of 4 antes is carried" in board
    assert "Pot now 6 antes · 1.50" in board and "pot carried" in board


def test_refusals_come_back_beside_their_input_with_the_entries_kept(client):
    game_id = started(client)
    short = enter(client, game_id, played=(0, 1), tricks={0: 3, 1: 1})
    assert short.status_code == 422
    assert errors(short) == ["The tricks add up to 4; a hand has 5."]
    page = short.get_data(as_text=True)
    assert re.search(r'name="tricks0" value="3" checked', page)
    passed = enter(client, game_id, played=(0, 1), tricks={0: 4, 1: 1, 2: 0, 3: 1})
    assert passed.status_code == 422 and errors(passed) == ["Dee passed and took no trick."]
    assert 'id="tricks3-error"' in passed.get_data(as_text=True)
    # Ann deals hand 1: an ace turned and Ann passed is refused when the hand is saved.
    ace = enter(client, game_id, played=(1, 2), tricks={1: 3, 2: 2}, flag="yes")
    assert ace.status_code == 422
    assert errors(ace) == ["An ace turned as trump obliges the dealer, Ann, to play."]
    assert 'aria-describedby="played-error"' in ace.get_data(as_text=True)
    assert version(client, game_id) == 0


def test_a_later_hand_is_read_against_the_pot_the_hand_before_left(client):
    game_id = started(client)
    enter(client, game_id, tricks={0: 3, 1: 1, 2: 1})  # Dee went bourré: the pot is 8
    board = text(enter(client, game_id, hand=2, played=(0, 1, 2), tricks={0: 2, 1: 2, 2: 1},
                       follow_redirects=True))
    assert "Hand 2 saved: A tie for the most tricks: the pot of 8 antes is carried" in board
    # Cy deals hand 3: with an ace turned, Cy passing is refused.
    ace = enter(client, game_id, hand=3, played=(0, 1), tricks={0: 3, 1: 2}, flag="yes")
    assert errors(ace) == ["An ace turned as trump obliges the dealer, Cy, to play."]


def test_the_csv_gives_each_hand_what_it_did_to_the_pot_and_the_nets_in_antes(client):
    game_id = api_game(client, "bourre", PLAYERS, stake="0.25", events=(
        {"type": "hand_scored", "hand": 1, "played": list(PLAYERS),
         "tricks": {"Ann": 3, "Bob": 1, "Cy": 1}},
        {"type": "game_ended"}))
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv")
                                       .get_data(as_text=True))))
    assert rows[1][:9] == ["1", "Ann", "Ann takes the pot of 4 antes; Dee went bourré and "
                           "matches it; everyone antes for the next hand.", "Ann", "win",
                           "3", "-1", "-1", "-1"]
    assert rows[1][10:14] == ["3", "1", "1", ""]  # the tricks
    # The night over, the standing 8 went back to those who put them in, as the hand says.
    assert rows[2][:9] == ["net antes", "", "", "", "", "3", "-1", "-1", "-1"]
    assert rows[3][:9] == ["net money", "", "", "", "", "0.75", "-0.25", "-0.25", "-0.25"]


def test_a_hand_corrected_comes_back_as_entered_and_settles_the_later_hands_again(client):
    game_id = started(client)
    enter(client, game_id, tricks={0: 3, 1: 1, 2: 1})  # Dee bourré
    enter(client, game_id, hand=2, played=(0, 1, 2), tricks={0: 2, 1: 2, 2: 1})  # carried
    shown = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert 'name="tricks0" value="3" checked' in shown
    assert 'name="played" value="3" checked' in shown and 'name="tricks3" value="0" checked' \
        not in shown
    # Cy took Dee's trick: Cy went bourré instead, and hand 2's pot is the same 8.
    fixed = enter(client, game_id, hand=1, tricks={0: 3, 1: 1, 3: 1},
                  reason="Cy's trick was Dee's", follow_redirects=True)
    assert "Hand 1 corrected: Ann takes the pot of 4 antes; Cy went bourré" in text(fixed)
    assert "Pot now 10 antes · 2.50" in text(fixed)  # Cy's match carried, Cy and Dee ante


FOUR_HANDS = (
    {"type": "hand_scored", "hand": 1, "played": list(PLAYERS),
     "tricks": {"Ann": 3, "Bob": 1, "Cy": 1}},  # Ann takes 4; Dee bourré matches 4
    {"type": "hand_scored", "hand": 2, "played": ["Ann", "Bob", "Cy"],
     "tricks": {"Ann": 2, "Bob": 2, "Cy": 1}},  # carried
    {"type": "hand_scored", "hand": 3, "played": ["Ann", "Bob"],
     "tricks": {"Ann": 2, "Bob": 3}},  # Bob takes 10
    {"type": "hand_scored", "hand": 4, "played": ["Bob", "Cy", "Dee"], "tricks": {"Cy": 5},
     "penalties": ["Dee"]})  # Cy takes 4; Bob and Dee match it: 12 stand in the pot


def figures(client, game_id: str, page: str = "standings") -> dict[str, dict[str, tuple]]:
    """Each player's net as every place gives it (in antes, and in money where it is given):
    a page's ranking, the chart's last point, the API and the CSV."""
    ranked = ranking_lines(client.get(f"/games/{game_id}/{page}").get_data(as_text=True))
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    chart = dict(re.findall(r'class="chart-label"[^>]*>(?:★ )?(\w+) ([−\d]+)<', board))
    document = client.get(f"/api/v1/games/{game_id}").get_json()
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv")
                                       .get_data(as_text=True))))
    net = {row[0]: dict(zip(PLAYERS, row[5:9])) for row in rows if row[0].startswith("net")}
    found: dict[str, dict[str, tuple]] = {}
    for line in ranked:  # "1st Bob +7 antes · $3.50"
        _, name, antes, _, _, money = line.replace("−", "-").split()
        found[name] = {page: (int(antes), money)}
    for name in PLAYERS:
        found[name]["chart"] = (int(chart[name].replace("−", "-")),)
        found[name]["api"] = (document["totals"][name], document["totals_in_money"][name])
        found[name]["csv"] = (int(net["net antes"][name]), net["net money"][name])
    return found


def test_four_hands_give_each_player_one_net_on_every_screen_the_api_and_the_csv(client):
    game_id = api_game(client, "bourre", PLAYERS, stake="$0.50", currency="USD",
                       events=FOUR_HANDS)
    # What each would take home: the 12 in the pot still theirs (Dee's 5, Bob's 5, ...).
    expected = {"Ann": (1, "$0.50", "0.50"), "Bob": (7, "$3.50", "3.50"),
                "Cy": (0, "$0.00", "0.00"), "Dee": (-8, "-$4.00", "-4.00")}
    for page in ("standings", "end"):  # the standings, and the end page that asks first
        for name, places in figures(client, game_id, page).items():
            antes, shown, plain = expected[name]
            assert places == {page: (antes, shown), "chart": (antes,), "api": (antes, plain),
                              "csv": (antes, plain)}, name
    assert "Pot now 12 antes · $6.00" in text(client.get(f"/games/{game_id}"))
    ended = send(client, f"/games/{game_id}/end", {"expected_version": "4"})
    assert ended.status_code == 303
    for name, places in figures(client, game_id, "standings").items():  # the end summary
        antes, shown, plain = expected[name]
        assert places == {"standings": (antes, shown), "chart": (antes,),
                          "api": (antes, plain), "csv": (antes, plain)}, name
    over = ranking_lines(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert over == ["1st Bob +7 antes · $3.50", "2nd Ann +1 ante · $0.50",
                    "3rd Cy 0 antes · $0.00", "4th Dee −8 antes · −$4.00"]
