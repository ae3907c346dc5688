"""A game's folded state kept every so many versions, so a server that starts does not fold
a long game's whole log on its first read.

Revision ID: 0005_game_snapshot
Revises: 0004_game_summary
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_game_snapshot"
down_revision = "0004_game_summary"
branch_labels = None
depends_on = None


def upgrade():
    # Empty at first: games kept before get their snapshots as they are read or played on.
    op.create_table(
        "game_snapshot",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("seal", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )


def downgrade():
    op.drop_table("game_snapshot")
