"""What the round brings without a player's choice: siege attrition, giants and pirates (KBS-SIE-7, GNT, PIR)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import ceil
from typing import Any

from domain.kernel import Decision, Event, Game, Inputs, TraceStep
from domain.platform import roll
from domain.rulesets.cedofan_kards_bs.battle_guards import garrison
from domain.rulesets.cedofan_kards_bs.battles import siege_break
from domain.rulesets.cedofan_kards_bs.board import NEUTRAL
from domain.rulesets.cedofan_kards_bs.combat import army_bs, attrition_pick, city_defence, losses, survivors
from domain.rulesets.cedofan_kards_bs.rulings import applied, loss_events, new_army_id, transfer
from domain.rulesets.cedofan_kards_bs.state import Army, KbsState


def siege_attrition(game: Game, state: KbsState, round_no: int) -> Decision:
    """KBS-SIE-7, KBS-AMB-5: from a siege's second year, one unit inside dies at the start of the round."""
    decision = Decision()
    for city, siege in sorted(state.sieges.items()):
        if siege.started >= round_no:
            continue
        inside = [a for a in garrison(state, city) if not a.is_empty()]
        year = round_no - siege.started + 1
        if not inside:
            decision = decision.then(Decision(trace=(TraceStep("KBS-AMB-5", f"{city}, year {year}: nobody inside"),)))
            continue
        army, (kind, leader) = _attrition_target(inside, game.meta.options)
        event = Event(
            "SiegeAttritionApplied",
            {
                "city": city,
                "year": year,
                "army": army.id,
                "units": {kind: 1} if kind else {},
                "leaders": [leader] if leader else [],
                "rule_ids": ["KBS-SIE-7", "KBS-AMB-5"],
            },
        )
        step = TraceStep("KBS-SIE-7", f"{city}, year {year} of the siege: one {kind or leader} of {army.id} dies")
        decision = decision.then(Decision((event,), trace=(step,)))
        state = applied(state, [event])
        broken = siege_break(state, city, game.meta.options)
        state = applied(state, broken.events)
        decision = decision.then(broken)
    return decision


def _attrition_target(inside: Sequence[Army], options: Mapping[str, Any]) -> tuple[Army, tuple[str | None, str | None]]:
    """The stack and unit KBS-AMB-5 takes: army units first (lowest BS), then other units, then leaders."""
    picks = [(army, attrition_pick(army, options)) for army in inside]
    table = options["unit_bs"]

    def rank(item: tuple[Army, tuple[str | None, str | None]]) -> tuple[int, int, str]:
        _, (kind, _leader) = item
        if kind is None:
            return (2, 0, "")
        return (0 if table.get(kind, 0) > 0 else 1, table.get(kind, 0), kind)

    return min(picks, key=rank)


def giant_raid(game: Game, inputs: Inputs, state: KbsState, round_no: int) -> Decision:
    """KBS-GNT-1..9, KBS-AMB-11: odd rounds from 3, a d6 picks the city; neutral cities are spared."""
    if round_no < 3 or round_no % 2 == 0:
        return Decision()
    if not state.map.giant_targets:
        return Decision(trace=(TraceStep("KBS-GNT-1", f"round {round_no}: this board has no giants"),))
    target_event, (face,) = roll(game, inputs, 1, None, f"giants, round {round_no}: target city")
    city_id = state.map.giant_targets[str(face)]
    owner = state.owners.get(city_id, NEUTRAL)
    pick = TraceStep("KBS-GNT-2", f"round {round_no} is odd: the giants come; roll {face} -> {city_id}")
    if owner == NEUTRAL:
        spared = Event(
            "GiantsStayedAway", {"round": round_no, "roll": face, "city": city_id, "rule_ids": ["KBS-GNT-3"]}
        )
        return Decision(
            (target_event, spared), trace=(pick, TraceStep("KBS-GNT-3", f"{city_id} is neutral: no attack"))
        )
    arrived = Event(
        "GiantsArrived",
        {"round": round_no, "roll": face, "city": city_id, "owner": owner, "rule_ids": ["KBS-GNT-1", "KBS-GNT-2"]},
    )
    return Decision((target_event, arrived), trace=(pick,)).then(_giant_battle(game, inputs, state, city_id, owner))


