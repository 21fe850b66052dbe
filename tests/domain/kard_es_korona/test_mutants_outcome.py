"""What a Kard és Korona exchange leaves (domain/rulesets/kard_es_korona/outcome.py), pinned where mutation
testing found it loose (issue 18, point 4): the county's control change and its cause, each ending's trace, the
lord's lost bonus, the duel only between two lords, and the engine's own pick for neutrals under A-10 `auto`.

Every expectation is worked out from catalog §6 by hand: in a plain county foot hits foot on 5 and mounted cavalry
only on 6 (KK-BATTLE-5); mounted cavalry hits foot on 4 (KK-BATTLE-7); in a castle every unit is a foot target.

EQUIVALENT_MUTANTS (measured 2026-11-28, see README "Mutation testing"):
- `side_force(state, battle, None)` / `lord_present(..., None)` where the code says DEFENDER
  (`exchange_outcome`, `is_castle_taken_as_last_infantry_fell`, `is_lords_duel_due`, `_next_exchange`):
  `Battle.owner_of` and `has_lord` read any side but "attacker" as the defender.
- `is_castle_taken_as_last_infantry_fell`: `attack.total > 0` -> `>= 0`: with no units on either side
  `exchange_outcome` returns first (both sides gone), and `_attacker_won` runs only for a surviving attacker.
- `settle`: the default of `options.get("casualty_assignment", "maximal")` changed or dropped: every game's
  options carry every default (service/games.py and GameCreated fill them from `default_options`).
- `settle`: `continue` -> `break`: the first `settle` after a roll sees no side chosen yet, and a later one only
  sides that already waited for a player, which it skips either way.
- `settle`: `battle is None or reroll_offer` -> `and`: no caller settles while an offer waits. An exchange, a
  casualty choice, a retreat and a stay are refused until the Judge Royal decides (rerolls.awaiting_judge,
  KK-OFFICE-1, pinned below: the exchange, retreat and stay were accepted before, an engine bug this gap showed),
  combat.py settles only when its exchange raised no offer, and reroll_choices.py after the offer is closed.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, play, position, set_up, then, when
from tests.domain.kard_es_korona.test_retreat import battle
from tests.domain.kard_es_korona.test_retreat import fejer_battle as retreat_battle
from tests.domain.kard_es_korona.test_retreat import fight as retreat_fight

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
LORDS_AWAY = {s: f"{s}_k2" for s in PTD}
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}


def moving(
    units: dict[str, dict[str, Force]],
    lords: dict[str, str] | None = None,
    control: dict[str, str] | None = None,
    **options: Any,
) -> Game:
    """1301's movement phase, Red to move, with exactly these units (plus each lord's guard in his K2)."""
    game = set_up(PTD, **options)
    everything = {**GUARDS, **units}
    held = {county: next(iter(by)) for county, by in everything.items()} | (control or {})
    game = position(game, everything, lords={**LORDS_AWAY, **(lords or {})}, control=held)
    return play(game, act("draw_event", RED, card="veres_kard"))


def attack(game: Game, to: str, origin: str, units: dict[str, int], lord: bool = False) -> Game:
    game = play(game, act("move", RED, to=to, groups=[{"from": origin, "units": units, "lord": lord}]))
    return play(game, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))


def fight(game: Game, *dice: int) -> Decision:
    decision = when(game, act("fight_exchange", None, Authority.RECORDER, dice=list(dice)))
    assert decision.events, decision.violations
    return decision


def data_of(decision: Decision, type_: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in decision.events if e.type == type_]


def notes(decision: Decision, rule_id: str) -> list[str]:
    return [t.text for t in decision.trace if t.rule_id == rule_id]


def test_kk_battle_10_both_sides_wiped_out_leave_the_county_without_owner() -> None:
    """KK-BATTLE-10: „the disputed county becomes uncontrolled”. Red's infantry 6 and Blue's 5 each kill."""
    game = attack(
        moving({"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}), "fejer", "pest", {"infantry": 1}
    )
    decision = fight(game, 6, 5)
    assert data_of(decision, "CountyControlChanged") == [
        {"county": "fejer", "from": BLUE, "to": None, "cause": "mutual_annihilation"}
    ]
    assert notes(decision, "KK-BATTLE-10") == ["both sides wiped out: fejer has no owner"]
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["mutual_annihilation"]


def test_kk_battle_14_the_attacker_takes_the_county_it_won() -> None:
    """KK-BATTLE-14: Red's 6 kills Blue's only infantry; Blue's 1 misses: Red takes Fejér."""
    game = attack(
        moving({"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}), "fejer", "pest", {"infantry": 2}
    )
    decision = fight(game, 6, 1, 1)
    assert data_of(decision, "CountyControlChanged") == [
        {"county": "fejer", "from": BLUE, "to": RED, "cause": "battle_won"}
    ]
    assert notes(decision, "KK-BATTLE-14") == [f"{RED} wins and takes fejer"]
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]


def test_kk_battle_14_a_county_the_attacker_already_controls_changes_no_hands() -> None:
    """Annex (a) persistent control: Fejér is still Red's though Blue stands in it; winning there changes nothing."""
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}
    game = attack(moving(units, control={"fejer": RED}), "fejer", "pest", {"infantry": 2})
    decision = fight(game, 6, 1, 1)
    assert data_of(decision, "CountyControlChanged") == []
    assert notes(decision, "KK-BATTLE-14") == [f"{RED} wins and takes fejer"]


