"""One-time login links for browsers (issue 14): a code's hash and the token it gives once.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("expires_at", sa.String(32), nullable=False),
        sa.Column("used_at", sa.String(32)),
    )


def downgrade() -> None:
    op.drop_table("login_codes")
