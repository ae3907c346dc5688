#!/usr/bin/env python3
"""Set up and run Rummy Referee from a fresh checkout, with nothing but python3.

    python3 dev.py run     # serve the app on this machine's network (port 8000)
    python3 dev.py test    # run every test, browser tests included, on SQLite then PostgreSQL

Both make ./.venv and install the project into it when pyproject.toml has
changed: ``run`` only what serving needs, ``test`` its test tools too (the
``test`` extra). ``test`` also installs Debian's chromium when it is missing and this
machine can (root with apt-get), because the browser tests drive it; on a
developer machine without it those tests skip, but in CI (CI=true) they fail.

``test`` runs the whole suite twice: on SQLite and on PostgreSQL, both at once,
each in a pytest process of its own (the SQLite run's output is shown as it
goes, the PostgreSQL run's after it, whole). The PostgreSQL server is the one
TEST_DATABASE_URL (or else a postgres DATABASE_URL) names; without one, dev.py
starts a throwaway server of its own on a free loopback port, from Debian's
postgresql package, installing that package when it is missing and this
machine can (root with apt-get; one apt-get run installs chromium and
postgresql together, while the venv is made). Where there is no server to be
had the PostgreSQL run is skipped, except in CI, where that is a failure.
``test --sqlite-only`` (or REFEREE_TEST_SQLITE_ONLY=1) runs only the first
run, ``test --postgres-only`` only the second; any other arguments go to
pytest, in both runs.

When both run, the tests that answer the same on either database run in one of them
only, as tests/database_free.py chooses: the tests that use no database (the rules core's
tests and doctests, its property tests, text checks: the ``database_free`` marker) run on
SQLite; the browser journeys not marked ``both_databases`` (their database work is the HTTP
tests', which run on both) are split between the two runs by module, so that the runs take
about as long (``POSTGRES_JOURNEYS``). dev.py names each run's share in REFEREE_TEST_SHARE;
each run's header says how many it left to the other. ``--sqlite-only`` and
``--postgres-only`` run every test. On PostgreSQL the fuzz tests that use the
database draw a quarter of the SQLite run's examples (``examples`` in tests/conftest.py).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed-from"
# pyproject.toml's optional dependencies that ``test`` installs besides the app's own.
TEST_EXTRAS = ("test",)
CHROMIUM = Path("/usr/bin/chromium")
IN_CI = os.environ.get("CI") == "true"

# The variable tests/conftest.py reads: when set, the tests use this PostgreSQL database.
TEST_DATABASE_URL = "TEST_DATABASE_URL"
# "sqlite" or "postgres": which of the two runs this is, when both run; each runs only its share
# of the tests that need running once (tests/database_free.py).
SHARE = "REFEREE_TEST_SHARE"
# dev.py's own PostgreSQL server: one per user of this machine, kept between runs.
PG_HOME = Path(tempfile.gettempdir()) / f"rummy-referee-postgres-{getattr(os, 'getuid', int)()}"
PG_ROLE = "referee_test"
# One database per checkout, so two clones on one machine never share tables.
PG_DATABASE = "referee_test_" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:8]


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def can_apt_install() -> bool:
    return bool(shutil.which("apt-get")) and is_root()


def apt_install(packages: list[str]) -> None:
    """One ``apt-get update`` and one ``apt-get install`` for all of ``packages``."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *packages], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def ensure_venv(extras: tuple[str, ...] = ()) -> None:
    """The project in .venv, editable, with its dependencies and those of ``extras`` (``run``
    asks for none: serving needs no test tools), installed again when pyproject.toml changes.

    The stamp names the pyproject.toml it was installed from and the extras installed with it.
    """
    if not (BIN / "python").exists():
        say("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = STAMP.read_text().split() if STAMP.exists() else []
    had = set(stamp[1:])
    if stamp[:1] == [wanted] and had.issuperset(extras):
        return
    extras = tuple(sorted(had.union(extras)))  # keep what a test run installed up to date
    say(f"installing the project{' and its test tools' if extras else ''} into .venv")
    pip = [str(BIN / "python"), "-m", "pip", "--disable-pip-version-check"]
    target = f"{ROOT}[{','.join(extras)}]" if extras else str(ROOT)
    subprocess.run([*pip, "install", "--quiet", "-e", target], check=True)
    STAMP.write_text(" ".join([wanted, *extras]))


class DebianPackages:
    """Installs the Debian packages ``test`` needs that are missing, in the background.

    Chromium for the browser tests, and postgresql when the PostgreSQL run has no server
    named and no server programs here: one ``apt-get update`` and one ``apt-get install``
    for both, while the venv is made. Only as root with apt-get; otherwise each is reported.
    """

    def __init__(self, postgres: bool):
        self.missing: list[str] = []
        if not CHROMIUM.exists():
            if can_apt_install():
                self.missing.append("chromium")
            else:
                say("Debian's chromium is missing and cannot be installed here: "
                    "browser tests will skip")
        if postgres and postgres_bindir() is None and can_apt_install():
            try:
                named = given_postgres_url()
            except NoPostgres:
                named = None  # postgres_url() says what is wrong with it
            if named is None:
                self.missing.append("postgresql")
        self.error: str | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        if not self.missing:
            return
        say(f"installing Debian's {' and '.join(self.missing)} with apt-get")
        self.thread = threading.Thread(target=self._install, daemon=True)
        self.thread.start()

    def _install(self) -> None:
        try:
            apt_install(self.missing)
        except (subprocess.CalledProcessError, OSError) as error:
            self.error = str(error)

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()
            self.thread = None
            if self.error:
                say(f"apt-get could not install {' and '.join(self.missing)}: {self.error}")


# --- PostgreSQL -------------------------------------------------------------------------------


class NoPostgres(Exception):
    """Why there is no PostgreSQL server for the second run."""


def redact(url: str) -> str:
    """The URL without its password, fit to print."""
    scheme, sep, rest = url.partition("://")
    userinfo, at, host = rest.rpartition("@")
    if not at or ":" not in userinfo:
        return url
    return f"{scheme}{sep}{userinfo.split(':', 1)[0]}:***@{host}"


def given_postgres_url() -> tuple[str, str] | None:
    """A server the developer named: TEST_DATABASE_URL, else a postgres DATABASE_URL."""
    for name in (TEST_DATABASE_URL, "DATABASE_URL"):
        url = os.environ.get(name, "")
        if url.startswith(("postgres://", "postgresql://", "postgresql+")):
            return url, name
        if url and name == TEST_DATABASE_URL:
            raise NoPostgres(f"{TEST_DATABASE_URL} is set but is not a postgresql:// URL: {url!r}")
    return None


def postgres_bindir() -> Path | None:
    """Where pg_ctl and initdb are: Debian's newest /usr/lib/postgresql/N/bin, else PATH."""
    def major(pg_ctl: Path) -> int:
        name = pg_ctl.parent.parent.name
        return int(name) if name.isdigit() else 0

    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=major)
    candidates = [p.parent for p in reversed(debian)]
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for bindir in candidates:
        if all((bindir / tool).exists() for tool in ("pg_ctl", "initdb", "psql")):
            return bindir
    return None


