"""Reading many games at once: the games list and the players' page.

Each game's summary is kept by (game, version), so a page of many games reads
their rows and folds only a game whose version this process has not seen.
"""

from __future__ import annotations

from sqlalchemy import select

from ..core.game import GameSetup, GameSummary
from ..extensions import db
from .folds import summaries
from .games import fold_at
from .models import Game


def summary_of(game: Game) -> GameSummary:
    """The game's summary at the version its row holds."""
    kept = summaries()
    summary = kept.get(game.id, game.version)
    if summary is None:
        summary = GameSummary.of(fold_at(game.id, GameSetup.from_dict(game.setup), game.version))
        kept.put(game.id, game.version, summary)
    return summary


def all_game_summaries(include_archived: bool = True) -> list[GameSummary]:
    query = select(Game).order_by(Game.created_at)
    if not include_archived:
        query = query.where(Game.archived.is_(False))
    return [summary_of(game) for game in db.session.scalars(query)]
