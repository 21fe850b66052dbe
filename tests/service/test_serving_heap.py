"""A serving process leaves what it built at start-up out of the cyclic collector's scans (service/serving.py)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from service.serving import _AnnalsGunicorn, frozen_after_build


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the test run collects as usual


def test_a_workers_app_is_built_then_everything_alive_is_frozen() -> None:
    built = object()
    server = _AnnalsGunicorn({"workers": 1}, threads=2, app_factory=lambda threads: built)

    assert gc.get_freeze_count() == 0
    assert server.load() is built
    assert gc.get_freeze_count() > 0


def test_garbage_left_by_the_build_is_collected_not_frozen() -> None:
    class Cycle:
        pass

    left: list[weakref.ref[Cycle]] = []

    def build() -> str:
        loop = Cycle()
        loop.me = loop  # type: ignore[attr-defined]
        left.append(weakref.ref(loop))
        return "app"

    gc.disable()  # no collection but the one under test
    try:
        assert frozen_after_build(build()) == "app"
    finally:
        gc.enable()
    assert left[0]() is None