class LocalPostgres:
    """A throwaway cluster in the system temp folder, on a free loopback port.

    It belongs to the user running dev.py, or to ``postgres`` when that is root
    (PostgreSQL refuses to run as root). Only loopback TCP with a password and a
    Unix socket inside its own 0700 folder reach it. It is left running, so the
    next ``dev.py test`` finds it; removing the folder (after ``pg_ctl stop``)
    resets it.
    """

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.home = PG_HOME
        self.data = self.home / "data"
        self.log = self.home / "server.log"
        self.password_file = self.home / "password"
        self.run_as: dict = {}
        if is_root():
            import pwd

            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                raise NoPostgres("running as root, but there is no 'postgres' user "
                                 "to run the server as") from None
            self.run_as = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": [],
                           "env": {**os.environ, "HOME": account.pw_dir, "USER": "postgres",
                                   "LOGNAME": "postgres"}}
            self.owner = account.pw_uid
        else:
            self.owner = os.getuid()

    def tool(self, name: str, *args: str, check: bool = True, capture: bool = False):
        return subprocess.run([str(self.bindir / name), *args], cwd=self.home, check=check,
                              text=True, capture_output=capture, **self.run_as)

    def psql(self, port: int, sql: str) -> str:
        done = self.tool("psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1",
                         "-h", str(self.home), "-p", str(port), "-d", "postgres", "-c", sql,
                         capture=True, check=False)
        if done.returncode != 0:
            raise NoPostgres(f"psql failed on the local server: {done.stderr.strip()}")
        return done.stdout.strip()

    def prepare_home(self) -> None:
        if is_root():  # the server runs as postgres, which must reach its folder
            for folder in self.home.parents:
                if not folder.stat().st_mode & 0o001:
                    raise NoPostgres(f"the postgres user cannot enter {folder} (the temp folder "
                                     "is taken from TMPDIR; unset it or set it to /tmp)")
        if self.home.exists():
            if self.home.is_symlink() or self.home.stat().st_uid != self.owner:
                raise NoPostgres(f"{self.home} exists but belongs to someone else; remove it")
        else:
            self.home.mkdir(mode=0o700)
            if is_root():
                os.chown(self.home, self.owner, -1)
        self.home.chmod(0o700)
        if not self.password_file.exists():
            self.password_file.write_text(secrets.token_hex(16))
            self.password_file.chmod(0o600)
            if is_root():
                os.chown(self.password_file, self.owner, -1)

    def major(self) -> str:
        out = self.tool("pg_ctl", "--version", capture=True).stdout  # pg_ctl (PostgreSQL) 15.18
        return out.split()[-1].split(".")[0]

    def initdb_if_needed(self) -> None:
        version_file = self.data / "PG_VERSION"
        if version_file.exists() and version_file.read_text().strip() == self.major():
            return
        if self.data.exists():
            say(f"removing {self.data}: not a usable PostgreSQL {self.major()} cluster")
            shutil.rmtree(self.data)
        say(f"creating a PostgreSQL {self.major()} cluster in {self.data}")
        # Local socket: the server's own OS user only; TCP: passwords only.
        self.tool("initdb", "-D", str(self.data), "--auth-local=peer",
                  "--auth-host=scram-sha-256", "--encoding=UTF8", "--locale=C.UTF-8",
                  capture=True)
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                "\n# dev.py: a throwaway server for the tests\n"
                "listen_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.home}'\n"
                "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
                "max_connections = 200\n"
            )

    def running_port(self) -> int | None:
        status = self.tool("pg_ctl", "status", "-D", str(self.data), check=False, capture=True)
        if status.returncode != 0:
            return None
        lines = (self.data / "postmaster.pid").read_text().splitlines()
        # After a restart the pid of a server long gone may belong to another program.
        comm = Path(f"/proc/{lines[0].strip()}/comm")
        if comm.exists() and comm.read_text().strip() not in ("postgres", "postmaster"):
            return None
        return int(lines[3])  # the fourth line is the port

    def start(self) -> int:
        port = self.running_port()
        if port is not None:
            say(f"PostgreSQL is already running in {self.data} on 127.0.0.1:{port}")
            return port
        (self.data / "postmaster.pid").unlink(missing_ok=True)  # left by a killed server
        for _attempt in range(3):
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            say(f"starting PostgreSQL in {self.data} on 127.0.0.1:{port}")
            started = self.tool("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log),
                                "-w", "-t", "60", "-o", f"-p {port}", check=False, capture=True)
            if started.returncode == 0:
                return port
        tail = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
        raise NoPostgres(f"pg_ctl could not start the server; {self.log} ends:\n{tail}")

    def ensure_database(self, port: int) -> str:
        password = self.password_file.read_text().strip()
        role_sql = f"LOGIN PASSWORD '{password}'"
        if self.psql(port, f"SELECT 1 FROM pg_roles WHERE rolname = '{PG_ROLE}'"):
            self.psql(port, f"ALTER ROLE {PG_ROLE} {role_sql}")
        else:
            self.psql(port, f"CREATE ROLE {PG_ROLE} {role_sql}")
        if not self.psql(port, f"SELECT 1 FROM pg_database WHERE datname = '{PG_DATABASE}'"):
            say(f"creating database {PG_DATABASE} owned by {PG_ROLE}")
            self.psql(port, f"CREATE DATABASE {PG_DATABASE} OWNER {PG_ROLE}")
        return f"postgresql://{PG_ROLE}:{password}@127.0.0.1:{port}/{PG_DATABASE}"

    def url(self) -> str:
        self.prepare_home()
        self.initdb_if_needed()
        return self.ensure_database(self.start())


