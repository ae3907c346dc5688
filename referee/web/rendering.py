"""One view, two answers: a fragment for htmx, the whole page for everyone else."""

from __future__ import annotations

from flask import Response, make_response, render_template, request


def wants_fragment() -> bool:
    # A history restore asks for the URL afresh and needs the whole page back.
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def render_screen(page: str, fragment: str, status: int = 200, **context) -> Response:
    template = fragment if wants_fragment() else page
    response = make_response(render_template(template, **context), status)
    response.vary.add("HX-Request")
    return response
