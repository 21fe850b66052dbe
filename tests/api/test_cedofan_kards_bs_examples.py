"""cedofan_kards_bs through the public HTTP API: the catalog's worked examples KBS-EX-1..8 (catalog §6).

Each game is created on a small placeholder board (as the catalog's R1, C1…) with table dice entered in
`data.dice`; expected numbers are worked out from the rules, never read off the output.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import OPTIONS, army, board_doc, city

RULESET = "cedofan_kards_bs"


class Campaign:
    """A table-dice campaign recorded through the API by the admin (a recorder)."""

    def __init__(self, api: Api, board: dict[str, Any] | str, seats: tuple[str, ...], **options: Any) -> None:
        self.api, self.seats = api, seats
        self.id = api.create_game(
            ruleset=RULESET,
            board=board,
            seats=[{"seat": s} for s in seats],
            options={**OPTIONS, **options},
            dice="table",
        )["id"]

    def act(self, action: str, seat: str | None = None, dice: list[int] | None = None, **data: Any) -> Any:
        return self.api.act(self.id, type=action, seat=seat, data={**data, **({"dice": dice} if dice else {})})

    def ok(
        self, action: str, seat: str | None = None, dice: list[int] | None = None, **data: Any
    ) -> list[dict[str, Any]]:
        response = self.act(action, seat, dice, **data)
        assert response.status_code == 201, response.get_json()
        events: list[dict[str, Any]] = response.get_json()["events"]
        return events

    def state(self) -> dict[str, Any]:
        rules: dict[str, Any] = self.api.client.get(f"/api/v1/games/{self.id}/state").get_json()["state"]["rules"]
        return rules

    def to_turn(self, round_no: int, seat: str) -> None:
        """Play empty turns until `seat`'s turn of round `round_no` (giants roll 1: a far neutral city)."""
        while True:
            state = self.state()
            if state["round"] == round_no and state["turn"] == seat:
                return
            if state["phase"] in ("setup", "round_over"):
                self.ok("start_round")
            elif state["phase"] == "supply":
                odd = state["round"] >= 3 and state["round"] % 2 == 1
                self.ok("begin_turns", dice=[1] if odd else None)
            else:
                self.ok("end_turn", state["turn"])


def of(events: list[dict[str, Any]], event_type: str) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == event_type]


FACTIONS = {
    "rudern": {"capital": "c-ru", "ruler": "robert", "supplies": 10, "influence": 5},
    "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
}
HOMES = {"c-ru": city("r-ru", "rudern", capital_of="rudern"), "c-za": city("r-za", "zapad", capital_of="zapad")}


def test_kbs_mov_2_mov_3_cmb_1_5_ret_1_amb_1_amb_9_field_battle_tie_to_defender_ex1(api: Api) -> None:
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r-ru": {}, "r-za": {}},
        cities=HOMES,
        land=[("r1", "r2"), ("r1", "r-ru"), ("r2", "r-za")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=7), army("za", "zapad", "r2", army=6)],
    )
    game = Campaign(api, board, ("rudern", "zapad"))
    game.to_turn(2, "rudern")
    events = game.ok("attack", "rudern", dice=[5, 6], army="ra", to="r2")
    assert of(events, "DiceRolled")[0]["faces"] == [5, 6]
    assert of(events, "AttackDeclared")[0]["cost"] == 2
    battle = of(events, "BattleResolved")[0]
    assert (battle["values"], battle["winner"], battle["survivors"]) == ([3, 3], "defender", [3, 3])
    assert "tie to the defender" in next(e["notation"] for e in events if e["type"] == "BattleResolved")
    assert_refused(game.act("end_turn", "rudern"), "KBS-CMB-4")
    assert_refused(game.act("retreat", "rudern", army="ra", to="r2"), "KBS-RET-1")
    assert of(game.ok("retreat", "rudern", army="ra", to="r1"), "ArmyRetreated")[0]["cost"] == 0
    state = game.state()
    assert state["armies"]["ra"] == {
        "owner": "rudern",
        "at": "r1",
        "units": {"army": 3},
        "leaders": ["robert"],
        "besieging": None,
        "movement_units": 4,
    }
    assert state["armies"]["za"]["units"] == {"army": 3} and state["armies"]["za"]["at"] == "r2"
    assert state["factions"]["rudern"]["supplies"] == 8


