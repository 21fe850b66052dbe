"""The JSON form of a `cedofan_rv` state: `dump` and `load` are exact inverses (snapshots and `adjust` use them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.json_values import flag, json_array, json_object, optional_text, text, whole
from domain.rulesets.cedofan_rv.retreat_ties import Tie, ties_json, ties_read, ties_standing
from domain.rulesets.cedofan_rv.state import Loot, MapData, Piece, Place, RvState, Siege


def dump(state: RvState) -> dict[str, Any]:
    """The JSON form of a state."""
    return {
        "map": _map_json(state.map),
        "seats": list(state.seats),
        "pieces": {pid: _piece_json(p) for pid, p in state.pieces.items()},
        "places": {area: _place_json(p) for area, p in state.places.items()},
        "treasuries": dict(state.treasuries),
        "purses": dict(state.purses),
        "round": state.round,
        "impulse": state.impulse,
        "impulse_no": state.impulse_no,
        "limit": state.limit,
        "spent": state.spent,
        "had_impulse": list(state.had_impulse),
        # Written only when they apply, so the states of games without sub-faction impulses read as before.
        **({"impulse_subfaction": state.impulse_subfaction} if state.impulse_subfaction else {}),
        **({"sub_impulses": list(state.sub_impulses)} if state.sub_impulses else {}),
        "order": list(state.order),
        "influence_target": state.influence_target,
        "sieges": {area: siege_json(s) for area, s in state.sieges.items()},
        "influence": dict(state.influence),
        "loot": {lid: _loot_json(x) for lid, x in state.loot.items()},
        "battles": state.battles,
        "worked": dict(state.worked),
        "fallen": {noble: {"seat": seat, "rank": rank} for noble, (seat, rank) in state.fallen.items()},
        "fallen_with": {noble: {"subfaction": sub, "area": area} for noble, (sub, area) in state.fallen_with.items()},
        "offices": dict(state.offices),
        "taxed_round": state.taxed_round,
        "shade_impulse": state.shade_impulse,
        "retreat_ties": ties_json(state.retreat_ties),
        # Written only when there are any, so the states of games without alliances read as before.
        **({"alliances": [list(pair) for pair in state.alliances]} if state.alliances else {}),
        **({"alliance_offers": [list(pair) for pair in state.alliance_offers]} if state.alliance_offers else {}),
    }


def _map_json(board: MapData) -> dict[str, Any]:
    return {
        "home": {area: list(seats) for area, seats in board.home.items()},
        "edges": {
            a: {b: {"kind": kind, "steps": steps} for b, (kind, steps) in others.items()}
            for a, others in board.edges.items()
        },
    }


def _piece_json(piece: Piece) -> dict[str, Any]:
    return {
        "kind": piece.kind,
        "owner": piece.owner,
        "area": piece.area,
        "rank": piece.rank,
        "banner": piece.banner,
        "subfaction": piece.subfaction,
        "came_from": piece.came_from,
        "entered_by": piece.entered_by,
        "imperial": piece.imperial,
    }


def _place_json(place: Place) -> dict[str, Any]:
    return {
        "kind": place.kind,
        "owner": place.owner,
        "name": place.name,
        "city_class": place.city_class,
        "damaged": place.damaged,
        "capital_of": place.capital_of,
        "rudern": place.rudern,
        "yields": place.yields,
        "elephants": place.elephants,
        "subfaction": place.subfaction,
        "neutral": place.neutral,
    }


def siege_json(siege: Siege) -> dict[str, Any]:
    """A siege's JSON form (the same in a state and in a position)."""
    return {
        "besieger": siege.besieger,
        "nobles": list(siege.nobles),
        "started_round": siege.started_round,
        "started_impulse": siege.started_impulse,
    }


def _loot_json(loot: Loot) -> dict[str, Any]:
    return {
        "from_seat": loot.from_seat,
        "to_seat": loot.to_seat,
        "amount": loot.amount,
        "delivered": loot.delivered,
        "treasury": loot.treasury,
    }


