"""Games kept as event logs: players, games, seats, events.

Revision ID: 0002_games
Revises: 0001_baseline
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_games"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(30), nullable=False),
        sa.Column("name_key", sa.String(30), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_player_name_key"),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("edit_key_hash", sa.String(64), nullable=False),
        sa.Column("ruleset", sa.String(20), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "game_seat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
    )
    op.create_index("ix_game_seat_player_id", "game_seat", ["player_id"])
    op.create_table(
        "game_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("undone_in", sa.Integer(), nullable=True),
        sa.Column("undone_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("game_id", "version", name="uq_game_event_version"),
    )
    op.create_index("ix_game_event_game", "game_event", ["game_id"])


def downgrade():
    op.drop_index("ix_game_event_game", table_name="game_event")
    op.drop_table("game_event")
    op.drop_index("ix_game_seat_player_id", table_name="game_seat")
    op.drop_table("game_seat")
    op.drop_table("game")
    op.drop_table("player")
