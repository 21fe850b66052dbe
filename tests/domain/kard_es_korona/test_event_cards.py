"""Event cards with machine-readable effects: neutral infantry (KK-EVENT-5), Szüret (KK-EVENT-6), Esős ősz
(KK-EVENT-7) with the Judge Royal's reroll (KK-OFFICE-2)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.hits import die_targets
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, then, types, when, with_state

PTD = ("pannonia", "tiszahat", "delvidek")
RED, BLUE, YELLOW = PTD
LORDS_AWAY = {RED: "pannonia_k2", BLUE: "tiszahat_k2", YELLOW: "delvidek_k2"}
GUARDS = {f"{s}_k2": {s: Force(infantry=1)} for s in PTD}
GARRISON = Force(cavalry=1, infantry=1, archer=1)  # KK-SETUP-9


def draw(card: str, **data: Any) -> Decision:
    return when(set_up(PTD), act("draw_event", RED, card=card, **data))


# --- KK-EVENT-5: neutral infantry ---


def test_kk_event_5_plague_removes_neutral_infantry_from_a_royal_garrison() -> None:
    decision = draw("pestisjarvany", neutral_infantry=[{"county": "pest", "change": -1}])
    assert types(decision)[:2] == ["EventCardDrawn", "EventEffectApplied"]
    game = then(set_up(PTD), decision)
    assert game.state.force("pest", "royal") == Force(cavalry=1, archer=1)


def test_kk_event_5_bloody_sword_adds_neutral_infantry_to_an_unplayed_province() -> None:
    game = set_up(PTD)
    county = next(c for c, by in game.state.units.items() if "neutral:erdely" in by)
    before = game.state.force(county, "neutral:erdely")
    game = play(game, act("draw_event", RED, card="veres_kard", neutral_infantry=[{"county": county, "change": 2}]))
    assert game.state.force(county, "neutral:erdely") == before.plus(Force(infantry=2))


def test_refused_kk_event_5_when_the_plague_would_add_infantry() -> None:
    decision = draw("pestisjarvany", neutral_infantry=[{"county": "pest", "change": 1}])
    assert rule_ids(decision) == ["KK-EVENT-5"]


def test_refused_kk_event_5_when_a_players_county_would_change() -> None:
    decision = draw("veres_kard", neutral_infantry=[{"county": "pannonia_k1", "change": -1}])
    assert rule_ids(decision) == ["KK-EVENT-5"]


def test_refused_kk_event_5_when_more_infantry_is_removed_than_the_neutrals_have() -> None:
    decision = draw("parasztlazadas", neutral_infantry=[{"county": "pest", "change": -2}])
    assert rule_ids(decision) == ["KK-EVENT-5"]


def test_refused_kk_event_5_when_the_card_does_not_touch_neutral_forces() -> None:
    decision = draw("szuret", neutral_infantry=[{"county": "pest", "change": -1}])
    assert rule_ids(decision) == ["KK-EVENT-5"]


def test_neutral_forces_unchanged_when_no_amounts_are_entered_kk_event_5() -> None:
    assert types(draw("parasztlazadas")) == ["EventCardDrawn", "MovementPhaseBegan"]


# --- KK-EVENT-6: Szüret ---


def harvest_battle(card: str, **options: Any) -> Game:
    """Red's lord leads his infantry from Pest into Fejér against 3 mounted Blue cavalry."""
    game = set_up(PTD, **options)
    units = {**GUARDS, "pest": {RED: Force(infantry=1, cavalry=2)}, "fejer": {BLUE: Force(cavalry=3)}}
    game = position(game, units, lords={**LORDS_AWAY, RED: "pest"})
    game = play(game, act("draw_event", RED, card=card))
    step = act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"infantry": 1, "cavalry": 1}, "lord": True}])
    game = play(game, step, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    return play(game, act("lead_arm", RED, arm="infantry"))


def infantry_4_hits(game: Game) -> tuple[str, ...]:
    battle = game.state.battle("b1301-1")
    assert battle is not None
    return die_targets(game.state, battle, "attacker", "infantry", 4)


def test_kk_event_6_harvest_adds_one_to_the_attacking_lords_led_arm() -> None:
    # Infantry hits mounted cavalry on 6 (KK-BATTLE-5): 4 + 1 (lord) + 1 (Szüret) reaches it.
    assert infantry_4_hits(harvest_battle("szuret")) == ("cavalry",)


def test_no_harvest_bonus_when_another_card_was_drawn_kk_event_6() -> None:
    assert infantry_4_hits(harvest_battle("veres_kard")) == ()


def test_no_harvest_bonus_when_harvest_bonus_is_none() -> None:
    assert infantry_4_hits(harvest_battle("szuret", harvest_bonus="none")) == ()


# --- KK-EVENT-7: Esős ősz ---


def rainy_siege(judge_royal: bool = False, **options: Any) -> Game:
    """Esős ősz year: Red besieges the royal garrison of Pest from Fejér with 2 infantry."""
    game = set_up(PTD, **options)
    units = {**GUARDS, "fejer": {RED: Force(infantry=2)}, "pest": {"royal": GARRISON}}
    game = position(game, units, lords=LORDS_AWAY)
    if judge_royal:
        game = with_state(game, offices={"judge_royal": RED, "treasurer": None, "palatine": None})
    game = play(game, act("draw_event", RED, card="esos_osz"))
    step = act("move", RED, to="pest", groups=[{"from": "fejer", "units": {"infantry": 2}}])
    game = play(game, step, act("pass", BLUE), act("pass", YELLOW), act("pass", RED))
    assert game.state.current_battle == "b1301-1"
    return game


def rain(game: Game, *dice: int, **data: Any) -> Decision:
    return when(game, act("roll_event_die", RED, dice=list(dice), **data))


def test_refused_kk_event_7_when_the_siege_is_fought_before_the_rainy_autumn_roll() -> None:
    fight = act("fight_exchange", None, Authority.RECORDER, dice=[1, 1, 1, 1])
    assert rule_ids(when(rainy_siege(), fight)) == ["KK-EVENT-7"]


def test_kk_event_7_low_roll_abandons_the_siege_and_the_army_withdraws_to_its_entry_county() -> None:
    game = rainy_siege()
    decision = rain(game, 2)
    assert types(decision)[:4] == ["DiceRolled", "EventDieRolled", "SiegeAbandoned", "UnitsWithdrawn"]
    assert decision.events[2].data["reason"] == "event"
    game = then(game, decision)
    assert game.state.force("fejer", RED) == Force(infantry=2)
    assert game.state.force("pest", "royal") == GARRISON


def test_kk_event_7_high_roll_keeps_the_siege_and_the_battle_goes_on() -> None:
    game = play(rainy_siege(), act("roll_event_die", RED, dice=[4]))
    assert game.state.battle("b1301-1").status == "fighting"
    assert rule_ids(rain(game, 5)) == ["KK-EVENT-7"]  # one roll per siege
    # Siege archers first (KK-SIEGE-3): the royal archer rolls one die.
    assert not when(game, act("fight_exchange", None, Authority.RECORDER, dice=[1])).violations


def test_kk_office_2_judge_royal_rerolls_his_rainy_autumn_roll_once() -> None:
    decision = rain(rainy_siege(judge_royal=True), 2, 6)
    assert types(decision) == ["DiceRolled", "DiceRolled", "EventDieRolled"]
    assert decision.events[1].data["replaces"] == decision.events[0].data["first_k"]
    assert decision.events[2].data == {
        "battle": "b1301-1",
        "card": "esos_osz",
        "seat": RED,
        "faces": [2, 6],
        "withdraws": False,
    }


def test_judge_royal_keeps_a_low_roll_when_he_declines_the_reroll_kk_office_2() -> None:
    decision = rain(rainy_siege(judge_royal=True), 2, judge_royal_reroll=False)
    assert "SiegeAbandoned" in types(decision)


def test_only_a_1_abandons_when_rainy_autumn_withdraw_on_is_1() -> None:
    assert "SiegeAbandoned" not in types(rain(rainy_siege(rainy_autumn_withdraw_on=1), 2))


def test_notation_names_the_county_when_neutral_infantry_changes() -> None:
    game = set_up(PTD)
    decision = when(
        game, act("draw_event", RED, card="pestisjarvany", neutral_infantry=[{"county": "pest", "change": -1}])
    )
    assert KARD_ES_KORONA.notation(decision.events[1], game.state) == (
        "Pestisjárvány: the neutral forces change: -1 infantry in Pest"
    )


def test_an_emptied_neutral_county_has_no_owner_when_control_model_is_presence_a_2() -> None:
    game = position(set_up(PTD, control_model="presence"), {**GUARDS, "kunsag": {"royal": Force(infantry=1)}})
    game = play(
        game, act("draw_event", RED, card="pestisjarvany", neutral_infantry=[{"county": "kunsag", "change": -1}])
    )
    assert "kunsag" not in game.state.units
    assert "kunsag" not in game.state.control
