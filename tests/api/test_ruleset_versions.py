"""Ruleset versions through HTTP: a ruleset ships a new version beside the old; new games take the newest, and a
game recorded under an older one keeps it when it is replayed, forked, exported and imported, and a tournament
keeps the version it was created with for every table."""

from __future__ import annotations

from typing import Any

import pytest

from domain import registry
from domain.rulesets.kard_es_korona.ruleset import VERSIONS, KardEsKoronaRuleset
from service.samples import SAMPLES, game_of, load_sample
from service.snapshot_cache import build_of
from tests.conftest import Api

API = "/api/v1"
NDJSON = "application/x-ndjson"
# The shortest Kard és Korona sample, recorded under 1.0.0 (its file names the version).
SAMPLE = SAMPLES / "kard_es_korona_basic_castle_victory.sample.json"
# The cedofan RV sample, recorded under 1.0.0 (before the siege and loot-slip rulings of 1.1.0).
RV_SAMPLE = SAMPLES / "cedofan_rv_siege_of_brod.sample.json"
KK_BOARD = {"ruleset": "kard_es_korona", "variant": "basic", "board": "basic"}


def _summary(api: Api, game: str) -> dict[str, Any]:
    found: dict[str, Any] = api.client.get(f"{API}/games/{game}", headers=api.headers()).get_json()
    return found


def _recorded_under_1_0_0(api: Api) -> str:
    return game_of(load_sample(api.services, SAMPLE))


def test_kard_es_korona_lists_every_shipped_version_oldest_first_and_the_newest_is_current(api: Api) -> None:
    fetched = api.client.get(f"{API}/rulesets/kard_es_korona").get_json()

    assert fetched["versions"] == ["1.0.0", "1.1.0"] and fetched["version"] == "1.1.0"
    releases = fetched["releases"]
    assert [(r["version"], r["current"]) for r in releases] == [("1.0.0", False), ("1.1.0", True)]
    assert releases[0]["changes"] == "the first version" and releases[0]["rule_ids"] == []
    assert "full round 2" in releases[1]["changes"] and releases[1]["rule_ids"] == ["KK-OPEN-4", "KK-OPEN-5"]


def test_cedofan_rv_lists_1_0_0_and_1_1_0_with_the_rulings_1_1_0_changed(api: Api) -> None:
    """1.1.0 carries the siege a besieger's move keeps (RV-REL-7, RV-AMB-16, RV-SIE-3) and the loot slips settled
    at the end (RV-LOOT-2 under RV-VIC-3 and CORE-END-1)."""
    fetched = api.client.get(f"{API}/rulesets/cedofan_rv").get_json()

    assert fetched["versions"] == ["1.0.0", "1.1.0"] and fetched["version"] == "1.1.0"
    older, newer = fetched["releases"]
    assert (older["version"], older["current"], older["changes"], older["rule_ids"]) == (
        "1.0.0",
        False,
        "the first version",
        [],
    )
    assert newer["version"] == "1.1.0" and newer["current"] is True
    assert "keeps the siege" in newer["changes"] and "loot slip" in newer["changes"]
    assert newer["rule_ids"] == ["RV-REL-7", "RV-AMB-16", "RV-SIE-3", "RV-LOOT-2", "RV-VIC-3", "CORE-END-1"]


def test_the_cedofan_rv_sample_is_played_under_1_0_0_and_verifies(api: Api) -> None:
    game = game_of(load_sample(api.services, RV_SAMPLE))

    summary = _summary(api, game)

    assert summary["ruleset_version"] == "1.0.0" and summary["status"] == "ended"
    audit = api.client.get(f"{API}/games/{game}/audit", headers=api.headers()).get_json()
    assert audit["ruleset"]["version"] == "1.0.0" and audit["counts"]["deviates"] == 0


def test_a_ruleset_that_shipped_one_version_lists_it_as_its_first_and_current(api: Api) -> None:
    listed = {r["id"]: r for r in api.client.get(f"{API}/rulesets").get_json()["items"]}

    assert listed["cedofan_kards_bs"]["releases"] == [
        {"version": "1.0.0", "current": True, "changes": "the first version", "rule_ids": []}
    ]


