"""Phase IV: battle order, exchanges rolled per arm group, hits, casualties, sieges and their withdrawals.

KK-BATTLE, KK-OPEN, KK-SIEGE and the lord's bonus (KK-LORD-1..3). Every die is drawn through the platform's
`roll`, one `DiceRolled` per side and arm group: attacker before defender, cavalry, infantry, archers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs, Mode
from domain.platform import roll
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import (
    ARCHER,
    ARMS,
    CAVALRY,
    INFANTRY,
    Force,
    castle_limit_breaches,
    force_from_json,
)
from domain.rulesets.kard_es_korona.hits import (
    FULL,
    MELEE,
    SIEGE_ARCHERS,
    SIEGE_ASSAULT,
    VOLLEY,
    casualty_options,
    die_targets,
    feasible,
    lord_present,
    modifier,
    other,
    rolling_arms,
    side_force,
    threshold,
    volleying_sides,
)
from domain.rulesets.kard_es_korona.lords import after_battle, start_duel
from domain.rulesets.kard_es_korona.rerolls import exchange_reroll_offer
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    BATTLE,
    DEFENDER,
    Battle,
    KKState,
    is_neutral,
)
from domain.rulesets.kard_es_korona.turn_order import after_battles, marker_after_year, next_year

# --- battle order (KK-BATTLE-12/13, A-20) ---


def begin_battles(flow: Flow) -> None:
    state = flow.state
    ordered = sorted((b for b in state.battles if b.status == "pending"), key=lambda b: b.step_seq)
    # a lord still in the county when the phase begins (a lord released by KK-ADV-4 may have left).
    lord_battles = [b.id for b in ordered if lord_present(state, b, ATTACKER) or lord_present(state, b, DEFENDER)]
    flow.emit(
        "BattlePhaseBegan",
        {
            "year": state.year,
            "lord_battles": lord_battles,
            "open_battles": [b.id for b in ordered if b.kind == "open" and b.id not in lord_battles],
            "sieges": [b.id for b in ordered if b.kind == "siege" and b.id not in lord_battles],
        },
    )
    next_battle(flow)


def battle_chooser(state: KKState) -> tuple[str | None, list[Battle]]:
    """KK-BATTLE-12: round-robin from `turn`: open battles first, then sieges; a player picks among his own."""
    pending = [b for b in state.battles if b.status == "pending" and not b.lord_battle]
    stage = "open" if any(b.kind == "open" for b in pending) else "siege"
    order = state.turn_order()
    start = order.index(state.turn) if state.turn in order else 0
    for offset in range(len(order)):
        seat = order[(start + offset) % len(order)]
        mine = [b for b in pending if b.kind == stage and b.attacker == seat]
        if mine:
            return seat, mine
    return None, []


def next_battle(flow: Flow) -> None:
    """Start the next battle when the order leaves no choice; end the year when none is left."""
    state = flow.state
    pending = [b for b in state.battles if b.status == "pending"]
    if not pending:
        after_battles(flow)
        return
    forced = [b for b in pending if b.forced]
    if forced:
        flow.note("KK-SIEGE-11", f"the forced battle {forced[0].id} is fought at once")
        start_battle(flow, forced[0], None)
        return
    lord_battles = sorted((b for b in pending if b.lord_battle), key=lambda b: b.step_seq)
    if lord_battles:
        flow.note("KK-BATTLE-13", f"{lord_battles[0].id} has a lord: it is fought first")
        start_battle(flow, lord_battles[0], None)
        return
    chooser, mine = battle_chooser(state)
    if len(mine) == 1:
        start_battle(flow, mine[0], None)
    elif chooser is not None:
        flow.note("KK-BATTLE-12", f"{chooser} chooses which of his battles is fought next")


def decide_select_battle(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-BATTLE-12: the player whose turn it is picks one of the battles he started.

    In a transcript (`lenient`) any battle still waiting may be recorded as chosen, by whoever chose it, out of the
    catalog's order; a defeat (KK-LORD-4) or an extra step (KK-LORD-8) still open is settled first even then,
    because its outcome changes the armies of the battles still to come.
    """
    if state.phase != BATTLE or state.current_battle is not None:
        return refuse("KK-BATTLE-12", "no battle is to be chosen now", "type")
    if state.defeat:
        return refuse("KK-LORD-4", "the last battle's defeat is settled first", "type")
    if state.extra_step:  # KK-LORD-8: the extra step is taken "after the battle", before the next one is chosen
        return refuse("KK-LORD-8", "the winning lord's extra step is taken or declined first", "type")
    checks = Checks(lenient)
    chooser, mine = battle_chooser(state)
    if action.seat != chooser and checks.broken("KK-BATTLE-12", f"it is {chooser}'s turn to choose a battle", "seat"):
        return checks.refusal()
    wanted = action.data.get("battle")
    found = next((b for b in mine if b.id == wanted), None)
    if found is None:
        message = f"{wanted!r} is not one of {', '.join(b.id for b in mine)}"
        waiting = next((b for b in state.battles if b.id == wanted and b.status == "pending"), None)
        if waiting is None:
            return refuse("KK-BATTLE-12", message, "data.battle")
        if checks.broken("KK-BATTLE-12", message, "data.battle"):
            return checks.refusal()
        found = waiting
    selector = action.seat if action.seat is not None else chooser
    flow = Flow(state)
    flow.emit("BattleSelected", {"seat": selector, "battle": found.id})
    start_battle(flow, found, selector)
    return flow.decision(tuple(checks.violations))


