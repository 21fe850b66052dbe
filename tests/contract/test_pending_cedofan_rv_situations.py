"""`pending` of cedofan_rv in the situations of the rulebook (issue 15, point 2): what the table waits for, the
options offered and the rule ids they cite, worked from the catalog (shared/rules/cedofan_rv.md) and seed 003.

Dice are the catalog's labelled TEST FIXTURE (RV-AMB-1): infantry 1 field / 1 city die, 1 life, speed 2; cavalry
2 / 1, 2 lives, speed 4; a noble 1 / 1, speed 4. Every choice a test reads is also decided, to show it is accepted.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.pending import ENDED_PHASE, SEAL, Option
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.contract.pending_play import check_pending
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, city, noble, troops

KL, Z, S = "kard_league", "zapadni_kardstvi", "stinove_zeme"


def options_of(table: Table, seat: str | None, viewer: Viewer | None = None) -> dict[str, Option]:
    """The options `seat` is waited on for, by type, as `viewer` (the arbiter by default) sees them."""
    pending = CEDOFAN_RV.pending(table.game, viewer or Viewer(arbiter=True))
    return {o.type: o for w in pending.waiting if w.seat == seat for o in w.options}


def accepted(table: Table, seat: str, option: Option, dice: list[int] | None = None) -> None:
    """Every choice of the option is accepted by the rules as it stands."""
    for choice in option.choices:
        decision = table.decide(seat, option.type, dice, **choice)
        assert decision.violations == () and decision.events, (choice, decision.violations)


def _storm_limit_table() -> Table:
    """RV-EX-8: A holds 3 cities (limit 3 + 4 = 7) and has besieged B's city c since round 1; noble m walks at home."""
    pieces = [
        noble("hb", A, "r", "house_head"),
        *troops("a", 3, "infantry", A, "r", "hb"),
        *troops("d", 1, "infantry", B, "c"),
        noble("m", A, "h1"),
    ]
    areas = {"r": {}, "c": city(B), "a1": city(A), "a2": city(A), "a3": city(A), "h1": {"home": [A]}}
    areas["h2"] = {"home": [A]}
    edges = [("r", "c", "passable", 1), ("r", "a1", "passable", 1), ("h1", "h2", "passable", 8)]
    table = Table.on(board(areas, edges, pieces, {A: 20, B: 5, C: 0}))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["hb"])
    table.impulse(A)  # round 2
    return table


def test_rv_stm_3_a_storm_is_offered_only_while_it_fits_the_impulse_limit() -> None:
    """RV-EX-8 (RV-SUP-1, RV-STM-3, RV-AMB-13/14): limit 7; 4 spent on moves at home, storms #1-#3 bring it to 7,
    "storm #4 ... is refused: it would make 8 > 7" — so it is no longer offered."""
    table = _storm_limit_table()
    # Noble m alone (speed 4) walks 8 steps and back: ceil(8 / 4) = 2 each way, from the treasury (home).
    table.act(A, "move_banner", noble="m", path=["h2"], units=[])
    table.act(A, "move_banner", noble="m", path=["h1"], units=[])
    assert table.state.spent == 4 and table.state.limit == 7
    for storm in (1, 2, 3):
        storm_option = options_of(table, A)["storm_place"]
        assert storm_option.choices == ({"place": "c"},)
        assert {"RV-STM-2", "RV-STM-3"} <= set(storm_option.rule_ids)
        assert storm_option.fields["spent"] == 3 + storm and storm_option.fields["limit"] == 7
        # Besiegers: city dice 3 + 1 = 4, / 2 = 2 dice; the defender 1 die; nobody hits.
        table.act(A, "storm_place", dice=[1, 1, 1], place="c")
    assert table.state.spent == 7
    left = options_of(table, A)
    assert "storm_place" not in left and "move_banner" not in left  # nothing costing 1 fits any more
    refused = table.decide(A, "storm_place", dice=[1, 1, 1], place="c")
    assert [v.rule_id for v in refused.violations] == ["RV-SUP-1", "RV-STM-3"]
    assert set(left) >= {"end_impulse"}


