"""Backups of the whole database and restoring them: games, events and players come back
exactly; old automatic backups are rotated out; a file that is no backup is refused.

On SQLite a backup is a copy of the file (and, asked for, the JSON kind); on PostgreSQL
(TEST_DATABASE_URL) it is the JSON kind.
"""

from __future__ import annotations

import json
from pathlib import Path

import flask_migrate
import pytest
from sqlalchemy import MetaData, select

from referee import cli, create_app
from referee.extensions import db
from referee.store.backups import (BACKUP_FORMAT, NotABackupError, backup_revision, copy_sqlite,
                                   keep_newest, make_backup, read_backup, restore_rows,
                                   sqlite_file)
from referee.store import history
from referee.store.history import join_names
from referee.store.models import NOT_BACKED_UP
from tests.test_api_games import GAMES, make_game, scored, send
from tests.test_history import finished_at, whole_game
from tests.test_web_transfer import played_game


def every_row(app) -> dict[str, list[tuple]]:
    with app.app_context():
        db.session.remove()
        return {table.name: sorted(tuple(row) for row in db.session.execute(select(table)))
                for table in db.metadata.sorted_tables}


@pytest.mark.parametrize("as_json", [False, True], ids=["native", "json"])
def test_a_restored_backup_brings_back_every_game_event_and_player_exactly(
        app, client, tmp_path, as_json):
    played_game(client)
    finished, _ = whole_game(client, ("Ann", "Bo", "Cy"))  # its finish time is backed up
    whole_game(client, ("Annie", "Bo"), [(0, {1: 10})])
    with app.app_context():
        join_names("Annie", "Ann")  # and so are names joined as one person
    archived = make_game(client, ("Dee", "Eve"))
    client.post(f"{GAMES}/{archived['id']}/archive", json={"archived": True},
                headers={"X-Edit-Key": archived["edit_key"]})
    tablet = app.test_client()  # a device that scores the game through its join link
    tablet.get(f"/games/{archived['id']}/join/{archived['edit_key']}")
    saved = every_row(app)
    assert saved["edit_right"]
    with app.app_context():
        backup = make_backup(folder=tmp_path / "backups", as_json=as_json)
    assert backup.suffix == (".sqlite3" if sqlite_file_of(app) and not as_json else ".json")

    # Afterwards: another game, another hand, a game gone.
    later = make_game(client, ("Fay", "Gus"))
    send(client, later, scored(1, "Fay", {"Gus": 10}), 0)
    client.delete(f"{GAMES}/{archived['id']}", headers={"X-Edit-Key": archived["edit_key"]})
    assert every_row(app) != saved

    with app.app_context():
        history.part_name("Annie")
        assert restore_rows(*read_backup(backup)) == 4
    assert every_row(app) == saved
    assert finished_at(app, finished["id"]) is not None
    with app.app_context():
        assert history.player_page("Annie").name == "Ann"
    # The database goes on from there: new games, players and events get new ids.
    fresh = make_game(client, ("Hal", "Ivy"))
    assert send(client, fresh, scored(1, "Hal", {"Ivy": 5}), 0).status_code == 201
    assert client.get(f"{GAMES}/{archived['id']}").status_code == 200
    assert tablet.get(f"/games/{archived['id']}/hands/1").status_code == 200  # it scores still


def sqlite_file_of(app):
    with app.app_context():
        return sqlite_file(db.engine)


def test_only_the_newest_backups_are_kept(tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    names = [f"referee-20260101-0{hour}0000-000000.sqlite3" for hour in range(6)]
    for name in names:
        (folder / name).write_text("x")
    (folder / "before-restore-20250101-000000.sqlite3").write_text("kept by hand")
    removed = keep_newest(folder, 4)
    assert [p.name for p in removed] == names[:2]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        names[2:] + ["before-restore-20250101-000000.sqlite3"])


def test_files_that_are_no_backup_are_refused_with_one_sentence(app, tmp_path):
    cases = {
        "notes.txt": (b"shopping: milk", "neither a SQLite database nor JSON"),
        "export.json": (b'{"id": "abc", "history": []}', "not a backup"),
        "other.sqlite3": (None, "without the app's tables"),
    }
    import sqlite3

    for name, (content, words) in cases.items():
        path = tmp_path / name
        if content is None:
            sqlite3.connect(path).execute("CREATE TABLE notes (x)").connection.commit()
        else:
            path.write_bytes(content)
        with app.app_context(), pytest.raises(NotABackupError) as refused:
            read_backup(path)
        message = str(refused.value)
        assert words in message and str(path) in message and message.count(". ") == 0


def test_the_backup_and_restore_commands(tmp_path, monkeypatch, capsys, test_database):
    if test_database is not None:
        pytest.skip("the commands run on the instance folder's SQLite file here; the "
                    "PostgreSQL round trip is the test above")
    instance = tmp_path / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(instance))
    monkeypatch.setenv("SECRET_KEY", "commands")
    monkeypatch.setenv("REFEREE_BACKUPS_KEPT", "2")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    for _ in range(3):
        cli.main(["backup"])
    kept = sorted((instance / "backups").glob("referee-*.sqlite3"))
    assert len(kept) == 2
    assert f"Backed up the database to {kept[-1]}." in capsys.readouterr().out

    stray = tmp_path / "notes.txt"
    stray.write_text("not a backup")
    with pytest.raises(SystemExit) as exit_:
        cli.main(["restore", str(stray)])
    assert exit_.value.code == 1
    assert capsys.readouterr().err.strip() == (
        f"{stray} is not a Rummy Referee backup: it is neither a SQLite database nor JSON.")

    cli.main(["restore", str(kept[-1])])
    out = capsys.readouterr().out
    assert f"Restored 0 games from {kept[-1]}" in out and "before-restore-" in out


