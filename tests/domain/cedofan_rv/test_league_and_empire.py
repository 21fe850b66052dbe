"""The Kard League's sub-factions (RV-KL-1, RV-KL-3, RV-DTH-2, RV-AMB-19), the empire (RV-ECO-5..8), the council
(RV-TURN-4/5) and the owner's choice between equally near places (RV-AMB-10)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, C, Table, board, city, every, first, noble, troops

KL, Z, S, E = "kard_league", "zapadni_kardstvi", "stinove_zeme", "emora"


def _of(sub: str, *pieces: dict[str, Any]) -> list[dict[str, Any]]:
    """Kard League pieces of one sub-faction."""
    return [{**p, "subfaction": sub} for p in pieces]


def _league_city(sub: str, **extra: Any) -> dict[str, Any]:
    return {"place": {"kind": "city", "owner": KL, "subfaction": sub, **extra}, "home": [KL]}


def test_rv_kl_1_each_sub_faction_earns_and_pays_from_its_own_treasury() -> None:
    areas = {"jezero": _league_city(Z), "stin": _league_city(S), "kc": city(A)}
    pieces = _of(Z, noble("kz", KL, "jezero"))
    table = Table.on(board(areas, [], pieces, {KL: 0, Z: 5, S: 2, A: 0}), seats=(KL, A))
    table.act(None, "start_round")
    # RV-ECO-4: each city extracts into the treasury of the sub-faction that administers it.
    assert {k: table.state.treasuries[k] for k in (KL, Z, S, A)} == {KL: 0, Z: 6, S: 3, A: 1}
    table.impulse(KL, S)
    table.impulse(KL, S)  # round 2, Stínové země's impulse
    recruited = first(table.act(KL, "recruit", place="stin", kind="infantry"), "UnitsRecruited")
    assert recruited["treasury"] == S and table.state.pieces[recruited["unit"]].subfaction == S
    table.impulse(KL, Z)  # then Západní kardství's (RV-TURN-3)
    table.act(KL, "transfer_resources", **{"from": "treasury", "to": "kz", "amount": 2})
    assert (table.state.treasuries[Z], table.state.treasuries[S], table.state.purses["kz"]) == (4, 2, 2)
    # The Kard League reads its sub-factions' treasuries; the house does not.
    assert CEDOFAN_RV.view(table.state, Viewer(KL))["treasuries"][Z] == 4
    assert CEDOFAN_RV.view(table.state, Viewer(A))["treasuries"][Z] == "sealed"


def _storm_table(**options: Any) -> Table:
    pieces = [
        *_of(Z, noble("kz", KL, "r"), *troops("zi", 2, "infantry", KL, "r", "kz")),
        *_of(S, noble("ks", KL, "r"), *troops("si", 1, "infantry", KL, "r", "ks")),
        *_of(E, noble("ke", KL, "home")),
        noble("d", A, "c", purse=2),
        *troops("di", 2, "infantry", A, "c", "d"),
    ]
    areas = {"r": {}, "c": city(A), "b2": city(A), "home": _league_city(Z)}
    edges = [("r", "c", "passable", 1), ("c", "b2", "passable", 3), ("r", "home", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {Z: 5, S: 5, A: 5}), seats=(KL, A), options=options or None)
    table.to_round(3)
    table.impulse(KL, Z)
    # RV-KL-2: Stínové země's banner joins Západní kardství's siege; Z, whose impulse it is, pays the 1.
    started = first(table.act(KL, "start_siege", place="c", nobles=["kz", "ks"]), "SiegeStarted")
    assert started["treasury"] == Z
    assert table.state.treasuries[Z] == 5  # 5 + 1 from home in round 1 (RV-ECO-4) - 1
    table.impulse(KL, S)  # round 4, Stínové země's impulse
    return table


def test_rv_kl_3_a_storm_is_called_by_the_besieging_sub_faction_whose_impulse_it_is() -> None:
    table = _storm_table()
    assert [v.rule_id for v in table.decide(KL, "storm_place", place="c", subfaction=Z).violations] == ["RV-KL-3"]
    assert first(table.decide(KL, "storm_place", dice=[1] * 5, place="c"), "StormCalled")["subfaction"] == S
    table.impulse(KL, E)  # Emora is active (a noble at home) but besieges nothing
    refused = table.decide(KL, "storm_place", place="c")
    assert [v.rule_id for v in refused.violations] == ["RV-KL-3"]
    assert "'emora' does not meet the storm conditions" in refused.violations[0].message


def test_rv_kl_3_amb_19_the_city_goes_to_the_caller_and_the_loot_to_the_noble_leading_most_units() -> None:
    table = _storm_table()
    # Besiegers: city dice kz 1 + 2 infantry + ks 1 + 1 infantry = 5, / 2 = 2 dice: 5, 6 -> 2 hits.
    # Defenders: d + 2 infantry = 3 dice: 1, 1, 1 -> no hit. Both defending infantry die: c is taken.
    decision = table.act(KL, "storm_place", dice=[5, 6, 1, 1, 1], place="c", subfaction=S)
    assert first(decision, "StormCalled")["treasury"] == S
    assert first(decision, "PlaceCaptured")["subfaction"] == S
    assert (table.state.places["c"].owner, table.state.places["c"].subfaction) == (KL, S)
    # d's purse of 2 goes to kz's treasury: kz leads 2 units, ks 1 (RV-AMB-19).
    assert first(decision, "LootOwed")["treasury"] == Z
    table.seal_loot(first(decision, "SealedRoundOpened")["round"], A, 2)
    assert (table.state.treasuries[Z], table.state.treasuries[S]) == (5 + 2, 5 - 1)


def test_rv_cty_5_a_fortress_the_kard_league_takes_is_damaged_and_works_as_a_village() -> None:
    """RV-CTY-5 (RV-AMB-25): „Chovají se tedy jako vesnice": a fortress taken by the Kard League is damaged: no
    extraction, no recruiting, no ÷3, no shelter. Západní kardství's kz + 3 infantry storm A's fortress f:
    city dice 4 ÷ 3 -> 1 die, a 6; A's 1 infantry rolls a 1. f is taken, damaged; working it is refused."""
    areas = {"r": {}, "f": city(A, kind="fortress"), "jezero": _league_city(Z), "kc": city(A)}
    pieces = [*_of(Z, noble("kz", KL, "r"), *troops("zi", 3, "infantry", KL, "r", "kz"))]
    pieces += troops("d", 1, "infantry", A, "f")
    edges = [("r", "f", "passable", 1), ("r", "jezero", "passable", 1), ("f", "kc", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {Z: 5, A: 5}), seats=(KL, A))
    table.impulse(KL, Z)
    table.act(KL, "start_siege", place="f", nobles=["kz"])
    table.impulse(KL, Z)  # round 2

    captured = first(table.act(KL, "storm_place", dice=[6, 1], place="f"), "PlaceCaptured")

    assert captured["damaged"] is True and "RV-CTY-5" in captured["rule_ids"]
    assert (table.state.places["f"].owner, table.state.places["f"].damaged) == (KL, True)
    assert not table.state.places["f"].shelters
    table.impulse(KL, Z)  # round 3: f would be workable again, were it sound
    assert [v.rule_id for v in table.decide(KL, "extract", place="f").violations] == ["RV-ECO-1"]
    assert [v.rule_id for v in table.decide(KL, "recruit", place="f", kind="infantry").violations] == ["RV-ECO-1"]


