"""The devices signed in with the instance password, so that signing out ends a cookie.

Revision ID: 0008_sign_in
Revises: 0007_freecell_verdict
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_sign_in"
down_revision = "0007_freecell_verdict"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "sign_in",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("signed_in_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_sign_in_signed_in_at", "sign_in", ["signed_in_at"])


def downgrade():
    op.drop_index("ix_sign_in_signed_in_at", table_name="sign_in")
    op.drop_table("sign_in")
