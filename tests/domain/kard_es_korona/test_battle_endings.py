"""How battles end: capture and surplus, mutual wipe-out, forced battles, terrain, the lord's bonus, the order."""

from __future__ import annotations

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona.battle_order import neutral_roller
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.hits import die_targets
from domain.rulesets.kard_es_korona.state import Battle
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when, with_state

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = "pannonia", "tiszahat", "delvidek"
LORDS_AWAY = {RED: "pannonia_k2", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"}
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}


def moving(units: dict[str, dict[str, Force]], lords: dict[str, str] | None = None) -> Game:
    game = set_up(PTD)
    game = position(game, {**GUARDS, **units}, lords=lords or LORDS_AWAY)
    return play(game, act("draw_event", RED, card="veres_kard"))


def attack(game: Game, to: str, origin: str, units: dict[str, int], lord: bool = False) -> Game:
    game = play(game, act("move", RED, to=to, groups=[{"from": origin, "units": units, "lord": lord}]))
    return play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))


def fight(game: Game, *dice: int) -> Decision:
    return when(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice)))


def test_castle_captured_and_the_surplus_withdraws_to_the_entry_county_kk_siege_9() -> None:
    game = moving({"pest": {RED: Force(infantry=5, archer=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}})
    game = attack(game, "tiszahat_k1", "pest", {"infantry": 5, "archer": 2, "cavalry": 1})
    decision = fight(game, 6, 1, 1, 1, 1, 1, 1, 1, 1)  # no defending archers: the assault comes first
    assert "CastleCaptured" in types(decision)
    game = then(game, decision)
    assert game.state.battle("b1301-1").status == "capturing"
    too_many = act("withdraw", RED, keep={"infantry": 5, "archer": 2}, moves=[{"to": "pest", "units": {"cavalry": 1}}])
    assert rule_ids(when(game, too_many)) == ["KK-CASTLE-3"]
    elsewhere = act(
        "withdraw",
        RED,
        keep={"infantry": 4, "archer": 2, "cavalry": 1},
        moves=[{"to": "fejer", "units": {"infantry": 1}}],
    )
    assert rule_ids(when(game, elsewhere)) == ["KK-SIEGE-10"]
    ok = act(
        "withdraw",
        RED,
        keep={"infantry": 4, "archer": 2, "cavalry": 1},
        moves=[{"to": "pest", "units": {"infantry": 1}}],
    )
    game = play(game, ok)
    assert game.state.force("tiszahat_k1", RED) == Force(infantry=4, archer=2, cavalry=1)
    assert game.state.force("pest", RED) == Force(infantry=1)
    assert game.state.control["tiszahat_k1"] == RED


def test_mutual_wipe_out_leaves_the_county_uncontrolled_kk_battle_10() -> None:
    game = moving({"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}})
    game = attack(game, "fejer", "pest", {"infantry": 1})
    decision = fight(game, 6, 5)
    ended = next(e for e in decision.events if e.type == "BattleEnded")
    assert ended.data["result"] == "mutual_annihilation"
    assert "fejer" not in then(game, decision).state.control


def test_attacker_captures_when_its_last_infantry_dies_with_the_last_defender_kk_siege_8() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}})
    game = attack(game, "tiszahat_k1", "pest", {"infantry": 1, "cavalry": 1})
    decision = fight(game, 5, 1, 6)  # attacker cavalry 5 hits; infantry 1 misses; defender infantry 6 hits
    game = then(game, decision)
    if game.state.battle("b1301-1").status != "ended":
        game = play(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert game.state.control["tiszahat_k1"] == RED
    assert game.state.force("tiszahat_k1", RED) == Force(cavalry=1)


def test_defenders_in_a_mountain_hit_foot_on_4_kk_battle_8() -> None:
    game = moving({"pannonia_k2": {RED: Force(infantry=3)}, "pannonia_m": {BLUE: Force(infantry=1, cavalry=1)}})
    game = attack(game, "pannonia_m", "pannonia_k2", {"infantry": 2})
    battle = game.state.battle("b1301-1")
    assert battle is not None
    assert die_targets(game.state, battle, "defender", "infantry", 4) == ("infantry",)
    assert die_targets(game.state, battle, "attacker", "infantry", 4) == ()
    assert die_targets(game.state, battle, "attacker", "infantry", 5) == ("cavalry", "infantry")  # dismounted


def test_lord_bonus_lowers_the_led_arm_and_ends_when_the_arm_is_gone_kk_lord_2_kk_lord_3() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3)}}, {**LORDS_AWAY, RED: "pest"}
    )
    game = attack(game, "fejer", "pest", {"infantry": 1, "cavalry": 1}, lord=True)
    assert rule_ids(when(game, act("lead_arm", RED, arm="archer"))) == ["KK-LORD-2"]
    game = play(game, act("lead_arm", RED, arm="infantry"))
    battle = game.state.battle("b1301-1")
    assert battle is not None
    assert die_targets(game.state, battle, "attacker", "infantry", 5) == ("cavalry",)  # 5 + 1 reaches 6
    decision = fight(game, 1, 1, 4, 1, 1)  # Red cavalry 1, infantry 1; Blue cavalry 4 1 1 -> one hit on the infantry
    assert "LordBonusLost" in types(decision)


