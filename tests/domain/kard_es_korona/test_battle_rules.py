"""Phase IV: open battles (E1) and sieges (E2), exchange by exchange, with table dice per arm group."""

from __future__ import annotations

from collections.abc import Mapping

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = "pannonia", "tiszahat", "delvidek"
LORDS_AWAY = {RED: "pannonia_k2", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"}
HOME_GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}


def moving(units: dict[str, dict[str, Force]]) -> Game:
    """1301's movement phase, Red to move, with exactly these units (plus each lord's guard in his K2)."""
    game = set_up(PTD)
    game = position(game, {**HOME_GUARDS, **units}, lords=LORDS_AWAY)
    return play(game, act("draw_event", RED, card="veres_kard"))


def to_battles(game: Game, attack: Mapping[str, object]) -> Game:
    game = play(game, act("move", RED, **attack))
    return play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))


def fight(game: Game, *dice: int) -> Decision:
    return when(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice)))


def e1_battle() -> Game:
    """E1: Red attacks plain Fejér (no castle) with 3 cavalry; Blue holds it with 2 archers + 2 infantry."""
    game = moving({"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"cavalry": 3}}]})
    assert game.state.phase == "battle" and game.state.current_battle == "b1301-1"
    return game


def test_kk_open_3_no_volley_against_an_all_cavalry_army_e1() -> None:
    game = e1_battle()
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.exchange == "full"
    # Red cavalry 5 4 1; Blue infantry 6 5; Blue archers 6 2 (cavalry, infantry, archers; attacker first).
    decision = fight(game, 5, 4, 1, 6, 5, 6, 2)
    assert types(decision) == ["DiceRolled"] * 3 + ["ExchangeRolled", "CasualtiesAssigned"]
    rolled = decision.events[3].data
    assert {p["side"]: p["max_kills"] for p in rolled["pending"]} == {"attacker": 2, "defender": 2}
    assert decision.events[4].data["casualties"] == {"cavalry": 2}


def test_kk_battle_5_kk_battle_11_open_battle_no_volley_e1() -> None:
    game = e1_battle()
    game = then(game, fight(game, 5, 4, 1, 6, 5, 6, 2))
    wrong = when(game, act("assign_casualties", RED, casualties={"infantry": 1}))
    assert rule_ids(wrong) == ["KK-BATTLE-11"]  # two hits must kill two
    decision = when(game, act("assign_casualties", RED, casualties={"infantry": 2}))
    assert types(decision) == ["CasualtiesAssigned", "CasualtiesRemoved", "CasualtiesRemoved", "ExchangeResolved"]
    game = then(game, decision)
    assert game.state.force("fejer", RED) == Force(cavalry=1)
    assert game.state.force("fejer", BLUE) == Force(archer=2)
    # Round 2, all arms (KK-OPEN-5): Red cavalry 4 -> hit; Blue archers 3, 6 -> one hit on the mounted cavalry.
    last = fight(game, 4, 3, 6)
    assert types(last) == [
        "DiceRolled",
        "DiceRolled",
        "ExchangeRolled",
        "CasualtiesAssigned",
        "CasualtiesAssigned",
        "CasualtiesRemoved",
        "CasualtiesRemoved",
        "BattleEnded",
        "BattlePhaseEnded",
        "YearEnded",
        "YearBegan",
    ]
    game = then(game, last)
    ended = next(e for e in last.events if e.type == "BattleEnded")
    assert ended.data["result"] == "defender_won"
    assert ended.data["survivors"] == {"attacker": {}, "defender": {"archer": 1}}
    assert game.state.control["fejer"] == BLUE
    assert game.state.year == 1302


def test_volley_targets_only_the_infantry_when_red_also_brings_infantry_kk_open_2_e1() -> None:
    game = moving({"pest": {RED: Force(cavalry=3, infantry=1)}, "fejer": {BLUE: Force(archer=2, infantry=2)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"cavalry": 3, "infantry": 1}}]})
    assert game.state.battle("b1301-1").exchange == "volley"
    decision = fight(game, 6, 6)  # Blue's two archers volley: only Red's infantry can be hit
    [assigned] = [e for e in decision.events if e.type == "CasualtiesAssigned"]
    assert assigned.data["casualties"] == {"infantry": 1}
    game = then(game, decision)
    assert game.state.battle("b1301-1").exchange == "melee"
    # Melee (KK-OPEN-4): Red's 3 cavalry, Blue's 2 infantry; Blue's archers do not roll.
    melee = fight(game, 1, 1, 1, 1, 1)
    assert [e.data["purpose"].split(":")[-1] for e in melee.events if e.type == "DiceRolled"] == ["cavalry", "infantry"]