def _ex2_board() -> dict[str, Any]:
    return board_doc(
        regions={"r-c1": {}, "r-za": {}, "r-st": {}},
        cities={
            "c1": city("r-c1", "zapad", fortified=True),
            "c-za": city("r-za", "zapad", capital_of="zapad"),
            "c-st": city("r-st", "stiny", capital_of="stiny"),
        },
        land=[("r-c1", "r-za"), ("r-c1", "r-st")],
        factions={
            "stiny": {"capital": "c-st", "ruler": "kalame", "supplies": 10, "influence": 5},
            "zapad": {"capital": "c-za", "ruler": "jaromir", "supplies": 10, "influence": 5},
        },
        armies=[army("zg", "zapad", "c1", ["jaromir"], army=4), army("ka", "stiny", "r-c1", ["kalame"], army=9)],
    )


def test_kbs_sie_1_3_stm_1_stm_4_cmb_1_3_cty_3_ret_2_ret_3_ran_1_siege_and_storm_ex2(api: Api) -> None:
    game = Campaign(api, _ex2_board(), ("stiny", "zapad"))
    game.to_turn(3, "stiny")
    assert of(game.ok("start_siege", "stiny", army="ka", city="c1"), "SiegeStarted")[0]["cost"] == 1
    assert_refused(game.act("storm_city", "stiny", dice=[6, 2], army="ka", city="c1"), "KBS-STM-1")
    game.ok("end_turn", "stiny")
    game.ok("end_turn", "zapad")
    # Round 4 opens with the siege's second year: one defender dies (KBS-SIE-7, KBS-AMB-5), which the
    # catalog's example leaves out; V_def is 2 with 3 defenders as with 4: floor((3+1+3+2)/4) = 2.
    attrition = of(game.ok("start_round"), "SiegeAttritionApplied")
    assert attrition == [
        {
            "city": "c1",
            "year": 2,
            "army": "zg",
            "units": {"army": 1},
            "leaders": [],
            "rule_ids": ["KBS-SIE-7", "KBS-AMB-5"],
        }
    ]
    game.ok("begin_turns")
    events = game.ok("storm_city", "stiny", dice=[6, 2], army="ka", city="c1")
    battle = of(events, "BattleResolved")[0]
    assert (battle["values"], battle["city_defence"], battle["winner"]) == ([4, 2], 3, "attacker")
    assert of(events, "UnitsCaptured")[0]["units"] == {"army": 2}
    assert of(events, "UnitsCaptured")[0]["leaders"] == ["jaromir"]
    assert of(events, "CityCaptured")[0] == {
        "city": "c1",
        "owner": "stiny",
        "previous": "zapad",
        "rule_ids": ["KBS-SIE-6", "KBS-CMB-3"],
    }
    ransom = game.ok("ransom_prisoners", "zapad", units={"army": 2})
    assert of(ransom, "PrisonersRansomed")[0]["cost"] == 2 and of(ransom, "ArmyPlaced")[0]["at"] == "c-za"
    state = game.state()
    assert state["factions"]["stiny"]["supplies"] == 8
    assert state["factions"]["zapad"]["supplies"] == 8
    assert state["armies"]["ka"]["units"] == {"army": 4} and state["cities"]["c1"]["owner"] == "stiny"
    assert state["captives"] == {"jaromir": {"owner": "zapad", "captor": "stiny", "at": "c1"}}
    assert state["factions"]["zapad"]["may_win"] is False  # KBS-LDR-3
    assert_refused(game.act("ransom_kard", "zapad", kard="jaromir"), "KBS-AMB-20")  # not zapad's turn yet
    game.ok("end_turn", "stiny")
    kard = game.ok("ransom_kard", "zapad", kard="jaromir")
    assert of(kard, "KardRansomed")[0]["supplies"] == 5 and of(kard, "KardRansomed")[0]["influence"] == 5
    state = game.state()
    assert (state["factions"]["zapad"]["supplies"], state["factions"]["zapad"]["influence"]) == (3, 0)
    assert (state["factions"]["stiny"]["supplies"], state["factions"]["stiny"]["influence"]) == (13, 10)


