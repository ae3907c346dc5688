"""Fixtures every test can use: an app on a fresh database, and its test client.

The database is SQLite (a new file per test) unless TEST_DATABASE_URL names a
PostgreSQL database (``python3 dev.py test`` sets it for its second run).

Either way each test starts on exactly the schema the Alembic migrations make
from nothing, without paying for the migrations on every test:

- SQLite: the migrations build a template file once per session; each test gets
  a copy of it, and its app does not migrate again (``MIGRATE_ON_START``).
- PostgreSQL: the tests work in a schema of their own (``referee_test``, through
  ``search_path``), migrated once. After a test that changed only rows (and
  sequences) in it, its data tables are emptied (``TRUNCATE ... RESTART
  IDENTITY``); after one that changed the schema itself (its tables, columns,
  indexes, ``alembic_version``...), it is dropped whole and migrated again from
  nothing. Either way its digest (every object, row and sequence) must then
  match the one taken right after the migrations, or it is dropped and migrated.

Tests of the migrations themselves ask for ``empty_database_uri``: an empty
database, with nothing migrated.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from referee import create_app
from referee.extensions import db
from tests import database_free

CASES_FILE = Path(__file__).parent / "cases" / "examples.json"

# Every property test draws the same examples on every run, and keeps none between runs:
# a test's own settings may ask for more or fewer examples, but not for chance.
hypothesis_settings.register_profile("referee", derandomize=True, database=None)
hypothesis_settings.load_profile("referee")

# The PostgreSQL database to test on; unset (or empty) means SQLite.
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL") or None


def examples(count: int) -> int:
    """How many examples a fuzz test that uses the database draws on this run: ``count`` on
    SQLite; on PostgreSQL a quarter of them (at least 10). Drawn derandomized, they are the
    first of the very bodies the SQLite run sends, so the PostgreSQL run still sends each kind
    to every address (its writes, its refusals) without repeating the whole search."""
    return max(10, count // 4) if TEST_DATABASE_URL else count


# --- Which database: SQLite files, or schemas of one PostgreSQL database ----------------------

def redacted(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(a URL SQLAlchemy cannot read)"


def postgres_url(url: str, schema: str | None = None) -> str:
    """The SQLAlchemy URL of ``url`` with the psycopg 3 driver, working in ``schema``."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if schema:
        options = f"{parsed.query.get('options', '')} -csearch_path={schema}".strip()
        parsed = parsed.update_query_dict({"options": options})
    return parsed.render_as_string(hide_password=False)


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


# Everything in a schema that a migration can make, as sorted lines; its md5 is compared.
CATALOG_SQL = """
WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = :schema)
SELECT md5(coalesce(string_agg(line, E'\\n' ORDER BY line), '')),
       (SELECT coalesce(array_agg(relname::text ORDER BY relname), '{}') FROM pg_class
        WHERE relnamespace = (SELECT oid FROM ns) AND relkind IN ('r', 'p'))
FROM (
  SELECT 'rel ' || relname || ' ' || relkind::text AS line
    FROM pg_class WHERE relnamespace = (SELECT oid FROM ns)
  UNION ALL
  SELECT 'col ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
         || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = (SELECT oid FROM ns) AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'con ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = (SELECT oid FROM ns)
  UNION ALL
  SELECT 'idx ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relnamespace = (SELECT oid FROM ns)
  UNION ALL
  SELECT 'type ' || typname || ' ' || coalesce((SELECT string_agg(enumlabel, ',' ORDER BY
         enumsortorder) FROM pg_enum WHERE enumtypid = t.oid), '')
    FROM pg_type t WHERE typnamespace = (SELECT oid FROM ns)
  UNION ALL
  SELECT 'fn ' || proname || ' ' || md5(prosrc) FROM pg_proc
    WHERE pronamespace = (SELECT oid FROM ns)
  UNION ALL
  SELECT 'trg ' || c.relname || ' ' || t.tgname FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = (SELECT oid FROM ns) AND NOT t.tgisinternal
) AS lines
"""
# Where each sequence of the schema stands: part of the schema's data, with the rows.
SEQUENCES_SQL = """
SELECT coalesce(string_agg(sequencename || ' ' || coalesce(last_value::text, '-'), ' '
                           ORDER BY sequencename), '')
  FROM pg_sequences WHERE schemaname = :schema
"""
# The one table the migrations fill: emptying the others leaves it as they left it.
MIGRATIONS_TABLE = "alembic_version"


