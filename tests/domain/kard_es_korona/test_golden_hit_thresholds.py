"""Hit/miss pairs on both sides of every threshold of Kard és Korona's battles: for each terrain (plain, swamp,
mountain, castle), arm (cavalry, infantry, archer; mounted or not) and modifier (terrain +1, the lord's +1), a
die one pip lower misses where the threshold hits. Worked from KK-BATTLE-5..8, KK-OPEN-2..5, KK-SIEGE-3..5 and
KK-LORD-2. Each case is one exchange; the outcome is the most units the side's dice can kill (KK-BATTLE-11).
"""

from __future__ import annotations

import pytest

from domain.kernel import Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, then
from tests.domain.kard_es_korona.test_battle_rules import BLUE, LORDS_AWAY, RED, YELLOW, fight, moving, to_battles

SWAMP, MOUNTAIN = "tiszahat_b", "tiszahat_m"


def battle(red: Force, blue: Force, county: str = "fejer", origin: str = "pest", lord: bool = False) -> Game:
    """Red attacks `county` (Blue's) from `origin` with `red`; a lord-led army leads its first arm."""
    game = moving({origin: {RED: red}, county: {BLUE: blue}})
    if lord:
        game = position(game, game.state.units, lords={**LORDS_AWAY, RED: origin}, phase="movement", turn=RED)
    units = {arm: red.of(arm) for arm in ("cavalry", "infantry", "archer") if red.of(arm)}
    game = to_battles(game, {"to": county, "groups": [{"from": origin, "units": units, "lord": lord}]})
    if lord:
        game = play(game, act("lead_arm", RED, arm=next(iter(units))))
    return game


def kills(decision: Decision) -> dict[str, int]:
    """Side -> the most units its dice can kill this exchange (KK-BATTLE-11, A-8)."""
    notes = [step.numbers["max_kills"] for step in decision.trace if step.rule_id == "KK-BATTLE-11"]
    return {"attacker": notes[0], "defender": notes[1]}


def needs(decision: Decision) -> list[dict[str, int]]:
    return [dict(step.numbers["needs"]) for step in decision.trace if step.rule_id == "KK-BATTLE-5"]


# --- open battle, plain county (KK-BATTLE-5): one full exchange, the attacker's die first ---


@pytest.mark.parametrize(("face", "hits"), [(4, 1), (3, 0)])
def test_kk_battle_5_mounted_cavalry_hits_foot_on_four(face: int, hits: int) -> None:
    """„a lovagok már 4-es dobással is végeznek velük" (L55)."""
    decision = fight(battle(Force(cavalry=1), Force(infantry=1)), face, 1)
    assert kills(decision)["attacker"] == hits


@pytest.mark.parametrize(("face", "hits"), [(5, 1), (4, 0)])
def test_kk_battle_5_infantry_hits_foot_on_five(face: int, hits: int) -> None:
    """„5, 6-tal lehet megölni a gyalogosokat" (L55)."""
    decision = fight(battle(Force(infantry=1), Force(infantry=1)), face, 1)
    assert kills(decision)["attacker"] == hits


@pytest.mark.parametrize(("face", "hits"), [(6, 1), (5, 0)])
def test_kk_battle_5_mounted_cavalry_is_hit_only_on_six(face: int, hits: int) -> None:
    """„Erősebb páncéljuk miatt csak 6-tal lehet levenni őket." (L46)."""
    decision = fight(battle(Force(infantry=1), Force(cavalry=1)), face, 1)
    assert kills(decision)["attacker"] == hits


@pytest.mark.parametrize(("face", "hits"), [(6, 1), (5, 0)])
def test_kk_open_3_archers_without_a_volley_hit_mounted_cavalry_on_six(face: int, hits: int) -> None:
    """KK-OPEN-3: against an all-cavalry army Blue's archer rolls in the single first exchange, needing 6."""
    decision = fight(battle(Force(cavalry=1), Force(archer=1)), 1, face)
    assert kills(decision)["defender"] == hits


