"""cedofan_kards_bs positions (issue 15, point 3): exported, validated by the schema, set up again with the same
views, and refused path by path with the rule each broken invariant breaks.

Round trips run over the shipped sample (the Kards' war) at any version, random campaigns on the demonstration
map, and the pirate, vassal and captive situations of the rule tests' builders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Seat, fold, start
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs.builders import army, at_turn, board_doc, city, created, when
from tests.domain.cedofan_kards_bs.test_fold_properties import BOARD, SEATS, played
from tests.domain.position_contract import (
    assert_closed_schema,
    assert_round_trip,
    broken,
    changed,
    schema_error_paths,
    viewers,
)
from tests.domain.sample_games import play_sample

WAR = play_sample(KBS, "cedofan_kards_bs_kards_war")
SETTINGS = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


def _assert_round_trip(game: Game, board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> None:
    # whole: what the view leaves out and play needs (actions this turn, vassal requests, stacks before losses).
    assert_round_trip(KBS, game, board, seats, whole=True)


def test_schema_is_a_closed_draft_2020_12_schema_with_descriptions() -> None:
    assert_closed_schema(KBS.position_schema)


@SETTINGS
@given(st.integers(0, len(WAR.games) - 1))
def test_position_round_trips_when_taken_at_any_version_of_the_sample(index: int) -> None:
    _assert_round_trip(WAR.games[index], WAR.board, WAR.seats)


@SETTINGS
@given(played(), st.data())
def test_position_round_trips_when_taken_anywhere_in_a_random_campaign(
    campaign: tuple[Event, list[Event]], data: Any
) -> None:
    created_event, events = campaign
    cut = data.draw(st.integers(0, len(events)))
    _assert_round_trip(fold(KBS, [created_event, *events[:cut]], BOARD), BOARD, tuple(Seat(s) for s in SEATS))


def _pirates_take_ostius() -> tuple[dict[str, Any], tuple[str, ...], list[Event]]:
    """KBS-PIR-1..5: an even round's raid takes Ostius, which turns neutral and pirate-held."""
    board = board_doc(
        regions={"r-o": {}, "r-p1": {}, "r-z": {}},
        cities={
            "c-o": city("r-o", "o", fortified=True, port=True, capital_of="o"),
            "c-p1": city("r-p1", "neutral", port=True),
            "c-z": city("r-z", "z", capital_of="z"),
        },
        factions={"o": {"capital": "c-o", "ruler": "petros"}, "z": {"capital": "c-z", "ruler": "jaromir"}},
        armies=[army("og", "o", "c-o", ["petros"], army=1), army("p1", "neutral", "c-p1", ship=3)],
        pirate_target="c-o",
    )
    seats = ("o", "z")
    events = [created(board, seats), Event("RoundStarted", {"round": 4})]
    game = fold(KBS, events, board)
    return board, seats, [*events, *when(game, "begin_turns", None).events]


def _vassal_and_captives() -> tuple[dict[str, Any], tuple[str, ...], list[Event]]:
    """KBS-VAS-1/9, KBS-RAN-1, KBS-RET-3: a vassal asked for supplies, a captive kard, prisoners to ransom."""
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, "r-c": {}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            "c-b2": city("r-c", "b"),
        },
        land=[("r-a", "r-b"), ("r-b", "r-c")],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 6},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": 6},
        },
        armies=[army("ga", "a", "c-a", ["robert"], army=2), army("gb", "b", "r-c", ["rim"], army=3)],
    )
    seats = ("a", "b")
    captured = {"army": "gb", "owner": "b", "captor": "a", "at": "r-c", "units": {"army": 3}, "leaders": ["rim"]}
    events = [
        created(board, seats),
        Event("UnitsCaptured", captured),
        Event("VassalageEstablished", {"vassal": "b", "lord": "a", "ruler": "other"}),
        Event("RoundStarted", {"round": 2}),
        Event("VassalSuppliesRequested", {"lord": "a", "vassal": "b", "amount": 1}),
        *at_turn(3, "a"),
    ]
    return board, seats, events


@pytest.mark.parametrize("build", [_pirates_take_ostius, _vassal_and_captives])
def test_position_round_trips_at_every_version_when_the_rule_builders_play(
    build: Callable[[], tuple[dict[str, Any], tuple[str, ...], list[Event]]],
) -> None:
    board, names, events = build()
    seats = tuple(Seat(s) for s in names)
    game = start(KBS, events[0], board)
    _assert_round_trip(game, board, seats)
    for event in events[1:]:
        game = fold(KBS, [event], board, start_from=game)
        _assert_round_trip(game, board, seats)


