"""Advanced movement: pinning (KK-ADV-1/2), the attacked lord's freeze (KK-ADV-3) and reverse pinning (KK-ADV-4).

The royal centre of the test board: `pest` (castle) borders every province's k1, `fejer` borders pest and
`kunsag`. Red attacks from pest into fejer, then sends other units on through fejer.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, offered, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}
LORDS_AWAY = {s: f"{s}_k2" for s in PTD}


def moving(units: dict[str, dict[str, Force]], lords: dict[str, str] | None = None, **options: Any) -> Game:
    """1301's movement phase with these units; Red moves first."""
    variant = options.pop("variant", "advanced")
    game = set_up(PTD, variant, **options)
    game = position(game, {**GUARDS, **units}, lords={**LORDS_AWAY, **(lords or {})})
    game = play(game, act("draw_event", RED, card="veres_kard"))
    assert game.state.phase == "movement" and game.state.turn == RED
    return game


def step(seat: str, to: str, origin: str, units: dict[str, int], path: list[str] | None = None, **extra: Any) -> Any:
    group: dict[str, Any] = {"from": origin, "units": units, **extra}
    if path is not None:
        group["path"] = path
    return act("move", seat, to=to, groups=[group])


def red_attacks_fejer(game: Game, units: dict[str, int]) -> Game:
    """Red's first step attacks fejer; Blue and Yellow pass, so Red steps again."""
    game = play(game, step(RED, "fejer", "pest", units))
    return play(game, act("pass", BLUE), act("pass", YELLOW))


# --- KK-ADV-1 / KK-ADV-2: pinning ---


def test_kk_adv_1_cavalry_passes_through_a_county_pinned_two_to_one() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}})
    game = red_attacks_fejer(game, {"infantry": 2})
    decision = when(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]))
    assert types(decision)[:2] == ["StepTaken", "CountyControlChanged"]
    assert decision.events[0].data["pass_through_pinned"] == ["fejer"]
    after = then(game, decision)
    assert after.state.force("kunsag", RED) == Force(cavalry=1)
    assert after.state.force("fejer", RED) == Force(infantry=2)  # the crossing cavalry did not join the battle


def test_kk_adv_1_pinning_recorded_when_the_attack_is_made() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}})
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 2}))
    [pinned] = [e for e in decision.events if e.type == "CountyPinned"]
    assert (pinned.data["attackers"], pinned.data["defenders"], pinned.data["pinned"]) == (2, 1, True)


def test_refused_kk_move_11_when_attackers_are_fewer_than_twice_the_defenders_kk_adv_1() -> None:
    game = moving({"pest": {RED: Force(infantry=3, cavalry=1)}, "fejer": {BLUE: Force(infantry=2)}})
    game = red_attacks_fejer(game, {"infantry": 3})  # 3 < 2 x 2: not pinned
    refused = when(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]))
    assert rule_ids(refused) == ["KK-MOVE-11"]


def test_refused_kk_move_11_when_only_the_lord_makes_the_attack_twice_as_strong_a_11() -> None:
    game = moving(
        {
            "pest": {RED: Force(infantry=2, cavalry=1)},
            "fejer": {BLUE: Force(infantry=1)},
            "kunsag": {BLUE: Force(infantry=1)},
        },
        lords={RED: "pest"},
    )
    game = play(game, act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"infantry": 1}, "lord": True}]))
    game = play(game, act("pass", BLUE), act("pass", YELLOW))
    # 1 infantry and the lord against 1 infantry: the lord is no unit, so 1 < 2 x 1 and nothing is pinned.
    assert rule_ids(when(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]))) == ["KK-MOVE-11"]


def test_refused_kk_move_11_when_pinning_is_tried_in_the_basic_game() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}}, variant="basic")
    game = red_attacks_fejer(game, {"infantry": 2})
    assert rule_ids(when(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]))) == ["KK-MOVE-11"]


def test_refused_kk_move_14_when_a_unit_would_stop_in_the_pinned_county_a_48() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "fejer": {BLUE: Force(infantry=1)}})
    game = red_attacks_fejer(game, {"infantry": 2})
    assert rule_ids(when(game, step(RED, "fejer", "pest", {"cavalry": 1}))) == ["KK-MOVE-14"]


