"""Which tests use no database at all, so the PostgreSQL run need not run them again.

``python3 dev.py test`` runs the suite on SQLite and on PostgreSQL. A test of the pure rules
core (its doctests, its property tests, text checks) answers the same on both: the second run
would only repeat it. dev.py sets ``REFEREE_TEST_DATABASE_FREE=elsewhere`` for the PostgreSQL
run when the SQLite run runs too, and then those tests are deselected there (the run's header
says how many). Run pytest yourself with TEST_DATABASE_URL and every test runs.

A test counts as database-free only when both hold:

- no fixture it uses reaches ``test_database`` (``app``, ``client``, ``rules_app``, ``ask``,
  ``live_server``, ``empty_database_uri`` all do), and
- its module imports nothing but the standard library, pytest, hypothesis, openskill, the rules
  core (``referee.core``) and other test modules that pass the same check (``tests.conftest``, the
  fixtures' home, aside): no Flask, no SQLAlchemy, no ``referee.store``, no ``create_app``.

On the SQLite run each database-free test is also watched while it runs: a Flask app made or
a database connection opened fails it (``watch``), so a test that slips past the static check
is caught the first time it runs, not silently dropped from the PostgreSQL run.

The browser journeys (tests/browser/) are left to the SQLite run too, all but those marked
``both_databases``. What a journey asks of the database is what the screens' HTTP tests ask of
it, and those run on both; a journey on PostgreSQL as well would double the suite's slowest part
to prove again the browser's side, which does not change with the database. The journeys marked
to run on both (a whole game with a TV following it, referee mode followed on three devices)
keep the live server's threads, polls and concurrent writers tested against a real PostgreSQL.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

ENVIRONMENT = "REFEREE_TEST_DATABASE_FREE"  # "elsewhere": deselect them (the PostgreSQL run)
MARKER = "database_free"
ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
# The browser journeys the PostgreSQL run runs too (pytestmark in their module).
BOTH_DATABASES = "both_databases"
# What a database-free module may import besides the standard library and other tests.
# openskill: the rating model the rules core rates with (core/history), as pure as the core.
ALLOWED = {"pytest", "hypothesis", "_pytest", "openskill"}
ALLOWED_REFEREE = "referee.core"
# The module every test imports implicitly for its fixtures; its helpers that need the app
# take a client or a fixture, which the fixture check below sees.
FIXTURES_HOME = "tests.conftest"


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _absolute(module: str, node: ast.ImportFrom) -> str:
    """The absolute name a ``from`` import names, relative ones resolved against ``module``."""
    if not node.level:
        return node.module or ""
    package = module.split(".")[:-node.level]
    return ".".join(package + ([node.module] if node.module else []))


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, by absolute name (``from a import b`` gives a and a.b)."""
    module = _module_name(path)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


@cache
def module_is_database_free(path: Path) -> bool:
    """Whether the module at ``path`` imports only what a database-free test may."""
    for name in imported(path):
        top = name.split(".")[0]
        if name == FIXTURES_HOME or name.startswith(FIXTURES_HOME + ".") or name == "__future__":
            continue
        if top == "referee":
            if not (name == ALLOWED_REFEREE or name.startswith(ALLOWED_REFEREE + ".")):
                return False
        elif top == "tests":
            other = _test_module_path(name)
            if other is not None and not module_is_database_free(other):
                return False
        elif top not in ALLOWED and top not in sys.stdlib_module_names:
            return False
    return True


def _test_module_path(name: str) -> Path | None:
    """The file of test module ``name`` (or None for a name inside one, like a function)."""
    parts = name.split(".")
    for end in range(len(parts), 1, -1):
        candidate = ROOT.joinpath(*parts[:end]).with_suffix(".py")
        if candidate.exists():
            return candidate
    return None


def item_is_database_free(item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    closure = _closure(item, fixtures)
    if "test_database" in closure:
        return False
    return module_is_database_free(Path(str(item.fspath)).resolve())


def _closure(item, names: set[str]) -> set[str]:
    """The fixtures ``names`` use, and those they use, as the item's session defines them."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return names
    return names | set(info.names_closure)


def is_browser_journey_for_one_database(item) -> bool:
    """A browser test not marked to run on both databases (``BOTH_DATABASES``)."""
    return BROWSER in Path(str(item.fspath)).resolve().parents and (
        item.get_closest_marker(BOTH_DATABASES) is None)


def mark_and_select(config, items) -> None:
    """Mark the database-free tests; on the PostgreSQL run dev.py asks for, deselect them and
    the browser journeys left to the SQLite run."""
    import os

    free = []
    for item in items:
        if item_is_database_free(item):
            item.add_marker(getattr(pytest.mark, MARKER))
            free.append(item)
    browser = [item for item in items if is_browser_journey_for_one_database(item)]
    config.stash[_COUNT] = len(free)
    config.stash[_BROWSER_COUNT] = len(browser)
    if os.environ.get(ENVIRONMENT) == "elsewhere" and os.environ.get("TEST_DATABASE_URL"):
        left = free + browser
        chosen = set(map(id, left))
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if id(item) not in chosen]
        config.stash[_DESELECTED] = True


_COUNT = pytest.StashKey[int]()
_BROWSER_COUNT = pytest.StashKey[int]()
_DESELECTED = pytest.StashKey[bool]()


def collection_line(config) -> str | None:
    """What the run says of them once collected."""
    count = config.stash.get(_COUNT, None)
    if count is None:
        return None
    browser = config.stash.get(_BROWSER_COUNT, 0)
    if config.stash.get(_DESELECTED, False):
        return (f"database-free tests: {count} deselected on this PostgreSQL run (they use no "
                f"database; the SQLite run runs them); browser journeys: {browser} of them "
                f"left to the SQLite run, those marked {BOTH_DATABASES} run here too")
    return (f"database-free tests: {count}, run here (the PostgreSQL run of dev.py skips them, "
            f"and {browser} browser journeys not marked {BOTH_DATABASES})")


class Watch:
    """Fails a database-free test that makes a Flask app or opens a database connection.

    Only the test's own thread is watched: a server thread another test left running (the
    browser tests' waitress) may do either at any time without this test's doing."""

    def __init__(self):
        self.seen: list[str] = []

    def __enter__(self):
        import threading

        from flask import Flask
        from sqlalchemy import event
        from sqlalchemy.pool import Pool

        self._init = Flask.__init__
        watch = self
        ours = threading.get_ident()

        def note(what: str) -> None:
            if threading.get_ident() == ours:
                watch.seen.append(what)

        def init(app, *args, **kwargs):
            note("a Flask app was made")
            return watch._init(app, *args, **kwargs)

        Flask.__init__ = init
        self._connect = lambda *args: note("a database connection was opened")
        event.listen(Pool, "connect", self._connect)
        return self

    def __exit__(self, *exc):
        from flask import Flask
        from sqlalchemy import event
        from sqlalchemy.pool import Pool

        Flask.__init__ = self._init
        event.remove(Pool, "connect", self._connect)
        return False
