"""Audits of recorded freeform games (DESIGN §8): given a record → when audited → then the verdict and its rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.kernel import Action, Decision, Event, Game, Inputs, advance, start
from domain.platform import PLATFORM_RULES, decide_action
from domain.rulesets.freeform import FREEFORM
from domain.rulesets.freeform.ruleset import FreeformRuleset
from replays.audit import AuditError, audit_action, audit_game
from replays.readjudicate import RecordedStep
from tests.domain.builders import SEED_S1, by_arbiter, by_player, by_recorder, created, inputs_for

# FF-POSITION-2: the action count follows the counts (CORE-ADJUST-3 refuses an adjustment that breaks it).
SET_MOVES = [{"op": "set", "path": "/counts/move", "value": 5}, {"op": "set", "path": "/actions", "value": 5}]


class Recording:
    """A game recorded the way the service records it: the request and deviations on each action's first event."""

    def __init__(self, **settings: Any) -> None:
        first = created(**settings)
        self.game: Game = start(FREEFORM, first, None)
        self.steps = [RecordedStep(1, first.type, first.data, {"actor": "t-organiser"})]

    def act(self, action: Action, record_deviations: bool = True) -> int:
        decision = decide_action(FREEFORM, self.game, action, inputs_for(self.game))
        assert decision.events, decision.violations
        cause = {
            "type": action.type,
            "seat": action.seat,
            "data": dict(action.data),
            "authority": action.authority.value,
        }
        first: dict[str, Any] = {"actor": f"t-{action.authority.value}", "role": "arbiter", "action": cause}
        if decision.violations and record_deviations:
            first["deviations"] = [
                {"rule_id": v.rule_id, "message": v.message, "details": dict(v.details)} for v in decision.violations
            ]
        version = self.game.version + 1
        for index, event in enumerate(decision.events):
            self.append(event, first if index == 0 else {"actor": first["actor"]})
        return version

    def append(self, event: Event, metadata: dict[str, Any] | None = None) -> int:
        self.game = advance(FREEFORM, self.game, event)
        self.steps.append(RecordedStep(self.game.version, event.type, event.data, metadata or {}))
        return self.game.version


def test_action_is_consistent_when_the_rules_give_the_recorded_roll() -> None:
    record = Recording(mode="transcript")
    record.act(by_player("move", "north", to="b2"))
    version = record.act(by_recorder("roll", "south", count=2, dice=[3, 4]))

    audit = audit_action(FREEFORM, record.steps, None, version, None)

    assert audit.verdict == "consistent"
    assert audit.expected_events == ({"type": "DiceRolled", "data": record.steps[-1].data},)
    assert [e["version"] for e in audit.recorded_events] == [version]
    assert audit.action is not None and audit.action["type"] == "roll"
    [step] = audit.trace
    assert step["rule_id"] == "FF-ROLL-1"
    assert step["numbers"] == {"count": 2, "faces": [3, 4]}
    assert step["summary"] == FREEFORM.rulebook["FF-ROLL-1"].summary
    assert [r["id"] for r in audit.rules] == ["FF-ROLL-1"]
    assert audit.state_before["version"] == version - 1
    assert audit.state_before["state"]["counts"] == {"move": 1}


def test_recorded_deviation_is_listed_with_its_rule_and_quote_when_too_many_faces_were_entered() -> None:
    record = Recording(mode="transcript")
    version = record.act(by_recorder("roll", "north", count=1, dice=[6, 6]))

    audit = audit_action(FREEFORM, record.steps, None, version, None)
    game = audit_game(FREEFORM, record.steps, None, None)

    core_dice = PLATFORM_RULES["CORE-DICE-1"]
    assert audit.verdict == "consistent"  # recorded as the rules give it, deviation included
    assert [d["rule_id"] for d in audit.deviations] == ["CORE-DICE-1"]
    assert [v["rule_id"] for v in audit.expected_violations] == ["CORE-DICE-1"]
    cited = {r["id"]: r for r in audit.rules}
    assert cited["CORE-DICE-1"]["summary"] == core_dice.summary
    assert cited["CORE-DICE-1"]["source_quote"] == core_dice.source_quote
    assert cited["CORE-DICE-1"]["source_file"] == "shared/DESIGN.md"
    assert [a.version for a in game.deviations] == [version]
    assert game.counts["deviations_recorded"] == 1
    assert game.counts["consistent"] == 1