def test_rv_dth_2_a_dead_sub_faction_ruler_returns_to_his_capital_without_the_army_he_led() -> None:
    areas = {"r": {}, "far": {}, "stin": {"place": {"kind": "city", "owner": A, "capital_of": S}}}
    pieces = [
        *_of(S, noble("kr", KL, "r", "kl_ruler"), *troops("si", 2, "infantry", KL, "r", "kr")),
        *_of(S, noble("sg", KL, "r"), *troops("far", 1, "infantry", KL, "far")),
        *_of(Z, noble("zg", KL, "r"), *troops("zi", 1, "infantry", KL, "r", "zg")),
    ]
    table = Table.on(board(areas, [], pieces, {A: 0}), seats=(KL, A))
    table.act(None, "start_round")
    table.record([Event("PiecesEliminated", {"seat": KL, "pieces": ["kr"], "rule_ids": ["RV-FLD-2"]})])
    decision = table.act(None, "start_round")
    # He escapes even though the enemy holds his capital; his sub-faction's units and general at r are lost.
    assert first(decision, "PiecesEliminated")["pieces"] == ["sg", "si1", "si2"]
    back = first(decision, "RulerReappeared")
    assert (back["area"], back["subfaction"]) == ("stin", S)
    assert {"far1", "zg", "zi1", "kr-r2"} <= set(table.state.pieces) and "sg" not in table.state.pieces


