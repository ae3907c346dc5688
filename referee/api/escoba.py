"""Escoba's referee questions: POST /escoba/captures, /escoba/opening and /escoba/score.

Thin, as every view: the fields read with their types (400 when wrong), the rules core
(``referee.core.games.escoba``) answers or refuses (422, the field located in the request).
"""

from __future__ import annotations

from typing import Any

from flask import jsonify

from ..core.errors import PlayerNameError
from ..core.games.escoba import (HandPoints, SideCards, SideCounts, captures, opening,
                                 score_hand)
from ..core.games.escoba.options import read_options
from . import api, fields
from .requests import field, json_object

SIDE_EXAMPLE = '{"cards": ["7D", "KS"], "escobas": 1}'
CARDS_FIELDS = {"cards", "escobas"}
COUNTS_FIELDS = {"count", "diamonds", "seven_of_diamonds", "best", "escobas"}
SHAPES = ("a side gives its cards and escobas, or its count, diamonds, seven_of_diamonds, "
          "best and escobas")


def _side(value: Any, name: str) -> SideCards | SideCounts:
    """One side's hand: the cards it captured, or the counts a score sheet keeps."""
    at = ("sides", name)
    if not name.strip():
        raise PlayerNameError("A side's name cannot be blank.", ("sides",))
    side = fields.json_object(value, at, SIDE_EXAMPLE)
    escobas = fields.whole(fields.required(side.get("escobas"), (*at, "escobas")),
                           (*at, "escobas"))
    if "cards" in side:
        fields.closed(side, at, CARDS_FIELDS, SHAPES)
        return SideCards(tuple(fields.cards(side["cards"], (*at, "cards"))), escobas)
    fields.closed(side, at, COUNTS_FIELDS, SHAPES)
    count, diamonds = (fields.whole(fields.required(side.get(part), (*at, part)), (*at, part))
                       for part in ("count", "diamonds"))
    seven = fields.boolean(fields.required(side.get("seven_of_diamonds"),
                                           (*at, "seven_of_diamonds")),
                           (*at, "seven_of_diamonds"))
    best = side.get("best")
    return SideCounts(count, diamonds, seven,
                      None if best is None else tuple(fields.cards(best, (*at, "best"))),
                      escobas)


def _points_json(points: HandPoints) -> dict[str, int]:
    return {"cards": points.cards, "diamonds": points.diamonds,
            "seven_of_diamonds": points.seven_of_diamonds, "setenta": points.setenta,
            "escobas": points.escobas, "total": points.total}


@api.post("/escoba/captures")
def escoba_captures_view():
    body = json_object()
    options = read_options(body.get("options"))
    card = fields.card(field(body, "card"), ("card",))
    table = fields.cards(field(body, "table"), ("table",))
    found = captures(card, table)
    return jsonify({
        "captures": [{"cards": [str(c) for c in capture.cards], "escoba": capture.escoba}
                     for capture in found],
        "must_capture": options.must_capture and bool(found),
    })


@api.post("/escoba/opening")
def escoba_opening_view():
    body = json_object()
    found = opening(fields.cards(field(body, "table"), ("table",)))
    return jsonify({"total": found.total, "escobas": found.escobas})


@api.post("/escoba/score")
def escoba_score_view():
    body = json_object()
    read_options(body.get("options"))  # none of them changes a hand's score
    sides = fields.json_object(field(body, "sides"), ("sides",),
                               '{"Ann": ' + SIDE_EXAMPLE + ', "Bob": ...}')
    points = score_hand({name: _side(side, name) for name, side in sides.items()})
    return jsonify({"points": {name: _points_json(p) for name, p in points.items()}})
