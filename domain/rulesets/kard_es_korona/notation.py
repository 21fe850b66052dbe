"""One readable English line per event, with the board's (Hungarian) county names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Event
from domain.platform_notation import platform_line
from domain.rulesets.kard_es_korona.election_notation import election_line
from domain.rulesets.kard_es_korona.forces import force_from_json
from domain.rulesets.kard_es_korona.notation_lords import lords_line
from domain.rulesets.kard_es_korona.state import KKState


def notation(event: Event, state: KKState) -> str:
    data = event.data
    try:
        return _line(event.type, data, state)
    except (KeyError, TypeError, ValueError, AttributeError):
        return event.type


def _name(state: KKState, county: Any) -> str:
    if state.board is not None and county in state.board.counties:
        return state.board.counties[county].name
    return str(county)


def _units(value: Any) -> str:
    force = force_from_json(value)
    return force.describe() if force is not None else str(value)


def _line(kind: str, data: Mapping[str, Any], state: KKState) -> str:
    for phase_line in (_table_line, _movement_line, _battle_line, _advanced_line):
        if (line := phase_line(kind, data, state)) is not None:
            return line
    line = lords_line(kind, data, state, _name) or election_line(kind, data)
    return line or platform_line(Event(kind, data)) or kind


def _table_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of a setup, year-start, event-card, income or recruitment event (KK-SETUP, KK-EVENT, KK-ECON)."""
    match kind:
        case "DiceRolled":
            return f"{data.get('seat') or 'table'} rolls {len(data['faces'])}d6: {' '.join(map(str, data['faces']))}"
        case "StartingPlayerChosen":
            return f"{data['seat']} is the starting player of {data['year']} (by {data['method']})"
        case "StartingForcesPlaced":
            placed = "; ".join(f"{_units(f)} in {_name(state, c)}" for c, f in data["placements"].items())
            return f"{data['seat']} places the lord in {_name(state, data['lord'])} and {placed}"
        case "NeutralPiecePlaced":
            return f"{data['seat']} places a neutral {data['arm']} in {_name(state, data['county'])}"
        case "NeutralGarrisonsPlaced":
            return f"neutral garrisons occupy {len(data['placements'])} empty castles"
        case "YearBegan":
            return f"{data['year']} begins; {data['starting_player']} starts"
        case "EventCardDrawn":
            return f"event card drawn: {data['name']}"
        case "EventCardVoided":
            return f"event card {data['card']} is void ({data['reason']})"
        case "EventEffectApplied":
            changed = ", ".join(f"{c['change']:+d} infantry in {_name(state, c['county'])}" for c in data["changes"])
            return f"{data['card']}: the neutral forces change: {changed}"
        case "EventDieRolled":
            outcome = "abandons the siege" if data["withdraws"] else "keeps up the siege"
            rolled = " then ".join(map(str, data["faces"]))
            return f"Rainy Autumn: {data['seat']} rolls {rolled} and {outcome} (battle {data['battle']})"
        case "ExtraordinaryElectionScheduled":
            return f"an extraordinary election will close {data['year']}"
        case "IncomeCollected":
            return "income: " + ", ".join(f"{e['seat']} +{e['total']}" for e in data["entries"])
        case "UnitsRecruited":
            bought = "; ".join(f"{p['count']} {p['arm']} in {_name(state, p['castle'])}" for p in data["purchases"])
            return f"{data['seat']} recruits {bought} for {data['total_cost']} garas"
        case "RecruitmentFinished":
            return f"{data['seat']} finishes recruiting"
        case "MoneyTransferred":
            return f"{data['from']} gives {data['amount']} garas to {data['to']}"
        case _:
            return None


def _movement_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of an event of phase III and the traditional order's turns (KK-MOVE, KK-TRAD)."""
    match kind:
        case "MovementPhaseBegan":
            return "movement begins: " + ", ".join(f"{s} {n} steps" for s, n in data["step_allowances"].items())
        case "StepTaken":
            moved = "; ".join(
                f"{_units(g['units'])}{' with the lord' if g.get('lord') else ''} from {_name(state, g['from'])}"
                for g in data["groups"]
            )
            return f"{data['seat']} moves {moved} to {_name(state, data['to'])}"
        case "CountyControlChanged":
            return f"{_name(state, data['county'])} passes to {data['to'] or 'nobody'} ({data['cause']})"
        case "BattleCreated":
            what = "besieges" if data["kind"] == "siege" else "attacks"
            return f"{data['attacker']} {what} {_name(state, data['county'])} held by {data['defender']}"
        case "StartingRollDue":
            return f"{data['year']}: the players roll for the starting player"
        case "TurnPositionDue":
            return f"{data['seat']} chooses to move first or last in {data['year']}"
        case "TurnPositionChosen":
            return f"{data['seat']} moves {data['position']}: {data['first_mover']} begins"
        case "PlayerTurnBegan":
            return f"{data['seat']}'s turn: movement, then his battles"
        case "StepPassed":
            return f"{data['seat']} passes"
        case "NextStartingPlayerSet":
            return f"{data['seat']} will start {data['year']}"
        case "MovementPhaseEnded":
            return "movement ends"
        case _:
            return None