def test_kk_battle_14_the_defender_keeps_the_county() -> None:
    """KK-BATTLE-14: Red's infantry 1 misses; Blue's 5 kills it: Blue keeps Fejér."""
    game = attack(
        moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=2)}}), "fejer", "pest", {"infantry": 1}
    )
    decision = fight(game, 1, 5, 1)
    assert notes(decision, "KK-BATTLE-14") == [f"{BLUE} keeps fejer"]
    assert data_of(decision, "CountyControlChanged") == []
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["defender_won"]


def test_kk_siege_9_a_castle_taken_ends_the_battle_as_won() -> None:
    """KK-SIEGE-9: no defending archers, so the assault comes first; Red's 6 kills the castle's only infantry."""
    units = {"pest": {RED: Force(infantry=2)}, "tiszahat_k1": {BLUE: Force(infantry=1)}}
    game = attack(moving(units), "tiszahat_k1", "pest", {"infantry": 2})
    decision = fight(game, 6, 1, 1)
    assert data_of(decision, "CastleCaptured") == [
        {"battle": "b1301-1", "county": "tiszahat_k1", "new_owner": RED, "previous_owner": BLUE}
    ]
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]


def test_kk_siege_8_the_capture_as_the_last_infantry_falls_is_traced() -> None:
    """KK-SIEGE-8 (L188): Red's cavalry 5 kills the royal infantry (in a castle every unit is foot); the royal 6
    kills one of Red's two; Yellow, rolling for the neutrals (KK-NEUTRAL-3), takes the infantry."""
    units = {"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}}
    game = attack(moving(units), "tiszahat_k1", "pest", {"infantry": 1, "cavalry": 1})
    game = then(game, fight(game, 5, 1, 6))
    decision = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert notes(decision, "KK-SIEGE-8") == [f"{RED}'s last infantry fell with the last defenders: he takes the castle"]
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]


def test_kk_siege_6_the_siege_is_abandoned_when_the_last_infantry_falls() -> None:
    """KK-SIEGE-6/7: E2: Yellow's archers' 5 hits (4+, KK-SIEGE-3); Yellow takes Red's only infantry: the 3 cavalry
    and the archer cannot hold the siege, and Red's lord stayed in Pest."""
    units = {
        "pest": {RED: Force(infantry=2, archer=1, cavalry=3)},
        "delvidek_k1": {YELLOW: Force(archer=2, infantry=1, cavalry=1)},
    }
    game = attack(moving(units, lords={RED: "pest"}), "delvidek_k1", "pest", {"infantry": 1, "archer": 1, "cavalry": 3})
    game = then(game, fight(game, 5, 2))
    decision = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert notes(decision, "KK-SIEGE-6") == [
        "no attacking infantry and no lord left (3 cavalry, 1 archer): the siege is abandoned at once"
    ]
    assert [e["reason"] for e in data_of(decision, "SiegeAbandoned")] == ["no_infantry"]


