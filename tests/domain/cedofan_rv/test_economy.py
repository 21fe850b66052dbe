"""Extraction and recruitment (RV-ECO-1..3, RV-ECO-5, RV-UNIT-1..4, RV-CTY-5)."""

from __future__ import annotations

from typing import Any

from tests.domain.cedofan_rv.fixtures import A, B, Table, board, city, every, first, noble


def _towns(**extra: Any) -> Table:
    places: dict[str, dict[str, Any]] = {
        "kiertz": {"place": {"kind": "city", "owner": A}},
        "jezero": {"place": {"kind": "city", "owner": A, "yield": 2}},
        "ostius": {"place": {"kind": "city", "owner": A, "elephants": True}},
        "imperial": {"place": {"kind": "city", "owner": A, "class": "imperial"}},
        "ruin": {"place": {"kind": "fortress", "owner": A, "damaged": True}},
        "knorow": {"place": {"kind": "city", "owner": B}},
    }
    table = Table.on(board(places, [], [noble("h", A, "kiertz", "house_head")], {A: 5, B: 0}), **extra)
    table.impulse(A)
    table.impulse(A)  # round 2: in round 1 every city extracted on its own (RV-ECO-4)
    return table


def test_every_city_extracts_by_itself_in_the_first_round() -> None:
    places = {
        "kiertz": city(A),
        "jezero": {"place": {"kind": "city", "owner": A, "yield": 2}},
        "f": city(A, "fortress"),
    }
    table = Table.on(board(places, [], [], {A: 5, B: 0}))
    decision = table.act(None, "start_round")
    assert [(e["place"], e["amount"]) for e in every(decision, "ResourcesExtracted")] == [("jezero", 2), ("kiertz", 1)]
    assert table.state.treasuries[A] == 5 + 3
    table.act(A, "begin_impulse")
    assert table.decide(A, "recruit", place="kiertz", kind="infantry").violations[0].rule_id == "RV-ECO-2"


def test_city_yields_one_resource_or_one_recruit_per_round() -> None:
    table = _towns()
    before = table.state.treasuries[A]
    first(table.act(A, "extract", place="kiertz"), "ResourcesExtracted")
    assert table.state.treasuries[A] == before + 1
    assert [v.rule_id for v in table.decide(A, "recruit", place="kiertz", kind="infantry").violations] == ["RV-ECO-2"]
    table.impulse(A)  # next round: the city works again
    recruited = first(table.act(A, "recruit", place="kiertz", kind="infantry"), "UnitsRecruited")
    assert table.state.pieces[recruited["unit"]].area == "kiertz"
    assert table.state.treasuries[A] == before + 1 - 1


def test_jezerni_mesto_yields_twice_in_any_mix() -> None:
    table = _towns()
    table.act(A, "extract", place="jezero")
    table.act(A, "recruit", place="jezero", kind="cavalry")
    assert table.decide(A, "extract", place="jezero").violations[0].rule_id == "RV-ECO-2"


def test_recruits_are_refused_citing_the_unit_rule() -> None:
    table = _towns(options={"unit_limits": {A: {"cavalry": 0}}})
    cases = {
        ("kiertz", "flame_legion"): "RV-UNIT-3",
        ("kiertz", "elephant"): "RV-UNIT-4",
        ("kiertz", "cavalry"): "RV-UNIT-2",
        ("kiertz", "dragon"): "RV-UNIT-1",
        ("knorow", "infantry"): "RV-ECO-1",
        ("ruin", "infantry"): "RV-ECO-1",
        ("imperial", "infantry"): "RV-ECO-5",
    }
    for (place, kind), rule_id in cases.items():
        refused = table.decide(A, "recruit", place=place, kind=kind)
        assert [v.rule_id for v in refused.violations] == [rule_id], (place, kind)
    assert table.decide(A, "recruit", place="ostius", kind="elephant").violations == ()


def test_rv_eco_4_an_imperial_city_no_seat_administers_extracts_for_the_empire_in_the_first_round() -> None:
    """RV-ECO-4 „Ve všech městech jsou automaticky během prvního kola těženy suroviny" with RV-ECO-5 (an imperial
    city collects for the imperial treasury): Rudern, imperial and administered by no seat, yields its 1 too."""
    places = {
        "kiertz": city(A),
        "rudern": {"place": {"kind": "city", "owner": None, "class": "imperial"}},
        "brod": {"place": {"kind": "city", "owner": B, "class": "imperial"}},
    }
    table = Table.on(board(places, [("kiertz", "rudern", "passable", 1)], [], {A: 5, B: 0, "imperial": 0}))
    decision = table.act(None, "start_round")
    extracted = [(e["place"], e["seat"], e.get("treasury")) for e in every(decision, "ResourcesExtracted")]
    assert extracted == [("brod", B, "imperial"), ("kiertz", A, None), ("rudern", None, "imperial")]
    assert (table.state.treasuries["imperial"], table.state.treasuries[A]) == (2, 6)
    assert table.state.worked["rudern"] == 1