def _battle_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of an event of phase IV: battles, sieges and their withdrawals (KK-BATTLE, KK-SIEGE, KK-LORD-1..4)."""
    match kind:
        case "BattlePhaseBegan":
            return "battles begin"
        case "BattleSelected":
            return f"{data['seat']} chooses battle {data['battle']}"
        case "BattleStarted":
            forces = f"{_units(data['attacker_force'])} against {_units(data['defender_force'])}"
            return f"battle {data['battle']} begins: {forces}"
        case "LordArmChosen":
            return f"{data['seat']}'s lord leads the {data['arm'] or 'no arm'}"
        case "ExchangeRolled":
            rolled = "; ".join(
                f"{g['side']} {g['arm']} {' '.join(map(str, g['faces']))}"
                + (f" (+{g['modifier']})" if g["modifier"] else "")
                for g in data["groups"]
            )
            exchange = data["exchange"].replace("_", " ")
            return f"battle {data['battle']}, round {data['round']}, {exchange}: {rolled or 'no dice'}"
        case "CasualtiesAssigned":
            return f"{data['seat'] or 'the engine'} assigns the {data['side']}'s hits to {_units(data['casualties'])}"
        case "CasualtiesRemoved":
            return f"the {data['side']} loses {_units(data['removed'])}"
        case "LordBonusLost":
            return f"{data['seat']}'s lord loses his bonus: his {data['arm']} are gone"
        case "ExchangeResolved":
            return f"battle {data['battle']} goes on: round {data['round']}, {data['exchange'].replace('_', ' ')}"
        case "SiegeAbandoned":
            return f"the siege {data['battle']} is abandoned ({data['reason']})"
        case "CastleCaptured":
            return f"{data['new_owner']} captures the castle of {_name(state, data['county'])}"
        case "UnitsWithdrawn" if data.get("kind") == "retreat":
            moves = "; ".join(f"{_units(m['units'])} to {_name(state, m['to'])}" for m in data["moves"])
            return f"{data['seat']} retreats {moves}"
        case "UnitsWithdrawn":
            moves = "; ".join(f"{_units(m['units'])} to {_name(state, m['to'])}" for m in data["moves"])
            return f"{data['seat']} withdraws {moves}"
        case "WithdrawingUnitsDestroyed":
            return f"{data['seat']}'s {_units(data['units'])} can neither withdraw nor attack and are destroyed"
        case "BattleEnded":
            return f"battle {data['battle']} ends: {data['result'].replace('_', ' ')}"
        case "LordDefeated":
            return f"{data['seat']}'s lord is defeated by {data['by_owner']}"
        case _:
            return None


def _advanced_line(kind: str, data: Mapping[str, Any], state: KKState) -> str | None:
    """The line of a pinning or retreat event (KK-ADV), or of the end of the year or game (KK-TURN-5, KK-WIN)."""
    match kind:
        case "CountyPinned":
            pinned = "pinned" if data["pinned"] else "not pinned"
            released = f"; {data['release']} may be released" if data["release"] else ""
            return f"battle {data['battle']}: {data['attackers']} against {data['defenders']}, {pinned}{released}"
        case "DefendersReleased":
            lord = " and the lord" if data["lord_released"] else ""
            return f"{data['seat']} releases {_units(data['released'])}{lord} from battle {data['battle']}"
        case "PlayerMovementFrozen":
            return f"{data['seat']}'s lord is attacked: {data['seat']} may only pass this year"
        case "FrozenPassLifted":
            return f"battle {data['battle']} vetoed: {data['seat']} is no longer frozen and moves again"
        case "RetreatDeclared":
            return (
                f"{data['seat']} ({data['side']}) retreats from battle {data['battle']} to {_name(state, data['to'])}"
            )
        case "RetreatDeclined":
            return f"{data['seat']} stays in battle {data['battle']} for round {data['round']}"
        case "PursuitRolled":
            rolled = "; ".join(f"{g['arm']} {' '.join(map(str, g['faces']))}" for g in data["groups"])
            return f"battle {data['battle']}, pursuit: {rolled or 'no dice'}"
        case "ObstacleLossesDue":
            return f"{data['seat']} must lose {data['count']} units to the obstacle of the retreat"
        case "ObstacleLossesChosen":
            return f"{data['seat']} loses {_units(data['removed'])} crossing the obstacle of the retreat"
        case "BattlePhaseEnded":
            return "battles end"
        case "YearEnded":
            return f"{data['year']} ends; {data['next_starting_player']} holds the starting-player marker"
        case "FinalStandingsCounted":
            ranks = "; ".join(
                f"{r['seat']} {r['castles']} castles, {r['counties']} counties, {r['cavalry']} cavalry, "
                f"{r['treasury']} garas"
                for r in data["standings"]
            )
            return f"{data['year']} was the last year: {ranks}"
        case "GameEnded" if data.get("winners"):
            reason = f" ({data['reason']})" if data.get("reason") else ""
            return f"game ended by {data['by']}: {', '.join(data['winners'])} win{reason}"
        case "GameEnded":
            return f"game ended by {data['by']}"
        case _:
            return None
