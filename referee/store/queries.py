"""Reading many games at once: the games list and the players' page.

Each game's row holds its summary and the version it describes, written with
every change. A page of many games reads their rows and folds only a game whose
summary is missing or older than its version (one kept before summaries were,
say), then writes that summary back for the next reader. Summaries are also
kept per (game, version) in this process, so they are read from JSON once.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import current_app
from sqlalchemy import func, select, update
from sqlalchemy.exc import SQLAlchemyError

from ..core.game import GameSetup, GameSummary
from ..core.text import repaired
from ..extensions import db
from .folds import summaries
from .games import DAMAGE, DamagedGameError, fold_at, summary_columns
from .models import Game, GameSeat, Player


def summaries_of(games: Sequence[Game]) -> list[GameSummary | None]:
    """The summaries of ``games`` at the versions their rows hold, in their order; None for
    a game whose record cannot be read (it is listed as damaged, the others as ever)."""
    kept = summaries()
    found, folded = [], {}
    for game in games:
        summary = kept.get(game.id, game.version) or _stored(game)
        if summary is None:
            try:
                state = fold_at(game.id, GameSetup.from_dict(repaired(game.setup)), game.version)
            except (DamagedGameError, *DAMAGE):
                found.append(None)
                continue
            summary = GameSummary.of(state)
            folded[game.id] = (game.version, summary_columns(state, game.version))
        kept.put(game.id, game.version, summary)
        found.append(summary)
    if folded:
        _write_back(folded)
    return found


def _stored(game: Game) -> GameSummary | None:
    if game.summary is None or game.summary_version != game.version:
        return None
    try:
        return GameSummary.from_dict(game.summary)
    except (TypeError, LookupError, ValueError):  # kept by a version of the app with other fields
        return None


def _write_back(folded: dict[str, tuple[int, dict]]) -> None:
    """Keep the summaries just folded, each only if its game is still at the version folded.

    Best effort, on a connection of its own, so the read that folded them never fails
    for it (a read-only database, say): the next reader folds again.
    """
    try:
        with db.engine.begin() as connection:
            for game_id, (version, columns) in folded.items():
                connection.execute(update(Game.__table__)
                                   .where(Game.__table__.c.id == game_id,
                                          Game.__table__.c.version == version)
                                   .values(**columns))
    except SQLAlchemyError as error:
        current_app.logger.warning("Game summaries not kept (folded again next time): %s",
                                   error)


def all_games(include_archived: bool = True) -> list[Game]:
    """Every game kept, oldest first."""
    query = select(Game).order_by(Game.created_at)
    if not include_archived:
        query = query.where(Game.archived.is_(False))
    return list(db.session.scalars(query).all())


def all_game_summaries(include_archived: bool = True) -> list[GameSummary]:
    """Every readable game's summary (a damaged game has none to count)."""
    return [s for s in summaries_of(all_games(include_archived)) if s is not None]


def known_players(most: int) -> list[str]:
    """The names of the ``most`` players who played here last, in the order they sit: the
    latest game's table in its seats, then whoever sat at an earlier one, each placed by the
    last game they played (one query, however many games are kept)."""
    latest = func.row_number().over(partition_by=GameSeat.player_id,
                                    order_by=(Game.created_at.desc(), Game.id.desc()))
    last_seats = (select(GameSeat.player_id, GameSeat.seat, Game.created_at, Game.id,
                         latest.label("latest"))
                  .join(Game, Game.id == GameSeat.game_id).subquery())
    seated = (select(Player.name)
              .join(last_seats, last_seats.c.player_id == Player.id)
              .where(last_seats.c.latest == 1)
              .order_by(last_seats.c.created_at.desc(), last_seats.c.id.desc(),
                        last_seats.c.seat)
              .limit(most))
    return list(db.session.scalars(seated))