def _walk_table() -> Table:
    """A (no city: limit 0 + 4 = 4) with general n and 2 infantry at a; a, b, c, d are A's home, e is not."""
    areas = {"a": {"home": [A]}, "b": {"home": [A]}, "c": {"home": [A]}, "d": {"home": [A]}, "e": {}}
    areas["kb"] = city(B)
    edges = [("a", "b", "passable", 2), ("b", "c", "passable", 4), ("c", "d", "mountain", 4), ("a", "e", "swamp", 1)]
    pieces = [noble("n", A, "a"), *troops("i", 2, "infantry", A, "a", "n")]
    table = Table.on(board(areas, edges, pieces, {A: 20, B: 0, C: 0}))
    table.impulse(A)
    return table


def _moves(option: Option) -> set[tuple[tuple[str, ...], int]]:
    return {(tuple(c["path"]), len(c["units"])) for c in option.choices}


def test_rv_mov_2_amb_21_a_move_is_offered_to_every_destination_its_slowest_piece_reaches_within_the_limit() -> None:
    """RV-MOV-1 (the slowest unit sets the cost), RV-AMB-21 (ceil(steps / speed)), RV-SUP-1 (limit 4), RV-SUP-2
    (home moves from the treasury, others from the purse, empty here). With the infantry (speed 2): b 2 steps
    costs 1, c 6 steps 3, d 10 steps 5 > 4. Alone (speed 4): 1, 2 and 3. Region e is enemy territory: the purse
    (0) pays nothing, until the noble carries 1."""
    table = _walk_table()
    move = options_of(table, A)["move_banner"]

    assert _moves(move) == {(("b",), 2), (("b",), 0), (("b", "c"), 2), (("b", "c"), 0), (("b", "c", "d"), 0)}
    assert move.private and not move.exhaustive
    assert {"RV-MOV-1", "RV-MOV-2", "RV-AMB-21", "RV-SUP-1", "RV-SUP-2"} <= set(move.rule_ids)
    destinations = move.fields["nobles"]["n"]["destinations"]
    assert destinations["d"]["costs"] == [{"units": 0, "cost": 3}]
    assert destinations["e"]["paid_from"] == "purse" and destinations["b"]["paid_from"] == "treasury"
    # RV-NOB-2/3 under each field's own name, for a recorder's drop-down and checklist by name.
    movable = move.fields["nobles"]["n"]["units"]
    assert (move.fields["noble"], move.fields["units"]) == (["n"], movable) and len(movable) == 2
    assert move.fields["units_due"] == {"noble": {"n": {"minimum": 0, "maximum": 2}}}
    assert [d["type"] for d in move.fields["unit_details"]] == ["noble", "infantry", "infantry"]
    accepted(table, A, move)

    transfer = options_of(table, A)["transfer_resources"]
    assert {"from": "treasury", "to": "n", "amount": 1} in transfer.choices
    table.act(A, "transfer_resources", None, **{"from": "treasury", "to": "n", "amount": 1})
    assert {(("e",), 2), (("e",), 0)} <= _moves(options_of(table, A)["move_banner"])


def test_rv_sie_2_3_a_siege_is_offered_to_banners_that_together_outnumber_across_a_passable_border() -> None:
    """RV-EX-4: a general with 3 infantry and a house head with 1 next to city c (3 infantry and a noble): 4 > 3,
    so together they may besiege; neither alone outnumbers. Over a mountain border no siege is offered."""
    for border, offered in (("passable", True), ("mountain", False)):
        pieces = [
            noble("g", A, "r"),
            *troops("gi", 3, "infantry", A, "r", "g"),
            noble("h", A, "r", "house_head"),
            *troops("hi", 1, "infantry", A, "r", "h"),
            noble("nc", B, "c"),
            *troops("ci", 3, "infantry", B, "c", "nc"),
        ]
        areas = {"r": {}, "c": city(B), "ka": city(A)}
        table = Table.on(board(areas, [("r", "c", border, 1), ("r", "ka", "passable", 1)], pieces))
        table.impulse(A)
        siege = options_of(table, A).get("start_siege")
        if not offered:
            assert siege is None
            continue
        assert siege is not None and siege.choices == ({"nobles": ["g", "h"], "place": "c"},)
        assert {"RV-SIE-2", "RV-SIE-3", "RV-SIE-4"} <= set(siege.rule_ids)
        accepted(table, A, siege)


