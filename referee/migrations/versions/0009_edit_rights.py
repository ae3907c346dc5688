"""The games each device may score, kept on the server instead of only in its session cookie
(which held the newest 30 and dropped older ones without a word).

Revision ID: 0009_edit_rights
Revises: 0008_sign_in
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_edit_rights"
down_revision = "0008_sign_in"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "edit_right",
        sa.Column("device", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("game.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("sealed_key", sa.Text(), nullable=False),
        sa.Column("granted_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_edit_right_game_id", "edit_right", ["game_id"])


def downgrade():
    op.drop_index("ix_edit_right_game_id", table_name="edit_right")
    op.drop_table("edit_right")
