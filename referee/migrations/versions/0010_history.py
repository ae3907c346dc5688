"""The family's history: when each game finished (the order its ratings are rated in), and
names joined as one person (a player row may say which row it is the same as).

A game finished before keeps its last change's time as its finish: the change that finished
it, or a correction made after.

Revision ID: 0010_history
Revises: 0009_edit_rights
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_history"
down_revision = "0009_edit_rights"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("finished_at", sa.DateTime(), nullable=True))
    game = sa.table("game", sa.column("finished", sa.Boolean()),
                    sa.column("updated_at", sa.DateTime()),
                    sa.column("finished_at", sa.DateTime()))
    op.execute(game.update().where(game.c.finished == sa.true())
               .values(finished_at=game.c.updated_at))
    # A table of its own on SQLite (batch), so the column can carry its foreign key there too.
    with op.batch_alter_table("player") as player:
        player.add_column(sa.Column("same_as_id", sa.Integer(), nullable=True))
        player.create_foreign_key("fk_player_same_as", "player", ["same_as_id"], ["id"])


def downgrade():
    with op.batch_alter_table("player") as player:
        player.drop_constraint("fk_player_same_as", type_="foreignkey")
        player.drop_column("same_as_id")
    op.drop_column("game", "finished_at")
