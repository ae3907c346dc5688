"""Rummy Referee: a scorekeeper and referee for rummy played with real cards.

``create_app`` builds the Flask application (the Flask tutorial's factory
pattern); the rules themselves live in ``referee.core`` and know nothing of
the web.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from . import heavy_work, settings
from .compression import register_compression
from .extensions import csrf, db, migrate
from .security import (SessionCookie, add_security_headers, answer_known_hosts_only,
                       trust_proxies)
from .static_versions import register_static_versions

PACKAGE = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE.parent
# Run from the checkout (an editable install, or tests), templates/ and static/ are at the top
# of the repo beside referee/; an installed wheel carries them inside the package (setup.py).
FROM_CHECKOUT = (PROJECT_ROOT / "pyproject.toml").is_file()
APP_FILES = PROJECT_ROOT if FROM_CHECKOUT else PACKAGE


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(settings.instance_path(PROJECT_ROOT if FROM_CHECKOUT else None)),
        template_folder=str(APP_FILES / "templates"),
        static_folder=str(APP_FILES / "static"),
    )
    app.json.sort_keys = False  # answers read in the contract's order: "valid" first
    settings.make_instance_folder(Path(app.instance_path))
    app.config.from_mapping(settings.defaults(Path(app.instance_path)))
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = settings.instance_secret(Path(app.instance_path))

    app.session_interface = SessionCookie()
    trust_proxies(app)
    answer_known_hosts_only(app)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(PACKAGE / "migrations"))
    csrf.init_app(app)
    app.after_request(add_security_headers)
    register_compression(app)
    register_static_versions(app)
    heavy_work.install(app)

    from .web import register_web
    from .api import api
    from .store import models  # noqa: F401  (the tables join the metadata)

    register_web(app)
    csrf.exempt(api)
    app.register_blueprint(api)

    if app.config["MIGRATE_ON_START"]:
        settings.upgrade_database(app)
    return app
