"""Players listed and searched by name: a folded key (case and accents away) kept beside each name.

SQLite's lower() and LIKE fold ASCII only, so "agnes" would not find "Ágnes"; the key is folded in Python
(service.store.players.name_key) and stored, the same way on both databases.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    # A copy of service.store.players.name_key as it was at this revision: migrations never import the app.
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.String(400), nullable=True))
    players = sa.table("players", sa.column("id", sa.String), sa.column("name", sa.String), sa.column("name_key"))
    conn = op.get_bind()
    for row in conn.execute(sa.select(players.c.id, players.c.name)).all():
        conn.execute(sa.update(players).where(players.c.id == row.id).values(name_key=_key(row.name)))
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name_key", existing_type=sa.String(400), nullable=False)
    op.create_index("ix_players_name_key", "players", ["name_key", "id"])


def downgrade() -> None:
    op.drop_index("ix_players_name_key", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
