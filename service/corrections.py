"""The correction a ruling appends to its game: the strike, then the corrected action (see `service.disputes`).

The strike is an arbiter's `adjust` whose changes compensate, three-way against the current state,
the effect of struck game versions on the ruleset state (`strike_changes`); the corrected action is
decided by the game's pinned ruleset, strictly, on the game after the strike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from domain.canonical import canonical_json
from domain.kernel import CORRECTION_APPLIED, Action, Authority, Event, Game, Ruleset, advance, apply_change
from domain.platform import decide_action
from service.auth import Principal
from service.errors import AnnalsError, Conflict, RuleRefused
from service.loading import LoadedGame, upcasters_of
from service.positions import cited_rule
from service.store.events import EventDraft
from service.wiring import Services

if TYPE_CHECKING:
    from service.disputes import Dispute


@dataclass(frozen=True, slots=True)
class Correction:
    """What a ruling appends to its game: drafts decided at `game.version`."""

    game: Game
    drafts: tuple[EventDraft, ...]
    ended: bool

    @property
    def span(self) -> dict[str, int]:
        """The game versions the correction will occupy."""
        return {"from": self.game.version + 1, "to": self.game.version + len(self.drafts)}


def plan_correction(
    services: Services,
    principal: Principal,
    loaded: LoadedGame,
    dispute: Dispute,
    ruling: int,
    body: Mapping[str, Any],
    metadata: Mapping[str, Any],
) -> Correction | None:
    """The correction a ruling appends to the game, or None when the record stands as it is."""
    overturned = body["decision"] == "overturned"
    strikes = list(reversed(dispute.corrections))  # earlier corrections of this dispute, newest first
    if overturned:
        strikes.append((dispute.version, dispute.batch_end))
    if not strikes:
        return None
    game, ruleset = loaded.game, loaded.ruleset
    rule_ids = list(body["rule_ids"])
    changes, superseded = _strike(services, principal, loaded, strikes)
    actions: list[tuple[Action, str]] = []
    if changes:
        spans = ", ".join(f"v{a}-v{b}" if a != b else f"v{a}" for a, b in strikes)
        reason = f"dispute {dispute.id}, ruling {ruling} ({body['decision']}): strike {spans}"
        # A strike restores recorded values; what later actions built on them may no longer fit (a later action
        # numbered after the struck ones): the ruling stands, recorded as forced over those invariants and
        # listed by audits (CORE-ADJUST-3), rather than refused.
        adjust = {"changes": changes, "reason": reason, "rule_ids": rule_ids, "force": True}
        actions.append((Action("adjust", None, adjust, Authority.ARBITER), "strike"))
    corrected = body.get("corrected_action") if overturned else None
    if corrected is not None:
        action = Action(corrected["type"], corrected.get("seat"), corrected.get("data") or {}, Authority.ARBITER)
        actions.append((action, "corrected_action"))
    marker = {
        "dispute": dispute.id,
        "ruling": ruling,
        "version": dispute.version,
        "decision": body["decision"],
        "appeal": dispute.rulings > 0,
        "strikes": [list(s) for s in strikes],
        "corrected_action": corrected,
        "superseded": superseded,
        "rule_ids": rule_ids,
    }
    batches, after = _decide(services, ruleset, game, actions)
    plain = {**metadata, "ruleset_version": ruleset.version, "correction": {"dispute": dispute.id, "ruling": ruling}}
    versions = upcasters_of(ruleset)
    # The marker heads the first batch and carries its action, so audits re-decide every batch.
    drafts = [EventDraft(CORRECTION_APPLIED, marker, {**plain, "action": batches[0][0]} if batches else plain)]
    for number, (cause, events) in enumerate(batches):
        for index, event in enumerate(events):
            meta = {**plain, "action": cause} if index == 0 and number > 0 else plain
            drafts.append(EventDraft(event.type, dict(event.data), meta, versions.current_version(event.type)))
    return Correction(game, tuple(drafts), game.meta.ended or after.meta.ended)


def _strike(
    services: Services, principal: Principal, loaded: LoadedGame, strikes: Sequence[tuple[int, int]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """The changes striking each version range in turn from the current state, and the paths left alone."""
    ruleset, game_id = loaded.ruleset, loaded.game.meta.game_id
    document: Any = ruleset.dump_state(loaded.game.state)
    changes: list[dict[str, Any]] = []
    superseded: list[str] = []
    for first, last in strikes:
        before = ruleset.dump_state(services.loader.load(game_id, principal, first - 1).game.state)
        after = ruleset.dump_state(services.loader.load(game_id, principal, last).game.state)
        struck, left = strike_changes(before, after, document)
        for change in struck:
            document = apply_change(document, change)
        changes += struck
        superseded += left
    return changes, superseded


def _decide(
    services: Services, ruleset: Ruleset[Any], game: Game, actions: Sequence[tuple[Action, str]]
) -> tuple[list[tuple[dict[str, Any], tuple[Event, ...]]], Game]:
    """Each action's request and events, decided strictly in turn; and the game after them all."""
    # Disputes are often ruled after the end: a correction is decided as if the game were running.
    current = replace(game, meta=replace(game.meta, ended=False)) if game.meta.ended else game
    batches: list[tuple[dict[str, Any], tuple[Event, ...]]] = []
    for action, name in actions:
        decision = decide_action(ruleset, current, action, services.commands.inputs_for(current))
        if decision.violations:
            raise _refusal(ruleset, decision.violations, name)
        cause = {"type": action.type, "seat": action.seat, "data": dict(action.data), "authority": "arbiter"}
        batches.append((cause, decision.events))
        for event in decision.events:
            current = advance(ruleset, current, event)
    return batches, current