def _giant_battle(game: Game, inputs: Inputs, state: KbsState, city_id: str, owner: str) -> Decision:
    """KBS-GNT-4..6, KBS-AMB-11: the giant fights the owner's stacks before the city, fortification ignored."""
    options = game.meta.options
    region = state.map.cities[city_id].admin_region
    # KBS-GNT-4, KBS-AMB-11: the owner's stacks in the city and in its region are one side. Its default losses are
    # every battle's (KBS-AMB-1: lowest BS first, then the stacks in id order); the owner may choose others.
    defenders = sorted([*state.armies_at(region, owner), *state.armies_at(city_id, owner)], key=lambda a: a.id)
    bs_def = army_bs(defenders, options)
    giant_bs = options["unit_bs"]["giant"]
    dice_event, (die_giant, die_def) = roll(game, inputs, 2, None, f"giants at {city_id}: giant, defender")
    v_giant, v_def = (giant_bs + die_giant) // 4, (bs_def + die_def) // 4
    giant_wins = v_giant > v_def
    keep = survivors(bs_def, v_def, v_giant, options["loss_model"])
    resolved = Event(
        "BattleResolved",
        {
            "kind": "giants",
            "area": city_id,
            "attackers": ["giant"],
            "defenders": [a.id for a in defenders],
            "bs": [giant_bs, bs_def],
            "bonus": [0, 0],
            "city_defence": 0,
            "dice": [die_giant, die_def],
            "values": [v_giant, v_def],
            "winner": "attacker" if giant_wins else "defender",
            "tie_to_defender": v_giant == v_def,
            "survivors": [0, 0 if giant_wins else keep],
            "rule_ids": ["KBS-GNT-4", "KBS-GNT-5", "KBS-GNT-6", "KBS-AMB-11"],
        },
    )
    step = TraceStep(
        "KBS-GNT-6",
        f"giant: floor(({giant_bs} + {die_giant}) / 4) = {v_giant}; defender: "
        f"floor(({bs_def} BS in {city_id} and {region} + {die_def}) / 4) = {v_def}; fortification ignored",
        {
            "giant": giant_bs,
            "giant_die": die_giant,
            "giant_value": v_giant,
            "bs": bs_def,
            "die": die_def,
            "value": v_def,
        },
    )
    fought = Decision((dice_event, resolved), trace=(step,))
    if giant_wins:
        won = TraceStep("KBS-GNT-7", f"the giant wins: {city_id} turns neutral with 2 neutral units")
        overrun = _overrun(state, city_id, defenders, "KBS-GNT-8", ("KBS-GNT-7",), "giants", {"army": 2})
        return fought.then(Decision(tuple(overrun), trace=(won,)))
    award = options["giant_repelled_influence"]
    lost = TraceStep("KBS-GNT-9", f"the giant loses and vanishes; {owner} keeps {keep} BS and gains {award} influence")
    events = [
        *loss_events(losses(defenders, keep, options), ["KBS-AMB-11", "KBS-AMB-1"]),
        transfer("influence", None, owner, award, ["KBS-GNT-9"]),
    ]
    return fought.then(Decision(tuple(events), trace=(lost,)))


def _overrun(
    state: KbsState,
    city: str,
    armies: Sequence[Army],
    lost_rule: str,
    held_rules: tuple[str, ...],
    reason: str,
    raiders: Mapping[str, int],
) -> list[Event]:
    """KBS-GNT-7/8, KBS-PIR-5/6, KBS-AMB-13: the defenders' units are lost; the city turns neutral, held by the raiders.

    The seed kills no kard: the defenders neither withdraw nor are ransomed („Obránci se nestahují … a nejdou
    vykoupit zajatci"), so their leader figures are prisoners of the neutral city, never ransomed (KBS-RAN-1 does
    not apply) — the faction of a captured ruler cannot win (KBS-LDR-3).
    """
    events = [
        Event("UnitsLost", {"army": a.id, "units": dict(a.units), "leaders": [], "rule_ids": [lost_rule]})
        for a in armies
        if a.units
    ]
    events += [
        Event(
            "UnitsCaptured",
            {
                "army": a.id,
                "owner": a.owner,
                "captor": NEUTRAL,
                "at": city,
                "units": {},
                "leaders": list(a.leaders),
                "ransomable": False,
                "ransom_barred_by": lost_rule,
                "rule_ids": [lost_rule],
            },
        )
        for a in armies
        if a.leaders
    ]
    if city in state.sieges:
        events.append(Event("SiegeEnded", {"city": city, "reason": reason, "rule_ids": [held_rules[0]]}))
    placed = {"army": new_army_id(state), "owner": NEUTRAL, "at": city, "units": dict(raiders), "leaders": []}
    return [
        *events,
        Event("CityTurnedNeutral", {"city": city, "pirate_held": reason == "pirates", "rule_ids": list(held_rules)}),
        Event("ArmyPlaced", {**placed, "rule_ids": list(held_rules)}),
    ]


