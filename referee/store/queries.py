"""Reading many games at once: the players' page and the exports."""

from __future__ import annotations

from sqlalchemy import select

from ..core.game import GameState
from ..extensions import db
from .games import load_game
from .models import Game


def all_game_states(include_archived: bool = True) -> list[GameState]:
    query = select(Game.id).order_by(Game.created_at)
    if not include_archived:
        query = query.where(Game.archived.is_(False))
    return [load_game(game_id).state for game_id in db.session.scalars(query)]
