"""POST /openings/check: may a team open the hand with these melds?

Only a game whose ruleset has an opening rule answers (its ``opening_check``); any
other answers 422 ``not_in_ruleset``.
"""

from __future__ import annotations

from typing import Any

from flask import jsonify

from .blueprint import api
from .requests import field, json_object, melds, ruleset_having, table_rules


@api.post("/openings/check")
def check_opening_view():
    body = json_object()
    ruleset = ruleset_having(body, "opening_check", "minimum for a team's first melds")
    table = table_rules(body)
    opening = ruleset.opening_check(melds(body, "melds"), field(body, "hand"), table.options,
                                    table.decks)
    return jsonify({
        "valid": opening.valid,
        "points": opening.points,
        "minimum": opening.minimum,
        "reason": opening.reason,
        "melds": [_meld_json(meld) for meld in opening.melds],
        "decks": table.decks,
    })


def _meld_json(meld: Any) -> dict[str, Any]:
    return {"valid": meld.legal, **meld.facts(), "reason": meld.reason}
