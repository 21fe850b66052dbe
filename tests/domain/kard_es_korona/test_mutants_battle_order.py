"""Which battle is fought next, who rolls and chooses for whom, and how a battle starts
(domain/rulesets/kard_es_korona/battle_order.py), pinned where mutation testing found it loose (issue 18, point 4).

Worked out from the catalog by hand: KK-BATTLE-2 (a battle begins with its first exchange and the armies as they
stand), KK-OPEN-2/3 (a volley first when archers are there, none against an all-cavalry army), KK-SIEGE-2/3 (a
siege opens with the defenders' archers, or with the assault when they have none), KK-NEUTRAL-3 and A-10 (the
player immediately before the attacker rolls and chooses for neutrals), A-9 (`siege_volley_chooser`).

EQUIVALENT_MUTANTS: listed after measuring (README "Mutation testing").
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.rulesets.kard_es_korona.battle_order import neutral_roller
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, then, when
from tests.domain.kard_es_korona.test_mutants_outcome import BLUE, RED, YELLOW, data_of, fight, moving, notes


def battles_begin(game: Game, to: str, origin: str, units: dict[str, int], lord: bool = False) -> tuple[Game, Decision]:
    """Red's one step, then everyone passes; the last pass begins the battle phase."""
    game = play(game, act("move", RED, to=to, groups=[{"from": origin, "units": units, "lord": lord}]))
    game = play(game, act("pass", BLUE), act("pass", YELLOW))
    decision = when(game, act("pass", RED))
    assert decision.events, decision.violations
    return then(game, decision), decision


def started(decision: Decision) -> dict[str, Any]:
    (event,) = data_of(decision, "BattleStarted")
    return event


def test_kk_battle_2_e1_begins_with_a_full_exchange_and_the_armies_as_they_stand() -> None:
    """E1: Red's 3 cavalry against Blue's 2 infantry and 2 archers: no volley against an all-cavalry army."""
    units = {"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}
    _, decision = battles_begin(moving(units), "fejer", "pest", {"cavalry": 3})
    assert started(decision) == {
        "battle": "b1301-1",
        "selected_by": None,
        "exchange": "full",
        "attacker_force": {"cavalry": 3},
        "defender_force": {"infantry": 2, "archer": 2},
        "neutral_roller": None,
    }
    assert notes(decision, "KK-BATTLE-2") == ["b1301-1 in fejer: open battle"]


def test_kk_open_2_archers_on_the_field_open_with_a_volley() -> None:
    units = {"pest": {RED: Force(cavalry=3, infantry=1)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}
    _, decision = battles_begin(moving(units), "fejer", "pest", {"cavalry": 3, "infantry": 1})
    assert started(decision)["exchange"] == "volley"


def test_kk_siege_2_a_neutral_castle_with_archers_opens_with_their_volley_rolled_by_yellow() -> None:
    """KK-SIEGE-2/3: the defenders' archers shoot first; KK-NEUTRAL-3: Yellow sits just before Red."""
    units = {"pest": {RED: Force(infantry=2)}, "tiszahat_k1": {"royal": Force(infantry=1, archer=1)}}
    _, decision = battles_begin(moving(units), "tiszahat_k1", "pest", {"infantry": 2})
    assert started(decision) == {
        "battle": "b1301-1",
        "selected_by": None,
        "exchange": "siege_archers",
        "attacker_force": {"infantry": 2},
        "defender_force": {"infantry": 1, "archer": 1},
        "neutral_roller": YELLOW,
    }
    assert notes(decision, "KK-BATTLE-2") == ["b1301-1 in tiszahat_k1: siege"]


def test_kk_siege_2_a_castle_without_archers_opens_with_the_assault() -> None:
    units = {"pest": {RED: Force(infantry=2)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    _, decision = battles_begin(moving(units), "tiszahat_k1", "pest", {"infantry": 2})
    assert started(decision)["exchange"] == "siege_assault"


def test_kk_neutral_3_the_player_just_before_the_attacker_rolls_for_neutrals() -> None:
    """Turn order Red, Blue, Yellow: before Red comes Yellow (going round), before Blue comes Red."""
    state = moving({}).state
    assert (neutral_roller(state, RED), neutral_roller(state, BLUE), neutral_roller(state, YELLOW)) == (
        YELLOW,
        RED,
        BLUE,
    )


def e2_siege_volley(**options: Any) -> Decision:
    """E2: Yellow's castle K (its 2 archers shoot first, hitting on 4): the 5 hits, the 2 does not."""
    units = {
        "pest": {RED: Force(infantry=2, archer=1, cavalry=3)},
        "delvidek_k1": {YELLOW: Force(archer=2, infantry=1, cavalry=1)},
    }
    game, _ = battles_begin(moving(units, **options), "delvidek_k1", "pest", {"infantry": 1, "archer": 1, "cavalry": 3})
    return fight(game, 5, 2)


def test_a_9_the_hitter_chooses_the_siege_volleys_casualty_by_default() -> None:
    (rolled,) = data_of(e2_siege_volley(), "ExchangeRolled")
    assert [(p["side"], p["chooser"]) for p in rolled["pending"]] == [("defender", YELLOW)]


def test_a_9_siege_volley_chooser_target_lets_the_besieger_choose() -> None:
    (rolled,) = data_of(e2_siege_volley(siege_volley_chooser="target"), "ExchangeRolled")
    assert [(p["side"], p["chooser"]) for p in rolled["pending"]] == [("defender", RED)]
