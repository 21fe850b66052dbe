"""Which battle is fought next, who rolls and chooses for whom, and how a battle starts
(domain/rulesets/kard_es_korona/battle_order.py), pinned where mutation testing found it loose (issue 18, point 4).

Worked out from the catalog by hand: KK-BATTLE-2 (a battle begins with its first exchange and the armies as they
stand), KK-OPEN-2/3 (a volley first when archers are there, none against an all-cavalry army), KK-SIEGE-2/3 (a
siege opens with the defenders' archers, or with the assault when they have none), KK-NEUTRAL-3 and A-10 (the
player immediately before the attacker rolls and chooses for neutrals), A-9 (`siege_volley_chooser`).

EQUIVALENT_MUTANTS (measured 2026-11-28, see README "Mutation testing"):
- `side_force(state, battle, None)` where the code says DEFENDER (`_first_exchange`, `start_battle`):
  `Battle.owner_of` reads any side but "attacker" as the defender.
- `casualty_chooser`: `other(hitting)` -> `other(None)`: only the defenders shoot in a siege's archer exchange
  (KK-SIEGE-3), so `hitting` is the defender there and both give the attacker.
- `battle_chooser`: `state.turn in order` -> `... or True`, and `else 0` -> `else 1`: in the battle phase the
  turn is always a seat of the turn order (battle_evolve.py sets it from the order), so the `else` never runs.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.rulesets.kard_es_korona.battle_order import chooser_summary, neutral_roller
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, then, when
from tests.domain.kard_es_korona.test_mutants_outcome import BLUE, RED, YELLOW, data_of, fight, moving, notes
from tests.domain.kard_es_korona.test_transcript_leniency import three_battles


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


def test_a_9_under_target_the_assault_is_still_chosen_by_the_hitter() -> None:
    """A-9 changes who chooses only for the siege volley: in the assault Red's hits are Red's to assign."""
    units = {
        "pest": {RED: Force(infantry=2, archer=1, cavalry=3)},
        "delvidek_k1": {YELLOW: Force(archer=2, infantry=1, cavalry=1)},
    }
    game = moving(units, siege_volley_chooser="target")
    game, _ = battles_begin(game, "delvidek_k1", "pest", {"infantry": 1, "archer": 1, "cavalry": 3})
    game = then(game, fight(game, 5, 2))
    game = play(game, act("assign_casualties", RED, casualties={"cavalry": 1}))
    # Assault: Red's 2 cavalry, 1 infantry and 1 archer roll 6s; Yellow's infantry and cavalry roll 1s.
    (rolled,) = data_of(fight(game, 6, 6, 6, 6, 1, 1), "ExchangeRolled")
    assert [(p["side"], p["chooser"]) for p in rolled["pending"]] == [("attacker", RED)]


def step(seat: str, to: str, origin: str, units: dict[str, int]) -> Any:
    return act("move", seat, to=to, groups=[{"from": origin, "units": units}])


def test_kk_battle_12_the_order_goes_round_from_the_starting_player() -> None:
    """KK-BATTLE-12 (2): „going round in turn order from the starting player”. Red (first) started no battle;
    Blue, next after Red, started b1301-1 in Fejér, Yellow b1301-2 in Pannónia D: Blue's is fought first."""
    units = {
        "pest": {BLUE: Force(infantry=2)},
        "fejer": {"royal": Force(infantry=1)},
        "pannonia_a": {YELLOW: Force(infantry=2)},
        "pannonia_d": {"royal": Force(infantry=1)},
    }
    game = play(moving(units), act("pass", RED), step(BLUE, "fejer", "pest", {"infantry": 2}))
    game = play(game, step(YELLOW, "pannonia_d", "pannonia_a", {"infantry": 2}), act("pass", BLUE))
    decision = when(game, act("pass", YELLOW))
    assert [(e["battle"], e["neutral_roller"]) for e in data_of(decision, "BattleStarted")] == [("b1301-1", RED)]


def test_kk_battle_12_a_fought_battle_leaves_the_choice_and_the_last_one_starts_itself() -> None:
    """three_battles: Red fights Pannónia D first (his 6 kills its only infantry); Fejér is then his only open
    battle left, so it starts at once, before the siege."""
    game = three_battles("adjudicated")
    game = play(game, act("select_battle", RED, battle="b1301-3"))
    decision = fight(game, 6, 6, 1)
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]
    assert [e["battle"] for e in data_of(decision, "BattleStarted")] == ["b1301-1"]


def test_chooser_summary_names_who_the_battle_phase_waits_for() -> None:
    units = {"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}
    game = play(moving(units), step(RED, "fejer", "pest", {"cavalry": 3}))
    assert chooser_summary(game.state) == {"choose_battle": None, "among": []}  # still the movement phase
    game, _ = battles_begin(moving(units), "fejer", "pest", {"cavalry": 3})
    game = then(game, fight(game, 5, 4, 1, 6, 5, 6, 2))  # E1: Blue's kills are assigned for him, Red's are not
    assert chooser_summary(game.state) == {"battle": "b1301-1", "waiting_for": [RED]}


def test_kk_battle_12_after_a_battle_the_turn_passes_to_the_next_player() -> None:
    """KK-BATTLE-12 (2): „on each turn the player resolves one of the open battles he started”. Red started
    b1301-1 (Fejér) and b1301-3 (Pannónia D), Blue b1301-2 (Tiszahát D). Red fights Fejér (his 6 kills its one
    royal infantry); the turn goes round to Blue, whose only battle starts before Red's second."""
    units = {
        "pest": {RED: Force(infantry=2)},
        "fejer": {"royal": Force(infantry=1)},
        "tiszahat_a": {BLUE: Force(infantry=2)},
        "tiszahat_d": {"royal": Force(infantry=1)},
        "pannonia_a": {RED: Force(infantry=2)},
        "pannonia_d": {"royal": Force(infantry=1)},
    }
    game = play(moving(units), step(RED, "fejer", "pest", {"infantry": 2}))
    game = play(game, step(BLUE, "tiszahat_d", "tiszahat_a", {"infantry": 2}), act("pass", YELLOW))
    game = play(game, step(RED, "pannonia_d", "pannonia_a", {"infantry": 2}), act("pass", BLUE), act("pass", RED))
    assert chooser_summary(game.state) == {"choose_battle": RED, "among": ["b1301-1", "b1301-3"]}
    game = play(game, act("select_battle", RED, battle="b1301-1"))
    decision = fight(game, 6, 1, 1)
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]
    assert [e["battle"] for e in data_of(decision, "BattleStarted")] == ["b1301-2"]