@pytest.mark.parametrize(("face", "hits"), [(5, 1), (4, 0)])
def test_kk_open_2_the_volley_hits_foot_on_five(face: int, hits: int) -> None:
    """KK-OPEN-2: Red brings infantry, so Blue's archer volleys alone first, hitting foot on 5, 6."""
    decision = fight(battle(Force(infantry=1), Force(archer=1)), face)
    assert needs(decision) == [{"infantry": 5, "archer": 5}]
    assert kills(decision)["defender"] == hits


# --- open battle, swamp or mountain (KK-BATTLE-7/8): dismounted cavalry, defenders +1 ---


@pytest.mark.parametrize("county", [SWAMP, MOUNTAIN])
@pytest.mark.parametrize(("face", "hits"), [(5, 1), (4, 0)])
def test_kk_battle_7_dismounted_cavalry_is_hit_on_five(county: str, face: int, hits: int) -> None:
    """KK-BATTLE-7: in a mountain or swamp cavalry „gyalogosként működnek" and is hit as foot: 5 (not 6)."""
    origin = "tiszahat_c" if county == SWAMP else "tiszahat_k2"
    decision = fight(battle(Force(infantry=1), Force(cavalry=1), county, origin), face, 1)
    assert kills(decision)["attacker"] == hits


@pytest.mark.parametrize("county", [SWAMP, MOUNTAIN])
@pytest.mark.parametrize(("face", "hits"), [(4, 1), (3, 0)])
def test_kk_battle_8_defenders_in_swamp_or_mountain_hit_on_four(county: str, face: int, hits: int) -> None:
    """KK-BATTLE-8: „minden alakulat +1-es módosítóval tud védekezni … 4,5,6-tal" (L91)."""
    origin = "tiszahat_c" if county == SWAMP else "tiszahat_k2"
    decision = fight(battle(Force(infantry=1), Force(infantry=1), county, origin), 1, face)
    assert kills(decision)["defender"] == hits
    assert [s.numbers["modifier"] for s in decision.trace if s.rule_id == "KK-BATTLE-5"] == [0, 1]


# --- the lord's +1 (KK-LORD-2) ---


@pytest.mark.parametrize(("face", "hits"), [(3, 1), (2, 0)])
def test_kk_lord_2_cavalry_led_by_the_lord_hits_foot_on_three(face: int, hits: int) -> None:
    """KK-LORD-2 / §3.10: „cavalry with the lord in the open hits foot on 3 and cavalry on 5"."""
    decision = fight(battle(Force(cavalry=1), Force(infantry=1), lord=True), face, 1)
    assert kills(decision)["attacker"] == hits


@pytest.mark.parametrize(("face", "hits"), [(5, 1), (4, 0)])
def test_kk_lord_2_cavalry_led_by_the_lord_hits_mounted_cavalry_on_five(face: int, hits: int) -> None:
    decision = fight(battle(Force(cavalry=1), Force(cavalry=1), lord=True), face, 1)
    assert kills(decision)["attacker"] == hits


# --- siege (KK-SIEGE-2..5) ---


def siege() -> Game:
    """Red's 2 infantry attack Yellow's castle delvidek_k1 (1 archer + 1 infantry) from Pest."""
    k, p = "delvidek_k1", "pest"
    game = moving({p: {RED: Force(infantry=2)}, k: {YELLOW: Force(archer=1, infantry=1)}})
    return to_battles(game, {"to": k, "groups": [{"from": p, "units": {"infantry": 2}}]})


@pytest.mark.parametrize(("face", "hits"), [(4, 1), (3, 0)])
def test_kk_siege_3_defending_archers_hit_on_four(face: int, hits: int) -> None:
    """„ebben az esetben 4-5-6-al érnek el találatot" (L69)."""
    decision = fight(siege(), face)
    assert kills(decision) == {"attacker": 0, "defender": hits}


@pytest.mark.parametrize(("face", "hits"), [(5, 2), (4, 0)])
def test_kk_siege_5_attackers_hit_on_five_in_the_assault(face: int, hits: int) -> None:
    """„ostromnál … a támadó sereg minden egysége 5, 6-tal talál" (L169): both infantry roll `face`."""
    game = then(siege(), fight(siege(), 1))  # the archer misses: on to the assault
    decision = fight(game, face, face, 1)
    assert kills(decision)["attacker"] == hits
