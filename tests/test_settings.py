"""Configuration: the instance folder, the secret key and the database URL."""

from __future__ import annotations

import pytest

from referee import cli, create_app, settings


def test_first_run_creates_the_instance_folder_database_and_secret(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app()
    secret = (instance / "secret_key").read_text()
    assert len(secret) >= 32 and app.config["SECRET_KEY"] == secret
    assert (instance / "referee.sqlite3").exists()
    assert (instance / "secret_key").stat().st_mode & 0o077 == 0
    # A second start keeps the same secret, so sessions survive a restart.
    assert create_app().config["SECRET_KEY"] == secret


def _run_refused(capsys) -> str:
    """What ``referee run`` says when it stops before serving: one line, exit status 1."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(["run", "--host", "127.0.0.1", "--port", "0"])
    assert exit_.value.code == 1
    said = capsys.readouterr().err.strip()
    assert "Traceback" not in said and said.count("\n") == 0
    return said


def test_an_instance_folder_that_cannot_be_created_is_one_sentence(tmp_path, monkeypatch,
                                                                    capsys):
    # Root may write anywhere, but nobody can make a folder inside a plain file.
    (tmp_path / "file").write_text("not a folder")
    instance = tmp_path / "file" / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    said = _run_refused(capsys)
    assert said.startswith(f"Rummy Referee cannot create its instance folder {instance} ")
    assert "REFEREE_INSTANCE_PATH" in said


def test_a_secret_key_that_cannot_be_kept_is_one_sentence(tmp_path, monkeypatch, capsys):
    # Root may write anywhere, but no key can be written to or read from a folder.
    instance = tmp_path / "instance"
    (instance / "secret_key").mkdir(parents=True)
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(instance))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    said = _run_refused(capsys)
    assert said.startswith(
        f"Rummy Referee cannot keep its secret key in the instance folder {instance} ")
    assert "SECRET_KEY" in said


def test_environment_overrides(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'other.sqlite3'}")
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app()
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("other.sqlite3")


def test_postgres_urls_get_the_psycopg_driver(tmp_path, monkeypatch):
    for given in ("postgres://u:p@db/referee", "postgresql://u:p@db/referee"):
        monkeypatch.setenv("DATABASE_URL", given)
        assert settings.database_url(tmp_path) == "postgresql+psycopg://u:p@db/referee"


def test_an_installed_app_keeps_its_instance_in_the_users_data_folder(tmp_path, monkeypatch):
    """Not in the venv (Flask's <prefix>/var): a venv made anew must not take the games along."""
    monkeypatch.delenv("REFEREE_INSTANCE_PATH", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert settings.instance_path(None) == tmp_path / "data" / "rummy-referee"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert settings.instance_path(None) == tmp_path / "home" / ".local/share/rummy-referee"


def test_run_from_a_checkout_the_instance_is_the_checkouts_own(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_INSTANCE_PATH", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert settings.instance_path(tmp_path / "checkout") == tmp_path / "checkout" / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "chosen"))
    assert settings.instance_path(None) == tmp_path / "chosen"


def _session_cookie(client, **kwargs) -> str:
    """The session cookie a form page sets (its form token lives in the session)."""
    response = client.get("/games/new/eversol", **kwargs)
    assert response.status_code == 200
    return next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))


def test_the_session_cookie_is_lax_and_secure_only_over_https(tmp_path, monkeypatch):
    """The edit keys' cookie stays on plain http at home, where a Secure one would be dropped."""
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("REFEREE_TRUSTED_PROXIES", raising=False)
    app = create_app()
    plain = _session_cookie(app.test_client())
    assert "SameSite=Lax" in plain and "Secure" not in plain
    over_https = _session_cookie(app.test_client(), base_url="https://localhost")
    assert "SameSite=Lax" in over_https and "; Secure" in over_https
    # Not behind a proxy, a client cannot claim https with a header of its own.
    claimed = _session_cookie(app.test_client(), headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in claimed


def test_behind_a_trusted_https_proxy_the_session_cookie_is_secure(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.setenv("REFEREE_TRUSTED_PROXIES", "1")
    app = create_app()
    assert app.config["TRUSTED_PROXIES"] == 1
    behind = _session_cookie(app.test_client(), headers={"X-Forwarded-Proto": "https"})
    assert "SameSite=Lax" in behind and "; Secure" in behind
    assert "Secure" not in _session_cookie(app.test_client(),
                                           headers={"X-Forwarded-Proto": "http"})
