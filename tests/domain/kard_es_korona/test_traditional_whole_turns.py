"""The traditional order's whole turns (KK-TRAD-4, A-51) against the rules that span the year.

Position (1301, advanced map, traditional order, Red (pannonia) holds the marker and moves first): Red has
2 cavalry in Pest; Blue's (tiszahat) lord stands in plain Fejér with 3 infantry, and 2 more Blue infantry wait in
Kunság next door. Each other lord sits in his K1 with one infantry. Red attacks Fejér and, in his own turn, loses:
his two cavalry roll 1 and 1, Blue's three infantry (led by the lord, +1) roll 6, 6, 6 and kill both.
"""

from __future__ import annotations

from domain.kernel import Authority, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, set_up, then, types, when

RED, BLUE, YELLOW = "pannonia", "tiszahat", "delvidek"
SEATS = (RED, BLUE, YELLOW)
ONE = Force(infantry=1)


def red_attacks_blues_lord() -> Game:
    """Red's turn: the attack on Fejér, Red's pass, and the battle about to be fought (lords have named arms)."""
    game = set_up(SEATS, "advanced", turn_order_mode="traditional")
    units = {
        "pannonia_k1": {RED: ONE},
        "tiszahat_k1": {BLUE: ONE},
        "delvidek_k1": {YELLOW: ONE},
        "pest": {RED: Force(cavalry=2)},
        "fejer": {BLUE: Force(infantry=3)},
        "kunsag": {BLUE: Force(infantry=2)},
    }
    lords = {RED: "pannonia_k1", BLUE: "fejer", YELLOW: "delvidek_k1"}
    game = play(
        position(game, units, lords=lords),
        act("draw_event", RED, card="veres_kard"),
        act("choose_turn_position", RED, position="first"),
        act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"cavalry": 2}}]),
        act("pass", RED),
        act("lead_arm", BLUE, arm="infantry"),
    )
    assert game.state.current_battle == "b1301-1"
    return game


def test_kk_adv_3_a_lord_attacked_in_an_earlier_turn_leaves_his_player_frozen_for_his_own_turn() -> None:
    # Seed: "Ha egy tartományurat támadás ér, onnantól kezdve az adott évben az ő seregei már nem léphetnek
    # többet" -- from the attack on, in that year, none of Blue's units may step: his whole turn is a pass.
    game = red_attacks_blues_lord()
    decision = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1, 6, 6, 6]))
    events = [(e.type, dict(e.data)) for e in decision.events]
    assert (
        "BattleEnded",
        {"battle": "b1301-1", "result": "defender_won", "survivors": {"attacker": {}, "defender": {"infantry": 3}}},
    ) in events
    turn = types(decision)[types(decision).index("BattleEnded") + 1 :]
    assert turn[:3] == ["PlayerTurnBegan", "StepPassed", "MovementPhaseEnded"]
    assert events[types(decision).index("StepPassed")][1] == {"seat": BLUE, "reason": "frozen"}
    game = then(game, decision)
    assert game.state.turn == YELLOW  # Blue's turn is over: Yellow moves next
    assert game.state.force("kunsag", BLUE) == Force(infantry=2)  # the units in Kunság never stepped
