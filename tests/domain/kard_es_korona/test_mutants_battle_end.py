"""The end of a Kard és Korona battle (domain/rulesets/kard_es_korona/battle_end.py), pinned where mutation
testing found it loose (issue 18, point 4): the winning lord's extra step (KK-LORD-8, A-21), and a taken castle
its attackers cannot all hold (KK-SIEGE-9).

Worked out from the catalog by hand: KK-LORD-8 „after the battle the winning lord may make one extra step within
4 MP … under the default this applies to lord-against-lord battles” (A-21, option `winner_extra_step`);
KK-SIEGE-9 „at most 7 units may stay in the castle … the attacker chooses which units stay”.

EQUIVALENT_MUTANTS (measured 2026-11-27, see README "Mutation testing"):
- `_winner`: the default of `options.get("winner_extra_step", "lord_vs_lord")` changed or dropped: every game's
  options carry every default (service/games.py and GameCreated fill them from `default_options`).
- `_winner`: `next(..., None)` -> `next(...)` for a duel: the duel's winner stays in the county (the loser is
  beheaded, KK-LORD-5), so the search always finds his side.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, when
from tests.domain.kard_es_korona.test_defeat import lords_battle
from tests.domain.kard_es_korona.test_mutants_outcome import BLUE, RED, attack, data_of, fight, moving, notes


def offers(decision: Decision) -> list[dict[str, Any]]:
    return data_of(decision, "ExtraStepOffered")


def test_kk_lord_8_the_winner_of_a_lord_against_lord_battle_is_offered_a_step() -> None:
    """Red's lord-led cavalry 6 kills Blue's lord-led infantry, whose 1 misses (tests/…/test_defeat.py's position)."""
    game = lords_battle()
    decision = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[6, 1]))
    assert offers(decision) == [{"seat": RED, "battle": "b1301-1", "county": "fejer"}]
    assert notes(decision, "KK-LORD-8") == [f"{RED}'s lord won: one extra step within 4 MP, or none (A-21)"]


def lord_against_army(**options: Any) -> Game:
    """Red's lord leads 2 infantry from Pest into Fejér, held by Blue's 1 infantry without its lord."""
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}
    game = attack(moving(units, lords={RED: "pest"}, **options), "fejer", "pest", {"infantry": 2}, lord=True)
    return play(game, act("lead_arm", RED, arm=None))


def test_a_21_no_step_by_default_after_beating_an_army_without_a_lord() -> None:
    decision = fight(lord_against_army(), 6, 1, 1)  # Red's 6 kills Blue's only infantry; Blue's 1 misses
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]
    assert offers(decision) == []


def test_a_21_any_lord_victory_offers_the_step_to_the_attacking_lord() -> None:
    decision = fight(lord_against_army(winner_extra_step="any_lord_victory"), 6, 1, 1)
    assert offers(decision) == [{"seat": RED, "battle": "b1301-1", "county": "fejer"}]


def test_a_21_any_lord_victory_offers_the_step_to_the_defending_lord() -> None:
    """Blue's lord holds Fejér with 2 infantry; Red's lone infantry rolls 1, Blue's 5 kills it (foot on 5)."""
    units = {"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=2)}}
    game = moving(units, lords={BLUE: "fejer"}, winner_extra_step="any_lord_victory")
    game = play(attack(game, "fejer", "pest", {"infantry": 1}), act("lead_arm", BLUE, arm=None))
    decision = fight(game, 1, 5, 1)
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["defender_won"]
    assert offers(decision) == [{"seat": BLUE, "battle": "b1301-1", "county": "fejer"}]


def test_kk_siege_9_a_castle_its_attackers_cannot_all_hold_waits_for_the_attacker() -> None:
    """Red's 5 infantry, 2 archers and a cavalry take Tiszahát K1 from one royal infantry (the cavalry's 6): 8 units,
    one more than a castle holds, so the battle does not end until Red chooses who stays."""
    units = {"pest": {RED: Force(infantry=5, archer=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}}
    game = attack(moving(units), "tiszahat_k1", "pest", {"infantry": 5, "archer": 2, "cavalry": 1})
    decision = fight(game, 6, 1, 1, 1, 1, 1, 1, 1, 1)
    assert [e.type for e in decision.events][-1] == "CastleCaptured"
    assert notes(decision, "KK-SIEGE-9") == [
        f"1 cavalry, 5 infantry, 2 archer cannot all stay: {RED} chooses who stays and where the rest go"
    ]


def castle_taken_by_infantry(count: int, **options: Any) -> Decision:
    """Red's `count` infantry storm Blue's castle Tiszahát K1 (1 infantry, no archers: the assault first); the first
    die, a 6, kills the defender, every other die misses."""
    units = {"pest": {RED: Force(infantry=count)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    game = attack(moving(units, **options), "tiszahat_k1", "pest", {"infantry": count})
    return fight(game, 6, *([1] * count))


def test_a_4_strict_half_binds_even_a_three_unit_garrison() -> None:
    """A-4 `strict_half`: ⌈3/2⌉ = 2, so 3 infantry cannot all stay; under the default (`over_four`) a garrison of
    n ≤ 4 is unrestricted (KK-CASTLE-3) and the battle ends."""
    assert data_of(castle_taken_by_infantry(3, castle_arm_limit="strict_half"), "BattleEnded") == []
    assert [e["result"] for e in data_of(castle_taken_by_infantry(3), "BattleEnded")] == ["attacker_won"]


def test_a_4_advanced_only_leaves_the_basic_game_without_arm_limit() -> None:
    """5 infantry: above ⌈5/2⌉ = 3 under the default (KK-CASTLE-3), so Red must choose who stays; under
    `advanced_only` the basic game has no arm limit and 5 units fit the castle's 7."""
    assert data_of(castle_taken_by_infantry(5), "BattleEnded") == []
    ended = data_of(castle_taken_by_infantry(5, castle_arm_limit="advanced_only"), "BattleEnded")
    assert [e["result"] for e in ended] == ["attacker_won"]


def test_a_21_any_lord_victory_offers_nothing_to_a_winner_without_his_lord() -> None:
    """Red's army wins without Red's lord (he stays in Pannónia K2): there is no winning lord to step."""
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}
    game = attack(moving(units, winner_extra_step="any_lord_victory"), "fejer", "pest", {"infantry": 2})
    decision = fight(game, 6, 1, 1)
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]
    assert offers(decision) == []
