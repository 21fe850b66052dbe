"""Audits (DESIGN §8): was a recorded action right, and by which rules? Was a whole game?

Built on re-adjudication: each recorded action is decided again on the game folded just before it,
under the game's pinned ruleset version, and the answer carries the rules behind it — every trace
step and every rule cited with its summary and the source quote it rests on. A game audit also
re-decides under the current ruleset version and lists the actions whose outcome would differ (drift).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import registry
from domain.kernel import (
    CORRECTION_APPLIED,
    GAME_CREATED,
    STATE_ADJUSTED,
    Event,
    Game,
    Rule,
    Ruleset,
    advance,
    game_to_json,
    start,
)
from domain.platform import all_rules
from replays.readjudicate import Finding, RecordedStep, readjudicate, unrecorded_fields, upcast_steps

StateView = Callable[[Game], Mapping[str, Any]]  # the state before an action, as the audit's reader may see it


class AuditError(ValueError):
    """A version that cannot be audited on its own; the message names it and the action it belongs to."""

    def __init__(self, message: str, version: int, action_version: int | None) -> None:
        super().__init__(message)
        self.version = version
        self.action_version = action_version


@dataclass(frozen=True, slots=True)
class ActionAudit:
    """The audit of one recorded action: verdict, recorded vs expected events, and the rules behind it."""

    version: int
    verdict: str  # consistent | deviates | unverifiable
    reason: str
    ruleset: Mapping[str, str]
    action: Mapping[str, Any] | None  # metadata.action: {type, seat, data, authority}
    sealed: Mapping[str, Any] | None  # metadata.sealed: {round, seat}
    recorded_events: tuple[Mapping[str, Any], ...]
    expected_events: tuple[Mapping[str, Any], ...]
    deviations: tuple[Mapping[str, Any], ...]  # as recorded in the action's metadata
    expected_violations: tuple[Mapping[str, Any], ...]
    trace: tuple[Mapping[str, Any], ...]
    rules: tuple[Mapping[str, Any], ...]
    state_before: Mapping[str, Any]
    # Fields added later to an event type (the ruleset's `fields_added_later`) that the recorded events lack.
    unrecorded_fields: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The audit as a JSON document."""
        return {
            "version": self.version,
            "verdict": self.verdict,
            "reason": self.reason,
            "ruleset": dict(self.ruleset),
            "action": _plain(self.action),
            "sealed": _plain(self.sealed),
            "recorded_events": _plain(list(self.recorded_events)),
            "expected_events": _plain(list(self.expected_events)),
            "deviations": _plain(list(self.deviations)),
            "expected_violations": _plain(list(self.expected_violations)),
            "trace": _plain(list(self.trace)),
            "rules": _plain(list(self.rules)),
            "state_before": _plain(self.state_before),
            "unrecorded_fields": _plain(list(self.unrecorded_fields)),
        }


@dataclass(frozen=True, slots=True)
class GameAudit:
    """The audit of a whole game: counts, deviations, adjustments, corrections, unverifiable actions, drift."""

    game: str
    ruleset: Mapping[str, str]
    counts: Mapping[str, int]
    deviations: tuple[ActionAudit, ...]
    adjustments: tuple[Mapping[str, Any], ...]
    corrections: tuple[Mapping[str, Any], ...]
    unverifiable: tuple[Mapping[str, Any], ...]
    drift: tuple[Mapping[str, Any], ...]
    unrecorded_fields: tuple[Mapping[str, Any], ...] = ()  # of every action, consistent ones too

    def to_json(self) -> dict[str, Any]:
        """The audit as a JSON document."""
        return {
            "game": self.game,
            "ruleset": dict(self.ruleset),
            "counts": dict(self.counts),
            "deviations": [audit.to_json() for audit in self.deviations],
            "adjustments": _plain(list(self.adjustments)),
            "corrections": _plain(list(self.corrections)),
            "unverifiable": _plain(list(self.unverifiable)),
            "drift": _plain(list(self.drift)),
            "unrecorded_fields": _plain(list(self.unrecorded_fields)),
        }


def audit_action(
    ruleset: Ruleset[Any],
    steps: Sequence[RecordedStep],
    board: Mapping[str, Any] | None,
    version: int,
    seed: bytes | None,
    view: StateView | None = None,
) -> ActionAudit:
    """Audit the action whose first recorded event is at `version`; `view` shows the state before it
    (default: whole, as an arbiter sees it). Events are read, shown and compared through the ruleset's upcasters."""
    steps = upcast_steps(ruleset, steps)
    index = _index_of(steps, version)
    if not _is_cause(steps[index]):
        owner = _owner(steps, index)
        if steps[index].type == GAME_CREATED:
            message = f"version {version} is the game's creation, not an action"
        elif owner is None:
            message = f"version {version} ({steps[index].type}) was recorded without a request to audit"
        else:
            message = f"version {version} ({steps[index].type}) is a consequence of the action at version {owner}"
        raise AuditError(message, version, owner)
    end = _batch_end(steps, index)
    findings = {f.version: f for f in readjudicate(ruleset, steps[:end], board, seed)}
    if version not in findings:
        raise AuditError(_not_judged_here(steps[0], version), version, None)
    before = _games_before(ruleset, steps, board, {version})[version]
    return _action_audit(ruleset, steps, index, findings[version], before, view)


