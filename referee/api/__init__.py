"""The JSON API, version 1 (see the OpenAPI document at /api/v1/openapi.json).

Views are thin: ``requests`` reads typed fields, the rules core answers,
the view renders JSON; ``errors`` gives every failure one JSON shape.
"""

from flask import Blueprint

api = Blueprint("api", __name__, url_prefix="/api/v1")

# Routes register on import.
from . import (  # noqa: E402,F401
    arrange, games, live, melds, openapi, openapi_games, openapi_live, openapi_stakes,
    openapi_teams, openings, rulesets, scores, settle)
from . import escoba, openapi_piquet_escoba, piquet  # noqa: E402,F401
from .errors import register_error_handlers  # noqa: E402
from . import bourre, jack_change_it, openapi_bourre_jack  # noqa: E402,F401

from . import freecell, openapi_freecell  # noqa: E402,F401

register_error_handlers(api)
