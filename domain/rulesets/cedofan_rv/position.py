"""Positions of `cedofan_rv` (issue 15, point 3): the public form of a situation of the war for the Rudern Empire.

A position says where every piece stands and whose it is (units under the banners of nobles, RV-NOB-3), who
administers each place and in what state it is (damaged fortress, neutral imperial city), the round and the
impulse under way with its spending, treasuries (the factions', the Kard League sub-factions', the empire's),
purses, influence, council offices, open sieges, loot slips and the rulers waiting to reappear. The map itself
(regions, borders, what each place is) is the board's: a position changes only what play changes.

`from_position` starts from the board's opening state (`setup`) and replaces what the position gives, so a
hand-written position may leave out what is as at the start (a place, the offices, the influence); an exported
one (`position_of`) gives everything, and `from_position(position_of(game))` views the same as the game.

A position is the arbiter's form of the situation: it holds purses, treasuries and loot amounts, which the rules
keep private (RV-SUP-3, RV-LOOT-2; view.py), so it is for those who may read the whole state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain.kernel import Game, Seat
from domain.position_schema import (
    amount,
    count,
    flag,
    id_of,
    keyed_by,
    keyed_by_names,
    keyed_by_text,
    list_of,
    name,
    one_of,
    or_none,
    position_document,
    present,
    record,
)
from domain.rulesets.cedofan_rv.board import BORDER_KINDS
from domain.rulesets.cedofan_rv.options import DEFAULT_LEADER_TABLE, FACTIONS, NOBLE, SUBFACTIONS, UNIT_KINDS
from domain.rulesets.cedofan_rv.retreat_ties import Tie, ties_json, ties_read
from domain.rulesets.cedofan_rv.setup import setup
from domain.rulesets.cedofan_rv.state import RULER_RANKS, Loot, Piece, Place, RvState, Siege
from domain.rulesets.cedofan_rv.state_json import siege_json
from domain.rulesets.cedofan_rv.treasuries import IMPERIAL, OFFICES

SEAT = id_of("seats", "a faction seated in the game")
AREA = id_of("areas", "a region of the game's board")
PIECE_ID = name("a piece id, unique in the position")

PIECE = record(
    "A unit or a noble of the faction and region it is listed under.",
    {"id": PIECE_ID, "kind": one_of((*UNIT_KINDS, NOBLE), "a unit kind of the unit table, or a noble (RV-AMB-2)")},
    {
        "rank": one_of(DEFAULT_LEADER_TABLE, "a noble's rank in the leader table, which sets his banner (RV-NOB-2)"),
        "banner": name("a unit's noble, who moves it (RV-NOB-3); absent: a garrison without a banner"),
        "subfaction": one_of(SUBFACTIONS, "the Kard League sub-faction of a League piece (RV-KL-1, RV-KL-4)"),
        "imperial": flag("an imperial general or unit, paid from the imperial treasury (RV-ECO-5/6)"),
        "purse": amount("resources a noble carries, at least 0 (RV-SUP-2/3); private to his faction"),
        "came_from": id_of("areas", "a noble's last move started here (where a drawn attacker returns, RV-AMB-9)"),
        "entered_by": one_of(BORDER_KINDS, "the border a noble crossed last (a siege needs a passable one, RV-AMB-16)"),
    },
)
PLACE = record(
    "Who administers a place of the board and in what state it is; what the place is stays the board's.",
    {"owner": or_none(one_of(FACTIONS, "the administering faction; null: nobody"))},
    {
        "subfaction": one_of(SUBFACTIONS, "the Kard League sub-faction that administers it (RV-KL-1, RV-KL-3)"),
        "damaged": flag("a damaged fortress: a village, no shelter (RV-CTY-5, RV-AMB-25)"),
        "neutral": flag("an imperial city turned neutral in unrest (RV-ECO-8)"),
    },
)
TURN = record(
    "The round's impulses (RV-TURN-1..4): whose is open, what it may spend, who has played.",
    {
        "faction": or_none(id_of("seats", "the faction whose impulse is open; null between impulses")),
        "number": count("impulses begun in the game so far (the open or last one's number)"),
        "limit": count("the spending limit of the open or last impulse: cities + 4 (RV-SUP-1)"),
        "spent": amount("spent in the open or last impulse, at most its limit (RV-SUP-1, RV-AMB-14)"),
        "played": list_of(SEAT, "factions that have begun their impulse this round, in order", unique=True),
        "order": list_of(SEAT, "this round's impulse order (RV-TURN-3/4)", unique=True),
    },
    {
        "subfaction": or_none(one_of(SUBFACTIONS, "the Kard League sub-faction whose impulse is open (RV-TURN-3)")),
        "subfactions_played": list_of(
            one_of(SUBFACTIONS, "a sub-faction"), "League sub-factions that have had their impulse", unique=True
        ),
    },
)
TREASURIES = record(
    "Resources in the main treasuries, each at least 0 (RV-SUP-1); private to those who keep them.",
    {"factions": keyed_by("seats", amount("resources"), "each seated faction's treasury")},
    {
        "subfactions": keyed_by_names(SUBFACTIONS, amount("resources"), "Kard League sub-factions' (RV-KL-1)"),
        "imperial": amount("the empire's treasury, which the kard keeps (RV-ECO-5)"),
    },
)
SIEGE = record(
    "An open siege of a place (RV-SIE-1..4): who besieges it, with which nobles' banners, since when.",
    {
        "besieger": SEAT,
        "nobles": list_of(PIECE_ID, "the besieging nobles, in the region or next to it (RV-SIE-3)", unique=True),
        "started_round": count("the round the siege began (storms from a later round, RV-AMB-4)"),
        "started_impulse": count("the impulse number the siege began in"),
    },
)
LOOT = record(
    "A loot slip (RV-LOOT-1..3): owed by the loser to the winner; its amount is private to the two.",
    {
        "from_seat": SEAT,
        "to_seat": SEAT,
        "amount": amount("the resources the losing nobles carried, at least 0"),
        "delivered": or_none(amount("the amount the slip delivered; null: not yet revealed (RV-LOOT-2)")),
    },
    {"treasury": one_of((*SUBFACTIONS, IMPERIAL), "the treasury it goes to when not the winner's own (RV-AMB-19)")},
)
FALLEN = record(
    "A ruler killed this round, who reappears when it ends (RV-DTH-1/2).",
    {"faction": one_of(FACTIONS, "his faction"), "rank": one_of(RULER_RANKS, "his rank")},
    {
        "army_lost_in": id_of("areas", "a League ruler's army where he fell, lost on his return (RV-DTH-2)"),
        "subfaction": one_of(SUBFACTIONS, "a League ruler's sub-faction"),
    },
)
TIE = record(
    "Survivors sent to one of equally near places; the faction may still choose another (RV-AMB-10).",
    {
        "pieces": list_of(PIECE_ID, "the pieces that withdrew"),
        "to": AREA,
        "ties": list_of(AREA, "the equally near places"),
    },
)

# Each faction's open ties, oldest first; a position written before several were kept holds its one tie alone.
TIES = {
    "anyOf": [list_of(TIE, "the open withdrawals, oldest first"), TIE],
    "description": "a faction's withdrawals with a choice left, oldest first (or, as older positions wrote, its one)",
}

PAIR = {**list_of(SEAT, "two different factions seated in the game", unique=True), "minItems": 2, "maxItems": 2}

POSITION_SCHEMA = position_document(
    "cedofan_rv position",
    "A situation of the war for the Rudern Empire. Left-out parts are as the board sets them up.",
    {
        "round": count("the round (0: before the first)"),
        "forces": keyed_by(
            "areas",
            keyed_by_names(FACTIONS, list_of(PIECE, "its pieces"), "the pieces of each faction in the region"),
            "every piece on the map, by region and faction; none are taken from the board",
        ),
        "treasuries": TREASURIES,
    },
    {
        "turn": TURN,
        "places": keyed_by("areas", PLACE, "places whose administrator or state differs from the board's start"),
        "influence": keyed_by("seats", amount("influence points, at least 0 (RV-VIC-2)"), "influence by faction"),
        "influence_target": count("the influence that wins (RV-VIC-3)", 1),
        "offices": keyed_by_names(OFFICES, SEAT, "the council offices and who holds them (RV-TURN-5)"),
        "sieges": keyed_by("areas", SIEGE, "open sieges by the besieged place"),
        "loot": keyed_by_text(LOOT, "loot slips by id"),
        "battles": count("battles fought so far"),
        "worked": keyed_by("areas", amount("yields used"), "places that have yielded this round (RV-ECO-2)"),
        "fallen": keyed_by_text(FALLEN, "rulers killed this round, by noble id"),
        "purses_of_the_dead": keyed_by_text(amount("resources"), "purses of nobles no longer on the map (RV-LOOT-3)"),
        "taxed_round": count("the round of the last extraordinary tax (RV-ECO-8)"),
        "shade_impulse": count("the impulse number in which Kalamé last summoned a shade (RV-ECO-7)"),
        "retreat_ties": keyed_by("seats", TIES, "the withdrawals of a faction with a choice left (RV-AMB-10)"),
        "alliances": list_of(PAIR, "alliances in force, each two seats that both declared it (RV-FLD-3)"),
        "alliance_offers": list_of(PAIR, "alliances one seat declared (first) and the other has not yet (RV-FLD-3)"),
    },
)


def position_of(game: Game) -> dict[str, Any]:
    """The position of a game: everything play has changed, by region, faction and place."""
    state: RvState = game.state
    return {
        "round": state.round,
        "forces": _forces(state),
        "treasuries": _treasuries_of(state),
        "turn": {
            "faction": state.impulse,
            "number": state.impulse_no,
            "limit": state.limit,
            "spent": state.spent,
            "played": list(state.had_impulse),
            "order": list(state.order),
            **present({"subfaction": state.impulse_subfaction, "subfactions_played": list(state.sub_impulses)}),
        },
        "places": {area: _place_of(place) for area, place in sorted(state.places.items())},
        "influence": dict(state.influence),
        "influence_target": state.influence_target,
        "offices": dict(state.offices),
        "sieges": {area: siege_json(siege) for area, siege in sorted(state.sieges.items())},
        "loot": {lid: _loot_of(loot) for lid, loot in sorted(state.loot.items())},
        "battles": state.battles,
        "worked": dict(state.worked),
        "fallen": {noble: _fallen_of(state, noble) for noble in sorted(state.fallen)},
        "purses_of_the_dead": {n: v for n, v in sorted(state.purses.items()) if n not in state.pieces},
        "taxed_round": state.taxed_round,
        "shade_impulse": state.shade_impulse,
        "retreat_ties": ties_json(state.retreat_ties),
        **present({"alliances": [list(p) for p in state.alliances]}),
        **present({"alliance_offers": [list(p) for p in state.alliance_offers]}),
    }


def _forces(state: RvState) -> dict[str, dict[str, list[dict[str, Any]]]]:
    forces: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for piece in sorted(state.pieces.values(), key=lambda p: (p.area, p.owner, p.id)):
        listed = {
            "id": piece.id,
            "kind": piece.kind,
            **present(
                {
                    "rank": piece.rank,
                    "banner": piece.banner,
                    "subfaction": piece.subfaction,
                    "imperial": piece.imperial,
                    "came_from": piece.came_from,
                    "entered_by": piece.entered_by,
                }
            ),
        }
        if piece.id in state.purses:
            listed["purse"] = state.purses[piece.id]
        forces.setdefault(piece.area, {}).setdefault(piece.owner, []).append(listed)
    return forces


def _treasuries_of(state: RvState) -> dict[str, Any]:
    accounts = state.treasuries
    found: dict[str, Any] = {"factions": {s: v for s, v in accounts.items() if s not in (*SUBFACTIONS, IMPERIAL)}}
    subfactions = {s: v for s, v in accounts.items() if s in SUBFACTIONS}
    if subfactions:
        found["subfactions"] = subfactions
    if IMPERIAL in accounts:
        found["imperial"] = accounts[IMPERIAL]
    return found


def _place_of(place: Place) -> dict[str, Any]:
    return {
        "owner": place.owner,
        **present({"subfaction": place.subfaction}),
        "damaged": place.damaged,
        "neutral": place.neutral,
    }


def _loot_of(loot: Loot) -> dict[str, Any]:
    found = {"from_seat": loot.from_seat, "to_seat": loot.to_seat, "amount": loot.amount, "delivered": loot.delivered}
    return {**found, **present({"treasury": loot.treasury})}


def _fallen_of(state: RvState, noble: str) -> dict[str, Any]:
    faction, rank = state.fallen[noble]
    found: dict[str, Any] = {"faction": faction, "rank": rank}
    if noble in state.fallen_with:
        subfaction, area = state.fallen_with[noble]
        found["army_lost_in"] = area
        found.update(present({"subfaction": subfaction or None}))
    return found


def from_position(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> RvState:
    """The opening state of a game started from a position (one that passed the schema and `position_errors`)."""
    state = setup(options, board, seats)
    pieces, purses = _pieces_from(position["forces"])
    purses.update(position.get("purses_of_the_dead", {}))
    state = replace(
        state,
        round=position["round"],
        pieces=pieces,
        purses=purses,
        treasuries=_treasuries_from(position["treasuries"]),
        places=_places_from(state.places, position.get("places", {})),
        influence=dict(position.get("influence", state.influence)),
        influence_target=position.get("influence_target", state.influence_target),
        offices=dict(position.get("offices", state.offices)),
        sieges={area: _siege_from(area, s) for area, s in position.get("sieges", {}).items()},
        loot={lid: _loot_from(lid, x) for lid, x in position.get("loot", {}).items()},
        battles=position.get("battles", 0),
        worked=dict(position.get("worked", {})),
        taxed_round=position.get("taxed_round", 0),
        shade_impulse=position.get("shade_impulse", 0),
        retreat_ties=ties_read(position.get("retreat_ties", {}), _tie_from),
        alliances=tuple(sorted((min(a, b), max(a, b)) for a, b in position.get("alliances", []))),
        alliance_offers=tuple((a, b) for a, b in position.get("alliance_offers", [])),
        **_fallen_from(position.get("fallen", {})),
    )
    return _with_turn(state, position.get("turn"))


def _pieces_from(forces: Mapping[str, Any]) -> tuple[dict[str, Piece], dict[str, int]]:
    pieces: dict[str, Piece] = {}
    purses: dict[str, int] = {}
    for area, by_faction in forces.items():
        for faction, listed in by_faction.items():
            for p in listed:
                pieces[p["id"]] = Piece(
                    p["id"],
                    p["kind"],
                    faction,
                    area,
                    rank=p.get("rank"),
                    banner=p.get("banner"),
                    subfaction=p.get("subfaction"),
                    came_from=p.get("came_from"),
                    entered_by=p.get("entered_by"),
                    imperial=p.get("imperial", False),
                )
                if "purse" in p:
                    purses[p["id"]] = p["purse"]
    return pieces, purses


def _treasuries_from(treasuries: Mapping[str, Any]) -> dict[str, int]:
    accounts = {**treasuries["factions"], **treasuries.get("subfactions", {})}
    if "imperial" in treasuries:
        accounts[IMPERIAL] = treasuries["imperial"]
    return accounts


def _places_from(places: Mapping[str, Place], given: Mapping[str, Any]) -> dict[str, Place]:
    changed = dict(places)
    for area, p in given.items():
        if area not in places:
            continue  # not a place of the board: refused by `position_errors` (RV-POS-1)
        changed[area] = replace(
            places[area],
            owner=p["owner"],
            subfaction=p.get("subfaction"),
            damaged=p.get("damaged", False),
            neutral=p.get("neutral", False),
        )
    return changed


def _tie_from(tie: Mapping[str, Any]) -> Tie:
    return tuple(tie["pieces"]), tie["to"], tuple(tie["ties"])


def _siege_from(area: str, siege: Mapping[str, Any]) -> Siege:
    return Siege(area, siege["besieger"], tuple(siege["nobles"]), siege["started_round"], siege["started_impulse"])


def _loot_from(lid: str, loot: Mapping[str, Any]) -> Loot:
    return Loot(lid, loot["from_seat"], loot["to_seat"], loot["amount"], loot["delivered"], loot.get("treasury"))


def _fallen_from(fallen: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "fallen": {noble: (f["faction"], f["rank"]) for noble, f in fallen.items()},
        "fallen_with": {
            noble: (f.get("subfaction", ""), f["army_lost_in"]) for noble, f in fallen.items() if "army_lost_in" in f
        },
    }


def _with_turn(state: RvState, turn: Mapping[str, Any] | None) -> RvState:
    if turn is None:
        return state
    return replace(
        state,
        impulse=turn["faction"],
        impulse_subfaction=turn.get("subfaction"),
        impulse_no=turn["number"],
        limit=turn["limit"],
        spent=turn["spent"],
        had_impulse=tuple(turn["played"]),
        sub_impulses=tuple(turn.get("subfactions_played", ())),
        order=tuple(turn["order"]),
    )
