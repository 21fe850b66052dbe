"""cedofan_rv over HTTP: a relief battle the besiegers win (RV-REL-5..7, RV-AMB-18, RV-AMB-24, catalog 1.1).

Seed 003, "Zvítězila strana oblehatele": „Přeživší jednotky se ztahují do pevnosti/města, které přišly
podpořit. Ztahují se do města/pevnosti i pokud jejich počet pak přečíslí 5. Oblehatelé dále pokračují
v obléhání. Nebylo-li výslovně přerušeno obléhání, tak není potřeba jej znovu započínat a oblehatel může
ve svém impulzu opět ztečovat."
"""

from __future__ import annotations

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_rv_examples import RvGame, of
from tests.conftest import Api
from tests.domain.cedofan_rv.fixtures import A, B, board, city, noble, troops

API = "/api/v1"


def _besieged(api: Api, defenders: int, relief: int, besiegers: int) -> RvGame:
    """A's house head `ha` (purse 4) besieges B's city `c` from `r`; B's general `gw` (purse 2) waits in `w`."""
    pieces = [
        noble("ha", A, "r", "house_head", purse=4),
        *troops("a", besiegers, "infantry", A, "r", "ha"),
        noble("gc", B, "c"),
        *troops("c", defenders, "infantry", B, "c", "gc"),
        noble("gw", B, "w", purse=2),
        *troops("w", relief, "infantry", B, "w", "gw"),
    ]
    areas = {"r": {}, "c": city(B), "w": {}, "a_home": city(A)}
    edges = [("r", "c", "passable", 1), ("c", "w", "passable", 1), ("r", "a_home", "passable", 2)]
    game = RvGame(api, board(areas, edges, pieces))
    game.impulse(A)
    game.ok(A, "start_siege", place="c", nobles=["ha"])
    game.impulse(B)
    return game


def _units_in(game: RvGame, area: str, owner: str) -> int:
    pieces = game.full()["pieces"]
    return sum(1 for p in pieces.values() if p["area"] == area and p["owner"] == owner and p["kind"] != "noble")


def test_relievers_enter_past_five_and_the_siege_stands_when_the_besiegers_win_the_relief(api: Api) -> None:
    """„Ztahují se do města/pevnosti i pokud jejich počet pak přečíslí 5. Oblehatelé dále pokračují v obléhání.\""""
    game = _besieged(api, defenders=5, relief=3, besiegers=6)
    # relief gw + 3 = 4 field dice, 1 hit kills a1; besiegers ha + 6 = 7 field dice, 2 hits kill w1, w2.
    events = game.ok(B, "relieve_siege", dice=[6, 1, 1, 1, 5, 6, 1, 1, 1, 1, 1], place="c", nobles=["gw"])

    battle = of(events, "BattleResolved")[0]
    assert (battle["units_after"], battle["winner"]) == ({"relief": 1, "besieger": 5}, A)
    entered = of(events, "ReliefEnteredPlace")[0]
    assert (sorted(entered["pieces"]), entered["rule_ids"]) == (["gw", "w3"], ["RV-REL-5", "RV-AMB-18"])
    # 6 units inside now outnumber the 5 besiegers, yet nobody withdraws: RV-STM-6 follows a storm only.
    assert of(events, "BesiegersWithdrew") == [] and of(events, "PiecesRetreated") == []
    assert of(events, "SiegeContinues")[0]["rule_ids"] == ["RV-REL-6", "RV-REL-7", "RV-AMB-24"]
    # Loot only from the loser (RV-LOOT-1, RV-AMB-17): gw's purse is owed to A, never ha's to B.
    assert [(slip["from_seat"], slip["to_seat"]) for slip in of(events, "LootOwed")] == [(B, A)]
    state = game.full()
    assert list(state["sieges"]) == ["c"] and state["sieges"]["c"]["besieger"] == A
    assert _units_in(game, "c", B) == 6
    assert state["purses"]["ha"] == 4


def test_storm_is_refused_under_rv_amb_18_while_more_than_five_are_inside_after_a_lost_relief(api: Api) -> None:
    """RV-AMB-18: the siege stands, but with more than 5 units inside no storm can be called (RV-BTY-1)."""
    game = _besieged(api, defenders=5, relief=3, besiegers=6)
    game.ok(B, "relieve_siege", dice=[6, 1, 1, 1, 5, 6, 1, 1, 1, 1, 1], place="c", nobles=["gw"])
    game.impulse(A)

    body = assert_refused(game.post(A, "storm_place", place="c"), "RV-AMB-18")
    assert [v["rule_id"] for v in body["violations"]][:2] == ["RV-AMB-18", "RV-BTY-1"]


def test_besiegers_storm_again_without_a_new_siege_when_they_won_the_relief(api: Api) -> None:
    """„…není potřeba jej znovu započínat a oblehatel může ve svém impulzu opět ztečovat." (RV-REL-7).

    The outnumbering clause of RV-STM-6 then applies after that storm (RV-AMB-24).
    """
    game = _besieged(api, defenders=2, relief=1, besiegers=3)
    # relief gw + w1 = 2 dice, 2 hits kill a1, a2; besiegers ha + 3 = 4 dice, 1 hit kills w1.
    relief = game.ok(B, "relieve_siege", dice=[6, 6, 5, 1, 1, 1], place="c", nobles=["gw"])
    assert of(relief, "BattleResolved")[0]["units_after"] == {"relief": 0, "besieger": 1}
    assert of(relief, "BesiegersWithdrew") == []  # 2 inside against 1 besieging unit, after a relief
    game.impulse(A)

    # The besiegers' city dice ha + a3 = 2, ÷2 = 1 die, no hit; the defenders gc + gw + 2 = 4 dice, no hit.
    storm = game.ok(A, "storm_place", dice=[1] * 5, place="c")

    assert of(storm, "StormCalled")[0]["by"] == "besieger"
    assert of(storm, "BesiegersWithdrew")[0]["rule_ids"] == ["RV-STM-6"]
    assert [(slip["from_seat"], slip["to_seat"]) for slip in of(storm, "LootOwed")] == [(A, B)]
    assert game.full()["sieges"] == {}


def test_rulebook_serves_the_catalog_1_1_text_of_rv_amb_4_and_rv_amb_24(api: Api) -> None:
    """GET /rulesets/cedofan_rv/rules gives the corrected defaults of catalog 1.1."""
    response = api.client.get(f"{API}/rulesets/cedofan_rv/rules?prefix=RV-AMB-")
    rules = {r["id"]: r["summary"] for r in response.get_json()["items"]}

    assert "checked after each storm and never after a relief battle" in rules["RV-AMB-24"]
    assert "„Oblehatelé dále pokračují v obléhání." in rules["RV-AMB-24"]
    assert "after relief battles." not in rules["RV-AMB-24"]
    assert "even from a later sub-faction impulse" in rules["RV-AMB-4"]
    assert "each faction has one impulse per round" not in rules["RV-AMB-4"]
