"""The meld checker screen (placeholder until built)."""

from flask import Blueprint

bp = Blueprint("checker", __name__, url_prefix="/check")