def test_action_deviates_when_its_deviation_was_not_recorded() -> None:
    record = Recording(mode="transcript")
    version = record.act(by_recorder("roll", "north", count=1, dice=[6, 6]), record_deviations=False)

    audit = audit_action(FREEFORM, record.steps, None, version, None)

    assert audit.verdict == "deviates"
    assert "deviations" in audit.reason
    assert [r["id"] for r in audit.rules] == ["FF-ROLL-1", "CORE-DICE-1"]


def test_adjustment_is_listed_with_its_reason_when_the_arbiter_adjusted() -> None:
    record = Recording()
    record.act(by_player("move", "north"))
    version = record.act(_adjust())

    game = audit_game(FREEFORM, record.steps, None, None)

    [adjustment] = game.adjustments
    assert adjustment["version"] == version
    assert adjustment["reason"] == "two moves went unrecorded"
    assert adjustment["changes"] == SET_MOVES
    assert adjustment["rule_ids"] == ["CORE-ADJUST-2"]
    assert adjustment["actor"] == "t-arbiter"
    assert game.counts == {
        "actions": 2,
        "consistent": 2,
        "deviates": 0,
        "unverifiable": 0,
        "adjustments": 1,
        "forced_adjustments": 0,
        "deviations_recorded": 0,
        "corrections": 0,
        "drift": 0,
        "unrecorded_fields": 0,
    }
    audit = audit_action(FREEFORM, record.steps, None, version, None)
    assert audit.trace[0]["rule_id"] == "CORE-ADJUST-2"
    assert audit.trace[0]["source_quote"] == PLATFORM_RULES["CORE-ADJUST-2"].source_quote


def _adjust() -> Action:
    return by_arbiter("adjust", changes=SET_MOVES, reason="two moves went unrecorded", rule_ids=["CORE-ADJUST-2"])


def test_action_deviates_with_expected_and_recorded_when_a_recorded_event_was_tampered() -> None:
    record = Recording()
    version = record.act(by_recorder("roll", "east", count=3, dice=[1, 2, 3]))
    index = version - 1
    record.steps[index] = replace(record.steps[index], data={**record.steps[index].data, "faces": [6, 6, 6]})

    audit = audit_action(FREEFORM, record.steps, None, version, None)
    game = audit_game(FREEFORM, record.steps, None, None)

    assert audit.verdict == "deviates"
    assert audit.expected_events[0]["data"]["faces"] == [1, 2, 3]
    assert audit.recorded_events[0]["data"]["faces"] == [6, 6, 6]
    assert game.counts["deviates"] == 1
    assert [a.version for a in game.deviations] == [version]


def test_audit_is_refused_naming_the_action_when_the_version_is_a_consequence() -> None:
    record = Recording(dice="server")
    record.act(by_player("roll", "north", count=2))
    ended = record.act(by_recorder("end_game", winners=["north"]))
    revealed = record.append(Event("DiceSeedRevealed", {"seed": SEED_S1.hex()}), {"actor": "t-recorder"})

    with pytest.raises(AuditError, match=f"version {revealed} .* action at version {ended}") as raised:
        audit_action(FREEFORM, record.steps, None, revealed, SEED_S1)
    assert raised.value.action_version == ended
    with pytest.raises(AuditError, match="version 1 is the game's creation"):
        audit_action(FREEFORM, record.steps, None, 1, SEED_S1)
    with pytest.raises(AuditError, match="not in the game"):
        audit_action(FREEFORM, record.steps, None, revealed + 1, SEED_S1)


