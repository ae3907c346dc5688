"""FreeCell's referee questions: POST /freecell/deal (a numbered game's columns),
/freecell/solve (a solution, or the proof there is none) and /freecell/move (one move, or the
rule it breaks).

Thin views: the position is read here, ``referee.core.games.freecell`` answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import jsonify

from ..core.games.freecell import (GameNumberError, LayoutError, MoveError, Position, apply_move,
                                   check_game_number, deal, make_move, solve)
from ..core.games.freecell.errors import PlaceError
from ..heavy_work import heavy_slot
from ..store.freecell import SOLVER_BUDGET
from . import api
from .errors import MissingFieldError
from .fields import card, cards, json_list, json_object as object_at, required, text, whole
from .requests import json_object
from .table_fields import SUIT_TEXTS



def game_number(value: Any) -> int:
    try:
        return check_game_number(whole(value, ("game",)))
    except GameNumberError as refusal:
        refusal.field = "game"
        raise


def read_position(body: Mapping[str, Any]) -> Position:
    """``{"game"}`` or ``{"columns", "cells"?, "foundations"?}``; every field given is read
    and checked, the layout winning over the game number when both are given (it is the
    position the player is looking at)."""
    game = None
    if body.get("game") is not None:
        game = game_number(body["game"])
    cells = cards(body["cells"], ("cells",)) if body.get("cells") is not None else []
    foundations = {}
    if body.get("foundations") is not None:
        tops = object_at(body["foundations"], ("foundations",), '{"S": 3, "H": 0}')
        for name, top in tops.items():
            suit = SUIT_TEXTS.get(str(name).upper())
            if suit is None:
                raise LayoutError(f"A foundation is named by its suit: S, H, D or C, not "
                                  f"{str(name)[:10]!r}.", ("foundations", str(name)))
            foundations[suit] = whole(top, ("foundations", str(name)))
    if body.get("columns") is not None:
        columns = json_list(body["columns"], ("columns",))
        laid = [cards(column, ("columns", n)) for n, column in enumerate(columns)]
    elif game is not None:
        laid = deal(game)  # cells or foundations besides a fresh deal: the deck is checked
    else:
        raise MissingFieldError("game (a numbered deal) or columns (a layout) is required.",
                                "game")
    return Position.from_layout(laid, cells, foundations)


def position_json(position: Position) -> dict[str, Any]:
    return {"columns": [[str(c) for c in column] for column in position.columns],
            "cells": [str(c) for c in position.cells],
            "foundations": {suit.value: top for suit, top in position.foundation_tops().items()},
            "won": position.is_won}


@api.post("/freecell/deal")
def freecell_deal():
    body = json_object()
    game = game_number(required(body.get("game"), ("game",)))
    return jsonify({"game": game,
                    "columns": [[str(c) for c in column] for column in deal(game)]})


@api.post("/freecell/solve")
def freecell_solve():
    position = read_position(json_object())
    with heavy_slot():
        solution = solve(position, SOLVER_BUDGET)
    return jsonify({"solvable": solution.solvable is True, "proved": solution.proved,
                    "status": solution.status, "positions_searched": solution.nodes,
                    "moves": [move.as_dict() for move in solution.moves]})


@api.post("/freecell/move")
def freecell_move():
    body = json_object()
    position = read_position(body)
    asked = object_at(body.get("move"), ("move",), '{"card": "6C", "to": "cell"}') \
        if body.get("move") is not None else None
    if asked is None:
        raise MissingFieldError("move is required.", "move")
    moving = card(required(asked.get("card"), ("move", "card")), ("move", "card"))
    to = text(required(asked.get("to"), ("move", "to")), ("move", "to"), '"column 3" or "cell"')
    try:
        move = make_move(position, moving, to)
    except (MoveError, PlaceError) as refusal:
        refusal.field = ("move", *refusal.location)  # where it is in this request
        raise
    return jsonify({"move": move.as_dict(), **position_json(apply_move(position, move))})