def test_rv_bty_1_2_five_defenders_are_besieged_and_six_are_attacked_in_the_field() -> None:
    """RV-EX-2 (RV-BTY-1/2/4, RV-AMB-3): 5 units in a city must be besieged (no field attack); 6 are a field battle."""
    for garrison, expected in ((5, "start_siege"), (6, "attack")):
        pieces = [noble("g", A, "c", "army_commander"), *troops("gi", 7, "infantry", A, "c", "g")]
        pieces += [noble("nc", B, "c"), *troops("ci", garrison, "infantry", B, "c", "nc")]
        areas = {"c": city(B), "w": {}, "ka": city(A)}
        table = Table.on(board(areas, [("c", "w", "passable", 1), ("w", "ka", "passable", 1)], pieces))
        table.impulse(A)
        offered = options_of(table, A)
        other = "attack" if expected == "start_siege" else "start_siege"
        assert expected in offered and other not in offered, (garrison, sorted(offered))
        dice = [1] * 15 if expected == "attack" else None  # 7 infantry + g, then 6 infantry + nc
        accepted(table, A, offered[expected], dice)


def _besieged() -> Table:
    """A (house head and 3 infantry in r) besieges B's city c (general gc, 2 infantry) in round 1; B's general gw
    waits with 3 infantry in w, next to c."""
    pieces = [
        noble("ha", A, "r", "house_head"),
        *troops("a", 3, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", 2, "infantry", B, "c", "gc"),
        noble("gw", B, "w"),
        *troops("w", 3, "infantry", B, "w", "gw"),
    ]
    areas = {"r": {}, "c": city(B), "w": {}, "a_home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "w", "passable", 1), ("r", "a_home", "passable", 1)]
    table = Table.on(board(areas, edges, pieces))
    table.impulse(A)
    table.act(A, "start_siege", place="c", nobles=["ha"])
    return table


def test_rv_stm_1_4_rel_1_the_storm_waits_for_the_next_round_while_sortie_and_relief_are_offered_at_once() -> None:
    """RV-EX-5 / RV-STM-1: "A storm called in round 3, the round of the siege start, would have been refused";
    RV-STM-4 and RV-AMB-4: the besieged call a storm in their own impulse once the siege existed when it began;
    RV-REL-1/2: a friendly army next to the place fights the besiegers, the besieged joining or not."""
    table = _besieged()
    assert "storm_place" not in options_of(table, A)
    table.impulse(B)
    offered = options_of(table, B)
    assert offered["sortie"].choices == ({"place": "c"},) and "RV-STM-4" in offered["sortie"].rule_ids
    relief = offered["relieve_siege"]
    assert {"nobles": ["gw"], "place": "c", "joining": []} in relief.choices
    assert {"nobles": ["gw"], "place": "c", "joining": ["c1", "c2"]} in relief.choices
    assert relief.rule_ids[:2] == ("RV-REL-1", "RV-REL-2") and "attack" not in offered
    # RV-REL-2 under each field's own name, for a recorder's checklists: any of the besieged may join, or none.
    assert (relief.fields["nobles"], relief.fields["joining"]) == (["gw"], ["c1", "c2"])
    assert relief.fields["joining_due"] == {"minimum": 0, "maximum": 2}
    # RV-AMB-11: Gliviciové's own pieces of the relief (gw's banner, the besieged who may join) for casualty_order.
    assert sorted(relief.fields["casualty_order"]) == ["c1", "c2", "gw", "w1", "w2", "w3"]
    # RV-AMB-11: the sallying side orders its own pieces inside `c` (a recorder's ordered picker), not A's.
    assert sorted(offered["sortie"].fields["casualty_order"]) == ["c1", "c2", "gc"]
    accepted(table, B, offered["sortie"], [1] * 5)  # gc + 2 infantry: 3 dice; besiegers 4 / 2 = 2
    table.impulse(A)  # round 2
    storm = options_of(table, A)["storm_place"]
    assert storm.choices == ({"place": "c"},) and "RV-STM-1" in storm.rule_ids
    assert sorted(storm.fields["casualty_order"]) == ["a1", "a2", "a3", "ha"]  # the besieging banner's pieces


def _field_battle(**options: Any) -> Table:
    """RV-EX-3: A's g1 (4 infantry, 1 cavalry) meets B's n2 (3 infantry, 3 in his purse) in region r; B has two
    cities, each 2 steps from r."""
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        *troops("ac", 1, "cavalry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b1": city(B), "b2": city(B), "ka": city(A)}
    edges = [("r", "b1", "passable", 2), ("r", "b2", "passable", 2), ("r", "ka", "passable", 3)]
    table = Table.on(board(areas, edges, pieces), options=options or None)
    table.impulse(A)
    return table


def test_rv_loot_2_the_loser_alone_is_offered_the_slip_and_may_choose_between_equally_near_cities() -> None:
    """RV-EX-3: A's 3 hits kill B's infantry; n2 withdraws, free, and his 3 resources go to A on a secret slip
    (RV-LOOT-1..3), "visible to A and B only". n2's two cities are equally near (RV-AMB-10): B may pick the other."""
    table = _field_battle()
    assert options_of(table, A)["attack"].choices[0] == {"nobles": ["g1"]}
    # Attackers 4 + 2 + 1 = 7 dice: 6,5,1,2,3,5,4 -> 3 hits; defenders 3 + 1 = 4 dice: 5,1,1,2 -> 1 hit.
    table.act(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])

    slip = options_of(table, B)[SEAL]
    round_id = slip.fields["round"]
    assert slip.private and slip.choices == ({"round": round_id, "payload": {"amount": 3}},)
    assert slip.rule_ids == ("RV-LOOT-1", "RV-LOOT-2", "RV-LOOT-3")
    for outsider in (A, C, None):
        seen = options_of(table, B, Viewer(seat=outsider))[SEAL]
        assert seen.choices == () and seen.fields == {}, outsider
    assert options_of(table, B, Viewer(seat=B))[SEAL].choices == slip.choices
    retreat = options_of(table, B)["choose_retreat"]
    assert retreat.choices == ({"to": "b2"},) and retreat.rule_ids == ("RV-FLD-5", "RV-AMB-10")
    accepted(table, B, retreat)
    check_pending(CEDOFAN_RV, table.game)

    table.seal_loot(round_id, B, 3)
    assert SEAL not in options_of(table, B)


def test_rv_vic_3_a_game_won_waits_on_nobody() -> None:
    """RV-VIC-3: the first to reach the influence target wins and the game ends (a target of 1 here)."""
    table = _field_battle(influence_target=1)
    table.act(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])

    pending = CEDOFAN_RV.pending(table.game, Viewer(arbiter=True))
    assert table.game.meta.ended and pending.phase == ENDED_PHASE and pending.waiting == ()


