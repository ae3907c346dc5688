"""The tables. A game is its setup and its event log; its state is derived from them (and
kept, as a shortcut only, in ``game_snapshot``).

``Game.version`` counts every change (an event appended or undone); a write
names the version it saw and fails if another device moved it on first.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db


def utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Player(db.Model):
    """Someone who has played at this table; names are matched ignoring case."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(30))
    name_key: Mapped[str] = mapped_column(String(30))  # text.name_key(name): one row for one person
    __table_args__ = (UniqueConstraint("name_key", name="uq_player_name_key"),)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    # The same person under another name (``store.history.join_names``): their history is
    # that row's. Always a row that is nobody else's, so one step finds the person.
    same_as_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id", name="fk_player_same_as"))


class Game(db.Model):
    __tablename__ = "game"
    __table_args__ = (Index("uq_game_start_token", "start_token", unique=True),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # unguessable: the read key
    edit_key_hash: Mapped[str] = mapped_column(String(64))
    ruleset: Mapped[str] = mapped_column(String(20))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(default=0)
    finished: Mapped[bool] = mapped_column(default=False)  # kept in step, for the games list
    archived: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now)
    # When it became finished: kept through corrections that leave it finished, cleared by an
    # undo that takes it back to unfinished. Ratings are rated in this order.
    finished_at: Mapped[datetime | None]
    # The new-game form's one-time token: a second post of the same form finds this game.
    start_token: Mapped[str | None] = mapped_column(String(64))
    # What the games list and the players' page show of the game (``GameSummary.to_dict``), and
    # the version it describes: written with every change, so a server that starts lists the
    # games without folding them. NULL (or an older version) for a game kept before: folded
    # when first listed, and filled in then.
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    summary_version: Mapped[int | None]

    seats: Mapped[list[GameSeat]] = relationship(order_by="GameSeat.seat",
                                                 cascade="all, delete-orphan")
    events: Mapped[list[GameEvent]] = relationship(order_by="GameEvent.version",
                                                   cascade="all, delete-orphan")


class GameSeat(db.Model):
    __tablename__ = "game_seat"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)

    player: Mapped[Player] = relationship()


class GameEvent(db.Model):
    """One step of a game. Never deleted or changed, except to mark it undone."""

    __tablename__ = "game_event"
    __table_args__ = (UniqueConstraint("game_id", "version", name="uq_game_event_version"),
                      Index("ix_game_event_game", "game_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    version: Mapped[int]  # the game's version this event made
    kind: Mapped[str] = mapped_column(String(30))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    undone_in: Mapped[int | None]  # the game's version the undo made
    undone_at: Mapped[datetime | None]


class GameSnapshot(db.Model):
    """A game's folded state at one version (``store.snapshots``): where a server that has
    just started begins folding a long game, instead of at its first event. Derived data,
    never the record: backups leave it out, a restore drops it, and one that cannot be read
    (damaged, or folded by other rules' code) is passed over for the log."""

    __tablename__ = "game_snapshot"

    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True)
    version: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16))  # which rules' code folded it
    seal: Mapped[str] = mapped_column(String(64))  # HMAC of the rest, by the app's secret key
    state: Mapped[bytes] = mapped_column(LargeBinary)


class SignIn(db.Model):
    """A device signed in with the instance password (``referee.doors``): its session
    cookie names the row, and signing out deletes it, so a copy of the cookie signs in no more.
    Only a digest of the cookie's id is kept."""

    __tablename__ = "sign_in"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    signed_in_at: Mapped[datetime] = mapped_column(default=utc_now, index=True)


class EditRight(db.Model):
    """A game a device may score (``store.edit_rights``): the one that started it, or any that
    opened its join link. The device is named by a digest of its id, and its key for the game
    is kept sealed by that id, which only the device's session cookie holds: a copy of the
    database (a backup) gives nobody the right to score."""

    __tablename__ = "edit_right"

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True, index=True)
    sealed_key: Mapped[str] = mapped_column(Text)  # as long as the key (hex: twice)
    granted_at: Mapped[datetime] = mapped_column(default=utc_now)


# Tables not backed up, emptied by a restore: data derived from the others, and the devices
# signed in (a restored server asks each device for the password again). A device's rights
# to its games are backed up: a restored server lets each device score as before.
NOT_BACKED_UP = frozenset({GameSnapshot.__tablename__, SignIn.__tablename__})
