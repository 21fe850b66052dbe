"""Where a vassal's units may go when a battle is vetoed, when they retreat, withdraw or must fight (KK-VASSAL-2/6).

Seed: „Hűbérurát természetesen nem támadhatja meg, sőt a hűbérúr vétójoggal rendelkezik csatái megindításával-,
illetve területei feladásával kapcsolatosan" — "He may of course not attack his liege; indeed the liege has a veto
over the starting of his battles and over giving up his territories" (KK-VASSAL-2). „Egymás területén nem haladhatnak
át" — "They may not pass through each other's territory" (KK-VASSAL-6, A-30).

Board (basic): Tiszahát A borders B, D and castle K1; D borders A and B; castle K1 borders A, castle K2, Felvidék M
and Pest; castle K2 borders C, K1 and the mountain M; M borders K2 and castle Erdély K1.
Blue (Tiszahát) or Red (Pannónia) is the vassal of Yellow (Délvidék) in every example.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Event, Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.upcasting import upcasters_for
from tests.domain.kard_es_korona.builders import act, offered, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
HOME = {"pannonia_k2": {RED: Force(infantry=1)}, "delvidek_k2": {YELLOW: Force(infantry=1)}}
BLUE_VASSAL: dict[str, Any] = {
    "lords": {RED: "pannonia_k2", BLUE: None, YELLOW: "delvidek_k2"},
    "lieges": {BLUE: YELLOW},
    "lord_status": {BLUE: "vassal"},
}
RED_VASSAL: dict[str, Any] = {
    "lords": {RED: None, BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"},
    "lieges": {RED: YELLOW},
    "lord_status": {RED: "vassal"},
}


def blue_moves(units: dict[str, dict[str, Force]], **changes: Any) -> Game:
    """1301's movement with Blue, Yellow's vassal, to step: Red has passed."""
    game = position(set_up(PTD), {**HOME, **units}, **BLUE_VASSAL, **changes)
    return play(game, act("draw_event", RED, card="veres_kard"), act("pass", RED))


def step(seat: str, to: str, *groups: tuple[str, dict[str, int]]) -> Any:
    return act("move", seat, to=to, groups=[{"from": origin, "units": units} for origin, units in groups])


def veto(game: Game, county: str) -> Decision:
    battle = game.state.battle_in(county)
    assert battle is not None
    return when(game, act("veto_battle", YELLOW, battle=battle.id))


# D1 — the veto sends each group of a converging attack back to its own county.


def test_kk_vassal_2_kk_move_12_a_vetoed_converging_attack_goes_back_to_each_groups_own_county() -> None:
    """KK-VASSAL-2: the liege vetoes „csatái megindításával" — the starting of the battle: as if the attack had not
    been made, so each part of the converging army (KK-MOVE-12) goes back where its step set out from. Blue's 2
    infantry from castle K1 go back to K1 (7 units again), the 2 infantry and 2 archers from D go back to D."""
    k1 = Force(infantry=3, archer=3, cavalry=1)
    game = blue_moves(
        {
            "tiszahat_k1": {BLUE: k1},
            "tiszahat_d": {BLUE: Force(infantry=2, archer=2)},
            "tiszahat_a": {RED: Force(infantry=1)},
        }
    )
    game = play(
        game, step(BLUE, "tiszahat_a", ("tiszahat_k1", {"infantry": 2}), ("tiszahat_d", {"infantry": 2, "archer": 2}))
    )

    decision = veto(game, "tiszahat_a")

    assert types(decision) == ["BattleVetoed"] and rule_ids(decision) == []
    state = then(game, decision).state
    assert state.force("tiszahat_k1", BLUE) == k1
    assert state.force("tiszahat_d", BLUE) == Force(infantry=2, archer=2)
    assert state.force("tiszahat_a", BLUE) == Force() and state.battle_in("tiszahat_a") is None


def test_kk_castle_2_a_vetoed_converging_attack_never_fills_one_castle_past_7() -> None:
    """KK-CASTLE-2: „a várban egyszerre 7 seregnél több nem tartózkodhat" — no more than 7 units in a castle. Blue
    attacks the mountain M with 3 infantry from castle K2 and 1 infantry from castle Erdély K1 (which held 7). The
    veto sends 3 back to K2 and 1 back to Erdély K1: 7 there again, not all 4 into it (10)."""
    game = blue_moves(
        {
            "tiszahat_k2": {BLUE: Force(infantry=3, archer=1)},
            "erdely_k1": {BLUE: Force(infantry=3, archer=3, cavalry=1)},
            "tiszahat_m": {RED: Force(infantry=1)},
        }
    )
    game = play(game, step(BLUE, "tiszahat_m", ("tiszahat_k2", {"infantry": 3}), ("erdely_k1", {"infantry": 1})))

    state = then(game, veto(game, "tiszahat_m")).state

    assert state.force("erdely_k1", BLUE) == Force(infantry=3, archer=3, cavalry=1)
    assert state.force("tiszahat_k2", BLUE) == Force(infantry=3, archer=1)


def castle_refilled_after_the_attack() -> Game:
    """Blue attacks A with 2 of castle K1's 7 units, then fills K1 up again with 1 infantry and 1 cavalry from K2."""
    game = blue_moves(
        {
            "tiszahat_k1": {BLUE: Force(infantry=3, archer=3, cavalry=1)},
            "tiszahat_k2": {BLUE: Force(infantry=1, cavalry=1)},
            "tiszahat_a": {RED: Force(infantry=1)},
        }
    )
    game = play(game, step(BLUE, "tiszahat_a", ("tiszahat_k1", {"infantry": 2})), act("pass", YELLOW))
    return play(game, step(BLUE, "tiszahat_k1", ("tiszahat_k2", {"infantry": 1, "cavalry": 1})))


