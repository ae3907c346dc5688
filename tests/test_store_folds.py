"""A long game costs what a short one does: states kept by version instead of refolded.

What a user would notice if it went wrong: a game read from a kept state that differs
from the game its log says (after an undo, a correction, a write from another app
process on the same database), a history page that skips or repeats a step, a polled
document that grows with every step.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from pathlib import Path

import pytest
from sqlalchemy import insert, select, update

from referee import create_app
from referee.core.game import GameState, event_from_dict, replay
from referee.extensions import db
from referee.store import snapshots
from referee.store.backups import make_backup, read_backup, restore_rows
from referee.store.documents import game_document
from referee.store.games import LoadedGame, load_game, summary_columns
from referee.store.models import Game, GameEvent, GameSnapshot
from referee.store.snapshots import SNAPSHOT_EVERY
from tests.conftest import APP_CONFIG, dispose_engines
from tests.test_api import openapi, response_schema, schema_errors
from tests.test_api_games import GAMES, history, make_game, scored, send
from tests.test_web_games import text


@pytest.fixture
def second_app(app):
    """Another app on the same database, as a second process would be: its own kept states."""
    other = create_app(APP_CONFIG | {"SQLALCHEMY_DATABASE_URI":
                                     app.config["SQLALCHEMY_DATABASE_URI"],
                                     "MIGRATE_ON_START": False})
    yield other
    dispose_engines(other)


class Device:
    """A client that scores one game over the API, tracking the version it saw."""

    def __init__(self, client, game: dict):
        self.client, self.game, self.version = client, game, game["version"]
        self.document = game

    def send(self, event: dict) -> dict:
        response = send(self.client, self.game, event, self.version)
        assert response.status_code == 201, response.get_data(as_text=True)
        return self._saw(response.get_json())

    def undo(self) -> dict:
        response = self.client.post(f"{GAMES}/{self.game['id']}/undo",
                                    json={"expected_version": self.version},
                                    headers={"X-Edit-Key": self.game["edit_key"]})
        assert response.status_code == 201, response.get_data(as_text=True)
        return self._saw(response.get_json())

    def read(self) -> dict:
        response = self.client.get(f"{GAMES}/{self.game['id']}")
        assert response.status_code == 200
        return self._saw(response.get_json())

    def step(self) -> dict:
        """The next step of the followed hand: a draw from the stock, or a discard not said."""
        live = self.document["live"]
        if live is None or live["phase"] == "draw":
            player = live["current"] if live else self.document["first_player"]
            return self.send({"type": "drew", "player": player, "source": "stock"})
        return self.send({"type": "discarded", "player": live["current"]})

    def _saw(self, document: dict) -> dict:
        self.document, self.version = document, document["version"]
        return document


def replayed(app, game_id: str) -> dict:
    """The game's document folded from nothing: every event that counts, in a fresh app
    context, never from a kept state."""
    with app.app_context():
        loaded = load_game(game_id)
        counting = [e for e in loaded.events if e.undone_in is None]
        state = replay(loaded.setup, [event_from_dict(e.payload) for e in counting],
                       strict=False)
        return game_document(LoadedGame(loaded.game, loaded.setup, state))


def test_the_kept_state_is_the_full_replay_after_writes_undos_and_corrections(app, client):
    device = Device(client, make_game(client))
    checked = []

    def same_as_replay(document: dict) -> None:
        assert document == replayed(app, device.game["id"])
        checked.append(document["version"])

    same_as_replay(device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15})))
    same_as_replay(device.send({"type": "hand_corrected", "hand": 1, "went_out": "Ben",
                                "points": {"Carl": 5, "Abe": 10}, "reason": "miscounted"}))
    for _ in range(7):
        same_as_replay(device.step())
    same_as_replay(device.undo())
    same_as_replay(device.undo())
    same_as_replay(device.step())
    for _ in range(7):  # back through the hand's six steps and the correction
        same_as_replay(device.undo())
    assert device.document["totals"] == {"Abe": 15, "Ben": 0, "Carl": 35}
    same_as_replay(device.read())
    assert len(checked) == 20


def test_a_second_app_on_the_same_database_reads_each_version_the_first_wrote(
        app, client, second_app):
    """Two app processes on one database, each keeping its own states: what one writes,
    including an undo of a step the other has kept a state with, the other reads right."""
    game = make_game(client)
    first, second = Device(client, game), Device(second_app.test_client(), game)
    first.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    for turn in range(12):
        writer, reader = (first, second) if turn % 3 else (second, first)
        reader.read()
        writer.version = reader.version
        writer.document = reader.document
        written = writer.undo() if turn in (5, 9) else writer.step()
        assert reader.read() == written == replayed(app, game["id"])
        assert reader.version == writer.version
    # An undo past a version the second app has kept: it must fold from before the step.
    second.read()
    first.version = second.version
    first.undo()
    first.undo()
    assert second.read() == first.read() == replayed(app, game["id"])


def test_history_pages_give_every_event_once_newest_page_first(client):
    device = Device(client, make_game(client))
    device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    for _ in range(18):
        device.step()
    device.undo()
    whole = history(client, device.game["id"])
    assert [row["version"] for row in whole] == list(range(1, 20))

    document = openapi(client)
    schema = response_schema(document, "/games/{game_id}/history", "get", 200)
    pages, address = [], f"{GAMES}/{device.game['id']}/history?limit=4"
    while address:
        page = client.get(address).get_json()
        assert schema_errors(document, schema, page) == []
        assert page["version"] == device.version and len(page["events"]) <= 4
        pages.append(page["events"])
        address = page["older"]
    assert [len(page) for page in pages] == [4, 4, 4, 4, 3]
    assert [row for page in reversed(pages) for row in page] == whole
    assert whole[-1]["undone_in"] == device.version


@pytest.mark.parametrize("query", ["limit=0", "limit=x", "before=-1", "before=0"])
def test_a_history_page_asked_wrongly_is_a_400(client, query):
    game = make_game(client)
    response = client.get(f"{GAMES}/{game['id']}/history?{query}")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "wrong_type"


def test_the_history_screen_pages_back_to_the_setup_each_step_once(client):
    device = Device(client, make_game(client))
    for _ in range(120):
        device.step()
    titles, address = [], f"/games/{device.game['id']}/history"
    while address:
        page = client.get(address).get_data(as_text=True)
        titles = re.findall(r'class="history-title">([^<]*)<', page) + titles
        older = re.search(r'href="([^"]*history\?before=\d+)"', page)
        address = older.group(1).replace("&amp;", "&") if older else None
    assert len(titles) == 121 and titles[0].startswith("Game set up")
    assert titles[1:] == [describe(row) for row in history(client, device.game["id"])]


def describe(row: dict) -> str:
    return event_from_dict(row["event"]).describe()


def test_the_polled_document_leaves_the_history_out_and_stays_the_same_size(client):
    device = Device(client, make_game(client))
    device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    for _ in range(10):
        device.step()
    short = client.get(f"{GAMES}/{device.game['id']}").get_json()
    for _ in range(90):
        device.step()
    long = client.get(f"{GAMES}/{device.game['id']}").get_json()
    assert "history" not in long and "events" not in long
    assert long["live"]["steps"] == 100
    # The dead pile grows until the stock is turned over (at most the decks' cards); the
    # rest of the document does not grow with the steps taken.
    assert size_without_the_dead(long) <= size_without_the_dead(short) + 10


def size_without_the_dead(document: dict) -> int:
    return len(json.dumps({**document, "live": {**document["live"], "dead": []}}))


def test_the_games_list_and_players_page_follow_every_write_and_undo(client, second_app):
    """Both read a summary kept per game and version: a write or an undo, from this app or
    another on the same database, shows at once."""
    device = Device(client, make_game(client))
    other = second_app.test_client()
    for reader in (client, other):  # each app keeps the summary of version 0
        assert "Abe" in reader.get("/games").get_data(as_text=True)
        reader.get("/players")
    device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    for reader in (client, other):
        assert "Ben leads" in reader.get("/games").get_data(as_text=True)
        assert "Eversol Rummy" in players_figures(reader, "Carl")
        assert "Average hand 35.0" in players_figures(reader, "Carl")
    device.undo()
    for reader in (client, other):
        assert "leads" not in reader.get("/games").get_data(as_text=True)
        assert "35" not in players_figures(reader, "Carl")


def players_figures(client, name: str) -> str:
    """What the player's page shows, as words."""
    return text(client.get(f"/players/{name}"))