def test_rv_turn_3_4_the_league_plays_each_sub_faction_first_then_the_houses_then_the_table_starts_a_round() -> None:
    """RV-TURN-4: round 1's order is the Kard League (Stínové země, then Západní kardství), then the houses;
    RV-TURN-1: a round in which every player plays, so the next round waits until all have."""
    pieces = [{**noble("kz", KL, "z"), "subfaction": Z}, {**noble("ks", KL, "s"), "subfaction": S}]
    areas = {"z": {"home": [KL]}, "s": {"home": [KL]}, "ka": city(A)}
    table = Table.on(board(areas, [], pieces, {A: 0}), seats=(KL, A))
    seen = []
    for _ in range(7):
        pending = check_pending(CEDOFAN_RV, table.game)
        (entry,) = pending.waiting
        option = entry.options[0]
        seen.append((entry.seat, option.type, dict(option.choices[0]), pending.rule_id))
        table.act(entry.seat, option.type, **option.choices[0])
        if option.type == "begin_impulse":
            table.act(entry.seat, "end_impulse")
    assert seen == [
        (None, "start_round", {}, "RV-TURN-1"),
        (KL, "begin_impulse", {"subfaction": S}, "RV-TURN-3"),
        (KL, "begin_impulse", {"subfaction": Z}, "RV-TURN-3"),
        (A, "begin_impulse", {}, "RV-TURN-3"),
        (None, "start_round", {}, "RV-TURN-1"),
        (KL, "begin_impulse", {"subfaction": S}, "RV-TURN-3"),
        (KL, "begin_impulse", {"subfaction": Z}, "RV-TURN-3"),
    ]


