"""The cedofan_rv catalog's worked examples (§6, RV-EX-1..8) through the public HTTP API, with table dice."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem, assert_refused
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import (
    FIXTURE_OPTIONS,
    FIXTURE_UNIT_TABLE,
    A,
    B,
    C,
    board,
    city,
    noble,
    troops,
)


class RvGame:
    """A cedofan_rv game played over HTTP by a recorder entering table dice."""

    def __init__(self, api: Api, document: dict[str, Any], options: dict[str, Any] | None = None, **body: Any) -> None:
        self.api = api
        created = api.create_game(
            ruleset="cedofan_rv",
            board=document,
            options={**FIXTURE_OPTIONS, **(options or {})},
            seats=[{"seat": s} for s in body.get("seats", (A, B, C))],
            dice=body.get("dice", "table"),
            mode=body.get("mode", "adjudicated"),
        )
        self.id = created["id"]

    def post(self, seat: str | None, kind: str, dice: list[int] | None = None, **data: Any) -> Any:
        payload = {**data, **({"dice": dice} if dice is not None else {})}
        return self.api.act(self.id, type=kind, seat=seat, data=payload)

    def ok(self, seat: str | None, kind: str, dice: list[int] | None = None, **data: Any) -> list[dict[str, Any]]:
        response = self.post(seat, kind, dice, **data)
        assert response.status_code == 201, response.get_json()
        events: list[dict[str, Any]] = response.get_json()["events"]
        return events

    def seal(self, seat: str, round_id: str, payload: Any) -> Any:
        return self.api.client.post(
            f"/api/v1/games/{self.id}/sealed",
            json={"seat": seat, "round": round_id, "payload": payload},
            headers=self.api.headers(),
        )

    def full(self) -> dict[str, Any]:
        """The arbiter's state of the ruleset."""
        response = self.api.client.get(f"/api/v1/games/{self.id}/state?as=arbiter", headers=self.api.headers())
        assert response.status_code == 200, response.get_json()
        state: dict[str, Any] = response.get_json()["state"]["state"]
        return state

    def seen_by(self, viewer: str) -> tuple[dict[str, Any], str]:
        """A seat's (or the spectator's) rules view and the raw response text."""
        response = self.api.client.get(f"/api/v1/games/{self.id}/state?as={viewer}", headers=self.api.headers())
        assert response.status_code == 200, response.get_json()
        return response.get_json()["state"]["rules"], response.get_data(as_text=True)

    def impulse(self, seat: str) -> None:
        state = self.full()
        if state["impulse"] is not None:
            self.ok(state["impulse"], "end_impulse")
        if state["round"] == 0 or seat in state["had_impulse"]:
            self.ok(None, "start_round")
            state = self.full()
        for earlier in state["order"][: state["order"].index(seat)]:
            # RV-TURN-3: those before pass (the Kard League once per active sub-faction, until it is refused).
            while earlier not in state["had_impulse"] or earlier == "kard_league":
                if self.post(earlier, "begin_impulse").status_code != 201:
                    break
                self.ok(earlier, "end_impulse")
                state = self.full()
        self.ok(seat, "begin_impulse")


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == kind]


# --- RV-EX-1 ---


def test_rv_dice_3_4_5_6_amb_12_order_of_casualties_ex1(api: Api) -> None:
    pieces = [
        noble("h", B, "r", "house_head"),
        *troops("bi", 3, "infantry", B, "r", "h"),
        *troops("be", 2, "elephant", B, "r", "h"),
        noble("g", A, "r"),
        *troops("ae", 3, "elephant", A, "r", "g"),
    ]
    game = RvGame(api, board({"r": {}, "home": city(B)}, [("r", "home", "passable", 1)], pieces))
    game.impulse(A)

    events = game.ok(A, "attack", dice=[6] * 7 + [1] * 3 + [1] * 10, nobles=["g"])

    [on_b] = [h for h in of(events, "HitsApplied") if h["side"] == "defender"]
    assert (on_b["hits"], on_b["deaths"], on_b["wasted"]) == (7, ["bi1", "bi2", "bi3", "be1"], 0)
    survivors = {pid for pid, p in game.full()["pieces"].items() if p["owner"] == B}
    assert survivors == {"be2", "h"}


