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


def collected(share: str, *modules: str) -> tuple[set[str], str]:
    """The modules of ``modules`` whose tests dev.py's ``share`` run keeps, and what its
    collection says (collected only: no server needed)."""
    import os
    import subprocess
    import sys

    environment = {k: v for k, v in os.environ.items()
                   if k not in ("TEST_DATABASE_URL", database_free.ENVIRONMENT)}
    environment[database_free.ENVIRONMENT] = share
    if share == database_free.POSTGRES:
        environment["TEST_DATABASE_URL"] = "postgresql://nobody@127.0.0.1:9/not-connected"
    listed = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:randomly",
                             "-p", "no:cacheprovider", *modules], cwd=database_free.ROOT,
                            env=environment, capture_output=True, text=True, check=True).stdout
    return {line.split("::")[0] for line in listed.splitlines() if "::" in line}, listed


def test_each_journey_runs_on_one_database_and_those_marked_for_both_on_both():
    """The browser journeys are shared between dev.py's two runs by module; the database-free
    tests and the wheel's are the SQLite run's; the rest run in both."""
    postgres = "tests/browser/" + sorted(database_free.POSTGRES_JOURNEYS)[0] + ".py"
    sqlite = next(f"tests/browser/{path.name}" for path in sorted(database_free.BROWSER.glob(
        "test_*.py")) if path.stem not in database_free.POSTGRES_JOURNEYS
        and database_free.BOTH_DATABASES not in path.read_text())
    both, core, web, wheel = ("tests/browser/test_game_screens.py", "tests/test_core_freecell.py",
                              "tests/test_web_freecell.py", "tests/test_packaging.py")
    chosen = [both, postgres, sqlite, core, web, wheel]
    on_sqlite, said = collected(database_free.SQLITE, *chosen)
    assert on_sqlite == {both, sqlite, core, web, wheel}
    assert re.search(r"this SQLite run leaves the [1-9]\d* of the PostgreSQL run to it", said)
    on_postgres, said = collected(database_free.POSTGRES, *chosen)
    assert on_postgres == {both, postgres, web}
    assert re.search(r"this PostgreSQL run leaves the [1-9]\d* of the SQLite run to it", said)


def test_the_journeys_for_postgresql_are_named_by_modules_there_are():
    for name in database_free.POSTGRES_JOURNEYS:
        module = database_free.BROWSER / f"{name}.py"
        assert module.exists(), name
        assert database_free.BOTH_DATABASES not in module.read_text(), name  # both run it
