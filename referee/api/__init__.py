"""The JSON API, version 1 (see the OpenAPI document at /api/v1/openapi.json)."""

from flask import Blueprint

api = Blueprint("api", __name__, url_prefix="/api/v1")