def test_server_rolls_are_unverifiable_until_the_seed_is_revealed() -> None:
    record = Recording(dice="server")
    roll = record.act(by_player("roll", "north", count=2))

    hidden = audit_game(FREEFORM, record.steps, None, None)
    shown = audit_game(FREEFORM, record.steps, None, SEED_S1)

    assert hidden.unverifiable == ({"version": roll, "reason": "server dice were rolled and the seed is not revealed"},)
    assert hidden.counts["unverifiable"] == 1
    assert shown.counts["consistent"] == 1 and shown.unverifiable == ()


class _LouderFreeform(FreeformRuleset):
    """A stub 'next version' of freeform that records plain actions with an extra field."""

    version = "2.0.0"

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        decision = super().decide(game, action, inputs)
        if action.type == "move" and decision.events:
            event = decision.events[0]
            return Decision((Event(event.type, {**event.data, "loud": True}),), decision.violations, decision.trace)
        return decision


def test_drift_lists_the_actions_the_current_version_decides_otherwise() -> None:
    record = Recording()
    moved = record.act(by_player("move", "north"))
    record.act(by_recorder("roll", "south", count=1, dice=[5]))

    pinned_only = audit_game(FREEFORM, record.steps, None, None)
    drifted = audit_game(FREEFORM, record.steps, None, None, current=_LouderFreeform())

    assert pinned_only.drift == () and pinned_only.ruleset["current_version"] == "1.0.0"
    [entry] = drifted.drift
    assert entry["version"] == moved
    assert (entry["pinned_version"], entry["current_version"]) == ("1.0.0", "2.0.0")
    assert entry["current"]["expected_events"][0]["data"]["loud"] is True
    assert drifted.counts["drift"] == 1
    assert drifted.counts["consistent"] == 2  # drift does not change the verdict under the pinned version


class _LouderFreeformDeclared(_LouderFreeform):
    """The same next version, declaring `loud` as a field its plain actions gained after games were recorded."""

    fields_added_later = {"ActionRecorded": ("loud",)}


def test_drift_leaves_out_an_action_whose_current_events_only_add_a_field_declared_added_later() -> None:
    record = Recording()
    record.act(by_player("move", "north"))

    drifted = audit_game(FREEFORM, record.steps, None, None, current=_LouderFreeformDeclared())

    assert drifted.drift == () and drifted.counts["drift"] == 0


def test_action_recorded_without_a_field_declared_added_later_is_consistent_and_names_it() -> None:
    record = Recording()  # recorded by freeform 1.0.0, audited by a build whose moves carry `loud`
    moved = record.act(by_player("move", "north"))

    audit = audit_action(_LouderFreeformDeclared(), record.steps, None, moved, None)
    game = audit_game(_LouderFreeformDeclared(), record.steps, None, None)
    undeclared = audit_action(_LouderFreeform(), record.steps, None, moved, None)

    named = ({"version": moved, "event": "ActionRecorded", "field": "loud"},)
    assert (audit.verdict, audit.unrecorded_fields) == ("consistent", named)
    assert audit.to_json()["unrecorded_fields"] == list(named)
    assert game.unrecorded_fields == named and game.counts["consistent"] == 1 and game.counts["unrecorded_fields"] == 1
    assert (undeclared.verdict, undeclared.unrecorded_fields) == ("deviates", ())


def test_game_audit_is_plain_json_when_serialised() -> None:
    record = Recording(mode="transcript")
    record.act(by_recorder("roll", "north", count=1, dice=[6, 6]))
    # The roll is counted too, so 5 moves make 6 actions, not 5: only an arbiter's force records it (CORE-ADJUST-3).
    record.act(by_arbiter("adjust", changes=SET_MOVES, reason="two moves went unrecorded", force=True))

    document = audit_game(FREEFORM, record.steps, None, None).to_json()

    assert document["deviations"][0]["action"]["authority"] == "recorder"
    assert document["adjustments"][0]["reason"] == "two moves went unrecorded"
    assert document["adjustments"][0]["forced"] is True
    assert [o["path"] for o in document["adjustments"][0]["overridden"]] == ["/actions"]
    assert document["counts"]["forced_adjustments"] == 1
    assert document["game"] == "game-1"