def pirate_raid(game: Game, inputs: Inputs, state: KbsState, round_no: int) -> Decision:
    """KBS-PIR-1..6, KBS-AMB-12/13: even rounds from 4, the neutral ports' fleets storm Ostius at once
    (KBS-PIR-2: no siege first)."""
    if round_no < 4 or round_no % 2 == 1:
        return Decision()
    ostius = state.map.pirate_target
    if ostius is None:
        return Decision(trace=(TraceStep("KBS-PIR-1", f"round {round_no}: this board has no pirates"),))
    owner = state.owners.get(ostius, NEUTRAL)
    if owner == NEUTRAL:
        skipped = Event(
            "PirateRaidResolved", {"round": round_no, "city": ostius, "happened": False, "rule_ids": ["KBS-AMB-12"]}
        )
        return Decision((skipped,), trace=(TraceStep("KBS-AMB-12", f"{ostius} is neutral or pirate-held: no raid"),))
    return _pirate_battle(game, inputs, state, round_no, ostius)


def raid_dice(state: KbsState, options: Mapping[str, Any]) -> int | None:
    """The table dice beginning the turns rolls for this round's raid (`giant_raid`, `pirate_raid`): None in a giants'
    round, whose target die decides whether a battle's two follow (KBS-GNT-2/3); in a pirates' round the pirates'
    and Ostius's two when Ostius is held and the game rolls them (KBS-PIR-3, KBS-AMB-12); else none."""
    round_no, ostius = state.round, state.map.pirate_target
    if round_no >= 3 and round_no % 2 == 1 and state.map.giant_targets:
        return None
    if round_no < 4 or round_no % 2 == 1 or ostius is None or state.owners.get(ostius, NEUTRAL) == NEUTRAL:
        return 0
    return 2 if options["pirate_dice"] else 0


def raiding_ports(state: KbsState) -> list[str]:
    """KBS-PIR-1, KBS-PIR-3: the neutral ports not under siege, whose fleets raid."""
    return sorted(
        c.id
        for c in state.map.cities.values()
        if c.port and state.owners.get(c.id) == NEUTRAL and c.id not in state.sieges
    )


def _pirate_battle(game: Game, inputs: Inputs, state: KbsState, round_no: int, ostius: str) -> Decision:
    """KBS-PIR-3/4, KBS-AMB-12: the fleets' value against Ostius' garrison and wall; a tie goes to Ostius."""
    options = game.meta.options
    ports = raiding_ports(state)
    ship_bs = (
        sum(a.units.get("ship", 0) for port in ports for a in state.armies_at(port, NEUTRAL))
        * options["unit_bs"]["ship"]
    )
    inside = list(garrison(state, ostius))
    bs_in = army_bs(inside, options)
    wall = city_defence(bs_in, state.map.cities[ostius].fortified)
    events: list[Event] = []
    dice = [0, 0]
    if options["pirate_dice"]:
        dice_event, faces = roll(game, inputs, 2, None, f"pirates at {ostius}: pirates, Ostius")
        events.append(dice_event)
        dice = list(faces)
    v_pir = (ship_bs + 4 * len(ports) + dice[0]) // 4
    v_ost = (bs_in + wall + dice[1]) // 4
    pirates_win = v_pir > v_ost
    numbers = {"ports": ports, "ship_bs": ship_bs, "garrison_bs": bs_in, "wall": wall, "dice": dice}
    events.append(
        Event(
            "PirateRaidResolved",
            {
                "round": round_no,
                "city": ostius,
                "happened": True,
                **numbers,
                "values": [v_pir, v_ost],
                "winner": "pirates" if pirates_win else "ostius",
                "tie_to_defender": v_pir == v_ost,
                "rule_ids": ["KBS-PIR-1", "KBS-PIR-2", "KBS-PIR-3", "KBS-PIR-4", "KBS-AMB-12"],
            },
        )
    )
    trace = (
        TraceStep(
            "KBS-PIR-3",
            f"pirates: floor(({ship_bs} ship BS + 4 x {len(ports)} neutral ports + {dice[0]}) / 4) = {v_pir}",
        ),
        TraceStep("KBS-PIR-4", f"{ostius}: floor(({bs_in} BS + {wall} wall + {dice[1]}) / 4) = {v_ost}"),
    )
    fought = Decision(tuple(events), trace=trace)
    if not pirates_win:
        keep = survivors(bs_in, v_ost, v_pir, options["loss_model"])
        held = TraceStep("KBS-AMB-12", f"{ostius} holds (a tie goes to Ostius); it keeps {keep} BS")
        lost = loss_events(losses(inside, keep, options), ["KBS-AMB-12", "KBS-AMB-1"])
        return fought.then(Decision(tuple(lost), trace=(held,)))
    ships = max(1, ceil(v_pir / 2))
    fell = TraceStep("KBS-PIR-5", f"{ostius} falls: the garrison is lost; pirates hold it with {ships} ship(s)")
    overrun = _overrun(state, ostius, inside, "KBS-PIR-6", ("KBS-PIR-5", "KBS-AMB-13"), "pirates", {"ship": ships})
    return fought.then(Decision(tuple(overrun), trace=(fell,)))
