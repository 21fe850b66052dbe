"""Initial schema: events (immutable), idempotency keys, snapshots, secrets, players, tokens, boards, summaries.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

POSITION = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

SQLITE_TRIGGERS = [
    """CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: UPDATE refused'); END""",
    """CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'events are immutable: DELETE refused'); END""",
]

POSTGRES_TRIGGERS = [
    """CREATE FUNCTION annals_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'events are immutable: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
       END $$""",
    """CREATE TRIGGER events_refuse_update_delete BEFORE UPDATE OR DELETE ON events
       FOR EACH ROW EXECUTE FUNCTION annals_events_immutable()""",
    """CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
       FOR EACH STATEMENT EXECUTE FUNCTION annals_events_immutable()""",
]


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("position", POSITION, primary_key=True, autoincrement=False),
        sa.Column("stream_id", sa.String(200), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("event_id", sa.String(36), nullable=False),
        sa.Column("type", sa.String(100), nullable=False),
        sa.Column("schema_version", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("metadata", sa.Text, nullable=False),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("stream_id", "version", name="uq_events_stream_version"),
        sa.UniqueConstraint("event_id", name="uq_events_event_id"),
        sa.CheckConstraint("version >= 1", name="ck_events_version_positive"),
    )
    op.create_table(
        "idempotency_keys",
        sa.Column("key", sa.String(300), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("stream_id", sa.String(200), nullable=False),
        sa.Column("first_version", sa.Integer, nullable=False),
        sa.Column("last_version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("stream_id", sa.String(200), primary_key=True),
        sa.Column("ruleset_version", sa.String(40), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "secrets",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("stream_id", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("revealed_at", sa.String(32)),
        sa.UniqueConstraint("stream_id", "kind", "name", name="uq_secrets_stream_kind_name"),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("email", sa.String(320)),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("erased_at", sa.String(32)),
    )
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id", name="fk_api_tokens_player_id_players")),
        sa.Column("label", sa.String(200)),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("revoked_at", sa.String(32)),
        sa.UniqueConstraint("token_hash", name="uq_api_tokens_token_hash"),
        sa.CheckConstraint(
            "role IN ('admin','organiser','arbiter','player','viewer')", name="ck_api_tokens_role_known"
        ),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("ruleset", sa.String(64)),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_table(
        "game_summaries",
        sa.Column("game_id", sa.String(36), primary_key=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("ruleset_version", sa.String(40), nullable=False),
        sa.Column("variant", sa.String(64)),
        sa.Column("mode", sa.String(20), nullable=False),
        sa.Column("dice", sa.String(20), nullable=False),
        sa.Column("visibility", sa.String(20), nullable=False),
        sa.Column("board", sa.String(64)),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("dice_commitment", sa.String(64)),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("updated_at", sa.String(32), nullable=False),
    )
    op.create_index("ix_game_summaries_created", "game_summaries", ["created_at", "game_id"])
    op.create_table(
        "game_players",
        sa.Column(
            "game_id",
            sa.String(36),
            sa.ForeignKey("game_summaries.game_id", name="fk_game_players_game_id_game_summaries"),
            primary_key=True,
        ),
        sa.Column("seat", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id", name="fk_game_players_player_id_players")),
    )
    op.create_index("ix_game_players_player", "game_players", ["player_id"])
    triggers = POSTGRES_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS events_refuse_truncate ON events")
        op.execute("DROP TRIGGER IF EXISTS events_refuse_update_delete ON events")
        op.execute("DROP FUNCTION IF EXISTS annals_events_immutable()")
    for table in (
        "game_players",
        "game_summaries",
        "boards",
        "api_tokens",
        "players",
        "secrets",
        "snapshots",
        "idempotency_keys",
        "events",
    ):
        op.drop_table(table)
