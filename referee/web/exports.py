"""A game taken away: CSV and JSON files, a printable score sheet; and the players' page."""

from __future__ import annotations

import csv
import io
import json

from flask import Blueprint, Response, abort, render_template

from ..core.game import player_stats
from ..store.documents import game_document
from ..store.games import GameNotFoundError, LoadedGame, load_game
from ..store.queries import all_game_states

bp = Blueprint("exports", __name__)


def _game_or_404(game_id: str) -> LoadedGame:
    try:
        return load_game(game_id)
    except GameNotFoundError:
        abort(404)


@bp.get("/games/<game_id>/export.json")
def game_json(game_id: str):
    body = json.dumps(game_document(_game_or_404(game_id)), indent=2, ensure_ascii=False)
    return _download(body, "application/json", f"eversol-{game_id}.json")


@bp.get("/games/<game_id>/export.csv")
def game_csv(game_id: str):
    loaded = _game_or_404(game_id)
    state = loaded.state
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["hand", "dealer", "went out", *state.players, "corrections"])
    for result in state.results:
        writer.writerow([result.hand, state.dealer_of(result.hand), result.went_out,
                         *(result.scores[name] for name in state.players),
                         "; ".join(result.corrections)])
    writer.writerow(["total", "", "", *(state.totals[name] for name in state.players), ""])
    if state.finished:
        places = {p.name: p.place for p in state.ranking}
        writer.writerow(["place", "", "", *(places[name] for name in state.players), ""])
    return _download(out.getvalue(), "text/csv; charset=utf-8", f"eversol-{game_id}.csv")


@bp.get("/games/<game_id>/sheet")
def score_sheet(game_id: str):
    loaded = _game_or_404(game_id)
    state = loaded.state
    return render_template("exports/sheet.html", loaded=loaded, state=state,
                           running=state.running_totals(),
                           places={p.name: p.place for p in state.ranking})


@bp.get("/players")
def players():
    # Archived games are off the list, so off the players' counts too (deleted ones are gone).
    return render_template("players/index.html",
                           stats=player_stats(all_game_states(include_archived=False)))


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
