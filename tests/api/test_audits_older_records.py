"""Audits, imports and disputes of records an older build wrote, before an event gained a data field (DESIGN §8, §10).

A Kard és Korona card draw is recorded through the API, exported, and its `EventCardDrawn` rewritten as the build
before catalog §5.3 wrote it (no `deck_position`, KK-EVENT-1), the chain recomputed as anyone holding a record can.
**Decision:** a field the ruleset declares added later (`fields_added_later`) that an older event lacks is the same
ruling: `consistent`, with the field named in `unrecorded_fields`. Any other difference still deviates.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.chain import event_hash
from service.cli_audits import report_lines
from service.samples import SAMPLES, game_of, load_sample
from tests.api.test_kard_es_korona_api import PTD, act, create, ok
from tests.api.test_kard_es_korona_cards import at_year_start, guards
from tests.api.test_records import NDJSON, _export
from tests.chain_fields import ChainedFields
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

RED = PTD[0]
Change = Callable[[dict[str, Any]], None]


def _card_drawn(api: Api) -> tuple[str, int]:
    """A table-dice game in 1301's event phase where Red draws Szüret (KK-EVENT-1): the game and the draw's version."""
    game = create(api, board=province_board("basic"))
    at_year_start(api, game, guards())
    drawn = ok(act(api, game, "draw_event", RED, card="szuret"))[0]
    assert (drawn["type"], drawn["data"]["deck_position"]) == ("EventCardDrawn", 1)
    return game, int(drawn["version"])


def _older_record(api: Api, game: str, version: int, change: Change) -> str:
    """The game's record with the data of the event at `version` changed and the chain recomputed from there."""
    lines = [json.loads(line) for line in _export(api, game).splitlines()]
    header, events = lines[0], lines[1:]
    change(events[version - 1]["data"])
    prev = events[version - 2]["hash"]
    for event in events[version - 1 :]:
        fields: ChainedFields = {
            "stream_id": f"game:{game}",
            "version": event["version"],
            "event_id": event["event_id"],
            "type": event["type"],
            "schema_version": event["schema_version"],
            "recorded_at": event["recorded_at"],
        }
        event["prev_hash"] = prev
        event["hash"] = prev = event_hash(prev, data=event["data"], metadata=event["metadata"], **fields)
    header["game"]["last_hash"] = prev
    header.pop("checkpoint", None)  # it signs the head as exported; anyone may carry a record without it
    return "\n".join(json.dumps(line) for line in [header, *events])


def _imported(api: Api, text: str) -> dict[str, Any]:
    response = api.client.post(
        "/api/v1/games/import?keep_id=false", data=text.encode("utf-8"), headers=api.headers(**{"Content-Type": NDJSON})
    )
    assert response.status_code == 201, response.get_json()
    report: dict[str, Any] = response.get_json()
    return report


def _without_deck_position(data: dict[str, Any]) -> None:
    del data["deck_position"]


def test_kk_event_1_draw_recorded_without_deck_position_is_consistent_and_names_the_field(api: Api) -> None:
    game, version = _card_drawn(api)
    unrecorded = [{"version": version, "event": "EventCardDrawn", "field": "deck_position"}]

    report = _imported(api, _older_record(api, game, version, _without_deck_position))
    older = report["game"]
    audit = api.client.get(f"/api/v1/games/{older}/audit/{version}", headers=api.headers()).get_json()
    whole = api.client.get(f"/api/v1/games/{older}/audit", headers=api.headers()).get_json()

    assert report["findings"]["deviates"] == 0 and report["deviations"] == []
    assert report["unrecorded_fields"] == unrecorded
    assert audit["verdict"] == "consistent" and audit["reason"] == ""
    assert audit["unrecorded_fields"] == unrecorded
    assert "deck_position" not in audit["recorded_events"][0]["data"]
    assert audit["expected_events"][0]["data"]["deck_position"] == 1
    assert whole["counts"]["deviates"] == 0 and whole["deviations"] == []
    assert whole["unrecorded_fields"] == unrecorded and whole["counts"]["unrecorded_fields"] == 1
    assert f"v{version}  UNRECORDED FIELD  EventCardDrawn.deck_position (added later)" in report_lines(whole)


def test_dispute_on_a_draw_recorded_without_deck_position_attaches_a_consistent_audit_kk_event_1(api: Api) -> None:
    game, version = _card_drawn(api)
    older = _imported(api, _older_record(api, game, version, _without_deck_position))["game"]

    payload = {"version": version, "claim": "the card was drawn from the wrong place in the deck"}
    response = api.client.post(f"/api/v1/games/{older}/disputes", json=payload, headers=api.headers("arbiter"))

    assert response.status_code == 201, response.get_json()
    attached = response.get_json()["events"][1]
    assert attached["type"] == "AuditAttached"
    audit = attached["data"]["audit"]
    assert audit["verdict"] == "consistent"
    assert audit["unrecorded_fields"] == [{"version": version, "event": "EventCardDrawn", "field": "deck_position"}]


def test_kk_win_5_game_ended_recorded_without_condition_and_ranking_is_consistent_and_names_them(api: Api) -> None:
    """a14bc88 added `condition`, `decided_by` and `ranking` to Kard és Korona's GameEnded (KK-WIN-2..7, A-41)."""
    game = game_of(load_sample(api.services, SAMPLES / "kard_es_korona_basic_castle_victory.sample.json"))
    events = [json.loads(line) for line in _export(api, game).splitlines()[1:]]
    version = next(e["version"] for e in events if e["type"] == "GameEnded")
    added = ("condition", "decided_by", "ranking")

    def older(data: dict[str, Any]) -> None:
        for name in added:
            del data[name]

    report = _imported(api, _older_record(api, game, version, older))

    assert report["findings"]["deviates"] == 0
    named = [(f["event"], f["field"]) for f in report["unrecorded_fields"]]
    assert named == [("GameEnded", name) for name in added]
    assert {f["version"] for f in report["unrecorded_fields"]} == {version}


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda data: data.pop("duration"), id="an undeclared field missing"),
        pytest.param(lambda data: data.update(deck_position=2), id="the declared field with another value"),
        pytest.param(lambda data: data.update(deck_position=None), id="the declared field null"),
        pytest.param(lambda data: data.update(source="older build"), id="a field only the record has"),
        pytest.param(lambda data: [data.pop("deck_position"), data.update(year=1302)], id="missing and another year"),
    ],
)
def test_kk_event_1_draw_still_deviates_when_it_differs_otherwise(api: Api, change: Change) -> None:
    game, version = _card_drawn(api)

    report = _imported(api, _older_record(api, game, version, change))
    audit = api.client.get(f"/api/v1/games/{report['game']}/audit/{version}", headers=api.headers()).get_json()

    assert report["findings"]["deviates"] == 1
    assert report["deviations"] == [{"version": version, "reason": "the rules give other events"}]
    assert report["unrecorded_fields"] == []
    assert audit["verdict"] == "deviates" and audit["unrecorded_fields"] == []
