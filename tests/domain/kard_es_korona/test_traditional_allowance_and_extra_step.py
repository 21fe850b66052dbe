"""Two readings of the traditional order (KK-TRAD-4, A-51) pinned against the seed's words (QA rulings pass).

Both positions: 1301, basic game, traditional order; Red (pannonia) holds the marker and moves first, then Blue
(tiszahat), then Yellow (delvidek). What Red does in his own turn (a step, a battle) changes Blue's situation
before Blue's own turn comes.
"""

from __future__ import annotations

from domain.kernel import Authority, Game
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.year import allowance_of
from tests.domain.kard_es_korona.builders import act, play, position, rule_ids, set_up, types, when

RED, BLUE, YELLOW = "pannonia", "tiszahat", "delvidek"
SEATS = (RED, BLUE, YELLOW)
ONE = Force(infantry=1)


def blue_turn_after_losing_a_castle(timing: str) -> Game:
    """Red's turn: his cavalry steps from Pest into Blue's empty castle county Tiszahát K1 and takes it, Red passes;
    Blue's turn begins holding one castle (K2) where the year began with two."""
    game = set_up(SEATS, "basic", turn_order_mode="traditional", step_allowance_timing=timing)
    units = {
        "pannonia_k1": {RED: ONE},
        "pest": {RED: Force(cavalry=1)},
        "tiszahat_k2": {BLUE: ONE},
        "delvidek_k1": {YELLOW: ONE},
    }
    control = {county: next(iter(by)) for county, by in units.items()} | {"tiszahat_k1": BLUE}
    lords = {RED: "pannonia_k1", BLUE: "tiszahat_k2", YELLOW: "delvidek_k1"}
    game = play(
        position(game, units, control=control, lords=lords),
        act("draw_event", RED, card="veres_kard"),
        act("choose_turn_position", RED, position="first"),
        act("move", RED, to="tiszahat_k1", groups=[{"from": "pest", "units": {"cavalry": 1}}]),
        act("pass", RED),
    )
    assert game.state.turn == BLUE and game.state.castles_of(BLUE) == ("tiszahat_k2",)
    return game


def test_kk_move_3_a_later_players_steps_are_the_ones_counted_when_the_years_movement_began() -> None:
    # Seed (L151): "Minden játékosnál körönként változhat, hogy hány lépést tud megtenni: amennyi várat birtokol
    # + 2-t" -- how many steps a player may take changes from year (kör) to year: castles held + 2. Under the
    # traditional order there is still one movement phase a year, begun by the first mover (L287: "a mozgásfázist
    # a kezdő játékos után következő, tőle balra ülő játékos fogja elkezdeni"), and "Egyebekben a szabályok teljesen
    # megegyeznek" (L291). So under A-15's default (`phase_start`) Blue's allowance is the one fixed when the year's
    # movement began (2 castles + 2), not recounted at his own turn after losing a castle in Red's.
    game = blue_turn_after_losing_a_castle("phase_start")
    assert game.state.allowances[BLUE] == 4
    assert allowance_of(game.state, BLUE) == 4


def test_kk_move_3_a_15_dynamic_recounts_the_later_players_steps_at_his_turn() -> None:
    game = blue_turn_after_losing_a_castle("dynamic")
    assert allowance_of(game.state, BLUE) == 3


def blue_wins_a_lords_battle_in_reds_turn() -> Game:
    """Red's lord and cavalry from Pest attack Blue's lord and 2 infantry in Fejér and die (1 against 6, 6); Red
    declines fealty and Blue places the takeover; Blue's extra step (KK-LORD-8, lord against lord) waits, in
    Red's turn, before Blue's own; Blue has 2 more infantry in Kunság, next to Fejér."""
    game = set_up(SEATS, "basic", turn_order_mode="traditional")
    units = {
        "pannonia_k1": {RED: ONE},
        "pest": {RED: Force(cavalry=1)},
        "fejer": {BLUE: Force(infantry=2)},
        "kunsag": {BLUE: Force(infantry=2)},
        "tiszahat_k1": {BLUE: ONE},
        "delvidek_k1": {YELLOW: ONE},
    }
    game = play(
        position(game, units, lords={RED: "pest", BLUE: "fejer", YELLOW: "delvidek_k1"}),
        act("draw_event", RED, card="veres_kard"),
        act("choose_turn_position", RED, position="first"),
        act("move", RED, to="fejer", groups=[{"from": "pest", "units": {"cavalry": 1}, "lord": True}]),
        act("pass", RED),
        act("lead_arm", RED, arm="cavalry"),
        act("lead_arm", BLUE, arm="infantry"),
        act("fight_exchange", None, Authority.RECORDER, dice=[1, 6, 6]),
        act("decline_fealty", RED),
        act("place_takeover", BLUE, placements={"pannonia_k1": "infantry"}),
    )
    assert game.state.extra_step == {"seat": BLUE, "battle": "b1301-1"}
    return game


def test_kk_lord_8_an_extra_step_before_the_winners_turn_leaves_its_units_their_step_of_the_year() -> None:
    # Seed (L202): "A győztes hadúr csata után még egy, extra lépésre jogosult: seregeket mozgat más megyékből a
    # hadúr mellé vagy őt mozgatja el más saját csapatokhoz" -- after the battle the winning lord is entitled to
    # one more, extra step: armies from other counties to the lord, or the lord to other troops of his own. The
    # once-a-year limit (L154: "Egy adott sereg mindig csak egyszer mozoghat egy fordulóban") marks only the steps
    # "a mozgás alatt" (during the movement) by turning the units over, and those are turned back when the battles
    # begin; the extra step is "még egy" beside them (KK-MOVE-6's exception). In the standard order a unit may take
    # its step and then an extra step; under the traditional order ("Egyebekben a szabályok teljesen
    # megegyeznek") Blue's extra step comes in Red's turn, first, and his units keep their step of the year.
    game = blue_wins_a_lords_battle_in_reds_turn()
    extra = act("take_extra_step", BLUE, to="fejer", groups=[{"from": "kunsag", "units": {"infantry": 2}}])
    game = play(game, extra)
    assert game.state.turn == BLUE and game.state.phase == "movement"
    assert game.state.steps_taken.get(BLUE, 0) == 0  # the extra step is no step of his allowance
    away = act("move", BLUE, to="pest", groups=[{"from": "fejer", "units": {"infantry": 4}, "lord": True}])
    decision = when(game, away)
    assert rule_ids(decision) == []
    assert types(decision) == ["StepTaken"]


def test_kk_lord_8_the_extra_step_moves_only_the_winners_own_troops() -> None:
    # Seed (L202): "őt mozgatja el más saját csapatokhoz" -- the lord goes to troops of his own: a county where he
    # has none is no destination, even one he could reach.
    game = blue_wins_a_lords_battle_in_reds_turn()
    lone = act("take_extra_step", BLUE, to="pest", groups=[{"from": "fejer", "units": {}, "lord": True}])
    assert rule_ids(when(game, lone)) == ["KK-LORD-8"]
