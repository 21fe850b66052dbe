"""Forks: a game's summary names the game and version it was forked from (what-if games).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # batch mode: SQLite cannot add a column with an index in one ALTER, PostgreSQL does it in place
    with op.batch_alter_table("game_summaries") as batch:
        batch.add_column(sa.Column("parent_game", sa.String(36), nullable=True))
        batch.add_column(sa.Column("fork_version", sa.Integer, nullable=True))
    op.create_index("ix_game_summaries_parent", "game_summaries", ["parent_game", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_game_summaries_parent", "game_summaries")
    with op.batch_alter_table("game_summaries") as batch:
        batch.drop_column("fork_version")
        batch.drop_column("parent_game")