def postgres_url() -> str:
    """The URL of the PostgreSQL database for the second run; NoPostgres says why there is none."""
    given = given_postgres_url()
    if given:
        url, name = given
        say(f"PostgreSQL run: using the server {name} names")
        return url
    bindir = postgres_bindir()
    if bindir is None:
        if not can_apt_install():
            raise NoPostgres("no PostgreSQL server programs here (Debian's postgresql package), "
                             f"not root to install them, and no {TEST_DATABASE_URL} given")
        raise NoPostgres("Debian's postgresql did not install: found no pg_ctl/initdb/psql")
    try:
        return LocalPostgres(bindir).url()
    except subprocess.CalledProcessError as error:
        detail = (error.stderr or "").strip()
        raise NoPostgres(f"{shlex.join(map(str, error.cmd))} failed: {detail}") from None
    except OSError as error:
        raise NoPostgres(f"could not set up the local server: {error}") from None


# --- commands ---------------------------------------------------------------------------------


def run(args: list[str]) -> int:
    ensure_venv()
    return subprocess.call([str(BIN / "referee"), "run", *args], cwd=ROOT)


class PytestRun:
    """One run of the suite in a pytest process of its own, on one database."""

    def __init__(self, database: str, label: str, args: list[str], database_url: str | None,
                 share: str | None = None):
        self.database = database
        self.label = label
        self.args = args
        self.env = {k: v for k, v in os.environ.items()
                    if k not in (TEST_DATABASE_URL, SHARE)}
        if database_url:
            self.env[TEST_DATABASE_URL] = database_url
        if share:
            self.env[SHARE] = share
        self.where = f", at {redact(database_url)}" if database_url else ""
        self.process: subprocess.Popen | None = None
        self.log: Path | None = None
        self.started = self.seconds = 0.0

    def start(self, log: Path | None = None) -> None:
        """Start pytest, writing to the terminal, or to ``log`` (shown later by ``follow``)."""
        command = [str(BIN / "python"), "-m", "pytest", *self.args]
        output = None
        if log is not None:
            self.log = log
            output = log.open("wb")
            if sys.stdout.isatty() and not any(a.startswith("--color") for a in self.args):
                command.append("--color=yes")  # shown on this terminal later, as if live
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=output,
                                        stderr=subprocess.STDOUT if output else None)
        if output is not None:
            output.close()  # the child has its own copy

    def follow(self) -> None:
        """Copy the run's log to the terminal, from the start, until the run ends."""
        with self.log.open("rb") as log:
            while True:
                chunk = log.read(1 << 16)
                if chunk:
                    sys.stdout.buffer.write(chunk)
                    sys.stdout.flush()
                elif self.process.poll() is not None:
                    break
                else:
                    time.sleep(0.2)

    def wait(self) -> int:
        code = self.process.wait()
        if not self.seconds:
            self.seconds = time.monotonic() - self.started
        return code

    def watch_end(self) -> None:
        """Note the end time as soon as the process ends, while another run is shown."""
        def waiter() -> None:
            self.process.wait()
            self.seconds = time.monotonic() - self.started
        threading.Thread(target=waiter, daemon=True).start()

    def outcome(self, code: int) -> str:
        verdict = "passed" if code == 0 else f"FAILED (pytest exit {code})"
        return f"{verdict} in {self.seconds:.0f}s{self.where}"