def strike_changes(before: Any, after: Any, now: Any, path: str = "") -> tuple[list[dict[str, Any]], list[str]]:
    """`adjust` changes compensating the step `before -> after` in `now` (three-way), and the paths left alone.

    A value `now` still holds as `after` goes back to `before` (removed if it did not exist); a number
    changed since moves back by the step's delta; an object changed since is struck key by key unless
    later events rewrote it (`_rewritten`); anything else changed since is superseded.
    """
    changes: list[dict[str, Any]] = []
    superseded: list[str] = []
    if not (isinstance(before, Mapping) and isinstance(after, Mapping) and isinstance(now, Mapping)):
        return changes, superseded
    for key in dict.fromkeys([*before, *after]):
        b, a, c = before.get(key, _MISSING), after.get(key, _MISSING), now.get(key, _MISSING)
        if _same(b, a):
            continue
        at = f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"
        if _same(c, a):
            changes.append({"op": "remove", "path": at} if b is _MISSING else {"op": "set", "path": at, "value": b})
        elif all(isinstance(v, Mapping) for v in (b, a, c)):
            if _rewritten(b, a, c):
                superseded.append(at)
                continue
            more, left = strike_changes(b, a, c, at)
            changes += more
            superseded += left
        elif all(_is_number(v) for v in (b, a, c)):
            changes.append({"op": "set", "path": at, "value": c + (b - a)})
        else:
            superseded.append(at)
    return changes, superseded


_MISSING: Any = object()


def _rewritten(before: Mapping[str, Any], after: Mapping[str, Any], now: Mapping[str, Any]) -> bool:
    """Later events rewrote the object: every plain value (not a number, not an object) the step
    changed in it was changed again.

    Such an object is one value (a seat's last action), not a collection of independent parts (areas,
    counters, seats): striking it field by field would mix the struck step with what replaced it.
    """
    keys = [k for k in dict.fromkeys([*before, *after]) if not _same(before.get(k, _MISSING), after.get(k, _MISSING))]
    texts = [
        k
        for k in keys
        if not all(_is_number(v.get(k)) for v in (before, after, now))
        and not all(isinstance(v.get(k), Mapping) for v in (before, after, now))
    ]
    return bool(texts) and all(not _same(now.get(k, _MISSING), after.get(k, _MISSING)) for k in texts)


def _same(left: Any, right: Any) -> bool:
    if left is _MISSING or right is _MISSING:
        return left is right
    return bool(canonical_json(left) == canonical_json(right))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _refusal(ruleset: Ruleset[Any], violations: Sequence[Any], name: str) -> AnnalsError:
    if name == "strike":
        first = violations[0]
        return Conflict(f"the strike cannot be applied to the current state ({first.rule_id}: {first.message})")
    first = violations[0]
    rule_json = cited_rule(ruleset, first.rule_id)
    listed = [{"rule_id": v.rule_id, "message": v.message, "details": dict(v.details)} for v in violations]
    return RuleRefused(f"{name}: {first.rule_id}: {first.message}", rule_json, listed)
