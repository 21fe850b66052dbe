"""Tournaments read model (issue 13): tournaments, their tables (a game's tournament by game id) and entrants.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("tournament_id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("format", sa.String(20), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("visibility", sa.String(20), nullable=False),
        sa.Column("rounds_planned", sa.Integer),
        sa.Column("rounds_paired", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("last_hash", sa.String(64), nullable=False),
        sa.Column("created_by", sa.String(36)),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("updated_at", sa.String(32), nullable=False),
    )
    op.create_index("ix_tournaments_created", "tournaments", ["created_at", "tournament_id"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(36), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(36)),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("result", sa.String(20), nullable=False),
    )
    op.create_index("ix_tournament_tables_game", "tournament_tables", ["game_id"])
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.String(36), primary_key=True),
        sa.Column("player_id", sa.String(36), primary_key=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("club", sa.String(200)),
        sa.Column("team", sa.String(200)),
        sa.Column("rank", sa.Integer),
        sa.Column("score", sa.String(40), nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("byes", sa.Integer, nullable=False),
    )
    op.create_index("ix_tournament_entrants_player", "tournament_entrants", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_entrants_player", "tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournament_tables_game", "tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournaments_created", "tournaments")
    op.drop_table("tournaments")