def test_refused_kk_move_11_when_another_players_battle_pins_the_county() -> None:
    game = moving(
        {
            "pest": {RED: Force(infantry=2)},
            "fejer": {BLUE: Force(infantry=1)},
            "kunsag": {YELLOW: Force(cavalry=1)},
        }
    )
    game = play(game, step(RED, "fejer", "pest", {"infantry": 2}), act("pass", BLUE))
    # Yellow goes from kunsag through Red's pinned fejer to pest: only the attacker may cross (KK-ADV-1).
    assert rule_ids(when(game, step(YELLOW, "pest", "kunsag", {"cavalry": 1}, ["fejer", "pest"]))) == ["KK-MOVE-11"]


def test_kk_adv_1_pinning_works_against_neutral_defenders_a_48() -> None:
    game = moving({"pest": {RED: Force(infantry=2, cavalry=1)}, "fejer": {"royal": Force(infantry=1)}})
    game = red_attacks_fejer(game, {"infantry": 2})
    assert not when(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"])).violations


def test_kk_adv_2_the_pinned_battle_and_the_one_beyond_are_both_fought() -> None:
    game = moving(
        {
            "pest": {RED: Force(infantry=2, cavalry=1)},
            "fejer": {BLUE: Force(infantry=1)},
            "kunsag": {YELLOW: Force(archer=1)},
        }
    )
    game = red_attacks_fejer(game, {"infantry": 2})
    game = play(game, step(RED, "kunsag", "pest", {"cavalry": 1}, ["fejer", "kunsag"]), act("pass", RED))
    assert game.state.phase == "battle"
    fought = {(b.county, b.attacker) for b in game.state.battles}
    assert fought == {("fejer", RED), ("kunsag", RED)}
    assert game.state.force("fejer", RED) == Force(infantry=2)
    assert game.state.force("kunsag", RED) == Force(cavalry=1)


# --- KK-ADV-3: the attacked lord freezes his player ---


def test_kk_adv_3_attacked_lord_makes_his_player_pass() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}, "kunsag": {BLUE: Force(cavalry=1)}},
        lords={BLUE: "fejer"},
    )
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert "PlayerMovementFrozen" in types(decision)
    passed = [e.data for e in decision.events if e.type == "StepPassed"]
    assert passed == [{"seat": BLUE, "reason": "frozen"}]  # his turn came: he could only pass
    game = then(game, decision)
    assert game.state.turn == YELLOW and BLUE in game.state.passed


def test_kk_adv_3_frozen_player_becomes_next_years_starting_player_when_first_to_pass() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}}, lords={BLUE: "fejer"})
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    starts = [e.data["seat"] for e in decision.events if e.type == "NextStartingPlayerSet"]
    assert starts == [BLUE]


def test_kk_adv_3_transcript_records_a_frozen_players_step_as_a_deviation() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}, "kunsag": {BLUE: Force(cavalry=1)}},
        lords={BLUE: "fejer"},
        mode="transcript",
    )
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    decision = when(game, step(BLUE, "tiszahat_k1", "kunsag", {"cavalry": 1}, ["fejer", "pest", "tiszahat_k1"]))
    assert "KK-ADV-3" in rule_ids(decision)


def test_no_freeze_when_attacked_lord_freeze_is_never_a_50() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}, "kunsag": {BLUE: Force(cavalry=1)}},
        lords={BLUE: "fejer"},
        attacked_lord_freeze="never",
    )
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert "PlayerMovementFrozen" not in types(decision)
    assert then(game, decision).state.turn == BLUE


def test_freeze_in_the_basic_game_when_attacked_lord_freeze_is_always_a_50() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}},
        lords={BLUE: "fejer"},
        variant="basic",
        attacked_lord_freeze="always",
    )
    assert "PlayerMovementFrozen" in types(when(game, step(RED, "fejer", "pest", {"infantry": 1})))


def test_no_freeze_in_the_basic_game_by_default_a_50() -> None:
    game = moving(
        {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=1)}}, lords={BLUE: "fejer"}, variant="basic"
    )
    assert "PlayerMovementFrozen" not in types(when(game, step(RED, "fejer", "pest", {"infantry": 1})))


# --- KK-ADV-4: reverse pinning ---