def test_kbs_cty_1_3_sie_2_sie_3_amb_3_siege_threshold_ex3(api: Api) -> None:
    def board(fortified: bool) -> dict[str, Any]:
        return board_doc(
            regions={"r-c": {}, "r-za": {}, "r-ru": {}},
            cities={**HOMES, "c": city("r-c", "zapad", fortified=fortified)},
            land=[("r-c", "r-za"), ("r-c", "r-ru")],
            factions=FACTIONS,
            armies=[
                army("zg", "zapad", "c", army=4),
                army("r8", "rudern", "r-c", army=8),
                army("r1", "rudern", "r-c", army=1),
            ],
        )

    fortified = Campaign(api, board(True), ("rudern", "zapad"))
    fortified.to_turn(1, "rudern")
    problem = assert_refused(fortified.act("start_siege", "rudern", army="r8", city="c"), "KBS-SIE-3")
    assert problem["violations"][0]["details"]["field"] == "data.army"
    assert of(fortified.ok("merge_armies", "rudern", armies=["r8", "r1"]), "ArmiesMerged")[0]["cost"] == 0
    assert of(fortified.ok("start_siege", "rudern", army="r8", city="c"), "SiegeStarted")[0]["cost"] == 1
    assert fortified.state()["factions"]["rudern"]["supplies"] == 9
    open_city = Campaign(api, board(False), ("rudern", "zapad"))
    open_city.to_turn(1, "rudern")
    open_city.ok("start_siege", "rudern", army="r8", city="c")
    assert_refused(open_city.act("storm_city", "rudern", dice=[6, 1], army="r8", city="c"), "KBS-STM-1")


def test_kbs_mov_1_6_amb_8_movement_cost_swamp_and_blocked_land_ex4(api: Api) -> None:
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r3": {"swamp": True}, "r4": {"giants": True}, "r-ru": {}, "r-za": {}},
        cities=HOMES,
        land=[("r1", "r2"), ("r2", "r3"), ("r3", "r4")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", ["robert"], army=10, catapult=1)],
    )
    game = Campaign(api, board, ("rudern", "zapad"))
    game.to_turn(1, "rudern")
    assert_refused(game.act("move_army", "rudern", army="ra", path=["r2", "r3", "r4"]), "KBS-MOV-6")
    assert of(game.ok("move_army", "rudern", army="ra", path=["r2", "r3"]), "ArmyMoved")[0]["cost"] == 9
    assert game.state()["factions"]["rudern"]["supplies"] == 1


def test_kbs_mov_7_mov_8_amb_8_transport_by_sea_ex5(api: Api) -> None:
    def board(ships: int) -> dict[str, Any]:
        return board_doc(
            regions={"r-ru": {}, "r-q": {}, "r-za": {}},
            cities={
                **HOMES,
                "c-ru": city("r-ru", "rudern", port=True, capital_of="rudern"),
                "c-q": city("r-q", "rudern", port=True),
            },
            seas=["s1", "s2"],
            sea=[("c-ru", "s1"), ("s1", "s2"), ("s2", "c-q")],
            factions=FACTIONS,
            armies=[army("fleet", "rudern", "c-ru", army=5, ship=ships)],
        )

    game = Campaign(api, board(3), ("rudern", "zapad"))
    game.to_turn(1, "rudern")
    assert of(game.ok("move_army", "rudern", army="fleet", path=["s1", "s2"]), "ArmyMoved")[0]["cost"] == 2
    short = Campaign(api, board(2), ("rudern", "zapad"))
    short.to_turn(1, "rudern")
    assert_refused(short.act("move_army", "rudern", army="fleet", path=["s1", "s2"]), "KBS-MOV-8")