class PostgresSchema:
    """One schema of the test database, standing in for a whole database."""

    def __init__(self, database: PostgresTestDatabase, name: str):
        self.database = database
        self.name = name
        self.uri = postgres_url(database.url, name)
        self.clean_state: tuple[str, str] | None = None  # as the migrations left it
        self.tables: list[str] = []  # its tables, as the migrations left them
        self.quiet_since: tuple[str, str] | None = None  # the server's write marks, when clean

    def reset(self) -> None:
        """Drop everything in the schema, alembic_version included."""
        self.database.execute(f"DROP SCHEMA IF EXISTS {quoted(self.name)} CASCADE")
        self.database.execute(f"CREATE SCHEMA {quoted(self.name)}")
        self.clean_state = None
        self.quiet_since = None
        self.database.resets += 1

    def catalog(self) -> tuple[str, list[str]]:
        """A digest of the schema's objects, and the names of its tables."""
        from sqlalchemy import text

        digest, tables = self.database.connection.execute(
            text(CATALOG_SQL), {"schema": self.name}).one()
        return digest, list(tables)

    def data(self, tables: list[str]) -> str:
        """A digest of every row of ``tables`` and of where the schema's sequences stand."""
        from sqlalchemy import text

        connection = self.database.connection
        sequences = connection.execute(text(SEQUENCES_SQL), {"schema": self.name}).scalar()
        if not tables:
            return sequences
        rows = " UNION ALL ".join(
            f"SELECT {i} AS n, count(*) || ' ' || md5(coalesce(string_agg(t::text, E'\\n' "
            f"ORDER BY t::text), '')) AS line FROM {quoted(self.name)}.{quoted(table)} AS t"
            for i, table in enumerate(tables))
        data = connection.execute(
            text(f"SELECT md5(string_agg(line, ' ' ORDER BY n)) FROM ({rows}) AS r")).scalar()
        return f"{data} {sequences}"

    def state(self) -> tuple[str, str]:
        """Digests of the schema's objects and of its rows and sequences."""
        catalog, tables = self.catalog()
        return catalog, self.data(tables)

    # The app fixture's three steps.
    def before_app(self) -> tuple[str, bool]:
        """The URI for the test's app, and whether its app must run the migrations."""
        if self.clean_state is None:
            self.reset()
            return self.uri, True
        return self.uri, False

    def after_migrations(self) -> None:
        if self.clean_state is None:
            marks = self.database.write_marks()
            catalog, self.tables = self.catalog()
            self.clean_state = catalog, self.data(self.tables)
            self.quiet_since = marks

    def after_test(self) -> None:
        if self.clean_state is None:
            return
        # Most tests write nothing at all: then the server's WAL position and next
        # transaction id have not moved since the schema was last seen clean, and
        # the digests need not be taken.
        marks = self.database.write_marks()
        if marks == self.quiet_since:
            return
        catalog, tables = self.catalog()
        if catalog != self.clean_state[0] or tables != self.tables:
            self.clean_state = None  # the schema itself changed: migrate from nothing
            return
        if self.data(tables) != self.clean_state[1]:
            emptied = [quoted(self.name) + "." + quoted(t) for t in tables
                       if t != MIGRATIONS_TABLE]
            if emptied:
                self.database.execute(f"TRUNCATE {', '.join(emptied)} RESTART IDENTITY")
                self.database.truncates += 1
            if self.data(tables) != self.clean_state[1]:  # alembic_version was changed
                self.clean_state = None
                return
        self.quiet_since = self.database.write_marks()