def _not_judged_here(created: RecordedStep, version: int) -> str:
    """Why an action of this stream has no finding: a fork's copied history is its parent's, judged there."""
    fork = created.data.get("fork")
    if isinstance(fork, Mapping) and "parent" in fork:
        parent, at = fork["parent"], fork.get("at_version")
        return (
            f"version {version} was copied from game {parent} when this game was forked at its version {at}; "
            f"it is audited there: GET /api/v1/games/{parent}/audit/{version}"
        )
    return f"version {version} ({created.type} stream) has no recorded request to audit"


def audit_game(
    ruleset: Ruleset[Any],
    steps: Sequence[RecordedStep],
    board: Mapping[str, Any] | None,
    seed: bytes | None,
    current: Ruleset[Any] | None = None,
    view: StateView | None = None,
) -> GameAudit:
    """Audit every action of a game; `current` (default: the registry's newest version) measures drift;
    `view` shows the state before each deviating action (default: whole)."""
    if not steps:
        raise AuditError("an empty stream has nothing to audit", 0, None)
    steps = upcast_steps(ruleset, steps)  # as the fold reads them (the newest version's drift upcasts on its own)
    findings = readjudicate(ruleset, steps, board, seed)
    index_of = {step.version: i for i, step in enumerate(steps)}
    verdicts = [_verdict(f, steps[index_of[f.version]]) for f in findings]
    deviating = [
        f
        for f, verdict in zip(findings, verdicts, strict=True)
        if verdict == "deviates" or steps[index_of[f.version]].metadata.get("deviations")
    ]
    befores = _games_before(ruleset, steps, board, {f.version for f in deviating})
    audits = tuple(_action_audit(ruleset, steps, index_of[f.version], f, befores[f.version], view) for f in deviating)
    adjustments = tuple(_adjustment(step) for step in steps if step.type == STATE_ADJUSTED)
    corrections = tuple({"version": s.version, "data": dict(s.data)} for s in steps if s.type == CORRECTION_APPLIED)
    unverifiable = tuple({"version": f.version, "reason": f.reason} for f in findings if f.verdict == "unverifiable")
    newest = current if current is not None else _current(ruleset)
    drift = _drift(findings, readjudicate(newest, steps, board, seed), ruleset, newest)
    unrecorded = tuple(field for f in findings for field in f.unrecorded_fields)
    counts = {
        "actions": len(findings),
        "consistent": verdicts.count("consistent"),
        "deviates": verdicts.count("deviates"),
        "unverifiable": verdicts.count("unverifiable"),
        "adjustments": len(adjustments),
        "forced_adjustments": sum(a["forced"] for a in adjustments),
        "deviations_recorded": sum(len(s.metadata.get("deviations") or ()) for s in steps),
        "corrections": len(corrections),
        "drift": len(drift),
        "unrecorded_fields": len(unrecorded),
    }
    pinned = {"id": ruleset.id, "version": ruleset.version, "current_version": newest.version}
    game_id = str(steps[0].data.get("game_id", ""))
    return GameAudit(game_id, pinned, counts, audits, adjustments, corrections, unverifiable, drift, unrecorded)


# --- one action ---


def _action_audit(
    ruleset: Ruleset[Any],
    steps: Sequence[RecordedStep],
    index: int,
    finding: Finding,
    before: Game,
    view: StateView | None,
) -> ActionAudit:
    first = steps[index]
    batch = steps[index : _batch_end(steps, index)]
    catalog = all_rules(ruleset)
    deviations = tuple(dict(d) for d in first.metadata.get("deviations") or () if isinstance(d, Mapping))
    violations = tuple(
        {"rule_id": v.rule_id, "message": v.message, "details": dict(v.details)} for v in finding.violations
    )
    trace = tuple(
        {
            "rule_id": t.rule_id,
            "text": t.text,
            "numbers": dict(t.numbers),
            **_rule_json(catalog, t.rule_id, ("summary", "source_quote", "source_file")),
        }
        for t in finding.trace
    )
    cited = [t.rule_id for t in finding.trace]
    cited += [str(d.get("rule_id")) for d in deviations] + [v.rule_id for v in finding.violations]
    rules = tuple(_rule_json(catalog, rule_id) for rule_id in dict.fromkeys(cited))
    verdict = _verdict(finding, first)
    reason = finding.reason
    if verdict == "deviates" and finding.verdict == "consistent":
        reason = "the rules give the same events but other deviations than were recorded"
    action, sealed = first.metadata.get("action"), first.metadata.get("sealed")
    return ActionAudit(
        version=first.version,
        verdict=verdict,
        reason=reason,
        ruleset={"id": ruleset.id, "version": ruleset.version},
        action=dict(action) if isinstance(action, Mapping) else None,
        sealed=dict(sealed) if isinstance(sealed, Mapping) else None,
        recorded_events=tuple({"version": s.version, "type": s.type, "data": dict(s.data)} for s in batch),
        expected_events=finding.expected,
        deviations=deviations,
        expected_violations=violations,
        trace=trace,
        rules=rules,
        state_before=view(before) if view is not None else game_to_json(ruleset, before),
        unrecorded_fields=finding.unrecorded_fields,
    )


