"""The home page: the games, and where to go for each."""

from flask import Blueprint, redirect, render_template, url_for

from ...core import RULESETS

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html", rulesets=RULESETS.values())


@bp.get("/favicon.ico")
def favicon():
    return redirect(url_for("static", filename="favicon.svg"), 301)
