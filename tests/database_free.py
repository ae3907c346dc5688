"""Which tests need running only once, and which of dev.py's two runs runs each of them.

``python3 dev.py test`` runs the suite on SQLite and on PostgreSQL at once, in two pytest
processes on a machine's two cores: the suite takes as long as the longer run. Some tests answer
the same on either database, so each runs in one run only, and the rule below (``share``) says
which; everything else runs in both. dev.py names each run's share in
``REFEREE_TEST_SHARE`` (``sqlite`` or ``postgres``) when it runs both, and each run then
deselects the other's (its header says how many). Run pytest yourself, with or without
TEST_DATABASE_URL, and every test runs.

Database-free tests: those of the pure rules core (its doctests, its property tests, text
checks). They are the SQLite run's, as are the wheel's tests (marker ``packaging``), whose
installed app keeps its games in its own SQLite file whatever the run. A test counts as
database-free only when both hold:

- no fixture it uses reaches ``test_database`` (``app``, ``client``, ``rules_app``, ``ask``,
  ``live_server``, ``empty_database_uri`` all do), and
- its module imports nothing but the standard library, pytest, hypothesis, openskill, the rules
  core (``referee.core``) and other test modules that pass the same check (``tests.conftest``, the
  fixtures' home, aside): no Flask, no SQLAlchemy, no ``referee.store``, no ``create_app``.

On the SQLite run each database-free test is also watched while it runs: a Flask app made or
a database connection opened fails it (``watch``), so a test that slips past the static check
is caught the first time it runs, not silently dropped from the PostgreSQL run.

The browser journeys (tests/browser/), all but those marked ``both_databases``: what a journey
asks of the database is what the screens' HTTP tests ask of it, and those run on both; a
journey on both databases would double the suite's slowest part to prove again the browser's
side, which does not change with the database. They are the suite's slowest part, so they are
what balances the two runs: the journeys of the modules named in ``POSTGRES_JOURNEYS`` are the
PostgreSQL run's, every other journey (a new module too) the SQLite run's. Each journey still
runs whole, on one database. The journeys marked to run on both (a whole game with a TV
following it, referee mode followed on three devices) keep the live server's threads, polls and
concurrent writers tested against a real PostgreSQL, as do those the PostgreSQL run takes.
"""

from __future__ import annotations

import ast
import os
import sys
from functools import cache
from pathlib import Path

import pytest

# Which of dev.py's two runs this is, when it runs both: that run runs only its share of the
# tests that run once.
ENVIRONMENT = "REFEREE_TEST_SHARE"
SQLITE, POSTGRES = "sqlite", "postgres"
MARKER = "database_free"
ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
# The wheel's tests (tests/test_packaging.py): the installed app serves its own default SQLite
# file whatever the run's database, so on PostgreSQL they would repeat the SQLite run's.
PACKAGING = "packaging"
# The browser journeys the PostgreSQL run runs too (pytestmark in their module).
BOTH_DATABASES = "both_databases"
# The browser modules whose journeys are the PostgreSQL run's share: the screens read as every
# player must be able to read them (axe's WCAG checks, the themes' contrast, the TV across the
# room, the tablet app kept awake and offline). Chosen by how long they take (pytest
# --durations; benchmarks/RESULTS.md, "Suite"): about a third of the journeys' time, so that the
# two runs take about as long, the SQLite run having the database-free tests and the other
# journeys besides what both run. Move a module here or back when one run grows much longer.
POSTGRES_JOURNEYS = frozenset({
    "test_accessibility", "test_themes", "test_tv_screens", "test_tablet_app",
})
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


def share(item) -> str | None:
    """The one run that runs ``item`` when dev.py runs both (``SQLITE`` or ``POSTGRES``), or
    None for a test both run. Asked once the database-free tests are marked."""
    if item.get_closest_marker(MARKER) is not None or item.get_closest_marker(PACKAGING):
        return SQLITE
    if is_browser_journey_for_one_database(item):
        return POSTGRES if Path(str(item.fspath)).stem in POSTGRES_JOURNEYS else SQLITE
    return None


def this_run() -> str | None:
    """This run's share, as dev.py names it; None when pytest runs every test. A share that
    does not match the database in use (``postgres`` without TEST_DATABASE_URL) is ignored."""
    named = os.environ.get(ENVIRONMENT)
    database = POSTGRES if os.environ.get("TEST_DATABASE_URL") else SQLITE
    return named if named == database else None


def mark_and_select(config, items) -> None:
    """Mark the database-free tests; on each of the two runs dev.py asks for, deselect the
    tests that are the other run's share."""
    shares = {SQLITE: 0, POSTGRES: 0}
    free = 0
    for item in items:
        if item_is_database_free(item):
            item.add_marker(getattr(pytest.mark, MARKER))
            free += 1
    chosen = {}
    journeys = {SQLITE: 0, POSTGRES: 0}
    for item in items:
        if (taken := share(item)) is not None:
            chosen[id(item)] = taken
            shares[taken] += 1
            journeys[taken] += is_browser_journey_for_one_database(item)
    config.stash[_COUNT] = free
    config.stash[_SHARES] = shares
    config.stash[_JOURNEYS] = journeys
    run = this_run()
    if run is not None:
        left = [item for item in items if chosen.get(id(item), run) != run]
        gone = set(map(id, left))
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if id(item) not in gone]
        config.stash[_RUN] = run


_COUNT = pytest.StashKey[int]()
_SHARES = pytest.StashKey[dict]()
_JOURNEYS = pytest.StashKey[dict]()
_RUN = pytest.StashKey[str]()
NAMES = {SQLITE: "SQLite", POSTGRES: "PostgreSQL"}


def collection_line(config) -> str | None:
    """What the run says of them once collected."""
    shares = config.stash.get(_SHARES, None)
    if shares is None:
        return None
    free, journeys = config.stash[_COUNT], config.stash[_JOURNEYS]
    wheel = shares[SQLITE] - free - journeys[SQLITE]
    split = (f"{free} database-free tests, {wheel} of the wheel's and {journeys[SQLITE]} browser "
             f"journeys for the SQLite run, {journeys[POSTGRES]} browser journeys for the "
             f"PostgreSQL run (tests/database_free.py)")
    run = config.stash.get(_RUN, None)
    if run is None:
        return f"run once when dev.py runs both: {split}; all run here"
    other = POSTGRES if run == SQLITE else SQLITE
    return (f"run once: {split}; this {NAMES[run]} run leaves the {shares[other]} of the "
            f"{NAMES[other]} run to it")


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
