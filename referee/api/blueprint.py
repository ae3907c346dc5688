"""The API's blueprint, apart from the package so each view module can import it while the
package imports the views (``from .blueprint import api``)."""

from flask import Blueprint

api = Blueprint("api", __name__, url_prefix="/api/v1")
