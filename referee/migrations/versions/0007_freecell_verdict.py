"""A followed FreeCell game keeps whether its deal can be won, found once by the solver.

Revision ID: 0007_freecell_verdict
Revises: 0006_freecell_position
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_freecell_verdict"
down_revision = "0006_freecell_position"
branch_labels = None
depends_on = None


def upgrade():
    # Nullable: a plain ALTER on SQLite and PostgreSQL alike. A game kept before has none, and
    # its screen asks the solver once.
    op.add_column("freecell_position", sa.Column("verdict", sa.String(16), nullable=True))


def downgrade():
    op.drop_column("freecell_position", "verdict")