def _ex6_board(lomen_owner: str) -> dict[str, Any]:
    return board_doc(
        regions={"r-lomen": {}, "r-k": {}, "r-x": {}},
        cities={
            "c-lomen": city("r-lomen", lomen_owner, fortified=True),
            "c-k": city("r-k", "k", capital_of="k"),
            "c-x": city("r-x", "x", capital_of="x"),
        },
        land=[("r-lomen", "r-k")],
        factions={
            "k": {"capital": "c-k", "ruler": "kk", "supplies": 5, "influence": 1},
            "x": {"capital": "c-x", "ruler": "xx", "supplies": 5, "influence": 1},
        },
        armies=[army("in", "k", "c-lomen", army=3), army("out", "k", "r-lomen", army=2)] if lomen_owner == "k" else [],
        giant_targets={"1": "g1", "2": "g2", "3": "g3", "4": "c-lomen", "5": "g5", "6": "g6"},
    )


def _to_round_5_supply(game: Campaign) -> None:
    game.to_turn(4, "k")
    game.ok("end_turn", "k")
    game.ok("end_turn", "x")
    game.ok("start_round")


def test_kbs_gnt_1_9_amb_1_amb_11_giant_raid_ex6(api: Api) -> None:
    game = Campaign(api, _ex6_board("k"), ("k", "x"))
    game.to_turn(4, "k")
    recorded = api.client.get(f"/api/v1/games/{game.id}/events?limit=200").get_json()["items"]
    # Rounds 1-4: only round 3 is odd and from 3 on; its roll of 1 hit a far neutral city (KBS-GNT-1, GNT-3).
    assert [e["data"]["round"] for e in recorded if e["type"] == "GiantsStayedAway"] == [3]
    assert not [e for e in recorded if e["type"] == "GiantsArrived"]
    game.ok("end_turn", "k")
    game.ok("end_turn", "x")
    game.ok("start_round")
    assert_refused(game.act("begin_turns", dice=[4]), "CORE-DICE-1")  # the battle needs two more dice
    events = game.ok("begin_turns", dice=[4, 6, 1])
    assert of(events, "GiantsArrived")[0]["city"] == "c-lomen"
    battle = of(events, "BattleResolved")[0]
    assert (battle["bs"], battle["values"], battle["winner"]) == ([5, 5], [2, 1], "attacker")
    state = game.state()
    assert state["cities"]["c-lomen"]["owner"] == "neutral"
    assert [a["units"] for a in state["armies"].values() if a["at"] in ("c-lomen", "r-lomen")] == [{"army": 2}]
    assert state["prisoners"] == {} and state["captives"] == {}


def test_kbs_gnt_6_9_cmb_5_giant_repelled_on_a_tie_ex6_variant(api: Api) -> None:
    game = Campaign(api, _ex6_board("k"), ("k", "x"))
    _to_round_5_supply(game)
    events = game.ok("begin_turns", dice=[4, 6, 3])
    assert of(events, "BattleResolved")[0]["values"] == [2, 2]
    assert of(events, "InfluenceTransferred")[0] == {"from": None, "to": "k", "amount": 2, "rule_ids": ["KBS-GNT-9"]}
    state = game.state()
    assert state["cities"]["c-lomen"]["owner"] == "k" and state["factions"]["k"]["influence"] == 3
    assert sum(sum(a["units"].values()) for a in state["armies"].values() if a["owner"] == "k") == 2


