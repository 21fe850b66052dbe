"""The owner's own choice of losses (KBS-AMB-1 after a battle, KBS-AMB-5 / KBS-SIE-7 after siege attrition).

A battle or a year of siege removes units in the engine's default order at once, so play goes on without
waiting. Until the end of his own turn (or of the round) the owner may replace that default with his
own choice, `allocate_losses {at, removed, leaders?}`, as long as nothing has happened to those stacks
since. The choice may not change what the battle decided: after a battle every stack that survived still
survives and the BS kept in each area is the same (so sieges, retreats and winners stand); after a battle
against the giants, which the city and its region fight as one side and no retreat follows (KBS-AMB-11), only
the BS kept in all is the same, and any of those stacks may keep the units; after attrition exactly one piece
dies, a leader figure only when no unit is left, and a siege that broke stays broken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Event, Game, TraceStep
from domain.rulesets.cedofan_kards_bs.combat import unit_bs
from domain.rulesets.cedofan_kards_bs.rulings import refuse
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState, OpenLoss

# The rule ids a choice of losses cites, by the rule that opened them.
RULES_CITED: Mapping[str, tuple[str, ...]] = {
    "KBS-AMB-5": ("KBS-AMB-5", "KBS-SIE-7"),
    "KBS-AMB-11": ("KBS-AMB-1", "KBS-AMB-11"),
}


def _minus(units: Mapping[str, int], removed: Mapping[str, int]) -> dict[str, int]:
    return {k: n - removed.get(k, 0) for k, n in units.items() if n - removed.get(k, 0) > 0}


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _stale(state: KbsState, loss: OpenLoss) -> str | None:
    """The stack that changed since the losses (moved units, captured, merged), if any."""
    for army in loss.before:
        expected = _minus(army.units, loss.removed.get(army.id, {}))
        current = state.armies.get(army.id)
        if (dict(current.units) if current else {}) != expected:
            return army.id
    return None


def _removal(loss: OpenLoss, data: Any) -> dict[str, dict[str, int]] | str:
    """`data.removed` as {army: {kind: n}} within the stacks of the battle, or what is wrong with it."""
    if not isinstance(data, Mapping):
        return f"removed {data!r} must map army ids to {{unit kind: number}}"
    stacks = {a.id: a for a in loss.before}
    found: dict[str, dict[str, int]] = {}
    for army_id, units in data.items():
        if army_id not in stacks:
            return f"army {army_id!r} did not lose units at {loss.at!r}; the stacks are {', '.join(sorted(stacks))}"
        if not isinstance(units, Mapping):
            return f"removed[{army_id!r}] {units!r} must map unit kinds to numbers"
        for kind, n in units.items():
            if not _is_count(n) or n > stacks[army_id].units.get(kind, 0):
                had = stacks[army_id].units.get(kind, 0)
                return f"{army_id!r} had {had} {kind!r} before the losses; {n!r} cannot be removed"
        found[army_id] = {str(k): int(n) for k, n in units.items()}
    return found


def decide_allocate_losses(game: Game, action: Action) -> Decision:
    """`allocate_losses {at, removed, leaders?}`: KBS-AMB-1, KBS-AMB-5: the owner picks which units he loses."""
    state: KbsState = game.state
    seat, at = str(action.seat), action.data.get("at")
    loss = state.open_losses.get(f"{seat}|{at}") if isinstance(at, str) else None
    if loss is None:
        open_at = sorted(o.at for o in state.open_losses.values() if o.owner == seat)
        return refuse(
            "KBS-AMB-1",
            f"{seat!r} has no losses at {at!r} left to allocate (open: {', '.join(open_at) or 'none'}); "
            "losses are allocated before the owner's own turn ends",
            "data.at",
        )
    changed = _stale(state, loss)
    if changed is not None:
        return refuse(loss.rule, f"army {changed!r} has changed since the losses at {at!r}: they stand as recorded")
    removed = _removal(loss, action.data.get("removed", {}))
    if isinstance(removed, str):
        return refuse(loss.rule, removed, "data.removed")
    leaders = action.data.get("leaders", [])
    if not isinstance(leaders, list) or not all(isinstance(n, str) for n in leaders):
        return refuse(loss.rule, f"leaders {leaders!r} must list leader figures", "data.leaders")
    after = {a.id: _minus(a.units, removed.get(a.id, {})) for a in loss.before}
    default = {a.id: _minus(a.units, loss.removed.get(a.id, {})) for a in loss.before}
    checked = (
        _battle_errors(loss, after, default, removed, leaders, game.meta.options)
        if loss.rule != "KBS-AMB-5"
        else _attrition_errors(state, loss, after, removed, leaders)
    )
    if checked is not None:
        return checked
    stacks = {
        a.id: {"units": after[a.id], "leaders": [n for n in a.leaders if n not in leaders]}
        for a in loss.before
        if a.id in state.armies or (loss.rule == "KBS-AMB-11" and after[a.id])
    }
    event = Event(
        "LossesAllocated",
        {
            "seat": seat,
            "at": at,
            "removed": removed,
            "leaders": leaders,
            "stacks": stacks,
            "rule_ids": list(RULES_CITED.get(loss.rule, (loss.rule,))),
        },
    )
    text = "; ".join(f"{a}: {', '.join(f'{n} {k}' for k, n in u.items())}" for a, u in sorted(removed.items()))
    return Decision((event,), trace=(TraceStep(loss.rule, f"{seat} chooses the losses at {at}: {text or leaders}"),))


def _area_bs(
    before: tuple[Army, ...], units: Mapping[str, Mapping[str, int]], table: Mapping[str, int]
) -> dict[str, int]:
    found: dict[str, int] = {}
    for army in before:
        found[army.at] = found.get(army.at, 0) + sum(table.get(k, 0) * n for k, n in units[army.id].items())
    return found


def _battle_errors(
    loss: OpenLoss,
    after: Mapping[str, Mapping[str, int]],
    default: Mapping[str, Mapping[str, int]],
    removed: Mapping[str, Mapping[str, int]],
    leaders: list[str],
    options: Mapping[str, Any],
) -> Decision | None:
    """KBS-AMB-1: only army units (BS > 0) die, the survivors' BS per area and the surviving stacks stay.

    Per area, so a relief's owner keeps KBS-AMB-18's order: the relievers outside lose before the besieged inside.
    A giant battle's side is the city and its region together (KBS-AMB-11): one total, and any stack may keep the
    units but a besieger (its siege stands as the battle left it).
    """
    table = unit_bs(options)
    if leaders:
        return refuse("KBS-AMB-1", f"leader figures {leaders!r} are never battle losses", "data.leaders")
    zero = sorted({k for units in removed.values() for k in units if table.get(k, 0) == 0})
    if zero:
        return refuse("KBS-AMB-1", f"{', '.join(zero)} have no BS and are not battle losses", "data.removed")
    mine, engine = _area_bs(loss.before, after, table), _area_bs(loss.before, default, table)
    if loss.rule == "KBS-AMB-11":
        if sum(mine.values()) != sum(engine.values()):
            kept, decided = sum(mine.values()), sum(engine.values())
            message = f"the survivors must keep {decided} BS as the giant battle decided; this choice keeps {kept}"
            return refuse("KBS-AMB-1", message, "data.removed")
        return _same_stacks(loss, after, default, tuple(a for a in loss.before if a.besieging))
    if mine != engine:
        return refuse(
            "KBS-AMB-1",
            f"the survivors must keep {engine} BS (by area) as the battle decided; this choice keeps {mine}",
            "data.removed",
        )
    return _same_stacks(loss, after, default, loss.before)


def _same_stacks(
    loss: OpenLoss,
    after: Mapping[str, Mapping[str, int]],
    default: Mapping[str, Mapping[str, int]],
    stacks: tuple[Army, ...],
) -> Decision | None:
    """KBS-AMB-1/5: a stack the losses emptied stays empty, one they left keeps a unit (retreats stand as decided)."""
    for army in stacks:
        emptied_now = not after[army.id] and not army.leaders
        emptied_then = not default[army.id] and not army.leaders
        if emptied_now != emptied_then:
            what = "wiped out" if emptied_then else "kept"
            return refuse(loss.rule, f"army {army.id!r} was {what} by the losses and must stay so", "data.removed")
    return None


def _attrition_errors(
    state: KbsState,
    loss: OpenLoss,
    after: Mapping[str, Mapping[str, int]],
    removed: Mapping[str, Mapping[str, int]],
    leaders: list[str],
) -> Decision | None:
    """KBS-SIE-7, KBS-AMB-5: one piece dies, a leader only when no unit is inside; a broken siege stays so."""
    if loss.at not in state.sieges:
        return refuse("KBS-AMB-4", f"the siege of {loss.at!r} ended after this attrition: the loss stands")
    dead_units = sum(n for units in removed.values() for n in units.values())
    inside = {n for a in loss.before for n in a.leaders}
    if len(leaders) + dead_units != 1 or not set(leaders) <= inside:
        return refuse("KBS-SIE-7", "a year of siege kills exactly one unit (or leader figure) inside", "data.removed")
    if leaders and any(a.units for a in loss.before):
        return refuse("KBS-AMB-5", f"leader figures die last; units are still inside {loss.at!r}", "data.leaders")
    default = {a.id: _minus(a.units, loss.removed.get(a.id, {})) for a in loss.before}
    return _same_stacks(loss, after, default, loss.before) if not leaders and not loss.leaders else None