# --- A server started again: folding from a snapshot, not the whole log -----------------------

def restarted(app) -> None:
    """The app as a process started again on the same database: no state kept in memory."""
    app.extensions.pop("referee_folds", None)


@pytest.fixture
def folded(monkeypatch):
    """How many events were folded (applied to a state) while the test runs."""
    count = {"events": 0}
    apply = GameState.apply

    def counted(self, *args, **kwargs):
        count["events"] += 1
        return apply(self, *args, **kwargs)

    monkeypatch.setattr(GameState, "apply", counted)
    return count


def lay_down_followed_hand(app, client, length: int) -> dict:
    """A game whose first hand is followed ``length`` steps (draws and discards), its events
    written in bulk as an old game's are (no snapshot written with them)."""
    game = make_game(client)
    with app.app_context():
        loaded = load_game(game["id"])
        state, events = loaded.state, []
        for _ in range(length):
            live = state.live
            player = live.current if live else game["first_player"]
            event = ({"type": "drew", "player": player, "source": "stock"}
                     if live is None or live.phase.value == "draw"
                     else {"type": "discarded", "player": player})
            state = state.apply(event_from_dict(event))
            events.append(event)
        db.session.execute(insert(GameEvent), [
            {"game_id": game["id"], "version": version, "kind": event["type"],
             "payload": event} for version, event in enumerate(events, 1)])
        db.session.execute(update(Game).where(Game.id == game["id"])
                           .values(version=length, **summary_columns(state, length)))
        db.session.commit()
    return game


