"""cedofan_rv positions (issue 15, point 3): exported, validated by the schema, set up again with the same views,
and refused path by path with the rule each broken invariant breaks.

Round trips run over the shipped sample (the siege of Brod) at any version, random games on the demonstration
board, and the League, empire and retreat situations of the rule tests' builders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Seat, fold, start
from domain.rulesets.cedofan_rv import CEDOFAN_RV as RV
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, Table, board, city, created, first, noble, troops
from tests.domain.cedofan_rv.random_play import DEMO, GAMES, SEATS, play_randomly
from tests.domain.position_contract import (
    assert_closed_schema,
    assert_round_trip,
    broken,
    changed,
    schema_error_paths,
    viewers,
)
from tests.domain.sample_games import play_sample

BROD = play_sample(RV, "cedofan_rv_siege_of_brod")
KL, Z, S = "kard_league", "zapadni_kardstvi", "stinove_zeme"
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _assert_round_trip(game: Game, board_document: Mapping[str, Any] | None, seats: Sequence[Seat]) -> None:
    assert_round_trip(RV, game, board_document, seats)


def test_schema_is_a_closed_draft_2020_12_schema_with_descriptions() -> None:
    assert_closed_schema(RV.position_schema)


@SETTINGS
@given(st.integers(0, len(BROD.games) - 1))
def test_position_round_trips_when_taken_at_any_version_of_the_sample(index: int) -> None:
    _assert_round_trip(BROD.games[index], BROD.board, BROD.seats)


@SETTINGS
@given(GAMES, st.data())
def test_position_round_trips_when_taken_anywhere_in_random_play(steps: list[tuple[int, int]], data: Any) -> None:
    events = play_randomly(steps)
    cut = data.draw(st.integers(1, len(events)))
    _assert_round_trip(fold(RV, events[:cut], DEMO), DEMO, tuple(Seat(s) for s in SEATS))


def _of(sub: str, *pieces: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**p, "subfaction": sub} for p in pieces]


def _league_storm() -> tuple[Table, dict[str, Any]]:
    """The League's sub-factions besiege, storm and take a city, and the loser's slip is revealed (RV-KL-1..3)."""
    pieces = [
        *_of(Z, noble("kz", KL, "r"), *troops("zi", 2, "infantry", KL, "r", "kz")),
        *_of(S, noble("ks", KL, "r"), *troops("si", 1, "infantry", KL, "r", "ks")),
        noble("d", A, "c", purse=2),
        *troops("di", 2, "infantry", A, "c", "d"),
    ]
    home = {"place": {"kind": "city", "owner": KL, "subfaction": Z}, "home": [KL]}
    areas = {"r": {}, "c": city(A), "b2": city(A), "home": home}
    edges = [("r", "c", "passable", 1), ("c", "b2", "passable", 3), ("r", "home", "passable", 1)]
    document = board(areas, edges, pieces, {Z: 5, S: 5, A: 5})
    table = Table.on(document, seats=(KL, A))
    table.to_round(3)
    table.impulse(KL, Z)
    table.act(KL, "start_siege", place="c", nobles=["kz", "ks"])
    table.impulse(KL, S)
    decision = table.act(KL, "storm_place", dice=[5, 6, 1, 1, 1], place="c", subfaction=S)
    table.seal_loot(first(decision, "SealedRoundOpened")["round"], A, 2)
    return table, document


def _ruler_falls() -> tuple[Table, dict[str, Any]]:
    """A League ruler dies; his army is lost when he reappears at the round's end (RV-DTH-2)."""
    areas = {"r": {}, "far": {}, "stin": {"place": {"kind": "city", "owner": A, "capital_of": S}}}
    pieces = [
        *_of(S, noble("kr", KL, "r", "kl_ruler"), *troops("si", 2, "infantry", KL, "r", "kr")),
        *_of(Z, noble("zg", KL, "r"), *troops("zi", 1, "infantry", KL, "r", "zg")),
    ]
    document = board(areas, [], pieces, {A: 0})
    table = Table.on(document, seats=(KL, A))
    table.act(None, "start_round")
    table.record([Event("PiecesEliminated", {"seat": KL, "pieces": ["kr"], "rule_ids": ["RV-FLD-2"]})])
    table.act(None, "start_round")
    return table, document


