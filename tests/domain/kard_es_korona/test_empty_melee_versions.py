"""KK-OPEN-4/5 under each version: two all-archer armies in an open battle. Both volley (KK-OPEN-2); the melee that
follows is rolled by cavalry and infantry only, and archers that volleyed do not roll (KK-OPEN-4), so no die is
left for it. 1.1.0 goes straight to full round 2 (KK-OPEN-5); 1.0.0, which games were recorded under, still
asks for the melee with no dice (QA kk3, L1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.kernel import Authority, Decision, Event, Game, Viewer, advance, start
from domain.platform import decide_action
from domain.rulesets.kard_es_korona import KARD_ES_KORONA, KARD_ES_KORONA_1_0_0
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.ruleset import KardEsKoronaRuleset
from replays.audit import audit_game
from replays.readjudicate import RecordedStep
from tests.domain.kard_es_korona.builders import act, created, inputs_for, types
from tests.domain.kard_es_korona.small_boards import province_board
from tests.domain.kard_es_korona.test_battle_rules import BLUE, RED, moving, to_battles

BATTLE = "b1301-1"


def archers_battle(ruleset: KardEsKoronaRuleset) -> Game:
    """Red attacks plain Fejér with 2 archers; Blue holds it with 2 archers: a game pinned to `ruleset`.

    The versions differ only in the amendments their states carry (ruleset.py), so the game of the older
    version is the same table with its GameCreated's version and its state's amendments."""
    game = moving({"pest": {RED: Force(archer=2)}, "fejer": {BLUE: Force(archer=2)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"archer": 2}}]})
    game = Game(
        replace(game.meta, ruleset_version=ruleset.version),
        replace(game.state, amendments=ruleset.amendments),
        game.version,
        game.board,
    )
    battle = game.state.battle(BATTLE)
    assert battle is not None and (battle.round, battle.exchange) == (1, "volley")
    return game


def fight(ruleset: KardEsKoronaRuleset, game: Game, *dice: int) -> tuple[Game, Decision]:
    """The exchange rolled with these table dice (the attacker's arm groups first), and the game after it."""
    action = act("fight_exchange", None, Authority.RECORDER, dice=list(dice))
    decision = decide_action(ruleset, game, action, inputs_for(game))
    assert not decision.violations, decision.violations
    for event in decision.events:
        game = advance(ruleset, game, event)
    return game, decision


def exchanges_offered(ruleset: KardEsKoronaRuleset, game: Game) -> set[str]:
    """The exchanges `pending` asks the battle's seats to roll (each offer probed against `decide`)."""
    pending = ruleset.pending(game, Viewer(arbiter=True))
    return {str(o.fields["exchange"]) for w in pending.waiting for o in w.options if o.type == "fight_exchange"}


def round_and_exchange(game: Game) -> tuple[int, str]:
    battle = game.state.battle(BATTLE)
    assert battle is not None
    return battle.round, battle.exchange


def test_kk_open_4_kk_open_5_under_1_1_0_an_empty_melee_is_skipped_for_full_round_2() -> None:
    game = archers_battle(KARD_ES_KORONA)

    # The volley: Red's archers 5, 1 (one hit), Blue's 6, 2 (one hit): one archer each is left.
    game, volley = fight(KARD_ES_KORONA, game, 5, 1, 6, 2)

    assert types(volley)[-1] == "ExchangeResolved"
    assert volley.events[-1].data == {"battle": BATTLE, "round": 2, "exchange": "full"}
    assert "KK-OPEN-4" in {t.rule_id for t in volley.trace}
    assert round_and_exchange(game) == (2, "full")
    assert exchanges_offered(KARD_ES_KORONA, game) == {"full"}
    # Full round 2: every archer rolls (KK-OPEN-5), one die a side.
    game, second = fight(KARD_ES_KORONA, game, 4, 3)
    rolled = next(e for e in second.events if e.type == "ExchangeRolled").data
    assert (rolled["round"], rolled["exchange"]) == (2, "full")
    assert [(g["side"], g["arm"], len(g["faces"])) for g in rolled["groups"]] == [
        ("attacker", "archer", 1),
        ("defender", "archer", 1),
    ]


def test_kk_open_4_under_1_0_0_the_empty_melee_is_still_asked_for_with_no_dice() -> None:
    game = archers_battle(KARD_ES_KORONA_1_0_0)

    game, volley = fight(KARD_ES_KORONA_1_0_0, game, 5, 1, 6, 2)

    assert volley.events[-1].data == {"battle": BATTLE, "round": 1, "exchange": "melee"}
    assert exchanges_offered(KARD_ES_KORONA_1_0_0, game) == {"melee"}
    game, melee = fight(KARD_ES_KORONA_1_0_0, game)
    rolled = next(e for e in melee.events if e.type == "ExchangeRolled").data
    assert rolled["groups"] == [] and rolled["exchange"] == "melee"
    assert round_and_exchange(game) == (2, "full")


def test_kk_open_4_a_melee_with_infantry_left_is_fought_under_1_1_0() -> None:
    game = moving({"pest": {RED: Force(archer=1, infantry=1)}, "fejer": {BLUE: Force(archer=2)}})
    game = to_battles(game, {"to": "fejer", "groups": [{"from": "pest", "units": {"archer": 1, "infantry": 1}}]})

    # Red's archer misses (1); Blue's archers 6, 2: one hit, on Red's archer or infantry, Red's choice.
    game, _ = fight(KARD_ES_KORONA, game, 1, 6, 2)
    if round_and_exchange(game) == (1, "volley"):  # the hit waits for Blue to name its casualty
        decision = decide_action(
            KARD_ES_KORONA, game, act("assign_casualties", BLUE, casualties={"archer": 1}), inputs_for(game)
        )
        assert not decision.violations, decision.violations
        for event in decision.events:
            game = advance(KARD_ES_KORONA, game, event)

    assert round_and_exchange(game) == (1, "melee")  # Red's infantry rolls in the melee
    assert exchanges_offered(KARD_ES_KORONA, game) == {"melee"}


def recorded_under_1_0_0() -> tuple[list[RecordedStep], Mapping[str, Any] | None]:
    """The archers' battle recorded under 1.0.0 from its position: the volley, then the melee with no dice."""
    table = archers_battle(KARD_ES_KORONA_1_0_0)
    data = {**created().data, "ruleset_version": "1.0.0", "position": KARD_ES_KORONA_1_0_0.position_of(table)}
    board = province_board("basic")
    game = start(KARD_ES_KORONA_1_0_0, Event("GameCreated", data), board)
    steps = [RecordedStep(1, "GameCreated", data, {"actor": "t-recorder"})]
    for dice in ([5, 1, 6, 2], []):
        cause = {"type": "fight_exchange", "seat": None, "data": {"dice": dice}, "authority": "recorder"}
        first = {"actor": "t-recorder", "action": cause}
        game, decision = fight(KARD_ES_KORONA_1_0_0, game, *dice)
        steps += [
            RecordedStep(game.version - len(decision.events) + 1 + n, e.type, e.data, first if n == 0 else {})
            for n, e in enumerate(decision.events)
        ]
    return steps, board


def test_kk_open_4_an_audit_of_a_1_0_0_game_is_consistent_and_shows_the_volley_as_drift() -> None:
    steps, board = recorded_under_1_0_0()

    audit = audit_game(KARD_ES_KORONA_1_0_0, steps, board, None)

    assert audit.ruleset == {"id": "kard_es_korona", "version": "1.0.0", "current_version": "1.1.0"}
    assert (audit.counts["actions"], audit.counts["consistent"], audit.counts["deviates"]) == (2, 2, 0)
    # What an arbiter sees: under 1.1.0 the volley would have gone on to full round 2.
    [drift] = audit.drift
    assert drift["version"] == steps[1].version and drift["current_version"] == "1.1.0"
    assert drift["current"]["expected_events"][-1]["data"] == {"battle": BATTLE, "round": 2, "exchange": "full"}
