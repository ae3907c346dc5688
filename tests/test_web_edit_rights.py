"""Who may score a game, as a device's session and the server keep it: a session cookie from
before (the keys themselves, the newest 30) still scores its games; a deleted game's rights
go with it. (Forty games started by one browser: tests/browser/test_many_games.py.)"""

from __future__ import annotations

from sqlalchemy import func, select

from referee.extensions import db
from referee.store.models import EditRight
from referee.web.shell.edit_rights import DEVICE, OLD_EDIT_KEYS
from tests.test_api_games import make_game
from tests.test_web_games import csrf_token, new_game


def rights_kept(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(EditRight))


def test_an_older_cookies_keys_still_score_their_games(app, client):
    first, second = make_game(client), make_game(client, ("Dee", "Eve"))
    with client.session_transaction() as session:
        session[OLD_EDIT_KEYS] = [[first["id"], first["edit_key"]],
                                  [second["id"], second["edit_key"]],
                                  ["a-game-deleted-since", "its-key"]]
    assert client.get(f"/games/{first['id']}/hands/1").status_code == 200
    with client.session_transaction() as session:  # moved to the server, the cookie small
        assert OLD_EDIT_KEYS not in session and isinstance(session[DEVICE], str)
    assert rights_kept(app) == 2
    assert client.get(f"/games/{second['id']}/hands/1").status_code == 200
    watcher = app.test_client()
    assert watcher.get(f"/games/{first['id']}/hands/1").status_code == 403
    with watcher.session_transaction() as session:  # watching made no device of it
        assert DEVICE not in session


def test_a_deleted_games_rights_go_with_it(app, client):
    game_id = new_game(client)
    other = make_game(client)
    client.get(f"/games/{other['id']}/join/{other['edit_key']}")
    assert rights_kept(app) == 2
    response = client.post(f"/games/{game_id}/delete", data={
        "csrf_token": csrf_token(client), "expected_version": "0", "confirm": "1"})
    assert response.status_code == 303 and client.get(f"/games/{game_id}").status_code == 404
    assert rights_kept(app) == 1
