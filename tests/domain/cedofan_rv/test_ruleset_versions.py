"""cedofan RV ships its versions side by side (domain/registry.py). 1.1.0 carries the rulings changed in place on
2026-11-29: a besieger's move keeps the siege it may still hold (RV-REL-7, RV-AMB-16, RV-SIE-3), and a game that ends
on influence (RV-VIC-3) or by `end_game` (CORE-END-1) first delivers its open loot slips (RV-LOOT-2). Games recorded
under 1.0.0 keep deciding, and auditing, as they were played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import registry
from domain.kernel import Action, Authority, Decision, Inputs
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV, CEDOFAN_RV_1_0_0, VERSIONS, CedofanRvRuleset
from domain.rulesets.cedofan_rv.moves import MOVE_RULE_IDS
from replays.audit import GameAudit, audit_game
from replays.readjudicate import RecordedStep
from tests.domain.cedofan_rv.fixtures import NOW, A, Table, first, types
from tests.domain.cedofan_rv.test_game_end import _armies_met
from tests.domain.cedofan_rv.test_siege_moves import _besieging_from_next_door

MOVE_INTO_C = {"noble": "ha", "path": ["c"], "units": ["a1", "a2", "a3"]}
ATTACK = {"nobles": ["g"], "dice": [6, 1, 1, 1, 1]}  # A: g, a1, a2 beat B's h (purse 3) and b1
END_GAME = {"winners": [A], "reason": "RV-VIC-4: Robert's body"}


def _cause(action_type: str, seat: str | None, data: Mapping[str, Any], authority: str) -> dict[str, Any]:
    return {"type": action_type, "seat": seat, "data": dict(data), "authority": authority}


def _act(table: Table, cause: Mapping[str, Any]) -> Decision:
    """The action decided under the table's version and recorded."""
    action = Action(cause["type"], cause["seat"], cause["data"], Authority(cause["authority"]))
    decision = decide_action(table.ruleset, table.game, action, Inputs(NOW))
    assert decision.violations == (), decision.violations
    table.record(decision.events)
    return decision


def _audited(table: Table, cause: Mapping[str, Any]) -> tuple[GameAudit, Decision]:
    """The table's last action recorded with its request, the play before it as events written without one (not
    re-decided), and the audit of the stream under the table's version."""
    before = len(table.events)
    decision = _act(table, cause)
    steps = [
        RecordedStep(n + 1, e.type, e.data, {"actor": "t", "action": cause} if n == before else {})
        for n, e in enumerate(table.events)
    ]
    return audit_game(table.ruleset, steps, table.game.board, None), decision


def test_the_versions_are_listed_oldest_first_and_1_1_0_is_current() -> None:
    assert registry.versions("cedofan_rv") == ("1.0.0", "1.1.0")
    assert registry.current("cedofan_rv") is CEDOFAN_RV
    assert registry.pinned("cedofan_rv", "1.0.0") is CEDOFAN_RV_1_0_0
    assert CEDOFAN_RV.changed_rules == ("RV-REL-7", "RV-AMB-16", "RV-SIE-3", "RV-LOOT-2", "RV-VIC-3", "CORE-END-1")
    assert CEDOFAN_RV_1_0_0.changes == "the first version" and CEDOFAN_RV_1_0_0.changed_rules == ()


def test_every_version_builds_its_states_with_its_own_amendments_and_dumps_them_alike() -> None:
    table = _armies_met()
    dumped = []
    for ruleset in VERSIONS:
        state = ruleset.setup(table.game.meta.options, table.game.board, table.game.meta.seats)
        document = ruleset.dump_state(state)
        assert state.amendments == ruleset.amendments
        assert ruleset.load_state(document).amendments == ruleset.amendments
        position = ruleset.position_of(table.game)
        meta = table.game.meta
        assert ruleset.from_position(position, meta.options, table.game.board, meta.seats).amendments == (
            ruleset.amendments
        )
        assert "amendments" not in document  # not a fact of the table: views and `adjust` never see it
        dumped.append(document)
    assert dumped[0] == dumped[1]


def _moved_into_c(ruleset: CedofanRvRuleset) -> tuple[Table, dict[str, Any]]:
    """ha, besieging B's city c from r, steps into c's region (RV-AMB-16) in a game pinned to `ruleset`."""
    table = _besieging_from_next_door().pinned_to(ruleset)
    moved = first(table.act(A, "move_banner", **MOVE_INTO_C), "BannerMoved")
    return table, moved


