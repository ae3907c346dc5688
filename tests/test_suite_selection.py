"""The PostgreSQL run of dev.py leaves the database-free tests to the SQLite run
(tests/database_free.py): no test that uses the app or a database may be among them.

This module makes an app itself, so it is not database-free: it runs on both databases.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from sqlalchemy import create_engine

from tests import database_free

# The fixtures that stand for the app or a database, whatever their module.
DATABASE_FIXTURES = {"app", "client", "rules_app", "rules_client", "ask", "openapi_document",
                     "live_server", "test_database", "empty_database_uri", "sqlite_template"}
# Read from the source text, apart from the AST reading that chooses: what an app or a
# database test imports.
APP_OR_DATABASE = re.compile(
    r"^\s*(from|import)\s+(flask|sqlalchemy|flask_sqlalchemy|referee\.store|referee\.web|"
    r"referee\.api|referee\.extensions|waitress|playwright|schemathesis)\b"
    r"|^\s*from\s+referee\s+import|create_app|^\s*from\s+\.\.(store|web|api|extensions)\b",
    re.M)


def fixtures_of(item) -> set[str]:
    """The fixtures a test asks for, not the names it is parametrized by (a Tonk question's
    ``ask`` is a value, not the API's ``ask`` fixture)."""
    callspec = getattr(item, "callspec", None)
    return set(item.fixturenames) - set(callspec.params if callspec else ())


def test_no_test_chosen_as_database_free_uses_the_app_or_a_database(request):
    items = request.session.items
    free = [item for item in items if item.get_closest_marker(database_free.MARKER)]
    for item in free:
        assert not DATABASE_FIXTURES & fixtures_of(item), item.nodeid
        source = Path(str(item.fspath)).read_text()
        assert not APP_OR_DATABASE.search(source), item.nodeid
    # And a test that asks for the app or a database, or drives the browser, never is (an API
    # module's check that its example cases are there may be: it reads a file, nothing more).
    for item in items:
        if DATABASE_FIXTURES & fixtures_of(item) or "browser" in Path(str(item.fspath)).parts:
            assert not item.get_closest_marker(database_free.MARKER), item.nodeid


def test_the_choice_reads_what_a_module_imports():
    free = database_free.module_is_database_free
    tests = database_free.ROOT / "tests"
    assert free(tests / "test_core_freecell.py")
    assert free(database_free.ROOT / "referee" / "core" / "games" / "freecell" / "solver.py")
    assert not free(tests / "test_backups.py")  # makes apps of its own
    assert not free(tests / "test_web_freecell.py")  # through tests.test_web_games
    assert not free(database_free.ROOT / "referee" / "store" / "freecell.py")


def test_a_database_free_test_that_makes_an_app_or_connects_is_caught():
    with database_free.Watch() as watch:
        Flask("not-the-referee")
        create_engine("sqlite://").connect().close()
    assert watch.seen == ["a Flask app was made", "a database connection was opened"]
    with database_free.Watch() as quiet:
        sum(range(10))
    assert quiet.seen == []


def test_the_postgresql_run_leaves_the_browser_journeys_to_sqlite_but_those_marked_for_both():
    """Collected as dev.py's PostgreSQL run collects (no server needed to collect)."""
    import os
    import subprocess
    import sys

    chosen = ["tests/browser/test_game_screens.py", "tests/browser/test_freecell.py"]
    environment = {**os.environ, database_free.ENVIRONMENT: "elsewhere",
                   "TEST_DATABASE_URL": "postgresql://nobody@127.0.0.1:9/not-connected"}
    listed = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:randomly",
                             "-p", "no:cacheprovider", *chosen], cwd=database_free.ROOT,
                            env=environment, capture_output=True, text=True, check=True).stdout
    kept = {line.split("::")[0] for line in listed.splitlines() if "::" in line}
    assert kept == {"tests/browser/test_game_screens.py"}
    assert re.search(r"browser journeys: [1-9]\d* of them left to the SQLite run", listed)
