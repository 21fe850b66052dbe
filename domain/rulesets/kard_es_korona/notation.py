"""One readable English line per event, naming what the table sees: the lords by their provinces, the royal and
neutral forces, the board's (Hungarian) county names, units counted by arm (`notation_names`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.kard_es_korona.election_notation import election_line
from domain.rulesets.kard_es_korona.notation_lords import lords_line
from domain.rulesets.kard_es_korona.notation_names import (
    NEUTRAL_PREFIX,
    arms,
    battle_name,
    card,
    county,
    namer,
    plural,
    units,
    whom,
    words,
)
from domain.rulesets.kard_es_korona.state import KKState


def notation(event: Event, state: KKState) -> str:
    data = event.data
    try:
        return _line(event.type, data, state)
    except (KeyError, TypeError, ValueError, AttributeError):
        return event.type


def _line(kind: str, data: Mapping[str, Any], state: KKState) -> str:
    for phase_line in (_table_line, _movement_line, _battle_line, _advanced_line):
        if (line := phase_line(kind, data, state)) is not None:
            return line
    line = lords_line(kind, data, state) or election_line(kind, data, state)
    return line or platform_line(Event(kind, data)) or kind


def _table_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of a setup, year-start, event-card, income or recruitment event (KK-SETUP, KK-EVENT, KK-ECON)."""
    owner = namer(state)
    match kind:
        case "DiceRolled":
            roller = owner(data["seat"]) if data.get("seat") else "table"
            return f"{roller} rolls {len(data['faces'])}d6: {' '.join(map(str, data['faces']))}"
        case "StartingPlayerChosen":
            return f"{owner(data['seat'])} is the starting player of {data['year']} (by {data['method']})"
        case "StartingForcesPlaced":
            placed = "; ".join(f"{units(f)} in {county(state, c)}" for c, f in data["placements"].items())
            return f"{owner(data['seat'])} places the lord in {county(state, data['lord'])} and {placed}"
        case "NeutralPiecePlaced":
            piece = f"{arms(data['arm'], 1)} of {owner(NEUTRAL_PREFIX + str(data['province']))}"
            return f"{owner(data['seat'])} places {piece} in {county(state, data['county'])}"
        case "NeutralGarrisonsPlaced":
            return f"neutral garrisons occupy {len(data['placements'])} empty castles"
        case "YearBegan":
            return f"{data['year']} begins; {owner(data['starting_player'])} starts"
        case "EventCardDrawn":
            return f"event card drawn: {data['name']}"
        case "EventCardVoided":
            return f"event card {card(data['card'])} is void ({words(data['reason'])})"
        case "EventEffectApplied":
            changed = ", ".join(f"{c['change']:+d} infantry in {county(state, c['county'])}" for c in data["changes"])
            return f"{card(data['card'])}: the neutral forces change: {changed}"
        case "EventDieRolled":
            outcome = "abandons the siege" if data["withdraws"] else "keeps up the siege"
            rolled = " then ".join(map(str, data["faces"]))
            fought = battle_name(state, data["battle"])
            return f"Rainy Autumn: {owner(data['seat'])} rolls {rolled} and {outcome} (battle {fought})"
        case "ExtraordinaryElectionScheduled":
            return f"an extraordinary election will close {data['year']}"
        case "IncomeCollected":
            return "income: " + ", ".join(f"{owner(e['seat'])} +{e['total']}" for e in data["entries"])
        case "UnitsRecruited":
            bought = "; ".join(
                f"{arms(p['arm'], p['count'])} in {county(state, p['castle'])}" for p in data["purchases"]
            )
            return f"{owner(data['seat'])} recruits {bought} for {data['total_cost']} garas"
        case "RecruitmentFinished":
            return f"{owner(data['seat'])} finishes recruiting"
        case "MoneyTransferred":
            return f"{owner(data['from'])} gives {data['amount']} garas to {data['to']}"
        case _:
            return None


def _movement_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of an event of phase III and the traditional order's turns (KK-MOVE, KK-TRAD)."""
    owner = namer(state)
    match kind:
        case "MovementPhaseBegan":
            return "movement begins: " + ", ".join(f"{owner(s)} {n} steps" for s, n in data["step_allowances"].items())
        case "StepTaken":
            moved = "; ".join(
                f"{units(g['units'])}{' with the lord' if g.get('lord') else ''} from {county(state, g['from'])}"
                for g in data["groups"]
            )
            return f"{owner(data['seat'])} moves {moved} to {county(state, data['to'])}"
        case "CountyControlChanged":
            return f"{county(state, data['county'])} passes to {owner(data['to'])} ({words(data['cause'])})"
        case "BattleCreated":
            what = "besieges" if data["kind"] == "siege" else "attacks"
            return f"{owner(data['attacker'])} {what} {county(state, data['county'])} held by {owner(data['defender'])}"
        case "StartingRollDue":
            return f"{data['year']}: the players roll for the starting player"
        case "TurnPositionDue":
            return f"{owner(data['seat'])} chooses to move first or last in {data['year']}"
        case "TurnPositionChosen":
            return f"{owner(data['seat'])} moves {data['position']}: {owner(data['first_mover'])} begins"
        case "PlayerTurnBegan":
            return f"{owner(data['seat'])}'s turn: movement, then his battles"
        case "StepPassed":
            return f"{owner(data['seat'])} passes"
        case "NextStartingPlayerSet":
            return f"{owner(data['seat'])} will start {data['year']}"
        case "MovementPhaseEnded":
            return "movement ends"
        case _:
            return None