def test(args: list[str]) -> int:
    sqlite = "--postgres-only" not in args
    postgres = "--sqlite-only" not in args and os.environ.get("REFEREE_TEST_SQLITE_ONLY") != "1"
    args = [a for a in args if a not in ("--sqlite-only", "--postgres-only")]
    packages = DebianPackages(postgres)
    packages.start()  # apt-get works while pip does
    ensure_venv(TEST_EXTRAS)
    packages.wait()

    url, why_not = None, None
    if postgres:
        try:
            url = postgres_url()
        except NoPostgres as reason:
            why_not = str(reason)
        except (subprocess.CalledProcessError, OSError) as error:
            why_not = f"setting up PostgreSQL failed: {error}"
        if why_not:
            say(f"no PostgreSQL run ({'CI fails without it' if IN_CI else 'skipped'}): {why_not}")
    runs: list[PytestRun] = []
    # Both at once: the tests that answer the same on either database are shared out, each
    # run's own share only (tests/database_free.py).
    both = sqlite and url is not None
    if sqlite:
        mine = (", with the tests that use no database and its share of the browser journeys"
                if both else "")
        runs.append(PytestRun("SQLite", f"run 1: the suite on SQLite (a new file per test){mine}",
                              args, None, share="sqlite" if both else None))
    if url is not None:
        less = (", less the tests that use no database and the SQLite run's browser journeys"
                if both else "")
        runs.append(PytestRun("PostgreSQL",
                              f"run 2: the suite on PostgreSQL at {redact(url)}{less}",
                              args, url, share="postgres" if both else None))

    # The import layers (pyproject.toml's contracts) first: seconds, and a broken layer is
    # worth knowing before the suite's minutes.
    layers = subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=ROOT).returncode
    started = time.monotonic()
    codes: list[int] = []
    if len(runs) == 2:
        # Both at once, each in its own process (their PostgreSQL schemas, live servers and
        # files are their own): the first shown as it runs, the second's output kept apart
        # and shown after it, from its start.
        first, second = runs
        say("run 1 and run 2 at once; run 2's output follows run 1's")
        with tempfile.TemporaryDirectory(prefix="rummy-referee-test-") as folder:
            second.start(Path(folder) / "run-2.log")
            second.watch_end()
            say(f"===== {first.label} =====")
            first.start()
            codes.append(first.wait())
            say(f"{first.database}: {first.outcome(codes[0])}")
            say(f"===== {second.label} =====")
            second.follow()
            codes.append(second.wait())
    else:
        for run in runs:
            say(f"===== {run.label} =====")
            run.start()
            codes.append(run.wait())

    results = [(run.database, run.outcome(code)) for run, code in zip(runs, codes)]
    results.append(("Import layers", "kept" if layers == 0 else "BROKEN (lint-imports, above)"))
    failed = any(codes) or layers != 0
    if postgres and url is None:
        if IN_CI:
            results.append(("PostgreSQL", f"FAILED: CI must run it, but {why_not}"))
            failed = True
        else:
            results.append(("PostgreSQL", f"skipped: {why_not}"))
    elif not postgres:
        results.append(("PostgreSQL", "not run (--sqlite-only / REFEREE_TEST_SQLITE_ONLY=1)"))
    for database, outcome in results:
        say(f"{database}: {outcome}")
    if len(runs) == 2:
        say(f"both runs took {time.monotonic() - started:.0f}s at once")
    return 1 if failed else 0


def main() -> int:
    commands = {"run": run, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