def _empire(offices: dict[str, str] | None = None) -> Table:
    imperial = {"place": {"kind": "city", "class": "imperial"}}
    areas = {"imp1": imperial, "imp2": imperial, "home": city(A)}
    pieces = [
        {"id": "ii1", "kind": "infantry", "owner": A, "area": "imp1", "imperial": True},
        *({**p, "imperial": True} for p in troops("ij", 3, "infantry", A, "imp2")),
    ]
    document = board(areas, [], pieces, {A: 5, B: 5, "imperial": 4})
    document["attributes"]["setup"]["offices"] = offices or {"kard": A, "treasurer": B}
    table = Table.on(document, seats=(A, B))
    table.impulse(A)
    table.impulse(A)  # round 2
    return table


def test_rv_eco_5_6_the_kard_collects_for_the_empire_and_buys_an_imperial_general_for_3() -> None:
    table = _empire()
    extracted = first(table.act(A, "extract", place="imp1"), "ResourcesExtracted")
    # 4 at the start, 1 from each imperial city in round 1 (RV-ECO-4), 1 now
    assert extracted["treasury"] == "imperial" and table.state.treasuries["imperial"] == 4 + 2 + 1
    # imp1 has yielded this round; imp2 gives the general, paid 3 from the imperial treasury.
    yielded = table.decide(A, "buy_imperial_general", place="imp1")
    assert [v.rule_id for v in yielded.violations] == ["RV-ECO-2", "RV-ECO-6"]
    bought = first(table.act(A, "buy_imperial_general", place="imp2"), "ImperialGeneralBought")
    assert table.state.treasuries["imperial"] == 7 - 3 and table.state.treasuries[A] == 5 + 1  # home city, round 1
    assert table.state.pieces[bought["noble"]].imperial
    refused = _empire({"treasurer": A}).decide(A, "buy_imperial_general", place="imp2")
    assert [v.rule_id for v in refused.violations] == ["RV-ECO-6"]  # no kard elected: nobody may


def test_rv_eco_6_no_fourth_imperial_general_on_the_map() -> None:
    table = _empire()
    generals = [
        Event("ImperialGeneralBought", {"seat": A, "area": "home", "noble": f"ig{n}", "cost": 0}) for n in (1, 2, 3)
    ]
    table.record(generals)
    assert [v.rule_id for v in table.decide(A, "buy_imperial_general", place="imp2").violations] == ["RV-ECO-6"]


def test_rv_eco_8_the_tax_brings_1_per_imperial_city_and_unrest_kills_on_5_and_6() -> None:
    table = _empire()
    decision = table.act(A, "levy_extraordinary_tax", dice=[5, 6])
    assert first(decision, "ExtraordinaryTaxLevied")["amount"] == 2
    assert table.state.treasuries["imperial"] == 4 + 2 + 2  # with round 1's yield of both cities (RV-ECO-4)
    # imp1 rolls 5: its only unit dies and it turns neutral; imp2 rolls 6: 2 of its 3 units die, it stays.
    assert [e["pieces"] for e in every(decision, "PiecesEliminated")] == [["ii1"], ["ij1", "ij2"]]
    assert [e["place"] for e in every(decision, "CityTurnedNeutral")] == ["imp1"]
    assert table.state.places["imp1"].neutral and not table.state.places["imp2"].neutral
    again = table.decide(A, "levy_extraordinary_tax", dice=[1])
    assert [v.rule_id for v in again.violations] == ["RV-ECO-8"]


