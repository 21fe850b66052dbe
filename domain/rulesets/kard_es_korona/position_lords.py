"""A position's lords and offices: one lord per seat, fates that agree with the board, offices held by seats in play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.election_state import PALATINE, SEALED
from domain.rulesets.kard_es_korona.position_table import Found, Table
from domain.rulesets.kard_es_korona.state import ELECTION

# Why a lord with this fate is off the board.
OFF_BOARD = {
    "defeated": ("KK-LORD-4", "a defeated lord leaves the battle county until his fate is decided"),
    "captive": ("KK-CAPTIVE-1", "a captive lord is taken off the board onto the timeline"),
    "vassal": ("KK-VASSAL-7", "a vassal's lord figure returns to the board only when he is freed"),
    "eliminated": ("KK-ELIM-1", "an eliminated player's lord is out of the game"),
}
# Why a seat with this fate holds no office.
NO_OFFICE = {
    "captive": ("KK-CAPTIVE-4", "a captive loses his offices when he is captured"),
    "vassal": ("KK-VASSAL-1", "a vassal loses his offices when he swears fealty"),
    "eliminated": ("KK-ELIM-8", "an eliminated player's offices return to the crown"),
}


def lord_errors(found: Found, table: Table) -> None:
    """KK-LORD-1: one lord per seat, on a county of the board or off it as his fate says."""
    lords = table.position["lords"]
    counties, fates = lords["counties"], lords["fates"]
    for seat, county in counties.items():
        if table.check_seat(found, seat, "lords", "counties", seat) and table.check_county(
            found, county, "lords", "counties", seat
        ):
            _placed_lord_errors(found, table, seat, county)
    missing = [seat for seat in table.seats if seat not in counties]
    if missing:
        found.add("KK-LORD-1", f"every seat has one lord; {', '.join(missing)} has none", "lords", "counties")
    for seat in fates:
        table.check_seat(found, seat, "lords", "fates", seat)
    for index, seat in enumerate(lords["returning"]):
        if table.check_seat(found, seat, "lords", "returning", index) and counties.get(seat) is not None:
            found.add(
                "KK-VASSAL-7",
                f"{seat}'s lord waits to return but stands in {counties[seat]}",
                "lords",
                "returning",
                index,
            )
    _vassal_errors(found, table)
    _captive_errors(found, table)
    _eliminated_errors(found, table)
    _procedure_errors(found, table)


def _placed_lord_errors(found: Found, table: Table, seat: str, county: str | None) -> None:
    """A lord on the board is free (his fate puts him off it) and never alone (KK-MOVE-16)."""
    if county is None:
        return
    fate = table.position["lords"]["fates"].get(seat)
    if fate in OFF_BOARD:
        rule, why = OFF_BOARD[fate]
        found.add(rule, f"{seat}'s lord stands in {county}, but {why}", "lords", "counties", seat)
    units = table.position["units"].get(county, {}).get(seat, {})
    if not sum(units.values()) and not _fought_here(table, seat, county):
        found.add("KK-MOVE-16", f"{seat}'s lord stands in {county} with none of his units", "lords", "counties", seat)


def _fought_here(table: Table, seat: str, county: str) -> bool:
    """KK-LORD-5, A-13: two lords left alone fight a duel, and its winner stands alone until his extra step."""
    return any(seat in (b["attacker"], b["defender"]) and b["county"] == county for b in table.position["battles"])


def _vassal_errors(found: Found, table: Table) -> None:
    """KK-VASSAL-1: a vassal has a liege, another player still in the game, who is no vassal (KK-ELIM-3, N4); a
    liege's vassal is a vassal."""
    lords = table.position["lords"]
    for vassal, liege in lords["lieges"].items():
        where = ("lords", "lieges", vassal)
        if not (table.check_seat(found, vassal, *where) and table.check_seat(found, liege, *where)):
            continue
        if liege == vassal or liege not in table.in_play:
            found.add("KK-VASSAL-1", f"{vassal} swears fealty to another player in the game, not {liege}", *where)
        if lords["fates"].get(vassal) != "vassal":
            found.add("KK-VASSAL-1", f"{vassal} has a liege but is not a vassal", "lords", "fates", vassal)
        if liege != vassal and liege in lords["lieges"]:
            # Decision N4: a vassal takes no vassal (a liege who swears fealty frees his own, A-29).
            message = f"{vassal}'s liege {liege} is the vassal of {lords['lieges'][liege]}: a vassal takes no vassal"
            found.add("KK-ELIM-3", message, *where)
    for seat, fate in lords["fates"].items():
        if fate == "vassal" and seat not in lords["lieges"]:
            found.add("KK-VASSAL-1", f"{seat} is a vassal of nobody", "lords", "lieges")


def _captive_errors(found: Found, table: Table) -> None:
    """KK-CAPTIVE-1/3: a captive stands on the timeline until a year still to come."""
    lords, year = table.position["lords"], table.position["year"]
    for seat, fate in lords["fates"].items():
        if fate == "captive" and seat not in lords["executed_in"]:
            found.add("KK-CAPTIVE-1", f"{seat} is captive with no year on the timeline", "lords", "executed_in")
    for seat, execution in lords["executed_in"].items():
        where = ("lords", "executed_in", seat)
        if not table.check_seat(found, seat, *where):
            continue
        if lords["fates"].get(seat) != "captive":
            found.add("KK-CAPTIVE-1", f"{seat} has a year on the timeline but is not captive", *where)
        elif year and execution <= year:
            found.add("KK-CAPTIVE-3", f"{seat} stands on {execution}, reached in {year}: he was executed", *where)


