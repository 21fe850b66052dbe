"""The catalog's worked examples E1-E8 (§6), each named after the rule ids it exercises."""

from __future__ import annotations

from tests.domain.agot2.examples import (
    e1,
    e2,
    e3,
    e4,
    e5,
    e6,
    e8,
    example_board,
    example_options,
    example_position,
    fight_e2,
    order,
    tracks,
)
from tests.domain.agot2.tables import (
    act,
    all_of,
    card_set,
    decide,
    is_subsequence,
    new_game,
    only,
    seal,
    types,
    units,
)

# --- E1 ---


def test_got_combat_1_2_support_1_2_3_6_strength_2_5_blade_1_resolve_1_casualty_1_retreat_3_4_8_rout_1_e1() -> None:
    game = e1()
    attackers = ["red:knight:l1:1", "red:footman:l1:2"]

    game, marched = act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": attackers}])
    assert types(marched) == ["UnitsMarched", "CombatInitiated"]
    initiated = only(marched, "CombatInitiated")
    assert [e["seat"] for e in initiated["eligible_support"]] == ["green", "red"]  # GOT-SUPPORT-3, turn order
    combat_id = initiated["combat_id"]
    assert combat_id == 3  # §5: the version of CombatInitiated (GameCreated 1, UnitsMarched 2)

    refused = decide(game, "declare_support", "red", combat_id=combat_id, side="attacker")
    assert [v.rule_id for v in refused.violations] == ["GOT-SUPPORT-3"]
    game, _ = act(game, "declare_support", "green", combat_id=combat_id, side="defender")
    game, declared = act(game, "declare_support", "red", combat_id=combat_id, side="attacker")
    base = only(declared, "BaseStrengthAnnounced")
    assert (base["attacker"]["base"], base["defender"]["base"]) == (6, 7)

    game, revealed = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})
    assert only(revealed, "HouseCardsRevealed")["cards"] == {"blue": "blue_c1f1", "red": "red_c3s1"}
    assert "CombatResolved" not in types(revealed)  # GOT-BLADE-5: the holder decides first

    game, used = act(game, "use_blade", "red", combat_id=combat_id)
    resolved = only(used, "CombatResolved")
    assert resolved["attacker"] == {
        "seat": "red",
        "units": 3,
        "unit_detail": ["knight", "footman"],
        "defense_order": 0,
        "march_order": 1,
        "support": [{"seat": "red", "area": "s1", "units": 2, "order_bonus": 0}],
        "garrison": 0,
        "base": 6,
        "card": "red_c3s1",
        "card_strength": 3,
        "card_text": [],
        "blade": 1,
        "total": 10,
        "swords": 1,
        "fortifications": 0,
    }
    assert resolved["defender"] == {
        "seat": "blue",
        "units": 2,
        "unit_detail": ["footman", "footman"],
        "defense_order": 1,
        "march_order": 0,
        "support": [{"seat": "green", "area": "l3", "units": 3, "order_bonus": 1}],
        "garrison": 0,
        "base": 7,
        "card": "blue_c1f1",
        "card_strength": 1,
        "card_text": [],
        "blade": 0,
        "total": 8,
        "swords": 0,
        "fortifications": 1,
    }
    assert (resolved["winner"], resolved["loser"], resolved["tie"], resolved["casualties_due"]) == (
        "red",
        "blue",
        False,
        0,
    )
    trail = [
        "BladeUsed",
        "CombatResolved",
        "CasualtiesTaken",
        "RetreatChosen",
        "UnitsRetreated",
        "UnitsRouted",
        "OrdersRemoved",
        "UnitsMovedIn",
        "HouseCardsDiscarded",
        "CombatEnded",
    ]
    assert is_subsequence(trail, types(used))
    assert only(used, "RetreatChosen")["to_area"] == "l4"
    removals = all_of(used, "OrdersRemoved")[0]["removals"]
    assert {(r["area"], r["reason"]) for r in removals} == {("l1", "march_resolved"), ("l2", "attacker_won")}
    rules = [t.rule_id for t in used.trace]
    assert {"GOT-BLADE-1", "GOT-RESOLVE-1", "GOT-CASUALTY-1", "GOT-ROUT-1", "GOT-X-2"} <= set(rules)
    state = game.state
    assert {u.area for u in state.units.values() if u.seat == "blue"} == {"l4"}
    assert only(used, "UnitsRouted")["units"] == ["blue:footman:l2:1", "blue:footman:l2:2"]
    assert not any(u.routed for u in state.units.values())  # GOT-X-11: no order is left, the round ended
    assert state.discards["red"] == ("red_c3s1",) and state.discards["blue"] == ("blue_c1f1",)