def test_rv_unit_1_recruitment_is_offered_within_the_hidden_treasury_and_listed_to_others_without_choices() -> None:
    """RV-ECO-1/2: a fortress yields a resource or a recruit once a round; RV-UNIT-1: a recruit costs the table's
    price (fixture: infantry 1, cavalry 2) from a treasury only its seat sees (view.py). With 1 in the treasury,
    infantry is offered and cavalry is not; with 0, nothing is, but the option stays listed so that its absence
    does not tell B that A's treasury is empty."""
    for treasury, kinds in ((0, []), (1, ["infantry"])):
        areas = {"kf": city(A, kind="fortress"), "kb": city(B)}
        table = Table.on(board(areas, [], [], {A: treasury, B: 0, C: 0}))
        assert "recruit" not in options_of(table, A)  # before the first round nobody acts but the table
        table.impulse(A)
        recruit = options_of(table, A)["recruit"]
        assert [c["kind"] for c in recruit.choices] == kinds and recruit.private
        assert options_of(table, A)["extract"].choices == ({"place": "kf"},)
        as_b = options_of(table, A, Viewer(seat=B))["recruit"]
        assert as_b.choices == () and as_b.fields == {}
        accepted(table, A, recruit)
        if kinds:
            table.act(A, "recruit", kind="infantry", place="kf")
            assert "recruit" not in options_of(table, A) and "extract" not in options_of(table, A)  # RV-ECO-2


def _empire() -> Table:
    """A is kard (RV-TURN-5: elected by adjust; here by the board) over the imperial city rud; B is not."""
    areas = {
        "rud": {"place": {"kind": "city", "owner": A, "class": "imperial"}},
        "kc": city(A),
        "kb": city(B),
        "fb": city(B, kind="fortress"),
    }
    pieces = troops("ri", 2, "infantry", A, "rud")
    document = board(areas, [], pieces, {A: 5, B: 5, C: 0, "imperial": 3})
    document["attributes"]["setup"]["offices"] = {"kard": A}
    table = Table.on(document)
    table.to_round(2)  # round 1 worked every city by itself, the imperial one too (RV-ECO-4)
    table.impulse(A)
    return table


def test_rv_eco_5_6_8_the_kard_alone_is_offered_the_imperial_city_the_tax_and_an_imperial_general() -> None:
    """RV-ECO-5: in imperial cities the kard decides; RV-ECO-6: an imperial general for 3 from the imperial
    treasury, one per imperial city; RV-ECO-8: the extraordinary tax once a round."""
    table = _empire()
    offered = options_of(table, A)
    assert offered["buy_imperial_general"].choices == ({"place": "rud"},) and offered["buy_imperial_general"].private
    assert offered["levy_extraordinary_tax"].choices == ({},) and offered["levy_extraordinary_tax"].fields == {
        "cities": ["rud"]
    }
    assert offered["levy_extraordinary_tax"].dice_count == 1  # a die for each imperial city's unrest: rud's
    assert {"place": "rud"} in offered["extract"].choices  # not worked yet in round 2
    accepted(table, A, offered["levy_extraordinary_tax"], [1])
    table.act(A, "levy_extraordinary_tax", dice=[1])
    assert "levy_extraordinary_tax" not in options_of(table, A)
    table.impulse(B)
    offered_b = options_of(table, B)
    assert not {"buy_imperial_general", "levy_extraordinary_tax"} & set(offered_b)
    assert offered_b["extract"].choices == ({"place": "fb"}, {"place": "kb"})  # its own two; rud is the kard's


def test_rv_eco_7_kalame_is_offered_one_shade_an_impulse() -> None:
    """RV-ECO-7: Kalamé "summons at most 1 per turn where she stands"; in Západní kardství's impulse she does not
    act (RV-TURN-3)."""
    pieces = [
        {**noble("kalame", KL, "s", "kl_ruler"), "subfaction": S},
        {**noble("kz", KL, "z", "kl_ruler"), "subfaction": Z},
    ]
    table = Table.on(board({"s": {"home": [KL]}, "z": {"home": [KL]}, "ka": city(A)}, [], pieces), seats=(KL, A))
    table.impulse(KL, S)
    shade = options_of(table, KL)["summon_shade"]
    assert shade.choices == ({},) and shade.rule_ids == ("RV-ECO-7",) and shade.fields == {"area": "s"}
    table.act(KL, "summon_shade")
    assert "summon_shade" not in options_of(table, KL)
    table.impulse(KL, Z)
    assert "summon_shade" not in options_of(table, KL)


def test_rv_amb_1_a_piece_the_unit_table_does_not_give_blocks_the_game_until_the_arbiter_adjusts_it() -> None:
    """RV-AMB-1: the unit table is the creator's data; with a flame legion on the board and none in the table every
    action is refused, so the table waits for the arbiter's or recorder's `adjust`, not for a player."""
    pieces = [noble("g", A, "r"), {"id": "fl1", "kind": "flame_legion", "owner": A, "area": "r"}]
    table = Table.on(board({"r": {}, "ka": city(A)}, [], pieces))

    pending = CEDOFAN_RV.pending(table.game, Viewer())
    assert (pending.phase, pending.rule_id, pending.seats()) == ("blocked", "RV-AMB-1", (None,))
    assert [o.type for o in pending.waiting[0].options] == ["adjust"] and "fl1" in pending.summary
    assert [v.rule_id for v in table.decide(None, "start_round").violations] == ["RV-AMB-1"]