class PostgresTestDatabase:
    """The database TEST_DATABASE_URL names, with a session lock on a slot of its own.

    The slot (an advisory lock held for the whole session) names the schemas, so
    two test runs on one database never share a schema; a schema whose slot is
    free is left from a run that ended and may be dropped.
    """

    LOCK_CLASS = 0x52524546  # "RREF"

    def __init__(self, url: str):
        from sqlalchemy import create_engine, text
        from sqlalchemy.pool import NullPool

        self.url = url
        self.engine = create_engine(postgres_url(url), poolclass=NullPool)
        self.connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        self.server_version = self.connection.execute(text("SHOW server_version")).scalar()
        # A reset waits at most this long for a lock a stray connection holds, then fails.
        self.execute("SET lock_timeout = '30s'")
        for slot in range(64):
            if self.connection.execute(text("SELECT pg_try_advisory_lock(:c, :s)"),
                                       {"c": self.LOCK_CLASS, "s": slot}).scalar():
                break
        else:
            raise RuntimeError("64 test sessions already use this database")
        self.prefix = "referee_test" + (f"_{slot}" if slot else "")
        self.schemas: dict[str, PostgresSchema] = {}
        self.resets = 0
        self.truncates = 0

    def execute(self, sql: str) -> None:
        from sqlalchemy import text

        self.connection.execute(text(sql))

    def write_marks(self) -> tuple[str, str]:
        """What moves on any write: the WAL position, and the next transaction id (which
        also moves for writes the WAL does not see, such as to unlogged tables)."""
        from sqlalchemy import text

        return tuple(self.connection.execute(text(
            "SELECT pg_current_wal_insert_lsn()::text,"
            " pg_snapshot_xmax(pg_current_snapshot())::text")).one())

    def schema(self, purpose: str = "") -> PostgresSchema:
        """The schema for one purpose: "" for the app fixture, "live" for the live server."""
        name = f"{self.prefix}_{purpose}" if purpose else self.prefix
        if name not in self.schemas:
            self.schemas[name] = PostgresSchema(self, name)
        return self.schemas[name]

    def close(self) -> None:
        for name in self.schemas:
            try:
                self.execute(f"DROP SCHEMA IF EXISTS {quoted(name)} CASCADE")
            except Exception as error:  # a stray connection's lock: the next run drops it
                print(f"could not drop schema {name}: {error}")
        self.connection.close()  # ends the session, and with it the slot's lock
        self.engine.dispose()


def dispose_engines(app) -> None:
    """Close the app's pooled connections, so the tests do not pile them up on the server."""
    with app.app_context():
        for engine in db.engines.values():
            engine.dispose()


SESSION: dict[str, str] = {}  # what the PostgreSQL session saw, for the summary


@pytest.fixture(scope="session")
def test_database():
    """The PostgreSQL test database, or None when the suite runs on SQLite."""
    if not TEST_DATABASE_URL:
        yield None
        return
    try:
        database = PostgresTestDatabase(TEST_DATABASE_URL)
    except Exception as error:
        pytest.exit(f"TEST_DATABASE_URL={redacted(TEST_DATABASE_URL)} cannot be used: {error}",
                    returncode=3)
    yield database
    SESSION["server"] = database.server_version
    SESSION["resets"] = str(database.resets)
    SESSION["truncates"] = str(database.truncates)
    SESSION["schemas"] = ", ".join(database.schemas)
    database.close()


def empty_database(test_database, folder: Path, purpose: str) -> str:
    """The URI of an empty database: a new SQLite file in ``folder``, or a schema emptied."""
    if test_database is None:
        return f"sqlite:///{folder / ((purpose or 'test') + '.sqlite3')}"
    schema = test_database.schema(purpose)
    schema.reset()
    return schema.uri


@pytest.fixture
def empty_database_uri(tmp_path, test_database):
    """An empty database (no tables, no alembic_version), for tests of the migrations."""
    return empty_database(test_database, tmp_path, "")