def test_got_support_4_support_orders_stay_after_the_combat_e1() -> None:
    game = e1()
    game, _ = act(
        game,
        "march",
        "red",
        from_area="l1",
        moves=[{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}],
    )
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "green", combat_id=cid, side="defender")
    game, _ = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})
    game, used = act(game, "use_blade", "red", combat_id=cid)
    removed = {r["area"] for e in all_of(used, "OrdersRemoved") for r in e["removals"] if r["reason"] != "round_ended"}
    assert removed == {"l1", "l2"}
    assert game.state.blade_used is False  # GOT-BLADE-4: refreshed by RoundEnded in the same decision


# --- E2-E8: a Red footman on a far-away area with a Consolidate Power order keeps the round open, so the
# routed units are still routed when the combat ends (they rally at the end of the round, GOT-X-11) ---


def test_got_combat_3_support_8_strength_2_resolve_1_retreat_9_cleanup_1_2_siege_against_castle_e2a() -> None:
    game, decision, _ = fight_e2(e2("castle"))

    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["units"], resolved["attacker"]["base"], resolved["attacker"]["total"]) == (5, 9, 10)
    assert resolved["attacker"]["support"] == [{"seat": "red", "area": "l7", "units": 4, "order_bonus": 0}]
    assert resolved["defender"]["support"] == [{"seat": "blue", "area": "l8", "units": 0, "order_bonus": 0}]
    assert (resolved["defender"]["base"], resolved["defender"]["total"]) == (4, 8)
    assert resolved["winner"] == "red" and resolved["casualties_due"] == 0
    assert "BladeUsed" not in types(decision)  # GOT-BLADE-2: already used this round
    assert only(decision, "RetreatChosen")["to_area"] == "l8"
    state = game.state
    assert state.units["blue:knight:l5:1"].area == "l8" and state.units["blue:knight:l5:1"].routed
    assert {state.units[u].area for u in ("red:siege_engine:l6:1", "red:footman:l6:2")} == {"l5"}
    assert "l5" not in state.orders and "l6" not in state.orders


def test_got_combat_3_casualty_1_retreat_1_9_x_16_cleanup_3_siege_against_no_castle_e2b() -> None:
    game, decision, _ = fight_e2(e2(None))

    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["base"], resolved["attacker"]["total"]) == (1, 2)
    assert resolved["attacker"]["support"][0]["units"] == 0
    assert (resolved["defender"]["total"], resolved["winner"], resolved["casualties_due"]) == (8, "blue", 2)
    taken = only(decision, "CasualtiesTaken")
    assert taken["units"] == ["red:footman:l6:2"] and taken["excess_ignored"] == 1
    destroyed = only(decision, "UnitsDestroyed")
    assert (destroyed["units"], destroyed["reason"]) == (["red:siege_engine:l6:1"], "siege_engine_cannot_retreat")
    state = game.state
    assert "red:siege_engine:l6:1" not in state.units and "red:footman:l6:2" not in state.units
    assert state.orders["l5"].token == "defense_plus2" and "l6" not in state.orders


def test_siege_engine_is_the_casualty_and_the_footman_retreats_when_siege_engines_absorb_casualties_e2() -> None:
    cards = card_set(replace={"blue_c4s2": {**card_set()["cards"][8], "id": "blue_c4s1", "name": "b", "swords": 1}})
    game = e2(None, siege_engines_absorb_casualties=True, house_cards=cards)
    game, decision, cid = fight_e2(game, "blue_c4s1")
    assert "CasualtiesTaken" not in types(decision)  # Red chooses between its two units

    game, chosen = act(game, "choose_casualties", "red", combat_id=cid, units=["red:siege_engine:l6:1"])

    assert only(chosen, "UnitsRetreated")["units"] == ["red:footman:l6:2"]
    assert game.state.units["red:footman:l6:2"].area == "l6" and game.state.units["red:footman:l6:2"].routed