def _empire() -> tuple[Table, dict[str, Any]]:
    """The kard taxes the imperial cities (one turns neutral) and buys an imperial general (RV-ECO-5..8)."""
    imperial = {"place": {"kind": "city", "class": "imperial"}}
    areas = {"imp1": imperial, "imp2": imperial, "imp3": imperial, "home": city(A)}
    pieces = [
        {"id": "ii1", "kind": "infantry", "owner": A, "area": "imp1", "imperial": True},
        *({**p, "imperial": True} for p in troops("ij", 3, "infantry", A, "imp2")),
    ]
    document = board(areas, [], pieces, {A: 5, B: 5, "imperial": 4})
    document["attributes"]["setup"]["offices"] = {"kard": A, "treasurer": B}
    table = Table.on(document, seats=(A, B))
    table.impulse(A)
    table.impulse(A)
    table.act(A, "levy_extraordinary_tax", dice=[5, 6, 1])
    table.act(A, "buy_imperial_general", place="imp3")
    return table, document


def _retreat_tie() -> tuple[Table, dict[str, Any]]:
    """A beaten noble withdraws to one of two equally near cities; his faction may still choose (RV-AMB-10)."""
    pieces = [noble("g", A, "r"), *troops("gi", 3, "infantry", A, "r", "g"), noble("n", B, "r")]
    pieces += troops("ni", 1, "infantry", B, "r", "n")
    areas = {"r": {}, "b1": city(B), "b2": city(B), "home": city(A)}
    edges = [("r", "b1", "passable", 1), ("r", "b2", "passable", 1), ("r", "home", "passable", 1)]
    document = board(areas, edges, pieces)
    table = Table.on(document)
    table.impulse(A)
    table.act(A, "attack", dice=[5, 1, 1, 1, 1, 1], nobles=["g"])
    return table, document


@pytest.mark.parametrize("build", [_league_storm, _ruler_falls, _empire, _retreat_tie])
def test_position_round_trips_at_every_version_when_the_rule_builders_play(
    build: Callable[[], tuple[Table, dict[str, Any]]],
) -> None:
    table, document = build()
    seats = table.game.meta.seats
    game = start(RV, table.events[0], document)
    _assert_round_trip(game, document, seats)
    for event in table.events[1:]:
        game = fold(RV, [event], document, start_from=game)
        _assert_round_trip(game, document, seats)


def test_game_created_with_a_position_starts_where_the_position_says() -> None:
    """The kernel builds the first state of a game whose GameCreated carries a position (issue 15, point 3)."""
    played = BROD.games[-1]
    event = created(DEMO, seats=SEATS)
    started = start(RV, Event(event.type, {**event.data, "position": RV.position_of(played)}), DEMO)
    for viewer in viewers(BROD.seats):
        assert RV.view(started.state, viewer) == RV.view(played.state, viewer)


# --- invalid positions, each worked from the rulebook ---

SIEGE_AT = next(i for i, g in enumerate(BROD.games) if g.state.sieges)
# Version after katzowicove's house head began the siege of Brod: k_head and 4 infantry in brod, g_gen (a general)
# with 3 infantry in knorow, k_cav1 alone in kiertz, treasuries katzowicove 7 and gliviciove 12.
BASE = RV.position_of(BROD.games[SIEGE_AT])
OPTIONS = BROD.games[SIEGE_AT].meta.options


def _broken(position: Mapping[str, Any], options: Mapping[str, Any] = OPTIONS) -> set[tuple[str, str]]:
    return broken(RV, position, options, DEMO, BROD.seats)


