"""One view, two answers: a fragment for htmx, the whole page for everyone else."""

from __future__ import annotations

from flask import Response, make_response, render_template, request, url_for

from ...core.games.registry import RULESETS


def wants_fragment() -> bool:
    # A history restore asks for the URL afresh and needs the whole page back.
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def render_screen(page: str, fragment: str, status: int = 200, **context) -> Response:
    template = fragment if wants_fragment() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response


def not_for_this_game(game: str, title: str, why: str, endpoint: str, offers) -> Response:
    """The 404 of a question screen asked of a game it does not ask for: ``why`` finishes
    "“game” is not ..." and the games ``offers`` accepts are linked, each on ``endpoint``."""
    shown = game if len(game) <= 30 else game[:29] + "…"
    return make_response(render_template(
        "not_found.html", title=title, message=f"“{shown}” is not {why} These are:",
        choices=[(ruleset.title, url_for(endpoint, game=ruleset.key))
                 for ruleset in RULESETS.values() if offers(ruleset)]), 404)