def test_rv_kl_4_a_sub_faction_noble_is_offered_moves_with_his_own_sub_faction_s_units_only() -> None:
    """RV-KL-4: "A general of one sub-faction cannot move the units of another"; RV-TURN-3: in Západní kardství's
    impulse Stínové země's noble does not move."""
    pieces = [
        {**noble("kz", KL, "r"), "subfaction": Z},
        {**troops("zi", 1, "infantry", KL, "r")[0], "subfaction": Z},
        {**troops("si", 1, "infantry", KL, "r")[0], "subfaction": S},
        {**noble("ks", KL, "r"), "subfaction": S},
    ]
    areas = {"r": {"home": [KL]}, "h": {"home": [KL]}, "ka": city(A)}
    document = board(areas, [("r", "h", "passable", 4)], pieces, {Z: 5, S: 5})
    table = Table.on(document, seats=(KL, A))
    table.impulse(KL, Z)

    move = options_of(table, KL)["move_banner"]
    assert {(c["noble"], tuple(c["units"])) for c in move.choices} == {("kz", ()), ("kz", ("zi1",))}
    accepted(table, KL, move)


def test_rv_kl_2_another_sub_factions_banners_are_offered_in_support_of_an_attack_and_a_siege() -> None:
    """RV-KL-2: the League's sub-factions „se mohou podporovat se při bitvách v poli i ve městech" — in Stínové
    země's impulse its shade ks (2 infantry) may attack A's ha with Západní kardství's kz (1 infantry) beside it,
    and a siege needs kz too: ks's 2 units do not outnumber c's 2 defenders, ks + kz's 3 do (RV-SIE-2). `decide`
    accepts both (league.led_by_impulse); `pending` offered only ks's banner alone."""
    pieces = [
        *({**p, "subfaction": S} for p in (noble("ks", KL, "r", "shade"), *troops("si", 2, "infantry", KL, "r", "ks"))),
        *({**p, "subfaction": Z} for p in (noble("kz", KL, "r"), *troops("zi", 1, "infantry", KL, "r", "kz"))),
        noble("ha", A, "r", "house_head"),
        *troops("a", 3, "infantry", A, "r", "ha"),
        *troops("d", 2, "infantry", B, "c"),
    ]
    areas = {"r": {}, "c": city(B), "stin": {"place": {"kind": "city", "owner": KL, "subfaction": S}, "home": [KL]}}
    edges = [("r", "c", "passable", 1), ("r", "stin", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {S: 5, Z: 5, A: 5, B: 5}), seats=(KL, A, B))
    table.impulse(KL, S)

    offered = options_of(table, KL)
    assert {"nobles": ["ks", "kz"]} in offered["attack"].choices
    assert offered["attack"].fields["areas"]["r"]["supporting"] == ["kz"]
    # Under the field's own name too, each noble named as notation reads him (a recorder's checklist by name).
    assert offered["attack"].fields["nobles"] == offered["start_siege"].fields["nobles"] == ["ks", "kz"]
    named = {d["id"]: d.get("name") for d in offered["attack"].fields["unit_details"]}
    assert {n: named[n] for n in ("ks", "kz")} == {"ks": "the Stínové země shade", "kz": "the Západní kardství general"}
    # RV-AMB-11: the League's own pieces in `r` (not A's) are the ones its `casualty_order` may order, named too.
    assert sorted(offered["attack"].fields["casualty_order"]) == sorted(named) == ["ks", "kz", "si1", "si2", "zi1"]
    assert offered["start_siege"].choices == ({"nobles": ["ks", "kz"], "place": "c"},)
    # Field dice: ks 1 + 2 Stínové infantry as cavalry 2 each (RV-UNIT-5) + kz 1 + zi1 1 = 7; then A's 4.
    attack = table.decide(KL, "attack", [1] * 11, nobles=["ks", "kz"])
    assert attack.violations == () and attack.events
    accepted(table, KL, offered["start_siege"])
