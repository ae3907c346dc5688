"""A game keeps its summary (what the games list and the players' page show of it) with the
version it describes, so a server that starts does not fold every game to list them.

Revision ID: 0004_game_summary
Revises: 0003_game_start_token
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_game_summary"
down_revision = "0003_game_start_token"
branch_labels = None
depends_on = None


def upgrade():
    # Nullable columns: plain ALTERs on SQLite and PostgreSQL alike. Games kept before have
    # none (NULL); the first read that lists them folds them once and fills them in.
    op.add_column("game", sa.Column("summary", sa.JSON(), nullable=True))
    op.add_column("game", sa.Column("summary_version", sa.Integer(), nullable=True))


def downgrade():
    op.drop_column("game", "summary_version")
    op.drop_column("game", "summary")