def _where(position: Mapping[str, Any], piece: str) -> str:
    for area, by_faction in position["forces"].items():
        for faction, listed in by_faction.items():
            for index, entry in enumerate(listed):
                if entry["id"] == piece:
                    return f"/forces/{area}/{faction}/{index}"
    raise AssertionError(piece)


def _changed(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    return changed(BASE, change)


def _recruits(position: dict[str, Any], area: str, faction: str, banner: str, many: int) -> None:
    listed = position["forces"][area][faction]
    listed += [{"id": f"new{n}", "kind": "infantry", "banner": banner} for n in range(many)]


def test_the_base_position_breaks_no_rule() -> None:
    assert _broken(BASE) == set()


def test_rv_nob_2_a_house_head_moves_up_to_7_units_inclusive_and_a_general_5() -> None:
    """RV-NOB-2: heads of houses „dokáží přesouvat armády do 7 (včetně)"; „Generálové a stíny … pouze do 5 jednotek
    (včetně)"."""
    assert _broken(_changed(lambda p: _recruits(p, "brod", A, "k_head", 3))) == set()  # 4 + 3 = 7
    eight = _changed(lambda p: _recruits(p, "brod", A, "k_head", 4))
    assert _broken(eight) == {(_where(eight, "k_head"), "RV-NOB-2")}
    six = _changed(lambda p: _recruits(p, "knorow", B, "g_gen", 3))  # a general with 3 + 3
    assert _broken(six) == {(_where(six, "g_gen"), "RV-NOB-2")}


def _besieging_from_pole(place: str) -> Callable[[dict[str, Any]], None]:
    def change(position: dict[str, Any]) -> None:
        position["forces"]["pole"] = {A: position["forces"]["brod"].pop(A)}
        position["sieges"] = {place: {**position["sieges"]["brod"]}}

    return change


def test_rv_sie_3_a_siege_across_a_mountain_border_is_refused_and_across_a_passable_one_accepted() -> None:
    """RV-SIE-3: „sousedit prostupnou hranicí - nepočítá se hranice vedoucí v horách, či bažinou"; on the
    demonstration board pole borders brod across a passable border and vysoka across a mountain one."""
    assert _broken(_changed(_besieging_from_pole("brod"))) == set()
    assert _broken(_changed(_besieging_from_pole("vysoka"))) == {("/sieges/vysoka/nobles/0", "RV-SIE-3")}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            lambda p: p["treasuries"]["factions"].update({A: -1}),
            {("/treasuries/factions/katzowicove", "RV-SUP-1")},
            id="RV-SUP-1 a treasury below nothing",
        ),
        pytest.param(
            lambda p: p["forces"]["brod"][B][2].update({"purse": -2}),
            {("/forces/brod/gliviciove/2/purse", "RV-SUP-3")},
            id="RV-SUP-3 a purse below nothing",
        ),
        pytest.param(
            lambda p: p["forces"].update({"atlantis": {B: [{"id": "lost", "kind": "infantry"}]}}),
            {("/forces/atlantis", "RV-POS-1")},
            id="RV-POS-1 a region the board does not have",
        ),
        pytest.param(
            lambda p: p["forces"]["kiertz"][A].append({"id": "k_inf1", "kind": "infantry"}),
            {("/forces/kiertz/katzowicove/1/id", "RV-POS-1")},
            id="RV-POS-1 a piece listed twice",
        ),
        pytest.param(
            lambda p: p["offices"].update({"sermo": "uradiove"}),
            {("/offices/sermo", "RV-TURN-5")},
            id="RV-TURN-5 an office held by a faction not in the game",
        ),
        pytest.param(
            lambda p: p["places"]["brod"].update({"damaged": True}),
            {("/places/brod/damaged", "RV-CTY-5")},
            id="RV-CTY-5 only a fortress is damaged",
        ),
        pytest.param(
            lambda p: p["places"]["kiertz"].update({"neutral": True}),
            {("/places/kiertz/neutral", "RV-ECO-8")},
            id="RV-ECO-8 only an imperial city turns neutral",
        ),
        pytest.param(
            lambda p: p["forces"]["kiertz"][A][0].update({"banner": "k_head"}),
            {("/forces/kiertz/katzowicove/0/banner", "RV-NOB-3")},
            id="RV-NOB-3 a banner's units stand with their noble",
        ),
        pytest.param(
            lambda p: p["forces"]["kiertz"][A].append({"id": "legion", "kind": "flame_legion"}),
            {("/forces/kiertz/katzowicove/1/kind", "RV-AMB-1")},
            id="RV-AMB-1 a kind the unit table does not give",
        ),
        pytest.param(
            lambda p: p.update({"sieges": {"ves": {**p["sieges"]["brod"]}}}),
            {("/sieges/ves", "RV-BTY-2"), ("/sieges/ves/nobles/0", "RV-SIE-3")},
            id="RV-BTY-2 a village is not besieged",
        ),
        pytest.param(
            lambda p: p.update({"sieges": {"kiertz": {**p["sieges"]["brod"]}}}),
            {("/sieges/kiertz/besieger", "RV-SIE-2"), ("/sieges/kiertz/nobles/0", "RV-SIE-3")},
            id="RV-SIE-2 nobody besieges his own city",
        ),
        pytest.param(
            lambda p: p["fallen"].update({"k_head": {"faction": A, "rank": "house_head"}}),
            {("/fallen/k_head", "RV-DTH-1")},
            id="RV-DTH-1 a fallen ruler is not on the map",
        ),
        pytest.param(
            lambda p: p["turn"].update({"subfaction": "emora"}),
            {("/turn/subfaction", "RV-TURN-3")},
            id="RV-TURN-3 sub-faction impulses are the League's",
        ),
        pytest.param(
            lambda p: p["turn"].update({"spent": 6}),
            {("/turn/spent", "RV-SUP-1")},
            id="RV-SUP-1 spending within cities + 4",
        ),
        pytest.param(
            lambda p: p["influence"].update({B: -1}),
            {("/influence/gliviciove", "RV-VIC-2")},
            id="RV-VIC-2 influence is never lost",
        ),
    ],
)
def test_invalid_position_is_refused_with_its_path_and_rule(
    change: Callable[[dict[str, Any]], None], expected: set[tuple[str, str]]
) -> None:
    assert _broken(_changed(change)) == expected


