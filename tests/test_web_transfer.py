"""The games page's "Save a copy of every game" and "Open a saved game" (a game's JSON
export)."""

from __future__ import annotations

import html
import io
import json

from sqlalchemy import func, select

from referee.extensions import db
from referee.store.models import Game, GameEvent, Player
from tests.test_api_games import GAMES, make_game, scored, send
from tests.test_web_games import csrf_token


def played_game(client, players=("Abe", "Ben", "Carl")):
    """A game with two hands, a correction, and an undone hand: every kind of history."""
    game = make_game(client, players)
    key = {"X-Edit-Key": game["edit_key"]}
    assert send(client, game, scored(1, players[1], {players[2]: 35, players[0]: 15}), 0
                ).status_code == 201
    assert send(client, game, scored(2, players[2], {players[0]: 10, players[1]: 20}), 1
                ).status_code == 201
    assert client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": 2},
                       headers=key).status_code == 201
    assert send(client, game, scored(2, players[0], {players[1]: 5, players[2]: 5}), 3
                ).status_code == 201
    assert send(client, game, {"type": "hand_corrected", "hand": 1, "went_out": players[1],
                               "points": {players[2]: 40, players[0]: 15},
                               "reason": "missed a 5"}, 4).status_code == 201
    return game


def export_of(client, game_id: str) -> dict:
    return json.loads(client.get(f"/games/{game_id}/export.json").get_data(as_text=True))


def upload(client, content: bytes, name: str = "game.json", token: str | None = "page"):
    data = {"game_file": (io.BytesIO(content), name)}
    if token is not None:
        data["csrf_token"] = csrf_token(client) if token == "page" else token
    return client.post("/games/import", data=data, content_type="multipart/form-data")


def counts(app) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(table))
                     for table in (Game, GameEvent, Player))


def without_ids_and_times(document: dict) -> dict:
    kept = {k: v for k, v in document.items() if k != "id"}
    kept["history"] = [{k: v for k, v in step.items() if k != "at"}
                       for step in document["history"]]
    return kept


def test_an_imported_game_has_the_same_setup_history_and_scores_and_this_device_scores_it(
        client):
    game = played_game(client)
    original = export_of(client, game["id"])
    response = upload(client, json.dumps(original).encode())
    assert response.status_code == 303
    new_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert new_id != game["id"]
    imported = export_of(client, new_id)
    assert without_ids_and_times(imported) == without_ids_and_times(original)
    assert [(s["version"], s["undone_in"]) for s in imported["history"]] == [
        (1, None), (2, 3), (4, None), (5, None)]
    page = client.get(f"/games/{new_id}").get_data(as_text=True)
    assert "Imported the game of Abe, Ben, Carl." in page
    # The device that imported it may score it: the next hand is taken.
    listing = client.get("/games").get_data(as_text=True)
    assert listing.count("Archive<span") == 1  # the imported game only: the API's has no key


def test_a_game_whose_first_dealer_is_not_the_first_seat_comes_back_the_same(client):
    game = make_game(client, ("Abe", "Ben", "Carl", "Dee"), first_dealer="Carl")
    original = export_of(client, game["id"])
    response = upload(client, json.dumps(original).encode())
    imported = export_of(client, response.headers["Location"].rsplit("/", 1)[-1])
    assert (imported["dealer"], imported["first_player"]) == ("Carl", "Dee")


def test_files_that_are_not_a_sound_game_export_are_refused_beside_the_input(client, app):
    game = played_game(client)
    original = export_of(client, game["id"])
    tampered_score = json.loads(json.dumps(original))
    tampered_score["totals"]["Abe"] = 0
    illegal_step = json.loads(json.dumps(original))
    illegal_step["history"][0]["event"]["points"] = {"Carl": -3, "Abe": 15}
    gap = json.loads(json.dumps(original))
    gap["history"][-1]["version"] = 9
    unknown_game = dict(original, ruleset="snap")
    before = counts(app)
    refusals = {
        b"\x89PNG not json": "This file is not JSON",
        b'{"hello": "world"}': "not a saved game",
        b"[1, 2, 3]": "not a saved game",
        json.dumps(tampered_score).encode(): "does not lead to the scores it shows",
        json.dumps(illegal_step).encode(): "does not lead to the scores it shows",
        json.dumps(gap).encode(): "gaps in its versions",
        json.dumps(unknown_game).encode(): "cannot be set up",
        json.dumps({"format": "rummy-referee-games", "games": [original, tampered_score]}
                   ).encode(): "Game 2 of 2 in this file: The game's history",
    }
    for content, words in refusals.items():
        response = upload(client, content)
        page = response.get_data(as_text=True)
        assert response.status_code == 422, content[:40]
        message = page[page.index('id="game-file-error"'):]
        message = html.unescape(message[:message.index("</p>")])
        assert words in message, (content[:40], message)
        assert 'aria-invalid="true"' in page
    no_file = upload(client, b"", name="")
    assert no_file.status_code == 422 and "Choose a saved game first" in \
        no_file.get_data(as_text=True)
    assert counts(app) == before


