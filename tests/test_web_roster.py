"""Who plays, changed on the tablet between hands: what HTTP adds to the core's roster events
(the form, its refusals beside the name, the history, exports and the players page)."""

from __future__ import annotations

import re

from tests.test_web_game_questions import start
from tests.test_web_games import errors, hand_data, new_game, send, text, version_of


def change(client, app, game_id, change, name=None, new_name=None):
    data = {"expected_version": str(version_of(app, game_id)), "change": change}
    if name is not None:
        data["name"] = name
    if new_name is not None:
        data["new_name"] = new_name
    return send(client, f"/games/{game_id}/players", data)


def test_a_name_corrected_and_a_player_come_and_gone_show_everywhere(client, app):
    game_id = new_game(client, ("Abe", "Bne", "Carl"))
    assert "Change who plays" in text(client.get(f"/games/{game_id}"))
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))

    renamed = change(client, app, game_id, "rename", "Bne", "Ben")
    assert renamed.status_code == 303
    page = text(client.get(renamed.headers["Location"]))
    assert "Bne is called Ben from now on. Undo on the game page takes it back." in page
    assert change(client, app, game_id, "seat", new_name="Dee").status_code == 303
    assert change(client, app, game_id, "leave", "Abe").status_code == 303

    board = text(client.get(f"/games/{game_id}"))
    assert "Deals Ben" in board and "Undo: Abe leaves the game" in board
    history = text(client.get(f"/games/{game_id}/history"))
    for line in ("Bne is called Ben from now on", "Dee joins the game", "Abe leaves the game"):
        assert line in history
    csv = client.get(f"/games/{game_id}/export.csv").get_data(as_text=True).splitlines()
    assert csv[0].startswith("hand,dealer,went out,Ben,Carl,Dee,Abe")
    assert csv[1].startswith("1,Abe,Ben,0,35,0,15") and csv[-1].startswith("total,,,0,35,0,15")
    players = text(client.get("/players"))
    assert "Ben" in players and "Dee" in players and "Bne" not in players
    known = client.get("/games/new/eversol").get_data(as_text=True)  # the one-tap chips
    assert 'name="pick" value="Dee"' in known and 'value="Bne"' not in known


def test_a_name_taken_is_refused_beside_it_and_nothing_changes(client, app):
    game_id = new_game(client, ("Abe", "Ben", "Carl"))
    refused = change(client, app, game_id, "rename", "Ben", "abe")
    assert refused.status_code == 422
    assert errors(refused) == ["Abe is already in this game; give each player a different name."]
    assert 'aria-invalid="true"' in refused.get_data(as_text=True)
    assert version_of(app, game_id) == 0
    empty = change(client, app, game_id, "seat", new_name="")
    assert empty.status_code == 422 and errors(empty) == ["Type the name."]


def test_a_game_of_teams_offers_only_a_corrected_name(client, app):
    response = send(client, "/games/new/hand-and-foot",
                    {"players-0": "Ann", "players-1": "Bob", "players-2": "Cy", "players-3": "Dee",
                     "dealer": "Ann", "decks": "auto", "start": "1"})
    assert response.status_code == 303, errors(response)
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    page = text(client.get(f"/games/{game_id}/players"))
    assert "no one joins or leaves" in page and "Seat a latecomer" not in page
    refused = change(client, app, game_id, "leave", "Ann")
    assert refused.status_code == 422 and "teams are the game" in errors(refused)[0]


def test_a_hand_scored_before_the_table_changed_is_corrected_with_its_own_players(client, app):
    game_id = new_game(client, ("Abe", "Ben", "Carl"))
    send(client, f"/games/{game_id}/hands/1", hand_data(0, "1", {0: 15, 2: 35}))
    change(client, app, game_id, "seat", new_name="Dee")
    change(client, app, game_id, "leave", "Abe")
    def rows(hand):
        page = client.get(f"/games/{game_id}/hands/{hand}").get_data(as_text=True)
        return re.findall(r'class="entry-name" id="name-\d+">([^<]+)<', page)

    assert rows(1) == ["Abe", "Ben", "Carl"] and rows(2) == ["Ben", "Carl", "Dee"]
    fixed = send(client, f"/games/{game_id}/hands/1",
                 hand_data(version_of(app, game_id), "1", {0: 20, 2: 35}, correcting="1",
                           reason="Abe had a 5 more"))
    assert fixed.status_code == 303, errors(fixed)
    assert "Abe −20" not in text(client.get(f"/games/{game_id}"))
    assert "total,,,0,35,0,20," in text(client.get(f"/games/{game_id}/export.csv"))


def test_the_history_reads_each_hand_with_the_names_it_was_entered_with(client, app):
    game_id = start(client, "tonk", ("Ann", "Bbo", "Cy"), stake="0.50")
    saved = send(client, f"/games/{game_id}/hands/1", {"expected_version": "0", "save": "1",
                                                       "ending": "tonk_out", "who": "1"})
    assert saved.status_code == 303, errors(saved)
    change(client, app, game_id, "rename", "Bbo", "Bob")
    change(client, app, game_id, "leave", "Cy")
    history = text(client.get(f"/games/{game_id}/history"))
    assert "no longer adds up" not in history
    assert "Ann pays Bbo 2 stakes (1.00)" in history and "Cy: −2 stakes · −1.00" in history
