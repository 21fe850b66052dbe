"""The rules one `move` step is checked against (KK-MOVE-1..17, KK-ADV-3/4, KK-SETUP-2, KK-VASSAL-2/6,
KK-CASTLE-2..5).

Each guard checks one rule and its docstring starts with the rule id. A guard returns the decision that ends the
action (a refusal, or in a transcript the deviations so far when the rule may not be broken even there) or None
to go on; `Checks` collects the deviations a transcript records (flow.py). The guards run in the order
`movement.decide_move` lists them, which is the order the table checks a step in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.kernel import Decision
from domain.rulesets.kard_es_korona.board import KKBoard
from domain.rulesets.kard_es_korona.flow import Checks, refuse
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, arm_limit_breaches, castle_limit_breaches
from domain.rulesets.kard_es_korona.state import MOVEMENT, Battle, KKState
from domain.rulesets.kard_es_korona.turn_order import fought_units
from domain.rulesets.kard_es_korona.vassals import move_problems
from domain.rulesets.kard_es_korona.year import allowance_of


@dataclass(frozen=True, slots=True)
class Group:
    """One origin's part of a step: its units (and the lord), the path and its movement points."""

    origin: str
    force: Force
    lord: bool
    path: tuple[str, ...]
    cost: int


@dataclass(frozen=True, slots=True)
class Step:
    """A `move` action as read so far: who steps where, and (once read) the groups that step."""

    state: KKState
    seat: str
    board: KKBoard
    to: Any
    frozen: Battle | None
    groups: tuple[Group, ...] = ()

    @property
    def lord_moves(self) -> bool:
        return any(g.lord for g in self.groups)

    @property
    def incoming(self) -> Force:
        total = EMPTY
        for g in self.groups:
            total = total.plus(g.force)
        return total

    @property
    def enemies(self) -> list[str]:
        return [o for o in self.state.owners_in(self.to) if o != self.seat]

    def leaving(self, origin: str) -> Force:
        """The units the step takes out of `origin`."""
        found = EMPTY
        for g in self.groups:
            if g.origin == origin:
                found = found.plus(g.force)
        return found


Guard = Callable[[Step, Checks], Decision | None]


def in_movement_phase(step: Step, checks: Checks) -> Decision | None:
    """KK-TURN-2: steps are taken in phase III."""
    if step.state.phase != MOVEMENT:
        return refuse("KK-TURN-2", f"steps are taken in phase III (movement), not phase {step.state.phase!r}", "type")
    return None