def test_kbs_gnt_3_giants_stay_away_from_a_neutral_city_ex6_variant(api: Api) -> None:
    game = Campaign(api, _ex6_board("neutral"), ("k", "x"))
    _to_round_5_supply(game)
    events = game.ok("begin_turns", dice=[4])
    assert of(events, "GiantsStayedAway")[0]["city"] == "c-lomen" and not of(events, "BattleResolved")


def test_kbs_ran_1_ran_2_ran_4_amb_14_ransom_with_little_influence_ex7(api: Api) -> None:
    board = board_doc(
        regions={"r-f": {}, "r-g": {}, "r-trap": {}},
        cities={"c-f": city("r-f", "f", capital_of="f"), "c-g": city("r-g", "g", capital_of="g")},
        land=[("r-trap", "r-g")],
        factions={
            "f": {"capital": "c-f", "ruler": "fk", "supplies": 7, "influence": 3},
            "g": {"capital": "c-g", "ruler": "gk", "supplies": 2, "influence": 0},
        },
        armies=[
            army("fa", "f", "r-trap", ["fk"], army=1),
            army("ga", "g", "r-g", ["gk"], army=9),
            army("gb", "g", "r-g", army=1),
        ],
    )
    game = Campaign(api, board, ("g", "f"), turn_order=["g", "f"])
    game.to_turn(1, "g")
    # g takes f's kard: 9 army and gk (+0) against 1 army and fk (+0); r-g, the only way out, is g's.
    events = game.ok("attack", "g", dice=[6, 1], army="ga", to="r-trap")
    assert of(events, "BattleResolved")[0]["values"] == [3, 0]
    assert of(events, "UnitsCaptured")[0]["leaders"] == ["fk"]
    game.ok("end_turn", "g")
    kard = game.ok("ransom_kard", "f", kard="fk")
    assert of(kard, "SuppliesTransferred")[0]["amount"] == 5 and of(kard, "InfluenceTransferred")[0]["amount"] == 3
    state = game.state()
    assert (state["factions"]["f"]["supplies"], state["factions"]["f"]["influence"]) == (2, 0)
    assert (state["factions"]["g"]["supplies"], state["factions"]["g"]["influence"]) == (5, 3)
    assert [a["at"] for a in state["armies"].values() if "fk" in a["leaders"]] == ["c-f"]


def test_kbs_amb_14_ransom_refused_with_four_supplies_ex7(api: Api) -> None:
    board = board_doc(
        regions={"r-f": {}, "r-g": {}, "r-trap": {}},
        cities={"c-f": city("r-f", "f", capital_of="f"), "c-g": city("r-g", "g", capital_of="g")},
        land=[("r-trap", "r-g")],
        factions={
            "f": {"capital": "c-f", "ruler": "fk", "supplies": 4, "influence": 3},
            "g": {"capital": "c-g", "ruler": "gk", "supplies": 2, "influence": 0},
        },
        armies=[
            army("fa", "f", "r-trap", ["fk"], army=1),
            army("ga", "g", "r-g", ["gk"], army=9),
            army("gb", "g", "r-g", army=1),
        ],
    )
    game = Campaign(api, board, ("g", "f"))
    game.to_turn(1, "g")
    game.ok("attack", "g", dice=[6, 1], army="ga", to="r-trap")
    game.ok("end_turn", "g")
    assert_refused(game.act("ransom_kard", "f", kard="fk"), "KBS-AMB-14")