APP_CONFIG = {"TESTING": True, "SECRET_KEY": "test-secret"}


@pytest.fixture(scope="session", autouse=True)
def instance_folder(tmp_path_factory):
    """An instance folder of the run's own: what an app writes there (its backups, say) never
    lands in the checkout's instance/, where the developer's own games live."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("instance")
        patch.setenv("REFEREE_INSTANCE_PATH", str(folder))
        yield folder


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory, test_database) -> Path | None:
    """On SQLite, a file the migrations built from nothing, once per session: each test
    that asks for ``app`` gets a copy of it. None on PostgreSQL."""
    if test_database is not None:
        return None
    path = tmp_path_factory.mktemp("migrated") / "template.sqlite3"
    app = create_app(APP_CONFIG | {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    dispose_engines(app)
    return path


@pytest.fixture
def app(tmp_path, test_database, sqlite_template):
    """The app on a database just as the migrations made it: a copy of the migrated SQLite
    file, or the PostgreSQL schema, emptied or migrated again if the last test changed it."""
    schema = test_database.schema() if test_database else None
    if schema:
        uri, migrate = schema.before_app()
    else:
        database_file = tmp_path / "test.sqlite3"
        shutil.copyfile(sqlite_template, database_file)
        uri, migrate = f"sqlite:///{database_file}", False
    app = create_app(APP_CONFIG | {"SQLALCHEMY_DATABASE_URI": uri, "MIGRATE_ON_START": migrate})
    if schema:
        schema.after_migrations()
    yield app
    dispose_engines(app)
    if schema:
        schema.after_test()


def pytest_configure(config):
    config.addinivalue_line("markers", f"{database_free.MARKER}: uses no database, so the "
                            "PostgreSQL run of dev.py leaves it to the SQLite run "
                            "(tests/database_free.py)")
    config.addinivalue_line("markers", f"{database_free.BOTH_DATABASES}: a browser journey both "
                            "runs of dev.py run (tests/database_free.py)")


def pytest_collection_modifyitems(config, items):
    database_free.mark_and_select(config, items)


def pytest_report_collectionfinish(config, start_path, items):
    return database_free.collection_line(config)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A database-free test that makes an app or opens a connection fails: the PostgreSQL run
    would have left a test that uses the database to the SQLite run alone."""
    if item.get_closest_marker(database_free.MARKER) is None:
        return (yield)
    with database_free.Watch() as watch:
        result = yield
    if watch.seen:
        raise AssertionError(f"this test is taken to use no database ({database_free.__name__}"
                             f"), but {watch.seen[0]}: the PostgreSQL run would skip it")
    return result


def pytest_report_header(config):
    if TEST_DATABASE_URL:
        lines = [f"database: PostgreSQL, TEST_DATABASE_URL={redacted(TEST_DATABASE_URL)}"]
    else:
        lines = ["database: SQLite, a new file per test, copied from one migrated once "
                 "(TEST_DATABASE_URL is not set)"]
    if database_free.this_run() is not None:
        lines.append("database: one of dev.py's two runs; the tests that run once are shared "
                     "between them (tests/database_free.py; the counts follow collection)")
    return lines


def pytest_terminal_summary(terminalreporter):
    for line in pytest_report_header(terminalreporter.config):
        terminalreporter.write_line(line)
    if SESSION:
        terminalreporter.write_line(
            f"database: PostgreSQL {SESSION['server']}, schemas {SESSION['schemas']}; "
            f"emptied and migrated from nothing {SESSION['resets']} times, "
            f"rows emptied {SESSION['truncates']} times")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def rules_app(tmp_path_factory, test_database):
    """One app for the whole session, for the questions that keep nothing: the rules API
    (melds, contracts, arrangements, scores, the rulesets and the OpenAPI document). Building
    an app costs more than answering such a question; ``app`` stays one app per test.

    Its database is one of its own (a new SQLite file, or a schema of the PostgreSQL test
    database), migrated once; at the end of the session every table must still be empty.
    """
    from sqlalchemy import func, select

    folder = tmp_path_factory.mktemp("rules")
    rules = create_app(APP_CONFIG | {
        "SQLALCHEMY_DATABASE_URI": empty_database(test_database, folder, "rules")})
    yield rules
    with rules.app_context():
        kept = {table.name: count for table in db.metadata.sorted_tables
                if (count := db.session.execute(select(func.count()).select_from(table)).scalar())}
    dispose_engines(rules)
    assert not kept, f"questions asked through rules_client kept rows: {kept}"


