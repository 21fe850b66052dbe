"""What follows a lord's defeat (KK-LORD-4): escape, then captivity, fealty or elimination, and the hand-over.

A defeat waits in `KKState.defeat` until every choice in it is made; the battle phase goes on only then.
Stages: `escape` (the defeated player may roll, KK-ELIM-2) -> against neutrals `captured` (KK-CAPTIVE-1),
against a player `fealty` (the defeated player swears or not, KK-ELIM-3) -> `consent` (the victor accepts, A-24)
-> `eliminate` (KK-ELIM-4) -> `takeover` (the conqueror places one unit per county, KK-ELIM-5/6, A-25).
Here: the stages that need no choice, elimination with the vassals it frees (they call each other), the oath
and the executions due; the players' choices are defeat_choices.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.kard_es_korona.captivity import return_counties
from domain.rulesets.kard_es_korona.defeat_evolve import CONSENT, ELIMINATE, ESCAPE, FEALTY, TAKEOVER
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.offices import end_sale_of_lost_offices
from domain.rulesets.kard_es_korona.state import OFFICES, KKState, is_neutral

# --- queries ---


def escape_routes(state: KKState, defeat: Mapping[str, Any]) -> list[str]:
    """KK-ELIM-2, A-23: counties one step away (rivers, mountains, swamps included) with own units, no battle."""
    board = state.board
    if board is None or defeat.get("stage") != ESCAPE:
        return []
    seat, county = str(defeat["seat"]), str(defeat["county"])
    if is_neutral(str(defeat["by"])) and not state.options.get("escape_vs_neutrals", True):
        return []
    return sorted(
        c
        for c in board.neighbours.get(county, frozenset())
        if state.force(c, seat).total and state.battle_in(c) is None and c not in state.closed
    )


def offices_of(state: KKState, seat: str) -> list[str]:
    """The offices `seat` holds."""
    return [office for office in OFFICES if state.offices.get(office) == seat]


# --- the flow of a defeat ---


def settle_defeat(flow: Flow) -> bool:
    """Apply every stage that needs no choice; True when no defeat is left waiting."""
    while flow.state.defeat:
        state, defeat = flow.state, flow.state.defeat
        seat, by, stage = str(defeat["seat"]), str(defeat["by"]), defeat["stage"]
        if stage == ESCAPE:
            if escape_routes(state, defeat):
                flow.note("KK-ELIM-2", f"{seat} may try to escape to {', '.join(escape_routes(state, defeat))}")
                return False
            flow.emit("EscapeForgone", {"seat": seat, "reason": "no_route"})
            flow.note("KK-ELIM-2", f"{seat} has no unit one county away: no escape")
        elif stage == "captured":
            capture(flow, seat, by)
        elif stage in (FEALTY, CONSENT, TAKEOVER):
            return False
        elif stage == ELIMINATE:
            eliminate(flow, seat, by, str(defeat.get("cause", "battle")))
        else:
            return True
    return True


def vacate_offices(flow: Flow, seat: str, reason: str, rule_id: str) -> list[str]:
    """KK-ELIM-8, KK-CAPTIVE-4, KK-VASSAL-1: every office the lord holds returns to the crown, vacant."""
    lost = offices_of(flow.state, seat)
    for office in lost:
        flow.emit("OfficeVacated", {"office": office, "former_holder": seat, "reason": reason})
        flow.note(rule_id, f"{seat} loses the office {office}: it stays vacant until the next election")
    end_sale_of_lost_offices(flow, lost)
    return lost


def capture(flow: Flow, seat: str, captor: str) -> None:
    """KK-CAPTIVE-1/4: taken off the board onto the timeline at the current year + 3; offices lost at once."""
    vacate_offices(flow, seat, "captured", "KK-CAPTIVE-4")
    year = flow.state.year
    flow.emit("LordCaptured", {"seat": seat, "captor": captor, "year": year, "execution_year": year + 3})
    flow.note("KK-CAPTIVE-1", f"{captor} captures {seat}'s lord: on the timeline at {year + 3}")


def eliminate(flow: Flow, seat: str, conqueror: str | None, cause: str) -> None:
    """KK-ELIM-4..8 (A-25), or with no conqueror A-26: the player is out; his lands, money and units pass on."""

    state = flow.state
    rule_id = "KK-LORD-7" if cause == "duel" else "KK-CAPTIVE-3" if cause == "execution" else "KK-ELIM-4"
    vacate_offices(flow, seat, "eliminated", "KK-ELIM-8")
    units = {c: by[seat].to_json() for c, by in sorted(state.units.items()) if seat in by and by[seat].total}
    battles = [b.id for b in state.battles if b.status == "pending" and seat in (b.attacker, b.defender)]
    counties = sorted(c for c, owner in state.control.items() if owner == seat)
    flow.emit(
        "PlayerEliminated",
        {
            "seat": seat,
            "conqueror": conqueror,
            "cause": cause,
            "treasury_transferred": state.treasury.get(seat, 0),
            "counties_transferred": counties,
            "units_removed": units,
            "battles_passed": battles,
        },
    )
    if conqueror is None:
        flow.note(
            "KK-NEUTRAL-5" if cause == "left" else "KK-CAPTIVE-3",
            f"{seat} is out with no conqueror (A-26): his units turn neutral, his money goes to the crown",
        )
    else:
        flow.note(rule_id, f"{seat} is eliminated: {conqueror} takes {len(counties)} counties and his treasury")
        if units:
            flow.note("KK-ELIM-5", f"{conqueror} may place one unit in each of {', '.join(units)} (A-25)")
    free_vassals_of(flow, seat)


# --- actions ---


def swear(flow: Flow, vassal: str, liege: str) -> None:
    """KK-VASSAL-1: offices lost, the whole treasury to the victor, the lord figure off the board."""

    lost = vacate_offices(flow, vassal, "fealty", "KK-VASSAL-1")
    amount = flow.state.treasury.get(vassal, 0)
    flow.emit("FealtySworn", {"vassal": vassal, "liege": liege, "treasury_transferred": amount, "offices_lost": lost})
    flow.note("KK-VASSAL-1", f"{vassal} swears fealty to {liege}, who takes his {amount} garas")
    free_vassals_of(flow, vassal)  # a liege who becomes a vassal frees his own vassals


def free_vassals_of(flow: Flow, liege: str) -> None:
    """KK-VASSAL-7, A-29: the liege's fall frees his vassals; one with no units left is out (A-29)."""

    for vassal, lord in sorted(flow.state.lieges.items()):
        if lord != liege:
            continue
        flow.emit("VassalFreed", {"vassal": vassal, "former_liege": liege})
        flow.note("KK-VASSAL-7", f"{liege} has fallen: {vassal} is free and places his lord in one of his counties")
        if not return_counties(flow.state, vassal):
            eliminate(flow, vassal, None, "no_units")


def execute_due(flow: Flow, year: int) -> None:
    """KK-CAPTIVE-3: when the year marker reaches a captive's year (A-31), he is executed and his player is out."""

    state = flow.state
    windows = int(state.options.get("ransom_windows", 2))
    for seat, timeline in sorted(state.captives.items()):
        if year < timeline + (windows - 2):
            continue
        flow.emit("LordExecuted", {"seat": seat, "captured_year": timeline - 3, "execution_year": year})
        flow.note("KK-CAPTIVE-3", f"{seat} was not ransomed by {year}: the lord is executed")
        eliminate(flow, seat, None, "execution")