def e2_siege() -> Game:
    """E2: Yellow's castle K (2 archers, 1 infantry, 1 cavalry) attacked from P with 1 inf + 1 archer + 3 cav."""
    k, p = "delvidek_k1", "pest"
    game = moving(
        {p: {RED: Force(infantry=2, archer=1, cavalry=3)}, k: {YELLOW: Force(archer=2, infantry=1, cavalry=1)}}
    )
    game = position(game, game.state.units, lords={**LORDS_AWAY, RED: p}, phase="movement", turn=RED)
    return to_battles(game, {"to": k, "groups": [{"from": p, "units": {"infantry": 1, "archer": 1, "cavalry": 3}}]})


def test_kk_siege_2_kk_siege_3_kk_siege_6_last_infantry_falls_no_assault_e2() -> None:
    game = e2_siege()
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.kind == "siege" and battle.exchange == "siege_archers"
    rolled = fight(game, 5, 2)  # only Yellow's archers roll; 4+ hits: one hit
    assert types(rolled) == ["DiceRolled", "ExchangeRolled"]
    game = then(game, rolled)
    decision = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert types(decision) == [
        "CasualtiesAssigned",
        "CasualtiesRemoved",
        "SiegeAbandoned",
        "UnitsWithdrawn",
        "BattleEnded",
        "BattlePhaseEnded",
        "YearEnded",
        "YearBegan",
    ]
    assert decision.events[3].data["moves"] == [{"to": "pest", "units": {"cavalry": 3, "archer": 1}, "lord": False}]
    game = then(game, decision)
    assert game.state.force("delvidek_k1", YELLOW) == Force(archer=2, infantry=1, cavalry=1)
    assert game.state.force("pest", RED) == Force(infantry=1, archer=1, cavalry=3)
    assert game.state.control["delvidek_k1"] == YELLOW


def test_the_assault_follows_when_yellow_removes_a_cavalry_instead_e2() -> None:
    game = e2_siege()
    game = then(game, fight(game, 5, 2))
    game = play(game, act("assign_casualties", YELLOW, casualties={"cavalry": 1}))
    battle = game.state.battle("b1301-1")
    assert battle is not None and (battle.round, battle.exchange) == (1, "siege_assault")
    # Assault: Green's 2 cavalry (dismounted), 1 infantry, 1 archer; Yellow's infantry and cavalry, not archers.
    assault = fight(game, 5, 5, 5, 5, 1, 1)
    groups = [e.data["purpose"].split(":")[-2:] for e in assault.events if e.type == "DiceRolled"]
    assert groups == [
        ["attacker", "cavalry"],
        ["attacker", "infantry"],
        ["attacker", "archer"],
        ["defender", "cavalry"],
        ["defender", "infantry"],
    ]


