"""cedofan_kards_bs through the HTTP API: the loser picks which units he loses (KBS-AMB-1)."""

from __future__ import annotations

from tests.api.conftest import assert_refused
from tests.api.test_cedofan_kards_bs_examples import FACTIONS, HOMES, Campaign, of
from tests.conftest import Api
from tests.domain.cedofan_kards_bs.builders import army, board_doc


def test_kbs_amb_1_the_defender_loses_his_fanatics_instead_of_his_army_units_when_he_chooses(api: Api) -> None:
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r-ru": {}, "r-za": {}},
        cities=HOMES,
        land=[("r1", "r2"), ("r1", "r-ru"), ("r2", "r-za")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", army=8), army("za", "zapad", "r2", fanatic=2, army=2)],
    )
    game = Campaign(api, board, ("rudern", "zapad"))
    game.to_turn(2, "rudern")
    # Attacker floor((8 + 6) / 4) = 3 beats defender floor((6 + 2) / 4) = 2; zapad keeps min(2, 6) = 2 BS.
    events = game.ok("attack", "rudern", dice=[6, 2], army="ra", to="r2")
    assert of(events, "BattleResolved")[0]["survivors"] == [3, 2]
    assert {e["army"]: e["units"] for e in of(events, "UnitsLost")}["za"] == {"army": 2, "fanatic": 1}
    assert_refused(
        game.act("allocate_losses", "zapad", at="r2", removed={"za": {"fanatic": 2, "army": 2}}), "KBS-AMB-1"
    )
    chosen = game.ok("allocate_losses", "zapad", at="r2", removed={"za": {"fanatic": 2}})
    assert of(chosen, "LossesAllocated")[0]["rule_ids"] == ["KBS-AMB-1"]
    state = game.state()
    assert state["armies"]["za"]["units"] == {"army": 2}
    assert state["open_losses"]["zapad|r2"]["removed"] == {"za": {"fanatic": 2}}