def test_rv_dice_6_three_life_elephant_wastes_the_seventh_hit_ex1(api: Api) -> None:
    pieces = [
        noble("h", B, "r", "house_head"),
        *troops("bi", 3, "infantry", B, "r", "h"),
        *troops("be", 2, "elephant", B, "r", "h"),
        noble("g", A, "r"),
        *troops("ae", 3, "elephant", A, "r", "g"),
    ]
    table = {**FIXTURE_UNIT_TABLE, "elephant": {**FIXTURE_UNIT_TABLE["elephant"], "lives": 3}}
    game = RvGame(api, board({"r": {}, "home": city(B)}, [("r", "home", "passable", 1)], pieces), {"unit_table": table})
    game.impulse(A)

    events = game.ok(A, "attack", dice=[6] * 7 + [1] * 3 + [1] * 10, nobles=["g"])

    [on_b] = [h for h in of(events, "HitsApplied") if h["side"] == "defender"]
    assert (on_b["deaths"], on_b["wasted"]) == (["bi1", "bi2", "bi3", "be1"], 1)


# --- RV-EX-2 ---


def _ex2(api: Api, inside: int) -> RvGame:
    pieces = [
        noble("n1", B, "c"),
        noble("n2", B, "c"),
        *troops("d", inside, "infantry", B, "c"),
        noble("h", A, "c", "house_head"),
        *troops("a", 7, "infantry", A, "c", "h"),
    ]
    areas = {"c": city(B), "r": {}, "home": city(A)}
    game = RvGame(api, board(areas, [("r", "c", "passable", 1), ("r", "home", "passable", 1)], pieces))
    game.impulse(A)
    return game


def test_rv_bty_2_bty_4_amb_2_amb_3_five_units_inside_must_be_besieged_ex2(api: Api) -> None:
    game = _ex2(api, 5)

    assert_refused(game.post(A, "attack", nobles=["h"]), "RV-BTY-2")
    started = of(game.ok(A, "start_siege", place="c", nobles=["h"]), "SiegeStarted")
    assert started[0]["units"] == {"besiegers": 7, "defenders": 5}


def test_rv_bty_1_six_units_inside_fight_a_field_battle_ex2(api: Api) -> None:
    game = _ex2(api, 6)

    assert_refused(game.post(A, "start_siege", place="c", nobles=["h"]), "RV-BTY-1")
    events = game.ok(A, "attack", dice=[1] * 16, nobles=["h"])
    assert [(r["column"], r["divisor"], len(r["faces"])) for r in of(events, "DiceRolled")] == [
        ("field", 1, 8),
        ("field", 1, 8),
    ]


# --- RV-EX-3 ---


def _ex3(api: Api) -> RvGame:
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        *troops("ac", 1, "cavalry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b_city": city(B), "a_city": city(A)}
    edges = [("r", "b_city", "passable", 2), ("r", "a_city", "passable", 1)]
    game = RvGame(api, board(areas, edges, pieces, {A: 5, B: 5, C: 5}))
    game.impulse(A)
    return game


def test_rv_fld_1_6_loot_1_3_vic_1_field_battle_with_hidden_loot_ex3(api: Api) -> None:
    game = _ex3(api)

    events = game.ok(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])

    hits = {h["side"]: h for h in of(events, "HitsApplied")}
    assert (hits["defender"]["hits"], hits["defender"]["deaths"]) == (3, ["bi1", "bi2", "bi3"])
    assert (hits["attacker"]["hits"], hits["attacker"]["deaths"]) == (1, ["ai1"])
    [resolved] = of(events, "BattleResolved")
    assert resolved["units_after"] == {"attacker": 4, "defender": 0} and resolved["winner"] == A
    [retreat] = of(events, "PiecesRetreated")
    assert (retreat["pieces"], retreat["to"], retreat["cost"]) == (["n2"], "b_city", 0)
    [opened] = of(events, "SealedRoundOpened")
    assert opened["seats"] == [B]

    sealed = game.seal(B, opened["round"], {"amount": 3})

    assert sealed.status_code == 201, sealed.get_json()
    [delivered] = [e["data"] for e in sealed.get_json()["events"] if e["type"] == "LootDelivered"]
    assert (delivered["to_seat"], delivered["amount"]) == (A, 3)
    assert game.full()["treasuries"][A] == 5 + 1 + 3  # + 1: a_city extracted in round 1 (RV-ECO-4)


