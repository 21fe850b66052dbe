"""Reliefs, sorties, outnumbered besiegers, damaged fortresses (RV-REL-*, RV-STM-4/6, RV-AMB-4/9/17/18/22/24/25)."""

from __future__ import annotations

from domain.kernel import Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import (
    FIXTURE_UNIT_TABLE,
    A,
    B,
    C,
    Table,
    board,
    city,
    every,
    first,
    noble,
    troops,
    types,
)


def _besieged(
    defenders: int = 2, relief: int = 3, besiegers: int = 3, purse_a: int = 0, purse_b: int = 0, kind: str = "city"
) -> Table:
    """A (house head + infantry) besieges B's place `c` since round 1; B's general waits next door in `w`."""
    pieces = [
        noble("ha", A, "r", "house_head", purse=purse_a),
        *troops("a", besiegers, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", defenders, "infantry", B, "c", "gc"),
        noble("gw", B, "w", purse=purse_b),
        *troops("w", relief, "infantry", B, "w", "gw"),
    ]
    areas = {"r": {}, "c": city(B, kind=kind), "w": {}, "a_home": city(A), "a_fort": city(A, kind="fortress")}
    edges = [
        ("r", "c", "passable", 1),
        ("c", "w", "passable", 1),
        ("r", "a_fort", "passable", 1),
        ("a_fort", "a_home", "passable", 1),
    ]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)
    return table


def test_besiegers_withdraw_to_a_fortress_and_hand_over_purses_when_the_relief_wins() -> None:
    table = _besieged(purse_a=4)
    # relief: gw + 3 infantry + 1 joining = 5 field dice, 3 hits; besiegers ha + 3 = 4 dice, no hit.
    decision = table.act(B, "relieve_siege", dice=[6, 6, 5, 1, 1, 1, 1, 1, 1], place="c", nobles=["gw"], joining=["c1"])

    assert first(decision, "ReliefDeclared")["joining"] == ["c1"]
    rolls = every(decision, "DiceRolled")
    assert [(r["side"], r["column"], r["divisor"]) for r in rolls] == [("relief", "field", 1), ("besieger", "field", 1)]
    assert first(decision, "BattleResolved")["units_after"] == {"relief": 4, "besieger": 0}
    assert first(decision, "BesiegersWithdrew")["rule_ids"] == ["RV-REL-4"]
    retreat = first(decision, "PiecesRetreated")
    assert retreat["pieces"] == ["ha"] and retreat["to"] == "a_fort"  # RV-AMB-10: a fortress counts here
    assert first(decision, "LootOwed")["to_seat"] == B
    assert "c" not in table.state.sieges
    assert table.state.pieces["c1"].area == "c"  # RV-AMB-17: joined units stay in the place


def test_relieving_survivors_enter_the_place_above_five_when_the_besiegers_win() -> None:
    table = _besieged(defenders=5, relief=3, besiegers=9, purse_b=2)
    # relief gw + 3 = 4 dice, no hit; besiegers ha + 9 = 10 dice, 2 hits kill 2 relieving infantry.
    decision = table.act(B, "relieve_siege", dice=[1] * 4 + [6, 6] + [1] * 8, place="c", nobles=["gw"])

    assert first(decision, "BattleResolved")["winner"] == A
    entered = first(decision, "ReliefEnteredPlace")
    assert sorted(entered["pieces"]) == ["gw", "w3"]
    assert first(decision, "LootOwed")["from_seat"] == B  # RV-AMB-17: the relief's purses go to the besiegers
    assert "SiegeContinues" in types(decision)
    assert sum(1 for p in table.state.pieces_in("c") if not p.is_noble and p.owner == B) == 6
    assert "c" in table.state.sieges  # RV-REL-7: no need to start it again


def test_no_storm_while_more_than_five_units_are_inside_after_a_relief() -> None:
    table = _besieged(defenders=5, relief=3, besiegers=9)
    table.act(B, "relieve_siege", dice=[1] * 4 + [6, 6] + [1] * 8, place="c", nobles=["gw"])
    table.impulse(A)

    refused = table.decide(A, "storm_place", place="c")

    assert [v.rule_id for v in refused.violations] == ["RV-AMB-18", "RV-BTY-1"]