def test_game_created_with_a_position_starts_where_the_position_says() -> None:
    """The kernel builds the first state of a game whose GameCreated carries a position (issue 15, point 3)."""
    played_game = WAR.games[-1]
    event = created(WAR.board or {}, tuple(s.seat for s in WAR.seats))
    started = start(KBS, Event(event.type, {**event.data, "position": KBS.position_of(played_game)}), WAR.board)
    for viewer in viewers(WAR.seats):
        assert KBS.view(started.state, viewer) == KBS.view(played_game.state, viewer)


# --- invalid positions, each worked from the rulebook ---

SIEGE_AT = next(i for i, g in enumerate(WAR.games) if g.state.sieges)
# Round 1, Rudern's turn: Robert's army r-main (9 army) stands in r-jezerni besieging c-jezerni, held by Západ
# (z-jezerni, 3 army and Jaromír). Ostius's fleet o-fleet (2 army, 3 ships) lies in its port c-ostius.
BASE = KBS.position_of(WAR.games[SIEGE_AT])
OPTIONS = WAR.games[SIEGE_AT].meta.options


def _broken(position: Mapping[str, Any]) -> set[tuple[str, str]]:
    return broken(KBS, position, OPTIONS, WAR.board, WAR.seats)


def _changed(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    return changed(BASE, change)


def test_the_base_position_breaks_no_rule() -> None:
    assert _broken(BASE) == set()


def _mutual_lords(position: dict[str, Any]) -> None:
    position["factions"]["zapad"]["lord"] = "stiny"
    position["factions"]["stiny"]["lord"] = "zapad"


def _at_sea(ships: int, armies: int) -> Callable[[dict[str, Any]], None]:
    def change(position: dict[str, Any]) -> None:
        position["armies"]["o-fleet"].update({"at": "s-east", "units": {"army": armies, "ship": ships}})

    return change


def test_kbs_mov_8_each_ship_at_sea_carries_two_units() -> None:
    """KBS-MOV-8: „Jedna loď uveze tolik jednotek, kolik jej její BS. (Tedy každá loď uveze 2 jednotky.)"."""
    assert _broken(_changed(_at_sea(ships=3, armies=6))) == set()
    assert _broken(_changed(_at_sea(ships=3, armies=7))) == {("/armies/o-fleet/units", "KBS-MOV-8")}


def _siege_of_jezerni_from(region: str) -> Callable[[dict[str, Any]], None]:
    def change(position: dict[str, Any]) -> None:
        position["armies"]["r-main"]["at"] = region

    return change


def test_kbs_sie_2_the_besiegers_stand_in_the_citys_administrative_region() -> None:
    """KBS-SIE-2: „Armáda musí být ve správní oblasti onoho města."; c-jezerni's region is r-jezerni."""
    assert _broken(_changed(_siege_of_jezerni_from("r-jezerni"))) == set()
    assert _broken(_changed(_siege_of_jezerni_from("r-heran"))) == {("/sieges/c-jezerni/army", "KBS-SIE-2")}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            lambda p: p["factions"]["rudern"].update({"supplies": -1}),
            {("/factions/rudern/supplies", "KBS-MOV-2")},
            id="KBS-MOV-2 supplies below nothing",
        ),
        pytest.param(
            lambda p: p["factions"]["zapad"].update({"influence": -2}),
            {("/factions/zapad/influence", "KBS-RAN-4")},
            id="KBS-RAN-4 influence never below 0",
        ),
        pytest.param(
            lambda p: p["armies"]["z-heran"].update({"at": "atlantis"}),
            {("/armies/z-heran/at", "KBS-POS-1")},
            id="KBS-POS-1 a field the board does not have",
        ),
        pytest.param(
            lambda p: p["armies"]["z-heran"].update({"owner": "romans"}),
            {("/armies/z-heran/owner", "KBS-POS-1")},
            id="KBS-POS-1 an owner that is no faction",
        ),
        pytest.param(
            lambda p: p["armies"]["z-heran"].update({"leaders": ["robert"]}),
            {("/armies/z-heran/leaders/0", "KBS-POS-1")},
            id="KBS-POS-1 a leader figure in two armies",
        ),
        pytest.param(
            lambda p: p["armies"]["z-heran"].update({"at": "r-obri"}),
            {("/armies/z-heran/at", "KBS-MOV-6")},
            id="KBS-MOV-6 the giants' land cannot be entered",
        ),
        pytest.param(
            lambda p: p["armies"]["z-heran"].update({"units": {}}),
            {("/armies/z-heran", "KBS-MOV-1")},
            id="KBS-MOV-1 an army holds something",
        ),
        pytest.param(
            lambda p: p["armies"]["z-jezerni"]["units"].update({"army": -1}),
            {("/armies/z-jezerni/units/army", "KBS-MOV-1")},
            id="KBS-MOV-1 unit counts below nothing",
        ),
        pytest.param(
            lambda p: p["cities"]["c-jezerni"].update({"owner": "rudern"}),
            {("/sieges/c-jezerni/army", "KBS-SIE-2")},
            id="KBS-SIE-2 nobody besieges his own city",
        ),
        pytest.param(
            lambda p: p["sieges"]["c-jezerni"].update({"started": 2}),
            {("/sieges/c-jezerni/started", "KBS-AMB-5")},
            id="KBS-AMB-5 a siege begun after the current round",
        ),
        pytest.param(
            lambda p: (
                p["factions"]["zapad"].update({"lord": "stiny"}),
                p["factions"]["stiny"].update({"lord": "zapad"}),
            ),
            {("/factions/zapad/lord", "KBS-VAS-1"), ("/factions/stiny/lord", "KBS-VAS-1")},
            id="KBS-VAS-1 no faction is its own lord",
        ),
        pytest.param(
            lambda p: p["cities"]["c-heran"].update({"owner": "neutral", "pirate_held": True}),
            {("/cities/c-heran/pirate_held", "KBS-PIR-5")},
            id="KBS-PIR-5 only Ostius falls to the pirates",
        ),
        pytest.param(
            lambda p: p["cities"]["c-ostius"].update({"pirate_held": True}),
            {("/cities/c-ostius/owner", "KBS-AMB-13")},
            id="KBS-AMB-13 pirate-held Ostius is neutral",
        ),
        pytest.param(
            lambda p: p.update({"captives": {"rim": {"owner": "stiny", "captor": "stiny", "at": "r-stiny"}}}),
            {("/captives/rim/captor", "KBS-RAN-1")},
            id="KBS-RAN-1 a captive is held by an enemy",
        ),
        pytest.param(
            lambda p: p.update({"phase": "supply"}),
            {("/turn", "KBS-AMB-20")},
            id="KBS-AMB-20 no turn in the supply phase",
        ),
    ],
)
def test_invalid_position_is_refused_with_its_path_and_rule(
    change: Callable[[dict[str, Any]], None], expected: set[tuple[str, str]]
) -> None:
    assert _broken(_changed(change)) == expected