def _eliminated_errors(found: Found, table: Table) -> None:
    """KK-ELIM-1/4, KK-NEUTRAL-5: an eliminated player has no turn, units, counties or money any more."""
    position = table.position
    gone = [seat for seat in table.seats if seat not in table.in_play]
    for key in ("turn", "starting_player"):
        if position[key] in gone:
            found.add("KK-ELIM-1", f"{position[key]} is out of the game and has no turn", key)
    for seat in gone:
        if position["treasuries"].get(seat, 0):
            found.add("KK-ELIM-4", f"{seat} is out of the game; his money went to his conqueror", "treasuries", seat)
        for county, owner in position["control"].items():
            if owner == seat:
                found.add("KK-ELIM-4", f"{seat} is out of the game; {county} went to his conqueror", "control", county)
        for county, by_owner in position["units"].items():
            if seat in by_owner:
                found.add(
                    "KK-ELIM-4", f"{seat} is out of the game; his units changed allegiance", "units", county, seat
                )


def _procedure_errors(found: Found, table: Table) -> None:
    """A defeat being processed names its defeated lord (KK-LORD-4), a winner's extra step its winner (KK-LORD-8)."""
    lords = table.position["lords"]
    defeat, extra = lords["defeat"], lords["extra_step"]
    if defeat is not None:
        seat = defeat["seat"]
        if table.check_seat(found, seat, "lords", "defeat", "seat") and lords["fates"].get(seat) not in (
            "defeated",
            "eliminated",
        ):
            found.add(
                "KK-LORD-4", f"{seat}'s defeat is being processed but his lord is not defeated", "lords", "defeat"
            )
        table.check_owner(found, defeat["by"], "lords", "defeat", "by")
        table.check_battle(found, defeat.get("battle"), "lords", "defeat", "battle")
    if extra is not None:
        table.check_seat(found, extra["seat"], "lords", "extra_step", "seat")
        table.check_battle(found, extra["battle"], "lords", "extra_step", "battle")


def office_errors(found: Found, table: Table) -> None:
    """KK-OFFICE-7: offices are held by seats in play; the election and sale under way name players who may act."""
    offices = table.position["offices"]
    fates = table.position["lords"]["fates"]
    for office, holder in offices["holders"].items():
        where = ("offices", "holders", office)
        if table.check_seat(found, holder, *where) and fates.get(holder) in NO_OFFICE:
            rule, why = NO_OFFICE[fates[holder]]
            found.add(rule, f"{holder} holds {office}, but {why}", *where)
    if offices["election"] is not None:
        _election_errors(found, table, offices["election"])
    sale = offices["sale"]
    if sale is not None and offices["holders"][sale["office"]] != sale["seller"]:
        found.add(
            "KK-OFFICE-6", f"{sale['seller']} sells {sale['office']}, an office he does not hold", "offices", "sale"
        )
    offer = offices["reroll_offer"]
    if offer is not None:
        if offer["seat"] != offices["holders"]["judge_royal"]:
            found.add("KK-OFFICE-1", f"{offer['seat']} is offered the Judge Royal's reroll", "offices", "reroll_offer")
        table.check_battle(found, offer.get("battle"), "offices", "reroll_offer", "battle")


def _election_errors(found: Found, table: Table, election: Mapping[str, Any]) -> None:
    """KK-ELECT-2: an election is phase V; KK-ELECT-14: captives, vassals and the eliminated do not bid."""
    if table.position["phase"] != ELECTION:
        found.add("KK-ELECT-2", f"an election is under way in the {table.position['phase']} phase", "phase")
    fates = table.position["lords"]["fates"]
    for index, seat in enumerate(election["eligible"]):
        where = ("offices", "election", "eligible", index)
        if table.check_seat(found, seat, *where) and fates.get(seat) in NO_OFFICE:
            found.add("KK-ELECT-14", f"{seat} may not bid: his lord is {fates[seat]}", *where)
    for index, seat in enumerate(election["tied"]):
        table.check_seat(found, seat, "offices", "election", "tied", index)
    for seat in election["bids"]:
        table.check_seat(found, seat, "offices", "election", "bids", seat)
    if table.check_seat(found, election["decider"], "offices", "election", "decider"):
        _decider_errors(found, election)
    if election["office"] and election["awaiting"] == SEALED:
        # The bids are sealed in the game's envelope (its open sealed round), which a new game cannot take over.
        message = (
            f"the bids for {election['office']} are being sealed (round {election['round']!r}): start from the "
            "position after the auction's reveal"
        )
        found.add("KK-ELECT-6", message, "offices", "election", "awaiting")


def _decider_errors(found: Found, election: Mapping[str, Any]) -> None:
    """KK-ELECT-11, A-34: the Palatine decides ties from the game's second election on, so the first election's
    auctions name no decider; a tie waiting for the Palatine names him."""
    decider, where = election["decider"], ("offices", "election", "decider")
    if election["ordinal"] == 1 and decider is not None:
        message = f"at the game's first election no Palatine decides ties (A-34): the decider is null, not {decider!r}"
        found.add("KK-ELECT-11", message, *where)
    elif election["awaiting"] == PALATINE and decider is None:
        found.add("KK-ELECT-11", "the tie waits for the Palatine's decision, but no decider is named", *where)
