"""Piquet's referee questions: POST /piquet/declarations, /piquet/deal and /piquet/partie.

Thin, as every view: the fields read with their types (400 when wrong), the rules core
(``referee.core.games.piquet``) answers or refuses (422, the field located in the request).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify

from ..core.errors import Location, PlayerNameError, RefereeInputError
from ..core.games.piquet import (CarteBlancheError, Declaration, Declarations, DealParts,
                                 Side, declare, partie_result, score_deal)
from . import api, fields
from .requests import field, json_object

SIDES_EXAMPLE = '{"elder": 7, "younger": 5}'


def _side_numbers(value: Any, location: Location) -> dict[str, int]:
    """``{"elder": int, "younger": int}``, both there and whole numbers (others ignored)."""
    numbers = fields.json_object(value, location, SIDES_EXAMPLE)
    return {side.value: fields.whole(fields.required(numbers.get(side.value),
                                                     (*location, side.value)),
                                     (*location, side.value))
            for side in Side}


def _read_declarations(body: Mapping[str, Any], location: Location = ()) -> Declarations:
    """The hands after the exchange (and any carte blanche), declared by the core."""
    elder = fields.cards(fields.required(body.get("elder"), (*location, "elder")),
                         (*location, "elder"))
    younger = fields.cards(fields.required(body.get("younger"), (*location, "younger")),
                           (*location, "younger"))
    blanche = body.get("carte_blanche")
    if blanche is not None:
        for i, side in enumerate(fields.json_list(blanche, (*location, "carte_blanche"))):
            fields.text(side, (*location, "carte_blanche", i), '"elder"')
        if len(blanche) > 1:  # the core refuses both sides; a side named twice is as wrong
            raise CarteBlancheError("carte_blanche names the one side that showed it.",
                                    (*location, "carte_blanche"))
    try:
        return declare(elder, younger, blanche)
    except RefereeInputError as error:  # the core locates within the hands' own body
        raise error.within(*location) if location else error


def _declaration_json(declaration: Declaration) -> dict[str, Any]:
    return {"winner": declaration.winner.value if declaration.winner else None,
            "points": declaration.points, "declared": list(declaration.declared),
            "tied": declaration.tied}


def _sides(scores: Any) -> dict[str, int]:
    return {side.value: scores[side] for side in Side}


def declarations_json(found: Declarations) -> dict[str, Any]:
    return {
        "point": _declaration_json(found.point),
        "sequence": _declaration_json(found.sequence),
        "sets": _declaration_json(found.sets),
        "carte_blanche": _sides(found.carte_blanche),
        "repique": found.repique.value if found.repique else None,
        "totals": _sides(found.totals),
    }


def _parts_json(parts: DealParts) -> dict[str, int]:
    return {"declarations": parts.declarations, "leads": parts.leads, "tricks": parts.tricks,
            "the_cards": parts.the_cards, "capot": parts.capot, "pique": parts.pique}


@api.post("/piquet/declarations")
def piquet_declarations_view():
    return jsonify(declarations_json(_read_declarations(json_object())))


@api.post("/piquet/deal")
def piquet_deal_view():
    body = json_object()
    given = fields.json_object(field(body, "declarations"), ("declarations",),
                               '{"elder": 22, "younger": 0} or the hands')
    if isinstance(given.get("elder"), list) or isinstance(given.get("younger"), list):
        declarations: Any = _read_declarations(given, ("declarations",))
    else:
        declarations = _side_numbers(given, ("declarations",))
    tricks = _side_numbers(field(body, "tricks"), ("tricks",))
    last_trick = fields.text(field(body, "last_trick"), ("last_trick",), '"elder"')
    pique_reached = body.get("pique_reached")
    if pique_reached is not None:
        fields.boolean(pique_reached, ("pique_reached",))
    deal = score_deal(declarations, tricks, last_trick, pique_reached)
    answer: dict[str, Any] = {
        "scores": _sides(deal.scores),
        "parts": {"elder": _parts_json(deal.elder), "younger": _parts_json(deal.younger)},
    }
    if isinstance(declarations, Declarations):
        answer["declarations"] = declarations_json(declarations)
    return jsonify(answer)


@api.post("/piquet/partie")
def piquet_partie_view():
    body = json_object()
    totals = fields.json_object(field(body, "totals"), ("totals",), '{"Ann": 128, "Bob": 119}')
    for name in totals:
        if not name.strip():
            raise PlayerNameError("A player's name cannot be blank.", ("totals",))
    result = partie_result({name: fields.whole(total, ("totals", name))
                            for name, total in totals.items()})
    return jsonify({"winner": result.winner, "margin": result.margin, "rubicon": result.rubicon})
