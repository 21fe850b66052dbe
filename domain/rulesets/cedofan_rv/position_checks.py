"""The invariants of a `cedofan_rv` position (issue 15, point 3), each broken one named by JSON pointer and rule.

The position has passed the schema (shapes, closed vocabularies); these are the rules a situation of play obeys:
known regions and seated factions (RV-POS-1), banners and their capacity (RV-NOB-1..3, RV-KL-4), the pieces a
faction may field (RV-UNIT-2, RV-ECO-6/7, RV-AMB-1), money never below nothing (RV-SUP-1/3, RV-VIC-2, RV-LOOT-2),
places as the board makes them (RV-CTY-5, RV-ECO-8, RV-KL-1), sieges as RV-BTY-2, RV-SIE-2/3 and RV-AMB-4 allow
them, the impulse (RV-TURN-1/3, RV-SUP-1) and the council (RV-TURN-5). Every error is reported, not the first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from domain.kernel import Seat
from domain.positions import PositionError, pointer
from domain.rulesets.cedofan_rv.imperial import MAX_IMPERIAL_GENERALS, MAX_SHADES, imperial_generals, shades_of
from domain.rulesets.cedofan_rv.options import STINOVE_ZEME
from domain.rulesets.cedofan_rv.position import from_position
from domain.rulesets.cedofan_rv.retreat_ties import tie_entries
from domain.rulesets.cedofan_rv.setup import setup
from domain.rulesets.cedofan_rv.sieges import borders_passably
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE

KNOWN = "RV-POS-1"
Errors = Iterator[PositionError]


def position_errors(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> list[PositionError]:
    """Every broken invariant of a schema-valid position on this board, options and seating."""
    state = from_position(position, options, board, seats)
    areas = frozenset(str(area.get("id")) for area in (board or {}).get("areas", []))
    where = _piece_pointers(position)
    checks = (
        _area_errors(position, state, areas),
        _seat_errors(position, state),
        _piece_errors(state, options, where),
        _count_errors(state, options, where),
        _money_errors(position),
        _place_errors(position, state, setup(options, board, seats).places),
        _siege_errors(position, state),
        _turn_errors(position, state),
        _aftermath_errors(position, state),
        _sealed_slip_errors(position),
    )
    return [error for check in checks for error in check]


def _sealed_slip_errors(position: Mapping[str, Any]) -> list[PositionError]:
    """RV-LOOT-2: a slip not yet delivered is sealed in the game's envelope (its open round and secret), which a new
    game cannot take over: start from the position after its reveal."""
    return [
        PositionError(
            pointer("loot", lid, "delivered"),
            "RV-LOOT-2",
            f"the loot slip {lid!r} from {loot['from_seat']} is still sealed: start from the position after its reveal",
        )
        for lid, loot in _entries(position, "loot")
        if loot["delivered"] is None
    ]


def _piece_pointers(position: Mapping[str, Any]) -> dict[str, str]:
    """Where each piece is listed (the first listing of an id)."""
    found: dict[str, str] = {}
    for area, by_faction in position["forces"].items():
        for faction, listed in by_faction.items():
            for index, piece in enumerate(listed):
                found.setdefault(piece["id"], pointer("forces", area, faction, index))
    return found


def _area_errors(position: Mapping[str, Any], state: RvState, areas: frozenset[str]) -> Errors:
    """RV-POS-1: regions and places of the board; each piece once."""
    seen: set[str] = set()
    for area, by_faction in position["forces"].items():
        if area not in areas:
            yield PositionError(pointer("forces", area), KNOWN, f"{area!r} is not a region of the board")
        for faction, listed in by_faction.items():
            for index, piece in enumerate(listed):
                at = pointer("forces", area, faction, index)
                if piece["id"] in seen:
                    yield PositionError(at + "/id", KNOWN, f"piece {piece['id']!r} twice")
                seen.add(piece["id"])
                came = piece.get("came_from")
                if came is not None and came not in areas:
                    yield PositionError(at + "/came_from", KNOWN, f"{came!r} is not a region of the board")
    for part in ("places", "sieges", "worked"):
        for area in position.get(part, {}):
            if area not in state.places:
                yield PositionError(pointer(part, area), KNOWN, f"{area!r} is not a place of the board")
    for parts, _, tie in tie_entries(position.get("retreat_ties", {})):
        for index, area in enumerate((tie["to"], *tie["ties"])):
            if area not in state.places:
                at = pointer(*parts, *(("to",) if index == 0 else ("ties", index - 1)))
                yield PositionError(at, KNOWN, f"{area!r} is not a place of the board")
    for noble, fallen in position.get("fallen", {}).items():
        lost = fallen.get("army_lost_in")
        if lost is not None and lost not in areas:
            yield PositionError(pointer("fallen", noble, "army_lost_in"), KNOWN, f"{lost!r} is not a region")


def _seat_errors(position: Mapping[str, Any], state: RvState) -> Errors:
    """RV-POS-1 (RV-TURN-5 for offices): who acts, holds or pays is a faction seated in the game."""
    seated = frozenset(state.seats)
    named: list[tuple[str, str, str]] = []
    turn = position.get("turn") or {}
    if turn.get("faction") is not None:
        named.append((pointer("turn", "faction"), turn["faction"], KNOWN))
    for part in ("played", "order"):
        named += [(pointer("turn", part, i), seat, KNOWN) for i, seat in enumerate(turn.get(part, ()))]
    named += [(pointer("treasuries", "factions", s), s, KNOWN) for s in position["treasuries"]["factions"]]
    named += [(pointer("influence", s), s, KNOWN) for s in position.get("influence", {})]
    named += [(pointer("offices", office), s, "RV-TURN-5") for office, s in position.get("offices", {}).items()]
    named += [(pointer("sieges", area, "besieger"), s["besieger"], KNOWN) for area, s in _entries(position, "sieges")]
    named += [(pointer("retreat_ties", s), s, KNOWN) for s in position.get("retreat_ties", {})]
    for part in ("alliances", "alliance_offers"):
        for index, pair in enumerate(position.get(part, [])):
            named += [(pointer(part, index, side), seat, "RV-FLD-3") for side, seat in enumerate(pair)]
    for lid, loot in position.get("loot", {}).items():
        named += [(pointer("loot", lid, side), loot[side], KNOWN) for side in ("from_seat", "to_seat")]
    for at, seat, rule_id in named:
        if seat not in seated:
            yield PositionError(at, rule_id, f"{seat!r} is not a faction seated in this game")


def _piece_errors(state: RvState, options: Mapping[str, Any], where: Mapping[str, str]) -> Errors:
    """RV-AMB-1, RV-NOB-1..3, RV-KL-4, RV-SUP-3: pieces the unit table knows, nobles with ranks, banners that hold."""
    table = options.get("unit_table") or {}
    capacity = options.get("leader_table") or {}
    led: dict[str, int] = {}
    for piece in state.pieces.values():
        at = where[piece.id]
        if piece.kind not in table:
            yield PositionError(at + "/kind", "RV-AMB-1", f"{piece.kind!r} is not in options.unit_table")
        if piece.is_noble and piece.rank is None:
            yield PositionError(at, "RV-NOB-2", f"noble {piece.id!r} needs a rank of the leader table")
        if not piece.is_noble and (piece.rank is not None or piece.id in state.purses):
            yield PositionError(at, "RV-SUP-3", f"unit {piece.id!r} has a noble's rank or purse")
        if piece.banner is None:
            continue
        leader = state.pieces.get(piece.banner)
        if piece.is_noble or leader is None or not leader.is_noble:
            yield PositionError(at + "/banner", "RV-NOB-1", f"{piece.banner!r} is not a noble who can move it")
        elif leader.owner != piece.owner or leader.area != piece.area:
            yield PositionError(at + "/banner", "RV-NOB-3", f"noble {leader.id!r} is elsewhere or of another faction")
        elif leader.subfaction and piece.subfaction and leader.subfaction != piece.subfaction:
            yield PositionError(at + "/banner", "RV-KL-4", f"a {leader.subfaction} noble cannot move {piece.id!r}")
        else:
            led[leader.id] = led.get(leader.id, 0) + 1
    for noble, many in sorted(led.items()):
        leader = state.pieces[noble]
        most = capacity.get(leader.rank or "general")
        if isinstance(most, int) and many > most:
            yield PositionError(where[noble], "RV-NOB-2", f"{noble!r} ({leader.rank}) moves {many} units, most {most}")


def _count_errors(state: RvState, options: Mapping[str, Any], where: Mapping[str, str]) -> Errors:
    """RV-UNIT-2 (the creator's unit_limits, per faction and sub-faction), RV-UNIT-5 (no cavalry in Stínové země),
    RV-ECO-6 (3 imperial generals), RV-ECO-7 (3 shades)."""
    limits = options.get("unit_limits") or {}
    fielded: dict[tuple[str, str], list[Piece]] = {}
    for piece in sorted(state.pieces.values(), key=lambda p: p.id):
        if piece.imperial:  # the empire's units count against no house's limit (RV-ECO-5), as recruit counts
            continue
        if piece.kind == "cavalry" and piece.subfaction == STINOVE_ZEME:
            yield PositionError(where[piece.id], "RV-UNIT-5", f"{piece.id!r}: Stínové země has no cavalry")
        fielded.setdefault((piece.owner, piece.kind), []).append(piece)
        if piece.subfaction is not None:  # a Kard League sub-faction's own limit (RV-UNIT-2: "frakce/podfrakce")
            fielded.setdefault((piece.subfaction, piece.kind), []).append(piece)
    for (faction, kind), pieces in sorted(fielded.items()):
        most = limits.get(faction, {}).get(kind)
        if most is not None and len(pieces) > most:
            message = f"{faction!r} fields {len(pieces)} {kind} of at most {most}"
            yield PositionError(where[pieces[most].id], "RV-UNIT-2", message)
    capped = (
        ("RV-ECO-6", "imperial generals", MAX_IMPERIAL_GENERALS, imperial_generals(state)),
        ("RV-ECO-7", "shades", MAX_SHADES, shades_of(state)),
    )
    for rule_id, what, most, found in capped:
        if len(found) > most:
            yield PositionError(where[found[most]], rule_id, f"{len(found)} {what} on the map, at most {most}")


def _money_errors(position: Mapping[str, Any]) -> Errors:
    """RV-SUP-1 (and RV-KL-1, RV-ECO-5), RV-SUP-3, RV-VIC-2, RV-LOOT-2: nothing held below zero."""
    treasuries = position["treasuries"]
    amounts = [(pointer("treasuries", "factions", s), v, "RV-SUP-1") for s, v in treasuries["factions"].items()]
    amounts += [(pointer("treasuries", "subfactions", s), v, "RV-KL-1") for s, v in _entries(treasuries, "subfactions")]
    if "imperial" in treasuries:
        amounts.append((pointer("treasuries", "imperial"), treasuries["imperial"], "RV-ECO-5"))
    for area, by_faction in position["forces"].items():
        for faction, listed in by_faction.items():
            amounts += [
                (pointer("forces", area, faction, i, "purse"), p["purse"], "RV-SUP-3")
                for i, p in enumerate(listed)
                if "purse" in p
            ]
    amounts += [(pointer("purses_of_the_dead", n), v, "RV-SUP-3") for n, v in _entries(position, "purses_of_the_dead")]
    amounts += [(pointer("influence", s), v, "RV-VIC-2") for s, v in _entries(position, "influence")]
    for lid, loot in _entries(position, "loot"):
        amounts.append((pointer("loot", lid, "amount"), loot["amount"], "RV-LOOT-2"))
        if loot["delivered"] is not None:
            amounts.append((pointer("loot", lid, "delivered"), loot["delivered"], "RV-LOOT-2"))
    for at, value, rule_id in amounts:
        if value < 0:
            yield PositionError(at, rule_id, f"{value} is below 0")


def _place_errors(position: Mapping[str, Any], state: RvState, at_start: Mapping[str, Place]) -> Errors:
    """RV-CTY-5 / RV-AMB-25 (only a fortress is damaged), RV-ECO-8 (only an imperial city turns neutral, and then
    nobody administers it), RV-KL-1 (only a Kard League place has a sub-faction), RV-ECO-2 (yields this round)."""
    for area, given in _entries(position, "places"):
        place = state.places.get(area)
        if place is None:
            continue
        at = pointer("places", area)
        if place.damaged and place.kind != "fortress":
            yield PositionError(at + "/damaged", "RV-CTY-5", f"{area!r} is a {place.kind}: only a fortress is damaged")
        if place.neutral and not (place.kind == "city" and place.city_class == "imperial"):
            yield PositionError(at + "/neutral", "RV-ECO-8", f"{area!r} is not an imperial city to turn neutral")
        elif place.neutral and place.owner is not None:
            yield PositionError(at + "/owner", "RV-ECO-8", f"neutral {area!r} is administered by nobody")
        if place.subfaction is not None and place.owner != KARD_LEAGUE:
            yield PositionError(at + "/subfaction", "RV-KL-1", f"{area!r} is not the Kard League's")
        if given["owner"] not in (None, at_start[area].owner, *state.seats):
            yield PositionError(at + "/owner", KNOWN, f"{given['owner']!r} is not a faction seated in this game")
    for area, used in _entries(position, "worked"):
        place = state.places.get(area)
        if place is not None and not 0 <= used <= place.yields:
            message = f"{area!r} yields {place.yields} a round, not {used}"
            yield PositionError(pointer("worked", area), "RV-ECO-2", message)


def _siege_errors(position: Mapping[str, Any], state: RvState) -> Errors:
    """RV-BTY-2 (a city or sound fortress), RV-SIE-2 (not one's own), RV-NOB-1 and RV-SIE-3 / RV-AMB-16 (the
    besieger's nobles, in the region or next to it across a passable border), RV-AMB-4 (begun by now)."""
    for area, siege in state.sieges.items():
        place = state.places.get(area)
        at = pointer("sieges", area)
        if place is None:
            continue
        if not place.shelters:
            yield PositionError(at, "RV-BTY-2", f"{area!r} is not a city or sound fortress to besiege")
        if place.owner == siege.besieger:
            yield PositionError(at + "/besieger", "RV-SIE-2", f"{area!r} is held by {siege.besieger!r} itself")
        if not siege.nobles:
            yield PositionError(at + "/nobles", "RV-SIE-3", "a siege is held by at least one noble's banner")
        for index, noble in enumerate(siege.nobles):
            piece = state.pieces.get(noble)
            listed = pointer("sieges", area, "nobles", index)
            if piece is None or not piece.is_noble or piece.owner != siege.besieger:
                yield PositionError(listed, "RV-NOB-1", f"{noble!r} is not a noble of the besieger")
            elif not borders_passably(state, piece, area):
                message = f"{noble!r} in {piece.area!r} does not border {area!r} across a passable border"
                yield PositionError(listed, "RV-SIE-3", message)
        if (siege.started_round, siege.started_impulse) > (state.round, state.impulse_no):
            yield PositionError(at + "/started_round", "RV-AMB-4", f"the siege begins after round {state.round}")


def _turn_errors(position: Mapping[str, Any], state: RvState) -> Errors:
    """RV-TURN-1 (the open impulse is among those played), RV-TURN-3 (a sub-faction's impulse is the League's),
    RV-SUP-1 (spending within the limit)."""
    if "turn" not in position:
        return
    if state.impulse is not None and state.impulse not in state.had_impulse:
        yield PositionError("/turn/played", "RV-TURN-1", f"{state.impulse!r} has its impulse open, so it has begun it")
    if state.impulse_subfaction is not None and state.impulse != KARD_LEAGUE:
        yield PositionError("/turn/subfaction", "RV-TURN-3", "only the Kard League plays sub-faction impulses")
    if not 0 <= state.spent <= state.limit:
        yield PositionError("/turn/spent", "RV-SUP-1", f"spent {state.spent} is not within 0..{state.limit}")


def _aftermath_errors(position: Mapping[str, Any], state: RvState) -> Errors:
    """RV-DTH-1/2: a ruler waiting to reappear is not on the map; RV-AMB-10: a retreat tie's pieces are on the map,
    where they withdrew to (once they moved on the withdrawal stands, and a state holds no tie of it)."""
    for noble in state.fallen:
        if noble in state.pieces:
            yield PositionError(pointer("fallen", noble), "RV-DTH-1", f"{noble!r} fell this round but is on the map")
    for parts, _, tie in tie_entries(position.get("retreat_ties", {})):
        for index, piece in enumerate(tie["pieces"]):
            if piece not in state.pieces:
                yield PositionError(pointer(*parts, "pieces", index), "RV-AMB-10", f"{piece!r} is not on the map")
            elif (area := state.pieces[piece].area) != tie["to"]:
                message = f"{piece!r} stands in {area!r}, not in {tie['to']!r} where it withdrew to"
                yield PositionError(pointer(*parts, "pieces", index), "RV-AMB-10", message)


def _entries(document: Mapping[str, Any], part: str) -> list[tuple[str, Any]]:
    """The entries of an optional object of the position."""
    return list(document.get(part, {}).items())