def test_siege_continues_when_the_besiegers_win_a_relief_that_leaves_the_place_outnumbering_them() -> None:
    """Seed 003, relief won by the besiegers: „Oblehatelé dále pokračují v obléhání." (RV-REL-6, RV-AMB-24)."""
    table = _besieged(defenders=2, relief=1, besiegers=3, purse_a=4)
    # relief gw + w1 = 2 dice, 2 hits kill a1, a2; besiegers ha + 3 = 4 dice, 1 hit kills w1.
    decision = table.act(B, "relieve_siege", dice=[6, 6, 5, 1, 1, 1], place="c", nobles=["gw"])

    # Besiegers win 1 to 0 and gw withdraws into the place alone (RV-REL-5).
    assert first(decision, "BattleResolved")["units_after"] == {"relief": 0, "besieger": 1}
    # Inside now 2 defending units > 1 besieging unit, but RV-STM-6 is a storm's clause (RV-AMB-24).
    assert "BesiegersWithdrew" not in types(decision)
    assert "LootOwed" not in types(decision)  # the winners' purse is not handed to the losers
    assert first(decision, "SiegeContinues")["rule_ids"] == ["RV-REL-6", "RV-REL-7", "RV-AMB-24"]
    assert table.state.sieges["c"].nobles == ("ha",)
    assert table.state.purses["ha"] == 4


def test_sortie_divides_besiegers_by_three_at_a_fortress_and_outnumbered_besiegers_withdraw() -> None:
    table = _besieged(defenders=4, besiegers=5, purse_a=3, kind="fortress")
    # defender rolls first: gc + 4 = 5 city dice, 5 hits; besiegers ha + 5 = 6 // 3 = 2 dice, no hit.
    decision = table.act(B, "sortie", dice=[6, 6, 6, 6, 6, 1, 1], place="c")

    called = first(decision, "StormCalled")
    assert called["by"] == "defender" and called["cost"] == 1 and called["rule_ids"] == ["RV-STM-4"]
    besieger_roll = next(r for r in every(decision, "DiceRolled") if r["side"] == "besieger")
    assert (besieger_roll["dice_before_division"], besieger_roll["divisor"]) == (6, 3)
    assert first(decision, "BattleResolved")["units_after"] == {"besieger": 0, "defender": 4}
    assert first(decision, "BesiegersWithdrew")["rule_ids"] == ["RV-STM-6"]
    assert first(decision, "LootOwed") == {
        "loot": "loot-1-katzowicove",
        "from_seat": A,
        "to_seat": B,
        "nobles": ["ha"],
        "rule_ids": ["RV-LOOT-1", "RV-LOOT-3", "RV-AMB-19"],
    }


def test_sortie_divisor_is_two_at_a_fortress_when_the_option_says_so() -> None:
    pieces = [
        noble("ha", A, "r", "house_head"),
        *troops("a", 6, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", 4, "infantry", B, "c", "gc"),
    ]
    areas = {"r": {}, "c": city(B, kind="fortress"), "h": city(A)}
    table = Table.on(
        board(areas, [("r", "c", "passable", 1), ("r", "h", "passable", 1)], pieces),
        options={"defender_storm_fortress_divisor": 2},
    )
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)

    decision = table.act(B, "sortie", dice=[1] * 5 + [1] * 3, place="c")

    besieger_roll = next(r for r in every(decision, "DiceRolled") if r["side"] == "besieger")
    assert (besieger_roll["dice_before_division"], len(besieger_roll["faces"])) == (7, 3)