def test_rv_loot_2_slip_is_visible_to_winner_and_loser_only_ex3(api: Api) -> None:
    game = _ex3(api)
    events = game.ok(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])
    round_id = of(events, "SealedRoundOpened")[0]["round"]
    game.seal(B, round_id, {"amount": 3})

    for seat in (A, B):
        view, _ = game.seen_by(seat)
        assert view["loot"][round_id]["amount"] == 3
    for outsider in (C, "spectator"):
        view, text = game.seen_by(outsider)
        assert view["loot"][round_id]["amount"] == "sealed"
        assert view["treasuries"][A] == "sealed"
        assert view["purses"]["n2"] == "sealed"
        assert '"amount":3' not in text.replace(" ", "")


def test_rv_loot_2_slip_not_matching_the_purse_is_refused_ex3(api: Api) -> None:
    game = _ex3(api)
    events = game.ok(A, "attack", dice=[6, 5, 1, 2, 3, 5, 4, 5, 1, 1, 2], nobles=["g1"])
    round_id = of(events, "SealedRoundOpened")[0]["round"]

    assert_refused(game.seal(B, round_id, {"amount": 1}), "RV-LOOT-2")
    # a slip that is not {"amount": n} is malformed, named by its field before the rule is asked
    assert (
        "/payload/amount" in assert_problem(game.seal(B, round_id, {"amount": "three"}), 400, "bad-request")["errors"]
    )


# --- RV-EX-4 ---


def _ex4(api: Api, border: str = "passable", head: bool = True) -> RvGame:
    pieces = [noble("g", A, "r"), *troops("gi", 3, "infantry", A, "r", "g"), noble("d", B, "c")]
    pieces += troops("di", 3, "infantry", B, "c")
    if head:
        pieces += [noble("h", A, "r", "house_head"), *troops("hi", 1, "infantry", A, "r", "h")]
    areas = {"r": {}, "c": city(B), "home": city(A)}
    game = RvGame(api, board(areas, [("r", "c", border, 1), ("r", "home", "passable", 1)], pieces))
    game.impulse(A)
    return game


def test_rv_sie_2_4_amb_15_16_siege_of_two_banners_costs_one_ex4(api: Api) -> None:
    game = _ex4(api)
    [started] = of(game.ok(A, "start_siege", place="c", nobles=["g", "h"]), "SiegeStarted")
    assert started["cost"] == 1
    assert game.full()["treasuries"][A] == 20 + 1 - 1  # + 1: RV-ECO-4 in round 1


def test_rv_sie_3_mountain_border_refuses_the_siege_ex4(api: Api) -> None:
    body = assert_refused(_ex4(api, "mountain").post(A, "start_siege", place="c", nobles=["g", "h"]), "RV-SIE-3")
    assert body["rule"]["source_quote"].startswith("sousedit prostupnou hranicí")


def test_rv_sie_2_three_against_three_refuses_the_siege_ex4(api: Api) -> None:
    assert_refused(_ex4(api, head=False).post(A, "start_siege", place="c", nobles=["g"]), "RV-SIE-2")


# --- RV-EX-5 ---