def test_kbs_vas_1_10_amb_16_amb_17_vassalage_ex8(api: Api) -> None:
    board = board_doc(
        regions={"r-a": {}, "r-b": {}, **{f"r-b{n}": {} for n in range(1, 7)}},
        cities={
            "c-a": city("r-a", "a", capital_of="a"),
            "c-b": city("r-b", "b", capital_of="b"),
            **{f"c-b{n}": city(f"r-b{n}", "b") for n in range(1, 7)},
        },
        land=[("r-a", "r-b"), *[("r-b", f"r-b{n}") for n in range(1, 7)]],
        factions={
            "a": {"capital": "c-a", "ruler": "robert", "supplies": 10, "influence": 5},
            "b": {"capital": "c-b", "ruler": "rim", "supplies": 10, "influence": 5},
        },
        armies=[army("ga", "a", "r-b", ["robert"], army=12), army("gb", "b", "c-b", ["rim"], army=2)],
    )
    game = Campaign(api, board, ("a", "b"))
    game.to_turn(1, "a")
    game.ok("start_siege", "a", army="ga", city="c-b")
    game.to_turn(2, "a")
    events = game.ok("storm_city", "a", dice=[6, 1], army="ga", city="c-b")
    assert of(events, "BattleResolved")[0]["values"] == [5, 1]
    assert of(events, "VassalageEstablished")[0]["lord"] == "a"
    placed = of(events, "ArmyPlaced")[0]
    assert (placed["at"], placed["units"], placed["leaders"]) == ("c-b", {"army": 3}, ["rim"])
    state = game.state()
    assert state["factions"]["b"]["lord"] == "a" and len(state["factions"]["b"]["cities"]) == 7
    game.ok("end_turn", "a")
    game.ok("end_turn", "b")
    game.ok("start_round")
    assert_refused(game.act("request_vassal_supplies", "a", vassal="b", amount=4), "KBS-VAS-9")
    paid = game.ok("request_vassal_supplies", "a", vassal="b", amount=3)
    assert of(paid, "SuppliesTransferred")[0] == {"from": "b", "to": "a", "amount": 3, "rule_ids": ["KBS-VAS-6"]}
    game.ok("begin_turns", dice=[1])
    game.ok("end_turn", "a")
    assert_refused(game.act("attack", "b", dice=[1, 1], army=placed["army"], to="r-b"), "KBS-VAS-5")
    assert_refused(game.act("move_army", "b", army=placed["army"], path=["r-b", "r-a", "c-a"]), "KBS-VAS-4")
    assert game.ok("move_army", "b", army=placed["army"], path=["r-b", "r-a"])
    assert game.state()["factions"]["b"]["supplies"] == 10 - 3 - 2


def test_kbs_rel_1_rel_2_rel_5_mov_10_amb_18_the_seeds_relief_of_jezerni_mesto_on_the_demonstration_map(
    api: Api,
) -> None:
    game = Campaign(api, "demonstration", ("zapad", "rudern", "stiny", "ostius"))
    game.to_turn(1, "rudern")
    game.ok("move_army", "rudern", army="r-main", path=["r-jezerni"])
    game.ok("start_siege", "rudern", army="r-main", city="c-jezerni")
    game.to_turn(2, "zapad")
    # "Z Heráně a Zlatky přijdou dvě armády do správní oblasti Jezerního města" (KBS-REL-5): one joint entry.
    entered = of(
        game.ok("enter_jointly", "zapad", armies=["z-heran", "z-zlatka"], to="r-jezerni"), "ArmiesEnteredJointly"
    )
    assert entered[0]["cost"] == 2 and entered[0]["from"] == ["r-heran", "r-zlatka"]
    events = game.ok("relieve_siege", "zapad", dice=[6, 1], armies=["z-heran", "z-zlatka"], city="c-jezerni")
    declared = of(events, "ReliefAttackDeclared")[0]
    assert declared["garrison"] == ["z-jezerni"]  # "Dostanou podporu i z Jezerního města"
    battle = of(events, "BattleResolved")[0]
    # 4 + 3 relieving + 2 besieged (one died in year 2), Jaromír +1, no city defence; Robert's 9 +3.
    assert (battle["bs"], battle["bonus"], battle["city_defence"], battle["values"]) == ([9, 9], [1, 3], 0, [4, 3])
    assert of(events, "SiegeEnded")[0]["reason"] == "relieved"
    assert of(events, "RetreatsRequired")[0]["armies"] == ["r-main"]
