"""The state of an election in progress and of an office sale (issue 4), with their JSON forms.

Kept apart from `state.py` so the election's evolve handlers can import it without the decide side.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# What an auction waits for once its bids are revealed.
SEALED = "sealed"  # the sealed bids of the current auction
PALATINE = "palatine"  # the Palatine's choice among tied bidders (KK-ELECT-11)
ROLL_OFF = "roll_off"  # the tied bidders' dice (KK-ELECT-10)
JUDGE_REROLL = "judge_reroll"  # the Judge Royal's choice to reroll his roll-off die (KK-OFFICE-2)


@dataclass(frozen=True, slots=True)
class Election:
    """Phase V in progress: one auction at a time, judge_royal, treasurer, palatine (KK-ELECT-5)."""

    id: str
    ordinal: int  # 1 for the game's first election (A-34: extraordinary ones count)
    reason: str  # scheduled | kiralyvalasztas
    eligible: tuple[str, ...]  # KK-ELECT-14, in turn order
    office: str = ""  # the auction under way
    round: str = ""  # its sealed round
    awaiting: str = SEALED
    decider: str | None = None  # the Palatine seated when the auction opened, from the 2nd election
    bids: Mapping[str, int] = field(default_factory=dict)  # revealed bids of a tied auction
    tied: tuple[str, ...] = ()  # still in the tie (a roll-off narrows it)
    faces: Mapping[str, int] = field(default_factory=dict)  # a roll-off roll the Judge Royal may reroll

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "ordinal": self.ordinal,
            "reason": self.reason,
            "eligible": list(self.eligible),
            "office": self.office,
            "round": self.round,
            "awaiting": self.awaiting,
            "decider": self.decider,
            "bids": dict(self.bids),
            "tied": list(self.tied),
            "faces": dict(self.faces),
        }


def election_from_json(raw: Mapping[str, Any]) -> Election:
    decider = raw["decider"]
    return Election(
        id=str(raw["id"]),
        ordinal=int(raw["ordinal"]),
        reason=str(raw["reason"]),
        eligible=tuple(str(s) for s in raw["eligible"]),
        office=str(raw["office"]),
        round=str(raw["round"]),
        awaiting=str(raw["awaiting"]),
        decider=str(decider) if decider is not None else None,
        bids={str(k): int(v) for k, v in raw["bids"].items()},
        tied=tuple(str(s) for s in raw["tied"]),
        faces={str(k): int(v) for k, v in raw.get("faces", {}).items()},
    )


@dataclass(frozen=True, slots=True)
class OfficeSale:
    """A public auction of an office by its holder (KK-OFFICE-6, A-38): open ascending bids."""

    office: str
    seller: str
    bidder: str | None = None  # the highest bidder so far
    amount: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"office": self.office, "seller": self.seller, "bidder": self.bidder, "amount": self.amount}


def sale_from_json(raw: Mapping[str, Any]) -> OfficeSale:
    bidder = raw["bidder"]
    return OfficeSale(
        str(raw["office"]), str(raw["seller"]), str(bidder) if bidder is not None else None, int(raw["amount"])
    )
