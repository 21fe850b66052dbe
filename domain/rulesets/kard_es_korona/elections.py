"""Phase V: the office elections (KK-ELECT-1..14) and the Palatine's tie decision (KK-OFFICE-5).

An election declares the eligible treasuries, then runs three auctions in order (KK-ELECT-5). Each auction is
a round of the platform's sealed submissions: every eligible seat seals `{"amount": n}`, and the reveal
settles the auction, with its payments, before the next one opens. Money goes to the royal treasury (A-61).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import SEALED_ROUND_OPENED, Action, Decision, Game, Inputs, RuleViolation, SealedRound
from domain.platform import roll
from domain.rulesets.kard_es_korona.election_state import JUDGE_REROLL, PALATINE, ROLL_OFF, SEALED, Election
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.new_year import next_year
from domain.rulesets.kard_es_korona.offices import end_open_sale
from domain.rulesets.kard_es_korona.state import ELECTION, OFFICES, KKState

BID_PURPOSE = "kk:bid:"


def eligible_seats(state: KKState) -> tuple[str, ...]:
    """KK-ELECT-14: captive, vassal and eliminated lords' players do not bid (any lord_status at all)."""
    return tuple(seat for seat in state.turn_order() if seat not in state.lord_status)


def open_election(flow: Flow) -> None:
    """KK-ELECT-1..3: the election opens, every eligible treasury is declared, the first auction begins."""
    end_open_sale(flow)
    state = flow.state
    eligible = eligible_seats(state)
    election_id = f"election-{state.year}"
    flow.emit(
        "ElectionOpened",
        {
            "election_id": election_id,
            "year": state.year,
            "ordinal": state.elections_held + 1,
            "reason": "kiralyvalasztas" if state.extraordinary_election else "scheduled",
            "eligible": list(eligible),
            "incumbents": {office: state.offices.get(office) for office in OFFICES},
        },
    )
    flow.note("KK-ELECT-14", f"eligible to bid: {', '.join(eligible) or 'nobody'}")
    flow.emit(
        "TreasuriesDeclared", {"election_id": election_id, "amounts": {s: state.treasury.get(s, 0) for s in eligible}}
    )
    flow.note("KK-ELECT-3", "treasuries declared; hidden from the other players until the election ends")
    _open_auction(flow, OFFICES[0])


def _open_auction(flow: Flow, office: str) -> None:
    """KK-ELECT-5/6: one office at a time; the eligible seats seal their bids together."""
    state = flow.state
    election = _current(state)
    round_id = f"kk-{election.id}-{office.replace('_', '-')}"
    decider = state.offices.get("palatine") if _palatine_decides(election) else None
    flow.emit("AuctionOpened", {"election_id": election.id, "office": office, "round": round_id, "decider": decider})
    if not election.eligible:
        flow.note("KK-ELECT-13", f"nobody may bid for {office}")
        _award(flow, {}, state.offices.get(office), "no_bids")
        return
    flow.emit(
        SEALED_ROUND_OPENED, {"round": round_id, "seats": list(election.eligible), "purpose": BID_PURPOSE + office}
    )
    flow.note("KK-ELECT-6", f"sealed bids for {office}: {', '.join(election.eligible)}")