@pytest.fixture
def commands_instance(tmp_path, monkeypatch, test_database):
    """An instance folder of its own for the backup and restore commands, on SQLite."""
    if test_database is not None:
        pytest.skip("the commands run on the instance folder's SQLite file here")
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("SECRET_KEY", "commands")
    monkeypatch.delenv("DATABASE_URL", raising=False)


def _version_not_a_number(tables):
    tables["game"][0]["version"] = "not a number"


def _game_as_7(tables):
    tables["game"][0] = 7


def _event_twice(tables):
    tables["game_event"].append(tables["game_event"][0])


def _event_copied_under_a_new_id(tables):
    # Passes the reading (ids differ) but not the database's one-event-per-version rule.
    events = tables["game_event"]
    events.append(events[0] | {"id": max(event["id"] for event in events) + 1})


@pytest.mark.parametrize("edit, words", [
    (_game_as_7, 'row 1 of its "game" table is 7, not a row'),
    (_event_twice, 'of its "game_event" table are the same row'),
    (_event_copied_under_a_new_id, 'The backup\'s "game_event" table holds rows this database '
                                   'refuses'),
    (_version_not_a_number, 'row 1 of its "game" table has "not a number" as its version, not '
                            'a whole number'),
], ids=["game-row-7", "event-twice", "event-new-id", "version-not-a-number"])
def test_a_json_backup_edited_by_hand_is_refused_saying_where(
        tmp_path, capsys, commands_instance, edit, words):
    app = create_app()
    played_game(app.test_client())
    backup = tmp_path / "edited.json"
    cli.main(["backup", "--json", str(backup)])
    document = json.loads(backup.read_text())
    edit(document["tables"])
    backup.write_text(json.dumps(document))
    make_game(app.test_client(), ("Dee", "Eve"))  # after the backup: must stay
    before = every_row(app)
    capsys.readouterr()

    with pytest.raises(SystemExit) as exit_:
        cli.main(["restore", str(backup)])
    assert exit_.value.code == 1
    said = capsys.readouterr().err.strip()
    assert words in said and "Traceback" not in said and said.count("\n") == 0
    assert every_row(app) == before


EARLIER_REVISION = "0005_game_snapshot"  # the layout of the backups issue 39 could not restore


def _as_made_at(revision: str, backup: Path, folder: Path) -> tuple[Path, Path]:
    """The backup as the version at ``revision`` made it, both kinds: the file taken back
    down its migrations, and that file's rows as that version's JSON backup."""
    old = folder / f"at-{revision}.sqlite3"
    copy_sqlite(backup, old)
    earlier = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{old}",
                          "MIGRATE_ON_START": False})
    with earlier.app_context():
        flask_migrate.downgrade(directory=earlier.extensions["migrate"].directory,
                                revision=revision, x_arg=["quiet=true"])
        layout = MetaData()
        layout.reflect(db.engine)
        with db.engine.connect() as connection:
            tables = {table.name: [{key: value.isoformat() if hasattr(value, "isoformat")
                                    else value for key, value in row._mapping.items()}
                                   for row in connection.execute(select(table))]
                      for table in layout.sorted_tables
                      if table.name not in NOT_BACKED_UP | {"alembic_version"}}
        db.engine.dispose()
    as_json = folder / f"at-{revision}.json"
    as_json.write_text(json.dumps({"format": BACKUP_FORMAT, "revision": revision,
                                   "tables": tables}))
    return old, as_json


def test_a_backup_made_by_an_earlier_version_is_migrated_as_it_is_restored(
        tmp_path, capsys, commands_instance):
    app = create_app()
    played_game(app.test_client())
    saved = every_row(app)
    backup = tmp_path / "now.sqlite3"
    cli.main(["backup", str(backup)])
    old_file, old_json = _as_made_at(EARLIER_REVISION, backup, tmp_path)
    assert backup_revision(old_file) == backup_revision(old_json) == EARLIER_REVISION

    for old in (old_file, old_json):
        make_game(app.test_client(), ("Dee", "Eve"))  # after the backup: replaced
        assert every_row(app) != saved
        cli.main(["restore", str(old)])
        assert f"Restored 1 games from {old}" in capsys.readouterr().out
        assert every_row(app) == saved
    assert backup_revision(old_file) == EARLIER_REVISION  # the backup itself left as made


def test_a_backup_from_a_newer_version_is_refused_naming_why(
        tmp_path, capsys, commands_instance):
    backup = tmp_path / "future.json"
    cli.main(["backup", "--json", str(backup)])
    document = json.loads(backup.read_text())
    backup.write_text(json.dumps(document | {"revision": "0099_from_the_future"}))
    capsys.readouterr()
    with pytest.raises(SystemExit):
        cli.main(["restore", str(backup)])
    said = capsys.readouterr().err.strip()
    assert "whose database layout (0099_from_the_future) this one does not know" in said
