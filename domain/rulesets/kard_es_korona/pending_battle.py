"""What the battle phase waits for (issue 15, point 2): the choice of the next battle (KK-BATTLE-12), the lords'
arms (KK-LORD-2), the exchanges and their casualties (KK-BATTLE-4/9/11), the duel (KK-LORD-5), the Rainy Autumn
roll (KK-EVENT-7), a siege's withdrawals (KK-SIEGE-6..12) and, in the advanced game, retreats with what each
costs, staying, and the obstacle losses (KK-ADV-5..11).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from domain.pending import Waiting
from domain.rulesets.kard_es_korona.battle_order import battle_chooser, neutral_roller
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.forces import ARMS, CASTLE_CAPACITY, EMPTY, Force, castle_limit_breaches
from domain.rulesets.kard_es_korona.hits import casualty_options, exchange_dice, lord_present, other, side_force
from domain.rulesets.kard_es_korona.pending_choices import JUDGE_MAY_REROLL, MANY, NO_DATA, Probe, offered, waiting
from domain.rulesets.kard_es_korona.pinning import is_advanced, picks
from domain.rulesets.kard_es_korona.retreat import crosses_obstacle, destinations, round_complete
from domain.rulesets.kard_es_korona.retreat_choices import pursuit_dice
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, Battle, KKState, is_neutral
from domain.rulesets.kard_es_korona.withdrawal import forced_battle_targets, withdrawal_destinations

_EXCHANGE_RULES = ("KK-BATTLE-4", "KK-BATTLE-9")


def battle_phase(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """Whatever the battle being fought waits for, or the choice of the next one."""
    battle = state.battle(state.current_battle)
    if battle is None:
        return _choice_of_battle(probe, state)
    retreat = state.retreat
    if retreat is not None and retreat.battle == battle.id and retreat.losses_due:
        return _obstacle_losses(probe, state, battle, retreat.side, retreat.losses_due)
    if battle.status == "duel":
        duel = ((seat, offered(probe, seat, "fight_duel", ("KK-LORD-5",), NO_DATA)) for seat in _duellists(battle))
        return tuple(entry for seat, option in duel for entry in waiting(seat, "the lords fight a duel", option))
    if battle.status in ("withdrawing", "capturing"):
        return _withdrawal(probe, state, battle)
    if siege_roll_due(state) is not None:
        # KK-OFFICE-2: only a Judge Royal's besieger may roll a second die, and only after a low first one.
        judge = state.offices.get("judge_royal") == battle.attacker
        option = offered(
            probe, battle.attacker, "roll_event_die", ("KK-EVENT-7",), JUDGE_MAY_REROLL, dice_count=None if judge else 1
        )
        return waiting(battle.attacker, f"{battle.attacker} rolls for Rainy Autumn before the siege", option)
    if any(p.chosen is None for p in battle.pending):
        return _casualties(probe, state, battle)
    return _exchange(probe, state, battle)


def _duellists(battle: Battle) -> tuple[str, str]:
    return battle.attacker, battle.defender


def _choice_of_battle(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-BATTLE-12: in turn from the starting player, open battles first, each player picks one of his own."""
    chooser, mine = battle_chooser(state)
    if chooser is None:
        return ()
    choices = ({"battle": b.id} for b in mine)
    fields = {"battles": {b.id: {"county": b.county, "kind": b.kind, "defender": b.defender} for b in mine}}
    option = offered(probe, chooser, "select_battle", ("KK-BATTLE-12",), choices, fields=fields)
    return waiting(chooser, f"{chooser} chooses which of his battles is fought next", option)


def _casualties(probe: Probe, state: KKState, battle: Battle) -> tuple[Waiting, ...]:
    """KK-BATTLE-11, A-8: the hitter names the enemy units his hits kill: as many as the dice can, each killable."""
    found: list[Waiting] = []
    for hits in battle.pending:
        if hits.chosen is not None or hits.chooser is None:
            continue
        most, options = casualty_options(hits.targets, side_force(state, battle, other(hits.side)))
        choices = ({"side": hits.side, "casualties": force.to_json()} for force in options)
        fields = {"side": hits.side, "hits": sum(1 for t in hits.targets if t), "kills": most}
        fields["targets"] = [list(t) for t in hits.targets]
        option = offered(probe, hits.chooser, "assign_casualties", ("KK-BATTLE-11",), choices, fields=fields)
        found.extend(waiting(hits.chooser, f"{hits.chooser} assigns the {hits.side}'s hits in {battle.id}", option))
    return tuple(found)


def _exchange(probe: Probe, state: KKState, battle: Battle) -> tuple[Waiting, ...]:
    """KK-LORD-2 before the first die (attacker first, A-59); the next exchange; between full rounds a retreat."""
    found: list[Waiting] = []
    for side in (ATTACKER, DEFENDER):
        seat = battle.owner_of(side)
        if side in battle.led_arms or not lord_present(state, battle, side):
            continue
        arms = ({"arm": arm} for arm in side_force(state, battle, side).arms())
        option = offered(probe, seat, "lead_arm", ("KK-LORD-2",), (*arms, {}), note="{}: the lord leads no arm")
        found.extend(waiting(seat, f"{seat}'s lord names the arm he leads", option))
    roller = neutral_roller(state, battle.attacker) if is_neutral(battle.defender) else battle.defender
    fields = {"exchange": battle.exchange}
    dice = exchange_dice(state, battle)  # KK-BATTLE-4: one die per rolling unit
    for seat in dict.fromkeys((battle.attacker, roller)):
        fight = offered(probe, seat, "fight_exchange", _EXCHANGE_RULES, NO_DATA, fields=fields, dice_count=dice)
        found.extend(waiting(seat, f"{battle.id}: the {battle.exchange} exchange is rolled", fight))
    if is_advanced(state) and round_complete(state, battle):
        found.extend(_retreats(probe, state, battle))
    return tuple(found)


