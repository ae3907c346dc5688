#!/usr/bin/env python3
"""Set up and run Rummy Referee from a fresh checkout, with nothing but python3.

    python3 dev.py run     # serve the app on this machine's network (port 8000)
    python3 dev.py test    # run every test, browser tests included

Both make ./.venv and install the project into it when pyproject.toml has
changed. ``test`` also installs Debian's chromium when it is missing and this
machine can (root with apt-get), because the browser tests drive it; on a
developer machine without it those tests skip, but in CI (CI=true) they fail.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed-from"
CHROMIUM = Path("/usr/bin/chromium")


def say(message: str) -> None:
    print(f"[dev.py] {message}", flush=True)


def ensure_venv() -> None:
    if not (BIN / "python").exists():
        say("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    say("installing the project and its test tools into .venv")
    pip = [str(BIN / "python"), "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    can_install = shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0
    if not can_install:
        say("Debian's chromium is missing and cannot be installed here: browser tests will skip")
        return
    say("installing Debian's chromium for the browser tests")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def run(args: list[str]) -> int:
    ensure_venv()
    return subprocess.call([str(BIN / "referee"), "run", *args], cwd=ROOT)


def test(args: list[str]) -> int:
    ensure_venv()
    ensure_chromium()
    return subprocess.call([str(BIN / "python"), "-m", "pytest", *args], cwd=ROOT)


def main() -> int:
    commands = {"run": run, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
