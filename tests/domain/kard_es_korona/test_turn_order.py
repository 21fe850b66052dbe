"""The traditional turn order (KK-TRAD-1..6, A-51): the yearly roll, first or last, whole turns in a row."""

from __future__ import annotations

from typing import Any

from domain.kernel import Authority, Decision, Game
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import (
    THREE,
    act,
    play,
    position,
    rule_ids,
    set_up,
    then,
    types,
    when,
    with_state,
)

F, E, S = THREE  # felvidek, erdely, szlavonia: clockwise
ONE = Force(infantry=1)


def traditional(**options: Any) -> Game:
    """1301 under the traditional order, Felvidék holding the marker; each lord guarded in his K1; Felvidék has
    2 infantry in A next to a royal infantry in D (Nógrád)."""
    game = set_up(THREE, turn_order_mode="traditional", **options)
    units = {
        "felvidek_k1": {F: ONE},
        "erdely_k1": {E: ONE},
        "szlavonia_k1": {S: ONE},
        "felvidek_a": {F: Force(infantry=2)},
        "felvidek_d": {"royal": ONE},
    }
    lords = {F: "felvidek_k1", E: "erdely_k1", S: "szlavonia_k1"}
    return play(position(game, units, lords=lords), act("draw_event", F, card="veres_kard"))


def choose(game: Game, where: str, seat: str = F) -> Game:
    return play(game, act("choose_turn_position", seat, position=where))


def attack_nograd(game: Game) -> Decision:
    return when(game, act("move", F, to="felvidek_d", groups=[{"from": "felvidek_a", "units": {"infantry": 2}}]))


def test_kk_trad_3_the_starting_player_chooses_before_anyone_moves() -> None:
    game = traditional()
    assert game.state.phase == "turn_position" and game.state.turn == F
    assert rule_ids(attack_nograd(game)) == ["KK-TURN-2"]
    assert rule_ids(when(game, act("choose_turn_position", E, position="first"))) == ["KK-TRAD-3"]


def test_kk_trad_3_moving_last_lets_the_left_neighbour_begin() -> None:
    game = choose(traditional(), "last")
    assert game.state.phase == "movement"
    assert game.state.turn == E
    assert game.state.turn_order() == (E, S, F)


def test_kk_trad_3_moving_first_keeps_the_clockwise_order() -> None:
    game = choose(traditional(), "first")
    assert game.state.turn == F
    assert game.state.turn_order() == THREE


def test_kk_trad_4_the_mover_keeps_the_turn_until_he_passes() -> None:
    game = choose(traditional(), "first")
    game = then(game, attack_nograd(game))
    assert game.state.turn == F
    assert rule_ids(when(game, act("pass", E))) == ["KK-MOVE-1"]


def test_kk_trad_4_his_battles_follow_his_movement_then_the_next_player_moves() -> None:
    game = choose(traditional(), "first")
    game = then(game, attack_nograd(game))
    passed = when(game, act("pass", F))
    assert "NextStartingPlayerSet" not in types(passed)  # KK-TRAD-1: the roll gives the marker, not the pass
    assert types(passed)[-2:] == ["BattlePhaseBegan", "BattleStarted"]
    game = then(game, passed)
    assert game.state.phase == "battle"
    # Plain county, no archers: one full exchange. Felvidék's infantry 6, 1 (foot hits foot on 5); royal 1.
    fought = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[6, 1, 1]))
    assert types(fought)[-1] == "PlayerTurnBegan"
    assert fought.events[-1].data == {"year": 1301, "seat": E}
    game = then(game, fought)
    assert game.state.phase == "movement" and game.state.turn == E
    assert game.state.control["felvidek_d"] == F


def test_kk_trad_1_kk_trad_6_the_year_ends_with_a_roll_for_the_next_starting_player() -> None:
    game = choose(traditional(), "first")
    game = play(game, act("pass", F))  # no battle: Erdély's turn at once
    assert game.state.turn == E
    game = play(game, act("pass", E))
    last = when(game, act("pass", S))
    assert types(last)[-2:] == ["YearEnded", "StartingRollDue"]
    assert last.events[-2].data["next_starting_player"] == F  # the marker waits for the roll
    game = then(game, last)
    assert game.state.phase == "starting_roll"
    # Two dice each in seating order: Felvidék 1+2, Erdély 6+6, Szlavónia 3+4: Erdély starts 1302.
    rolled = when(game, act("roll_for_starting_player", None, Authority.RECORDER, dice=[1, 2, 6, 6, 3, 4]))
    assert types(rolled) == ["DiceRolled", "StartingPlayerChosen", "YearBegan"]
    game = then(game, rolled)
    assert (game.state.year, game.state.starting_player, game.state.phase) == (1302, E, "event")


