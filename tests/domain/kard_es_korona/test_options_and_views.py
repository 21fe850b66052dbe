"""Options that change rulings (control model, knight quota, 5-player closure), views, notation, transcripts."""

from __future__ import annotations

from domain.kernel import Event, Viewer
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.domain.kard_es_korona.builders import act, new_game, play, position, rule_ids, set_up, then, types, when

PTD = ("pannonia", "tiszahat", "delvidek")
FIVE = ("felvidek", "tiszahat", "erdely", "delvidek", "pannonia")


def test_refused_kk_setup_2_when_a_step_enters_slavonias_closed_region() -> None:
    game = set_up(FIVE)
    units = {"pannonia_k1": {"pannonia": Force(cavalry=2, infantry=1)}}
    game = position(game, units, lords={**game.state.lords, "pannonia": "pannonia_k1"})
    game = play(game, act("draw_event", "felvidek", card="veres_kard"))
    game = play(game, act("pass", "felvidek"), act("pass", "tiszahat"), act("pass", "erdely"), act("pass", "delvidek"))
    step = act("move", "pannonia", to="szlavonia_m", groups=[{"from": "pannonia_k1", "units": {"cavalry": 1}}])
    assert rule_ids(when(game, step)) == ["KK-SETUP-2"]


def test_vacated_county_loses_its_owner_when_control_model_is_presence_a_2() -> None:
    game = set_up(PTD, control_model="presence")
    units = {"pannonia_a": {"pannonia": Force(cavalry=1)}, "pannonia_k1": {"pannonia": Force(infantry=1)}}
    game = position(game, units, lords={"pannonia": "pannonia_k1"})
    game = play(game, act("draw_event", "pannonia", card="veres_kard"))
    decision = when(
        game, act("move", "pannonia", to="pannonia_d", groups=[{"from": "pannonia_a", "units": {"cavalry": 1}}])
    )
    assert types(decision)[:3] == ["StepTaken", "CountyControlChanged", "CountyControlChanged"]
    assert "pannonia_a" not in then(game, decision).state.control
    persistent = set_up(PTD)
    persistent = play(
        position(persistent, units, lords={"pannonia": "pannonia_k1"}), act("draw_event", "pannonia", card="veres_kard")
    )
    after = then(
        persistent,
        when(
            persistent,
            act("move", "pannonia", to="pannonia_d", groups=[{"from": "pannonia_a", "units": {"cavalry": 1}}]),
        ),
    )
    assert after.state.control["pannonia_a"] == "pannonia"


def test_refused_kk_recruit_7_when_the_advanced_knight_quota_is_used_up() -> None:
    game = set_up(PTD, "advanced")
    units = {"pannonia_k1": {"pannonia": Force(infantry=2, archer=2)}, "pannonia_k2": {"pannonia": Force(infantry=2)}}
    game = position(
        game,
        units,
        phase="recruit",
        year=1302,
        turn="pannonia",
        starting_player="pannonia",
        treasury={"pannonia": 50},
        knights_recruited=1,
    )
    three = [
        {"castle": "pannonia_k1", "arm": "cavalry", "count": 1},
        {"castle": "pannonia_k2", "arm": "cavalry", "count": 1},
    ]
    assert rule_ids(when(game, act("recruit", "pannonia", purchases=three))) == ["KK-RECRUIT-7"]
    exhausted = position(game, units, knights_recruited=2)
    one = [{"castle": "pannonia_k1", "arm": "cavalry", "count": 1}]
    assert not when(exhausted, act("recruit", "pannonia", purchases=one)).violations  # max(remaining, 1)


def test_transcript_records_the_purchase_with_its_deviation_when_a_castle_limit_is_broken() -> None:
    game = set_up(PTD, mode="transcript")
    units = {"pannonia_k1": {"pannonia": Force(infantry=4, archer=1, cavalry=1)}}
    game = position(
        game, units, phase="recruit", year=1302, turn="pannonia", starting_player="pannonia", treasury={"pannonia": 10}
    )
    decision = when(
        game, act("recruit", "pannonia", purchases=[{"castle": "pannonia_k1", "arm": "infantry", "count": 1}])
    )
    assert rule_ids(decision) == ["KK-CASTLE-3", "KK-RECRUIT-4"]
    assert types(decision)[:2] == ["UnitsRecruited", "RecruitmentFinished"]


def test_view_shows_every_seat_the_public_state_and_hides_the_board_document() -> None:
    state = set_up(PTD).state
    view = KARD_ES_KORONA.view(state, Viewer(seat="tiszahat"))
    assert view["board"] == "Test provinces (basic)"
    assert "board_document" not in view
    assert view["treasury"] == {"pannonia": 0, "tiszahat": 0, "delvidek": 0}
    assert view["turn_order"] == list(PTD)


def test_notation_names_counties_in_hungarian_when_units_move() -> None:
    state = set_up(PTD).state
    line = KARD_ES_KORONA.notation(
        Event(
            "StepTaken",
            {
                "seat": "pannonia",
                "to": "pest",
                "groups": [{"from": "pannonia_k1", "units": {"cavalry": 2}, "lord": True}],
            },
        ),
        state,
    )
    assert line == "Pannónia moves 2 cavalry with the lord from Pannónia K1 to Pest"
    assert KARD_ES_KORONA.notation(Event("Nonsense", {}), state) == "Nonsense"


def test_state_round_trips_through_its_json_form_at_setup() -> None:
    state = new_game().state
    assert KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(state)) == state


def test_notation_shows_each_arm_groups_faces_and_modifier_when_an_exchange_is_rolled() -> None:
    state = set_up(PTD).state
    groups = [
        {"side": "attacker", "arm": "cavalry", "faces": [5, 4, 1], "modifier": 0},
        {"side": "defender", "arm": "infantry", "faces": [6], "modifier": 1},
    ]
    event = Event(
        "ExchangeRolled", {"battle": "b1301-1", "round": 1, "exchange": "full", "groups": groups, "pending": []}
    )
    line = KARD_ES_KORONA.notation(event, state)
    assert line == "battle b1301-1, round 1, full: attacker cavalry 5 4 1; defender infantry 6 (+1)"
