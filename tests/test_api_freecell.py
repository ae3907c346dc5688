"""FreeCell over the JSON API: POST /freecell/deal, /freecell/solve and /freecell/move.

The rules and the solver are tried in the core (test_core_freecell.py); here, what HTTP adds:
api.md's shapes with the core's values, a position read from a game number or a layout, the
core's refusals located in the request (422 with the rule in words), malformed bodies (400),
and every answer as the OpenAPI document describes it (the ``ask`` fixture checks each one).
"""

from __future__ import annotations

from referee.core.cards import parse_card
from referee.core.games.freecell import Move, Place, Position, replay
from tests.conftest import assert_error

DEAL = "/api/v1/freecell/deal"
SOLVE = "/api/v1/freecell/solve"
MOVE = "/api/v1/freecell/move"


def test_deal_gives_game_ones_eight_columns_as_laid(ask):
    answer = ask(DEAL, {"game": 1}).get_json()
    assert answer["columns"][0] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]
    assert [column[-1] for column in answer["columns"]] == [
        "6S", "9C", "2H", "6H", "6C", "3D", "8C", "10C"]
    assert [len(column) for column in answer["columns"]] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_solve_gives_game_one_a_solution_that_replays_to_the_end(ask):
    answer = ask(SOLVE, {"game": 1}).get_json()
    assert answer["solvable"] is True and answer["proved"] is True
    moves = [Move(parse_card(m["card"]), Place.parse(m["from"]), Place.parse(m["to"]),
                  m.get("count", 1)) for m in answer["moves"]]
    assert replay(Position.from_game(1), moves).is_won


def test_game_11982_is_proved_to_have_no_solution(ask, freecell_solved_once):
    answer = ask(SOLVE, {"game": 11982}).get_json()
    assert (answer["solvable"], answer["proved"], answer["moves"]) == (False, True, [])


def test_solve_and_move_take_a_layout_with_cells_and_foundations(ask):
    # Game 1 after its first move (6C to a cell), tapped in as a layout.
    after = ask(MOVE, {"game": 1, "move": {"card": "6c", "to": "Cell"}}).get_json()
    assert after["move"] == {"card": "6C", "from": "column 5", "to": "cell"}
    assert after["cells"] == ["6C"] and after["columns"][4][-1] == "8H"
    layout = {key: after[key] for key in ("columns", "cells", "foundations")}
    assert ask(SOLVE, layout).get_json()["solvable"] is True
    moved = ask(MOVE, {**layout, "move": {"card": "8H", "to": "column 2"}}).get_json()
    assert moved["columns"][1][-2:] == ["9C", "8H"] and moved["won"] is False


def test_an_illegal_move_is_refused_with_the_rule_it_breaks(ask):
    refusal = assert_error(ask(MOVE, {"game": 1, "move": {"card": "6C", "to": "column 1"}}),
                           422, "freecell_build", "move.to")
    assert "alternating colours, one lower" in refusal["message"]
    covered = assert_error(ask(MOVE, {"game": 1, "move": {"card": "AS", "to": "foundation"}}),
                           422, "freecell_card_covered", "move.card")
    assert "alternating colours, one lower" in covered["message"]
    assert_error(ask(MOVE, {"game": 1, "move": {"card": "6C", "to": "the table"}}),
                 422, "bad_freecell_place", "move.to")


def test_a_layout_that_is_not_one_deck_is_refused(ask):
    columns = Position.from_game(1).columns
    twice = [[str(card) for card in column] for column in columns]
    twice[0][0] = "KD"  # KD laid twice, JD missing
    error = assert_error(ask(SOLVE, {"columns": twice}), 422, "bad_freecell_layout")
    assert "twice" in error["message"]
    assert_error(ask(DEAL, {"game": 0}), 422, "bad_freecell_game", "game")


def test_malformed_questions_answer_400(ask, rules_client):
    assert_error(ask(DEAL, {"game": "one"}), 400, "wrong_type", "game")
    assert_error(ask(SOLVE, {}), 400, "missing_field", "game")
    assert_error(ask(MOVE, {"game": 1}), 400, "missing_field", "move")
    assert_error(ask(MOVE, {"game": 1, "move": {"card": 6, "to": "cell"}}), 400, "wrong_type",
                 "move.card")
    assert_error(ask(SOLVE, {"columns": [["AS"], 5] + [[]] * 6}), 400, "wrong_type",
                 "columns[1]")
    response = rules_client.post(SOLVE, data="{", content_type="application/json")
    assert_error(response, 400, "bad_json")
