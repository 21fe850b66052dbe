"""Whose treasury pays and receives: houses, Kard League sub-factions and the empire (RV-KL-1, RV-ECO-5, RV-AMB-19).

A house (or Gracuja) has one treasury under its seat. The Kard League's sub-factions keep separate
treasuries (RV-KL-1), each under the sub-faction's id; the imperial treasury is `imperial` and serves
the kard (RV-ECO-5/6). An event whose treasury is not its seat's names it in `treasury`, so games of
houses alone record exactly what they always did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.rulesets.cedofan_rv.options import FACTIONS
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState

KARD_LEAGUE = "kard_league"
IMPERIAL = "imperial"
OFFICES = ("kard", "treasurer", "army_commander", "sermo", "umbro")
# RV-TURN-5: the council at the start; there is no kard until the council elects one (`adjust`).
STARTING_OFFICES: Mapping[str, str] = {
    "treasurer": "katzowicove",
    "army_commander": "gliviciove",
    "sermo": "uradiove",
    "umbro": "svebodsti",
}


def piece_treasury(piece: Piece) -> str:
    """RV-KL-1, RV-AMB-19: an imperial noble's is the empire's, a Kard League noble's his sub-faction's."""
    if piece.imperial:
        return IMPERIAL
    if piece.owner == KARD_LEAGUE and piece.subfaction:
        return piece.subfaction
    return piece.owner


def place_treasury(state: RvState, place: Place, seat: str) -> str:
    """RV-ECO-5, RV-KL-1: an imperial city works for the empire, a Kard League city for its sub-faction."""
    if is_imperial_city(state, place):
        return IMPERIAL
    if place.owner == KARD_LEAGUE and place.subfaction:
        return place.subfaction
    return seat


def named(account: str, seat: str) -> dict[str, Any]:
    """The `treasury` entry of an event: present only when the treasury is not the seat's own."""
    return {} if account == seat else {"treasury": account}


def kard(state: RvState) -> str | None:
    """RV-TURN-5: the seat holding the kard's office, if the council has elected one."""
    return state.offices.get("kard")


def impulse_order(seats: tuple[str, ...], offices: Mapping[str, str], round_no: int) -> tuple[str, ...]:
    """RV-TURN-3/4: the Kard League first, then the Gracujští (in their office's slot if they hold one), then
    the holders of the council offices in the order kard, treasurer, army commander, sermo, umbro (an empty
    office is skipped); seats holding no office follow in the table order. Round 1 uses RV-TURN-4's order."""
    table = tuple(f for f in FACTIONS if f in seats)
    if round_no <= 1:
        return table
    holders = [offices[o] for o in OFFICES if offices.get(o) in seats]
    first = [KARD_LEAGUE] if KARD_LEAGUE in seats else []
    if "gracujsti" in seats and "gracujsti" not in holders:
        first.append("gracujsti")
    found: list[str] = []
    for seat in (*first, *holders, *table):
        if seat not in found:
            found.append(seat)
    return tuple(found)


def is_imperial_city(state: RvState, place: Place) -> bool:
    """RV-ECO-5: a city of the imperial class that has not turned neutral (RV-ECO-8): the kard decides there,
    whoever administers it."""
    return place.kind == "city" and place.city_class == "imperial" and not place.neutral
