"""A game remembers the new-game form that started it, so a second post of it starts nothing.

Revision ID: 0003_game_start_token
Revises: 0002_games
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_game_start_token"
down_revision = "0002_games"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTERs on both databases: SQLite adds a column in place, and a unique index
    # (unlike a constraint) needs no table rebuild. Games made before have no token (NULL),
    # which a unique index allows any number of.
    op.add_column("game", sa.Column("start_token", sa.String(64), nullable=True))
    op.create_index("uq_game_start_token", "game", ["start_token"], unique=True)


def downgrade():
    op.drop_index("uq_game_start_token", table_name="game")
    op.drop_column("game", "start_token")
