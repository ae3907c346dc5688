"""The rules reference: /rules/<game> for every game, and a kept game's own copy with the house
options its table chose (/games/<id>/rules). The sections come from the ruleset
(``rules_reference``), so this names no game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, render_template

from ...core.errors import UnknownRulesetError
from ...core.games.registry import get_ruleset
from ...core.model.reference import rules_reference
from ...store.games import GameNotFoundError, load_game

bp = Blueprint("rules", __name__)


def _found(load: Callable[[str], Any], key: str, missing: type[Exception]) -> Any:
    """What ``load`` finds under ``key``, or the not-found page."""
    try:
        return load(key)
    except missing:
        abort(404)


@bp.get("/rules/<game>")
def rules_page(game: str):
    ruleset = _found(get_ruleset, game, UnknownRulesetError)
    return render_template("rules.html", ruleset=ruleset, sections=rules_reference(ruleset),
                           game=None)


@bp.get("/games/<game_id>/rules")
def game_rules(game_id: str):
    loaded = _found(load_game, game_id, GameNotFoundError)
    ruleset = get_ruleset(loaded.setup.ruleset)
    return render_template("rules.html", ruleset=ruleset, game=loaded.game, state=loaded.state,
                           sections=rules_reference(ruleset, loaded.setup.options,
                                                    players=len(loaded.setup.players)))
