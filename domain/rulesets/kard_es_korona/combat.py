"""Phase IV's decisions in a battle: the battle chosen, the lord's arm, an exchange rolled, its casualties named.

KK-BATTLE, KK-OPEN, KK-SIEGE and the lord's bonus (KK-LORD-1..3). Every die is drawn through the platform's
`roll`, one `DiceRolled` per side and arm group: attacker before defender, cavalry, infantry, archers. What the
exchange then leaves is outcome.py's; the order of battles battle_order.py's and year.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs, Mode
from domain.platform import roll
from domain.rulesets.kard_es_korona.battle_order import battle_chooser, casualty_chooser, neutral_roller, start_battle
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    Force,
    force_from_json,
)
from domain.rulesets.kard_es_korona.hits import (
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
)
from domain.rulesets.kard_es_korona.outcome import settle
from domain.rulesets.kard_es_korona.rerolls import awaiting_judge, exchange_reroll_offer
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    BATTLE,
    DEFENDER,
    Battle,
    KKState,
    PendingHits,
    is_neutral,
)

# --- battle order (KK-BATTLE-12/13, A-20) ---


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


def decide_fight_exchange(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-BATTLE-4/9: every rolling unit rolls one die, per arm group; hits are then chosen and removed together."""
    battle = state.battle(state.current_battle)
    if state.phase != BATTLE or battle is None:
        return refuse("KK-BATTLE-12", "no battle is being fought", "type")
    if battle.status != "fighting" or battle.pending:
        return refuse("KK-BATTLE-9", f"{battle.id}: the last exchange's casualties are still to be chosen", "type")
    if (waiting := awaiting_judge(state)) is not None:
        return waiting
    checks = Checks(game.meta.mode is Mode.TRANSCRIPT)
    roller = neutral_roller(state, battle.attacker) if is_neutral(battle.defender) else battle.defender
    if _takes_no_part(state, battle, action.seat, roller, checks) or _lord_undeclared(state, battle, checks):
        return checks.refusal()
    flow = Flow(state)
    groups, targets = _roll_arm_groups(flow, game, inputs, battle, roller)
    flow.emit(
        "ExchangeRolled",
        {
            "battle": battle.id,
            "round": battle.round,
            "exchange": battle.exchange,
            "groups": groups,
            "pending": _hits_to_assign(flow, state, battle, targets),
            "volleyed": [g["side"] for g in groups] if battle.exchange == VOLLEY else [],
        },
    )
    if not exchange_reroll_offer(flow, battle, groups):
        settle(flow)
    return flow.decision(tuple(checks.violations))


def _takes_no_part(state: KKState, battle: Battle, seat: str | None, roller: str, checks: Checks) -> bool:
    """KK-BATTLE-1: the exchange is rolled by the battle's sides (for neutral defenders, their roller); True when
    the action must be refused now."""
    return (
        seat is not None
        and seat not in (battle.attacker, battle.defender, roller)
        and checks.broken("KK-BATTLE-1", f"{seat} takes no part in {battle.id}", "seat")
    )


def _lord_undeclared(state: KKState, battle: Battle, checks: Checks) -> bool:
    """KK-LORD-2: a lord names the arm he leads before the battle's first die; True when the action must be
    refused now (a transcript's lord who named no arm leads none)."""
    for side in (ATTACKER, DEFENDER):
        if (
            battle.round == 1
            and lord_present(state, battle, side)
            and side not in battle.led_arms
            and not _rolled(battle)
            and checks.broken("KK-LORD-2", f"the {side}'s lord names the arm he leads before the first die", "type")
        ):
            return True
    return False


def _roll_arm_groups(
    flow: Flow, game: Game, inputs: Inputs, battle: Battle, roller: str
) -> tuple[list[dict[str, Any]], dict[str, list[tuple[str, ...]]]]:
    """KK-BATTLE-4/5: one roll per side and arm group (attacker first; cavalry, infantry, archers), and what each
    die can kill."""
    state = flow.state
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
    return groups, targets


def _hits_to_assign(
    flow: Flow, state: KKState, battle: Battle, targets: Mapping[str, list[tuple[str, ...]]]
) -> list[dict[str, Any]]:
    """KK-BATTLE-11, A-8: each side's hits, who assigns them and the most they can kill."""
    pending = []
    for side in (ATTACKER, DEFENDER):
        enemy = side_force(state, battle, other(side))
        best, _ = casualty_options(targets[side], enemy)
        if best:
            pending.append(
                {
                    "side": side,
                    "chooser": casualty_chooser(state, battle, side),
                    "targets": [list(t) for t in targets[side]],
                    "max_kills": best,
                }
            )
        flow.note("KK-BATTLE-11", f"{side} can kill at most {best} (A-8)", max_kills=best)
    return pending


def decide_assign_casualties(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-BATTLE-11, A-8: the hitter names which enemy units his hits kill, within what each die can kill.

    In a transcript (`lenient`) the casualties the table removed are recorded even when another player chose them,
    a die killed a unit it cannot kill, or fewer died than the dice could kill; the units must still be in the
    enemy army, and no more can die than there were hits.
    """
    battle = state.battle(state.current_battle)
    if battle is None:
        return refuse("KK-BATTLE-11", "no battle is being fought", "type")
    if (waiting := awaiting_judge(state)) is not None:
        return waiting
    checks = Checks(lenient)
    hits = _hits_of(battle, action.seat, action.data.get("side"), checks)
    if isinstance(hits, Decision):
        return hits
    chosen = force_from_json(action.data.get("casualties"))
    if chosen is None:
        return refuse(
            "KK-BATTLE-11", f"casualties {action.data.get('casualties')!r} are not a force", "data.casualties"
        )
    enemy = side_force(state, battle, other(hits.side))
    if not enemy.contains(chosen):
        return refuse("KK-BATTLE-11", f"the enemy has {enemy.describe()}, not {chosen.describe()}", "data.casualties")
    if (stop := _dice_allow(state, hits, chosen, lenient, checks)) is not None:
        return stop
    flow = Flow(state)
    seat = action.seat if action.seat is not None else hits.chooser
    flow.emit(
        "CasualtiesAssigned",
        {"battle": battle.id, "side": hits.side, "seat": seat, "casualties": chosen.to_json(), "auto": False},
    )
    settle(flow)
    return flow.decision(tuple(checks.violations))


def _hits_of(battle: Battle, seat: str | None, side: Any, checks: Checks) -> PendingHits | Decision:
    """KK-BATTLE-11: the hits `seat` assigns (of `side` when both sides' wait); in a transcript, the only hits
    waiting, whoever assigns them."""
    unchosen = [p for p in battle.pending if p.chosen is None and (side is None or p.side == side)]
    open_hits = [p for p in unchosen if p.chooser == seat]
    if open_hits:
        return open_hits[0]
    message = f"{seat} has no hits to assign in {battle.id}"
    if len(unchosen) != 1:  # none to assign, or two and the action does not say whose
        return refuse("KK-BATTLE-11", message, "seat")
    if checks.broken("KK-BATTLE-11", message, "seat"):
        return checks.refusal()
    return unchosen[0]


def _dice_allow(state: KKState, hits: PendingHits, chosen: Force, lenient: bool, checks: Checks) -> Decision | None:
    """KK-BATTLE-11, A-8: each casualty needs a die that can kill it, and the hits kill as many as they can."""
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
    return None
