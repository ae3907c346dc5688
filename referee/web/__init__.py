"""The screens, one blueprint per feature, in folders by feature: ``kept`` (the kept game's
screens), ``questions`` (the question screens), ``history`` (the players, each game's
leaderboard and records), ``shell`` (home, rules, app files, signing in, errors, the chart);
``forms`` holds the forms they share."""

from collections.abc import Iterable

from flask import Flask

from .. import doors
from ..core import Card
from ..core.games.registry import RULESETS
from . import history
from .kept import exports, games
from .questions import arranger, at_the_table, checker, freecell, lowest, more, rummy_check
from .shell import app_shell, home, rules, sign_in
from .shell.awake import keeps_screen_on
from .shell.back_to_game import back_to_game
from .shell.errors import register_error_pages


def joker_labels(cards: Iterable[Card]) -> str:
    """What the jokers among ``cards`` stand for: ``'6♦, 7♦'``."""
    return ", ".join(c.stands_for.label for c in cards if c.is_joker and c.stands_for)


def register_web(app: Flask) -> None:
    app.register_blueprint(home.bp)
    app.register_blueprint(app_shell.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(arranger.bp)
    app.register_blueprint(rummy_check.bp)
    app.register_blueprint(at_the_table.bp)
    app.register_blueprint(lowest.bp)
    for blueprint in more.BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.register_blueprint(games.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(sign_in.bp)
    app.register_blueprint(freecell.bp)
    app.add_template_filter(joker_labels)
    register_error_pages(app)
    app.context_processor(
        lambda: {"rulesets_nav": [(r.key, r.title.removesuffix(" Rummy").removesuffix(" Rules")) for r in RULESETS.values()],
                 "rulesets_by_key": RULESETS})
    app.context_processor(lambda: {"more_questions": more.by_game()})
    app.context_processor(back_to_game)
    app.context_processor(
        lambda: {"keeps_screen_on": keeps_screen_on(), "theme_colour": app_shell.THEME_COLOUR})
    # With a password set, what a page offers of the guarded screens says whether to sign in.
    app.context_processor(lambda: {"password_on": doors.password_on(),
                                   "locked": not doors.signed_in()})