def test_kk_adv_4_one_attacker_pins_two_of_four_and_the_defender_names_the_released() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=2, archer=2)}})
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    [pinned] = [e.data for e in decision.events if e.type == "CountyPinned"]
    assert pinned["release"] == 2  # D - 2A = 4 - 2
    game = then(game, decision)
    assert game.state.release_due == "b1301-1"
    assert rule_ids(when(game, act("release_defenders", BLUE, units={"archer": 1}))) == ["KK-ADV-4"]
    assert rule_ids(when(game, act("release_defenders", RED, units={"archer": 2}))) == ["KK-ADV-4"]
    game = play(game, act("release_defenders", BLUE, units={"archer": 2}))
    assert game.state.bound == {"b1301-1": Force(infantry=2)}
    # Released archers move out and may fight elsewhere; the pinned infantry stay (KK-MOVE-13).
    assert rule_ids(when(game, step(BLUE, "kunsag", "fejer", {"infantry": 1}))) == ["KK-MOVE-13"]
    game = play(game, step(BLUE, "kunsag", "fejer", {"archer": 2}))
    assert game.state.force("kunsag", BLUE) == Force(archer=2)
    assert game.state.force("fejer", BLUE) == Force(infantry=2)


def test_refused_kk_adv_4_when_a_step_comes_before_the_release_a_49() -> None:
    game = moving(
        {
            "pest": {RED: Force(infantry=1)},
            "fejer": {BLUE: Force(infantry=2, archer=2)},
            "kunsag": {BLUE: Force(cavalry=1)},
        }
    )
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert game.state.turn == BLUE
    assert rule_ids(when(game, step(BLUE, "fejer", "kunsag", {"cavalry": 1}))) == ["KK-ADV-4"]


def test_kk_adv_4_release_is_automatic_when_only_one_choice_exists() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=5)}})
    decision = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    [released] = [e.data for e in decision.events if e.type == "DefendersReleased"]
    assert (released["released"], released["bound"], released["auto"]) == ({"infantry": 3}, {"infantry": 2}, True)


def test_no_release_when_reverse_pinning_is_off_kk_adv_4() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=5)}}, reverse_pinning=False)
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert game.state.release_due is None and not game.state.bound
    assert rule_ids(when(game, step(BLUE, "kunsag", "fejer", {"infantry": 1}))) == ["KK-MOVE-13"]


def test_kk_adv_4_released_lord_leaves_and_his_player_is_not_frozen() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=4)}}, lords={BLUE: "fejer"})
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    decision = when(game, act("release_defenders", BLUE, units={"infantry": 2}, lord=True))
    assert "PlayerMovementFrozen" not in types(decision)
    game = then(game, decision)
    game = play(game, step(BLUE, "kunsag", "fejer", {"infantry": 2}, lord=True))
    assert game.state.lords[BLUE] == "kunsag"
    assert game.state.force("fejer", BLUE) == Force(infantry=2)


def test_kk_adv_3_lord_kept_among_the_pinned_freezes_his_player_kk_adv_4() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=4)}}, lords={BLUE: "fejer"})
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    decision = when(game, act("release_defenders", BLUE, units={"infantry": 2}))
    assert "PlayerMovementFrozen" in types(decision)
    assert [e.data["reason"] for e in decision.events if e.type == "StepPassed"] == ["frozen"]


def test_notation_reads_pinning_release_and_freeze_as_plain_lines() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=4)}}, lords={BLUE: "fejer"})
    attack = when(game, step(RED, "fejer", "pest", {"infantry": 1}))
    [pinned] = [e for e in attack.events if e.type == "CountyPinned"]
    assert KARD_ES_KORONA.notation(pinned, game.state) == "battle b1301-1: 1 against 4, not pinned; 2 may be released"
    game = then(game, attack)
    decision = when(game, act("release_defenders", BLUE, units={"infantry": 2}))
    lines = [KARD_ES_KORONA.notation(e, game.state) for e in decision.events[:2]]
    assert lines == [
        "Tiszahát releases 2 infantry from battle b1301-1 in Fejér",
        "Tiszahát's lord is attacked: Tiszahát may only pass this year",
    ]


def test_snapshot_keeps_the_pinned_defenders_and_the_released_lord() -> None:
    game = moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=4)}}, lords={BLUE: "fejer"})
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}))
    assert KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(game.state)) == game.state  # release due
    game = play(game, act("release_defenders", BLUE, units={"infantry": 2}, lord=True))
    assert game.state.released_lords == ("b1301-1",)
    assert KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(game.state)) == game.state


