"""One battle of `cedofan_kards_bs`: both values, the winner and the losses (KBS-CMB-1..5, KBS-AMB-1).

Every battle uses one formula (KBS-CMB-1/2) with two dice drawn through the platform: the attacker's
first, the defender's second. A tie goes to the defender (KBS-CMB-5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel import Decision, Event, Game, Inputs, TraceStep
from domain.platform import roll
from domain.rulesets.cedofan_kards_bs.combat import army_bs, leader_bonus, losses, relief_losses, survivors, value
from domain.rulesets.cedofan_kards_bs.rulings import loss_events
from domain.rulesets.cedofan_kards_bs.state import Army


@dataclass(frozen=True, slots=True)
class Outcome:
    """The numbers of one resolved battle."""

    attacker_wins: bool
    attacker_keeps: int
    defender_keeps: int


# KBS-CMB-1, KBS-CMB-2: every battle rolls one d6 for the attacker and one for the defender.
DICE_PER_BATTLE = 2


def fight(
    game: Game,
    inputs: Inputs,
    kind: str,
    area: str,
    seat: str | None,
    sides: tuple[Sequence[Army], Sequence[Army]],
    defence: int,
    besieged: Sequence[Army] = (),
) -> tuple[Decision, Outcome]:
    """KBS-CMB-1..5, KBS-AMB-1: roll, compare, and remove the losses of both sides.

    `besieged`: in a relief, the besieged units among the attackers; they lose after the relievers (KBS-AMB-18).
    """
    attackers, defenders = sides
    options = game.meta.options
    bs_att, bs_def = army_bs(attackers, options), army_bs(defenders, options)
    (bonus_att, leader_att), (bonus_def, leader_def) = (
        leader_bonus(attackers, options),
        leader_bonus(defenders, options),
    )
    dice_event, (die_att, die_def) = roll(game, inputs, DICE_PER_BATTLE, seat, f"{kind} at {area}: attacker, defender")
    v_att, v_def = value(bs_att, bonus_att, 0, die_att), value(bs_def, bonus_def, defence, die_def)
    attacker_wins = v_att > v_def
    model = options["loss_model"]
    keep_att, keep_def = survivors(bs_att, v_att, v_def, model), survivors(bs_def, v_def, v_att, model)
    resolved = Event(
        "BattleResolved",
        {
            "kind": kind,
            "area": area,
            "attackers": [a.id for a in attackers],
            "defenders": [a.id for a in defenders],
            "bs": [bs_att, bs_def],
            "bonus": [bonus_att, bonus_def],
            "city_defence": defence,
            "dice": [die_att, die_def],
            "values": [v_att, v_def],
            "winner": "attacker" if attacker_wins else "defender",
            "tie_to_defender": v_att == v_def,
            "survivors": [keep_att, keep_def],
            "rule_ids": ["KBS-CMB-1", "KBS-CMB-2", "KBS-CMB-3", "KBS-CMB-5", "KBS-AMB-1"],
        },
    )
    numbers = _Numbers(bs_att, bs_def, bonus_att, bonus_def, defence, die_att, die_def, v_att, v_def)
    trace = _fight_trace(numbers, (leader_att, leader_def), model, (keep_att, keep_def))
    removed = _attacker_losses(attackers, besieged, keep_att, options)
    removed += loss_events(losses(defenders, keep_def, options), ["KBS-AMB-1"])
    decision = Decision((dice_event, resolved, *removed), trace=trace)
    return decision, Outcome(attacker_wins, keep_att, keep_def)


def _attacker_losses(
    attackers: Sequence[Army], besieged: Sequence[Army], keep: int, options: Mapping[str, Any]
) -> list[Event]:
    """KBS-AMB-1; in a relief KBS-AMB-18: the relieving armies lose before the besieged units."""
    if not besieged:
        return loss_events(losses(attackers, keep, options), ["KBS-AMB-1"])
    inside = {a.id for a in besieged}
    relievers = [a for a in attackers if a.id not in inside]
    return loss_events(relief_losses(relievers, besieged, keep, options), ["KBS-AMB-1", "KBS-AMB-18"])


@dataclass(frozen=True, slots=True)
class _Numbers:
    """The numbers of the battle formula for both sides (KBS-CMB-1/2)."""

    bs_att: int
    bs_def: int
    bonus_att: int
    bonus_def: int
    defence: int
    die_att: int
    die_def: int
    v_att: int
    v_def: int


def _fight_trace(
    n: _Numbers, leaders: tuple[str | None, str | None], model: str, keeps: tuple[int, int]
) -> tuple[TraceStep, ...]:
    """KBS-CMB-1/2/3/5, KBS-AMB-1: each side's value, the winner, and what survives."""
    (leader_att, leader_def), (keep_att, keep_def) = leaders, keeps
    attacker_wins = n.v_att > n.v_def
    return (
        TraceStep(
            "KBS-CMB-1",
            f"attacker: floor(({n.bs_att} BS + {n.bonus_att} {leader_att or 'no leader'} + {n.die_att}) / 4) "
            f"= {n.v_att}",
            {"bs": n.bs_att, "bonus": n.bonus_att, "die": n.die_att, "value": n.v_att},
        ),
        TraceStep(
            "KBS-CMB-2",
            f"defender: floor(({n.bs_def} BS + {n.bonus_def} {leader_def or 'no leader'} + {n.defence} city defence "
            f"+ {n.die_def}) / 4) = {n.v_def}",
            {"bs": n.bs_def, "bonus": n.bonus_def, "city_defence": n.defence, "die": n.die_def, "value": n.v_def},
        ),
        TraceStep(
            "KBS-CMB-5" if n.v_att == n.v_def else "KBS-CMB-3",
            f"{n.v_att} vs {n.v_def}: the {'attacker' if attacker_wins else 'defender'} wins"
            + (" (a tie goes to the defender)" if n.v_att == n.v_def else ""),
            {"attacker": n.v_att, "defender": n.v_def},
        ),
        TraceStep(
            "KBS-AMB-1",
            f"survivors ({model}): attacker keeps {keep_att} BS, defender {keep_def} BS",
            {"attacker": keep_att, "defender": keep_def},
        ),
    )
