"""Idempotent answers: a keyed request keeps the answer it got, so a retry gets the same bytes (issue 16).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Nullable: keys kept before this revision have no stored answer, and their retries rebuild one.
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("response", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_column("response")
