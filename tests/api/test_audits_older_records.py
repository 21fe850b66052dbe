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
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from service.cli_audits import report_lines
from service.samples import SAMPLES, game_of, load_sample
from tests.api.test_kard_es_korona_api import PTD, act, adjust, create, ok
from tests.api.test_kard_es_korona_cards import at_year_start, guards
from tests.api.test_records import NDJSON, _export
from tests.chain_fields import ChainedFields
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board
from tests.domain.kard_es_korona.test_vassal_bounds import blue_moves

RED = PTD[0]
Change = Callable[[dict[str, Any]], None]


def _card_drawn(api: Api) -> tuple[str, int]:
    """A table-dice game in 1301's event phase where Red draws Szüret (KK-EVENT-1): the game and the draw's version."""
    game = create(api, board=province_board("basic"))
    at_year_start(api, game, guards())
    drawn = ok(act(api, game, "draw_event", RED, card="szuret"))[0]
    assert (drawn["type"], drawn["data"]["deck_position"]) == ("EventCardDrawn", 1)
    return game, int(drawn["version"])


def _older_record(api: Api, game: str, version: int, change: Change, schema_version: int | None = None) -> str:
    """The game's record with the data (and the schema version, when given) of the event at `version` changed and
    the chain recomputed from there."""
    lines = [json.loads(line) for line in _export(api, game).splitlines()]
    header, events = lines[0], lines[1:]
    change(events[version - 1]["data"])
    if schema_version is not None:
        events[version - 1]["schema_version"] = schema_version
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


# --- BattleVetoed before 065763f: another shape (`to`/`units`/`lord`), read as today's (`returns`) by its upcaster ---

BLUE, YELLOW = PTD[1], PTD[2]


def _vetoed(api: Api, groups: list[dict[str, Any]], units: dict[str, Any]) -> tuple[str, int, dict[str, Any]]:
    """Blue (Tiszahát), Yellow's vassal, attacks Red's infantry in Tiszahát A with `groups` in 1301's movement, and
    Yellow vetoes the battle (KK-VASSAL-2): the game, the veto's version and the battle's BattleCreated data."""
    game = create(api, board=province_board("basic"))
    position = KARD_ES_KORONA.dump_state(blue_moves({**units, "tiszahat_a": {RED: Force(infantry=1)}}).state)
    adjust(api, game, **{k: v for k, v in position.items() if k not in ("options", "board_document", "seats")})
    moved = ok(act(api, game, "move", BLUE, to="tiszahat_a", groups=groups))
    created = next(e["data"] for e in moved if e["type"] == "BattleCreated")
    vetoed = ok(act(api, game, "veto_battle", YELLOW, battle=created["battle"]))[0]
    assert vetoed["type"] == "BattleVetoed"
    return game, int(vetoed["version"]), created


def _as_before_065763f(to: str, units: dict[str, int]) -> Change:
    """BattleVetoed as the engine wrote it before 065763f: the whole army back to one county (`065763f^`)."""

    def change(data: dict[str, Any]) -> None:
        del data["returns"]
        data.update(to=to, units=units, lord=False)

    return change


def test_kk_vassal_2_veto_recorded_in_its_shape_before_065763f_is_consistent_when_it_sends_the_same_units_back(
    api: Api,
) -> None:
    """KK-VASSAL-2: Yellow vetoes Blue's attack from D, one group (KK-MOVE-12): its 2 infantry and 2 archers go back
    to D. The older record says so as `to`/`units`/`lord` (schema 1); audits read it through the upcaster the fold
    uses, so it is the same ruling: `consistent` in the import report, the action audit and the game audit."""
    army = {"infantry": 2, "archer": 2}
    game, version, _ = _vetoed(api, [{"from": "tiszahat_d", "units": army}], {"tiszahat_d": {BLUE: Force(**army)}})

    report = _imported(api, _older_record(api, game, version, _as_before_065763f("tiszahat_d", army), 1))
    older = report["game"]
    audit = api.client.get(f"/api/v1/games/{older}/audit/{version}", headers=api.headers()).get_json()
    whole = api.client.get(f"/api/v1/games/{older}/audit", headers=api.headers()).get_json()

    assert report["findings"]["deviates"] == 0 and report["deviations"] == []
    assert audit["verdict"] == "consistent", audit
    assert audit["recorded_events"][0]["data"]["returns"] == [{"to": "tiszahat_d", "units": army, "lord": False}]
    assert whole["counts"]["deviates"] == 0 and whole["drift"] == []
    assert api.client.get(f"/api/v1/games/{older}/state", headers=api.headers("arbiter")).status_code == 200


def test_kk_vassal_2_kk_move_12_older_veto_of_a_converging_attack_still_deviates_when_it_sent_all_to_one_county(
    api: Api,
) -> None:
    """KK-MOVE-12: Blue's converging attack (2 infantry from castle K1, 2 infantry and 2 archers from D). Before
    065763f the veto sent the whole army to the first entry county; today each group goes back to its own
    (KK-VASSAL-2). Read through the upcaster the older event is one group to one county: another ruling, `deviates`."""
    groups = [
        {"from": "tiszahat_k1", "units": {"infantry": 2}},
        {"from": "tiszahat_d", "units": {"infantry": 2, "archer": 2}},
    ]
    units = {
        "tiszahat_k1": {BLUE: Force(infantry=3, archer=3, cavalry=1)},
        "tiszahat_d": {BLUE: Force(infantry=2, archer=2)},
    }
    game, version, created = _vetoed(api, groups, units)
    whole_army = {"infantry": 4, "archer": 2}

    older = _older_record(api, game, version, _as_before_065763f(created["entry_counties"][0], whole_army), 1)
    report = _imported(api, older)
    audit = api.client.get(f"/api/v1/games/{report['game']}/audit/{version}", headers=api.headers()).get_json()

    assert report["findings"]["deviates"] == 1
    assert report["deviations"] == [{"version": version, "reason": "the rules give other events"}]
    assert audit["verdict"] == "deviates"
    assert [r["to"] for r in audit["expected_events"][0]["data"]["returns"]] == ["tiszahat_k1", "tiszahat_d"]
