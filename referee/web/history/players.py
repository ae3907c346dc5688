"""The players page (everyone, a page of them at a time) and a player's own page: their figures
game by game over a period, head to head, money across the nights played for stakes, and the
forms that join their name to another person's and part it again."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError

from ...core.history import Period
from ...store import history
from ..forms import add_error
from ..shell.sign_in import guarded
from .blueprint import bp
from .forms import JoinForm, PartForm

PER_PAGE = 50  # players on a page: a family's whole list, a club's in a few pages
PERIODS = {"this-year": Period.THIS_YEAR, "last-year": Period.LAST_YEAR,
           "all-time": Period.ALL_TIME}


@bp.get("/players")
@guarded
def players():
    page = request.args.get("page", 1, type=int)
    listed = history.players_page(max(page, 1), PER_PAGE)
    if page < 1 or (page > 1 and page > listed.pages):
        abort(404)
    return render_template("history/players.html", listed=listed,
                           games=history.rated_rulesets())


@bp.get("/players/<path:name>")
@guarded
def player(name: str):
    return _player_page(name, JoinForm())


def _player_page(name: str, join: JoinForm, status: int = 200):
    period_key = request.args.get("period", "all-time")
    period = PERIODS.get(period_key)
    figures = history.player_page(name, period or Period.ALL_TIME)
    if figures is None or period is None:
        abort(404)
    return render_template("history/player.html", figures=figures, period=period,
                           periods=PERIODS, join=join, part=PartForm()), status


@bp.post("/players/<path:name>/join")
@guarded
def join(name: str):
    form = JoinForm()
    if form.validate_on_submit():
        try:
            history.join_names(name, form.into.data)
        except (history.NameNotKnown, history.CannotJoin) as refused:
            add_error(form.into, str(refused))
        else:
            flash(f"{name} and {form.into.data} are one person now: their games count together.")
            return redirect(url_for("history.player", name=form.into.data), 303)
    if history.player_page(name, Period.ALL_TIME) is None:
        abort(404)
    return _player_page(name, form, 422)


@bp.post("/players/<path:name>/part")
@guarded
def part(name: str):
    form = PartForm()
    if not form.validate_on_submit():
        raise CSRFError(form.errors["csrf_token"][0])
    try:
        history.part_name(name)
    except history.NameNotKnown:
        abort(404)
    except history.CannotJoin as refused:
        flash(str(refused), "problem")
    else:
        flash(f"{name} is a person of their own again.")
    return redirect(url_for("history.player", name=name), 303)


@bp.errorhandler(CSRFError)
def form_expired(error):
    name = (request.view_args or {}).get("name")
    return render_template(
        "not_found.html", title="Please try again",
        message="This device lost track of the form (the browser may have forgotten its "
                "cookies). Nothing was changed: open the player's page again and try once more.",
        choices=[(name, url_for("history.player", name=name))] if name else []), 400