def test_rv_unit_2_a_faction_fields_no_more_units_than_its_limit() -> None:
    """RV-UNIT-2: „Každá frakce/podfrakce má omezený počet jednotek"; with 3 infantry allowed, the 4th is too many."""
    limited = {**OPTIONS, "unit_limits": {A: {"infantry": 3}}}
    assert _broken(BASE, limited) == {(_where(BASE, "k_inf4"), "RV-UNIT-2")}


def test_rv_unit_2_the_empires_units_count_against_no_houses_limit() -> None:
    """RV-UNIT-2 with RV-ECO-5, as recruiting counts: an imperial infantry beside A's 4 is the empire's, not A's."""
    limited = {**OPTIONS, "unit_limits": {A: {"infantry": 4}}}
    imperial = {"id": "ii1", "kind": "infantry", "imperial": True}
    assert _broken(_changed(lambda p: p["forces"]["kiertz"][A].append(imperial)), limited) == set()


def test_rv_eco_6_at_most_three_imperial_generals_stand_on_the_map() -> None:
    """RV-ECO-6: „Maximálně může mít říše 3 říšské generály"."""
    generals = [{"id": f"ig{n}", "kind": "noble", "rank": "general", "imperial": True, "purse": 0} for n in (1, 2, 3)]
    three = _changed(lambda p: p["forces"]["kiertz"][A].extend(generals))
    assert _broken(three) == set()
    four = _changed(lambda p: p["forces"]["kiertz"][A].extend([*generals, {**generals[0], "id": "ig4"}]))
    assert _broken(four) == {(_where(four, "ig4"), "RV-ECO-6")}