def _ex5(api: Api) -> RvGame:
    pieces = [
        noble("nB", A, "r", "house_head"),
        *troops("bi", 2, "infantry", A, "r", "nB"),
        *troops("be", 1, "elephant", A, "r", "nB"),
        noble("nD", B, "c", purse=2),
        *troops("di", 2, "infantry", B, "c", "nD"),
    ]
    areas = {"r": {}, "c": city(B), "b2": city(B), "home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "b2", "passable", 3), ("r", "home", "passable", 1)]
    game = RvGame(api, board(areas, edges, pieces))
    for _ in range(3):
        game.ok(None, "start_round")
    game.impulse(A)  # round 3
    game.ok(A, "start_siege", place="c", nobles=["nB"])
    return game


def test_rv_stm_1_storm_in_the_siege_round_is_refused_ex5(api: Api) -> None:
    game = _ex5(api)
    assert game.full()["round"] == 3
    assert_refused(game.post(A, "storm_place", place="c"), "RV-STM-1")


def test_rv_stm_1_3_5_cty_1_2_amb_5_8_storm_takes_the_city_ex5(api: Api) -> None:
    game = _ex5(api)
    game.impulse(A)  # round 4

    events = game.ok(A, "storm_place", dice=[5, 6, 1, 5, 2], place="c")

    rolls = {r["side"]: r for r in of(events, "DiceRolled")}
    assert (rolls["besieger"]["dice_before_division"], rolls["besieger"]["divisor"]) == (5, 2)
    hits = {h["side"]: h for h in of(events, "HitsApplied")}
    assert hits["defender"]["deaths"] == ["di1", "di2"] and hits["besieger"]["deaths"] == ["bi1"]
    assert of(events, "PlaceCaptured")[0]["by"] == A
    assert of(events, "PiecesRetreated")[0] == {
        "seat": B,
        "pieces": ["nD"],
        "from": "c",
        "to": "b2",
        "steps": 3,
        "cost": 0,
        "rule_ids": ["RV-AMB-8"],
    }
    round_id = of(events, "SealedRoundOpened")[0]["round"]
    assert game.seal(B, round_id, {"amount": 2}).status_code == 201
    state = game.full()
    assert state["places"]["c"]["owner"] == A
    assert state["treasuries"][A] == 20 + 1 - 1 - 1 + 2  # RV-ECO-4, siege, storm, slip


# --- RV-EX-6 ---


def test_rv_cty_3_amb_5_12_stm_6_vic_1_fortress_storm_ex6(api: Api) -> None:
    pieces = [
        noble("g", A, "r"),
        *troops("e", 5, "elephant", A, "r", "g"),
        noble("d", B, "f"),
        *troops("di", 4, "infantry", B, "f", "d"),
    ]
    areas = {"r": {}, "f": city(B, kind="fortress"), "home": city(A)}
    game = RvGame(api, board(areas, [("r", "f", "passable", 1), ("r", "home", "passable", 1)], pieces))
    game.impulse(A)
    game.ok(A, "start_siege", place="f", nobles=["g"])
    game.impulse(A)

    events = game.ok(A, "storm_place", dice=[6, 6, 1, 5, 5, 6, 1, 2], place="f")

    besieger = next(r for r in of(events, "DiceRolled") if r["side"] == "besieger")
    assert (besieger["dice_before_division"], besieger["divisor"], besieger["faces"]) == (11, 3, [6, 6, 1])
    hits = {h["side"]: h for h in of(events, "HitsApplied")}
    assert hits["defender"]["deaths"] == ["di1", "di2"]
    assert (hits["besieger"]["deaths"], hits["besieger"]["wasted"]) == ([], 3)
    assert [e["type"] for e in events if e["type"] in ("PlaceCaptured", "BesiegersWithdrew", "SiegeContinues")] == [
        "SiegeContinues"
    ]
    [resolved] = of(events, "BattleResolved")
    assert resolved["units_after"] == {"besieger": 5, "defender": 2} and resolved["winner"] == A


# --- RV-EX-7 ---


def test_rv_sie_4_5_stm_1_2_amb_7_empty_city_ex7(api: Api) -> None:
    pieces = [noble("n", A, "r"), *troops("i", 2, "infantry", A, "r", "n")]
    areas = {"r": {}, "e": city(B), "home": city(A)}
    game = RvGame(api, board(areas, [("r", "e", "passable", 1), ("r", "home", "passable", 1)], pieces))
    game.ok(None, "start_round")
    game.ok(None, "start_round")
    game.impulse(A)  # round 2
    game.ok(A, "start_siege", place="e", nobles=["n"])
    game.impulse(A)  # round 3
    assert game.full()["round"] == 3

    events = game.ok(A, "storm_place", dice=[1, 2, 6, 5], place="e")

    rolls = {r["side"]: r for r in of(events, "DiceRolled")}
    assert rolls["defender"]["faces"] == [5] and (rolls["besieger"]["faces"], rolls["besieger"]["divisor"]) == (
        [1, 2, 6],
        1,
    )
    assert {h["side"]: h["deaths"] for h in of(events, "HitsApplied")} == {"defender": [], "besieger": ["i1"]}
    assert of(events, "BattleResolved")[0]["kind"] == "empty_city"
    assert game.full()["places"]["e"]["owner"] == A
    assert game.full()["treasuries"][A] == 20 + 1 - 2  # RV-ECO-4, then siege and storm


# --- RV-EX-8 ---


def test_rv_sup_1_stm_3_amb_13_14_fourth_storm_refused_by_the_limit_ex8(api: Api) -> None:
    pieces = [
        noble("mover", A, "h1"),
        noble("h", A, "r", "house_head"),
        *troops("i", 3, "infantry", A, "r", "h"),
        *troops("d", 2, "infantry", B, "c"),
    ]
    areas = {"h1": city(A), "h2": city(A), "h3": city(A), "r": {}, "c": city(B)}
    edges = [
        ("h1", "h2", "passable", 8),
        ("h2", "h3", "passable", 8),
        ("h3", "r", "passable", 1),
        ("r", "c", "passable", 1),
    ]
    game = RvGame(api, board(areas, edges, pieces, {A: 30, B: 0, C: 0}))
    game.impulse(A)
    game.ok(A, "start_siege", place="c", nobles=["h"])
    game.impulse(A)
    assert game.full()["limit"] == 7

    assert of(game.ok(A, "move_banner", noble="mover", path=["h2", "h3"], units=[]), "BannerMoved")[0]["cost"] == 4
    spent = [of(game.ok(A, "storm_place", dice=[1] * 4, place="c"), "StormCalled")[0]["spent"] for _ in range(3)]
    assert spent == [5, 6, 7]

    body = assert_refused(game.post(A, "storm_place", dice=[1] * 4, place="c"), "RV-SUP-1")
    # Seed 003: „Zteč jde v průběhu hráčova impulzu opakovat, dokud nedojde limit využitelných zásob během
    # impulzu. (4+počet měst ve vlastnictví)" — the limit (RV-SUP-1) bars the storm; the storm rule follows.
    assert [v["rule_id"] for v in body["violations"]] == ["RV-SUP-1", "RV-STM-3"]
    assert "7 + 1 = 8 > limit 7" in body["detail"]
    assert game.full()["treasuries"][A] == 30 + 3 - 1 - 4 - 3  # RV-ECO-4 in 3 cities, siege, moves, storms


# --- creation ---


def test_creation_without_the_unit_table_is_a_422_naming_it(api: Api) -> None:
    response = api.client.post(
        "/api/v1/games",
        json={
            "ruleset": "cedofan_rv",
            "board": "demonstration",
            "options": {"influence_awards": {"battle_won": 1, "place_captured": 1}},
            "seats": [{"seat": A}, {"seat": B}],
        },
        headers=api.headers(),
    )
    body = assert_problem(response, 422)
    assert any(m.startswith("options.unit_table: required") for m in body["errors"]["options"])


def test_game_created_records_the_ambiguity_defaults_as_options(any_api: Api) -> None:
    created = any_api.create_game(
        ruleset="cedofan_rv", board="demonstration", options=FIXTURE_OPTIONS, seats=[{"seat": A}, {"seat": B}]
    )
    events = any_api.client.get(f"/api/v1/games/{created['id']}/events").get_json()["items"]
    options = events[0]["data"]["options"]
    assert options["siege_dice"] == "floor_min1"
    assert options["limit_counts_siege_start"] is True
    assert options["leader_table"]["house_head"] == 7
    assert options["unit_table"] == FIXTURE_UNIT_TABLE
