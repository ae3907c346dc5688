"""The database under the suite: the one asked for, its schema made by the Alembic migrations.

The suite runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set
(``python3 dev.py test`` does both). These tests run on whichever it is.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

import referee
from referee import create_app
from referee.extensions import db

from .conftest import TEST_DATABASE_URL

REQUESTED = "postgresql" if TEST_DATABASE_URL else "sqlite"


@pytest.fixture(scope="module", autouse=True)
def every_model():
    """Import every module of the app, so every table is in the metadata compared."""
    for module in pkgutil.walk_packages(referee.__path__, "referee."):
        if not module.name.startswith("referee.migrations"):
            importlib.import_module(module.name)


def head_revision(app) -> str:
    script = ScriptDirectory.from_config(app.extensions["migrate"].migrate.get_config(
        app.extensions["migrate"].directory))
    return script.get_current_head()


def current_revision() -> str | None:
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def differences() -> list:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def test_the_suite_runs_on_the_database_it_was_asked_to(app):
    with app.app_context():
        assert db.engine.dialect.name == REQUESTED
        with db.engine.connect() as connection:
            if REQUESTED == "postgresql":
                version = connection.execute(text("SELECT version()")).scalar()
                assert version.startswith("PostgreSQL")
                # The tests' own schema, never public: see tests/conftest.py.
                schema = connection.execute(text("SELECT current_schema()")).scalar()
                assert schema.startswith("referee_test")
            else:
                assert connection.execute(text("SELECT sqlite_version()")).scalar()


def test_the_migrations_build_the_schema_from_an_empty_database(empty_database_uri):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "MIGRATE_ON_START": False,
                      "SQLALCHEMY_DATABASE_URI": empty_database_uri})
    with app.app_context():
        assert tables() == set()
        assert current_revision() is None
        upgrade(directory=app.extensions["migrate"].directory)
        assert current_revision() == head_revision(app)
        assert tables() == set(db.metadata.tables) | {"alembic_version"}
        assert differences() == []
        db.engine.dispose()


def test_the_migrated_schema_matches_the_models(app):
    with app.app_context():
        assert current_revision() == head_revision(app)
        assert differences() == []


def test_downgrade_to_base_and_upgrade_again(app):
    directory = app.extensions["migrate"].directory
    with app.app_context():
        downgrade(directory=directory, revision="base")
        assert current_revision() is None
        assert tables() <= {"alembic_version"}
        upgrade(directory=directory)
        assert current_revision() == head_revision(app)
        assert tables() == set(db.metadata.tables) | {"alembic_version"}
        assert differences() == []


def test_each_migration_steps_down_and_up_on_its_own(app):
    directory = app.extensions["migrate"].directory
    with app.app_context():
        script = ScriptDirectory.from_config(
            app.extensions["migrate"].migrate.get_config(directory))
        revisions = [r.revision for r in script.walk_revisions()]  # newest first
        for expected_below in [*revisions[1:], None]:
            downgrade(directory=directory, revision="-1")
            assert current_revision() == expected_below
        for expected in reversed(revisions):
            upgrade(directory=directory, revision="+1")
            assert current_revision() == expected
        assert differences() == []
