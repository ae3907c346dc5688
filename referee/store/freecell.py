"""A FreeCell game followed with real cards, kept so another device (a phone) can pick it up:
where it started (a game number, or a layout tapped in) and the moves made since, each as
the card and where it went; and once the solver has looked, whether the deal can be won. The position is replayed through the rules core when read, so
what is kept is only what a player did.

``version`` counts every change; a write names the version it saw and fails with
``StaleFreeCellError`` if another device moved it on first (the kept games' rule).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import db
from .models import utc_now


# Positions the solver may expand before the screens and the API answer "couldn't tell in
# time": game 11,982's proof takes 76,643 (about 1.2 s here; its short searches first, then the
# complete one), a typical deal a few hundred; the rest is room for a layout as hard.
SOLVER_BUDGET = 100_000


class FreeCellPosition(db.Model):
    __tablename__ = "freecell_position"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # unguessable: the link
    game: Mapped[int | None]  # a Microsoft game number, or None for a layout tapped in
    layout: Mapped[list[list[str]] | None] = mapped_column(JSON)  # eight columns, as text
    moves: Mapped[list[dict[str, str]]] = mapped_column(JSON)  # [{"card", "to"}, ...]
    # The solver's answer from the deal: "solved", "unsolvable" or "unknown"; None until asked.
    verdict: Mapped[str | None] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)


class FreeCellNotFoundError(LookupError):
    """No kept FreeCell game has this id."""


class StaleFreeCellError(Exception):
    """Another device moved the game on since this one looked."""


def start(game: int | None, layout: list[list[str]] | None = None) -> FreeCellPosition:
    kept = FreeCellPosition(id=secrets.token_urlsafe(12), game=game, layout=layout, moves=[])
    db.session.add(kept)
    db.session.commit()
    return kept


def load(kept_id: str) -> FreeCellPosition:
    kept = db.session.get(FreeCellPosition, kept_id) if len(kept_id) <= 32 else None
    if kept is None:
        raise FreeCellNotFoundError(kept_id)
    return kept


def save_moves(kept_id: str, moves: list[dict[str, Any]], expected_version: int) -> int:
    """Write the moves if the game is still at ``expected_version``; the new version.
    One UPDATE guarded by the version, so two devices cannot both win."""
    table = FreeCellPosition.__table__
    done = db.session.execute(
        table.update()
        .where(table.c.id == kept_id, table.c.version == expected_version)
        .values(moves=moves, version=expected_version + 1, updated_at=utc_now()))
    db.session.commit()
    if done.rowcount != 1:
        load(kept_id)  # not found beats stale
        raise StaleFreeCellError(kept_id)
    return expected_version + 1


def save_verdict(kept: FreeCellPosition, verdict: str) -> None:
    """Keep what the solver found from the deal: it never changes, as the deal does not (two
    devices asking at once write the same answer)."""
    kept.verdict = verdict
    db.session.commit()
