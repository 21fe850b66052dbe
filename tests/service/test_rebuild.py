"""Read models are a cache of the log: rebuilding them from the events gives the same answers."""

from __future__ import annotations

from sqlalchemy import select

from service.rebuild import rebuild_summaries
from service.store.tables import game_players, game_summaries
from tests.conftest import Api


def _snapshot(api: Api) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    with api.services.engine.connect() as conn:
        games = [dict(r._mapping) for r in conn.execute(select(game_summaries).order_by(game_summaries.c.game_id))]
        seats = [
            dict(r._mapping)
            for r in conn.execute(select(game_players).order_by(game_players.c.game_id, game_players.c.seat))
        ]
    return games, seats


def test_summaries_are_identical_when_rebuilt_from_the_log(any_api: Api) -> None:
    alice = any_api.player("Alice")
    ended = any_api.create_game(title="ended one", seats=[{"seat": "red", "player": alice}, {"seat": "blue"}])
    any_api.act(ended["id"], type="note", seat="red", data={"text": "gg"})
    any_api.act(ended["id"], type="end_game", data={"winners": ["red"]})
    running = any_api.create_game(title="running", visibility="private", dice="table")
    any_api.act(running["id"], type="roll", seat="blue", data={"count": 1, "dice": [4]})
    before = _snapshot(any_api)

    assert rebuild_summaries(any_api.services).games == 2

    assert _snapshot(any_api) == before
    assert {g["status"] for g in before[0]} == {"ended", "active"}