def _verdict(finding: Finding, first: RecordedStep) -> str:
    """The re-decision's verdict, and `deviates` too when the rules break other rules than were recorded."""
    if finding.verdict != "consistent":
        return finding.verdict
    recorded = sorted(str(d.get("rule_id")) for d in first.metadata.get("deviations") or () if isinstance(d, Mapping))
    expected = sorted(v.rule_id for v in finding.violations)
    return "consistent" if recorded == expected else "deviates"


def _rule_json(catalog: Mapping[str, Rule], rule_id: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A rule as JSON; a rule id the catalog does not know (an older record) gets empty texts."""
    rule = catalog.get(rule_id, Rule(rule_id, ""))
    found = {
        "id": rule.id,
        "summary": rule.summary,
        "source_quote": rule.source_quote,
        "source_file": rule.source_file,
        "section": rule.section,
    }
    return found if keys is None else {key: found[key] for key in keys}


# --- the whole game ---


def _adjustment(step: RecordedStep) -> dict[str, Any]:
    data, meta = step.data, step.metadata
    return {
        "version": step.version,
        "reason": data.get("reason", ""),
        "changes": data.get("changes", []),
        "rule_ids": data.get("rule_ids", []),
        "actor": meta.get("actor"),
        "role": meta.get("role"),
        # CORE-ADJUST-3: an arbiter recorded a position that breaks these invariants.
        "forced": data.get("forced") is True,
        "overridden": data.get("overridden", []),
    }


def _drift(
    pinned: Sequence[Finding], newest: Sequence[Finding], ruleset: Ruleset[Any], current: Ruleset[Any]
) -> tuple[dict[str, Any], ...]:
    """Actions whose expected outcome (events or violations) differs under the current ruleset version; events that
    differ only by fields the current version declares added later (`fields_added_later`) are the same outcome."""
    under_current = {f.version: f for f in newest}
    drift = []
    for then in pinned:
        now = under_current.get(then.version)
        if now is None or _same_outcome(then, now, current):
            continue
        drift.append(
            {
                "version": then.version,
                "pinned_version": ruleset.version,
                "current_version": current.version,
                "pinned": {"verdict": then.verdict, "expected_events": list(then.expected)},
                "current": {"verdict": now.verdict, "expected_events": list(now.expected)},
            }
        )
    return tuple(drift)


def _same_outcome(then: Finding, now: Finding, current: Ruleset[Any]) -> bool:
    """The same rules broken and the same events, as an audit compares a record with its re-decision."""
    if sorted(v.rule_id for v in then.violations) != sorted(v.rule_id for v in now.violations):
        return False
    return unrecorded_fields(now.expected, then.expected, current.fields_added_later) is not None


def _current(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    try:
        return registry.current(ruleset.id)
    except registry.UnknownRuleset:
        return ruleset


# --- the stream ---


def _index_of(steps: Sequence[RecordedStep], version: int) -> int:
    for index, step in enumerate(steps):
        if step.version == version:
            return index
    last = steps[-1].version if steps else 0
    raise AuditError(f"version {version} is not in the game (its last version is {last})", version, None)


def _is_cause(step: RecordedStep) -> bool:
    return step.type != GAME_CREATED and ("action" in step.metadata or "sealed" in step.metadata)


def _owner(steps: Sequence[RecordedStep], index: int) -> int | None:
    """The version of the action whose batch holds the step at `index`, if any."""
    for earlier in range(index - 1, 0, -1):
        if _is_cause(steps[earlier]):
            return steps[earlier].version
    return None


def _batch_end(steps: Sequence[RecordedStep], index: int) -> int:
    end = index + 1
    while end < len(steps) and not _is_cause(steps[end]):
        end += 1
    return end


def _games_before(
    ruleset: Ruleset[Any], steps: Sequence[RecordedStep], board: Mapping[str, Any] | None, versions: set[int]
) -> dict[int, Game]:
    """The game folded to `version - 1` for each wanted version, in one pass."""
    found: dict[int, Game] = {}
    if not versions:
        return found
    game = start(ruleset, Event(steps[0].type, steps[0].data), board)
    for step in steps[1:]:
        if step.version in versions:
            found[step.version] = game
            if len(found) == len(versions):
                break
        game = advance(ruleset, game, Event(step.type, step.data))
    return found


def _plain(value: Any) -> Any:
    """A JSON value made of dicts and lists only (tuples and mappings from the records turned plain)."""
    return json.loads(json.dumps(value))