def test_kk_lord_3_the_bonus_ends_with_the_led_arm() -> None:
    """KK-LORD-3: Red's lord leads his infantry; Blue's mounted cavalry 4 can kill only that foot unit (Red's
    mounted cavalry needs a 6): the infantry is gone and so is the bonus."""
    units = {"pest": {RED: Force(infantry=1, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3)}}
    game = attack(moving(units, lords={RED: "pest"}), "fejer", "pest", {"infantry": 1, "cavalry": 1}, lord=True)
    game = play(game, act("lead_arm", RED, arm="infantry"))
    decision = fight(game, 1, 1, 4, 1, 1)
    assert data_of(decision, "LordBonusLost") == [
        {"battle": "b1301-1", "side": "attacker", "seat": RED, "arm": "infantry"}
    ]
    assert notes(decision, "KK-LORD-3") == ["the attacker's infantry are gone: the lord's bonus ends for this battle"]


def test_kk_lord_5_no_duel_when_only_one_side_has_a_lord() -> None:
    """KK-LORD-5 needs two lord-led armies; Blue's lord alone is defeated (KK-LORD-4) and Fejér has no owner.
    Blue's lord leads his infantry (+1: foot on 4); Red's 5 and Blue's 4 kill each other's only unit."""
    units = {"pest": {RED: Force(infantry=2)}, "fejer": {BLUE: Force(infantry=1)}}
    game = attack(moving(units, lords={BLUE: "fejer"}), "fejer", "pest", {"infantry": 1})
    game = play(game, act("lead_arm", BLUE, arm="infantry"))
    decision = fight(game, 5, 4)
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["mutual_annihilation"]
    assert data_of(decision, "LordDefeated") == [{"seat": BLUE, "battle": "b1301-1", "by_owner": RED}]
    assert "DuelStarted" not in [e.type for e in decision.events]


def test_a_10_auto_takes_the_attackers_cavalry_first_in_an_open_battle() -> None:
    """A-10 `auto`: „the engine picks, in this order: infantry in sieges, then cavalry, then infantry, then
    archers”. The royal infantry's 6 may kill Red's mounted cavalry or his infantry: the cavalry dies."""
    units = {"pest": {RED: Force(infantry=1, cavalry=1)}, "fejer": {"royal": Force(infantry=1)}}
    game = attack(moving(units, neutral_casualty_policy="auto"), "fejer", "pest", {"infantry": 1, "cavalry": 1})
    decision = fight(game, 1, 1, 6)
    assert data_of(decision, "CasualtiesAssigned") == [
        {"battle": "b1301-1", "side": "defender", "seat": None, "casualties": {"cavalry": 1}, "auto": True}
    ]


