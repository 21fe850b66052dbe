"""Re-adjudication: decide every recorded action again and compare with what was recorded.

Each action's first event carries the request in its metadata (`action`, or `sealed` for a sealed
submission); the events up to the next such event are that action's batch. Deciding the request
again on the game folded just before it must give the same events, except what the service adds
itself (`DiceSeedRevealed`, and the `CorrectionApplied` marker heading an arbiter's correction).
A correction (metadata `correction`) is decided as the arbiter's ruling was: on the game as if it
were still running, since disputes are often ruled after the end. Server dice are re-derived from
the revealed seed; without it, rolls cannot be checked and those actions are reported as
unverifiable, never as consistent. A recorded event that lacks only data fields its ruleset declares
added later to its type (`fields_added_later`, an older build's record) is the same event: the action
is consistent and its finding names those fields. Recorded events are read through the ruleset's upcasters first,
as the fold reads them, so an event written in an older shape of its type compares as today's. Import shares this
comparison.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.commitments import verify_commitment
from domain.dice import SeededDice
from domain.kernel import (
    CORRECTION_APPLIED,
    DICE_SEED_REVEALED,
    SUBMISSION_SEALED,
    SUBMISSIONS_REVEALED,
    Action,
    Authority,
    Decision,
    DiceMode,
    Event,
    Game,
    Inputs,
    Ruleset,
    RuleViolation,
    TraceStep,
    advance,
    start,
)
from domain.platform import decide_action, decide_reveal
from domain.upcasting import upcasters_for

SERVICE_ADDED = frozenset({DICE_SEED_REVEALED, CORRECTION_APPLIED})


@dataclass(frozen=True, slots=True)
class RecordedStep:
    """One stored event, as read from a store or an export."""

    version: int
    type: str
    data: Mapping[str, Any]
    metadata: Mapping[str, Any]
    schema_version: int = 1  # as written; `upcast_steps` reads the data as the ruleset's current schema does


def upcast_steps(ruleset: Ruleset[Any], steps: Sequence[RecordedStep]) -> list[RecordedStep]:
    """The steps as a fold reads them: each event written at an older schema version upcast to the current one by
    the ruleset's upcasters (domain/upcasting.py), so an old shape that means today's event compares equal to it."""
    upcasters = upcasters_for(ruleset)
    if not upcasters:
        return list(steps)
    read = []
    for step in steps:
        current = upcasters.current_version(step.type)
        if step.schema_version < current:
            data = upcasters.upcast(step.type, step.schema_version, step.data)
            step = replace(step, data=data, schema_version=current)
        read.append(step)
    return read


@dataclass(frozen=True, slots=True)
class Finding:
    """The verdict on one recorded action."""

    version: int
    verdict: str  # consistent | deviates | unverifiable
    reason: str = ""
    expected: tuple[Mapping[str, Any], ...] = ()
    recorded: tuple[Mapping[str, Any], ...] = ()
    trace: tuple[TraceStep, ...] = ()  # the re-decision's reasoning (empty when unverifiable)
    violations: tuple[RuleViolation, ...] = ()  # what the re-decision says the action breaks
    # Fields the ruleset declares added later that the recorded events lack: {version, event, field}.
    unrecorded_fields: tuple[Mapping[str, Any], ...] = ()


def readjudicate(
    ruleset: Ruleset[Any],
    steps: Sequence[RecordedStep],
    board: Mapping[str, Any] | None,
    seed: bytes | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Finding]:
    """A finding for every recorded action of a game, in order, its events read through the ruleset's upcasters;
    `progress(n)` hears of every n steps judged."""
    if not steps:
        return []
    steps = upcast_steps(ruleset, steps)
    game = start(ruleset, Event(steps[0].type, steps[0].data), board)
    if progress is not None:
        progress(1)
    inherited = _inherited_until(steps[0].data)
    findings: list[Finding] = []
    index = 1
    while index < len(steps):
        end = _batch_end(steps, index)
        batch = steps[index:end]
        finding = _judge(ruleset, game, batch, seed) if batch[0].version > inherited else None
        if finding is not None:
            findings.append(finding)
        for step in batch:
            game = advance(ruleset, game, Event(step.type, step.data))
        if progress is not None:
            progress(len(batch))
        index = end
    return findings


def _inherited_until(created: Mapping[str, Any]) -> int:
    """A fork's history up to its fork point is its parent's, audited there (its dice are the parent's)."""
    fork = created.get("fork")
    at = fork.get("at_version") if isinstance(fork, Mapping) else None
    return at if isinstance(at, int) and not isinstance(at, bool) else 0


def _batch_end(steps: Sequence[RecordedStep], index: int) -> int:
    end = index + 1
    while end < len(steps) and not _is_cause(steps[end]):
        end += 1
    return end


def _is_cause(step: RecordedStep) -> bool:
    return "action" in step.metadata or "sealed" in step.metadata


def _judge(ruleset: Ruleset[Any], game: Game, batch: Sequence[RecordedStep], seed: bytes | None) -> Finding | None:
    first = batch[0]
    kept = [s for s in batch if s.type not in SERVICE_ADDED]
    recorded = tuple({"type": s.type, "data": s.data} for s in kept)
    if "action" in first.metadata:
        if "correction" in first.metadata and game.meta.ended:
            game = replace(game, meta=replace(game.meta, ended=False))
        decision_or_reason = _redecide_action(ruleset, game, first.metadata["action"], seed)
    elif "sealed" in first.metadata:
        decision_or_reason = _redecide_seal(ruleset, game, batch, seed)
    else:
        return None  # events written without a request (older records): nothing to re-decide
    if isinstance(decision_or_reason, str):
        return Finding(first.version, "unverifiable", decision_or_reason, (), recorded)
    decision = decision_or_reason
    expected = tuple({"type": e.type, "data": dict(e.data)} for e in decision.events)
    lacking = unrecorded_fields(expected, recorded, ruleset.fields_added_later)
    if lacking is not None:
        unrecorded = tuple({"version": kept[i].version, "event": kind, "field": name} for i, kind, name in lacking)
        return Finding(
            first.version, "consistent", "", expected, recorded, decision.trace, decision.violations, unrecorded
        )
    reason = "the rules give other events"
    return Finding(first.version, "deviates", reason, expected, recorded, decision.trace, decision.violations)


def _redecide_action(ruleset: Ruleset[Any], game: Game, cause: Mapping[str, Any], seed: bytes | None) -> Decision | str:
    action = Action(cause["type"], cause.get("seat"), cause.get("data") or {}, Authority(cause["authority"]))
    dice = None
    if game.meta.dice is DiceMode.SERVER:
        if seed is None:
            if _rolls(ruleset, game, action):
                return "server dice were rolled and the seed is not revealed"
        else:
            dice = SeededDice(seed, game.meta.dice_game_id, game.meta.dice_drawn + 1, game.meta.client_seeds)
    return decide_action(ruleset, game, action, Inputs(timestamp="", dice=dice))


def _rolls(ruleset: Ruleset[Any], game: Game, action: Action) -> bool:
    """Whether deciding the action draws dice (tried with a supply that records the count)."""
    counter = _CountingDice()
    decide_action(ruleset, game, action, Inputs(timestamp="", dice=counter))
    return counter.drawn > 0


class _CountingDice:
    """Dice that always show 1 and count how many were drawn."""

    def __init__(self) -> None:
        self._drawn = 0

    @property
    def drawn(self) -> int:
        return self._drawn

    def draw(self, count: int) -> tuple[int, ...]:
        self._drawn += count
        return (1,) * count


def _redecide_seal(
    ruleset: Ruleset[Any], game: Game, batch: Sequence[RecordedStep], seed: bytes | None
) -> Decision | str:
    sealed = batch[0]
    if sealed.type != SUBMISSION_SEALED:
        return f"a sealed submission recorded as {sealed.type!r}"
    after_seal = advance(ruleset, game, Event(sealed.type, sealed.data))
    reveal = next((s for s in batch if s.type == SUBMISSIONS_REVEALED), None)
    round_ = after_seal.meta.sealed.get(str(sealed.data.get("round")))
    if reveal is None or round_ is None:
        return Decision((Event(sealed.type, sealed.data),))  # commitment only: nothing to re-decide yet
    submissions = reveal.data.get("submissions", {})
    secrets: dict[str, tuple[Any, str]] = {}
    for seat, commitment in round_.commitments.items():
        entry = submissions.get(seat, {})
        if not verify_commitment(commitment, entry.get("payload"), str(entry.get("salt", ""))):
            return f"the revealed payload of seat {seat!r} does not match its commitment"
        secrets[seat] = (entry["payload"], entry["salt"])
    dice = (
        SeededDice(seed, game.meta.dice_game_id, after_seal.meta.dice_drawn + 1, game.meta.client_seeds)
        if seed
        else None
    )
    consequences = decide_reveal(ruleset, after_seal, round_, secrets, Inputs(timestamp="", dice=dice))
    return Decision((Event(sealed.type, sealed.data),)).then(consequences)


def unrecorded_fields(
    expected: Sequence[Mapping[str, Any]],
    recorded: Sequence[Mapping[str, Any]],
    added_later: Mapping[str, Sequence[str]],
) -> list[tuple[int, str, str]] | None:
    """Whether the recorded events are the expected ones: None when they differ, else each (index, event type, field)
    the ruleset declares added later to that event type (`added_later`) which a recorded event lacks, as an older
    build wrote it. Anything else differing is a ruling of its own: another value, an event more or less, a key only
    the recorded event has, an undeclared key missing."""
    wanted, found = _normalise(tuple(expected)), _normalise(tuple(recorded))
    if len(wanted) != len(found):
        return None
    lacking: list[tuple[int, str, str]] = []
    for index, (new, old) in enumerate(zip(wanted, found, strict=True)):
        if new == old:
            continue
        missing = _declared_missing(new, old, added_later)
        if missing is None:
            return None
        lacking += [(index, str(old["type"]), name) for name in missing]
    return lacking


def _declared_missing(new: Any, old: Any, added_later: Mapping[str, Sequence[str]]) -> list[str] | None:
    """The declared-later fields `old` lacks when it is `new` without them (None when it is not)."""
    if not (isinstance(new, dict) and isinstance(old, dict)) or new.keys() != old.keys():
        return None
    new_data, old_data = new.get("data"), old.get("data")
    if new.get("type") != old.get("type") or not (isinstance(new_data, dict) and isinstance(old_data, dict)):
        return None
    missing = sorted(new_data.keys() - old_data.keys())
    declared = added_later.get(str(new["type"]), ())
    if not missing or any(name not in declared for name in missing):
        return None
    return missing if {k: v for k, v in new_data.items() if k not in missing} == old_data else None


def _normalise(events: tuple[Mapping[str, Any], ...]) -> list[Any]:
    """Compare as JSON values (tuples and lists alike)."""
    return [json.loads(json.dumps(e, sort_keys=True)) for e in events]
