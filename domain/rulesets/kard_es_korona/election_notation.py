"""Notation lines and bookmarks for the elections and office sales of issue 4."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.notation_names import namer, whom
from domain.rulesets.kard_es_korona.state import KKState


def _title(office: Any) -> str:
    return str(office).replace("_", " ").title()


def sealed_round_name(round_id: Any) -> str | None:
    """A sealed round by what it seals: "kk-election-1301-judge-royal" reads "the Judge Royal bids of 1301"; None
    for an id of a round these rules never open."""
    parts = str(round_id).split("-")
    if len(parts) > 3 and parts[:2] == ["kk", "election"] and parts[2].isdigit():
        return f"the {' '.join(parts[3:]).title()} bids of {parts[2]}"
    return None


def _sealed(round_id: Any) -> str:
    return sealed_round_name(round_id) or f"sealed round {round_id}"


def election_line(kind: str, data: Mapping[str, Any], state: KKState | None = None) -> str | None:
    """One English line per election or office-sale event; None for other events."""
    owner = namer(state)
    match kind:
        case "ElectionOpened":
            why = "extraordinary election (Királyválasztás)" if data["reason"] == "kiralyvalasztas" else "election"
            return (
                f"the {data['year']} {why} opens; bidders "
                f"{whom(state, data['eligible']) if data['eligible'] else 'none'}"
            )
        case "TreasuriesDeclared":
            return "treasuries declared: " + ", ".join(f"{owner(s)} {n}" for s, n in data["amounts"].items())
        case "SealedRoundOpened":
            return f"{_sealed(data['round'])}: {whom(state, data['seats'])} seal their bids"
        case "SubmissionSealed":
            return f"{owner(data['seat'])} seals a bid"
        case "SubmissionsRevealed":
            shown = ", ".join(f"{owner(s)} {v['payload'].get('amount')}" for s, v in data["submissions"].items())
            return f"bids revealed: {shown}"
        case "AuctionOpened":
            return f"auction for {_title(data['office'])}: sealed bids"
        case "AuctionTied":
            who = (
                f"the Palatine ({owner(data['decider'])}) decides"
                if data["awaiting"] == "palatine"
                else "a roll-off decides"
            )
            return f"{_title(data['office'])}: {whom(state, data['tied'])} tie; {who}"
        case "TieRolled" | "TieRollSettled":
            faces = ", ".join(f"{owner(s)} {f}" for s, f in data["faces"].items())
            settled = " after the Judge Royal's reroll" if data.get("rerolled") else ""
            return f"roll-off{settled}: {faces}; highest {whom(state, data['leaders'])}"
        case "OfficeAwarded":
            bids = ", ".join(f"{owner(s)} {n}" for s, n in data["bids"].items()) or "no bids"
            holder = owner(data["holder"])
            return f"{_title(data['office'])}: {holder} ({data['outcome'].replace('_', ' ')}; bids {bids})"
        case "ElectionClosed":
            return "the election ends: " + ", ".join(
                f"{_title(o)} {owner(h) if h else '-'}" for o, h in data["holders"].items()
            )
        case "OfficeSaleOpened":
            return f"{owner(data['seller'])} offers the office of {_title(data['office'])} at a public auction"
        case "OfficeSaleBid":
            return f"{owner(data['seat'])} bids {data['amount']} for {_title(data['office'])}"
        case "OfficeSold" if data.get("buyer") is None:
            why = str(data.get("reason", "no_bid")).replace("_", " ")
            return f"the sale of {_title(data['office'])} by {owner(data['seller'])} ends without a sale ({why})"
        case "OfficeSold":
            return (
                f"{owner(data['buyer'])} buys {_title(data['office'])} from {owner(data['seller'])} for "
                f"{data['price']} garas"
            )
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
