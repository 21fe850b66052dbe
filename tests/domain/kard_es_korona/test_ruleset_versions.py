"""Kard és Korona ships its versions side by side (domain/registry.py): new games take the newest, a game keeps the
version it was created with, and every version builds its states under its own rulings."""

from __future__ import annotations

from domain import registry
from domain.kernel import Seat
from domain.rulesets.kard_es_korona import KARD_ES_KORONA, KARD_ES_KORONA_1_0_0, VERSIONS
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS

SEATS = [Seat("felvidek"), Seat("erdely"), Seat("szlavonia")]
OPTIONS = {**KARD_ES_KORONA.default_options, "variant": "basic"}


def test_the_versions_are_listed_oldest_first_and_the_newest_is_current() -> None:
    assert registry.versions("kard_es_korona") == ("1.0.0", "1.1.0")
    assert registry.current("kard_es_korona") is KARD_ES_KORONA
    assert registry.pinned("kard_es_korona", "1.0.0") is KARD_ES_KORONA_1_0_0
    assert registry.pinned("kard_es_korona", "1.1.0") is KARD_ES_KORONA
    assert registry.shipped("kard_es_korona") == (KARD_ES_KORONA_1_0_0, KARD_ES_KORONA)


def test_every_version_builds_its_states_with_its_own_amendments_and_dumps_them_alike() -> None:
    for ruleset in VERSIONS:
        state = ruleset.setup(OPTIONS, SHIPPED_BOARDS["basic"], SEATS)
        document = ruleset.dump_state(state)

        assert state.amendments == ruleset.amendments
        assert ruleset.load_state(document).amendments == ruleset.amendments
        assert "amendments" not in document  # not a fact of the table: views and `adjust` never see it
    older, newer = (
        r.dump_state(r.setup(OPTIONS, SHIPPED_BOARDS["basic"], SEATS)) for r in registry.shipped("kard_es_korona")
    )
    assert older == newer
