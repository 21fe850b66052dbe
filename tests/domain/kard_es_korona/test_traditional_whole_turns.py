"""The traditional order's whole turns (KK-TRAD-4, A-51) against the rules that span the year.

Both positions: 1301, traditional order, Red (pannonia) holds the marker and moves first; Red attacks Blue
(tiszahat) in plain Fejér from Pest and, in his own turn, loses that battle, before Blue's turn comes.
"""

from __future__ import annotations

from domain.kernel import Authority, Game, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, offered, play, position, rule_ids, set_up, then, types, when

RED, BLUE, YELLOW = "pannonia", "tiszahat", "delvidek"
SEATS = (RED, BLUE, YELLOW)
ONE = Force(infantry=1)


def red_attacked_fejer(variant: str, units: dict[str, dict[str, Force]], blue_lord: str, cavalry: int) -> Game:
    """Red's turn: `cavalry` cavalry from Pest attack Fejér, Red passes; a lord outside Fejér guards his castle."""
    lords = {RED: "pannonia_k1", BLUE: blue_lord, YELLOW: "delvidek_k1"}
    guards = {county: {seat: ONE} for seat, county in lords.items() if county != "fejer"}
    game = position(set_up(SEATS, variant, turn_order_mode="traditional"), {**guards, **units}, lords=lords)
    return play(
        game,
        act("draw_event", RED, card="veres_kard"),
        act("choose_turn_position", RED, position="first"),
        act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"cavalry": cavalry}}]),
        act("pass", RED),
    )


def red_attacks_blues_lord() -> Game:
    """Advanced map: Red's 2 cavalry against Blue's lord and 3 infantry in Fejér, 2 more Blue infantry in Kunság;
    the battle is about to be fought, Blue's lord leading his infantry (+1)."""
    units = {"pest": {RED: Force(cavalry=2)}, "fejer": {BLUE: Force(infantry=3)}, "kunsag": {BLUE: Force(infantry=2)}}
    game = play(red_attacked_fejer("advanced", units, "fejer", 2), act("lead_arm", BLUE, arm="infantry"))
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


def blue_turn_after_defending_fejer() -> Game:
    """Basic map: Red's cavalry from Pest attacks Blue's 2 infantry in Fejér (no lord there) and dies (1 against
    6, 6); Blue's turn begins with the 2 infantry that fought still in Fejér, Red's infantry in Kunság next door,
    Blue's fresh cavalry in Tiszahát K1 (Pest lies between)."""
    units = {
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=2)},
        "kunsag": {RED: ONE},
        "tiszahat_k1": {BLUE: Force(cavalry=1)},
    }
    game = red_attacked_fejer("basic", units, "tiszahat_k2", 1)
    game = then(game, when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 6, 6])))
    assert game.state.turn == BLUE and game.state.force("fejer", BLUE) == Force(infantry=2)
    return game


def test_kk_move_15_units_that_defended_earlier_in_the_year_may_not_attack_in_their_own_turn() -> None:
    # Seed: "Egy fordulóban bármilyen sereg egy ütközetben vehet részt" -- one battle a year for any army.
    game = blue_turn_after_defending_fejer()
    attack = act("move", BLUE, to="kunsag", groups=[{"from": "fejer", "units": {"infantry": 2}}])
    assert rule_ids(when(game, attack)) == ["KK-MOVE-15"]
    into_kunsag = [g["from"] for c in offered(game, BLUE, "move") if c["to"] == "kunsag" for g in c["groups"]]
    assert "fejer" not in into_kunsag  # pending offers no such attack


def test_kk_move_15_units_that_fought_may_still_step_where_no_battle_waits() -> None:
    game = blue_turn_after_defending_fejer()
    decision = when(game, act("move", BLUE, to="pest", groups=[{"from": "fejer", "units": {"infantry": 2}}]))
    assert types(decision) == ["StepTaken", "CountyControlChanged"]


def test_kk_move_15_a_fresh_unit_of_the_same_player_attacks_as_usual() -> None:
    game = blue_turn_after_defending_fejer()
    fresh = act(
        "move",
        BLUE,
        to="kunsag",
        groups=[{"from": "tiszahat_k1", "units": {"cavalry": 1}, "path": ["pest", "fejer", "kunsag"]}],
    )
    assert types(when(game, fresh))[:2] == ["StepTaken", "BattleCreated"]


def test_kk_trad_1_not_kk_turn_4_is_why_a_pass_is_offered_under_the_traditional_order() -> None:
    """Under the traditional order the first to pass does not win the starting marker (KK-TURN-4 is replaced by the
    roll of KK-TRAD-1), so the pass `pending` offers cites that rule."""
    lords = {RED: "pannonia_k1", BLUE: "tiszahat_k1", YELLOW: "delvidek_k1"}
    guards = {county: {seat: ONE} for seat, county in lords.items()}
    game = position(set_up(SEATS, "basic", turn_order_mode="traditional"), guards, lords=lords)
    game = play(game, act("draw_event", RED, card="veres_kard"), act("choose_turn_position", RED, position="first"))
    waiting = KARD_ES_KORONA.pending(game, Viewer(arbiter=True)).waiting
    passes = [o.rule_ids for w in waiting if w.seat == RED for o in w.options if o.type == "pass"]

    assert passes == [("KK-MOVE-1", "KK-MOVE-4", "KK-TRAD-1")]