def test_kk_castle_2_the_veto_is_refused_when_the_castle_the_units_came_from_has_filled_up_since() -> None:
    """KK-CASTLE-2 ("checked at the end of every step"): Blue attacks A with 2 of castle K1's 7 units, then fills
    K1 up again with 1 infantry and 1 cavalry from K2. Going back would put 9 units in K1: the veto is refused."""
    game = castle_refilled_after_the_attack()
    assert game.state.force("tiszahat_k1", BLUE).total == 7

    assert rule_ids(veto(game, "tiszahat_a")) == ["KK-CASTLE-2"]


# D2 — the way back is taken by an enemy.


def test_kk_move_11_the_veto_is_refused_when_an_enemy_has_since_entered_the_county_the_units_came_from() -> None:
    """KK-MOVE-11: units that enter enemy units must stop and fight; a veto stops a battle, it starts none. Blue
    attacks A with both his infantry from D; Red then steps into the empty D. Sending Blue back to D would put two
    sides in D with no battle, so the veto is refused citing KK-MOVE-11 and is not offered; the battle stays."""
    units = {
        "tiszahat_k2": {BLUE: Force(infantry=1)},
        "tiszahat_d": {BLUE: Force(infantry=2)},
        "tiszahat_b": {RED: Force(infantry=2)},
        "tiszahat_a": {RED: Force(infantry=1)},
    }
    game = position(set_up(PTD), {**HOME, **units}, **BLUE_VASSAL)
    game = play(
        game, act("draw_event", RED, card="veres_kard"), step(RED, "tiszahat_a", ("tiszahat_b", {"infantry": 1}))
    )
    game = play(game, step(BLUE, "tiszahat_a", ("tiszahat_d", {"infantry": 2})), act("pass", YELLOW))
    game = play(game, step(RED, "tiszahat_d", ("tiszahat_b", {"infantry": 1})))
    battle = game.state.battle_in("tiszahat_a")
    assert battle is not None and game.state.force("tiszahat_d", RED) == Force(infantry=1)

    assert rule_ids(veto(game, "tiszahat_a")) == ["KK-MOVE-11"]
    assert {"battle": battle.id} not in offered(game, YELLOW, "veto_battle")


