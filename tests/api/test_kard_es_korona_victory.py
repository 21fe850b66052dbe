"""Kard és Korona victory through the public HTTP API: the castle win ends the game (KK-WIN-5/6), the end of
the last year ranks the players (KK-WIN-7), and an ended game takes no more actions (CORE-GAME-1)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import PTD, act, adjust, create, ok
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

RED, GREEN, BLUE = PTD  # pannonia, tiszahat, delvidek
ONE = {"infantry": 1}


def movement_game(api: Api, units: dict[str, Any], control: dict[str, str], year: int) -> str:
    game = create(api, board=province_board("basic"))
    adjust(api, game, phase="movement", year=year, starting_player=RED, turn=RED, units=units, control=control)
    adjust(api, game, lords=dict.fromkeys(PTD), allowances=dict.fromkeys(PTD, 4), steps_taken=dict.fromkeys(PTD, 0))
    return game


def summary(api: Api, game: str) -> dict[str, Any]:
    body: dict[str, Any] = api.client.get(f"/api/v1/games/{game}", headers=api.headers()).get_json()
    return body


def test_kk_win_5_kk_win_6_seventh_castle_ends_the_game_through_the_api(api: Api) -> None:
    """KK-WIN-5, seed 000 L255: „3 és 4 játékos esetén 7-et"; KK-WIN-6: „A győzelem az utolsó vár elfoglalásának
    pillanatában következik be, ilyenkor már az aktuális fordulót be sem kell fejezni." — Pannónia's step into Pest,
    his seventh castle, ends the game at once, and Tiszahát's pass is refused."""
    castles = ("pannonia_k1", "pannonia_k2", "felvidek_k1", "felvidek_k2", "erdely_k1", "erdely_k2")
    units = {"pannonia_k1": {RED: {"infantry": 2}}, "tiszahat_k1": {GREEN: ONE}, "delvidek_k1": {BLUE: ONE}}
    control = {**dict.fromkeys(castles, RED), "tiszahat_k1": GREEN, "delvidek_k1": BLUE}
    game = movement_game(api, units, control, 1304)
    events = ok(act(api, game, "move", RED, to="pest", groups=[{"from": "pannonia_k1", "units": ONE}]))
    last = events[-1]
    assert last["type"] == "GameEnded"
    assert last["data"]["winners"] == [RED]
    assert last["data"]["reason"].startswith("KK-WIN-5")
    assert summary(api, game)["status"] == "ended"
    assert_refused(act(api, game, "pass", GREEN), "CORE-GAME-1")


def test_kk_win_7_most_castles_win_when_1308_ends_through_the_api(api: Api) -> None:
    """KK-WIN-7, seed 000 L257: „Ebben az esetben a legtöbb várat birtokoló nyeri a játékot." — at the end of 1308,
    the last year of the basic game, Tiszahát's two castles (its own and Pest) beat one each."""
    units = {f"{seat}_k1": {seat: ONE} for seat in PTD}
    control = {**{f"{seat}_k1": seat for seat in PTD}, "pest": GREEN}
    game = movement_game(api, units, control, 1308)
    ok(act(api, game, "pass", RED))
    ok(act(api, game, "pass", GREEN))
    events = ok(act(api, game, "pass", BLUE))
    assert [e["type"] for e in events][-3:] == ["YearEnded", "FinalStandingsCounted", "GameEnded"]
    assert events[-1]["data"]["winners"] == [GREEN]
    assert events[-1]["data"]["reason"].startswith("KK-WIN-7")
    assert summary(api, game)["status"] == "ended"


def test_kk_win_5_game_ended_names_its_condition_and_every_seats_place_through_the_api(api: Api) -> None:
    """KK-WIN-5, seed 000 L255: „3 és 4 játékos esetén 7-et" (castles); the others are placed by the KK-WIN-7
    counts, and Tiszahát and Délvidék, equal on all four, share second place."""
    castles = ("pannonia_k1", "pannonia_k2", "felvidek_k1", "felvidek_k2", "erdely_k1", "erdely_k2")
    units = {"pannonia_k1": {RED: {"infantry": 2}}, "tiszahat_k1": {GREEN: ONE}, "delvidek_k1": {BLUE: ONE}}
    control = {**dict.fromkeys(castles, RED), "tiszahat_k1": GREEN, "delvidek_k1": BLUE}
    game = movement_game(api, units, control, 1304)
    ended = ok(act(api, game, "move", RED, to="pest", groups=[{"from": "pannonia_k1", "units": ONE}]))[-1]["data"]
    assert (ended["condition"], ended["decided_by"]) == ("KK-WIN-5", None)
    measures = {"status": "standing", "castles": 1, "counties": 1, "cavalry": 0, "treasury": 0}
    assert ended["ranking"] == [
        {"seat": RED, "place": 1, "status": "standing", "castles": 7, "counties": 7, "cavalry": 0, "treasury": 0},
        {"seat": GREEN, "place": 2, **measures},
        {"seat": BLUE, "place": 2, **measures},
    ]


def test_kk_win_7_game_ended_names_the_tiebreak_that_decided_and_the_counts_it_compared(api: Api) -> None:
    """KK-WIN-7, seed 000 L257: „Ha a várak száma egyenlő két vagy több játékos esetében, az nyer, akinek több
    vármegyéje van, ha ez is egyenlő, akkor az, akinek több lovagja áll a harcmezőn" — one castle each: Tiszahát's
    second county wins; Pannónia's knight puts him above Délvidék."""
    units = {f"{RED}_k1": {RED: {"cavalry": 1}}, f"{GREEN}_k1": {GREEN: ONE}, f"{BLUE}_k1": {BLUE: ONE}}
    control = {**{f"{seat}_k1": seat for seat in PTD}, "fejer": GREEN}
    game = movement_game(api, units, control, 1308)
    ok(act(api, game, "pass", RED))
    ok(act(api, game, "pass", GREEN))
    ended = ok(act(api, game, "pass", BLUE))[-1]["data"]
    assert ended["winners"] == [GREEN]
    assert (ended["condition"], ended["decided_by"]) == ("KK-WIN-7", "counties")
    assert [(r["seat"], r["place"], r["castles"], r["counties"], r["cavalry"]) for r in ended["ranking"]] == [
        (GREEN, 1, 1, 2, 0),
        (RED, 2, 1, 1, 1),
        (BLUE, 3, 1, 1, 0),
    ]
