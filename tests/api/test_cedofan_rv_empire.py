"""cedofan_rv over HTTP: the kard's extraordinary tax (RV-ECO-8) with table and server dice, and who reads the
imperial treasury (RV-ECO-5)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_rv_examples import RvGame, of
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import A, B, C, board, city, troops


def _empire(api: Api, **body: Any) -> RvGame:
    imperial = {"place": {"kind": "city", "class": "imperial"}}
    pieces = [
        {"id": "ii1", "kind": "infantry", "owner": A, "area": "imp1", "imperial": True},
        *({**p, "imperial": True} for p in troops("ij", 3, "infantry", A, "imp2")),
    ]
    document = board({"imp1": imperial, "imp2": imperial, "home": city(A)}, [], pieces, {A: 5, "imperial": 4})
    document["attributes"]["setup"]["offices"] = {"kard": A, "treasurer": B, "army_commander": C}
    game = RvGame(api, document, **body)
    game.impulse(A)
    return game


def test_rv_eco_8_unrest_empties_imp1_which_turns_neutral_when_the_kard_taxes_with_table_dice(api: Api) -> None:
    game = _empire(api)
    assert_refused(game.post(B, "levy_extraordinary_tax", dice=[1, 1]), "RV-TURN-1")
    events = game.ok(A, "levy_extraordinary_tax", dice=[5, 6])
    # 1 from each of the 2 imperial cities; imp1 (5) loses its only unit, imp2 (6) two of its three.
    assert of(events, "ExtraordinaryTaxLevied")[0]["amount"] == 2
    assert [e["place"] for e in of(events, "CityTurnedNeutral")] == ["imp1"]
    state = game.full()
    assert state["treasuries"]["imperial"] == 4 + 2 + 2  # with round 1's yield of both cities (RV-ECO-4)
    assert state["places"]["imp1"]["neutral"] is True and "ii1" not in state["pieces"]
    assert game.seen_by(A)[0]["treasuries"]["imperial"] == 8  # the kard reads the empire's treasury
    assert game.seen_by(B)[0]["treasuries"]["imperial"] == "sealed"
    assert_refused(game.post(A, "levy_extraordinary_tax", dice=[1]), "RV-ECO-8")


def test_rv_eco_8_the_service_rolls_one_die_per_imperial_city_when_it_rolls(any_api: Api) -> None:
    game = _empire(any_api, dice="server")
    events = game.ok(A, "levy_extraordinary_tax")
    faces = of(events, "DiceRolled")[0]["faces"]
    assert len(faces) == 2 and of(events, "ExtraordinaryTaxLevied")[0]["faces"] == faces
    # imp1 holds 1 unit and imp2 3: a 5 kills one, a 6 two, never more than the city holds.
    expected = min({5: 1, 6: 2}.get(faces[0], 0), 1) + min({5: 1, 6: 2}.get(faces[1], 0), 3)
    assert sum(len(e["pieces"]) for e in of(events, "PiecesEliminated")) == expected
