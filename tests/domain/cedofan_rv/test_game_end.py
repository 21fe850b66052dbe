"""The end of a game with a loot slip open (RV-LOOT-2, RV-VIC-3, CORE-END-1): what is owed is settled first."""

from __future__ import annotations

from typing import Any

from domain.kernel import Action, Authority, Decision, Inputs, Viewer, game_to_json, public_meta
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import NOW, A, B, Table, board, city, first, noble, troops, types


def _armies_met(options: dict[str, Any] | None = None) -> Table:
    """A's g (2 infantry) and B's h (purse 3, 1 infantry) in the open region r, in A's impulse."""
    pieces = [
        noble("g", A, "r"),
        *troops("a", 2, "infantry", A, "r", "g"),
        noble("h", B, "r", purse=3),
        *troops("b", 1, "infantry", B, "r", "h"),
    ]
    table = Table.on(board({"r": {}, "b_home": city(B)}, [("r", "b_home", "passable", 1)], pieces), options=options)
    table.impulse(A)
    return table


def _beaten_with_a_purse() -> tuple[Table, str]:
    """g beats h in the open: h falls and B owes A a slip of 3."""
    table = _armies_met()
    decision = table.act(A, "attack", [6, 1, 1, 1, 1], nobles=["g"])  # A: g, a1, a2; B: h, b1
    loot = first(decision, "LootOwed")["loot"]
    assert loot in table.game.meta.sealed and table.state.loot[loot].delivered is None
    return table, loot


def _ended_by_the_arbiter(table: Table) -> Decision:
    """The arbiter ends the game by hand (RV-VIC-4, left to `end_game`) and the end is recorded."""
    action = Action("end_game", None, {"winners": [A], "reason": "RV-VIC-4: Robert's body"}, Authority.ARBITER)
    decision = decide_action(CEDOFAN_RV, table.game, action, Inputs(NOW))
    assert decision.violations == ()
    table.record(decision.events)
    return decision


def test_rv_loot_2_core_end_1_the_arbiters_end_game_delivers_an_open_loot_slip_first() -> None:
    """RV-LOOT-2: h carried 3, owed to A on a slip B has not sealed; the arbiter's `end_game` (CORE-END-1) ends the
    game, after which nothing can be sealed: the slip is delivered first, so A's treasury gets the 3."""
    table, loot = _beaten_with_a_purse()
    before = table.state.treasuries.get(A, 0)
    decision = _ended_by_the_arbiter(table)
    assert types(decision) == ["LootDelivered", "GameEnded"]
    delivered = first(decision, "LootDelivered")
    assert (delivered["loot"], delivered["from_seat"], delivered["to_seat"], delivered["amount"]) == (loot, B, A, 3)
    assert delivered["rule_ids"] == ["RV-LOOT-2", "RV-AMB-19", "CORE-END-1"]
    assert table.state.treasuries.get(A, 0) == before + 3 and table.state.loot[loot].delivered == 3
    assert table.game.meta.ended


def test_rv_loot_2_core_game_1_no_sealed_round_is_listed_open_after_the_arbiters_end() -> None:
    """RV-LOOT-2: the slip's round is open until the game ends; CORE-GAME-1: after the end nothing can be sealed, so
    neither the state's envelope nor the public view lists it, and nobody is waited on to seal."""
    table, loot = _beaten_with_a_purse()
    assert list(public_meta(table.game.meta)["sealed_rounds"]) == [loot]
    _ended_by_the_arbiter(table)
    assert table.game.meta.sealed == {} and public_meta(table.game.meta)["sealed_rounds"] == {}
    assert game_to_json(CEDOFAN_RV, table.game)["meta"]["sealed"] == {}
    assert CEDOFAN_RV.pending(table.game, Viewer(arbiter=True)).waiting == ()


def test_rv_vic_3_rv_loot_2_no_sealed_round_is_listed_open_after_the_influence_end() -> None:
    """RV-VIC-3: the battle that opens the slip brings A to the influence target; the slip is delivered (RV-LOOT-2)
    and the game ends, leaving no sealed round open."""
    table = _armies_met({"influence_target": 1})
    decision = table.act(A, "attack", [6, 1, 1, 1, 1], nobles=["g"])
    assert types(decision)[-2:] == ["LootDelivered", "GameEnded"] and "SealedRoundOpened" in types(decision)
    assert table.game.meta.sealed == {} and public_meta(table.game.meta)["sealed_rounds"] == {}