def fight(game: Game, *dice: int) -> Game:
    return play(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice)))


# D3 — a vassal's retreat or siege withdrawal never goes into his liege's county.


def test_kk_vassal_6_a_vassals_retreat_may_not_enter_his_lieges_empty_county() -> None:
    """KK-VASSAL-6, A-30: „Egymás területén nem haladhatnak át" — liege and vassal may not move into each other's
    counties; KK-ADV-9 lets a defender retreat to an own or empty neighbour. Blue, Yellow's vassal, defends A against
    Red from K1; after a full round Red stays. D is Yellow's (empty), B is empty and no one's: Blue may retreat to B
    only, and a retreat to D is refused citing KK-VASSAL-6 (the liege's county stays his)."""
    units = {
        "tiszahat_k2": {BLUE: Force(infantry=1)},
        "tiszahat_k1": {RED: Force(infantry=3)},
        "tiszahat_a": {BLUE: Force(infantry=2)},
    }
    control = {c: next(iter(by)) for c, by in {**HOME, **units}.items()} | {"tiszahat_d": YELLOW}
    game = position(set_up(PTD, variant="advanced"), {**HOME, **units}, control=control, **BLUE_VASSAL)
    game = play(game, act("draw_event", RED, card="veres_kard"))
    game = play(game, step(RED, "tiszahat_a", ("tiszahat_k1", {"infantry": 3})))
    game = play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    game = play(fight(game, 1, 1, 1, 1, 1), act("stay", RED))

    assert offered(game, BLUE, "retreat") == [{"to": "tiszahat_b"}]
    decision = when(game, act("retreat", BLUE, to="tiszahat_d", dice=[1, 1, 1]))
    assert rule_ids(decision) == ["KK-VASSAL-6"]


def red_vassal_besieging(units: dict[str, dict[str, Force]], control: dict[str, str] | None = None) -> Game:
    """Red, Yellow's vassal, besieges Blue's castle K1 from A with 4 infantry, 3 archers, 2 cavalry; Blue then
    steps into the empty A behind him; the assault (no defending archer) kills K1's 1 infantry: 9 units, room for 7."""
    army = Force(infantry=4, archer=3, cavalry=2)
    start = {**HOME, "tiszahat_k1": {BLUE: Force(infantry=1)}, "tiszahat_a": {RED: army}, **units}
    start.pop("pannonia_k2")
    game = position(set_up(PTD), start, **RED_VASSAL, **({"control": control} if control else {}))
    game = play(game, act("draw_event", RED, card="veres_kard"))
    game = play(game, step(RED, "tiszahat_k1", ("tiszahat_a", army.to_json())))
    game = play(game, step(BLUE, "tiszahat_a", ("tiszahat_d", {"infantry": 1})))
    game = play(game, act("pass", YELLOW), act("pass", RED), act("pass", BLUE))
    game = fight(game, 6, 6, 6, 6, 6, 6, 6, 6, 6, 1)
    assert game.state.battle(game.state.current_battle).status == "capturing"
    return game


KEEP = {"infantry": 3, "archer": 2, "cavalry": 2}
SURPLUS = {"infantry": 1, "archer": 1}


def test_kk_vassal_6_a_vassals_siege_surplus_may_not_withdraw_into_his_lieges_empty_county() -> None:
    """KK-SIEGE-10: with the entry county A taken, the surplus goes to an own or empty neighbour — but Pest is his
    liege Yellow's (KK-VASSAL-6, A-30: neither moves into the other's counties). Every other neighbour of K1 holds
    Blue's units, so no withdrawal is left: the surplus must attack Blue (KK-SIEGE-11), and Pest is refused."""
    blue = {c: {BLUE: Force(infantry=1)} for c in ("tiszahat_d", "tiszahat_k2", "felvidek_m")}
    control = {c: next(iter(by)) for c, by in {**HOME, **blue}.items()} | {"tiszahat_a": RED, "pest": YELLOW}
    game = red_vassal_besieging(blue, control)

    to_pest = act("withdraw", RED, keep=KEEP, moves=[{"to": "pest", "units": SURPLUS}])
    assert rule_ids(when(game, to_pest)) == ["KK-VASSAL-6"]
    assert {m["to"] for c in offered(game, RED, "withdraw") for m in c.get("moves", ())} == {
        "tiszahat_a",
        "tiszahat_k2",
        "felvidek_m",
    }