def in_his_turn(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-1: the players step one at a time, in turn order."""
    state, seat = step.state, step.seat
    if state.turn != seat and checks.broken("KK-MOVE-1", f"it is {state.turn}'s movement turn, not {seat}'s", "seat"):
        return checks.refusal()
    return None


def release_named_first(step: Step, checks: Checks) -> Decision | None:
    """KK-ADV-4: the attacked defender names his released units before the next step (A-49)."""
    if step.state.release_due is not None:
        return refuse("KK-ADV-4", "the attacked defender names his released units before the next step (A-49)")
    return None


def lord_not_attacked(step: Step, checks: Checks) -> Decision | None:
    """KK-ADV-3: a player whose lord is attacked may only pass for the rest of the year."""
    frozen, seat = step.frozen, step.seat
    if frozen is not None and checks.broken(
        "KK-ADV-3", f"{seat}'s lord is attacked in {frozen.county}: he may only pass this year", "seat"
    ):
        return checks.refusal()
    return None


def within_step_allowance(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-3: at most as many steps a year as the allowance fixed when the phase began."""
    state, seat = step.state, step.seat
    taken, allowed = state.steps_taken.get(seat, 0), allowance_of(state, seat)
    if taken >= allowed and checks.broken("KK-MOVE-3", f"{seat} has taken {taken} of {allowed} steps this year"):
        return checks.refusal()
    return None


def to_a_county(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-2: a step ends in a county of the board."""
    if not isinstance(step.to, str) or step.to not in step.board.counties:
        return refuse("KK-MOVE-2", f"destination {step.to!r} is not a county of the board", "data.to")
    return None


def outside_the_closed_region(step: Step, checks: Checks) -> Decision | None:
    """KK-SETUP-2: with 5 players Szlavónia's region is closed."""
    if step.to in step.state.closed and checks.broken(
        "KK-SETUP-2", f"{step.to} lies in Szlavónia's closed region (5 players)", "data.to"
    ):
        return checks.refusal()
    return None


def joins_no_pending_battle(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-14: no unit joins a pending battle."""
    if step.state.battle_in(step.to) is not None:
        # Not even a transcript can add units to a pending battle: its armies are fixed when it is created.
        return refuse("KK-MOVE-14", f"a battle is pending in {step.to}: no unit may join it", "data.to")
    return None


def listed_groups(raw: Any) -> list[Any] | Decision:
    """KK-MOVE-2: the moving units are listed by origin county (the list, or the refusal)."""
    if not isinstance(raw, list) or not raw:
        return refuse("KK-MOVE-2", "groups must list the moving units by origin county", "data.groups")
    return raw


def vassal_bans_kept(step: Step, checks: Checks) -> Decision | None:
    """KK-VASSAL-2/6: a vassal's and a liege's steps against each other (vassals.move_problems)."""
    for rule_id, message in move_problems(step.state, step.seat, step.to, (g.path for g in step.groups)):
        if checks.broken(rule_id, message, "data.to"):
            return checks.refusal()
    return None


def lord_arrives_with_units(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-16: the lord never ends a step without his units."""
    state, seat = step.state, step.seat
    enemies = step.enemies
    alone = step.lord_moves and step.incoming.total == 0 and (enemies or state.force(step.to, seat).total == 0)
    if alone and checks.broken("KK-MOVE-16", f"the lord may not enter {step.to} without units", "data.groups"):
        return checks.refusal()
    return None


def lord_not_left_alone(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-16: the lord is never left alone where he stays."""
    state, seat = step.state, step.seat
    lord_county = state.lords.get(seat)
    if lord_county is None or step.lord_moves:
        return None
    left = state.force(lord_county, seat).minus(step.leaving(lord_county))
    if left.total == 0 and checks.broken("KK-MOVE-16", f"the lord would be left alone in {lord_county}", "data.groups"):
        return checks.refusal()
    return None


def garrisons_left_within_limits(step: Step, checks: Checks) -> Decision | None:
    """KK-CASTLE-2..4: what stays behind in a castle keeps to its unit and arm limits."""
    state, seat = step.state, step.seat
    variant, arm_limit = str(state.options["variant"]), str(state.options["castle_arm_limit"])
    for origin in sorted({g.origin for g in step.groups}):
        remaining = state.force(origin, seat).minus(step.leaving(origin))
        if step.board.counties[origin].castle and remaining.total:
            for rule_id, reason in castle_limit_breaches(remaining, arm_limit, variant):
                if checks.broken(
                    rule_id, f"the garrison left in {origin} would break the limit: {reason}", "data.groups"
                ):
                    return checks.refusal()
    return None


def siege_has_infantry_or_lord(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-17: a castle is attacked only with infantry or the lord (KK-SIEGE-1)."""
    county = step.board.counties[step.to]
    if (
        step.enemies
        and county.castle
        and step.incoming.infantry == 0
        and not step.lord_moves
        and checks.broken(
            "KK-MOVE-17", f"attacking the castle {county.name} needs infantry or the lord (KK-SIEGE-1)", "data.groups"
        )
    ):
        return checks.refusal()
    return None


def attackers_fought_no_battle(step: Step, checks: Checks) -> Decision | None:
    """KK-MOVE-15: a unit fights one battle a year, so units that have fought (A-60) do not attack again."""
    if not step.enemies:
        return None
    for index, group in enumerate(step.groups):
        fought = fought_units(step.state, step.seat, group.origin)
        if not fought.total:
            continue
        unmoved = step.state.force(group.origin, step.seat).minus(step.state.moved_force(group.origin, step.seat))
        fresh = Force(*(max(unmoved.of(arm) - fought.of(arm), 0) for arm in ARMS))
        if not fresh.contains(group.force) and checks.broken(
            "KK-MOVE-15",
            f"{fought.describe()} in {group.origin} fought a battle this year: no second battle for them",
            f"data.groups[{index}].units",
        ):
            return checks.refusal()
    return None


def besiegers_within_arm_limit(step: Step, checks: Checks) -> Decision | None:
    """KK-CASTLE-5: in the advanced game a besieging army keeps to the arm limit."""
    if not (step.enemies and step.board.counties[step.to].castle and step.state.options["variant"] == "advanced"):
        return None
    for breach in arm_limit_breaches(step.incoming):
        if checks.broken("KK-CASTLE-5", f"the besieging army breaks the arm limit: {breach}", "data.groups"):
            return checks.refusal()
    return None


def castle_entered_within_limits(step: Step, checks: Checks) -> Decision | None:
    """KK-CASTLE-2..4: a castle entered without a battle keeps to its unit and arm limits."""
    state, county = step.state, step.board.counties[step.to]
    if step.enemies or not county.castle:
        return None
    after = state.force(step.to, step.seat).plus(step.incoming)
    variant, arm_limit = str(state.options["variant"]), str(state.options["castle_arm_limit"])
    for rule_id, reason in castle_limit_breaches(after, arm_limit, variant):
        if checks.broken(rule_id, f"castle {county.name} would hold {after.describe()}: {reason}", "data.groups"):
            return checks.refusal()
    return None


def first_refusal(step: Step, checks: Checks, guards: tuple[Guard, ...]) -> Decision | None:
    """The decision of the first guard that ends the action, in order (None: the step may be taken)."""
    for guard in guards:
        if (stop := guard(step, checks)) is not None:
            return stop
    return None
