"""Checkpoints: signed stream heads and signed, chained global heads of the log (issue 16, point 3).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

POSITION = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

# Checkpoints are evidence: like events, the database refuses to change or remove them.
SQLITE_TRIGGERS = [
    """CREATE TRIGGER checkpoints_refuse_update BEFORE UPDATE ON checkpoints
       BEGIN SELECT RAISE(ABORT, 'checkpoints are immutable: UPDATE refused'); END""",
    """CREATE TRIGGER checkpoints_refuse_delete BEFORE DELETE ON checkpoints
       BEGIN SELECT RAISE(ABORT, 'checkpoints are immutable: DELETE refused'); END""",
]

POSTGRES_TRIGGERS = [
    """CREATE FUNCTION annals_checkpoints_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'checkpoints are immutable: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
       END $$""",
    """CREATE TRIGGER checkpoints_refuse_update_delete BEFORE UPDATE OR DELETE ON checkpoints
       FOR EACH ROW EXECUTE FUNCTION annals_checkpoints_immutable()""",
    """CREATE TRIGGER checkpoints_refuse_truncate BEFORE TRUNCATE ON checkpoints
       FOR EACH STATEMENT EXECUTE FUNCTION annals_checkpoints_immutable()""",
]


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("stream_id", sa.String(200), nullable=True),
        sa.Column("version", sa.Integer, nullable=True),
        sa.Column("position", POSITION, nullable=True),
        sa.Column("streams", sa.Integer, nullable=True),
        sa.Column("head", sa.String(64), nullable=False),
        sa.Column("prev", sa.String(64), nullable=True),
        sa.Column("signed_at", sa.String(32), nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("signature", sa.String(100), nullable=False),
        sa.CheckConstraint("kind IN ('stream','global')", name="ck_checkpoints_kind_known"),
    )
    op.create_index("ix_checkpoints_stream_id", "checkpoints", ["stream_id", "id"])
    op.create_index("ix_checkpoints_kind", "checkpoints", ["kind", "id"])
    triggers = POSTGRES_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS checkpoints_refuse_truncate ON checkpoints")
        op.execute("DROP TRIGGER IF EXISTS checkpoints_refuse_update_delete ON checkpoints")
        op.execute("DROP FUNCTION IF EXISTS annals_checkpoints_immutable()")
    op.drop_index("ix_checkpoints_kind", "checkpoints")
    op.drop_index("ix_checkpoints_stream_id", "checkpoints")
    op.drop_table("checkpoints")
