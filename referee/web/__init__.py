"""The screens, one blueprint per feature."""

from flask import Flask


def register_web(app: Flask) -> None:
    from . import checker, home

    app.register_blueprint(home.bp)
    app.register_blueprint(checker.bp)
