"""evolve for the elections and offices of issue 4 (KK-ELECT, KK-OFFICE-6): merged into `evolve._HANDLERS`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from domain.rulesets.kard_es_korona.election_state import JUDGE_REROLL, ROLL_OFF, SEALED, Election, OfficeSale
from domain.rulesets.kard_es_korona.state import FINISHED, OFFICES, KKState, evolved


def _election(state: KKState) -> Election:
    if state.election is None:
        raise ValueError("no election under way")
    return state.election


def _election_opened(state: KKState, data: Mapping[str, Any]) -> KKState:
    election = Election(
        id=str(data["election_id"]),
        ordinal=int(data["ordinal"]),
        reason=str(data["reason"]),
        eligible=tuple(str(s) for s in data["eligible"]),
    )
    return evolved(state, election=election, elections_held=election.ordinal, turn=None)


def _auction_opened(state: KKState, data: Mapping[str, Any]) -> KKState:
    office = str(data["office"])
    if office not in OFFICES:
        raise ValueError(office)
    decider = data.get("decider")
    election = replace(
        _election(state),
        office=office,
        round=str(data["round"]),
        awaiting=SEALED,
        decider=str(decider) if decider is not None else None,
        bids={},
        tied=(),
    )
    return evolved(state, election=election, turn=None)


def _auction_tied(state: KKState, data: Mapping[str, Any]) -> KKState:
    bids = {str(k): int(v) for k, v in data["bids"].items()}
    tied = tuple(str(s) for s in data["tied"])
    awaiting = str(data["awaiting"])
    election = replace(_election(state), awaiting=awaiting, bids=bids, tied=tied)
    decider = election.decider if awaiting == "palatine" else None
    return evolved(state, election=election, turn=decider)


def _tie_rolled(state: KKState, data: Mapping[str, Any]) -> KKState:
    """A roll-off roll: it narrows the tie, or waits for the Judge Royal's reroll choice (KK-OFFICE-2)."""
    election = _election(state)
    if data["awaiting"] == JUDGE_REROLL:
        faces = {str(k): int(v) for k, v in data["faces"].items()}
        judge = state.offices.get("judge_royal")
        return evolved(state, election=replace(election, awaiting=JUDGE_REROLL, faces=faces), turn=judge)
    return _tie_roll_settled(state, data)


def _tie_roll_settled(state: KKState, data: Mapping[str, Any]) -> KKState:
    leaders = tuple(str(s) for s in data["leaders"])
    return evolved(state, election=replace(_election(state), awaiting=ROLL_OFF, tied=leaders, faces={}), turn=None)


def _office_awarded(state: KKState, data: Mapping[str, Any]) -> KKState:
    office, holder = str(data["office"]), data["holder"]
    treasury = dict(state.treasury)
    paid = 0
    refunds = data["refunds"]
    for seat, amount in data["payments"].items():
        net = int(amount) - int(refunds.get(seat, 0))
        treasury[str(seat)] = treasury.get(str(seat), 0) - net
        paid += net
    after = replace(_election(state), awaiting=SEALED, bids={}, tied=(), faces={})
    return evolved(
        state,
        treasury=treasury,
        royal_treasury=state.royal_treasury + paid,
        offices={**state.offices, office: str(holder) if holder is not None else None},
        election=after,
        turn=None,
    )


def _election_closed(state: KKState, data: Mapping[str, Any]) -> KKState:
    phase = FINISHED if data["next"] == "finished" else state.phase
    return evolved(state, election=None, phase=phase, turn=None)


def _office_sale_opened(state: KKState, data: Mapping[str, Any]) -> KKState:
    return evolved(state, office_sale=OfficeSale(str(data["office"]), str(data["seller"])))


def _office_sale_bid(state: KKState, data: Mapping[str, Any]) -> KKState:
    sale = state.office_sale
    if sale is None:
        return state
    return evolved(state, office_sale=OfficeSale(sale.office, sale.seller, str(data["seat"]), int(data["amount"])))


def _office_sold(state: KKState, data: Mapping[str, Any]) -> KKState:
    buyer = data.get("buyer")
    if buyer is None:
        return evolved(state, office_sale=None)
    seller, price = str(data["seller"]), int(data["price"])
    treasury = {**state.treasury, str(buyer): state.treasury.get(str(buyer), 0) - price}
    treasury[seller] = treasury.get(seller, 0) + price
    offices = {**state.offices, str(data["office"]): str(buyer)}
    return evolved(state, treasury=treasury, offices=offices, office_sale=None)


HANDLERS: Mapping[str, Callable[[KKState, Mapping[str, Any]], KKState]] = {
    "ElectionOpened": _election_opened,
    "AuctionOpened": _auction_opened,
    "AuctionTied": _auction_tied,
    "TieRolled": _tie_rolled,
    "TieRollSettled": _tie_roll_settled,
    "OfficeAwarded": _office_awarded,
    "ElectionClosed": _election_closed,
    "OfficeSaleOpened": _office_sale_opened,
    "OfficeSaleBid": _office_sale_bid,
    "OfficeSold": _office_sold,
}