def test_siege_holds_when_the_lord_is_with_the_attackers_kk_siege_1() -> None:
    k, p = "delvidek_k1", "pest"
    game = moving(
        {p: {RED: Force(infantry=1, archer=1, cavalry=3)}, k: {YELLOW: Force(archer=2, infantry=1, cavalry=1)}}
    )
    game = position(game, game.state.units, lords={**LORDS_AWAY, RED: p}, phase="movement", turn=RED)
    attack = {"to": k, "groups": [{"from": p, "units": {"infantry": 1, "archer": 1, "cavalry": 3}, "lord": True}]}
    game = to_battles(game, attack)
    assert rule_ids(fight(game, 5, 2)) == ["KK-LORD-2"]
    game = play(game, act("lead_arm", RED, arm="cavalry"))
    game = then(game, fight(game, 5, 2))
    game = play(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.exchange == "siege_assault" and battle.status == "fighting"


def test_kk_lord_2_kk_lord_3_kk_battle_13_lords_bonus_and_losing_it_e7() -> None:
    """E7: Red (lord + 2 infantry + 2 cavalry) attacks plain Fejér held by Blue's 3 cavalry + 1 archer."""
    game = moving({"pest": {RED: Force(infantry=2, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3, archer=1)}})
    game = position(game, game.state.units, lords={**LORDS_AWAY, RED: "pest"}, phase="movement", turn=RED)
    game = to_battles(
        game, {"to": "fejer", "groups": [{"from": "pest", "units": {"infantry": 2, "cavalry": 2}, "lord": True}]}
    )
    battle = game.state.battle("b1301-1")
    assert battle is not None and battle.lord_battle and battle.exchange == "volley"
    game = play(game, act("lead_arm", RED, arm="infantry"))
    volley = fight(game, 5)  # Blue's archer: 5 hits a foot unit; Red's only foot units are infantry
    assert [e.data["casualties"] for e in volley.events if e.type == "CasualtiesAssigned"] == [{"infantry": 1}]
    game = then(game, volley)
    # Melee: Red cavalry 6 2, Red infantry 4 (+1 = 5), Blue cavalry 4 5 1; Blue's archer volleyed and does not roll.
    melee = fight(game, 6, 2, 4, 4, 5, 1)
    assigned = {e.data["side"]: e.data["casualties"] for e in melee.events if e.type == "CasualtiesAssigned"}
    assert assigned == {"attacker": {"cavalry": 1, "archer": 1}, "defender": {"infantry": 1}}
    removed = [e.data for e in melee.events if e.type == "CasualtiesRemoved"]
    assert {r["side"]: r["wasted_hits"] for r in removed} == {"defender": 0, "attacker": 1}
    assert "LordBonusLost" in types(melee)
    game = then(game, melee)
    assert game.state.force("fejer", RED) == Force(cavalry=2) and game.state.force("fejer", BLUE) == Force(cavalry=2)
    game = then(game, fight(game, 6, 5, 6, 3))  # the 5 would have hit with the bonus
    assert game.state.force("fejer", RED) == Force(cavalry=1) and game.state.force("fejer", BLUE) == Force(cavalry=1)
    last = fight(game, 6, 2)
    ended = next(e for e in last.events if e.type == "BattleEnded")
    assert ended.data["result"] == "attacker_won"
    game = then(game, last)
    assert game.state.control["fejer"] == RED and game.state.lords[RED] == "fejer"


def test_kk_siege_1_kk_neutral_3_kk_lord_4_lord_led_cavalry_besieges_a_royal_castle_e8() -> None:
    """E8 (its battle): Blue precedes Red; Red's lord + 2 cavalry attack royal Pest (1 archer, 1 infantry, 1 cav)."""
    game = set_up((BLUE, RED, YELLOW))  # seating order Blue -> Red -> Green
    units = {**HOME_GUARDS, "fejer": {RED: Force(cavalry=2)}, "pest": {"royal": Force(1, 1, 1)}}
    game = position(game, units, lords={**LORDS_AWAY, RED: "fejer"}, starting_player=BLUE, turn=BLUE)
    game = play(game, act("draw_event", BLUE, card="veres_kard"), act("pass", BLUE))
    attack = [{"from": "fejer", "units": {"cavalry": 2}, "lord": True}]
    game = play(game, act("move", RED, to="pest", groups=attack))  # legal: the lord counts as infantry
    game = play(game, act("pass", YELLOW), act("pass", RED))
    game = play(game, act("lead_arm", RED, arm="cavalry"))
    archers = fight(game, 4)
    assert [e.data["seat"] for e in archers.events if e.type == "DiceRolled"] == [BLUE]
    game = then(game, archers)
    assert game.state.force("pest", RED) == Force(cavalry=1)
    # Assault: Red's dismounted cavalry 4 (+1 = 5) hits; royal infantry 6 hits, royal cavalry 2 misses.
    game = then(game, fight(game, 4, 2, 6))
    battle = game.state.battle("b1301-1")
    assert battle is not None and {p.side: p.chooser for p in battle.pending if p.chosen is None} == {"attacker": RED}
    decision = when(game, act("assign_casualties", RED, casualties={"archer": 1}))
    assert "LordDefeated" in types(decision)
    defeated = next(e for e in decision.events if e.type == "LordDefeated")
    assert defeated.data == {"seat": RED, "battle": "b1301-1", "by_owner": "royal"}
    game = then(game, decision)
    assert game.state.force("pest", "royal") == Force(infantry=1, cavalry=1)
    assert game.state.lords[RED] is None and game.state.lord_status[RED] == "captive"  # KK-CAPTIVE-1
