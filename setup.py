"""The wheel carries templates/ and static/ inside the package, as referee/templates and
referee/static, while the checkout keeps them at the top of the repo beside referee/ (the
project's layout). Everything else about the build is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# Folders at the top of the repo that the installed package needs beside its modules.
APP_FOLDERS = ("templates", "static")


class BuildWithAppFolders(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install runs from the checkout, where they already are
        for name in APP_FOLDERS:
            target = Path(self.build_lib) / "referee" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(ROOT / name, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithAppFolders})