@pytest.fixture
def rules_client(rules_app):
    """A test client of ``rules_app``, for tests that only ask the rules API questions."""
    return rules_app.test_client()


@pytest.fixture(scope="module")
def openapi_document(rules_app):
    """The OpenAPI document, read once per test module."""
    from tests.test_api import openapi  # a test module of its own: imported when asked
    return openapi(rules_app.test_client())


@pytest.fixture
def ask(rules_client, openapi_document):
    """POST a question and check the answer, whatever its status, against the document."""
    from tests.test_api import response_schema, schema_errors

    def asking(path: str, body: dict):
        response = rules_client.post(path, json=body)
        schema = response_schema(openapi_document, path, "post", response.status_code)
        assert schema_errors(openapi_document, schema, response.get_json()) == []
        return response
    return asking


@pytest.fixture(scope="session")
def freecell_answers() -> dict:
    """FreeCell's solver's answers this session, by (position, budget, supermoves)."""
    return {}


@pytest.fixture
def freecell_solved_once(monkeypatch, freecell_answers):
    """The API and the screens ask FreeCell's solver the same questions (proving game 11,982
    has no solution takes seconds): each is searched once a session, by the real solver with the
    budget the app passes, and a repeat gets that answer. A test may ask ahead (the fixture
    is the asker), so that a page's answer waits on no search however busy the machine."""
    from referee.api import freecell as api_freecell
    from referee.core.games.freecell import solve
    from referee.web.questions import freecell as web_freecell

    def solve_once(position, budget, supermoves=True):
        key = (position, budget, supermoves)
        if key not in freecell_answers:
            freecell_answers[key] = solve(position, budget, supermoves)
        return freecell_answers[key]

    for module in (api_freecell, web_freecell):
        monkeypatch.setattr(module, "solve", solve_once)
    return solve_once


def api_cases(path_prefix: str) -> list[dict]:
    """The example API cases (a copy of the spec's examples) under one path."""
    cases = json.loads(CASES_FILE.read_text())
    return [case for case in cases if case["path"].startswith(path_prefix)]


def post(client, path, body):
    return client.post(path, json=body)


def assert_error(response, status, code, field=None):
    """The API's error answer: the status, the one JSON shape, the code and field."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    error = response.get_json()["error"]
    assert set(error) == {"code", "message", "field"}
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    if field is not None:
        assert error["field"] == field
    return error


def check_example(client, case) -> None:
    """One example case: its status, and each expected field (``kinds`` as a set)."""
    response = post(client, case["path"], case["request"])
    assert response.status_code == case["status"], response.get_data(as_text=True)
    body = response.get_json()
    for name, expected in case["expect"].items():
        if name == "kinds":
            assert set(body[name]) == set(expected)
        else:
            assert body[name] == expected, name
    if case["status"] == 422:
        assert set(body["error"]) == {"code", "message", "field"}


def web_or_database_imports(package: Path) -> dict[str, set[str]]:
    """The modules of ``package`` (and its packages) that import Flask or a database, with what
    they import: a rules core must answer without either."""
    found: dict[str, set[str]] = {}
    for module in sorted(package.rglob("*.py")):
        tree = ast.parse(module.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {node.module or "" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        bad = {name for name in imported
               if name.split(".")[0] in {"flask", "sqlalchemy", "flask_sqlalchemy"}}
        if bad:
            found[module.name] = bad
    return found
