"""SQLAlchemy Core tables: the schema Alembic migrates to (`target_metadata`)."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_name)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

# Positions are assigned by the store under the append lock (max + 1), so they follow commit order.
POSITION = BigInteger().with_variant(Integer(), "sqlite")

# JSON is kept as canonical text, never as JSONB: the hash chain is over these exact bytes.
events = Table(
    "events",
    metadata,
    Column("position", POSITION, primary_key=True, autoincrement=False),
    Column("stream_id", String(200), nullable=False),
    Column("version", Integer, nullable=False),
    Column("event_id", String(36), nullable=False),
    Column("type", String(100), nullable=False),
    Column("schema_version", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("metadata", Text, nullable=False, key="meta"),
    Column("recorded_at", String(32), nullable=False),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    UniqueConstraint("stream_id", "version", name="uq_events_stream_version"),
    UniqueConstraint("event_id", name="uq_events_event_id"),
    CheckConstraint("version >= 1", name="version_positive"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("key", String(300), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("stream_id", String(200), nullable=False),
    Column("first_version", Integer, nullable=False),
    Column("last_version", Integer, nullable=False),
    Column("created_at", String(32), nullable=False),
    # The JSON body the request was answered with, returned again to a retry with the same key.
    Column("response", Text, nullable=True),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("stream_id", String(200), primary_key=True),
    Column("ruleset_version", String(40), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("state", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
)

secrets = Table(
    "secrets",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("stream_id", String(200), nullable=False),
    Column("kind", String(40), nullable=False),  # dice_seed | sealed
    Column("name", String(200), nullable=False),  # "dice" or "<round>:<seat>"
    Column("payload", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("revealed_at", String(32)),
    UniqueConstraint("stream_id", "kind", "name", name="uq_secrets_stream_kind_name"),
)

players = Table(
    "players",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("email", String(320)),
    Column("created_at", String(32), nullable=False),
    Column("erased_at", String(32)),
    Column("name_key", String(400), nullable=False),  # the name folded for search and order (players.name_key)
    Index("ix_players_name_key", "name_key", "id"),
)

api_tokens = Table(
    "api_tokens",
    metadata,
    Column("id", String(36), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("role", String(20), nullable=False),
    Column("player_id", String(36), ForeignKey("players.id")),
    Column("label", String(200)),
    Column("created_at", String(32), nullable=False),
    Column("revoked_at", String(32)),
    Column("games", Text),  # a JSON list of the game ids a player token may act in; NULL: any game
    Column("expires_at", String(32)),
    Column("last_used_at", String(32)),  # to the minute: written at most once a minute per token
    Column("created_by", String(36)),  # the token that created it through the API (NULL: the CLI)
    Column("tournament", String(36)),  # a player token bound to a tournament: it acts in its table games only
    CheckConstraint("role IN ('admin','organiser','arbiter','player','viewer')", name="role_known"),
    Index("ix_api_tokens_created", "created_at", "id"),
)

boards = Table(
    "boards",
    metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the canonical document
    Column("ruleset", String(64)),
    Column("name", String(200), nullable=False),
    Column("document", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
)

game_summaries = Table(
    "game_summaries",
    metadata,
    Column("game_id", String(36), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("ruleset_version", String(40), nullable=False),
    Column("variant", String(64)),
    Column("mode", String(20), nullable=False),
    Column("dice", String(20), nullable=False),
    Column("visibility", String(20), nullable=False),
    Column("board", String(64)),
    Column("options", Text, nullable=False),  # canonical JSON of the effective options
    Column("dice_commitment", String(64)),
    Column("seats", Text, nullable=False),  # canonical JSON [{seat, player}]
    Column("status", String(20), nullable=False),  # active | ended
    Column("version", Integer, nullable=False),
    Column("last_hash", String(64), nullable=False),
    Column("created_by", String(36)),
    Column("created_at", String(32), nullable=False),
    Column("updated_at", String(32), nullable=False),
    Column("parent_game", String(36)),  # a fork: the game it was forked from
    Column("fork_version", Integer),  # a fork: the parent's version its history stops at
    Index("ix_game_summaries_created", "created_at", "game_id"),
    Index("ix_game_summaries_parent", "parent_game", "created_at"),
)

game_players = Table(
    "game_players",
    metadata,
    Column("game_id", String(36), ForeignKey("game_summaries.game_id"), primary_key=True),
    Column("seat", String(64), primary_key=True),
    Column("player_id", String(36), ForeignKey("players.id")),
    Index("ix_game_players_player", "player_id"),
)


# The disputes read model (issue 8): one row per `dispute:<id>` stream, updated in the append transaction.
disputes = Table(
    "disputes",
    metadata,
    Column("dispute_id", String(36), primary_key=True),
    Column("game_id", String(36), nullable=False),  # no foreign key: each read model rebuilds on its own
    Column("version", Integer, nullable=False),  # the disputed version of the game
    Column("claim", Text, nullable=False),
    Column("status", String(20), nullable=False),  # open | upheld | overturned
    Column("raised_by", String(80)),  # "player:<id>" or "token:<id>"
    Column("rulings", Integer, nullable=False),
    Column("appeals", Integer, nullable=False),
    Column("last_ruling", Text),  # canonical JSON of the newest RulingIssued data, or NULL
    Column("stream_version", Integer, nullable=False),
    Column("opened_at", String(32), nullable=False),
    Column("updated_at", String(32), nullable=False),
    Index("ix_disputes_opened", "opened_at", "dispute_id"),
    Index("ix_disputes_game_status", "game_id", "status"),
)

dispute_rules = Table(
    "dispute_rules",
    metadata,
    Column("dispute_id", String(36), ForeignKey("disputes.dispute_id"), primary_key=True),
    Column("rule_id", String(64), primary_key=True),
    Index("ix_dispute_rules_rule", "rule_id"),
)

# Signed checkpoints (issue 16, point 3): stream heads and chained global heads; never updated or deleted.
checkpoints = Table(
    "checkpoints",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(10), nullable=False),  # stream | global
    Column("stream_id", String(200)),  # a stream checkpoint's stream
    Column("version", Integer),  # a stream checkpoint's version
    Column("position", POSITION),  # a global checkpoint's last position
    Column("streams", Integer),  # a global checkpoint's number of streams
    Column("head", String(64), nullable=False),  # the stream's head hash, or the hash of every stream's head
    Column("prev", String(64)),  # a global checkpoint: the hash of the global checkpoint before it
    Column("signed_at", String(32), nullable=False),
    Column("key_id", String(16), nullable=False),
    Column("signature", String(100), nullable=False),
    CheckConstraint("kind IN ('stream','global')", name="kind_known"),
    Index("ix_checkpoints_stream_id", "stream_id", "id"),
    Index("ix_checkpoints_kind", "kind", "id"),
)

# The tournaments read model (issue 13): each row is the fold of a `tournament:<id>` stream, rewritten whole in
# the append transaction (a tournament is small) and rebuildable from the log (`annals rebuild`).
tournaments = Table(
    "tournaments",
    metadata,
    Column("tournament_id", String(36), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("format", String(20), nullable=False),  # swiss | league
    Column("status", String(20), nullable=False),  # registration | running | finished
    Column("visibility", String(20), nullable=False),
    Column("rounds_planned", Integer),
    Column("rounds_paired", Integer, nullable=False),
    Column("players", Integer, nullable=False),  # registered and not dropped
    Column("version", Integer, nullable=False),
    Column("last_hash", String(64), nullable=False),
    Column("created_by", String(36)),
    Column("created_at", String(32), nullable=False),
    Column("updated_at", String(32), nullable=False),
    Index("ix_tournaments_created", "created_at", "tournament_id"),
)

tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", String(36), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("game_id", String(36)),
    Column("players", Text, nullable=False),  # canonical JSON [player], in seat order
    Column("seats", Text, nullable=False),  # canonical JSON {player: seat}
    Column("result", String(20), nullable=False),  # none | provisional | approved
    Index("ix_tournament_tables_game", "game_id"),
)

tournament_entrants = Table(
    "tournament_entrants",
    metadata,
    Column("tournament_id", String(36), primary_key=True),
    Column("player_id", String(36), primary_key=True),
    Column("status", String(20), nullable=False),  # active | dropped
    Column("club", String(200)),
    Column("team", String(200)),
    Column("rank", Integer),  # in the current standings
    Column("score", String(40), nullable=False),  # exact fraction, "170/3"
    Column("games", Integer, nullable=False),
    Column("byes", Integer, nullable=False),
    Index("ix_tournament_entrants_player", "player_id"),
)

# One-time login links (issue 14): the code's hash and the token it gives once, minted at redemption.
login_codes = Table(
    "login_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("spec", Text, nullable=False),  # JSON: role, player, label, games, tournament, expires_at of the token
    Column("created_by", String(36)),
    Column("created_at", String(32), nullable=False),
    Column("expires_at", String(32), nullable=False),
    Column("used_at", String(32)),
)
