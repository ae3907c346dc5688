"""The history's blueprint, and what its pages share: a day with its year (the history spans
years), a game's title from its key, and the 404 of a game no one keeps."""

from __future__ import annotations

from datetime import datetime, timezone

from flask import Blueprint, abort

from ...core import Ruleset
from ...core.games.registry import RULESETS

bp = Blueprint("history", __name__)


@bp.app_template_filter("day_of_year")
def day_of_year(moment: datetime) -> str:
    """A stored (naive UTC) time as this machine's day: ``'2 Dec 2026'``."""
    local = moment.replace(tzinfo=timezone.utc).astimezone()
    return f"{local.day} {local:%b %Y}"


def kept_ruleset(key: str) -> Ruleset:
    """The game whose history a page shows; 404 for a key no kept game has."""
    ruleset = RULESETS.get(key)
    if ruleset is None or ruleset.keeping is None:
        abort(404)
    return ruleset