def _retreats(probe: Probe, state: KKState, battle: Battle) -> tuple[Waiting, ...]:
    """KK-ADV-5, A-46: after a full round the attacker retreats or stays; then the defender may retreat."""
    found: list[Waiting] = []
    for side in (ATTACKER, DEFENDER):
        seat = battle.owner_of(side)
        places = destinations(state, battle, side)
        costs = {county: _retreat_cost(state, battle, side, county) for county in places}
        rules = ("KK-ADV-5", "KK-ADV-8" if side == ATTACKER else "KK-ADV-9", "KK-ADV-11")
        # KK-ADV-6: the pursuers' dice are the same whichever county the retreat goes to.
        dice = pursuit_dice(state, battle, other(side))
        leave = offered(
            probe, seat, "retreat", rules, ({"to": c} for c in places), fields={"destinations": costs}, dice_count=dice
        )
        stay = offered(probe, seat, "stay", ("KK-ADV-5",), NO_DATA) if side == ATTACKER else None
        found.extend(waiting(seat, f"{seat} may retreat from {battle.id}", leave, stay))
    return tuple(found)


def _retreat_cost(state: KKState, battle: Battle, side: str, county: str) -> dict[str, Any]:
    """KK-ADV-6/7/11: the pursuers' dice, and half of what is left rounded down when an obstacle is crossed."""
    army = side_force(state, battle, side)
    pursuers = side_force(state, battle, other(side))
    dice = pursuers.archer if battle.kind == "siege" and side == ATTACKER else pursuers.total
    obstacle = crosses_obstacle(state, battle.county, county)
    return {
        "pursuit_dice": dice,
        "obstacle": obstacle,
        "obstacle_losses_at_most": army.total // 2 if obstacle else 0,
        "note": "half the units left after the pursuit, rounded down" if obstacle else "no obstacle losses",
    }


def _obstacle_losses(probe: Probe, state: KKState, battle: Battle, side: str, due: int) -> tuple[Waiting, ...]:
    """KK-ADV-11: the retreating player picks the units the river, mountain or swamp costs him."""
    seat = battle.owner_of(side)
    army = side_force(state, battle, side)
    choices = ({"units": part.to_json()} for part in picks(army, due))
    option = offered(probe, seat, "choose_retreat_losses", ("KK-ADV-11",), choices, fields={"lose": due})
    return waiting(seat, f"{seat} picks the {due} units lost to the obstacle", option)


def _withdrawal(probe: Probe, state: KKState, battle: Battle) -> tuple[Waiting, ...]:
    """KK-SIEGE-9..12: a garrison kept in the captured castle, the rest (or all, with the lord) sent out."""
    seat = battle.attacker
    attack = side_force(state, battle, ATTACKER)
    capturing = battle.status == "capturing"
    lord = lord_present(state, battle, ATTACKER) and not capturing
    places = withdrawal_destinations(state, battle)
    keeps = _garrisons(state, attack) if capturing else [EMPTY]
    fields = {
        "attackers": attack.to_json(),
        "destinations": places,
        "forced_battle_targets": [] if places else forced_battle_targets(state, battle, attack, lord),
        "lord_goes": lord,
    }
    rules = ("KK-SIEGE-9", "KK-SIEGE-10", "KK-SIEGE-11") if capturing else ("KK-SIEGE-6", "KK-SIEGE-10")
    option = offered(
        probe,
        seat,
        "withdraw",
        rules,
        _withdrawals(state, battle, keeps, places, lord, capturing),
        complete=False,
        fields=fields,
        note="every attacking unit is kept or moved; moves may split over the destinations",
        limit=MANY,
    )
    return waiting(seat, f"{seat} withdraws from {battle.county}", option)


def _garrisons(state: KKState, attack: Force) -> list[Force]:
    """KK-SIEGE-9, KK-CASTLE-2..4: the parts of the besiegers the captured castle can hold, largest first."""
    limits = str(state.options["castle_arm_limit"]), str(state.options["variant"])
    parts = [Force(*counts) for counts in product(*(range(attack.of(arm) + 1) for arm in ARMS))]
    fitting = [p for p in parts if 0 < p.total <= CASTLE_CAPACITY and not castle_limit_breaches(p, *limits)]
    return sorted(fitting, key=lambda p: (-p.total, [-p.of(arm) for arm in ARMS]))


def _withdrawals(
    state: KKState, battle: Battle, keeps: list[Force], places: list[str], lord: bool, capturing: bool
) -> Iterator[dict[str, Any]]:
    attack = side_force(state, battle, ATTACKER)
    for keep in keeps:
        moving = attack.minus(keep)
        kept = {"keep": keep.to_json()} if capturing else {}
        targets = places or forced_battle_targets(state, battle, moving, lord)
        for to in targets:
            yield {**kept, "moves": [{"to": to, "units": moving.to_json(), **({"lord": True} if lord else {})}]}
        if not targets or not moving.total:
            yield kept
