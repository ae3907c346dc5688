"""The games list and the players' page read each game's summary from its row, kept with every
change: a server that starts lists a family's games without folding each one again.

What a user would notice if it went wrong: a games list or players' page that shows a game
as it was a few steps ago (a summary not written with a write, an undo or an import, or
written by the other of two servers), or a list that takes seconds after every restart.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from sqlalchemy import update

from referee import create_app
from referee.core.game import GameSummary, event_from_dict, replay
from referee.core.games.registry import RULESETS
from referee.extensions import db
from referee.store import queries
from referee.store.documents import export_document
from referee.store.games import load_game
from referee.store.imports import import_games
from referee.store.models import Game
from tests.conftest import APP_CONFIG, dispose_engines
from tests.test_api_games import make_game, scored
from tests.test_store_folds import Device


@pytest.fixture
def new_app(app):
    """Apps on the same database started later, as restarted servers would be: nothing kept."""
    made = []

    def start():
        made.append(create_app(APP_CONFIG | {"SQLALCHEMY_DATABASE_URI":
                                             app.config["SQLALCHEMY_DATABASE_URI"],
                                             "MIGRATE_ON_START": False}))
        return made[-1]

    yield start
    for other in made:
        dispose_engines(other)


@pytest.fixture
def folds_counted(monkeypatch):
    """How many games the games list and the players' page folded, by game id."""
    folded = []
    real = queries.fold_at

    def counted(game_id, setup, version):
        folded.append(game_id)
        return real(game_id, setup, version)

    monkeypatch.setattr(queries, "fold_at", counted)
    return folded


def full_fold_summaries(app) -> dict[str, GameSummary]:
    """Every game's summary folded from its whole log, never from anything kept."""
    with app.app_context():
        summaries = {}
        for game_id in db.session.scalars(db.select(Game.id)):
            loaded = load_game(game_id)
            counting = [event_from_dict(e.payload) for e in loaded.events if e.undone_in is None]
            summaries[game_id] = GameSummary.of(replay(loaded.setup, counting, strict=False))
        return summaries


def stored_summaries(app) -> dict[str, GameSummary]:
    with app.app_context():
        rows = db.session.execute(db.select(Game.id, Game.version, Game.summary,
                                            Game.summary_version)).all()
        assert all(row.summary_version == row.version for row in rows)
        return {row.id: GameSummary.from_dict(row.summary) for row in rows}


def page(client, address: str) -> str:
    """The page, without its one-time form token."""
    response = client.get(address)
    assert response.status_code == 200
    return re.sub(r'name="csrf_token"[^>]*', "", response.get_data(as_text=True))


def forget_summaries(app) -> None:
    """As the database was before summaries were kept: every game's summary missing."""
    with app.app_context():
        db.session.execute(update(Game).values(summary=None, summary_version=None))
        db.session.commit()


def test_every_write_undo_and_import_from_two_apps_keeps_the_summary_a_full_fold_gives(
        app, client, new_app, folds_counted):
    second = new_app()
    short, long = make_game(client), make_game(client, ("Dee", "Eve", "Fay", "Gus", "Hal"))
    first_device = Device(client, long)
    second_device = Device(second.test_client(), long)
    Device(second.test_client(), short).send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    first_device.send(scored(1, "Eve", {"Dee": 10, "Fay": 20, "Gus": 5, "Hal": 15}))
    for turn in range(24):
        writer = first_device if turn % 2 else second_device
        writer.read()
        if turn in (7, 8, 15):
            writer.undo()
        elif turn == 20:  # the first hand, corrected: the totals change, not the steps
            writer.send({"type": "hand_corrected", "hand": 1, "went_out": "Eve",
                         "points": {"Dee": 40, "Fay": 20, "Gus": 5, "Hal": 15},
                         "reason": "miscounted"})
        else:
            writer.step()
    with app.app_context():
        import_games(export_document(load_game(long["id"])))
    assert len(stored_summaries(app)) == 3
    assert stored_summaries(app) == full_fold_summaries(app)

    # What both servers show, and a restarted one, is what the lists show when every game is
    # folded from its whole log.
    shown = {(reader, address): page(reader, address)
             for reader in (client, second.test_client(), new_app().test_client())
             for address in ("/games", "/players")}
    assert "Eve leads" in shown[(client, "/games")]
    assert folds_counted == []
    forget_summaries(app)
    for address in ("/games", "/players"):
        folded = page(new_app().test_client(), address)
        assert all(text == folded for (_, where), text in shown.items() if where == address)
    assert len(folds_counted) == 3


def test_a_restarted_server_lists_the_games_without_folding_them(
        app, client, new_app, folds_counted):
    devices = [Device(client, make_game(client)) for _ in range(3)]
    for device in devices:
        device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
        for _ in range(5):
            device.step()
    restarted = new_app().test_client()
    assert page(restarted, "/games").count("Ben leads") == 3
    assert "Carl" in page(restarted, "/players")
    assert folds_counted == []

    # A game kept before summaries were (its summary missing), and one whose summary an older
    # server left behind at an earlier version: each folded once, then kept for the next.
    missing, behind = devices[0].game["id"], devices[1].game["id"]
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == missing)
                           .values(summary=None, summary_version=None))
        db.session.execute(update(Game).where(Game.id == behind)
                           .values(summary_version=Game.version - 1))
        db.session.commit()
    assert page(new_app().test_client(), "/games").count("Ben leads") == 3
    assert sorted(folds_counted) == sorted([missing, behind])
    assert page(new_app().test_client(), "/players") and len(folds_counted) == 2
    assert stored_summaries(app) == full_fold_summaries(app)


def test_a_summary_that_cannot_be_kept_still_lists_the_game(app, new_app, monkeypatch,
                                                            folds_counted):
    """The database refuses the write-back (read-only, say): the list answers all the same,
    and the next list folds the game again."""
    game = make_game(app.test_client())
    forget_summaries(app)

    def refused(*args, **kwargs):
        raise queries.SQLAlchemyError("attempt to write a readonly database")

    monkeypatch.setattr(queries, "update", refused)
    restarted = new_app().test_client()
    assert "Abe" in page(restarted, "/games")
    assert "Abe" in page(new_app().test_client(), "/games")
    assert folds_counted == [game["id"], game["id"]]


def test_a_summary_kept_by_an_earlier_scoring_edition_is_folded_again(
        app, client, new_app, folds_counted, monkeypatch):
    """A ruleset whose figures change for the same events (Bourré's nets, issue 37) raises its
    scoring edition: the games kept before show the figures as the rules now make them."""
    devices = [Device(client, make_game(client)) for _ in range(2)]
    for device in devices:
        device.send(scored(1, "Ben", {"Carl": 35, "Abe": 15}))
    restarted = new_app().test_client()
    assert page(restarted, "/games").count("Ben leads") == 2 and folds_counted == []

    ruleset = RULESETS[devices[0].game["ruleset"]]
    monkeypatch.setitem(RULESETS, ruleset.key, replace(ruleset,
                                                       scoring_edition=ruleset.scoring_edition + 1))
    assert page(new_app().test_client(), "/games").count("Ben leads") == 2
    assert sorted(folds_counted) == sorted(device.game["id"] for device in devices)
    assert page(new_app().test_client(), "/games") and len(folds_counted) == 2  # kept anew
