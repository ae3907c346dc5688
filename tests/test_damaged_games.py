"""A game whose stored record cannot be read is shown as damaged, never as a crash, and
every other game (and the download of every game) still works."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy import text

from referee.extensions import db
from tests.test_api_games import GAMES, make_game, scored, send
from tests.test_web_games import csrf_token


def damage_game(app, game_id: str, how: str) -> None:
    """Change the stored record behind the app's back, as a failing disk or hand edit would."""
    with app.app_context():
        postgres = db.engine.dialect.name == "postgresql"
        if how == "event_not_json":  # one byte of a stored event changed
            if postgres:
                pytest.skip("PostgreSQL checks a JSON column as it is written: a stored step "
                            "cannot stop being JSON there")
            db.session.execute(text("UPDATE game_event SET payload = substr(payload, 2) "
                                    "WHERE game_id = :id AND version = 1"), {"id": game_id})
        else:  # a setup without its players
            stored = db.session.execute(text("SELECT setup FROM game WHERE id = :id"),
                                        {"id": game_id}).scalar_one()
            setup = stored if isinstance(stored, dict) else json.loads(stored)
            del setup["players"]
            value = "CAST(:s AS JSON)" if postgres else ":s"
            db.session.execute(text(f"UPDATE game SET setup = {value} WHERE id = :id"),
                               {"s": json.dumps(setup), "id": game_id})
        # As kept before games kept their summary: the list has to read the game itself.
        db.session.execute(text("UPDATE game SET summary = NULL WHERE id = :id"), {"id": game_id})
        db.session.commit()
    # A server started on that database has nothing kept from before.
    app.extensions.pop("referee_folds", None)
    app.extensions.pop("referee_summaries", None)


@pytest.mark.parametrize("how", ["event_not_json", "setup_without_players"])
def test_a_damaged_game_says_so_and_every_other_game_still_works(client, app, how):
    healthy = make_game(client, ("Dot", "Eve", "Fay"))
    damaged = make_game(client)
    for game in (healthy, damaged):
        players = game["players"]
        assert send(client, game, scored(1, players[1], {players[0]: 10, players[2]: 5}),
                    0).status_code == 201
    damage_game(app, damaged["id"], how)
    game_id = damaged["id"]

    for path in (f"/games/{game_id}", f"/games/{game_id}/history", f"/games/{game_id}/sheet",
                 f"/games/{game_id}/export.json", f"/games/{game_id}/export.csv"):
        page = client.get(path)
        assert page.status_code == 409, path
        shown = page.get_data(as_text=True)
        assert "This game is damaged" in shown and "referee restore" in shown, path
    if how == "event_not_json":  # what can still be read of it is shown
        assert "Abe, Ben, Carl" in client.get(f"/games/{game_id}").get_data(as_text=True)

    for path in (f"{GAMES}/{game_id}", f"{GAMES}/{game_id}/history"):
        answer = client.get(path)
        assert answer.status_code == 409, path
        assert answer.get_json()["error"]["code"] == "damaged_game"
    documented = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert "409" in documented["/games/{game_id}"]["get"]["responses"]
    change = client.post(f"{GAMES}/{game_id}/undo", headers={"X-Edit-Key": damaged["edit_key"]},
                         json={"expected_version": 1})
    assert change.status_code == 409 and change.get_json()["error"]["code"] == "damaged_game"

    for path in ("/games", "/players", f"/games/{healthy['id']}", f"{GAMES}/{healthy['id']}"):
        assert client.get(path).status_code == 200, path
    listed = client.get("/games").get_data(as_text=True)
    assert "Damaged game: it cannot be read" in listed and "Dot, Eve, Fay" in listed
    every = client.get("/games/all.json")
    assert every.status_code == 200
    document = every.get_json()
    assert [g["players"] for g in document["games"]] == [["Dot", "Eve", "Fay"]]
    assert document["skipped"] == [{"id": game_id, "reason": "damaged: it cannot be read"}]
    imported = client.post("/games/import", data={  # and that file still makes the game again
        "csrf_token": csrf_token(client), "game_file": (io.BytesIO(every.data), "all.json")})
    assert imported.status_code == 303