def sealed_errors(state: KKState, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
    """KK-ELECT-6: a bid is a whole number of garas from 0 to the bidder's treasury, in the auction under way."""
    election = state.election
    if election is None or election.round != round.round or election.awaiting != SEALED:
        return [RuleViolation("KK-ELECT-5", f"round {round.round!r} is not the auction under way")]
    amount = payload.get("amount") if isinstance(payload, Mapping) else None
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        return [RuleViolation("KK-ELECT-6", f"a bid is {{'amount': n}} with n a whole number ≥ 0, not {payload!r}")]
    if amount > state.treasury.get(seat, 0):
        return [RuleViolation("KK-ELECT-6", f"{seat} bids {amount} but has {state.treasury.get(seat, 0)} garas")]
    return []


def bidder_errors(state: KKState, seat: str) -> list[RuleViolation]:
    """KK-ELECT-14: a captive's, a vassal's or an eliminated player's bid is refused for who he is."""
    status = state.lord_status.get(seat)
    if status is None:
        return []
    return [RuleViolation("KK-ELECT-14", f"{seat}'s lord is {status}: captives, vassals and the eliminated do not bid")]


def resolve_bids(state: KKState, payloads: Mapping[str, Any]) -> Decision:
    """KK-ELECT-7..13: the revealed bids settle the auction, or leave a tie for the Palatine or the dice."""
    election = _current(state)
    bids = {seat: int(payloads[seat]["amount"]) for seat in election.eligible if seat in payloads}
    flow = Flow(state)
    top = max(bids.values(), default=0)
    tied = tuple(seat for seat in election.eligible if bids.get(seat) == top)
    holder = state.offices.get(election.office)
    if top == 0:
        flow.note("KK-ELECT-13", f"nobody bid for {election.office}")
        _award(flow, bids, holder, "no_bids")
    elif len(tied) == 1:
        flow.note("KK-ELECT-7", f"{tied[0]} bids highest ({top}) for {election.office}")
        _award(flow, bids, tied[0], "highest_bid")
    elif holder in tied:
        flow.note("KK-ELECT-9", f"{', '.join(tied)} tie at {top}; the holder {holder} keeps {election.office}")
        _award(flow, bids, holder, "incumbent_tie")
    elif election.decider is not None and _palatine_decides(election):  # older logs name him at the first too
        flow.emit("AuctionTied", _tie(election, bids, tied, PALATINE))
        flow.note("KK-ELECT-11", f"{', '.join(tied)} tie at {top}; the Palatine {election.decider} decides")
    else:
        flow.emit("AuctionTied", _tie(election, bids, tied, ROLL_OFF))
        flow.note("KK-ELECT-11", _why_no_palatine(election))
        flow.note("KK-ELECT-10", f"{', '.join(tied)} tie at {top}; a roll-off decides")
    return flow.decision()


def _why_no_palatine(election: Election) -> str:
    """KK-ELECT-11, A-34: why the Palatine does not break this tie (the roll-off of KK-ELECT-10 does)."""
    if not _palatine_decides(election):
        return "no Palatine breaks a tie at the game's first election (A-34)"
    return "no Palatine was seated when the auction opened, so he breaks no tie"


def _palatine_decides(election: Election) -> bool:
    """KK-ELECT-11, A-34: the Palatine decides ties from the game's second election on; at the first, KK-ELECT-10."""
    return election.ordinal > 1


def _tie(election: Election, bids: Mapping[str, int], tied: tuple[str, ...], awaiting: str) -> dict[str, Any]:
    return {
        "election_id": election.id,
        "office": election.office,
        "bids": dict(bids),
        "tied": list(tied),
        "awaiting": awaiting,
        "decider": election.decider if awaiting == PALATINE else None,
    }


def decide_tie(state: KKState, action: Action) -> Decision:
    """KK-ELECT-11, KK-OFFICE-5: the Palatine picks one of the tied bidders, himself included."""
    election = state.election
    if state.phase != ELECTION or election is None or election.awaiting != PALATINE:
        return refuse("KK-ELECT-11", "no tie is waiting for the Palatine's decision", "type")
    if action.seat != election.decider:
        return refuse("KK-OFFICE-5", f"the Palatine {election.decider} decides this tie, not {action.seat}", "seat")
    chosen = action.data.get("player")
    if chosen not in election.tied:
        return refuse("KK-ELECT-11", f"{chosen!r} is not one of the tied bidders {list(election.tied)}", "data.player")
    flow = Flow(state)
    flow.note("KK-OFFICE-5", f"the Palatine {action.seat} gives {election.office} to {chosen}")
    _award(flow, election.bids, str(chosen), "palatine_choice")
    return flow.decision()


def decide_roll_off(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-ELECT-10, A-35: each tied bidder rolls a die; those tied for highest roll again until one is highest.

    KK-OFFICE-2: when the Judge Royal rolls and is not alone on top, the roll-off waits for his reroll choice.
    """
    election = state.election
    if state.phase != ELECTION or election is None or election.awaiting != ROLL_OFF:
        return refuse("KK-ELECT-10", "no tie is waiting for a roll-off", "type")
    flow = Flow(state)
    judge = state.offices.get("judge_royal")
    contenders = election.tied
    while len(contenders) > 1:
        event, faces = roll(game, inputs, len(contenders), action.seat, f"kk:{election.id}:{election.office}:roll-off")
        flow.record(event)
        rolled = dict(zip(contenders, faces, strict=True))
        leaders = _leaders(rolled)
        flow.note("KK-ELECT-10", f"roll-off: {rolled}; highest {max(faces)}")
        if judge in contenders and leaders != (judge,) and rolled[judge] != 6:
            flow.emit("TieRolled", _roll(election, rolled, leaders, JUDGE_REROLL))
            flow.note("KK-OFFICE-2", f"the Judge Royal {judge} may reroll his die")
            return flow.decision()
        if judge in leaders and len(leaders) > 1:
            flow.note("KK-OFFICE-2", f"the Judge Royal {judge} rolled a 6: no reroll can improve it, none is offered")
        flow.emit("TieRolled", _roll(election, rolled, leaders, ROLL_OFF))
        contenders = leaders
    _award(flow, election.bids, contenders[0], "roll_off")
    return flow.decision()


def decide_judge_reroll(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-OFFICE-2: the Judge Royal rerolls his own roll-off die once (`reroll: true`) or keeps it."""
    election = state.election
    judge = state.offices.get("judge_royal")
    if state.phase != ELECTION or election is None or election.awaiting != JUDGE_REROLL or judge is None:
        return refuse("KK-OFFICE-2", "no roll-off die is waiting for the Judge Royal's choice", "type")
    if action.seat != judge:
        return refuse("KK-OFFICE-2", f"only the Judge Royal {judge} rerolls his own die", "seat")
    flow = Flow(state)
    faces = dict(election.faces)
    if action.data.get("reroll") is True:
        event, (face,) = roll(game, inputs, 1, judge, f"kk:{election.id}:{election.office}:roll-off:reroll")
        flow.record(event)
        faces[judge] = face
        flow.note("KK-OFFICE-2", f"the Judge Royal {judge} rerolls: {face}, and the new result stands")
    leaders = _leaders(faces)
    flow.emit(
        "TieRollSettled", {**_roll(election, faces, leaders, ROLL_OFF), "rerolled": action.data.get("reroll") is True}
    )
    if len(leaders) == 1:
        _award(flow, election.bids, leaders[0], "roll_off")
    return flow.decision()


def _leaders(faces: Mapping[str, int]) -> tuple[str, ...]:
    best = max(faces.values())
    return tuple(seat for seat, face in faces.items() if face == best)


def _roll(election: Election, faces: Mapping[str, int], leaders: tuple[str, ...], awaiting: str) -> dict[str, Any]:
    return {
        "election_id": election.id,
        "office": election.office,
        "faces": dict(faces),
        "leaders": list(leaders),
        "awaiting": awaiting,
    }


def _award(flow: Flow, bids: Mapping[str, int], holder: str | None, outcome: str) -> None:
    """KK-ELECT-7/8/12, A-36: every bid is paid; a tied bidder who does not get the office gets half back."""
    state = flow.state
    election = _current(state)
    top = max(bids.values(), default=0)
    refunds = {seat: bid // 2 for seat, bid in bids.items() if bid == top and seat != holder and top > 0}
    if outcome == "no_bids":
        outcome = "no_bids_retained" if holder is not None else "no_bids_unfilled"
    flow.emit(
        "OfficeAwarded",
        {
            "election_id": election.id,
            "office": election.office,
            "holder": holder,
            "outcome": outcome,
            "bids": dict(bids),
            "payments": {seat: bid for seat, bid in bids.items() if bid},
            "refunds": refunds,
        },
    )
    forfeits = {seat: bid for seat, bid in bids.items() if 0 < bid < top}
    if forfeits:
        flow.note("KK-ELECT-8", f"the losing bidders forfeit their bids: {forfeits}", forfeits=forfeits)
    if refunds:
        flow.note("KK-ELECT-12", f"half back to the tied losers: {refunds}", refunds=refunds)
    later = OFFICES[OFFICES.index(election.office) + 1 :]
    if later:
        _open_auction(flow, later[0])
    else:
        _close(flow)


def _close(flow: Flow) -> None:
    """KK-ELECT-2: the election ends the year; the next year begins, or the game's last year is over."""

    state = flow.state
    election = _current(state)
    last = state.year >= state.last_year
    flow.emit(
        "ElectionClosed",
        {"election_id": election.id, "holders": dict(state.offices), "next": "finished" if last else "year"},
    )
    flow.note("KK-ELECT-2", f"the election of {state.year} is over; holders {dict(state.offices)}")
    if not last and state.starting_player is not None:
        next_year(flow, state.year + 1, state.starting_player)  # KK-TRAD-1: the traditional order rolls first


def _current(state: KKState) -> Election:
    if state.election is None:
        raise ValueError("no election under way")
    return state.election
