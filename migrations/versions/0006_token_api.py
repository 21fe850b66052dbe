"""Tokens managed through the API: games a player token is bound to, expiry, last use, who created it.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("games", sa.Text, nullable=True))  # JSON list of game ids; NULL: any game
        batch.add_column(sa.Column("expires_at", sa.String(32), nullable=True))
        batch.add_column(sa.Column("last_used_at", sa.String(32), nullable=True))
        batch.add_column(sa.Column("created_by", sa.String(36), nullable=True))
    op.create_index("ix_api_tokens_created", "api_tokens", ["created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_api_tokens_created", "api_tokens")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("created_by")
        batch.drop_column("last_used_at")
        batch.drop_column("expires_at")
        batch.drop_column("games")