def test_kk_trad_1_tied_highest_totals_roll_again() -> None:
    game = choose(traditional(), "first")
    game = play(game, act("pass", F), act("pass", E), act("pass", S))
    # Felvidék 6+6, Erdély 6+6, Szlavónia 1+1: the two tied roll again, Felvidék 2+3, Erdély 5+1.
    rolled = when(game, act("roll_for_starting_player", None, Authority.RECORDER, dice=[6, 6, 6, 6, 1, 1, 2, 3, 5, 1]))
    chosen = next(e for e in rolled.events if e.type == "StartingPlayerChosen")
    assert chosen.data["seat"] == E
    assert chosen.data["method"] == "traditional_roll"
    assert chosen.data["rolls"][1] == {F: [2, 3], E: [5, 1]}


def test_kk_trad_2_income_and_recruitment_go_clockwise_from_the_roll_winner() -> None:
    game = choose(traditional(), "last")  # Felvidék moved last in 1301
    game = play(game, act("pass", E), act("pass", S), act("pass", F))
    game = play(game, act("roll_for_starting_player", None, Authority.RECORDER, dice=[1, 1, 1, 1, 6, 6]))
    assert game.state.starting_player == S
    assert game.state.turn_order() == (S, F, E)  # the 1301 choice no longer applies


def test_steps_alternate_when_traditional_structure_is_alternating_steps_a_51() -> None:
    game = choose(traditional(traditional_structure="alternating_steps"), "first")
    game = then(game, attack_nograd(game))
    assert game.state.turn == E


def test_refused_kk_trad_1_when_no_roll_is_due() -> None:
    decision = when(choose(traditional(), "first"), act("roll_for_starting_player", None, Authority.RECORDER, dice=[]))
    assert rule_ids(decision) == ["KK-TRAD-1"]


def test_notation_says_who_begins_when_the_starting_player_moves_last() -> None:
    game = traditional()
    decision = when(game, act("choose_turn_position", F, position="last"))
    line = KARD_ES_KORONA.notation(decision.events[0], game.state)
    assert line == "Felvidék moves last: Erdély begins"


def test_kk_office_2_the_judge_royal_rerolls_his_losing_pair_once() -> None:
    game = choose(traditional(), "first")
    game = play(game, act("pass", F), act("pass", E), act("pass", S))
    game = with_state(game, offices={"judge_royal": S, "treasurer": None, "palatine": None})
    # Felvidék 6+5, Erdély 2+2, Szlavónia 1+1 rerolls: 6+6 = 12 beats 11.
    rolled = when(game, act("roll_for_starting_player", None, Authority.RECORDER, dice=[6, 5, 2, 2, 1, 1, 6, 6]))
    assert types(rolled)[:2] == ["DiceRolled", "DiceRolled"]
    assert rolled.events[1].data["replaces"] == rolled.events[0].data["first_k"] + 4
    chosen = next(e for e in rolled.events if e.type == "StartingPlayerChosen")
    assert chosen.data["seat"] == S
    assert chosen.data["rolls"] == [{F: [6, 5], E: [2, 2], S: [6, 6]}]


def test_no_reroll_when_the_judge_royal_declines_it_kk_office_2() -> None:
    game = choose(traditional(), "first")
    game = play(game, act("pass", F), act("pass", E), act("pass", S))
    game = with_state(game, offices={"judge_royal": S, "treasurer": None, "palatine": None})
    roll = act("roll_for_starting_player", None, Authority.RECORDER, dice=[6, 5, 2, 2, 1, 1], judge_royal_reroll=False)
    chosen = next(e for e in when(game, roll).events if e.type == "StartingPlayerChosen")
    assert chosen.data["seat"] == F


def test_state_round_trips_and_an_older_snapshot_loads_when_the_new_fields_are_set() -> None:
    game = choose(traditional(), "last")
    state = game.state
    document = KARD_ES_KORONA.dump_state(state)
    assert document["order_start"] == E
    assert KARD_ES_KORONA.load_state(document) == state
    older = {k: v for k, v in document.items() if k not in ("order_start", "event_rolls")}
    assert KARD_ES_KORONA.load_state(older).order_start is None
