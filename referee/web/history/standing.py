"""A game's leaderboard (everyone who finished a game of it, by rating, and the ratings as the
games went by, drawn by the app's chart) and its records, each leading to its game."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TypeVar

from flask import abort, render_template

from ...core import Ruleset
from ...core.history import Ratings
from ...store import history
from ..shell.chart import Chart, score_chart
from ..shell.sign_in import guarded
from .blueprint import bp, kept_ruleset

CHARTED_PLAYERS = 8  # lines on the chart: the leaders; the table below it lists everyone
CHART_STEPS = 24  # points along a line at most, however many games were rated
AXIS_LABELS = 3  # game counts along the bottom axis besides "Start": room for four numbers
T = TypeVar("T")  # what the store keeps of a game: its ratings, its records


@bp.get("/ratings/<ruleset>")
@guarded
def ratings(ruleset: str):
    game, board = _read(ruleset, history.leaderboard)
    return render_template("history/ratings.html", game=game, board=board,
                           chart=rating_chart(board))


@bp.get("/records/<ruleset>")
@guarded
def records(ruleset: str):
    game, found = _read(ruleset, history.records_of)
    return render_template("history/records.html", game=game, records=found)


def _read(ruleset: str, read: Callable[[str], T]) -> tuple[Ruleset, T]:
    """The game's ruleset and what the store keeps of it; 404 for a game no one keeps."""
    game = kept_ruleset(ruleset)
    try:
        return game, read(ruleset)
    except history.UnknownRuleset:
        abort(404)


def rating_chart(board: Ratings) -> Chart | None:
    """The leaders' ratings (each rounded to a whole number) after every game of the ruleset,
    or after every few games of a long history: everyone starts at 0, and a rating holds
    between its player's games."""
    leaders = [rating.name for rating in board.players[:CHARTED_PLAYERS]]
    finished = sorted({(point.finished_at, point.game_id)
                       for name in leaders for point in board.history.get(name, ())})
    if not finished:
        return None
    games = len(finished)
    steps = min(games, CHART_STEPS)
    # After how many games each step is drawn: the last step is the last game.
    counts = [round(step * games / steps) for step in range(1, steps + 1)]
    lines = {name: _line(board, name) for name in leaders}
    running = [{name: _rating_at(*lines[name], finished[count - 1]) for name in leaders}
               for count in counts]
    every = -(-steps // AXIS_LABELS)
    labels = ["Start", *(str(count) if step % every == 0 or step == steps else ""
                         for step, count in enumerate(counts, 1))]
    return score_chart(leaders, running, steps, leaders=leaders[:1], better="higher",
                       x_labels=labels)


def _line(board: Ratings, name: str) -> tuple[list[tuple], list[int]]:
    """A player's games in order, and their rating after each."""
    points = board.history.get(name, ())
    return [(p.finished_at, p.game_id) for p in points], [round(p.ordinal) for p in points]


def _rating_at(games: list[tuple], ratings: list[int], upto: tuple) -> int:
    played = bisect_right(games, upto)
    return ratings[played - 1] if played else 0
