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
