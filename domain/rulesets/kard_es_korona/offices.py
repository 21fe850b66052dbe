"""Office powers built in issue 4: selling an office by public auction (KK-OFFICE-6, A-38), and the secrecy
of treasuries during an election (KK-ELECT-3, KK-ECON-7).

The Treasurer's castle rate (KK-OFFICE-3) and the Palatine's prices (KK-OFFICE-4) live in `economy.py`; the
Palatine's tie decision (KK-OFFICE-5) in `elections.py`.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Action, Decision, Viewer
from domain.rulesets.kard_es_korona.election_state import OfficeSale
from domain.rulesets.kard_es_korona.flow import Flow, refuse
from domain.rulesets.kard_es_korona.state import ELECTION, OFFICES, KKState, is_neutral


def hide_treasuries(document: dict[str, Any], state: KKState, viewer: Viewer) -> dict[str, Any]:
    """KK-ELECT-3: from the declaration to the end of the election a player sees only his own treasury."""
    if state.election is not None and not viewer.arbiter:
        document["treasury"] = {seat: v for seat, v in state.treasury.items() if seat == viewer.seat}
    return document


def decide_offer_office(state: KKState, action: Action) -> Decision:
    """KK-OFFICE-6, A-38: the holder opens a public auction of his office, outside elections and battles."""
    office, seat = action.data.get("office"), action.seat
    if office not in OFFICES:
        return refuse("KK-OFFICE-6", f"office {office!r} must be one of {', '.join(OFFICES)}", "data.office")
    if seat is None or state.offices.get(office) != seat:
        return refuse("KK-OFFICE-6", f"only the holder of {office} ({state.offices.get(office)}) may sell it", "seat")
    frozen = _fate_open(state, seat)
    if frozen is not None:
        return frozen
    if state.phase == ELECTION:
        return refuse("KK-ELECT-4", "no office is sold during an election (A-38)", "type")
    if state.current_battle is not None:
        return refuse("KK-OFFICE-6", "no office is sold while a battle is being fought (A-38)", "type")
    if state.office_sale is not None:
        return refuse("KK-OFFICE-6", f"the sale of {state.office_sale.office} is still open", "type")
    if state.options.get("office_sale_requires_empty_treasury") and state.treasury.get(seat, 0) > 0:
        return refuse("KK-OFFICE-6", f"{seat} may sell only with an empty treasury (option, A-38)", "type")
    flow = Flow(state)
    flow.emit("OfficeSaleOpened", {"office": office, "seller": seat})
    flow.note("KK-OFFICE-6", f"{seat} offers {office} at a public auction")
    return flow.decision()


def decide_bid_for_office(state: KKState, action: Action) -> Decision:
    """KK-OFFICE-6, A-38: open ascending bids by the players who could bid in an election."""
    sale, seat, amount = state.office_sale, action.seat, action.data.get("amount")
    if sale is None:
        return refuse("KK-OFFICE-6", "no office is for sale", "type")
    frozen = _fate_open(state, sale.seller)
    if frozen is not None:
        return frozen
    if state.phase == ELECTION:
        return refuse("KK-ELECT-4", "no money passes between players during an election", "type")
    if seat is None or seat == sale.seller or seat not in state.seats:
        return refuse("KK-OFFICE-6", f"{seat} cannot bid for the office {sale.seller} sells", "seat")
    if seat in state.lord_status:
        return refuse("KK-ELECT-14", f"{seat}'s lord is {state.lord_status[seat]}: he may not hold an office", "seat")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= sale.amount:
        return refuse("KK-OFFICE-6", f"a bid must be a whole number above {sale.amount}, not {amount!r}", "data.amount")
    if amount > state.treasury.get(seat, 0):
        return refuse("KK-OFFICE-6", f"{seat} has {state.treasury.get(seat, 0)} garas, not {amount}", "data.amount")
    flow = Flow(state)
    flow.emit("OfficeSaleBid", {"office": sale.office, "seat": seat, "amount": amount})
    return flow.decision()


def decide_close_office_sale(state: KKState, action: Action) -> Decision:
    """KK-OFFICE-6: the seller closes the auction; the highest bidder pays him and takes the office."""
    sale = state.office_sale
    if sale is None:
        return refuse("KK-OFFICE-6", "no office is for sale", "type")
    if action.seat != sale.seller:
        return refuse("KK-OFFICE-6", f"the seller {sale.seller} closes the sale", "seat")
    if state.offices.get(sale.office) != sale.seller:
        # KK-OFFICE-7: the office was lost meanwhile (capture, defeat, fealty); nothing is left to sell
        flow = Flow(state)
        flow.emit("OfficeSold", _no_sale(sale, "office_lost"))
        return flow.decision()
    frozen = _fate_open(state, sale.seller)
    if frozen is not None:
        return frozen
    if sale.bidder is not None and sale.amount > state.treasury.get(sale.bidder, 0):
        # money moved since the bid (recruitment, transfers): the bid can no longer be paid
        return refuse("KK-OFFICE-6", f"{sale.bidder} can no longer pay {sale.amount}", "type")
    flow = Flow(state)
    if sale.bidder is None:
        flow.emit("OfficeSold", _no_sale(sale, "no_bid"))
    else:
        flow.emit(
            "OfficeSold", {"office": sale.office, "seller": sale.seller, "buyer": sale.bidder, "price": sale.amount}
        )
    if sale.bidder is None:
        flow.note("KK-OFFICE-6", f"no bid for {sale.office}: {sale.seller} keeps it")
    else:
        flow.note("KK-OFFICE-6", f"{sale.bidder} buys {sale.office} from {sale.seller} for {sale.amount}")
    return flow.decision()


def end_open_sale(flow: Flow) -> None:
    """KK-OFFICE-7: an election ends every term, so a sale still open when it begins ends without a sale."""
    sale = flow.state.office_sale
    if sale is not None:
        flow.emit("OfficeSold", _no_sale(sale, "election"))
        flow.note("KK-OFFICE-7", f"the election ends the open sale of {sale.office}")


def end_sale_of_lost_offices(flow: Flow, lost: list[str]) -> None:
    """KK-OFFICE-7: an office lost on defeat, capture or fealty ends its open sale with no sale (office_lost)."""
    sale = flow.state.office_sale
    if sale is not None and sale.office in lost:
        flow.emit("OfficeSold", _no_sale(sale, "office_lost"))
        flow.note("KK-OFFICE-7", f"{sale.seller} has lost {sale.office}: its sale ends with no sale")


def _fate_open(state: KKState, seat: str) -> Decision | None:
    """KK-ELIM-8, KK-CAPTIVE-4 (A-23): while the seat's defeated lord awaits his fate, the offices he will lose if
    the defeat stands are neither sold nor bid for (None: no defeat of his is open)."""
    defeat = state.defeat
    if defeat.get("seat") != seat:
        return None
    message = f"{seat}'s lord is defeated: his offices return to the crown if the defeat stands, none is sold"
    if is_neutral(str(defeat.get("by", ""))):
        return refuse("KK-CAPTIVE-4", message, "type")
    return refuse("KK-ELIM-8", message, "type")


def _no_sale(sale: OfficeSale, reason: str) -> dict[str, Any]:
    return {"office": sale.office, "seller": sale.seller, "buyer": None, "price": 0, "reason": reason}
