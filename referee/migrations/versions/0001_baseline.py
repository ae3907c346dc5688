"""Baseline: the empty schema every later migration builds on.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-11-22
"""

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    pass


def downgrade():
    pass