def test_every_broken_invariant_is_reported_when_several_are_broken() -> None:
    def change(position: dict[str, Any]) -> None:
        position["factions"]["ostius"]["supplies"] = -3
        position["armies"]["s-main"]["at"] = "r-neprostupne"
        position["order"] = ["zapad", "rudern", "stiny"]

    assert _broken(_changed(change)) == {
        ("/factions/ostius/supplies", "KBS-MOV-2"),
        ("/armies/s-main/at", "KBS-MOV-6"),
        ("/order", "KBS-AMB-20"),
    }


def test_schema_refuses_a_misspelt_key_and_an_unknown_unit_kind_by_path() -> None:
    position = _changed(lambda p: p["armies"]["z-heran"].update({"leader": ["x"]}))
    position["armies"]["z-lomen"]["units"]["dragon"] = 1
    paths = schema_error_paths(KBS.position_schema, position)
    assert {"/armies/z-heran", "/armies/z-lomen/units"} <= paths


def test_from_position_keeps_the_boards_cities_and_factions_when_a_position_leaves_them_out() -> None:
    position = {"round": 1, "phase": "supply", "factions": {}, "armies": {}}
    assert _broken(position) == set()
    state = KBS.from_position(position, OPTIONS, WAR.board, WAR.seats)
    assert state.owners["c-jezerni"] == "zapad" and state.factions["rudern"].supplies == 14 and not state.armies
