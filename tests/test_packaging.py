"""The wheel built from the repo serves the whole app from any folder: built, installed in a new
virtual environment outside the checkout, and started there with ``referee run``.

It works offline, as CI and a developer's machine may be: the wheel is built with this venv's
own setuptools (``--no-build-isolation --no-index``: nothing downloaded), and installed with
``--no-deps --no-index`` into a new venv, which then sees this venv's installed dependencies
through a .pth file. The .pth file is written only after the install, so pip never sees (nor
touches) this venv's packages; and the new venv's own site-packages comes first on sys.path,
so ``referee`` there is the wheel's, never the checkout's (which the instance folder shows:
only an installed app keeps its games in the user's data folder).
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.server_process import ServerProcess
from tests.test_durability import call, free_port

ROOT = Path(__file__).resolve().parent.parent
# What the checkout holds that no build needs: made by tools, or the tests' own.
NOT_BUILT_FROM = (".git", ".venv", "instance", "build", "dist", "*.egg-info", "__pycache__",
                  ".pytest_cache", ".hypothesis", "tests")
# What the app's server reads from its environment, left out so the installed app runs on
# its defaults (the suite's PostgreSQL run sets some of these).
SERVER_SETTINGS = ("DATABASE_URL", "TEST_DATABASE_URL", "SECRET_KEY", "PYTHONPATH",
                   "VIRTUAL_ENV")
ANSWER_WAIT = 60  # seconds: a limit on waiting for an answer, never a pause

pytestmark = pytest.mark.packaging


def setuptools_builds_wheels() -> bool:
    """setuptools 70.1 and later makes wheels itself; before, only with the wheel package."""
    try:
        import setuptools
    except ImportError:
        return False
    major, minor = (int(part) for part in setuptools.__version__.split(".")[:2])
    if (major, minor) >= (70, 1):
        return True
    try:
        import wheel  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The ``referee`` command of a new venv outside the checkout, with the wheel installed."""
    if not setuptools_builds_wheels():
        reason = ("this venv's setuptools cannot build a wheel offline (it needs 70.1 or "
                  "newer: python3 dev.py test installs it)")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    place = tmp_path_factory.mktemp("packaging")
    # setuptools builds in the source folder (build/, *.egg-info); a copy keeps the checkout
    # clean and the suite's two runs at once apart.
    source = place / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_BUILT_FROM))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir",
         str(place / "wheels"), str(source)])
    (wheel,) = (place / "wheels").glob("rummy_referee-*.whl")

    environment = place / "venv"
    venv.EnvBuilder(with_pip=False).create(environment)
    python = environment / "bin" / "python"
    run([*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)])
    own = Path(sysconfig.get_path("purelib", vars={"base": str(environment),
                                                   "platbase": str(environment)}))
    # Where this interpreter finds installed packages (never the checkout itself).
    shared = dict.fromkeys(entry for entry in sys.path
                           if Path(entry).name in ("site-packages", "dist-packages"))
    (own / "dependencies-from-the-test-venv.pth").write_text("".join(f"{entry}\n"
                                                                     for entry in shared))
    return environment / "bin" / "referee"


def run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"


class Served(ServerProcess):
    """``referee run`` of the installed app in a folder of its own, with a home and data
    folder of its own."""

    def __init__(self, command: Path, place: Path):
        self.data_home = place / "data"
        elsewhere = place / "elsewhere"
        elsewhere.mkdir()
        environment = {name: value for name, value in os.environ.items()
                       if name not in SERVER_SETTINGS and not name.startswith("REFEREE_")}
        environment.update(HOME=str(place / "home"), XDG_DATA_HOME=str(self.data_home))
        port = free_port()
        super().__init__([str(command), "run", "--host", "127.0.0.1", "--port", str(port)],
                         port, place / "server.log", elsewhere, environment)

    def page(self, path: str) -> tuple[int, dict, bytes]:
        """A GET's status, headers and body as sent (``call`` reads only JSON)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=ANSWER_WAIT)
        try:
            connection.request("GET", path)
            answer = connection.getresponse()
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
        finally:
            connection.close()


@pytest.fixture
def served(installed, tmp_path):
    server = Served(installed, tmp_path)
    server.start()
    yield server
    server.stop()


def test_the_installed_app_says_where_to_open_it_first_and_keeps_games_in_the_users_data(
        served):
    assert served.said_on_start == [f"Rummy Referee is serving on http://127.0.0.1:{served.port}/"]
    # Nor anything on its errors before it (the new database's migrations once logged there).
    assert served.log.read_text().splitlines()[0] == served.said_on_start[0]
    instance = served.data_home / "rummy-referee"
    assert served.said() == f"Games, backups and the secret key are kept in {instance}"
    assert served.page("/")[0] == 200
    assert (instance / "referee.sqlite3").is_file() and (instance / "secret_key").is_file()


def test_the_installed_app_serves_a_styled_page_the_checker_and_a_kept_game(served):
    status, _, page = served.page("/")
    assert status == 200
    (stylesheet,) = re.findall(r'<link rel="stylesheet" href="(/static/app\.css\?v=\w+)"',
                               page.decode())
    status, headers, css = served.page(stylesheet)
    assert status == 200 and headers["content-type"].startswith("text/css")
    assert "immutable" in headers["cache-control"] and b"{" in css

    status, _, verdict = call(served.port, "POST", "/api/v1/melds/check",
                              {"ruleset": "eversol", "decks": 2,
                               "cards": ["9D", "JK", "7D", "TD"]}, timeout=ANSWER_WAIT)
    assert status == 200 and verdict["valid"] is True

    status, _, game = call(served.port, "POST", "/api/v1/games",
                           {"ruleset": "eversol", "players": ["Abe", "Ben", "Carl"],
                            "first_dealer": "Abe"}, timeout=ANSWER_WAIT)
    assert status == 201, game
    status, _, after = call(
        served.port, "POST", f"/api/v1/games/{game['id']}/events",
        {"expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "went_out": "Ben",
                                          "points": {"Carl": 35, "Abe": 15}}},
        {"X-Edit-Key": game["edit_key"]}, timeout=ANSWER_WAIT)
    assert status == 201, after
    assert after["totals"] == {"Abe": 15, "Ben": 0, "Carl": 35}