def _battle_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of an event of phase IV: battles, sieges and their withdrawals (KK-BATTLE, KK-SIEGE, KK-LORD-1..4)."""
    owner = namer(state)
    match kind:
        case "BattlePhaseBegan":
            return "battles begin"
        case "BattleSelected":
            return f"{owner(data['seat'])} chooses battle {battle_name(state, data['battle'])}"
        case "BattleStarted":
            forces = f"{units(data['attacker_force'])} against {units(data['defender_force'])}"
            return f"battle {battle_name(state, data['battle'])} begins: {forces}"
        case "LordArmChosen":
            return f"{owner(data['seat'])}'s lord leads the {data['arm'] or 'no arm'}"
        case "ExchangeRolled":
            rolled = "; ".join(
                f"{g['side']} {g['arm']} {' '.join(map(str, g['faces']))}"
                + (f" (+{g['modifier']})" if g["modifier"] else "")
                for g in data["groups"]
            )
            exchange = data["exchange"].replace("_", " ")
            return (
                f"battle {battle_name(state, data['battle'])}, round {data['round']}, {exchange}: {rolled or 'no dice'}"
            )
        case "CasualtiesAssigned":
            return (
                f"{owner(data['seat']) if data['seat'] else 'the engine'} assigns the {data['side']}'s hits to "
                f"{units(data['casualties'])}"
            )
        case "CasualtiesRemoved":
            return f"the {data['side']} loses {units(data['removed'])}"
        case "LordBonusLost":
            return f"{owner(data['seat'])}'s lord loses his bonus: his {plural(data['arm'])} are gone"
        case "ExchangeResolved":
            fought = battle_name(state, data["battle"])
            return f"battle {fought} goes on: round {data['round']}, {data['exchange'].replace('_', ' ')}"
        case "SiegeAbandoned":
            return f"the siege {battle_name(state, data['battle'])} is abandoned ({words(data['reason'])})"
        case "CastleCaptured":
            return f"{owner(data['new_owner'])} captures the castle of {county(state, data['county'])}"
        case "UnitsWithdrawn" if data.get("kind") == "retreat":
            moves = "; ".join(f"{units(m['units'])} to {county(state, m['to'])}" for m in data["moves"])
            return f"{owner(data['seat'])} retreats {moves}"
        case "UnitsWithdrawn":
            moves = "; ".join(f"{units(m['units'])} to {county(state, m['to'])}" for m in data["moves"])
            return f"{owner(data['seat'])} withdraws {moves}"
        case "WithdrawingUnitsDestroyed":
            return f"{owner(data['seat'])}'s {units(data['units'])} can neither withdraw nor attack and are destroyed"
        case "BattleEnded":
            return f"battle {battle_name(state, data['battle'])} ends: {data['result'].replace('_', ' ')}"
        case "LordDefeated":
            return f"{owner(data['seat'])}'s lord is defeated by {owner(data['by_owner'])}"
        case _:
            return None


def _advanced_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of a pinning or retreat event (KK-ADV), or of the end of the year or game (KK-TURN-5, KK-WIN)."""
    owner = namer(state)
    match kind:
        case "CountyPinned":
            pinned = "pinned" if data["pinned"] else "not pinned"
            released = f"; {data['release']} may be released" if data["release"] else ""
            fought = battle_name(state, data["battle"])
            return f"battle {fought}: {data['attackers']} against {data['defenders']}, {pinned}{released}"
        case "DefendersReleased":
            lord = " and the lord" if data["lord_released"] else ""
            fought = battle_name(state, data["battle"])
            return f"{owner(data['seat'])} releases {units(data['released'])}{lord} from battle {fought}"
        case "PlayerMovementFrozen":
            return f"{owner(data['seat'])}'s lord is attacked: {owner(data['seat'])} may only pass this year"
        case "FrozenPassLifted":
            fought = battle_name(state, data["battle"])
            return f"battle {fought} vetoed: {owner(data['seat'])} is no longer frozen and moves again"
        case "RetreatDeclared":
            return (
                f"{owner(data['seat'])} ({data['side']}) retreats from battle {battle_name(state, data['battle'])} to "
                f"{county(state, data['to'])}"
            )
        case "RetreatDeclined":
            return (
                f"{owner(data['seat'])} stays in battle {battle_name(state, data['battle'])} for round {data['round']}"
            )
        case "PursuitRolled":
            rolled = "; ".join(f"{g['arm']} {' '.join(map(str, g['faces']))}" for g in data["groups"])
            return f"battle {battle_name(state, data['battle'])}, pursuit: {rolled or 'no dice'}"
        case "ObstacleLossesDue":
            return f"{owner(data['seat'])} must lose {data['count']} units to the obstacle of the retreat"
        case "ObstacleLossesChosen":
            return f"{owner(data['seat'])} loses {units(data['removed'])} crossing the obstacle of the retreat"
        case "BattlePhaseEnded":
            return "battles end"
        case "YearEnded":
            return f"{data['year']} ends; {owner(data['next_starting_player'])} holds the starting-player marker"
        case "FinalStandingsCounted":
            ranks = "; ".join(
                f"{owner(r['seat'])} {r['castles']} castles, {r['counties']} counties, {r['cavalry']} cavalry, "
                f"{r['treasury']} garas"
                for r in data["standings"]
            )
            return f"{data['year']} was the last year: {ranks}"
        case "GameEnded" if data.get("winners"):
            reason = f" ({data['reason']})" if data.get("reason") else ""
            return f"game ended by {data['by']}: {whom(state, data['winners'])} win{reason}"
        case "GameEnded":
            return f"game ended by {data['by']}"
        case _:
            return None