def test_got_resolve_2_throne_1_casualty_1_3_retreat_1_rout_1_x_10_tie_goes_to_the_fiefdoms_track_e3() -> None:
    game, _ = act(
        e3(),
        "march",
        "red",
        from_area="l9",
        moves=[{"to_area": "l10", "units": ["red:footman:l9:1", "red:footman:l9:2"]}],
    )
    cid = game.state.combat.combat_id

    game, decision = seal(game, "house_card", {"red": {"card": "red_c3"}, "blue": {"card": "blue_c2s1"}})

    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (5, 5)
    assert (resolved["winner"], resolved["tie"], resolved["tie_broken_by"]) == ("blue", True, "fiefdoms")
    assert "GOT-RESOLVE-2" in [t.rule_id for t in decision.trace]
    assert not any(t.rule_id.startswith("GOT-THRONE") for t in decision.trace)
    assert "BladeUsed" not in types(decision) and "BladeDeclined" not in types(decision)  # Green not fighting
    refused = decide(game, "choose_casualties", "red", combat_id=cid, units=["red:footman:l9:1", "red:footman:l9:2"])
    assert [v.rule_id for v in refused.violations] == ["GOT-CASUALTY-1"]

    game, chosen = act(game, "choose_casualties", "red", combat_id=cid, units=["red:footman:l9:2"])

    assert only(chosen, "CasualtiesTaken")["units"] == ["red:footman:l9:2"]
    assert only(chosen, "UnitsRetreated")["to_area"] == "l9"
    assert game.state.units["red:footman:l9:1"].routed
    assert game.state.orders["l10"].token == "defense_plus1_a" and "l9" not in game.state.orders


