"""The JSON API, version 1 (see the OpenAPI document at /api/v1/openapi.json).

Views are thin: ``requests`` reads typed fields, the rules core answers,
the view renders JSON; ``errors`` gives every failure one JSON shape.
"""

from .blueprint import api
from . import (  # noqa: F401  (the views register on import)
    arrange, games, live, melds, openapi, openapi_games, openapi_live, openapi_stakes,
    openapi_teams, openings, rulesets, scores, settle)
from . import bourre, escoba, jack_change_it, piquet  # noqa: F401
from . import openapi_bourre_jack, openapi_piquet_escoba  # noqa: F401
from .errors import register_error_handlers

from . import freecell, openapi_freecell  # noqa: E402,F401
from . import history, openapi_history  # noqa: E402,F401

register_error_handlers(api)
