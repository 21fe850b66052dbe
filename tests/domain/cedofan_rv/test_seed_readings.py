"""Readings of the rules that README's RV paragraph writes as Decisions (RV-VIC-1, RV-SIE-5, RV-NOB-2)."""

from __future__ import annotations

from tests.domain.cedofan_rv.fixtures import A, B, Table, board, city, first, noble, troops, types


def test_rv_vic_1_rv_sie_5_an_empty_city_stormed_without_a_hit_is_untaken_but_a_battle_the_besiegers_won() -> None:
    """RV-SIE-5: B's empty city e rolls 1 die, A's n + 2 infantry roll 3 undivided; nobody hits. The city needs one
    hit to fall, so it stands; but „Vítězem je ten, kdo má po zteči více jednotek" (RV-VIC-1): 2 units against 0."""
    pieces = [noble("n", A, "r"), *troops("i", 2, "infantry", A, "r", "n")]
    areas = {"r": {}, "e": city(B), "home": city(A)}
    table = Table.on(board(areas, [("r", "e", "passable", 1), ("r", "home", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="e", nobles=["n"])
    table.impulse(A)
    decision = table.act(A, "storm_place", dice=[1, 2, 3, 4], place="e")  # besiegers 1, 2, 3; the city 4
    resolved = first(decision, "BattleResolved")
    assert (resolved["kind"], resolved["winner"], resolved["units_after"]) == (
        "empty_city",
        A,
        {"besieger": 2, "defender": 0},
    )
    assert first(decision, "InfluenceGained")["seat"] == A and "PlaceCaptured" not in types(decision)
    assert table.state.places["e"].owner == B and "e" in table.state.sieges


def test_rv_nob_2_banner_capacity_follows_the_nobles_rank_not_the_office_his_house_holds() -> None:
    """RV-NOB-2: a house head leads up to 7 units even when his house holds the army commander's office (10 is the
    `army_commander` rank's); a noble of that rank leads 8."""
    pieces = [
        noble("hh", B, "b1", "house_head"),
        *troops("h", 8, "infantry", B, "b1", "hh"),
        noble("ac", B, "b1", "army_commander"),
        *troops("k", 8, "infantry", B, "b1", "ac"),
    ]
    table = Table.on(board({"b1": city(B), "b2": city(B)}, [("b1", "b2", "passable", 1)], pieces))
    table.impulse(B)
    assert table.state.offices.get("army_commander") == B  # RV-TURN-5: Gliviciové command the army
    refused = table.decide(B, "move_banner", noble="hh", path=["b2"], units=[f"h{i}" for i in range(1, 9)])
    assert [v.rule_id for v in refused.violations] == ["RV-NOB-2"]
    moved = table.act(B, "move_banner", noble="ac", path=["b2"], units=[f"k{i}" for i in range(1, 9)])
    assert len(first(moved, "BannerMoved")["units"]) == 8