def neutral_roller(state: KKState, attacker: str) -> str:
    """KK-NEUTRAL-3, A-10: the player just before the attacker in turn order rolls for neutral defenders."""
    order = state.turn_order()
    return order[(order.index(attacker) - 1) % len(order)]


def start_battle(flow: Flow, battle: Battle, selected_by: str | None) -> None:
    state = flow.state
    exchange = _first_exchange(state, battle)
    flow.emit(
        "BattleStarted",
        {
            "battle": battle.id,
            "selected_by": selected_by,
            "exchange": exchange,
            "attacker_force": side_force(state, battle, ATTACKER).to_json(),
            "defender_force": side_force(state, battle, DEFENDER).to_json(),
            "neutral_roller": neutral_roller(state, battle.attacker) if is_neutral(battle.defender) else None,
        },
    )
    flow.note("KK-BATTLE-2", f"{battle.id} in {battle.county}: {'siege' if battle.kind == 'siege' else 'open battle'}")


def _first_exchange(state: KKState, battle: Battle) -> str:
    if battle.kind == "siege":
        return SIEGE_ARCHERS if side_force(state, battle, DEFENDER).archer else SIEGE_ASSAULT
    return VOLLEY if volleying_sides(state, battle) else FULL


# --- the lord leads an arm (KK-LORD-2, A-59) ---


