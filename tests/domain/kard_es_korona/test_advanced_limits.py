"""Advanced limits checked in the existing code: knight quotas (KK-RECRUIT-6/7, A-42) and the arm formula for
garrisons and besiegers (KK-CASTLE-4/5, A-43). Units cost 5/5/9 garas (KK-RECRUIT-2)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, when

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD


def recruiting(year: int, garrisons: dict[str, dict[str, Force]] | None = None, **changes: Any) -> Game:
    """Year `year`'s recruitment; every player holds his k1 and k2 castles (empty unless given) and 100 garas."""
    game = set_up(PTD, "advanced")
    units = {**{f"{s}_a": {s: Force(infantry=1)} for s in PTD}, **(garrisons or {})}
    control = {c: s for s in PTD for c in (f"{s}_a", f"{s}_k1", f"{s}_k2")}
    return position(
        game,
        units,
        control=control,
        phase="recruit",
        year=year,
        turn=RED,
        starting_player=RED,
        treasury=dict.fromkeys(PTD, 100),
        **changes,
    )


def cavalry(seat: str, *counts: int) -> list[dict[str, Any]]:
    castles = (f"{seat}_k1", f"{seat}_k2")
    return [{"castle": c, "arm": "cavalry", "count": n} for c, n in zip(castles, counts, strict=False) if n]


def test_refused_kk_recruit_6_when_four_knights_go_to_one_castle() -> None:
    game = recruiting(1305)  # quota 5: only the per-castle cap of 3 is broken
    assert rule_ids(when(game, act("recruit", RED, purchases=cavalry(RED, 4)))) == ["KK-RECRUIT-6"]
    assert not when(game, act("recruit", RED, purchases=cavalry(RED, 3))).violations


def test_refused_kk_recruit_7_when_one_player_takes_more_than_the_years_quota() -> None:
    game = recruiting(1303)  # year index 3: three knights for everyone together
    assert rule_ids(when(game, act("recruit", RED, purchases=cavalry(RED, 2, 2)))) == ["KK-RECRUIT-7"]


def test_kk_recruit_7_after_the_quota_is_used_up_the_next_player_may_still_take_one_knight() -> None:
    game = recruiting(1303)
    game = play(game, act("recruit", RED, purchases=cavalry(RED, 3)))
    assert game.state.turn == BLUE and game.state.knights_recruited == 3
    assert rule_ids(when(game, act("recruit", BLUE, purchases=cavalry(BLUE, 1, 1)))) == ["KK-RECRUIT-7"]
    game = play(game, act("recruit", BLUE, purchases=cavalry(BLUE, 1)))
    assert not when(game, act("recruit", YELLOW, purchases=cavalry(YELLOW, 1))).violations


def test_kk_recruit_7_the_remaining_quota_is_first_come_first_served() -> None:
    game = recruiting(1304)  # quota 4
    game = play(game, act("recruit", RED, purchases=cavalry(RED, 1)))
    assert not when(game, act("recruit", BLUE, purchases=cavalry(BLUE, 3))).violations  # 3 left


def test_no_knight_quota_when_knight_recruit_caps_is_off_a_42() -> None:
    game = recruiting(1302, options={**set_up(PTD, "advanced").state.options, "knight_recruit_caps": False})
    assert not when(game, act("recruit", RED, purchases=cavalry(RED, 4, 2))).violations


def test_kk_castle_4_four_infantry_may_hold_a_castle_alone() -> None:
    game = recruiting(1302, {f"{RED}_k1": {RED: Force(infantry=3)}})
    one = [{"castle": f"{RED}_k1", "arm": "infantry", "count": 1}]
    assert not when(game, act("recruit", RED, purchases=one)).violations


def test_refused_kk_castle_4_when_one_arm_outnumbers_the_rest_by_more_than_one() -> None:
    game = recruiting(1302, {f"{RED}_k1": {RED: Force(infantry=4)}})
    archer = [{"castle": f"{RED}_k1", "arm": "archer", "count": 1}]
    decision = when(game, act("recruit", RED, purchases=archer))  # 4 infantry against 1 other: more than one
    assert rule_ids(decision) == ["KK-CASTLE-4", "KK-RECRUIT-4"]
    assert decision.violations[0].details["limit_rule"] == "KK-CASTLE-4"


def test_kk_castle_4_four_of_seven_may_be_one_arm() -> None:
    game = recruiting(1302, {f"{RED}_k1": {RED: Force(infantry=3, archer=3)}})
    one = [{"castle": f"{RED}_k1", "arm": "infantry", "count": 1}]
    assert not when(game, act("recruit", RED, purchases=one)).violations  # 4 <= 3 + 1


def besieging(attack: dict[str, int]) -> Any:
    game = set_up(PTD, "advanced")
    units = {"pest": {RED: Force(infantry=5, cavalry=4)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    game = position(game, units, lords=dict.fromkeys(PTD, None))
    game = play(game, act("draw_event", RED, card="veres_kard"))
    return when(game, act("move", RED, to="tiszahat_k1", groups=[{"from": "pest", "units": attack}]))


def test_refused_kk_castle_5_when_the_besieging_army_breaks_the_arm_formula() -> None:
    assert rule_ids(besieging({"infantry": 4, "cavalry": 1})) == ["KK-CASTLE-5"]


def test_kk_castle_5_besiegers_have_no_size_limit_but_keep_the_formula() -> None:
    assert not besieging({"infantry": 5, "cavalry": 4}).violations  # 9 units, more than a castle holds; 5 <= 4 + 1
