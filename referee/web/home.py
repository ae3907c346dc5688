"""The home page: the games, and where to go for each."""

from flask import Blueprint, render_template

from ..core import RULESETS

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html", rulesets=RULESETS.values())