def decide_lead_arm(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-LORD-2: before the first die, the lord's player names the arm he leads (or none).

    In a transcript (`lenient`) a lord in a battle being fought may be recorded leading an arm late, out of turn,
    a second time or without units of it: the bonus counts from then on (KK-LORD-3 ends it as usual).
    """
    battle = state.battle(state.current_battle)
    message = "the lord chooses his arm when a battle begins, before its first die"
    if battle is None or battle.status != "fighting":
        return refuse("KK-LORD-2", message, "type")
    checks = Checks(lenient)
    if (battle.round != 1 or battle.pending or _rolled(battle)) and checks.broken("KK-LORD-2", message, "type"):
        return checks.refusal()
    side = _lord_side(state, battle, action.seat)
    if side is None:
        return refuse("KK-LORD-2", f"{action.seat} has no lord in {battle.id} still to declare", "seat")
    if side in battle.led_arms and checks.broken(
        "KK-LORD-2", f"{action.seat} has no lord in {battle.id} still to declare", "seat"
    ):
        return checks.refusal()
    if (
        side == DEFENDER
        and lord_present(state, battle, ATTACKER)
        and ATTACKER not in battle.led_arms
        and checks.broken("KK-LORD-2", "the attacking lord declares first (A-59)", "seat")
    ):
        return checks.refusal()
    arm = action.data.get("arm")
    not_present = f"the lord can lead only an arm present in his army, not {arm!r}"
    if arm is not None and arm not in ARMS:
        return refuse("KK-LORD-2", not_present, "data.arm")
    if (
        arm is not None
        and side_force(state, battle, side).of(arm) == 0
        and checks.broken("KK-LORD-2", not_present, "data.arm")
    ):
        return checks.refusal()
    flow = Flow(state)
    flow.emit("LordArmChosen", {"battle": battle.id, "side": side, "seat": action.seat, "arm": arm})
    flow.note("KK-LORD-2", f"{action.seat}'s lord leads {arm or 'no arm'}: +1 to its dice")
    return flow.decision(tuple(checks.violations))


def _rolled(battle: Battle) -> bool:
    return battle.exchanges > 0


def _lord_side(state: KKState, battle: Battle, seat: str | None) -> str | None:
    for side in (ATTACKER, DEFENDER):
        if battle.owner_of(side) == seat and lord_present(state, battle, side):
            return side
    return None


# --- one exchange ---


def _chooser(state: KKState, battle: Battle, hitting: str) -> str | None:
    """KK-BATTLE-11, A-9, A-10: the hitter chooses; for neutrals their roller, or the engine under `auto`."""
    if battle.exchange == SIEGE_ARCHERS and state.options.get("siege_volley_chooser") == "target":
        hitting = other(hitting)
    owner = battle.owner_of(hitting)
    if not is_neutral(owner):
        return owner
    if state.options.get("neutral_casualty_policy") == "auto":
        return None
    return neutral_roller(state, battle.attacker)


def decide_fight_exchange(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-BATTLE-4/9: every rolling unit rolls one die, per arm group; hits are then chosen and removed together."""
    battle = state.battle(state.current_battle)
    if state.phase != BATTLE or battle is None:
        return refuse("KK-BATTLE-12", "no battle is being fought", "type")
    if battle.status != "fighting" or battle.pending:
        return refuse("KK-BATTLE-9", f"{battle.id}: the last exchange's casualties are still to be chosen", "type")
    checks = Checks(game.meta.mode is Mode.TRANSCRIPT)
    roller = neutral_roller(state, battle.attacker) if is_neutral(battle.defender) else battle.defender
    if (
        action.seat is not None
        and action.seat not in (battle.attacker, battle.defender, roller)
        and checks.broken("KK-BATTLE-1", f"{action.seat} takes no part in {battle.id}", "seat")
    ):
        return checks.refusal()
    for side in (ATTACKER, DEFENDER):
        if (
            battle.round == 1
            and lord_present(state, battle, side)
            and side not in battle.led_arms
            and not _rolled(battle)
            and checks.broken("KK-LORD-2", f"the {side}'s lord names the arm he leads before the first die", "type")
        ):
            return checks.refusal()  # a transcript's lord who named no arm leads none
    flow = Flow(state)
    groups: list[dict[str, Any]] = []
    targets: dict[str, list[tuple[str, ...]]] = {ATTACKER: [], DEFENDER: []}
    for side in (ATTACKER, DEFENDER):
        owner = battle.owner_of(side)
        seat = roller if is_neutral(owner) else owner
        for arm in rolling_arms(state, battle, side):
            count = side_force(state, battle, side).of(arm)
            purpose = f"kk:{battle.id}:r{battle.round}:{battle.exchange}:{side}:{arm}"
            event, faces = roll(game, inputs, count, seat, purpose)
            flow.record(event)
            plus = modifier(state, battle, side, arm)
            hit_on = {t: threshold(battle, arm, t) for t in ARMS}
            for face in faces:
                targets[side].append(die_targets(state, battle, side, arm, face))
            groups.append({"side": side, "arm": arm, "faces": list(faces), "modifier": plus, "hit_on": hit_on})
            needs = {t: n - plus for t, n in hit_on.items() if n is not None}  # the natural roll that hits
            shown = ", ".join(f"{t} {n}+" for t, n in needs.items())
            flow.note(
                "KK-BATTLE-5",
                f"{side} {arm} ({owner}) rolls {', '.join(map(str, faces))}; hits {shown}",
                faces=list(faces),
                modifier=plus,
                needs=needs,
            )
    pending = []
    for side in (ATTACKER, DEFENDER):
        enemy = side_force(state, battle, other(side))
        best, _ = casualty_options(targets[side], enemy)
        if best:
            pending.append(
                {
                    "side": side,
                    "chooser": _chooser(state, battle, side),
                    "targets": [list(t) for t in targets[side]],
                    "max_kills": best,
                }
            )
        flow.note("KK-BATTLE-11", f"{side} can kill at most {best} (A-8)", max_kills=best)
    flow.emit(
        "ExchangeRolled",
        {
            "battle": battle.id,
            "round": battle.round,
            "exchange": battle.exchange,
            "groups": groups,
            "pending": pending,
            "volleyed": [g["side"] for g in groups] if battle.exchange == VOLLEY else [],
        },
    )
    if exchange_reroll_offer(flow, battle, groups):
        return flow.decision(tuple(checks.violations))
    _settle(flow)
    return flow.decision(tuple(checks.violations))


def _settle(flow: Flow) -> None:
    """Choose the casualties the rules leave no choice about; when every side has chosen, remove them."""
    battle = flow.state.battle(flow.state.current_battle)
    if battle is None or flow.state.reroll_offer:
        return
    maximal = flow.state.options.get("casualty_assignment", "maximal") == "maximal"
    for p in battle.pending:
        if p.chosen is not None:
            continue
        enemy = side_force(flow.state, battle, other(p.side))
        _, options = casualty_options(p.targets, enemy)
        if p.chooser is None:
            pick = _auto_pick(battle, options)
        elif len(options) == 1 and maximal:
            pick = options[0]
        else:
            continue
        flow.emit(
            "CasualtiesAssigned",
            {"battle": battle.id, "side": p.side, "seat": p.chooser, "casualties": pick.to_json(), "auto": True},
        )
    battle = flow.state.battle(battle.id)
    if battle is not None and all(p.chosen is not None for p in battle.pending):
        _resolve(flow, battle)


def _auto_pick(battle: Battle, options: list[Force]) -> Force:
    """A-10 `auto`: infantry first in sieges (to force a withdrawal), then cavalry, infantry, archers."""
    priority = (INFANTRY, CAVALRY, ARCHER) if battle.kind == "siege" else (CAVALRY, INFANTRY, ARCHER)
    return max(options, key=lambda f: tuple(f.of(a) for a in priority))


def decide_assign_casualties(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-BATTLE-11, A-8: the hitter names which enemy units his hits kill, within what each die can kill.

    In a transcript (`lenient`) the casualties the table removed are recorded even when another player chose them,
    a die killed a unit it cannot kill, or fewer died than the dice could kill; the units must still be in the
    enemy army, and no more can die than there were hits.
    """
    battle = state.battle(state.current_battle)
    if battle is None:
        return refuse("KK-BATTLE-11", "no battle is being fought", "type")
    if state.reroll_offer:
        return refuse("KK-OFFICE-1", "the Judge Royal first decides whether to reroll", "type")
    checks = Checks(lenient)
    wanted_side = action.data.get("side")
    unchosen = [p for p in battle.pending if p.chosen is None and (wanted_side is None or p.side == wanted_side)]
    open_hits = [p for p in unchosen if p.chooser == action.seat]
    if not open_hits:
        message = f"{action.seat} has no hits to assign in {battle.id}"
        if len(unchosen) != 1:  # none to assign, or two and the action does not say whose
            return refuse("KK-BATTLE-11", message, "seat")
        if checks.broken("KK-BATTLE-11", message, "seat"):
            return checks.refusal()
        open_hits = unchosen
    hits = open_hits[0]
    chosen = force_from_json(action.data.get("casualties"))
    if chosen is None:
        return refuse(
            "KK-BATTLE-11", f"casualties {action.data.get('casualties')!r} are not a force", "data.casualties"
        )
    enemy = side_force(state, battle, other(hits.side))
    if not enemy.contains(chosen):
        return refuse("KK-BATTLE-11", f"the enemy has {enemy.describe()}, not {chosen.describe()}", "data.casualties")
    scored = sum(1 for t in hits.targets if t)
    if not feasible(hits.targets, chosen):
        if lenient and chosen.total > scored:
            return refuse(
                "KK-BATTLE-11", f"{scored} hits cannot kill {chosen.describe()}", "data.casualties", hits=scored
            )
        if checks.broken(
            "KK-BATTLE-11",
            f"the dice cannot kill {chosen.describe()}: each hit needs a unit its die can kill",
            "data.casualties",
        ):
            return checks.refusal()
    maximal = state.options.get("casualty_assignment", "maximal") == "maximal"
    # A feasible choice never kills more than the most the dice can kill, so only fewer breaks A-8.
    if (
        maximal
        and chosen.total < hits.max_kills
        and checks.broken(
            "KK-BATTLE-11",
            f"the hits kill {hits.max_kills} units at most and must (A-8); {chosen.describe()} kills {chosen.total}",
            "data.casualties",
        )
    ):
        return checks.refusal()
    flow = Flow(state)
    seat = action.seat if action.seat is not None else hits.chooser
    flow.emit(
        "CasualtiesAssigned",
        {"battle": battle.id, "side": hits.side, "seat": seat, "casualties": chosen.to_json(), "auto": False},
    )
    _settle(flow)
    return flow.decision(tuple(checks.violations))


def _resolve(flow: Flow, battle: Battle) -> None:
    """KK-BATTLE-9: the casualties of both sides are removed together; then the battle goes on or ends."""
    for p in battle.pending:
        assert p.chosen is not None
        hits = sum(1 for t in p.targets if t)
        flow.emit(
            "CasualtiesRemoved",
            {
                "battle": battle.id,
                "side": other(p.side),
                "removed": p.chosen.to_json(),
                "wasted_hits": hits - p.chosen.total,
            },
        )
    state = flow.state
    for side in (ATTACKER, DEFENDER):
        arm = battle.led_arms.get(side)
        if (
            arm
            and side not in battle.bonus_lost
            and lord_present(state, battle, side)
            and not side_force(state, battle, side).of(arm)
        ):
            flow.emit("LordBonusLost", {"battle": battle.id, "side": side, "seat": battle.owner_of(side), "arm": arm})
            flow.note("KK-LORD-3", f"the {side}'s {arm} are gone: the lord's bonus ends for this battle")
    _outcome(flow, battle.id)


def _outcome(flow: Flow, battle_id: str) -> None:
    """KK-SIEGE-8, KK-SIEGE-7, KK-CASTLE-1: the defenders' wipe-out is checked before the siege's infantry, so an
    attacker whose last infantry fell with the last defenders takes the castle, and with it the county; only a
    siege still defended ends when no attacking infantry is left (dismounted knights and archers are none)."""
    state = flow.state
    battle = state.battle(battle_id)
    assert battle is not None
    if battle.status == "retreating":  # KK-ADV-6: the pursuit is over; the retreat goes on unless it destroyed them
        from domain.rulesets.kard_es_korona.retreat import after_pursuit

        if after_pursuit(flow, battle):
            return
    attack, defence = side_force(state, battle, ATTACKER), side_force(state, battle, DEFENDER)
    if attack.total == 0 and defence.total == 0:
        if lord_present(state, battle, ATTACKER) and lord_present(state, battle, DEFENDER):
            start_duel(flow, battle)  # KK-LORD-5: the lords fight on alone
            return
        flow.emit(
            "CountyControlChanged",
            {
                "county": battle.county,
                "from": state.control.get(battle.county),
                "to": None,
                "cause": "mutual_annihilation",
            },
        )
        flow.note("KK-BATTLE-10", f"both sides wiped out: {battle.county} has no owner")
        _lords_defeated(flow, battle, (ATTACKER, DEFENDER))
        end_battle(flow, battle, "mutual_annihilation")
    elif defence.total == 0:
        _lords_defeated(flow, battle, (DEFENDER,))
        if state.control.get(battle.county) != battle.attacker:
            flow.emit(
                "CountyControlChanged",
                {
                    "county": battle.county,
                    "from": state.control.get(battle.county),
                    "to": battle.attacker,
                    "cause": "battle_won",
                },
            )
        flow.note("KK-BATTLE-14", f"{battle.attacker} wins and takes {battle.county}")
        if battle.kind == "siege" and attack.infantry == 0:
            flow.note(
                "KK-SIEGE-8", f"the last defenders fell with the last attacking infantry: {attack.describe()} take it"
            )
        if battle.kind == "siege" and capture_castle(flow, battle):
            return
        end_battle(flow, battle, "attacker_won")
    elif attack.total == 0:
        _lords_defeated(flow, battle, (ATTACKER,))
        flow.note("KK-BATTLE-14", f"{battle.defender} keeps {battle.county}")
        end_battle(flow, battle, "defender_won")
    elif battle.kind == "siege" and attack.infantry == 0 and not lord_present(state, battle, ATTACKER):
        from domain.rulesets.kard_es_korona.withdrawal import abandon_siege

        flow.note(
            "KK-SIEGE-6",
            f"no attacking infantry and no lord left ({attack.describe()}): the siege is abandoned at once",
        )
        abandon_siege(flow, battle, "no_infantry")
    else:
        following = _next_exchange(state, battle)
        flow.emit("ExchangeResolved", {"battle": battle.id, "round": following[0], "exchange": following[1]})


def capture_castle(flow: Flow, battle: Battle) -> bool:
    """KK-SIEGE-9: the castle changes hands; True when the attackers cannot all stay and the rest must go."""
    flow.emit(
        "CastleCaptured",
        {"battle": battle.id, "county": battle.county, "new_owner": battle.attacker, "previous_owner": battle.defender},
    )
    attack = side_force(flow.state, battle, ATTACKER)
    options = flow.state.options
    if castle_limit_breaches(attack, str(options["castle_arm_limit"]), str(options["variant"])):
        flow.note(
            "KK-SIEGE-9",
            f"{attack.describe()} cannot all stay: {battle.attacker} chooses who stays and where the rest go",
        )
        return True
    return False


def _next_exchange(state: KKState, battle: Battle) -> tuple[int, str]:
    match battle.exchange:
        case "volley":
            return battle.round, MELEE
        case "siege_archers":
            return battle.round, SIEGE_ASSAULT
        case "siege_assault":
            has_archers = side_force(state, battle, DEFENDER).archer > 0
            return battle.round + 1, SIEGE_ARCHERS if has_archers else SIEGE_ASSAULT
        case _:
            return battle.round + 1, FULL


def _lords_defeated(flow: Flow, battle: Battle, sides: tuple[str, ...]) -> None:
    """KK-LORD-4: a lord whose units in the battle are all destroyed is defeated (what follows: defeat.py)."""
    for side in sides:
        if lord_present(flow.state, battle, side):
            flow.emit(
                "LordDefeated",
                {"seat": battle.owner_of(side), "battle": battle.id, "by_owner": battle.owner_of(other(side))},
            )


def end_battle(flow: Flow, battle: Battle, result: str) -> None:
    state = flow.state
    survivors = {side: side_force(state, battle, side).to_json() for side in (ATTACKER, DEFENDER)}
    flow.emit("BattleEnded", {"battle": battle.id, "result": result, "survivors": survivors})
    after_battle(flow, battle, result)  # a defeat or the winner's extra step may wait before the next battle


# --- the end of the year (KK-TURN-4/5) ---


def end_year(flow: Flow) -> None:
    from domain.rulesets.kard_es_korona.economy import election_year
    from domain.rulesets.kard_es_korona.elections import open_election

    state = flow.state
    flow.emit("BattlePhaseEnded", {"year": state.year})
    following = marker_after_year(state)
    if election_year(state) or state.extraordinary_election:
        next_step = "election"  # KK-ELECT-1: also in the last year (Királyválasztás); it then ends the game
    elif state.year >= state.last_year:
        next_step = "finished"
    else:
        next_step = "year"
    flow.emit("YearEnded", {"year": state.year, "next_starting_player": following, "next": next_step})
    flow.note("KK-TURN-5", f"{state.year} ends; {following} starts the next year")
    if next_step == "year":
        next_year(flow, state.year + 1, following)
    elif next_step == "election":
        open_election(flow)


def chooser_summary(state: KKState) -> Mapping[str, Any]:
    """What the current battle waits for (for views)."""
    battle = state.battle(state.current_battle)
    if battle is None:
        chooser, mine = battle_chooser(state) if state.phase == BATTLE else (None, [])
        return {"choose_battle": chooser, "among": [b.id for b in mine]}
    return {"battle": battle.id, "waiting_for": [p.chooser for p in battle.pending if p.chosen is None]}