def test_rv_rel_7_rv_amb_16_under_1_1_0_a_move_into_the_besieged_region_keeps_the_siege() -> None:
    table, moved = _moved_into_c(CEDOFAN_RV)

    assert moved["besieges"] == ["c"] and moved["rule_ids"][-2:] == ["RV-REL-7", "RV-AMB-16"]
    assert table.state.sieges["c"].nobles == ("ha",)


def test_rv_rel_7_under_1_0_0_a_move_into_the_besieged_region_ends_the_siege_as_it_did() -> None:
    """1.0.0, as games were recorded before 209a8a6: the move names no siege, cites the move's rules only, and the
    fold ends ha's siege of c, so he must begin it again before he may storm it (RV-STM-7)."""
    table, moved = _moved_into_c(CEDOFAN_RV_1_0_0)

    assert "besieges" not in moved and "breaks_off" not in moved
    assert moved["rule_ids"] == list(MOVE_RULE_IDS)
    assert "c" not in table.state.sieges and table.state.pieces["ha"].area == "c"
    refused = table.decide(A, "storm_place", [1] * 5, place="c").violations
    assert [v.rule_id for v in refused] == ["RV-STM-7"]


def test_rv_sie_3_under_1_0_0_a_move_out_of_reach_names_no_broken_siege() -> None:
    table = _besieging_from_next_door().pinned_to(CEDOFAN_RV_1_0_0)

    moved = first(table.act(A, "move_banner", noble="ha", path=["a_fort"], units=["a1", "a2", "a3"]), "BannerMoved")

    assert "breaks_off" not in moved and "c" not in table.state.sieges


def test_rv_rel_7_an_audit_of_a_1_0_0_move_recorded_the_old_way_is_consistent_and_shows_1_1_0_as_drift() -> None:
    table = _besieging_from_next_door().pinned_to(CEDOFAN_RV_1_0_0)

    audit, _ = _audited(table, _cause("move_banner", A, MOVE_INTO_C, "player"))

    assert audit.ruleset == {"id": "cedofan_rv", "version": "1.0.0", "current_version": "1.1.0"}
    assert (audit.counts["actions"], audit.counts["consistent"], audit.counts["deviates"]) == (1, 1, 0)
    [drift] = audit.drift
    assert drift["current"]["expected_events"][0]["data"]["besieges"] == ["c"]


def test_rv_vic_3_rv_loot_2_under_1_0_0_the_influence_end_leaves_the_slip_undelivered() -> None:
    """1.0.0, as games were recorded before c25f5c8: the battle that reaches the influence target ends the game
    at once (RV-VIC-3); the slip B owes for h's purse is not delivered."""
    table = _armies_met({"influence_target": 1}).pinned_to(CEDOFAN_RV_1_0_0)
    before = table.state.treasuries.get(A, 0)

    decision = table.act(A, "attack", **ATTACK)

    assert "LootDelivered" not in types(decision) and types(decision)[-1] == "GameEnded"
    loot = first(decision, "LootOwed")["loot"]
    assert table.state.loot[loot].delivered is None and table.state.treasuries.get(A, 0) == before
    assert table.game.meta.ended


def test_rv_loot_2_core_end_1_under_1_0_0_the_arbiters_end_game_leaves_the_slip_undelivered() -> None:
    """1.0.0, as games were recorded before f7c63c9: `end_game` is the GameEnded alone."""
    table = _armies_met().pinned_to(CEDOFAN_RV_1_0_0)
    loot = first(table.act(A, "attack", **ATTACK), "LootOwed")["loot"]

    decision = _act(table, _cause("end_game", None, END_GAME, "arbiter"))

    assert types(decision) == ["GameEnded"] and table.state.loot[loot].delivered is None


def test_rv_loot_2_audits_of_1_0_0_ends_recorded_without_delivery_are_consistent_and_show_1_1_0_as_drift() -> None:
    by_influence = _armies_met({"influence_target": 1}).pinned_to(CEDOFAN_RV_1_0_0)
    by_arbiter = _armies_met().pinned_to(CEDOFAN_RV_1_0_0)
    by_arbiter.act(A, "attack", **ATTACK)

    for table, cause in (
        (by_influence, _cause("attack", A, ATTACK, "player")),
        (by_arbiter, _cause("end_game", None, END_GAME, "arbiter")),
    ):
        audit, _ = _audited(table, cause)

        assert (audit.counts["actions"], audit.counts["consistent"], audit.counts["deviates"]) == (1, 1, 0)
        [drift] = audit.drift
        expected = [e["type"] for e in drift["current"]["expected_events"]]
        assert expected[-2:] == ["LootDelivered", "GameEnded"]