def test_every_broken_invariant_is_reported_when_several_are_broken() -> None:
    def change(position: dict[str, Any]) -> None:
        position["treasuries"]["factions"][B] = -5
        position["offices"]["kard"] = "svebodsti"
        position["places"]["ves"]["damaged"] = True

    assert _broken(_changed(change)) == {
        ("/treasuries/factions/gliviciove", "RV-SUP-1"),
        ("/offices/kard", "RV-TURN-5"),
        ("/places/ves/damaged", "RV-CTY-5"),
    }


def test_schema_refuses_a_misspelt_key_and_an_unknown_faction_by_path() -> None:
    position = _changed(lambda p: p["forces"]["kiertz"][A][0].update({"banerr": "k_head"}))
    position["forces"]["pole"] = {"romans": []}
    paths = schema_error_paths(RV.position_schema, position)
    assert {"/forces/kiertz/katzowicove/0", "/forces/pole"} <= paths


def test_from_position_keeps_the_boards_places_when_a_position_leaves_them_out() -> None:
    position = {"round": 0, "forces": {}, "treasuries": {"factions": {A: 3, B: 4}}}
    assert _broken(position) == set()
    state = RV.from_position(position, FIXTURE_OPTIONS, DEMO, BROD.seats)
    assert state.places["brod"].owner == B and state.pieces == {} and state.treasuries == {A: 3, B: 4}


def test_rv_unit_2_a_sub_faction_fields_no_more_units_than_its_own_limit() -> None:
    """RV-UNIT-2: „Každá frakce/podfrakce má omezený počet jednotek" — after the League's storm Západní kardství
    fields 2 infantry (zi1, zi2) and Stínové země 1: a limit of 1 for Západní kardství is broken by its second,
    while the League's own limit of 3 is kept."""
    table, document = _league_storm()
    position = RV.position_of(table.game)
    seats = (Seat(KL), Seat(A))
    options = {**table.game.meta.options, "unit_limits": {KL: {"infantry": 3}, Z: {"infantry": 1}}}
    z_infantry = sorted(p.id for p in table.state.pieces.values() if p.subfaction == Z and p.kind == "infantry")
    assert z_infantry == ["zi1", "zi2"]
    errors = {(e.path, e.rule_id) for e in RV.position_errors(position, options, document, seats)}
    assert errors == {(_where(position, "zi2"), "RV-UNIT-2")}


def test_rv_unit_5_stinove_zeme_fields_no_cavalry_in_a_position() -> None:
    """RV-UNIT-5: Stínové země has no cavalry, so a position giving one of its units the kind cavalry breaks it, as
    recruiting one is refused; the same unit as infantry, or a cavalry of Západní kardství, breaks nothing."""
    table, document = _league_storm()
    seats = (Seat(KL), Seat(A))
    options = table.game.meta.options

    def as_cavalry(piece: str) -> tuple[dict[str, Any], str]:
        position = RV.position_of(table.game)
        area, faction, index = _where(position, piece).split("/")[2:]
        position["forces"][area][faction][int(index)]["kind"] = "cavalry"
        return position, _where(position, piece)

    assert {
        (e.path, e.rule_id) for e in RV.position_errors(RV.position_of(table.game), options, document, seats)
    } == set()
    shade_cavalry, where = as_cavalry("si1")
    assert {(e.path, e.rule_id) for e in RV.position_errors(shade_cavalry, options, document, seats)} == {
        (where, "RV-UNIT-5")
    }
    western_cavalry, _ = as_cavalry("zi1")
    assert {(e.path, e.rule_id) for e in RV.position_errors(western_cavalry, options, document, seats)} == set()
