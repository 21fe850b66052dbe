"""The sample games are a regression corpus: each records, verifies, folds and re-decides identically."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from domain import registry
from replays.readjudicate import RecordedStep, readjudicate
from service.auth import Principal
from service.samples import SAMPLES, game_of, load_sample, load_samples
from tests.conftest import Api

SAMPLE_FILES = sorted(SAMPLES.glob("*.sample.json"))


def _steps(api: Api, game_id: str) -> list[RecordedStep]:
    events = api.services.store.read(f"game:{game_id}")
    return [RecordedStep(e.version, e.type, e.data, e.metadata) for e in events]


def _seed(steps: list[RecordedStep]) -> bytes | None:
    revealed = [s for s in steps if s.type == "DiceSeedRevealed"]
    return bytes.fromhex(revealed[-1].data["seed"]) if revealed else None


def _loaded_games(api: Api) -> dict[str, str]:
    # The recorded tournaments' lines ("tournament ...") follow the games' and name no single game.
    lines = [line for line in load_samples(api.services) if line.startswith("sample ")]
    return {line.split(":")[0].removeprefix("sample "): line.split("game ")[1].split(" ")[0] for line in lines}


def test_corpus_is_not_empty_when_the_repository_is_checked_out() -> None:
    assert SAMPLE_FILES, f"no sample games in {SAMPLES}"


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: Path(p).name)
def test_sample_verifies_and_redecides_identically_when_recorded(sample: Path, any_api: Api) -> None:
    game_id = game_of(load_sample(any_api.services, sample))
    assert any_api.client.get(f"/api/v1/games/{game_id}/verify").get_json()["ok"] is True
    steps = _steps(any_api, game_id)
    summary = any_api.services.loader.summary(game_id, _admin())
    ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
    findings = readjudicate(ruleset, steps, any_api.services.loader.board(summary["board"]), _seed(steps))
    assert findings, "a sample with no recorded actions proves nothing"
    assert [f for f in findings if f.verdict != "consistent"] == []


def test_tampered_roll_is_reported_as_deviating_when_redecided(api: Api) -> None:
    game_id = game_of(load_sample(api.services, SAMPLES / "freeform_club_night.sample.json"))
    steps = _steps(api, game_id)
    roll = next(i for i, s in enumerate(steps) if s.type == "DiceRolled")
    tampered = {**steps[roll].data, "faces": [1] * len(steps[roll].data["faces"])}
    steps[roll] = replace(steps[roll], data=tampered)
    summary = api.services.loader.summary(game_id, _admin())
    findings = readjudicate(registry.pinned("freeform", summary["ruleset_version"]), steps, None, _seed(steps))
    verdicts = {f.version: f.verdict for f in findings}
    assert verdicts[steps[roll].version] == "deviates"


def test_loading_samples_twice_records_nothing_new_when_reloaded(api: Api) -> None:
    first = _loaded_games(api)
    positions = api.services.store.read_all(limit=10_000)[-1].position
    assert _loaded_games(api) == first
    assert api.services.store.read_all(limit=10_000)[-1].position == positions


def _admin() -> Principal:
    return Principal(token_id="test", role="admin")
