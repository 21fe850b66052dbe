"""Seek answers the same with and without snapshots, for every sample game and any snapshot boundaries (issue 7).

Each sample of the corpus (every ruleset) is recorded once; hypothesis then chooses which versions hold a
snapshot and which versions to read. The loader, which starts from the newest snapshot at or before the target
and folds the tail, must give the state a plain fold of the log gives, for every viewer's view too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import registry
from domain.canonical import canonical_json
from domain.kernel import Viewer, fold, game_to_json
from service.auth import Principal
from service.loading import stream_of, upcasters_of
from service.samples import SAMPLES, game_of, load_sample
from service.snapshot_cache import build_of
from service.store import snapshots
from tests.conftest import _api, _finish, _make_app

ADMIN = Principal(token_id="test", role="admin")
SAMPLE_FILES = sorted(SAMPLES.glob("*.sample.json"))


class Recorded:
    """One sample recorded in its own database, with the events and the pure fold of every prefix."""

    def __init__(self, sample: Path, tmp: Path) -> None:
        # Snapshots are written only by the test: the app's own interval is beyond every sample's length.
        self.app = _make_app(f"sqlite:///{tmp / 'seek.db'}", SNAPSHOT_EVERY=1_000_000)
        self.services = _api(self.app).services
        self.game_id = game_of(load_sample(self.services, sample))
        summary = self.services.loader.summary(self.game_id, ADMIN)
        self.ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        self.board = self.services.loader.board(summary["board"])
        self.seats = [s["seat"] for s in summary["seats"]]
        upcasters = upcasters_of(self.ruleset)
        self.events = self.services.store.read_facts(stream_of(self.game_id), 0, summary["version"], upcasters)

    def folded(self, version: int) -> Any:
        return fold(self.ruleset, self.events[:version], self.board)

    def place_snapshots(self, versions: set[int]) -> None:
        snapshots.drop_all(self.services.engine)
        with self.services.engine.begin() as conn:
            for version in sorted(versions):
                state = game_to_json(self.ruleset, self.folded(version))
                snapshots.save(
                    conn, stream_of(self.game_id), build_of(self.ruleset), version, state, "2026-01-01T00:00:00Z"
                )
        self.services.loader.forget(self.game_id)


@pytest.fixture(scope="module", params=SAMPLE_FILES, ids=lambda p: Path(p).name)
def recorded(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Recorded]:
    game = Recorded(request.param, tmp_path_factory.mktemp("seek"))
    yield game
    _finish(game.app)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_seek_equals_the_plain_fold_when_snapshots_sit_at_any_versions(recorded: Recorded, data: st.DataObject) -> None:
    length = len(recorded.events)
    boundaries = data.draw(st.sets(st.integers(1, length), max_size=6), label="snapshot versions")
    targets = data.draw(st.lists(st.integers(1, length), min_size=1, max_size=5), label="read versions")
    recorded.place_snapshots(boundaries)

    for target in targets:
        loaded = recorded.services.loader.load(recorded.game_id, ADMIN, at=target).game
        expected = recorded.folded(target)
        assert loaded.version == target
        assert canonical_json(game_to_json(recorded.ruleset, loaded)) == canonical_json(
            game_to_json(recorded.ruleset, expected)
        )
        for seat in recorded.seats[:2]:
            viewer = Viewer(seat=seat)
            assert recorded.ruleset.view(loaded.state, viewer) == recorded.ruleset.view(expected.state, viewer)