def test_kk_adv_4_released_units_may_fight_another_battle() -> None:
    game = moving(
        {
            "pest": {RED: Force(infantry=1)},
            "fejer": {BLUE: Force(infantry=2, archer=2)},
            "kunsag": {YELLOW: Force(archer=1)},
        }
    )
    game = play(game, step(RED, "fejer", "pest", {"infantry": 1}), act("release_defenders", BLUE, units={"archer": 2}))
    game = play(game, step(BLUE, "kunsag", "fejer", {"archer": 2}))
    attacks = {(b.county, b.attacker, b.defender) for b in game.state.battles}
    assert attacks == {("fejer", RED, BLUE), ("kunsag", BLUE, YELLOW)}


def red_steps_with_yellow_his_vassal(yellow: Force, blue: Force, extra: dict[str, Any] | None = None) -> Game:
    """Advanced 1301: Yellow (his lord off the board) is Red's vassal with `yellow` in kunsag; Blue's lord holds
    fejer with `blue`; Red has taken his first step (pannonia_a to pannonia_d), so it is Blue's turn."""
    units = {**GUARDS, "kunsag": {YELLOW: yellow}, "fejer": {BLUE: blue}, "pannonia_a": {RED: Force(infantry=4)}}
    lords = {RED: "pannonia_k2", BLUE: "fejer", YELLOW: None}
    vassal = {"lieges": {YELLOW: RED}, "lord_status": {YELLOW: "vassal"}}
    game = position(set_up(PTD, "advanced"), {**units, **(extra or {})}, lords=lords, **vassal)
    return play(game, act("draw_event", RED, card="veres_kard"), step(RED, "pannonia_d", "pannonia_a", {"infantry": 1}))


def test_kk_adv_3_kk_vassal_2_a_vetoed_attack_lifts_the_pass_it_forced_on_the_attacked_lords_player() -> None:
    """Yellow, Red's vassal, attacks Blue's lord in fejer; Blue's turn is passed for him (KK-ADV-3, and he passed
    first, KK-TURN-4). Red then vetoes the attack (KK-VASSAL-2): it was never made, so Blue moves again and the
    first pass is still to come."""
    game = red_steps_with_yellow_his_vassal(
        Force(infantry=2), Force(infantry=1), {"tiszahat_a": {BLUE: Force(cavalry=2)}}
    )
    game = play(game, step(BLUE, "tiszahat_d", "tiszahat_a", {"cavalry": 1}))
    game = play(game, step(YELLOW, "fejer", "kunsag", {"infantry": 2}))
    frozen = when(game, step(RED, "pannonia_k1", "pannonia_a", {"infantry": 1}))
    assert [e.data for e in frozen.events if e.type == "StepPassed"] == [{"seat": BLUE, "reason": "frozen"}]
    game = then(game, frozen)
    assert game.state.passed == (BLUE,) and game.state.turn == YELLOW
    vetoed = when(game, act("veto_battle", RED, battle="b1301-1"))
    assert types(vetoed)[0] == "BattleVetoed" and "FrozenPassLifted" in types(vetoed)
    assert "KK-ADV-3" in [step.rule_id for step in vetoed.trace]
    game = then(game, vetoed)
    assert game.state.passed == () and game.state.turn == YELLOW  # Blue moves again; Yellow's turn goes on
    passed = when(game, act("pass", YELLOW))
    assert [e.data["seat"] for e in passed.events if e.type == "NextStartingPlayerSet"] == [YELLOW]  # KK-TURN-4
    game = play(then(game, passed), act("pass", RED))
    assert types(when(game, step(BLUE, "tiszahat_k1", "tiszahat_a", {"cavalry": 1})))[0] == "StepTaken"


def test_kk_vassal_2_kk_adv_4_a_vetoed_attack_leaves_no_release_to_name_a_49() -> None:
    """Yellow, Red's vassal, attacks Blue's 4 infantry in fejer with 1: Blue is to name the 2 released units before
    the next step (KK-ADV-4, A-49). Red vetoes the attack first (KK-VASSAL-2): there is no battle left to release
    units from, so nothing waits and the next step is taken."""
    game = red_steps_with_yellow_his_vassal(Force(infantry=1), Force(infantry=4))
    game = play(game, act("pass", BLUE), step(YELLOW, "fejer", "kunsag", {"infantry": 1}))
    assert game.state.release_due == "b1301-1" and game.state.turn == RED
    game = play(game, act("veto_battle", RED, battle="b1301-1"))
    assert game.state.release_due is None and game.state.passed == (BLUE,)  # he passed before the attack
    assert offered(game, BLUE, "release_defenders") == []
    assert types(when(game, step(RED, "pannonia_k1", "pannonia_a", {"infantry": 1})))[0] == "StepTaken"