def test_the_player_before_the_attacker_chooses_for_neutral_defenders_kk_neutral_3() -> None:
    game = moving({"pest": {RED: Force(infantry=2, archer=1)}, "fejer": {"royal": Force(infantry=1, archer=1)}})
    assert neutral_roller(game.state, RED) == YELLOW
    game = attack(game, "fejer", "pest", {"infantry": 2, "archer": 1})
    decision = fight(game, 1, 6)  # both sides volley: Red's archer misses, the royal archer hits a foot unit
    rolls = [e.data for e in decision.events if e.type == "DiceRolled"]
    assert [r["seat"] for r in rolls] == [RED, YELLOW]
    game = then(game, decision)
    battle = game.state.battle("b1301-1")
    assert battle is not None
    assert {p.side: p.chooser for p in battle.pending} == {"defender": YELLOW}
    assert rule_ids(when(game, act("assign_casualties", RED, casualties={"archer": 1}))) == ["KK-BATTLE-11"]
    game = play(game, act("assign_casualties", YELLOW, casualties={"archer": 1}))
    assert game.state.force("fejer", RED) == Force(infantry=2)


def test_units_of_an_attacked_county_stay_kk_move_13() -> None:
    game = moving({"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}})
    game = play(game, act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"infantry": 1}}]))
    decision = when(game, act("move", BLUE, to="kunsag", groups=[{"from": "fejer", "units": {"infantry": 1}}]))
    assert rule_ids(decision) == ["KK-MOVE-13"]


def capturing_pest() -> Game:
    """Red took Pest from Fejér with 5 infantry + 3 archers: one unit too many stays outside (KK-SIEGE-9)."""
    game = moving({"fejer": {RED: Force(infantry=5, archer=3)}, "pest": {"royal": Force(infantry=1)}})
    game = attack(game, "pest", "fejer", {"infantry": 5, "archer": 3})
    game = then(game, fight(game, 6, 1, 1, 1, 1, 1, 1, 1, 1))
    assert game.state.battle("b1301-1").status == "capturing"
    return game


def test_surplus_attacks_at_once_when_every_neighbour_is_enemy_held_kk_siege_11() -> None:
    game = capturing_pest()
    held = {
        f"{p}_k1": {"royal": Force(1, 1, 1)} for p in ("felvidek", "erdely", "szlavonia", "pannonia", RED, BLUE, YELLOW)
    }
    game = position(game, {**game.state.units, **held, "fejer": {BLUE: Force(archer=1)}})
    keep = {"infantry": 4, "archer": 3}
    back = act("withdraw", RED, keep=keep, moves=[{"to": "fejer", "units": {"infantry": 1}}])
    assert rule_ids(when(game, back)) == []  # Fejér is enemy-held: the only way out is to attack it
    decision = when(game, back)
    assert types(decision)[:4] == ["UnitsWithdrawn", "BattleCreated", "BattleEnded", "BattleStarted"]
    assert decision.events[1].data["forced"] is True
    game = then(game, decision)
    assert game.state.current_battle == "b1301-2"
    assert game.state.force("fejer", RED) == Force(infantry=1)


def test_surplus_is_destroyed_when_it_can_neither_withdraw_nor_attack_a_44() -> None:
    game = with_battle_elsewhere(capturing_pest())
    decision = when(game, act("withdraw", RED, keep={"infantry": 4, "archer": 3}))
    assert "WithdrawingUnitsDestroyed" in types(decision)


def with_battle_elsewhere(game: Game) -> Game:
    """Every neighbour of Pest is a castle held by royal units, and the surplus (1 archer) has no infantry."""
    units = {**game.state.units, "pest": {RED: Force(infantry=4, archer=4)}}
    held = {c: {"royal": Force(1, 1, 1)} for c in game.state.board.neighbours["pest"] if c != "fejer"}
    game = position(game, {**units, **held, "fejer": {"royal": Force(1, 1, 1), BLUE: Force(infantry=1)}})
    # Fejér has a battle of its own still to be fought: no forced battle may go there either.
    other = Battle("b1301-9", "fejer", "open", "plain", BLUE, "royal", ("kunsag",), 9)
    return with_state(game, battles=(*game.state.battles, other))


def test_battles_with_a_lord_come_first_then_the_player_chooses_kk_battle_12() -> None:
    units = {
        "pest": {RED: Force(infantry=3)},
        "fejer": {"royal": Force(infantry=1)},
        "pannonia_k1": {RED: Force(infantry=3)},
        "pannonia_a": {"royal": Force(infantry=1)},
        "pannonia_d": {RED: Force(infantry=2)},
        "pannonia_b": {"royal": Force(archer=1)},
    }
    game = moving(units, {**LORDS_AWAY, RED: "pannonia_d"})
    game = play(game, act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"infantry": 2}}]))
    game = play(game, act("pass", BLUE), act("pass", YELLOW))
    game = play(game, act("move", RED, to="pannonia_a", groups=[{"from": "pannonia_k1", "units": {"infantry": 2}}]))
    game = play(
        game, act("move", RED, to="pannonia_b", groups=[{"from": "pannonia_d", "units": {"infantry": 2}, "lord": True}])
    )
    game = play(game, act("pass", RED))
    assert game.state.current_battle == "b1301-3"  # the lord's battle, though created last
    assert game.state.battle("b1301-3").lord_battle


def test_the_capture_as_the_last_infantry_falls_cites_kk_siege_8_not_the_withdrawal() -> None:
    """KK-SIEGE-8: „Ha azonban a támadó gyalogság abban a körben semmisül meg, amikor a védők is mind
    elpusztulnak, akkor a támadó fél a maradék erőivel birtokba veheti a várat” (L188): no KK-SIEGE-6 withdrawal."""
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}})
    game = attack(game, "tiszahat_k1", "pest", {"infantry": 1, "cavalry": 1})
    decision = fight(game, 5, 1, 6)  # attacker cavalry 5 kills the infantry; defender infantry 6 kills one
    game = then(game, decision)
    if game.state.battle("b1301-1").status != "ended":
        decision = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    cited = [step.rule_id for step in decision.trace]
    assert "KK-SIEGE-8" in cited
    assert "KK-SIEGE-6" not in cited
    assert "CastleCaptured" in types(decision)
