"""Player tokens bound to a tournament (issue 13): they act only in the tournament's games at their player's
tables, and confirm only their own tables' results.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("tournament", sa.String(36), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("tournament")
