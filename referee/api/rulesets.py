"""GET /rulesets: every game the referee knows, with its house rules."""

from __future__ import annotations

from flask import jsonify

from ..core import RULESETS
from .blueprint import api


@api.get("/rulesets")
def list_rulesets():
    return jsonify({"rulesets": [ruleset.describe() for ruleset in RULESETS.values()]})
