"""Snapshots are a disposable cache (DESIGN §5): deleting them, or the in-process cache, changes no answer.

They are written after the append commits, never in its transaction, and after an upgrade of the ruleset's code
the snapshots of the old build are never read: the game is re-folded once, in the background (issue 19, point 4).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Connection, func, select, update

from domain.rulesets.freeform import FREEFORM
from service.auth import Principal
from service.snapshot_cache import Refolder, build_of
from service.store import snapshots
from service.store.tables import snapshots as snapshots_table
from tests.conftest import Api, _api, _finish, _make_app

SNAPSHOT_EVERY = 5
ADMIN = Principal(token_id="test", role="admin")
VERSIONS = (1, 2, 4, 5, 6, 9, 10, 11, 14, 15, 16, 19, 20, 21, 23, 24)
VIEWERS = ("spectator", "red", "blue", "arbiter")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'snapshots.db'}"


@pytest.fixture
def apps(url: str) -> Iterator[list[Flask]]:
    """Apps made on the same database; each is disposed of (and its responses checked) at the end."""
    made: list[Flask] = []
    yield made
    for app in made:
        _finish(app)


def _new_api(url: str, apps: list[Flask]) -> Api:
    app = _make_app(url, SNAPSHOT_EVERY=SNAPSHOT_EVERY)
    apps.append(app)
    return _api(app)


def _record_23_actions(api: Api) -> str:
    """Moves and rolls, an adjustment, a sealed round with one seal, attacks and notes: versions 2..24.

    The adjustment (v16) and the seal (v18) come before the snapshot at v20, so a snapshot that lost
    either would show in the answers.
    """
    game: str = api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}])["id"]
    steps: list[dict[str, Any]] = []
    for turn in range(1, 8):
        steps.append({"type": "move", "seat": "red", "data": {"turn": turn}})
        steps.append({"type": "roll", "seat": "blue", "data": {"count": turn}})
    # FF-POSITION-2 (CORE-ADJUST-3): 9 moves and 7 rolls make 16 actions.
    changes = [{"op": "set", "path": "/counts/move", "value": 9}, {"op": "set", "path": "/actions", "value": 16}]
    steps.append({"type": "adjust", "data": {"changes": changes, "reason": "two moves were not entered"}})
    steps.append({"type": "open_sealed", "data": {"round": "initiative"}})
    steps.append({"sealed": {"seat": "red", "round": "initiative", "payload": {"bid": 2}}})
    for turn in range(8, 12):
        steps.append({"type": "attack", "seat": ("red", "blue")[turn % 2], "data": {"turn": turn}})
    steps.append({"type": "note", "seat": "red", "data": {"text": "last turn"}})
    steps.append({"type": "note", "seat": "blue", "data": {"text": "agreed"}})
    assert len(steps) == 23
    for step in steps:
        if "sealed" in step:
            response = api.client.post(f"/api/v1/games/{game}/sealed", json=step["sealed"], headers=api.headers())
        else:
            response = api.send_action(game, step, "arbiter" if step["type"] == "adjust" else "admin")
        assert response.status_code == 201, response.get_json()
    return game


def _answers(api: Api, game: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for version in VERSIONS:
        for viewer in VIEWERS:
            response = api.client.get(f"/api/v1/games/{game}/state?at={version}&as={viewer}", headers=api.headers())
            assert response.status_code == 200, response.get_json()
            found[f"{version}/{viewer}"] = (response.headers["ETag"], response.get_json())
    latest = api.client.get(f"/api/v1/games/{game}/state?as=arbiter", headers=api.headers())
    found["latest"] = (latest.headers["ETag"], latest.get_json())
    found["events"] = api.client.get(f"/api/v1/games/{game}/events", headers=api.headers()).get_json()
    found["verify"] = api.client.get(f"/api/v1/games/{game}/verify").get_json()
    return found


def _snapshot_count(api: Api) -> int:
    with api.services.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(snapshots_table)).scalar_one())


def test_every_answer_is_the_same_when_snapshots_and_the_cache_are_dropped(url: str, apps: list[Flask]) -> None:
    first = _new_api(url, apps)
    game = _record_23_actions(first)
    assert first.client.get(f"/api/v1/games/{game}").get_json()["version"] == 24
    assert _snapshot_count(first) >= 4
    with_cache = _answers(first, game)

    from_snapshots = _answers(_new_api(url, apps), game)
    assert snapshots.drop_all(first.services.engine) >= 4
    from_the_log = _answers(_new_api(url, apps), game)

    assert from_snapshots == with_cache
    assert from_the_log == with_cache
    at_20 = with_cache["20/arbiter"][1]["state"]
    assert at_20["state"]["counts"]["move"] == 9
    assert at_20["meta"]["adjustments"] == 1
    assert at_20["meta"]["sealed"]["initiative"]["commitments"].keys() == {"red"}


def test_actions_continue_from_the_log_when_snapshots_were_dropped(url: str, apps: list[Flask]) -> None:
    first = _new_api(url, apps)
    game = _record_23_actions(first)
    snapshots.drop_all(first.services.engine)
    fresh = _new_api(url, apps)

    response = fresh.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": "blue", "round": "initiative", "payload": {"bid": 4}},
        headers=fresh.headers(),
    )

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["version"] == 26
    revealed = response.get_json()["events"][-1]["data"]["submissions"]
    assert {seat: s["payload"] for seat, s in revealed.items()} == {"red": {"bid": 2}, "blue": {"bid": 4}}
    counts = fresh.client.get(f"/api/v1/games/{game}/state").get_json()["state"]["rules"]["counts"]
    assert counts == {"move": 9, "roll": 7, "open_sealed": 1, "attack": 4, "note": 2}


def _snapshot_rows(api: Api) -> list[tuple[str, int]]:
    with api.services.engine.connect() as conn:
        query = select(snapshots_table.c.ruleset_version, snapshots_table.c.version).order_by(snapshots_table.c.version)
        return [(row.ruleset_version, row.version) for row in conn.execute(query)]


def test_an_append_stands_when_its_snapshot_cannot_be_written(
    url: str, apps: list[Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot is a cache written after the commit: its failure neither fails nor rolls back the append."""

    def broken_disk(*args: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(snapshots, "save", broken_disk)
    api = _new_api(url, apps)
    game = _record_23_actions(api)  # every response was a 201 (checked inside)

    assert _snapshot_rows(api) == []
    assert api.client.get(f"/api/v1/games/{game}").get_json()["version"] == 24
    events = api.client.get(f"/api/v1/games/{game}/events?limit=100", headers=api.headers()).get_json()
    assert len(events["items"]) == 24
    assert api.client.get(f"/api/v1/games/{game}/verify").get_json()["ok"] is True


def test_a_snapshot_is_written_once_its_append_has_committed(
    url: str, apps: list[Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the snapshot at version v is written, another connection already reads version v in the log."""
    api = _new_api(url, apps)
    seen: list[tuple[int, int]] = []
    real_save = snapshots.save

    def watching(conn: Connection, stream_id: str, build: str, version: int, state: Any, created_at: str) -> None:
        seen.append((version, api.services.store.stream_version(stream_id)))  # a fresh connection: committed only
        real_save(conn, stream_id, build, version, state, created_at)

    monkeypatch.setattr(snapshots, "save", watching)
    _record_23_actions(api)

    assert [version for version, _ in seen] == [5, 10, 15, 20]
    assert all(committed >= version for version, committed in seen), seen


def test_snapshots_of_an_older_build_are_never_read_and_the_game_is_refolded_once_in_the_background(
    url: str, apps: list[Flask]
) -> None:
    """After an upgrade of the ruleset's code: the reader folds from the log and writes nothing; one re-fold in
    the background writes the new build's snapshots and drops the old ones."""
    first = _new_api(url, apps)
    game = _record_23_actions(first)
    expected = _answers(first, game)
    build = build_of(FREEFORM)
    assert _snapshot_rows(first) == [(build, 5), (build, 10), (build, 15), (build, 20)]
    # The snapshots as an older build of freeform wrote them, with a count this build would never fold to.
    with first.services.engine.begin() as conn:
        conn.execute(update(snapshots_table).values(ruleset_version="1.0.0+0000000000000000", state=_wrong_state(conn)))

    upgraded = _new_api(url, apps)
    loader = upgraded.services.loader
    release = threading.Event()
    jobs: list[str] = []

    def held_refold(game_id: str) -> None:
        jobs.append(game_id)
        release.wait(10)
        loader.refold(game_id)

    loader.refolder = Refolder(held_refold)
    answers = _answers(upgraded, game)  # 16 versions x 4 viewers, the latest state, events, verify

    assert answers == expected
    assert {version for _, version in _snapshot_rows(upgraded)} == {5, 10, 15, 20}  # nothing written by a reader
    assert {b for b, _ in _snapshot_rows(upgraded)} == {"1.0.0+0000000000000000"}
    release.set()
    assert loader.refolder.wait_idle()
    assert jobs == [game]
    assert _snapshot_rows(upgraded) == [(build, 5), (build, 10), (build, 15), (build, 20)]
    loader.forget(game)
    assert _answers(upgraded, game) == expected
    assert loader.refolder.wait_idle() and jobs == [game] and loader.refolder.done == 1
    loader.refolder.close()


def _wrong_state(conn: Connection) -> str:
    """The snapshot at version 20 with its move count off by 100 (what a changed evolve might have kept)."""
    document: str = conn.execute(select(snapshots_table.c.state).where(snapshots_table.c.version == 20)).scalar_one()
    return document.replace('"move":9', '"move":109')


def test_a_snapshot_written_twice_is_kept_once_on_every_backend(any_api: Api) -> None:
    """An append and a background re-fold may both write version v: the second write keeps the first row."""
    game = any_api.create_game(seats=[{"seat": "red"}, {"seat": "blue"}])["id"]
    any_api.act(game, type="note", seat="red", data={"text": "one"})
    loaded = any_api.services.loader.load(game, ADMIN)

    assert any_api.services.loader.save_snapshot(loaded.ruleset, loaded.game)
    assert any_api.services.loader.save_snapshot(loaded.ruleset, loaded.game)

    found = snapshots.latest(any_api.services.engine, f"game:{game}", build_of(FREEFORM), None)
    assert found is not None and found[0] == 2
    assert _snapshot_rows(any_api) == [(build_of(FREEFORM), 2)]