def test_agot2_lists_1_1_0_with_the_retreat_supply_ruling(api: Api) -> None:
    listed = {r["id"]: r for r in api.client.get(f"{API}/rulesets").get_json()["items"]}

    older, newer = listed["agot2"]["releases"]
    assert (older["version"], older["current"], newer["version"], newer["current"]) == ("1.0.0", False, "1.1.0", True)
    assert newer["rule_ids"] == ["GOT-RETREAT-5", "GOT-RETREAT-6", "GOT-X-17"]


def test_a_new_game_is_pinned_to_the_current_version(api: Api) -> None:
    seats = [{"seat": s} for s in ("felvidek", "erdely", "szlavonia")]

    game = api.create_game(**KK_BOARD, seats=seats, dice="table")

    assert game["ruleset_version"] == "1.1.0"


def test_a_sample_game_stays_on_the_version_it_was_recorded_with(api: Api) -> None:
    game = _recorded_under_1_0_0(api)

    summary = _summary(api, game)

    assert summary["ruleset_version"] == "1.0.0" and summary["status"] == "ended"
    assert api.client.get(f"{API}/games/{game}/verify").get_json()["ok"] is True


def test_a_fork_keeps_the_version_of_the_game_it_was_forked_from(api: Api) -> None:
    parent = _recorded_under_1_0_0(api)

    response = api.client.post(f"{API}/games/{parent}/forks", json={"at_version": 20}, headers=api.headers())

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["ruleset_version"] == "1.0.0"
    assert _summary(api, response.get_json()["id"])["ruleset_version"] == "1.0.0"


def test_an_imported_record_keeps_the_version_it_names_and_audits_consistent(api: Api) -> None:
    original = _recorded_under_1_0_0(api)
    exported = api.client.get(f"{API}/games/{original}/export", headers=api.headers()).get_data(as_text=True)

    response = api.client.post(
        f"{API}/games/import?keep_id=false",
        data=exported.encode("utf-8"),
        headers=api.headers("admin", **{"Content-Type": NDJSON}),
    )

    assert response.status_code == 201, response.get_json()
    imported = response.get_json()
    assert imported["findings"]["deviates"] == 0
    assert _summary(api, imported["game"])["ruleset_version"] == "1.0.0"
    audit = api.client.get(f"{API}/games/{imported['game']}/audit", headers=api.headers()).get_json()
    assert audit["ruleset"]["version"] == "1.0.0" and audit["ruleset"]["current_version"] == "1.1.0"
    assert audit["counts"]["deviates"] == 0


def test_a_tournament_creates_every_table_under_the_version_it_was_created_with(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {**KK_BOARD, "name": "Pinned Open", "table_size": 3, "rounds": 1, "remainder": "byes"}
    created = api.client.post(f"{API}/tournaments", json=body, headers=api.headers("organiser")).get_json()
    for n in range(3):
        player = {"name": f"Player {n}"}
        api.client.post(f"{API}/tournaments/{created['id']}/players", json=player, headers=api.headers("organiser"))
    # A newer version ships while the tournament is under way.
    newer = (*VERSIONS, KardEsKoronaRuleset("1.2.0", changes="a later ruling"))
    monkeypatch.setitem(registry._VERSIONS, "kard_es_korona", newer)

    tournament = f"{API}/tournaments/{created['id']}"
    paired = api.client.post(f"{tournament}/rounds", json={}, headers=api.headers("organiser"))
    started = api.client.post(f"{tournament}/rounds/1/start", json={}, headers=api.headers("organiser"))

    assert paired.status_code == 201 and started.status_code == 200, started.get_json()
    tables = api.client.get(f"{tournament}/rounds/1", headers=api.headers()).get_json()["tables"]
    games = [t["game"] for t in tables]
    assert games and {_summary(api, g)["ruleset_version"] for g in games} == {"1.1.0"}
    assert (
        api.create_game(**KK_BOARD, seats=[{"seat": "felvidek"}, {"seat": "erdely"}, {"seat": "szlavonia"}])[
            "ruleset_version"
        ]
        == "1.2.0"
    )


def test_the_snapshots_of_each_version_are_kept_under_a_key_of_their_own() -> None:
    older, newer = (build_of(ruleset) for ruleset in registry.shipped("kard_es_korona"))

    assert older.startswith("1.0.0+") and newer.startswith("1.1.0+") and older != newer
