"""agot2 transcripts through the HTTP API: a rule the table broke is recorded with its rule id in the event's
`deviations` (DESIGN §2), where an adjudicated game answers 422 citing the same rule."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused, stored_events, total_events
from tests.api.test_agot2_examples import _act, _create, _one, _seal_all, _state
from tests.conftest import Api
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import units


def _rule_ids(found: list[dict[str, Any]]) -> list[str]:
    return [d["rule_id"] for d in found]


def test_got_rout_5_a_routed_knight_marching_is_a_deviation_in_a_transcript_and_422_when_adjudicated(
    any_api: Api,
) -> None:
    api = any_api
    make = deviations._march_game(routed=True)
    move = {"from_area": "l1", "moves": [{"to_area": "l3", "units": ["red:knight:l1:1"]}]}
    adjudicated = _create(api, make("adjudicated"))
    before = total_events(api)
    assert_refused(api.act(adjudicated, type="march", seat="red", data=move), "GOT-ROUT-5")
    assert total_events(api) == before
    game_id = _create(api, make("transcript"), mode="transcript")

    response = api.act(game_id, type="march", seat="red", data=move)

    assert response.status_code == 201, response.get_json()
    assert _rule_ids(response.get_json()["deviations"]) == ["GOT-ROUT-5"]
    marched = next(e for e in stored_events(api, game_id) if e["type"] == "UnitsMarched")
    assert _rule_ids(marched["metadata"]["deviations"]) == ["GOT-ROUT-5"]
    knight = _state(api, game_id)["state"]["units"]["red:knight:l1:1"]
    assert (knight["area"], knight["routed"]) == ("l3", True)


def test_got_casualty_4_a_supporting_footman_taken_as_casualty_is_a_deviation_in_a_transcript(api: Api) -> None:
    game_id = _create(api, deviations.fight_before_the_march("transcript"), mode="transcript")
    cid = _one(_act(api, game_id, "march", "red", **deviations.ATTACK), "CombatInitiated")["combat_id"]
    _act(api, game_id, "declare_support", "blue", combat_id=cid, side="defender")
    _seal_all(api, game_id, deviations.CARDS)
    resolved = _one(_act(api, game_id, "decline_blade", "red", combat_id=cid), "CombatResolved")
    assert (resolved["winner"], resolved["casualties_due"]) == ("red", 1)

    response = api.act(
        game_id, type="choose_casualties", seat="blue", data={"combat_id": cid, "units": ["blue:footman:l3:1"]}
    )

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert _rule_ids(body["deviations"]) == ["GOT-CASUALTY-4"]
    assert body["deviations"][0]["details"] == {"field": "data.units"}
    taken = stored_events(api, game_id)[-len(body["events"])]
    assert taken["type"] == "CasualtiesTaken" and _rule_ids(taken["metadata"]["deviations"]) == ["GOT-CASUALTY-4"]
    state = _state(api, game_id)["state"]
    assert "blue:footman:l3:1" not in state["units"]
    assert {u for u, unit in state["units"].items() if unit["area"] == "l2"} == {
        "blue:footman:l2:1",
        "blue:footman:l2:2",
        "blue:footman:l2:3",
    }


def test_got_support_9_support_from_an_area_not_adjacent_is_a_deviation_in_a_transcript(api: Api) -> None:
    far = (units("red", "l4", "knight"), ("l4", "red", "support_0_b"))  # l4 is not adjacent to the embattled l2
    game_id = _create(api, deviations.support_before_the_march("transcript", far), mode="transcript")
    cid = _one(_act(api, game_id, "march", "red", **deviations.SUPPORT_ATTACK), "CombatInitiated")["combat_id"]
    support = {"combat_id": cid, "side": "attacker", "areas": ["l4", "l5"]}

    response = api.act(game_id, type="declare_support", seat="red", data=support)

    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert _rule_ids(body["deviations"]) == ["GOT-SUPPORT-9"]
    declared = stored_events(api, game_id)[-len(body["events"])]
    assert declared["type"] == "SupportDeclared" and declared["data"]["areas"] == ["l4", "l5"]
    assert _rule_ids(declared["metadata"]["deviations"]) == ["GOT-SUPPORT-9"]
    base = _one(_act(api, game_id, "refuse_support", "green", combat_id=cid), "BaseStrengthAnnounced")
    assert [(s["area"], s["units"]) for s in base["attacker"]["support"]] == [("l4", 2), ("l5", 1)]


def test_a_retreat_into_another_houses_area_is_refused_even_in_a_transcript_x_1(api: Api) -> None:
    game_id = _create(api, deviations.fight_before_the_march("transcript"), mode="transcript")
    cid = _one(_act(api, game_id, "march", "red", **deviations.ATTACK), "CombatInitiated")["combat_id"]
    _act(api, game_id, "declare_support", "blue", combat_id=cid, side="defender")
    _seal_all(api, game_id, deviations.CARDS)
    _act(api, game_id, "decline_blade", "red", combat_id=cid)
    _act(api, game_id, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l2:1"])
    before = total_events(api)

    response = api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "l7"})

    assert_refused(response, "GOT-RETREAT-3")  # Red's footman holds l7: nothing a transcript can record
    assert total_events(api) == before