def test_rv_eco_7_kalame_summons_one_free_shade_per_impulse_where_she_stands() -> None:
    areas = {"stin": _league_city(S), "kc": city(A)}
    pieces = _of(S, noble("kalame", KL, "stin", "kl_ruler"))
    table = Table.on(board(areas, [], pieces, {S: 0, A: 0}), seats=(KL, A))
    table.impulse(KL)
    summoned = first(table.act(KL, "summon_shade"), "ShadeSummoned")
    assert summoned["area"] == "stin" and table.state.treasuries[S] == 1  # free: only round 1's extraction
    assert table.state.pieces[summoned["noble"]].rank == "shade"
    assert [v.rule_id for v in table.decide(KL, "summon_shade").violations] == ["RV-ECO-7"]
    table.record([Event("ShadeSummoned", {"seat": KL, "area": "stin", "noble": f"old{n}"}) for n in (1, 2)])
    table.impulse(KL)
    assert [v.rule_id for v in table.decide(KL, "summon_shade").violations] == ["RV-ECO-7"]  # 3 on the map


def test_rv_turn_4_5_the_first_round_follows_the_table_and_later_rounds_the_council() -> None:
    document = board({"home": city(A)}, [], [], {A: 0, B: 0, C: 0})
    table = Table.on(document, seats=(A, B, C))
    assert dict(table.state.offices) == {"treasurer": A, "army_commander": B, "sermo": C}  # no kard at the start
    table.act(None, "start_round")
    assert table.state.order == (A, B, C)
    document["attributes"]["setup"]["offices"] = {"kard": C, "treasurer": A, "army_commander": B}
    table = Table.on(document, seats=(A, B, C))
    table.to_round(2)
    assert table.state.order == (C, A, B)  # RV-TURN-3: kard, treasurer, army commander


