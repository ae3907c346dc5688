"""POST /<game>/settle (/tonk/settle): who pays whom for one hand of a game played for stakes.

One route for each such game, so the paths are the documented ones; the game's ``Stakes``
read the hand's fields (names in any case) and settle it.
"""

from __future__ import annotations

from flask import jsonify

from ..core import RULESETS, get_ruleset
from ..store.documents import settlement_document
from .blueprint import api
from .requests import field, json_object


def settle_view(ruleset_key: str):
    body = json_object()
    ruleset = get_ruleset(ruleset_key)
    stakes = ruleset.stakes
    table = ruleset.configure(options=field(body, "options", None))  # the core reads them
    players = field(body, "players")
    settling = {name: body[name] for name in stakes.fields if name in body}
    settlement = stakes.settle(table, players, stakes.read(players, settling))
    return jsonify({**settlement_document(settlement), "net": dict(settlement.net)})


for _key, _ruleset in RULESETS.items():
    if _ruleset.stakes is not None and _ruleset.stakes.hand_alone:
        api.add_url_rule(f"/{_key}/settle", f"settle_{_key}", settle_view, methods=["POST"],
                         defaults={"ruleset_key": _key})
