"""Migrations that move data, run on both databases against rows written at the revision before them."""

from __future__ import annotations

from sqlalchemy import text

from service.store.engine import make_engine
from service.store.migrate import upgrade


def test_players_registered_before_0007_are_found_by_their_folded_name(backend_url: str) -> None:
    engine = make_engine(backend_url)
    try:
        upgrade(engine, "0006")
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO players (id, name, email, created_at) VALUES (:id, :name, NULL, :at)"),
                [
                    {"id": "p1", "name": "Ágnes KOVÁCS", "at": "2026-11-01T00:00:00Z"},
                    {"id": "p2", "name": "Øyvind", "at": "2026-11-01T00:00:00Z"},
                ],
            )

        upgrade(engine)

        with engine.connect() as conn:
            keys: dict[str, str] = dict(conn.execute(text("SELECT id, name_key FROM players ORDER BY id")).all())
        assert keys == {"p1": "agnes kovacs", "p2": "øyvind"}  # Ø is a letter of its own, not O with a mark
    finally:
        engine.dispose()