# D4 — the forced battle of a vassal's siege surplus is never against his liege.


def test_kk_vassal_2_a_vassals_forced_battle_may_not_target_his_liege() -> None:
    """KK-VASSAL-2: „Hűbérurát természetesen nem támadhatja meg" — a vassal may not attack his liege. KK-SIEGE-11:
    with every neighbour of K1 in enemy hands the surplus attacks one of them at once. Yellow's Pest is not one
    of them: sending the surplus at Pest is refused citing KK-VASSAL-2; at Blue's A it is the forced battle."""
    blue = {c: {BLUE: Force(infantry=1)} for c in ("tiszahat_d", "tiszahat_k2", "felvidek_m")}
    game = red_vassal_besieging({**blue, "pest": {YELLOW: Force(infantry=1)}})

    at_liege = act("withdraw", RED, keep=KEEP, moves=[{"to": "pest", "units": SURPLUS}])
    assert rule_ids(when(game, at_liege)) == ["KK-VASSAL-2"]
    assert "pest" not in {m["to"] for c in offered(game, RED, "withdraw") for m in c.get("moves", ())}
    at_blue = when(game, act("withdraw", RED, keep=KEEP, moves=[{"to": "tiszahat_a", "units": SURPLUS}]))
    created = [e.data for e in at_blue.events if e.type == "BattleCreated"]
    assert [(b["county"], b["defender"], b["forced"]) for b in created] == [("tiszahat_a", BLUE, True)]


def test_a_44_a_vassals_surplus_with_only_his_liege_around_is_destroyed() -> None:
    """A-44: "If no legal forced battle exists ... the surplus units are destroyed." Given the position after the
    capture with Yellow, Red's liege, in every county next to K1 (A, K2, Felvidék M, Pest): there is no withdrawal
    (KK-VASSAL-6) and no forced battle (KK-VASSAL-2), so Red keeps 7 in K1 and the 1 infantry + 1 archer are lost."""
    game = red_vassal_besieging({c: {BLUE: Force(infantry=1)} for c in ("tiszahat_d", "tiszahat_k2", "felvidek_m")})
    liege = {c: {YELLOW: Force(infantry=1)} for c in ("tiszahat_a", "tiszahat_k2", "felvidek_m", "pest")}
    units = {**HOME, "tiszahat_k1": game.state.units["tiszahat_k1"], "tiszahat_d": {BLUE: Force(infantry=1)}, **liege}
    units.pop("pannonia_k2")
    game = position(game, units, lords={RED: None, BLUE: "tiszahat_d", YELLOW: "delvidek_k2"})

    decision = when(game, act("withdraw", RED, keep=KEEP))

    assert "BattleCreated" not in types(decision) and "WithdrawingUnitsDestroyed" in types(decision)
    lost = next(e.data for e in decision.events if e.type == "WithdrawingUnitsDestroyed")
    assert lost["units"] == SURPLUS
    assert then(game, decision).state.force("tiszahat_k1", RED) == Force(**KEEP)


