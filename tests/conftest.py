"""Fixtures every test can use: an app on a fresh database, and its test client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import create_app

CASES_FILE = Path(__file__).parent / "cases" / "examples.json"


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite3'}",
    })
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


def api_cases(path_prefix: str) -> list[dict]:
    """The example API cases (a copy of the spec's examples) under one path."""
    cases = json.loads(CASES_FILE.read_text())
    return [case for case in cases if case["path"].startswith(path_prefix)]
