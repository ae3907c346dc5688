"""Where configuration comes from: defaults, the environment, the instance folder."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from .doors import read_password_hash


def instance_path(checkout: Path | None) -> Path:
    """Where the database, the secret key and the backups live: REFEREE_INSTANCE_PATH, else
    instance/ in the checkout the app runs from, else the user's own data folder.

    Installed from a wheel, Flask would put them in <prefix>/var/referee-instance, inside the
    virtual environment: a family's games would go with the venv when it is made anew for
    an upgrade, and each venv would have games of its own. The user's data folder
    (freedesktop.org's XDG_DATA_HOME, ~/.local/share by default) outlives any install and is
    the same from whichever folder ``referee run`` is started.
    """
    given = os.environ.get("REFEREE_INSTANCE_PATH")
    if given:
        return Path(given).resolve()
    if checkout is not None:
        return (checkout / "instance").resolve()
    return user_data_folder() / "rummy-referee"


def user_data_folder() -> Path:
    data_home = os.environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(data_home):  # the XDG spec: a relative path is to be ignored
        return Path(data_home)
    return Path.home() / ".local" / "share"


def database_url(instance: Path) -> str:
    url = os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{instance / 'referee.sqlite3'}"
    # Hosting platforms still hand out the old scheme; SQLAlchemy 2 wants the driver named.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def defaults(instance: Path) -> dict[str, Any]:
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY"),
        "SQLALCHEMY_DATABASE_URI": database_url(instance),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        # A game night lasts hours on one open page: a token that expired after
        # Flask-WTF's default hour would reject a score typed at 11 pm.
        "WTF_CSRF_TIME_LIMIT": None,
        # Only a request that changed the session may send its cookie back. Otherwise every
        # 1-second poll re-sends the cookie as it stood when the poll began, and one that
        # overlaps a save brings back a flash message the next page has already shown.
        "SESSION_REFRESH_EACH_REQUEST": False,
        # Lax: the cookie (the device's edit rights) goes with links from elsewhere, never
        # with another site's form posts. Secure follows the request's scheme
        # (security.SessionCookie).
        "SESSION_COOKIE_SAMESITE": "Lax",
        # How many reverse proxies in front set X-Forwarded-* (0: none, the headers ignored).
        "TRUSTED_PROXIES": int(os.environ.get("REFEREE_TRUSTED_PROXIES", 0)),
        # Host names answered besides this machine's addresses, localhost and its own name
        # (security.answer_known_hosts_only): the names a proxy or the network gives it.
        "HOSTS": os.environ.get("REFEREE_HOSTS", "").replace(",", " ").split(),
        "MAX_CONTENT_LENGTH": 256 * 1024,
        "MIGRATE_ON_START": True,
        # Automatic backups while ``referee run`` serves: how often, and how many are kept.
        "BACKUP_INTERVAL_SECONDS": int(os.environ.get("REFEREE_BACKUP_INTERVAL", 3600)),
        "BACKUPS_KEPT": int(os.environ.get("REFEREE_BACKUPS_KEPT", 24)),
        # The hash of the password guarding the games (``referee password``); None: no password.
        "PASSWORD_HASH": read_password_hash(instance),
    }


class UnusableInstanceError(RuntimeError):
    """The instance folder cannot be made, or the secret key in it cannot be kept: one
    sentence naming the folder and what to do (``referee`` prints it, not a traceback)."""


def make_instance_folder(instance: Path) -> None:
    try:
        instance.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UnusableInstanceError(
            f"Rummy Referee cannot create its instance folder {instance} "
            f"({error.strerror or error}): make that folder yourself where you may write, or "
            f"set REFEREE_INSTANCE_PATH to a folder you can write to.") from error


def instance_secret(instance: Path) -> str:
    """The secret key kept in the instance folder, made on first run."""
    path = instance / "secret_key"
    try:
        if not path.exists():
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
        return path.read_text().strip()
    except OSError as error:
        raise UnusableInstanceError(
            f"Rummy Referee cannot keep its secret key in the instance folder {instance} "
            f"({error.strerror or error}): let this user write to that folder and make "
            f"{path.name} there a plain file, or set SECRET_KEY.") from error


def upgrade_database(app: Flask) -> None:
    """Check the database may be used (``UnusableDatabaseError`` says why not), then bring
    the schema to the newest migration (which creates the SQLite file)."""
    from flask_migrate import upgrade

    from .extensions import db
    from .store.start_checks import check_database

    with app.app_context():
        check_database(db.engine, Path(app.instance_path))
        upgrade(directory=app.extensions["migrate"].directory, x_arg=["quiet=true"])