def test_a_10_auto_takes_the_besiegers_infantry_first_in_a_siege() -> None:
    """A-10 `auto`: in a siege the infantry goes first (to force the withdrawal of KK-SIEGE-6)."""
    units = {"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}}
    game = attack(moving(units, neutral_casualty_policy="auto"), "tiszahat_k1", "pest", {"infantry": 2, "cavalry": 1})
    decision = fight(game, 1, 1, 1, 6)
    assert data_of(decision, "CasualtiesAssigned") == [
        {"battle": "b1301-1", "side": "defender", "seat": None, "casualties": {"infantry": 1}, "auto": True}
    ]


def test_a_8_free_assignment_leaves_even_a_single_choice_to_the_player() -> None:
    """A-8 `casualty_assignment = free`: the hitter may kill fewer, so E1's Blue (two 6s, only cavalry to kill)
    still chooses; nothing is assigned for him."""
    units = {"pest": {RED: Force(cavalry=3)}, "fejer": {BLUE: Force(archer=2, infantry=2)}}
    game = attack(moving(units, casualty_assignment="free"), "fejer", "pest", {"cavalry": 3})
    decision = fight(game, 5, 4, 1, 6, 5, 6, 2)
    assert data_of(decision, "CasualtiesAssigned") == []


def test_kk_adv_6_a_pursuit_that_destroys_the_retreating_army_loses_the_battle() -> None:
    """Advanced game: Red's lord and 2 infantry retreat to Pest after a round of misses; Blue's 2 infantry pursue
    with 6 and 5, both hits on foot (KK-BATTLE-5): the army is gone, the battle lost, the lord defeated (A-46)."""
    units = {"pest": {RED: Force(infantry=3)}, "fejer": {BLUE: Force(infantry=2)}}
    game = battle(units, "fejer", "pest", {"infantry": 2}, lords={RED: "pest"}, lord=True)
    game = retreat_fight(play(game, act("lead_arm", RED, arm=None)), 1, 1, 1, 1)
    decision = when(game, act("retreat", RED, to="pest", dice=[6, 5]))
    assert "the pursuit destroyed the retreating army: the battle is lost (A-46)" in notes(decision, "KK-ADV-6")
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["defender_won"]


def test_kk_siege_8_is_not_cited_when_the_besiegers_lord_is_there() -> None:
    """KK-SIEGE-6/8 concern a besieger left without infantry and without his lord; with Red's lord in the siege
    (A-11: he counts as infantry) the castle is simply won. Red's cavalry 5 kills the royal infantry (every unit
    is foot in a castle), the royal 6 kills one of Red's two units: Yellow takes the infantry."""
    units = {"pest": {RED: Force(infantry=2, cavalry=1)}, "tiszahat_k1": {"royal": Force(infantry=1)}}
    game = attack(moving(units, lords={RED: "pest"}), "tiszahat_k1", "pest", {"infantry": 1, "cavalry": 1}, lord=True)
    game = play(game, act("lead_arm", RED, arm=None))
    game = then(game, fight(game, 5, 1, 6))
    decision = when(game, act("assign_casualties", YELLOW, casualties={"infantry": 1}))
    assert notes(decision, "KK-SIEGE-8") == []
    assert [e["result"] for e in data_of(decision, "BattleEnded")] == ["attacker_won"]


# --- KK-OFFICE-1: the exchange waits for the Judge Royal's word ---

JUDGE_BLUE = {"judge_royal": BLUE, "treasurer": None, "palatine": None}


def missed_round_2_with_an_offer() -> Game:
    """Advanced game, Fejér: Red's 2 infantry against Blue's 2; round 1 missed; Blue, Judge Royal, misses again in
    round 2 (1, 1 against infantry needing 5): a reroll could kill, so it is offered (KK-OFFICE-1, A-57)."""
    game = retreat_battle()
    game = position(game, game.state.units, control=game.state.control, offices=JUDGE_BLUE)
    game = then(game, fight(game, 1, 1, 1, 1))
    assert game.state.reroll_offer["occasion"] == "battle:b1301-1"
    return game


def test_kk_office_1_no_exchange_retreat_or_stay_before_the_judge_royal_decides() -> None:
    """KK-OFFICE-1: he „újradobhatja egy fegyvernem részére egy összecsapás eredményét” (L232): the exchange
    just rolled is not over until he rerolls or keeps it, so the next exchange, a retreat and the attacker's
    word that he stays (KK-ADV-5, A-46: between full rounds) all wait for him."""
    game = missed_round_2_with_an_offer()
    waiting = [("KK-OFFICE-1", "the Judge Royal first decides whether to reroll", {"field": "type"})]
    for action in (
        act("fight_exchange", None, Authority.RECORDER, dice=[6, 6, 6, 6]),
        act("retreat", RED, to="pest", dice=[1, 1]),
        act("stay", RED),
    ):
        decision = when(game, action)
        assert (decision.events, [(v.rule_id, v.message, dict(v.details)) for v in decision.violations]) == (
            (),
            waiting,
        )
    kept = then(game, when(game, act("keep_roll", BLUE)))
    battle = kept.state.battle("b1301-1")
    assert battle is not None and (battle.round, kept.state.reroll_offer) == (3, {})
    assert [e.type for e in when(kept, act("stay", RED)).events] == ["RetreatDeclined"]
