"""A game started from a position (issue 15, point 3) keeps working as any game: its record exports, imports and
folds the same; an import checks the recorded position as `POST /games` does; forks and snapshots start from it."""

from __future__ import annotations

import json
from typing import Any

from domain.rulesets.freeform import FREEFORM
from service.records import relink
from service.snapshot_cache import build_of
from service.store import snapshots
from tests.api.conftest import assert_problem, total_events
from tests.api.test_positions import create, position_of, record_sample, sample_of, started_from, views
from tests.conftest import Api

NDJSON = "application/x-ndjson"
START: dict[str, Any] = {
    "actions": 2,
    "counts": {"deploy": 2},
    "last": {"red": {"type": "deploy", "data": {"area": "ford"}, "number": 2}},
}


def started_game(api: Api) -> str:
    created = api.client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "dice": "table", "position": START},
        headers=api.headers(),
    )
    assert created.status_code == 201, created.get_json()
    game_id: str = created.get_json()["id"]
    return game_id


def import_record(api: Api, text: str) -> Any:
    return api.client.post(
        "/api/v1/games/import", data=text.encode("utf-8"), headers=api.headers(**{"Content-Type": NDJSON})
    )


def with_position(record: str, position: dict[str, Any]) -> str:
    """The record with another starting position, its chain recomputed (a forger who knows the format) and its
    signed checkpoint dropped: only the import's own checks of the position stand in the way."""
    header, *events = [json.loads(line) for line in record.splitlines()]
    header.pop("checkpoint", None)
    events[0]["data"]["position"] = position
    game_id = events[0]["data"]["game_id"]
    relinked = [e.to_json() for e in relink(events, f"game:{game_id}", game_id, game_id, 0)]
    fields = ("version", "event_id", "type", "schema_version", "data", "metadata", "recorded_at", "prev_hash", "hash")
    header["game"]["last_hash"] = relinked[-1]["hash"]
    lines = [header, *({name: e[name] for name in fields} for e in relinked)]
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_an_exported_game_started_from_a_position_imports_and_views_the_same(api: Api) -> None:
    read = position_of(api, record_sample(api, sample_of("freeform"), 6)[0])
    started = create(api, started_from(read)).get_json()["id"]
    api.act(started, type="move", seat="red", data={"to": "ford"})
    record = api.client.get(f"/api/v1/games/{started}/export").get_data(as_text=True)

    imported = import_record(api, record)

    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["findings"] == {"consistent": 1, "deviates": 0, "unverifiable": 0}
    seats = [s["seat"] for s in read["seats"]]
    assert views(api, imported.get_json()["game"], seats) == views(api, started, seats)


def test_an_import_is_refused_naming_the_path_when_the_recorded_position_breaks_an_invariant(api: Api) -> None:
    """FF-POSITION-1 in version 1 of a record whose chain is sound: nothing is imported."""
    record = api.client.get(f"/api/v1/games/{started_game(api)}/export").get_data(as_text=True)
    green = {**START, "last": {"green": START["last"]["red"]}}
    before = total_events(api)

    body = assert_problem(import_record(api, with_position(record, green)), 422, "invalid-position")

    assert [(v["path"], v["rule_id"]) for v in body["violations"]] == [("/data/position/last/green", "FF-POSITION-1")]
    assert total_events(api) == before


def test_an_import_is_refused_by_pointer_when_the_recorded_position_is_malformed(api: Api) -> None:
    record = api.client.get(f"/api/v1/games/{started_game(api)}/export").get_data(as_text=True)

    body = assert_problem(import_record(api, with_position(record, {**START, "turn": 3})), 422, "unprocessable")

    assert list(body["errors"]) == ["/data/position/turn"]


def test_a_fork_of_a_game_started_from_a_position_starts_from_it_too(api: Api) -> None:
    game_id = started_game(api)
    api.act(game_id, type="move", seat="blue", data={"to": "ford"})
    api.act(game_id, type="move", seat="red", data={"to": "bank"})

    forked = api.client.post(f"/api/v1/games/{game_id}/forks", json={"at_version": 2}, headers=api.headers())

    assert forked.status_code == 201, forked.get_json()
    fork = forked.get_json()["id"]
    assert views(api, fork, ["red", "blue"]) == views(api, game_id, ["red", "blue"], 2)
    assert views(api, fork, [])["arbiter"]["actions"] == 3  # the position's 2, then blue's move


def test_a_game_started_from_a_position_folds_the_same_from_a_snapshot(api: Api) -> None:
    game_id = started_game(api)
    for number in range(100):  # past the snapshot every 100 versions
        api.act(game_id, type="note", seat="blue", data={"n": number})
    whole = views(api, game_id, ["red"])
    api.services.loader.forget(game_id)

    assert snapshots.latest(api.services.engine, f"game:{game_id}", build_of(FREEFORM), None) is not None
    assert views(api, game_id, ["red"]) == whole
    assert whole["arbiter"]["actions"] == 102 and whole["red"]["last"]["red"]["number"] == 2