def test_an_import_without_the_pages_token_is_refused_and_saves_nothing(client, app):
    game = played_game(client)
    before = counts(app)
    content = json.dumps(export_of(client, game["id"])).encode()
    for token in (None, "forged"):
        response = upload(client, content, token=token)
        assert response.status_code == 400
        assert "Nothing was saved" in response.get_data(as_text=True)
    assert counts(app) == before


def test_download_every_game_holds_each_games_json_export_archived_ones_too(client):
    first = played_game(client)
    second = make_game(client, ("Dee", "Eve"))
    client.post(f"{GAMES}/{second['id']}/archive", json={"archived": True},
                headers={"X-Edit-Key": second["edit_key"]})
    response = client.get("/games/all.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith(
        'attachment; filename="rummy-referee-games-')
    body = json.loads(response.get_data(as_text=True))
    assert body["format"] == "rummy-referee-games"
    assert body["games"] == [export_of(client, first["id"]), export_of(client, second["id"])]
    page = client.get("/games").get_data(as_text=True)
    assert 'href="/games/all.json"' in page and "Save a copy of every game" in page
    assert 'action="/games/import"' in page and 'enctype="multipart/form-data"' in page


def test_the_file_of_every_game_imports_as_new_games_all_or_nothing(client, app):
    first = played_game(client)
    second = make_game(client, ("Dee", "Eve"))
    every = client.get("/games/all.json").data
    before = counts(app)
    response = upload(client, every, name="rummy-referee-games.json")
    assert response.status_code == 303 and response.headers["Location"].endswith("/games")
    games, events, players = counts(app)
    assert (games, events, players) == (before[0] + 2, before[1] * 2, before[2])
    page = client.get("/games").get_data(as_text=True)
    assert "Imported 2 games." in page
    documents = json.loads(client.get("/games/all.json").data)["games"]
    originals = [export_of(client, first["id"]), export_of(client, second["id"])]
    imported = [d for d in documents if d["id"] not in (first["id"], second["id"])]
    assert sorted(map(without_ids_and_times, imported), key=str) == sorted(
        map(without_ids_and_times, originals), key=str)


def test_a_night_for_stakes_comes_back_with_its_stake_and_its_ledger(client):
    made = client.post(GAMES, json={"ruleset": "tonk", "players": ["Ann", "Bob", "Cy"],
                                    "first_dealer": "Bob", "stake": "0.25"}).get_json()
    for version, event in enumerate([
            {"type": "hand_scored", "hand": 1, "ending": "drop", "player": "Cy",
             "counts": {"Ann": 5, "Bob": 9, "Cy": 7}},
            {"type": "hand_scored", "hand": 2, "ending": "tonk_out", "player": "bob"},
            {"type": "game_ended"}]):
        assert send(client, made, event, version).status_code == 201
    original = export_of(client, made["id"])
    response = upload(client, json.dumps(original).encode())
    assert response.status_code == 303
    imported = export_of(client, response.headers["Location"].rstrip("/").rsplit("/", 1)[-1])
    assert without_ids_and_times(imported) == without_ids_and_times(original)
    assert (imported["stake"], imported["settle_up"]) == ("0.25", [
        {"from": "Cy", "to": "Ann", "amount": "0.25"},
        {"from": "Cy", "to": "Bob", "amount": "0.75"}])


def test_a_game_whose_players_changed_midway_comes_back_the_same(client, app):
    game = make_game(client, ("Abe", "Bne", "Carl"))
    send(client, game, scored(1, "Bne", {"Carl": 35, "Abe": 15}), 0)
    for version, event in enumerate(({"type": "player_renamed", "name": "Bne", "new_name": "Ben"},
                                     {"type": "player_seated", "name": "Dee"},
                                     {"type": "player_left", "name": "Abe"}), start=1):
        assert send(client, game, event, version).status_code == 201
    original = export_of(client, game["id"])
    response = upload(client, json.dumps(original).encode())
    assert response.status_code == 303, response.get_data(as_text=True)
    imported = export_of(client, response.headers["Location"].rsplit("/", 1)[-1])
    assert without_ids_and_times(imported) == without_ids_and_times(original)
    assert imported["players"] == ["Ben", "Carl", "Dee"] and imported["left"] == ["Abe"]
