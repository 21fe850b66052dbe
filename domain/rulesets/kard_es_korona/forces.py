"""Forces (a count of units per arm) and the castle limits every placement must respect."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

CAVALRY = "cavalry"
INFANTRY = "infantry"
ARCHER = "archer"
# The order arm groups roll in (and table dice are entered in): cavalry, infantry, archers.
ARMS = (CAVALRY, INFANTRY, ARCHER)
CASTLE_CAPACITY = 7  # KK-CASTLE-2
# KK-MOVE-7: movement points per arm; the lord moves like cavalry.
MOVEMENT_POINTS = {CAVALRY: 4, INFANTRY: 2, ARCHER: 2}
LORD_MOVEMENT_POINTS = 4


@dataclass(frozen=True, slots=True)
class Force:
    """How many units of each arm (the lord is never a unit: KK-LORD-1)."""

    cavalry: int = 0
    infantry: int = 0
    archer: int = 0

    @property
    def total(self) -> int:
        return self.cavalry + self.infantry + self.archer

    def of(self, arm: str) -> int:
        """The count of one arm."""
        value: int = getattr(self, arm)
        return value

    def plus(self, other: Force) -> Force:
        return Force(self.cavalry + other.cavalry, self.infantry + other.infantry, self.archer + other.archer)

    def minus(self, other: Force) -> Force:
        return Force(self.cavalry - other.cavalry, self.infantry - other.infantry, self.archer - other.archer)

    def contains(self, other: Force) -> bool:
        """Every arm of `other` is available here."""
        return all(self.of(arm) >= other.of(arm) for arm in ARMS)

    def arms(self) -> tuple[str, ...]:
        """The arms present, in rolling order."""
        return tuple(arm for arm in ARMS if self.of(arm))

    def to_json(self) -> dict[str, int]:
        # The arms present in ARMS order, written out: a view of a long game converts tens of thousands of forces.
        found: dict[str, int] = {}
        if self.cavalry:
            found[CAVALRY] = self.cavalry
        if self.infantry:
            found[INFANTRY] = self.infantry
        if self.archer:
            found[ARCHER] = self.archer
        return found

    def describe(self) -> str:
        """'2 infantry, 1 archer' (or 'no units')."""
        parts = [f"{self.of(arm)} {arm}" for arm in ARMS if self.of(arm)]
        return ", ".join(parts) if parts else "no units"


EMPTY = Force()


def single(arm: str, count: int = 1) -> Force:
    """A force of one arm."""
    return Force(**{arm: count})


_ARM_KEYS = frozenset(ARMS)


def force_from_json(value: Any) -> Force | None:
    """A force from `{"infantry": n, ...}`; None when the value is not one (unknown arm, negative count)."""
    if not isinstance(value, Mapping) or not _ARM_KEYS.issuperset(value):
        return None
    cavalry, infantry, archer = value.get(CAVALRY, 0), value.get(INFANTRY, 0), value.get(ARCHER, 0)
    # `type(...) is int` keeps booleans out; evolve parses a force per event, so this stays cheap.
    if type(cavalry) is not int or type(infantry) is not int or type(archer) is not int:
        return None
    if cavalry < 0 or infantry < 0 or archer < 0:
        return None
    return Force(cavalry, infantry, archer)


def half_rounded_up(count: int) -> int:
    return (count + 1) // 2


def castle_limit_breaches(force: Force, arm_limit: str, variant: str) -> list[tuple[str, str]]:
    """(rule id, reason) for every castle limit a garrison breaks (KK-CASTLE-2/3/4, A-4, A-5).

    `arm_limit` is the option `castle_arm_limit`: `over_four` (garrisons above 4 units: no arm above
    ceil(n/2)), `strict_half` (ceil(n/2) for every size) or `advanced_only` (no arm limit in the basic game).
    """
    found: list[tuple[str, str]] = []
    n = force.total
    if n > CASTLE_CAPACITY:
        found.append(("KK-CASTLE-2", f"{n} units ({force.describe()}) exceed the capacity of {CASTLE_CAPACITY}"))
    limited = (arm_limit == "strict_half" or n > 4) and not (arm_limit == "advanced_only" and variant == "basic")
    if limited:
        cap = half_rounded_up(n)
        rule = "KK-CASTLE-4" if variant == "advanced" else "KK-CASTLE-3"
        for arm in ARMS:
            if force.of(arm) > cap:
                found.append((rule, f"{force.of(arm)} {arm} of {n} units exceed half rounded up ({cap})"))
    return found


def arm_limit_breaches(force: Force) -> list[str]:
    """KK-CASTLE-5/KK-CASTLE-4: an advanced besieging army of more than 4 units keeps every arm <= ceil(n/2)."""
    n = force.total
    if n <= 4:
        return []
    cap = half_rounded_up(n)
    return [f"{force.of(arm)} {arm} of {n} units exceed {cap}" for arm in ARMS if force.of(arm) > cap]