def test_kk_vassal_2_a_veto_recorded_before_returns_were_kept_still_folds_to_its_one_county() -> None:
    """Older logs: BattleVetoed named one county (`to`) and the whole army (`units`); the fold still applies it."""
    game = blue_moves({"tiszahat_k1": {BLUE: Force(infantry=2)}, "tiszahat_a": {RED: Force(infantry=1)}})
    game = play(game, step(BLUE, "tiszahat_a", ("tiszahat_k1", {"infantry": 2})))
    battle = game.state.battle_in("tiszahat_a")
    assert battle is not None
    old = {"battle": battle.id, "liege": YELLOW, "vassal": BLUE, "to": "tiszahat_k1", "units": {"infantry": 2}}
    state = KARD_ES_KORONA.evolve(game.state, Event("BattleVetoed", old))
    assert state.force("tiszahat_k1", BLUE) == Force(infantry=2) and state.battle_in("tiszahat_a") is None


# D6 — a veto comes too late once the vassal has crossed the county on the attack's pin (advanced game).

CROSSING = act(
    "move", RED, to="kunsag", groups=[{"from": "pest", "units": {"cavalry": 1}, "path": ["fejer", "kunsag"]}]
)


def red_pins_fejer() -> Game:
    """Advanced game: Red, Yellow's vassal, pins Blue's 1 infantry in Fejér with 2 (KK-ADV-1); Blue and Yellow pass,
    so Red steps again, with his cavalry still in Pest."""
    units = {**HOME, "tiszahat_k2": {BLUE: Force(infantry=1)}, "pest": {RED: Force(infantry=2, cavalry=1)}}
    game = position(set_up(PTD, "advanced"), {**units, "fejer": {BLUE: Force(infantry=1)}}, **RED_VASSAL)
    game = play(game, act("draw_event", RED, card="veres_kard"), step(RED, "fejer", ("pest", {"infantry": 2})))
    return play(game, act("pass", BLUE), act("pass", YELLOW))


def test_kk_adv_1_the_veto_is_refused_once_the_vassal_has_crossed_the_county_on_the_attacks_pin() -> None:
    """Red's cavalry crosses Fejér to Kunság, which only the pin allows (KK-ADV-1, KK-MOVE-11). A veto would undo
    the attack as if it had not been made (KK-VASSAL-2) but leave the crossing standing, so Yellow vetoes before
    that step, or not at all."""
    game = red_pins_fejer()
    assert types(veto(game, "fejer"))[0] == "BattleVetoed"  # before the crossing the attack may still be undone
    game = play(game, CROSSING)
    assert game.state.force("kunsag", RED) == Force(cavalry=1)
    assert rule_ids(veto(game, "fejer")) == ["KK-ADV-1"]
    [battle] = KARD_ES_KORONA.position_of(game)["battles"]
    assert battle["crossed"] is True  # a game started from this position refuses the veto too


def test_kk_vassal_2_a_veto_in_its_shape_before_065763f_upcasts_to_todays_and_folds_the_same() -> None:
    """KK-VASSAL-2: Blue attacks A from D alone; Yellow's veto sends the 2 infantry and 2 archers back to D. Written
    before 065763f the same veto was `to`/`units`/`lord` (schema 1): the upcaster reads it as today's `returns`,
    and leaves a schema 1 event already in today's shape (written between 065763f and the upcaster) as it is."""
    army = Force(infantry=2, archer=2)
    game = blue_moves({"tiszahat_d": {BLUE: army}, "tiszahat_a": {RED: Force(infantry=1)}})
    game = play(game, step(BLUE, "tiszahat_a", ("tiszahat_d", {"infantry": 2, "archer": 2})))
    [today] = veto(game, "tiszahat_a").events
    older = {k: v for k, v in today.data.items() if k != "returns"} | {"to": "tiszahat_d", "units": army.to_json()}
    upcasters = upcasters_for(KARD_ES_KORONA)

    assert upcasters.current_version("BattleVetoed") == 2
    assert upcasters.upcast("BattleVetoed", 1, {**older, "lord": False}) == today.data
    assert upcasters.upcast("BattleVetoed", 1, today.data) == today.data
    folded = then(game, Decision((Event("BattleVetoed", {**older, "lord": False}),)))
    assert folded.state == then(game, Decision((today,))).state
    assert folded.state.force("tiszahat_d", BLUE) == army