def load(document: Mapping[str, Any]) -> RvState:
    """The state back from its JSON form; KeyError/TypeError/ValueError on a bad document. A retreat tie whose
    pieces stand elsewhere (an arbiter's `adjust` moved them) is not kept (RV-AMB-10, `ties_standing`)."""
    pieces = {str(pid): _piece(str(pid), p) for pid, p in json_object(document["pieces"]).items()}
    ties = ties_read(json_object(document.get("retreat_ties", {})), lambda v: _retreat_tie(json_object(v)))
    return RvState(
        map=_map(json_object(document["map"])),
        seats=tuple(text(s) for s in json_array(document["seats"])),
        pieces=pieces,
        places={str(area): _place(str(area), p) for area, p in json_object(document["places"]).items()},
        treasuries={str(k): whole(v) for k, v in json_object(document["treasuries"]).items()},
        purses={str(k): whole(v) for k, v in json_object(document["purses"]).items()},
        round=whole(document["round"]),
        impulse=optional_text(document["impulse"]),
        impulse_no=whole(document["impulse_no"]),
        limit=whole(document["limit"]),
        spent=whole(document["spent"]),
        had_impulse=tuple(text(s) for s in json_array(document["had_impulse"])),
        impulse_subfaction=optional_text(document.get("impulse_subfaction")),
        sub_impulses=tuple(text(s) for s in json_array(document.get("sub_impulses", []))),
        order=tuple(text(s) for s in json_array(document["order"])),
        influence_target=whole(document["influence_target"]),
        sieges={str(area): _siege(str(area), s) for area, s in json_object(document["sieges"]).items()},
        influence={str(k): whole(v) for k, v in json_object(document["influence"]).items()},
        loot={str(lid): _loot(str(lid), x) for lid, x in json_object(document["loot"]).items()},
        battles=whole(document["battles"]),
        worked={str(k): whole(v) for k, v in json_object(document["worked"]).items()},
        fallen={
            str(k): (text(json_object(v)["seat"]), text(json_object(v)["rank"]))
            for k, v in json_object(document["fallen"]).items()
        },
        fallen_with={
            str(k): (text(json_object(v)["subfaction"]), text(json_object(v)["area"]))
            for k, v in json_object(document.get("fallen_with", {})).items()
        },
        offices={str(k): text(v) for k, v in json_object(document.get("offices", {})).items()},
        taxed_round=whole(document.get("taxed_round", 0)),
        shade_impulse=whole(document.get("shade_impulse", 0)),
        retreat_ties=ties_standing(ties, pieces),
        alliances=_pairs(document.get("alliances", [])),
        alliance_offers=_pairs(document.get("alliance_offers", [])),
    )


def _pairs(raw: Any) -> tuple[tuple[str, str], ...]:
    pairs = [tuple(text(s) for s in json_array(pair)) for pair in json_array(raw)]
    return tuple((a, b) for a, b in pairs)


def _map(raw: Mapping[str, Any]) -> MapData:
    home = {str(a): tuple(text(s) for s in json_array(seats)) for a, seats in json_object(raw["home"]).items()}
    edges = {
        str(a): {
            str(b): (text(json_object(e)["kind"]), whole(json_object(e)["steps"]))
            for b, e in json_object(others).items()
        }
        for a, others in json_object(raw["edges"]).items()
    }
    return MapData(home, edges)


def _piece(pid: str, p: Any) -> Piece:
    return Piece(
        pid,
        text(p["kind"]),
        text(p["owner"]),
        text(p["area"]),
        optional_text(p["rank"]),
        optional_text(p["banner"]),
        optional_text(p["subfaction"]),
        optional_text(p["came_from"]),
        optional_text(p["entered_by"]),
        flag(p.get("imperial", False)),
    )


def _place(area: str, p: Any) -> Place:
    return Place(
        area,
        text(p["kind"]),
        optional_text(p["owner"]),
        text(p["name"]),
        optional_text(p["city_class"]),
        flag(p["damaged"]),
        optional_text(p["capital_of"]),
        flag(p["rudern"]),
        whole(p["yields"]),
        flag(p["elephants"]),
        optional_text(p.get("subfaction")),
        flag(p.get("neutral", False)),
    )


def _siege(area: str, s: Any) -> Siege:
    return Siege(
        area,
        text(s["besieger"]),
        tuple(text(n) for n in json_array(s["nobles"])),
        whole(s["started_round"]),
        whole(s["started_impulse"]),
    )


def _loot(lid: str, x: Any) -> Loot:
    return Loot(
        lid,
        text(x["from_seat"]),
        text(x["to_seat"]),
        whole(x["amount"]),
        None if x["delivered"] is None else whole(x["delivered"]),
        optional_text(x.get("treasury")),
    )


def _retreat_tie(v: Mapping[str, Any]) -> Tie:
    return (
        tuple(text(p) for p in json_array(v["pieces"])),
        text(v["to"]),
        tuple(text(t) for t in json_array(v["ties"])),
    )
