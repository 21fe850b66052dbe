"""The Kard League's sub-factions take their own impulses (RV-TURN-3, RV-TURN-4), each with its own spending
limit (RV-SUP-1, option `subfaction_limit`), and a general moves only his own sub-faction's units (RV-KL-4)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, Viewer
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, city, first, noble, troops

KL, G = "kard_league", "gracujsti"
S, Z, E, OS = "stinove_zeme", "zapadni_kardstvi", "emora", "ostius"
D = "svebodsti"


def _of(sub: str, *pieces: dict[str, Any]) -> list[dict[str, Any]]:
    """Kard League pieces of one sub-faction."""
    return [{**p, "subfaction": sub} for p in pieces]


def _league_city(sub: str) -> dict[str, Any]:
    return {"place": {"kind": "city", "owner": KL, "subfaction": sub}, "home": [KL]}


def _rule_ids(table: Table, seat: str, action: str, **data: Any) -> list[str]:
    return [v.rule_id for v in table.decide(seat, action, **data).violations]


def _impulse(table: Table, seat: str, **data: Any) -> tuple[str, str | None, int]:
    """Begin an impulse; whose it is and its limit."""
    started = first(table.act(seat, "begin_impulse", **data), "ImpulseStarted")
    return started["faction"], started.get("subfaction"), started["limit"]


def test_rv_turn_3_active_sub_factions_play_in_the_fixed_order_and_an_inactive_one_is_skipped() -> None:
    # Ostius is listed first on the board, but Západní kardství comes before it in RV-TURN-3's order; Emora
    # has a treasury but no piece and no place, so it is not active yet and takes no impulse.
    pieces = [*_of(OS, noble("ko", KL, "r")), *_of(Z, noble("kz", KL, "r"))]
    document = board({"r": {}, "kc": city(A)}, [], pieces, {Z: 0, OS: 0, E: 3, A: 0})
    table = Table.on(document, seats=(KL, G, A))
    table.to_round(2)

    assert _impulse(table, KL) == (KL, Z, 4)
    table.act(KL, "end_impulse")
    assert _rule_ids(table, G, "begin_impulse") == ["RV-TURN-3"]  # Ostius has still to play
    assert _rule_ids(table, KL, "begin_impulse", subfaction=E) == ["RV-TURN-3"]  # not active
    assert _impulse(table, KL) == (KL, OS, 4)
    table.act(KL, "end_impulse")
    assert _rule_ids(table, KL, "begin_impulse") == ["RV-TURN-1"]  # every active sub-faction has played
    assert _impulse(table, G) == (G, None, 4)
    assert (table.state.had_impulse, table.state.sub_impulses) == ((KL, G), (Z, OS))


def test_rv_turn_3_a_sub_faction_named_out_of_turn_is_refused() -> None:
    pieces = [*_of(Z, noble("kz", KL, "r")), *_of(S, noble("ks", KL, "r"))]
    table = Table.on(board({"r": {}}, [], pieces, {A: 0}), seats=(KL, A))
    table.act(None, "start_round")
    refused = table.decide(KL, "begin_impulse", subfaction=Z)
    assert [v.rule_id for v in refused.violations] == ["RV-TURN-3"]
    assert "'stinove_zeme' plays before 'zapadni_kardstvi'" in refused.violations[0].message
    assert _impulse(table, KL, subfaction=S) == (KL, S, 4)


def test_rv_turn_4_round_one_plays_stinove_zeme_then_zapadni_kardstvi_then_gracuja_then_the_houses() -> None:
    pieces = [*_of(Z, noble("kz", KL, "jezero")), *_of(S, noble("kalame", KL, "stin", "kl_ruler"))]
    areas = {"jezero": _league_city(Z), "stin": _league_city(S)}
    seats = (KL, G, A, B, C, D)
    table = Table.on(board(areas, [], pieces, {}), seats=seats)
    table.act(None, "start_round")

    played = []
    for seat in (KL, KL, G, A, B, C, D):
        played.append(_impulse(table, seat)[:2])
        table.act(seat, "end_impulse")

    assert played == [(KL, S), (KL, Z), (G, None), (A, None), (B, None), (C, None), (D, None)]


def test_rv_turn_3_a_league_without_sub_faction_pieces_keeps_one_impulse_recorded_as_before() -> None:
    table = Table.on(board({"r": {}, "kc": city(A)}, [], [noble("k", KL, "r")], {A: 0}), seats=(KL, A))
    table.act(None, "start_round")
    started = table.act(KL, "begin_impulse").events[0]
    assert started.data == {"faction": KL, "round": 1, "impulse": 1, "limit": 4, "rule_ids": ["RV-TURN-1", "RV-SUP-1"]}
    assert table.act(KL, "end_impulse").events[0].data == {"faction": KL, "spent": 0}
    assert _rule_ids(table, KL, "begin_impulse") == ["RV-TURN-1"]


def _limits(**options: Any) -> Table:
    """Západní kardství administers 2 cities, Stínové země 1; each noble moves alone (speed 4)."""
    pieces = [*_of(Z, noble("kz", KL, "z1")), *_of(S, noble("ks", KL, "s1"))]
    areas = {
        "z1": _league_city(Z),
        "z2": _league_city(Z),
        "s1": _league_city(S),
        "far5": {"home": [KL]},
        "far6": {"home": [KL]},
    }
    edges = [("z1", "far6", "passable", 24), ("s1", "far5", "passable", 20), ("s1", "far6", "passable", 24)]
    return Table.on(board(areas, edges, pieces, {Z: 20, S: 20, A: 0}), seats=(KL, A), options=options or None)


def test_rv_sup_1_each_sub_faction_spends_within_its_own_cities_plus_4() -> None:
    table = _limits()
    table.act(None, "start_round")
    assert _impulse(table, KL) == (KL, S, 1 + 4)
    # ceil(24 steps / speed 4) = 6 > 5; ceil(20 / 4) = 5 fits.
    assert _rule_ids(table, KL, "move_banner", noble="ks", path=["far6"], units=[]) == ["RV-SUP-1"]
    table.act(KL, "move_banner", noble="ks", path=["far5"], units=[])
    table.act(KL, "end_impulse")
    # Stínové země's spending is not Západní kardství's: its limit is its own 2 cities + 4 = 6, all of it left.
    assert _impulse(table, KL) == (KL, Z, 2 + 4)
    table.act(KL, "move_banner", noble="kz", path=["far6"], units=[])
    assert (table.state.spent, table.state.treasuries[Z], table.state.treasuries[S]) == (6, 20 + 2 - 6, 20 + 1 - 5)


def test_rv_sup_1_option_league_cities_gives_each_sub_faction_every_league_city_plus_4() -> None:
    table = _limits(subfaction_limit="league_cities")
    table.act(None, "start_round")
    assert _impulse(table, KL) == (KL, S, 3 + 4)
    table.act(KL, "move_banner", noble="ks", path=["far6"], units=[])
    assert table.state.spent == 6


def test_rv_kl_4_a_general_cannot_move_units_of_another_sub_faction() -> None:
    pieces = [
        *_of(Z, noble("kz", KL, "r")),
        *_of(Z, *troops("zi", 1, "infantry", KL, "r")),
        *_of(S, *troops("si", 1, "infantry", KL, "r")),
        *_of(S, noble("ks", KL, "r")),
    ]
    document = board({"r": {"home": [KL]}, "h": {"home": [KL]}}, [("r", "h", "passable", 4)], pieces, {Z: 5})
    table = Table.on(document, seats=(KL, A))
    table.impulse(KL, Z)
    refused = table.decide(KL, "move_banner", noble="kz", path=["h"], units=["zi1", "si1"])
    assert [v.rule_id for v in refused.violations] == ["RV-KL-4"]
    assert [(v.rule_id, v.details["field"]) for v in refused.violations] == [("RV-KL-4", "data.units")]
    table.act(KL, "move_banner", noble="kz", path=["h"], units=["zi1"])
    # Nor may a sub-faction's noble act in another sub-faction's impulse.
    assert _rule_ids(table, KL, "move_banner", noble="ks", path=["h"], units=["si1"]) == ["RV-TURN-3"]


def test_rv_kl_4_a_board_putting_a_unit_in_another_sub_faction_s_banner_is_refused() -> None:
    pieces = [*_of(S, noble("ks", KL, "r")), *_of(Z, *troops("zi", 1, "infantry", KL, "r", "ks"))]
    errors = CEDOFAN_RV.board_errors(board({"r": {}}, [], pieces))
    assert [e for e in errors if "RV-KL-4" in e] == [
        "attributes.setup.pieces[1] ('zi1').banner: noble 'ks' is of 'stinove_zeme' and cannot move a "
        "'zapadni_kardstvi' unit (RV-KL-4)"
    ]


def test_rv_turn_3_in_a_sub_faction_s_impulse_only_its_places_purses_and_kalame_act() -> None:
    pieces = [*_of(S, noble("kalame", KL, "stin", "kl_ruler")), *_of(Z, noble("kz", KL, "jezero"))]
    areas = {"stin": _league_city(S), "jezero": _league_city(Z)}
    table = Table.on(board(areas, [], pieces, {S: 2, Z: 2, A: 0}), seats=(KL, A))
    table.to_round(2)  # round 1's cities extract by themselves (RV-ECO-4)
    table.impulse(KL, Z)
    assert _rule_ids(table, KL, "recruit", place="stin", kind="infantry") == ["RV-TURN-3"]
    assert _rule_ids(table, KL, "summon_shade") == ["RV-TURN-3"]
    assert _rule_ids(table, KL, "transfer_resources", **{"from": "treasury", "to": "kalame", "amount": 1}) == [
        "RV-TURN-3"
    ]
    table.act(KL, "recruit", place="jezero", kind="infantry")
    table.impulse(KL, S)  # round 3
    table.act(KL, "summon_shade")
    table.act(KL, "recruit", place="stin", kind="infantry")


def test_views_notation_and_bookmarks_name_the_sub_faction_whose_impulse_it_is() -> None:
    pieces = [*_of(S, noble("ks", KL, "stin"))]
    table = Table.on(board({"stin": _league_city(S)}, [], pieces, {S: 0, A: 0}), seats=(KL, A))
    table.to_round(2)
    before = table.state
    started = table.act(KL, "begin_impulse").events[0]
    assert CEDOFAN_RV.notation(started, before) == "the Kard League (Stínové země)'s impulse (round 2), limit 5"
    assert CEDOFAN_RV.bookmarks(started) == ("round 2: kard_league (stinove_zeme)'s impulse 1",)
    recruit = table.act(KL, "recruit", place="stin", kind="infantry").events[0]
    assert CEDOFAN_RV.notation(recruit, table.state).startswith("the Kard League (Stínové země) recruits ")
    seen = CEDOFAN_RV.view(table.state, Viewer(A))
    assert (seen["impulse"], seen["impulse_subfaction"], seen["sub_impulses"]) == (KL, S, [S])
    assert CEDOFAN_RV.load_state(CEDOFAN_RV.dump_state(table.state)) == table.state
    ended = Event("ImpulseEnded", {"faction": KL, "subfaction": S, "spent": 0})
    assert CEDOFAN_RV.notation(ended, table.state) == "the Kard League (Stínové země) ends its impulse having spent 0"


def test_rv_turn_1_a_player_may_not_start_a_round_before_every_player_has_played_but_the_recorder_may() -> None:
    """RV-TURN-1: „The game runs in rounds, in which every player plays" — after A's impulse B and C have not
    played: A's player may not start round 2 (it would skip their impulses); the table's recorder may."""
    table = Table.on(board({"c1": city(A), "c2": city(B), "c3": city(C)}, [], [], {A: 0, B: 0, C: 0}))
    table.act(None, "start_round")
    table.act(A, "begin_impulse")
    table.act(A, "end_impulse")
    refused = table.decide(A, "start_round")
    assert [v.rule_id for v in refused.violations] == ["RV-TURN-1"] and refused.events == ()
    assert B in refused.violations[0].message and C in refused.violations[0].message
    assert table.decide(None, "start_round").violations == ()