def equally_near_battle() -> Table:
    """A's g and 3 infantry meet B's n and 1 infantry at r, next to B's b1 and b2 and A's home; A's impulse."""
    pieces = [
        noble("g", A, "r"),
        *troops("gi", 3, "infantry", A, "r", "g"),
        noble("n", B, "r"),
        *troops("ni", 1, "infantry", B, "r", "n"),
    ]
    areas = {"r": {}, "b1": city(B), "b2": city(B), "home": city(A)}
    edges = [("r", "b1", "passable", 1), ("r", "b2", "passable", 1), ("r", "home", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    return table


def test_rv_amb_10_the_owner_chooses_between_two_equally_near_cities() -> None:
    table = equally_near_battle()
    # A: 4 dice 5,1,1,1 -> 1 hit kills B's infantry; B: 2 dice 1,1 -> none. A wins; n withdraws, b1 and b2 tie.
    decision = table.act(A, "attack", dice=[5, 1, 1, 1, 1, 1], nobles=["g"])
    retreat = first(decision, "PiecesRetreated")
    assert (retreat["to"], retreat["ties"]) == ("b1", ["b1", "b2"])
    assert [v.rule_id for v in table.decide(B, "choose_retreat", to="home").violations] == ["RV-AMB-10"]
    table.act(B, "choose_retreat", to="b2")
    assert table.state.pieces["n"].area == "b2"
    assert [v.rule_id for v in table.decide(B, "choose_retreat", to="b1").violations] == ["RV-AMB-10"]


def test_rv_amb_19_loot_goes_to_the_seats_own_treasury_when_the_option_says_winning_seat() -> None:
    table = _storm_table(loot_treasury="winning_seat")
    decision = table.act(KL, "storm_place", dice=[5, 6, 1, 1, 1], place="c", subfaction=S)
    assert "treasury" not in first(decision, "LootOwed")
    table.seal_loot(first(decision, "SealedRoundOpened")["round"], A, 2)
    assert table.state.treasuries[KL] == 2


def test_rv_amb_4_the_league_may_not_storm_in_the_round_it_began_the_siege_even_from_a_later_sub_faction() -> None:
    """RV-AMB-4 (catalog 1.1): seed 003 „Obléhání města/pevnosti muselo začít již minulý impulz." and „obležení
    z minulého kola" name one condition; the League's later sub-faction impulse is still the same round."""
    pieces = [
        *_of(Z, noble("kz", KL, "r"), *troops("zi", 2, "infantry", KL, "r", "kz")),
        *_of(S, noble("ks", KL, "r"), *troops("si", 1, "infantry", KL, "r", "ks")),
        *troops("di", 2, "infantry", A, "c"),
    ]
    areas = {"r": {}, "c": city(A), "home": _league_city(Z)}
    edges = [("r", "c", "passable", 1), ("r", "home", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {Z: 5, S: 5, A: 5}), seats=(KL, A))
    table.to_round(3)
    table.impulse(KL, S)
    table.act(KL, "start_siege", place="c", nobles=["ks", "kz"])  # RV-KL-2: Západní kardství's banner joins
    table.impulse(KL, Z)  # still round 3

    refused = table.decide(KL, "storm_place", place="c", subfaction=Z)

    assert [v.rule_id for v in refused.violations] == ["RV-STM-1"]
    table.impulse(KL, S)  # round 4
    table.impulse(KL, Z)
    assert table.decide(KL, "storm_place", dice=[1] * 4, place="c", subfaction=Z).violations == ()


def _besieged_imperial_city() -> Table:
    """A is kard; the imperial city `imp`, administered by A, holds 1 imperial infantry; B's general with 3
    infantry besieges it (standing in its area, RV-AMB-16) from round 2. Round 3, A's impulse."""
    imperial = {"place": {"kind": "city", "owner": A, "class": "imperial"}}
    pieces = [{"id": "ii1", "kind": "infantry", "owner": A, "area": "imp", "imperial": True}]
    pieces += [noble("bg", B, "bh", purse=3), *troops("bi", 3, "infantry", B, "bh", "bg")]
    areas = {"imp": imperial, "home": city(A), "bh": city(B)}
    document = board(areas, [("bh", "imp", "passable", 1)], pieces, {A: 5, B: 5})
    document["attributes"]["setup"]["offices"] = {"kard": A, "treasurer": B}
    table = Table.on(document, seats=(A, B))
    table.impulse(B)
    table.impulse(B)  # round 2
    table.act(B, "move_banner", noble="bg", path=["imp"], units=["bi1", "bi2", "bi3"])
    table.act(B, "start_siege", nobles=["bg"], place="imp")
    table.impulse(A)  # round 3
    return table


def test_rv_eco_8_unrest_kills_the_citys_own_units_not_the_army_besieging_it_and_the_emptied_city_turns_neutral() -> (
    None
):
    """RV-ECO-8: „Padne-li 5, tak v nepokojích zahynula jedna jednotka. Pokud padne 6 … padly jednotky 2" — the
    unrest is in the city: a 6 kills its one unit (two deaths, one wasted), the besiegers outside stay whole, and
    the city, left without units, turns neutral."""
    table = _besieged_imperial_city()
    decision = table.act(A, "levy_extraordinary_tax", dice=[6])
    assert [(e["seat"], e["pieces"]) for e in every(decision, "PiecesEliminated")] == [(A, ["ii1"])]
    assert [e["place"] for e in every(decision, "CityTurnedNeutral")] == ["imp"]
    assert {"bi1", "bi2", "bi3"} <= set(table.state.pieces) and table.state.places["imp"].neutral


def test_rv_eco_4_in_round_1_an_administered_imperial_city_extracts_into_the_imperial_treasury() -> None:
    """RV-ECO-4: „Ve všech městech jsou automaticky během prvního kola těženy suroviny" — every city, the imperial
    one A administers too; what it yields is the empire's (RV-ECO-5)."""
    imperial = {"place": {"kind": "city", "owner": A, "class": "imperial"}}
    table = Table.on(board({"kiertz": city(A), "imp": imperial}, [], [], {A: 0, B: 0, "imperial": 0}), seats=(A, B))
    decision = table.act(None, "start_round")
    assert [(e["place"], e.get("treasury")) for e in every(decision, "ResourcesExtracted")] == [
        ("imp", "imperial"),
        ("kiertz", None),
    ]
    assert (table.state.treasuries["imperial"], table.state.treasuries[A]) == (1, 1)


def _stinove_zeme_recruits(**options: Any) -> Table:
    """The League's Stínové země city `stin` (Kalamé there, 10 resources), round 2, Stínové země's impulse."""
    areas = {"stin": _league_city(S), "kc": city(A)}
    pieces = _of(S, noble("kal", KL, "stin", "kl_ruler"), *troops("si", 1, "infantry", KL, "stin"))
    table = Table.on(board(areas, [], pieces, {S: 10, A: 0}), seats=(KL, A), options=options)
    table.to_round(2)
    table.impulse(KL, S)
    return table


def test_rv_unit_5_stinove_zeme_recruits_no_cavalry_but_infantry() -> None:
    """RV-UNIT-5: „Stínové země has no cavalry, but its infantry fights outside cities with cavalry strength"."""
    table = _stinove_zeme_recruits()
    refused = table.decide(KL, "recruit", place="stin", kind="cavalry")
    assert [v.rule_id for v in refused.violations] == ["RV-UNIT-5"] and refused.events == ()
    assert table.decide(KL, "recruit", place="stin", kind="infantry").violations == ()


def test_rv_unit_2_a_sub_faction_has_a_unit_limit_of_its_own() -> None:
    """RV-UNIT-2: „Každá frakce/podfrakce má omezený počet jednotek" — Stínové země may field 1 infantry and
    fields 1: a second is refused, naming the sub-faction."""
    assert CEDOFAN_RV.option_errors({**FIXTURE_OPTIONS, "unit_limits": {S: {"infantry": 1}}}) == []
    refused = _stinove_zeme_recruits(unit_limits={S: {"infantry": 1}}).decide(
        KL, "recruit", place="stin", kind="infantry"
    )
    assert [v.rule_id for v in refused.violations] == ["RV-UNIT-2"] and S in refused.violations[0].message
    allowed = _stinove_zeme_recruits(unit_limits={Z: {"infantry": 0}}).decide(
        KL, "recruit", place="stin", kind="infantry"
    )
    assert allowed.violations == ()  # Západní kardství's limit is not Stínové země's


def test_rv_unit_2_the_empires_units_count_against_no_houses_limit() -> None:
    """RV-UNIT-2 with RV-ECO-5: imperial units are the empire's, raised and paid by it — A may field 1 infantry of
    its own, and the one imperial infantry in its imperial city does not use that up."""
    imperial = {"place": {"kind": "city", "owner": A, "class": "imperial"}}
    pieces = [{"id": "ii1", "kind": "infantry", "owner": A, "area": "imp", "imperial": True}]
    document = board({"imp": imperial, "home": city(A)}, [], pieces, {A: 5, B: 5, "imperial": 5})
    document["attributes"]["setup"]["offices"] = {"kard": A, "treasurer": B}
    table = Table.on(document, seats=(A, B), options={"unit_limits": {A: {"infantry": 1}}})
    table.to_round(2)
    table.impulse(A)
    table.act(A, "recruit", place="home", kind="infantry")
    table.impulse(A)  # round 3: the city yields again
    again = table.decide(A, "recruit", place="home", kind="infantry")
    assert [v.rule_id for v in again.violations] == ["RV-UNIT-2"]  # now A's own one is there


def test_rv_eco_6_a_city_yielding_two_buys_two_imperial_generals_each_a_piece_of_its_own() -> None:
    """RV-ECO-6 with RV-ECO-3: a city of yield 2 may buy two generals in a round; each costs 3 and stands on the map
    (the second did not replace the first)."""
    imperial = {"place": {"kind": "city", "owner": A, "class": "imperial", "yield": 2}}
    document = board({"imp": imperial, "home": city(A)}, [], [], {A: 5, B: 5, "imperial": 10})
    document["attributes"]["setup"]["offices"] = {"kard": A}
    table = Table.on(document, seats=(A, B))
    table.to_round(2)
    table.impulse(A)
    bought = [first(table.act(A, "buy_imperial_general", place="imp"), "ImperialGeneralBought") for _ in range(2)]
    assert len({b["noble"] for b in bought}) == 2
    assert all(table.state.pieces[b["noble"]].imperial for b in bought)
    assert table.state.treasuries["imperial"] == 10 + 2 - 6  # 2 from round 1 (RV-ECO-4), then two generals