def test_a_server_started_again_reads_a_long_game_folding_few_events(app, client, folded):
    """The first read of a 2,000-event game after a restart folded the whole log (743 ms on
    the served app); it starts from the newest snapshot, and reads the same game."""
    device = Device(client, lay_down_followed_hand(app, client, 2000))
    device.read()  # the one read that folds the whole log (a game kept before snapshots)
    restarted(app)
    folded["events"] = 0
    document = device.read()
    assert folded["events"] <= SNAPSHOT_EVERY
    assert document == replayed(app, device.game["id"])
    for _ in range(SNAPSHOT_EVERY + 3):  # played on: snapshots come with the writes
        device.step()
    restarted(app)
    folded["events"] = 0
    document = device.read()
    assert folded["events"] <= SNAPSHOT_EVERY
    assert document == replayed(app, device.game["id"])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_read_from_snapshots_is_its_log_folded_whatever_was_undone(
        app, client, monkeypatch, seed):
    """Random steps and undos, a snapshot every 3 versions, the server started again before
    reads: every version reads as the log folded from nothing, also with a snapshot damaged
    and after a backup restored (which drops them)."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 3)
    rng = random.Random(seed)
    device = Device(client, make_game(client))
    for _ in range(40):
        undoable = device.document["live"] is not None
        device.undo() if undoable and rng.random() < 0.3 else device.step()
        if rng.random() < 0.4:
            restarted(app)
            assert device.read() == replayed(app, device.game["id"])
    with app.app_context():
        kept = db.session.scalars(select(GameSnapshot)).all()
        assert len(kept) >= 10
        newest = max(kept, key=lambda snapshot: snapshot.version)
        db.session.execute(update(GameSnapshot).where(GameSnapshot.version == newest.version)
                           .values(state=newest.state[:-7] + b"damaged"))
        db.session.commit()
    restarted(app)
    assert device.read() == replayed(app, device.game["id"])
    with app.app_context():
        revision, rows = read_backup(make_backup(target=Path(app.instance_path) / "b.json",
                                                 as_json=True))
        restore_rows(revision, rows)
        assert not db.session.scalars(select(GameSnapshot)).all()
    restarted(app)
    assert device.read() == replayed(app, device.game["id"])


def test_a_snapshot_naming_a_module_that_moved_is_passed_over(app, client, folded):
    """A pickle names the module of each class it holds: a snapshot written before the rules
    code moved (referee.core.rulesets became games/ and model/) cannot load. Its code mark
    keeps it apart; were it read all the same, its unpickling fails and the game is its log
    folded, not a crash."""
    device = Device(client, lay_down_followed_hand(app, client, 60))
    device.read()
    with app.app_context():
        kept = db.session.scalars(select(GameSnapshot)).all()
        assert kept
        for snapshot in kept:
            pickled = zlib.decompress(snapshot.state)
            moved = pickled.replace(b"referee.core.games.registry", b"referee.core.rulesets_gone_")
            assert moved != pickled  # the same length: still a well-formed pickle
            packed = zlib.compress(moved, 1)
            db.session.execute(
                update(GameSnapshot).where(GameSnapshot.game_id == snapshot.game_id,
                                           GameSnapshot.version == snapshot.version)
                .values(state=packed, seal=snapshots._seal(snapshot.game_id, snapshot.version,
                                                           snapshots.code_mark(), packed)))
        db.session.commit()
    restarted(app)
    folded["events"] = 0
    assert device.read() == replayed(app, device.game["id"])
    assert folded["events"] >= 60  # from the setup: no snapshot was read
