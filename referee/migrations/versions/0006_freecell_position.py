"""A FreeCell game followed with real cards: its start and its moves, for a phone to pick up.

Revision ID: 0006_freecell_position
Revises: 0005_game_snapshot
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_freecell_position"
down_revision = "0005_game_snapshot"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "freecell_position",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.Integer(), nullable=True),
        sa.Column("layout", sa.JSON(), nullable=True),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )


def downgrade():
    op.drop_table("freecell_position")