def test_sortie_is_refused_in_the_impulse_the_siege_began() -> None:
    pieces = [
        noble("ha", A, "r", "house_head"),
        *troops("a", 3, "infantry", A, "r", "ha"),
        *troops("c", 2, "infantry", B, "c"),
    ]
    areas = {"r": {}, "c": city(B), "h": city(A)}
    table = Table.on(board(areas, [("r", "c", "passable", 1), ("r", "h", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])

    assert [v.rule_id for v in table.decide(B, "sortie", place="c").violations] == ["RV-TURN-1"]
    table.impulse(B)
    assert table.decide(B, "sortie", dice=[1, 1, 1, 1], place="c").violations == ()


def test_siege_is_refused_at_a_damaged_fortress_which_is_a_village() -> None:
    pieces = [noble("ha", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "ha")]
    damaged = {"place": {"kind": "fortress", "owner": B, "damaged": True}}
    table = Table.on(board({"r": {}, "f": damaged}, [("r", "f", "passable", 1)], pieces))
    table.impulse(A)

    refused = table.decide(A, "start_siege", place="f", nobles=["ha"])

    assert [v.rule_id for v in refused.violations] == ["RV-BTY-2"]


def test_exactly_five_defenders_can_be_attacked_in_the_field_under_the_alternative_option() -> None:
    pieces = [
        noble("ha", A, "c", "house_head"),
        *troops("a", 6, "infantry", A, "c", "ha"),
        *troops("d", 5, "infantry", B, "c"),
    ]
    table = Table.on(board({"c": city(B)}, [], pieces), options={"exactly_five_defenders": "field_battle"})
    table.impulse(A)

    assert table.decide(A, "attack", dice=[1] * 7 + [1] * 5, nobles=["ha"]).violations == ()


def test_floor_rounding_lets_a_weak_besieging_force_roll_no_dice() -> None:
    # A table where infantry has no city dice: the besiegers' total is the noble's 1 die, ÷2.
    table_ = {**FIXTURE_UNIT_TABLE, "infantry": {**FIXTURE_UNIT_TABLE["infantry"], "city_dice": 0}}
    pieces = [noble("g", A, "r"), *troops("a", 2, "infantry", A, "r", "g"), *troops("d", 1, "infantry", B, "c")]
    areas = {"r": {}, "c": city(B), "h": city(A)}
    for rounding, expected in (("floor_min1", 1), ("floor", 0)):
        table = Table.on(
            board(areas, [("r", "c", "passable", 1), ("r", "h", "passable", 1)], pieces),
            options={"siege_dice": rounding, "unit_table": table_},
        )
        table.impulse(A)
        table.act(A, "start_siege", place="c", nobles=["g"])
        table.impulse(A)
        decision = table.act(A, "storm_place", dice=[1] * expected, place="c")
        rolled = [r for r in every(decision, "DiceRolled") if r["side"] == "besieger"]
        assert sum(len(r["faces"]) for r in rolled) == expected, rounding


def test_besieged_garrison_cannot_attack_its_besiegers_in_the_field() -> None:
    pieces = [
        noble("ha", A, "c", "house_head", purse=1),
        *troops("a", 4, "infantry", A, "c", "ha"),
        noble("gc", B, "c"),
        *troops("c", 2, "infantry", B, "c", "gc"),
        noble("gw", B, "c2"),
        *troops("w", 3, "infantry", B, "c2", "gw"),
    ]
    areas = {"c": city(B), "c2": {}, "h": city(A)}
    table = Table.on(board(areas, [("h", "c", "passable", 1), ("c", "c2", "passable", 1)], pieces))
    table.impulse(A)
    table.act(A, "move_banner", noble="ha", path=["h", "c"], units=["a1", "a2", "a3", "a4"])
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)

    assert [v.rule_id for v in table.decide(B, "attack", nobles=["gc"]).violations] == ["RV-STM-4"]
    table.act(B, "move_banner", noble="gw", path=["c"], units=["w1", "w2", "w3"])
    assert [v.rule_id for v in table.decide(B, "attack", nobles=["gw"]).violations] == ["RV-STM-4"]


def test_rv_rel_1_the_besieged_garrison_does_not_relieve_itself_from_inside() -> None:
    """RV-REL-1/2: „Podpora obléhané armády spřátelenou/vlastní armádou zvenčí" — a relief comes from outside,
    „kterého se mohou/nemusí účastnit obléhané jednotky": the besieged only join it, or sally (RV-STM-4). B's gc,
    besieged in c with c1 and c2, is refused; listing c1, c2 as joining too made them fight twice (5 dice and
    4 "units" from 2 infantry), so 2 units beat A's 3 without a hit. From next door, gw relieves."""
    table = _besieged(defenders=2, relief=3, besiegers=3)

    refused = table.decide(B, "relieve_siege", [1] * 9, place="c", nobles=["gc"], joining=["c1", "c2"])

    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-REL-1", "data.nobles")]
    assert not refused.events
    pending = CEDOFAN_RV.pending(table.game, Viewer(arbiter=True))
    relief = next(o for w in pending.waiting if w.seat == B for o in w.options if o.type == "relieve_siege")
    assert {tuple(c["nobles"]) for c in relief.choices} == {("gw",)}
    offered = relief.fields["sieges"]["c"]
    assert (offered["nobles"], offered["joining"]) == (["gw"], ["c1", "c2"])


def _relief_by_c(alliance: bool) -> Table:
    """A besieges B's city c (B's gb + 2 inside); C's gc + 3 wait in `w` next to it; C's impulse."""
    pieces = [noble("ha", A, "r", "house_head"), *troops("a", 3, "infantry", A, "r", "ha")]
    pieces += [noble("gb", B, "c"), *troops("b", 2, "infantry", B, "c", "gb")]
    pieces += [noble("gc", C, "w", purse=2), *troops("x", 3, "infantry", C, "w", "gc")]
    areas = {"r": {}, "c": city(B), "w": {}, "hb": city(B), "ha": city(A), "hc": city(C)}
    edges = [("r", "c", "passable", 1), ("c", "w", "passable", 1), ("w", "hb", "passable", 1)]
    edges += [("r", "ha", "passable", 1), ("w", "hc", "passable", 2), ("r", "w", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    if alliance:
        table.act(B, "declare_alliance", **{"with": C})
        table.act(C, "declare_alliance", **{"with": B})
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(C)
    return table


def test_rv_rel_1_only_the_besieged_faction_or_its_ally_relieves_a_siege() -> None:
    """RV-REL-1: „Pokud se rozhodne spřátelená/vlastní armáda podpořit jednotky v obléhané pevnosti/městě" — C,
    no ally of B, may not relieve B's city; it meets A's besiegers (ha + 3) in a plain field battle instead
    (RV-BTY-1): C's 4 dice all hit, A's 4 miss, and A withdraws, which ends the siege."""
    table = _relief_by_c(alliance=False)
    refused = table.decide(C, "relieve_siege", [6, 6, 6, 1] + [1] * 4, place="c", nobles=["gc"])
    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-REL-1", "seat")]
    table.act(C, "move_banner", noble="gc", path=["r"], units=["x1", "x2", "x3"])
    decision = table.act(C, "attack", [6, 6, 6, 6] + [1] * 4, nobles=["gc"], defender=A)
    assert first(decision, "BattleResolved")["winner"] == C
    assert "c" not in table.state.sieges


def test_rv_amb_17_an_ally_relieving_a_siege_commits_none_of_the_besieged_units() -> None:
    """RV-AMB-17: „the defender lists which besieged units join" — C, B's ally, relieves B's city c from A's siege
    (RV-REL-1): C may not throw B's units b1, b2 into its battle."""
    table = _relief_by_c(alliance=True)
    conscripted = table.decide(
        C, "relieve_siege", [6, 6, 6, 1, 1, 1] + [1] * 4, place="c", nobles=["gc"], joining=["b1", "b2"]
    )
    assert [(v.rule_id, v.details["field"]) for v in conscripted.violations] == [("RV-REL-2", "data.joining")]
    alone = table.decide(C, "relieve_siege", [6, 6, 6, 1] + [1] * 4, place="c", nobles=["gc"])
    assert alone.violations == ()


def test_each_losing_owner_writes_its_own_loot_slip_when_an_ally_defended_the_city() -> None:
    """RV-LOOT-2: "the loser writes how much was in the purses": C's general, fallen beside its ally B in B's city
    (RV-FLD-3), is C's purse; B may neither see it nor write for it, so each losing player seals a slip of its own
    (RV-LOOT-1/3)."""
    pieces = [
        noble("ha", A, "r"),
        *troops("a", 6, "infantry", A, "r", "ha"),
        noble("gb", B, "c", purse=2),
        *troops("b", 1, "infantry", B, "c", "gb"),
        noble("gc", C, "c", purse=3),
        *troops("k", 1, "infantry", C, "c", "gc"),
    ]
    areas = {"r": {}, "c": city(B), "a_home": city(A), "b_home": city(B), "c_home": city(C)}
    edges = [("r", "c", "passable", 1), ("r", "a_home", "passable", 1), ("c", "b_home", "passable", 1)]
    table = Table.on(board(areas, [*edges, ("c", "c_home", "passable", 1)], pieces))
    table.act(B, "declare_alliance", **{"with": C})
    table.act(C, "declare_alliance", **{"with": B})
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(A)
    before = table.state.treasuries[A]
    # besiegers ha + 6 = 7 city dice // 2 = 3, three hits; defenders 4 dice, one hit: the place falls (RV-STM-5).
    decision = table.act(A, "storm_place", dice=[6, 6, 6, 6, 1, 1, 1], place="c")

    owed = {e["from_seat"]: e["nobles"] for e in every(decision, "LootOwed")}
    assert owed == {B: ["gb"], C: ["gc"]}
    assert {e["round"]: e["seats"] for e in every(decision, "SealedRoundOpened")} == {
        f"loot-1-{B}": [B],
        f"loot-1-{C}": [C],
    }
    assert table.seal_loot(f"loot-1-{C}", C, 3).violations == ()
    assert table.seal_loot(f"loot-1-{B}", B, 2).violations == ()
    assert table.state.treasuries[A] == before - 1 + 2 + 3  # both purses, less the storm's 1 resource (RV-STM-3)


def test_outnumbered_besiegers_withdraw_to_the_city_nearest_where_they_stand_not_the_place() -> None:
    """RV-STM-6 / RV-AMB-10: the banner besieges c from r; A's city y is 1 step from r, A's city x 1 step
    beyond c (2 from r). The nearest city to the besiegers is y, though x is the nearer to the place."""
    pieces = [
        noble("ha", A, "r"),
        *troops("a", 5, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", 4, "infantry", B, "c", "gc"),
    ]
    areas = {"r": {}, "c": city(B), "x": city(A), "y": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "x", "passable", 1), ("r", "y", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    table.impulse(B)
    # the defenders' sortie: gc + 4 = 5 city dice, 4 hits; besiegers ha + 5 = 6 // 2 = 3 dice, no hit: 4 > 1.
    decision = table.act(B, "sortie", dice=[6, 6, 6, 6, 1, 1, 1, 1], place="c")

    assert first(decision, "BesiegersWithdrew")["rule_ids"] == ["RV-STM-6"]
    retreat = first(decision, "PiecesRetreated")
    assert (retreat["from"], retreat["to"], retreat["steps"]) == ("r", "y", 1)
    assert retreat["rule_ids"] == ["RV-STM-6", "RV-AMB-10"]
    assert table.state.pieces["ha"].area == "y"


def test_rv_sie_2_a_third_factions_units_in_a_city_count_in_its_garrison_only_as_allies() -> None:
    """RV-SIE-2 („více jednotek než frakce obránců") with RV-FLD-3: A's 4 units against B's city c, where B has 2
    units and C 3. Without an alliance C is not B's garrison: 4 > 2, the siege starts. With B and C allied the
    garrison is 5 units and 4 do not outnumber it."""
    pieces = [noble("ha", A, "r"), *troops("a", 4, "infantry", A, "r", "ha")]
    pieces += [noble("gb", B, "c"), *troops("b", 2, "infantry", B, "c", "gb")]
    pieces += [noble("gc", C, "c"), *troops("k", 3, "infantry", C, "c", "gc")]
    areas = {"r": {}, "c": city(B), "ha": city(A), "hb": city(B), "hc": city(C)}
    edges = [("r", "c", "passable", 1), ("r", "ha", "passable", 1), ("c", "hb", "passable", 1)]
    edges.append(("c", "hc", "passable", 1))
    alone = Table.on(board(areas, edges, pieces))
    alone.impulse(A)
    assert first(alone.act(A, "start_siege", place="c", nobles=["ha"]), "SiegeStarted")["place"] == "c"

    allies = Table.on(board(areas, edges, pieces))
    allies.act(B, "declare_alliance", **{"with": C})
    allies.act(C, "declare_alliance", **{"with": B})
    allies.impulse(A)
    refused = allies.decide(A, "start_siege", place="c", nobles=["ha"])
    assert [v.rule_id for v in refused.violations] == ["RV-SIE-2"]
    assert "5 defending units" in refused.violations[0].message
