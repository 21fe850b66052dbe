"""Sealed payloads have declared schemas (DESIGN §9, §12): a malformed payload is a 400 naming the field by JSON
pointer before the rules are asked; a well-formed one that breaks a rule stays a 422 citing it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import assert_problem, assert_refused, total_events
from tests.api.test_agot2_examples import _act, _open_round
from tests.api.test_agot2_play import _create as create_agot2
from tests.api.test_agot2_play import _seal as seal_agot2
from tests.api.test_kard_es_korona_elections import P1, battles_of_1306_end
from tests.conftest import Api


def _seal_bid(api: Api, game: str, round_id: str, payload: Any) -> Any:
    return api.client.post(
        f"/api/v1/games/{game}/sealed",
        json={"seat": P1, "round": round_id, "payload": payload},
        headers=api.headers(),
    )


@pytest.mark.parametrize(
    ("payload", "pointer"),
    [
        ({"amount": "five"}, "/payload/amount"),  # wrong type
        ({"amount": 2.0}, "/payload/amount"),  # a whole number written as a float
        ({"amount": -1}, "/payload/amount"),  # out of range
        ({}, "/payload/amount"),  # missing
        ({"amount": 3, "note": "for the crown"}, "/payload/note"),  # extra: it would be revealed to every seat
        ([3], "/payload"),  # not an object
    ],
)
def test_400_naming_the_field_and_nothing_written_when_a_kk_elect_6_bid_is_malformed(
    api: Api, payload: Any, pointer: str
) -> None:
    game, events = battles_of_1306_end(api)
    round_id = events[-1]["data"]["round"]
    before = total_events(api)

    response = _seal_bid(api, game, round_id, payload)

    problem = assert_problem(response, 400, "bad-request")
    assert pointer in problem["errors"], problem
    assert "rule" not in problem
    assert total_events(api) == before


def test_422_citing_kk_elect_6_when_a_well_formed_bid_is_more_than_the_treasury(api: Api) -> None:
    game, events = battles_of_1306_end(api)

    response = _seal_bid(api, game, events[-1]["data"]["round"], {"amount": 21})  # P1 holds 20 garas

    assert_refused(response, "KK-ELECT-6")


def test_400_naming_the_order_field_when_got_x_14_orders_are_malformed(api: Api) -> None:
    game_id = create_agot2(api)
    _act(api, game_id, "plan_orders", None)
    name = _open_round(api, game_id)

    missing = seal_agot2(api, game_id, "stark", {"orders": [{"area": "winterfell"}]}, name)
    wrong = seal_agot2(api, game_id, "stark", {"orders": "march on winterfell"}, name)

    assert "/payload/orders/0/token" in assert_problem(missing, 400)["errors"]
    assert "/payload/orders" in assert_problem(wrong, 400)["errors"]


def test_the_actions_listing_declares_each_rulesets_sealed_payloads(api: Api) -> None:
    kinds = {}
    for ruleset in ("kard_es_korona", "agot2", "cedofan_rv", "freeform", "cedofan_kards_bs"):
        response = api.client.get(f"/api/v1/rulesets/{ruleset}/actions")
        assert response.status_code == 200, response.get_json()
        kinds[ruleset] = {s["kind"]: s for s in response.get_json()["sealed"]}

    assert {r: sorted(k) for r, k in kinds.items()} == {
        "kard_es_korona": ["bid"],
        "agot2": ["bid", "house_card", "orders"],
        "cedofan_rv": ["loot_slip"],
        "freeform": [],  # any JSON value (FF-SEAL-2)
        "cedofan_kards_bs": [],  # no sealed rounds (KBS-AMB-20)
    }
    bid = kinds["kard_es_korona"]["bid"]
    assert bid["purpose"] == "kk:bid:"
    assert bid["rule_ids"] == ["KK-ELECT-6"]
    assert bid["schema"]["required"] == ["amount"]
    assert bid["schema"]["additionalProperties"] is False
