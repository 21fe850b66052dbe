"""The end of a game with a loot slip open (RV-LOOT-2, RV-VIC-3, CORE-END-1): what is owed is settled first."""

from __future__ import annotations

from domain.kernel import Action, Authority, Decision, Inputs
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import NOW, A, B, Table, board, city, first, noble, troops, types


def _beaten_with_a_purse() -> tuple[Table, str]:
    """A's g (2 infantry) beats B's h (purse 3, 1 infantry) in the open: h falls and B owes A a slip of 3."""
    pieces = [
        noble("g", A, "r"),
        *troops("a", 2, "infantry", A, "r", "g"),
        noble("h", B, "r", purse=3),
        *troops("b", 1, "infantry", B, "r", "h"),
    ]
    table = Table.on(board({"r": {}, "b_home": city(B)}, [("r", "b_home", "passable", 1)], pieces))
    table.impulse(A)
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
