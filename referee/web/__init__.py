"""The screens, one blueprint per feature."""

from collections.abc import Iterable

from flask import Flask

from .. import doors
from ..core import Card
from ..core.rulesets import RULESETS


def joker_labels(cards: Iterable[Card]) -> str:
    """What the jokers among ``cards`` stand for: ``'6♦, 7♦'``."""
    return ", ".join(c.stands_for.label for c in cards if c.is_joker and c.stands_for)


def register_web(app: Flask) -> None:
    from . import (
        app_shell,
        arranger,
        checker,
        exports,
        freecell,
        games,
        home,
        lowest,
        questions,
        rules,
        rummy_check,
        sign_in,
    )
    from .awake import keeps_screen_on
    from .errors import register_error_pages

    app.register_blueprint(home.bp)
    app.register_blueprint(app_shell.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(arranger.bp)
    app.register_blueprint(rummy_check.bp)
    app.register_blueprint(questions.bp)
    app.register_blueprint(lowest.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(sign_in.bp)
    app.register_blueprint(freecell.bp)
    app.add_template_filter(joker_labels)
    register_error_pages(app)
    app.context_processor(
        lambda: {"rulesets_nav": [(r.key, r.title.removesuffix(" Rummy").removesuffix(" Rules")) for r in RULESETS.values()],
                 "rulesets_by_key": RULESETS})
    app.context_processor(
        lambda: {"keeps_screen_on": keeps_screen_on(), "theme_colour": app_shell.THEME_COLOUR})
    # With a password set, what a page offers of the guarded screens says whether to sign in.
    app.context_processor(lambda: {"password_on": doors.password_on(),
                                   "locked": not doors.signed_in()})
