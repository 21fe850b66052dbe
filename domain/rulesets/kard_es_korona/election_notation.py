"""Notation lines and bookmarks for the elections and office sales of issue 4."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _title(office: Any) -> str:
    return str(office).replace("_", " ").title()


def election_line(kind: str, data: Mapping[str, Any]) -> str | None:
    """One English line per election or office-sale event; None for other events."""
    match kind:
        case "ElectionOpened":
            why = "extraordinary election (Királyválasztás)" if data["reason"] == "kiralyvalasztas" else "election"
            return f"the {data['year']} {why} opens; bidders {', '.join(data['eligible']) or 'none'}"
        case "TreasuriesDeclared":
            return "treasuries declared: " + ", ".join(f"{s} {n}" for s, n in data["amounts"].items())
        case "SealedRoundOpened":
            return f"sealed round {data['round']}: {', '.join(data['seats'])} seal their bids"
        case "SubmissionSealed":
            return f"{data['seat']} seals a bid"
        case "SubmissionsRevealed":
            shown = ", ".join(f"{s} {v['payload'].get('amount')}" for s, v in data["submissions"].items())
            return f"bids revealed: {shown}"
        case "AuctionOpened":
            return f"auction for {_title(data['office'])}: sealed bids"
        case "AuctionTied":
            who = f"the Palatine {data['decider']} decides" if data["awaiting"] == "palatine" else "a roll-off decides"
            return f"{_title(data['office'])}: {', '.join(data['tied'])} tie; {who}"
        case "TieRolled" | "TieRollSettled":
            faces = ", ".join(f"{s} {f}" for s, f in data["faces"].items())
            settled = " after the Judge Royal's reroll" if data.get("rerolled") else ""
            return f"roll-off{settled}: {faces}; highest {', '.join(data['leaders'])}"
        case "OfficeAwarded":
            bids = ", ".join(f"{s} {n}" for s, n in data["bids"].items()) or "no bids"
            holder = data["holder"] or "nobody"
            return f"{_title(data['office'])}: {holder} ({data['outcome'].replace('_', ' ')}; bids {bids})"
        case "ElectionClosed":
            return "the election ends: " + ", ".join(f"{_title(o)} {h or '-'}" for o, h in data["holders"].items())
        case "OfficeSaleOpened":
            return f"{data['seller']} offers the office of {_title(data['office'])} at a public auction"
        case "OfficeSaleBid":
            return f"{data['seat']} bids {data['amount']} for {_title(data['office'])}"
        case "OfficeSold" if data.get("buyer") is None:
            why = str(data.get("reason", "no_bid")).replace("_", " ")
            return f"the sale of {_title(data['office'])} by {data['seller']} ends without a sale ({why})"
        case "OfficeSold":
            return f"{data['buyer']} buys {_title(data['office'])} from {data['seller']} for {data['price']} garas"
    return None


def election_bookmarks(kind: str, data: Mapping[str, Any]) -> tuple[str, ...]:
    """A replay jumps to each election, each of its auctions and each office sale."""
    match kind:
        case "ElectionOpened":
            return (f"{data.get('year')} election opens",)
        case "AuctionOpened":
            return (f"auction: {_title(data.get('office'))}",)
        case "ElectionClosed":
            return ("election ends",)
        case "OfficeSold":
            return (f"office sale: {_title(data.get('office'))}",)
    return ()