def test_got_casualty_1_retreat_3_5_rout_1_x_17_no_casualties_and_a_choice_of_retreat_e4() -> None:
    game, _ = act(
        e4(),
        "march",
        "red",
        from_area="l11",
        moves=[{"to_area": "l12", "units": ["red:knight:l11:1", "red:knight:l11:2"]}],
    )
    cid = game.state.combat.combat_id
    game, decision = seal(game, "house_card", {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f2"}})
    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"], resolved["casualties_due"]) == (6, 4, 0)
    assert "RetreatChosen" not in types(decision)  # L13 or L14: Blue chooses

    assert [v.rule_id for v in decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l11").violations] == [
        "GOT-RETREAT-4"
    ]
    assert [v.rule_id for v in decide(game, "choose_retreat", "red", combat_id=cid, to_area="l13").violations] == [
        "GOT-X-17"
    ]
    game, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l13")

    assert only(chosen, "UnitsRouted")["units"] == ["blue:footman:l12:1", "blue:footman:l12:2"]
    assert not game.state.units["blue:footman:l13:1"].routed
    assert all(game.state.units[u].area == "l13" for u in ("blue:footman:l12:1", "blue:footman:l12:2"))


def test_casualties_are_never_negative_when_fortifications_exceed_swords_e4() -> None:
    cards = card_set(replace={"blue_c1f2": {**card_set()["cards"][10], "id": "blue_c1f3", "fortifications": 3}})
    game = e4()
    game = new_game(game.state.board_document, ("red", "blue"), {**game.meta.options, "house_cards": cards})
    game, _ = act(
        game,
        "march",
        "red",
        from_area="l11",
        moves=[{"to_area": "l12", "units": ["red:knight:l11:1", "red:knight:l11:2"]}],
    )
    game, decision = seal(game, "house_card", {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f3"}})
    assert only(decision, "CombatResolved")["casualties_due"] == 0


def test_got_retreat_3_4_6_7_8_9_combat_3_x_16_x_18_no_legal_retreat_destroys_the_units_e5() -> None:
    attackers = ["red:knight:l14:1", "red:knight:l14:2", "red:footman:l14:3"]
    game, _ = act(e5(), "march", "red", from_area="l14", moves=[{"to_area": "l15", "units": attackers}])
    cid = game.state.combat.combat_id
    game, decision = seal(game, "house_card", {"red": {"card": "red_c1s1"}, "blue": {"card": "blue_c2"}})
    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["base"], resolved["attacker"]["total"]) == (6, 7)
    assert (resolved["defender"]["units"], resolved["defender"]["base"], resolved["defender"]["total"]) == (3, 4, 6)
    assert resolved["casualties_due"] == 1
    refused = decide(game, "choose_casualties", "blue", combat_id=cid, units=["blue:siege_engine:l15:3"])
    assert [v.rule_id for v in refused.violations] == ["GOT-X-16"]

    game, chosen = act(game, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l15:2"])

    reasons = {e["reason"]: e["units"] for e in all_of(chosen, "UnitsDestroyed")}
    assert reasons == {
        "no_legal_retreat": ["blue:knight:l15:1"],
        "siege_engine_cannot_retreat": ["blue:siege_engine:l15:3"],
    }
    assert not game.state.units_in("l15", "blue")
    assert {game.state.units[u].area for u in attackers} == {"l15"}
    assert "l15" not in game.state.orders


def test_got_retreat_5_term_5_rout_1_2_blade_1_strength_4_x_17_supply_forces_destruction_e6() -> None:
    attackers = ["red:footman:l19:1", "red:footman:l19:2", "red:footman:l19:3"]
    game, _ = act(e6(), "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": attackers}])
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "blue", combat_id=cid, side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    game, used = act(game, "use_blade", "red", combat_id=cid)
    resolved = only(used, "CombatResolved")
    assert (resolved["attacker"]["march_order"], resolved["attacker"]["base"], resolved["attacker"]["total"]) == (
        -1,
        2,
        7,
    )
    assert (resolved["defender"]["base"], resolved["defender"]["total"]) == (5, 6)
    refused = decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l22", destroy=[])
    assert [v.rule_id for v in refused.violations] == ["GOT-RETREAT-5"]

    game, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l22", destroy=["blue:footman:l21:2"])

    destroyed = only(chosen, "UnitsDestroyed")
    assert (destroyed["units"], destroyed["reason"]) == (["blue:footman:l21:2"], "supply_limit")
    knight = game.state.units["blue:knight:l21:1"]
    assert (knight.area, knight.routed) == ("l22", True)
    assert not game.state.units["blue:footman:l22:1"].routed
    assert game.state.orders["l22"].token == "support_0_a"


def test_got_rout_2_3_4_casualty_2_x_16_a_routed_unit_is_destroyed_instead_of_retreating_e7() -> None:
    b = example_board({"l25": "land", "l26": "land"}, [("l26", "l25")])
    position = example_position(
        units("blue", "l26", "knight")
        + units("blue", "l26", "footman", routed=True, first=2)
        + units("red", "l25", "knight", "knight"),
        [order("l26", "blue", "defense_plus1_a"), order("l25", "red", "march_0")],
        blade_used=True,
    )
    options = example_options(tracks(("red", "blue"), ("red", "blue")), position, kings_court_stars=[3, 2])
    game = new_game(b, ("red", "blue"), options)
    game, _ = act(
        game,
        "march",
        "red",
        from_area="l25",
        moves=[{"to_area": "l26", "units": ["red:knight:l25:1", "red:knight:l25:2"]}],
    )

    game, decision = seal(game, "house_card", {"red": {"card": "red_c2s1"}, "blue": {"card": "blue_c2"}})

    resolved = only(decision, "CombatResolved")
    assert sorted(resolved["defender"]["unit_detail"]) == ["footman (routed)", "knight"]
    assert (resolved["defender"]["units"], resolved["defender"]["base"], resolved["defender"]["total"]) == (2, 3, 5)
    assert (resolved["attacker"]["total"], resolved["casualties_due"]) == (6, 1)
    taken = only(decision, "CasualtiesTaken")
    assert (taken["units"], taken["eligible"]) == (["blue:knight:l26:1"], ["blue:knight:l26:1"])
    destroyed = only(decision, "UnitsDestroyed")
    assert (destroyed["units"], destroyed["reason"]) == (["blue:footman:l26:2"], "routed_cannot_retreat")
    assert not game.state.units_in("l26", "blue") and len(game.state.units_in("l26", "red")) == 2
    assert "l26" not in game.state.orders


def test_got_card_1_2_7_8_9_resolve_1_rout_1_cleanup_1_2_x_14_x_15_the_seventh_card_returns_the_discards_e8() -> None:
    game, _ = act(
        e8(),
        "march",
        "blue",
        from_area="l27",
        moves=[{"to_area": "l28", "units": ["blue:knight:l27:1", "blue:footman:l27:2"]}],
    )

    game, decision = seal(game, "house_card", {"blue": {"card": "blue_c2f1"}, "red": {"card": "red_c2s1"}})

    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"], resolved["winner"]) == (5, 4, "blue")
    assert resolved["casualties_due"] == 0
    assert only(decision, "UnitsRetreated")["to_area"] == "l29"
    assert only(decision, "PowerTokenRemoved")["area"] == "l28"
    assert only(decision, "HouseCardsDiscarded")["cards"] == {"blue": "blue_c2f1", "red": "red_c2s1"}
    returned = only(decision, "HouseCardsReturned")
    assert (returned["seat"], returned["kept_in_discard"], returned["reason"]) == (
        "blue",
        ["blue_c2f1"],
        "seventh_card",
    )
    assert sorted(returned["cards"]) == sorted(
        ["blue_c1f1", "blue_c4s2", "blue_c2s1", "blue_c1f2", "blue_c2", "blue_c1"]
    )
    state = game.state
    assert len(state.hands["blue"]) == 6 and state.discards["blue"] == ("blue_c2f1",)
    assert state.hands["red"] == ("red_c3s1", "red_c1", "red_c3", "red_c2s2")
    assert state.discards["red"] == ("red_c1s1", "red_c4", "red_c2s1")
