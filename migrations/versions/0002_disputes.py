"""Disputes read model: one row per dispute stream, and the rule ids it cites (precedents by rule id).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "disputes",
        sa.Column("dispute_id", sa.String(36), primary_key=True),
        sa.Column("game_id", sa.String(36), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("claim", sa.Text, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("raised_by", sa.String(80)),
        sa.Column("rulings", sa.Integer, nullable=False),
        sa.Column("appeals", sa.Integer, nullable=False),
        sa.Column("last_ruling", sa.Text),
        sa.Column("stream_version", sa.Integer, nullable=False),
        sa.Column("opened_at", sa.String(32), nullable=False),
        sa.Column("updated_at", sa.String(32), nullable=False),
    )
    op.create_index("ix_disputes_opened", "disputes", ["opened_at", "dispute_id"])
    op.create_index("ix_disputes_game_status", "disputes", ["game_id", "status"])
    op.create_table(
        "dispute_rules",
        sa.Column(
            "dispute_id",
            sa.String(36),
            sa.ForeignKey("disputes.dispute_id", name="fk_dispute_rules_dispute_id_disputes"),
            primary_key=True,
        ),
        sa.Column("rule_id", sa.String(64), primary_key=True),
    )
    op.create_index("ix_dispute_rules_rule", "dispute_rules", ["rule_id"])


def downgrade() -> None:
    op.drop_table("dispute_rules")
    op.drop_table("disputes")
