"""Positions of `cedofan_kards_bs` (issue 15, point 3): the public form of a situation of the age of the living kards.

A position says, for the round and its phase and whose turn it is, every faction's supplies, influence and lord
(vassalage, KBS-VAS-*), who holds each city and whether pirates hold it (KBS-AMB-13), every army with its units by
kind and its leader figures, open sieges, captive kards and ransomable prisoners, retreats still owed, the supplies
lords asked of their vassals, and the losses owners may still allocate. The map (regions, cities, fortifications,
ports, capitals, terrain) is the board's: a position changes only what play changes.

`from_position` starts from the board's opening state and replaces what the position gives: the armies always, a
faction or a city only where it is listed. An exported position (`position_of`) lists everything, so
`from_position(position_of(game))` views the same as the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
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
    record,
)
from domain.rulesets.cedofan_kards_bs.options import UNIT_KINDS
from domain.rulesets.cedofan_kards_bs.state import (
    Army,
    Faction,
    KbsState,
    OpenLoss,
    Prisoners,
    Siege,
    captive_from,
    captive_json,
    counts,
    opening_state,
)

PHASES = ("setup", "supply", "turns", "round_over")
LOSS_RULES = ("KBS-AMB-1", "KBS-AMB-5", "KBS-AMB-11")
SEAT = id_of("seats", "a faction seated in the game")
FIELD = id_of("fields", "a region, city or sea space of the game's board")
CITY = id_of("cities", "a city of the game's board")
FACTION = name("a faction of the board or of the seating, or 'neutral'")
ARMY_ID = name("an army id, unique in the position")
LEADER = name("a leader figure (a kard, a ruler, a general)")
UNITS = keyed_by_names(UNIT_KINDS, amount("how many, at least 0"), "units by kind (KBS-MOV-1)")

ARMY = record(
    "A stack of one owner in one field: its units by kind and its leader figures.",
    {"owner": FACTION, "at": FIELD, "units": UNITS},
    {
        "leaders": list_of(LEADER, "its leader figures (each stands in one place, KBS-LDR-*)", unique=True),
        "besieging": or_none(id_of("cities", "the city this army besieges (KBS-SIE-2)")),
    },
)
FACTION_STATE = record(
    "A faction's treasury and its lord.",
    {
        "supplies": amount("supplies in its treasury, at least 0 (KBS-MOV-2)"),
        "influence": amount("influence, at least 0 (KBS-RAN-4)"),
    },
    {"lord": or_none(name("the faction it is a vassal of (KBS-VAS-1); null: free"))},
)
CITY_STATE = record(
    "Who holds a city of the board; what the city is (fortified, port, capital) stays the board's.",
    {"owner": FACTION},
    {"pirate_held": flag("pirates occupy it after taking Ostius (KBS-PIR-5, KBS-AMB-13)")},
)
SIEGE = record(
    "An open siege (KBS-SIE-*): the besieging army and the round it began in (year 1, KBS-AMB-5).",
    {"army": ARMY_ID, "started": count("the round the siege began")},
)
CAPTIVE = record(
    "A leader figure held by an enemy, ransomable by his faction at the start of its turn (KBS-RAN-1).",
    {"owner": FACTION, "captor": FACTION, "at": FIELD},
    {"barred_by": one_of(("KBS-GNT-8", "KBS-PIR-6"), "taken by the giants or the pirates: never ransomed")},
)
PRISONERS = record(
    "Units taken in a battle this turn, ransomable by their owner until the turn ends (KBS-RET-3, KBS-AMB-15).",
    {"captor": FACTION, "units": UNITS},
)
STACK = record(
    "An owner's stack as it stood before open losses.",
    {"id": ARMY_ID, "at": FIELD, "units": UNITS},
    {"leaders": list_of(LEADER, "its leader figures"), "besieging": or_none(CITY)},
)
OPEN_LOSS = record(
    "Losses their owner may still allocate himself (after a battle, KBS-AMB-1; a giant battle, KBS-AMB-11; "
    "a year of siege, KBS-AMB-5).",
    {
        "owner": FACTION,
        "at": FIELD,
        "rule": one_of(LOSS_RULES, "the rule that opened them"),
        "before": list_of(STACK, "the owner's stacks before the losses"),
        "removed": keyed_by_text(UNITS, "what was taken from each stack so far, by army id"),
    },
    {"leaders": list_of(LEADER, "leader figures taken (attrition of a city left without units)")},
)
RETREATS = record(
    "Armies that must retreat before play goes on (KBS-CMB-4, KBS-RET-1..2).",
    {"armies": list_of(ARMY_ID, "the armies, in order", unique=True)},
    {
        "from": or_none(id_of("fields", "the field of the battle they lost")),
        "barred": or_none(id_of("cities", "a besieged city relieving armies may not enter (KBS-AMB-9)")),
    },
)

POSITION_SCHEMA = position_document(
    "cedofan_kards_bs position",
    "A situation of the age of the living kards. Left-out factions and cities are as the board sets them up.",
    {
        "round": count("the round (0: before the first)"),
        "phase": one_of(PHASES, "setup, the supply phase (KBS-AMB-20), the turns, or the round over"),
        "factions": keyed_by_text(FACTION_STATE, "factions by id (the seats and the board's factions)"),
        "armies": keyed_by_text(ARMY, "every army on the map by id; none are taken from the board"),
    },
    {
        "turn": or_none(id_of("seats", "the faction whose turn it is; null outside the turns")),
        "actions_this_turn": count("actions taken in this turn (a kard is ransomed before any, KBS-RAN-1)"),
        "order": list_of(SEAT, "the turn order within a round (KBS-AMB-20)", unique=True),
        "cities": keyed_by("cities", CITY_STATE, "cities whose holder differs from the board's start"),
        "sieges": keyed_by("cities", SIEGE, "open sieges by the besieged city"),
        "captives": keyed_by_text(CAPTIVE, "captive leader figures by id"),
        "prisoners": keyed_by_text(PRISONERS, "ransomable prisoners by the faction that lost them"),
        "retreats": RETREATS,
        "vassal_requests": list_of(SEAT, "vassals asked for supplies this supply phase (KBS-VAS-9)", unique=True),
        "unplaced": list_of(LEADER, "freed kards whose capital is lost, for the game master to place (KBS-AMB-14)"),
        "next_army": count("the number the next army the engine places is named after ('placed-<n>')", 1),
        "open_losses": list_of(OPEN_LOSS, "losses still open to their owner's allocation"),
    },
)


def position_of(game: Game) -> dict[str, Any]:
    """The position of a game: everything play has changed."""
    state: KbsState = game.state
    return {
        "round": state.round,
        "phase": state.phase,
        "factions": {
            seat: {"supplies": f.supplies, "influence": f.influence, "lord": f.lord}
            for seat, f in sorted(state.factions.items())
        },
        "armies": {army_id: _army_of(army) for army_id, army in sorted(state.armies.items())},
        "turn": state.turn,
        "actions_this_turn": state.acted,
        "order": list(state.order),
        "cities": {city: _city_of(state, city) for city in sorted(state.owners)},
        "sieges": {city: {"army": s.army, "started": s.started} for city, s in sorted(state.sieges.items())},
        "captives": {k: captive_json(c) for k, c in sorted(state.captives.items())},
        "prisoners": {k: {"captor": p.captor, "units": dict(p.units)} for k, p in sorted(state.prisoners.items())},
        "retreats": {"armies": list(state.retreats), "from": state.retreat_from, "barred": state.retreat_barred},
        "vassal_requests": list(state.requested),
        "unplaced": list(state.unplaced),
        "next_army": state.next_army,
        "open_losses": [_loss_of(loss) for _, loss in sorted(state.open_losses.items())],
    }


def _city_of(state: KbsState, city: str) -> dict[str, Any]:
    return {"owner": state.owners[city], "pirate_held": city in state.pirate_held}


def _army_of(army: Army) -> dict[str, Any]:
    return {
        "owner": army.owner,
        "at": army.at,
        "units": dict(army.units),
        "leaders": list(army.leaders),
        "besieging": army.besieging,
    }


def _loss_of(loss: OpenLoss) -> dict[str, Any]:
    return {
        "owner": loss.owner,
        "at": loss.at,
        "rule": loss.rule,
        "before": [
            {"id": a.id, "at": a.at, "units": dict(a.units), "leaders": list(a.leaders), "besieging": a.besieging}
            for a in loss.before
        ],
        "removed": {army: dict(units) for army, units in loss.removed.items()},
        "leaders": list(loss.leaders),
    }


def from_position(
    position: Mapping[str, Any], options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
) -> KbsState:
    """The state of a game started from a (schema-valid) position, on the board's opening state."""
    opening = opening_state(options, board, tuple(s.seat for s in seats))
    factions = {**opening.factions, **{k: _faction_from(f) for k, f in position["factions"].items()}}
    cities = position.get("cities", {})
    owners = {**opening.owners, **{city: c["owner"] for city, c in cities.items()}}
    retreats = position.get("retreats", {})
    state = replace(
        opening,
        round=position["round"],
        phase=position["phase"],
        factions=MappingProxyType(factions),
        armies=MappingProxyType({k: _army_from(k, a) for k, a in position["armies"].items()}),
        owners=MappingProxyType(owners),
        pirate_held=tuple(city for city, c in cities.items() if c.get("pirate_held")),
        turn=position.get("turn"),
        acted=position.get("actions_this_turn", 0),
        order=tuple(position.get("order", opening.order)),
        sieges=MappingProxyType(
            {city: Siege(city, s["army"], s["started"]) for city, s in position.get("sieges", {}).items()}
        ),
        captives=MappingProxyType({k: captive_from(c) for k, c in position.get("captives", {}).items()}),
        prisoners=MappingProxyType(
            {k: Prisoners(p["captor"], counts(p["units"])) for k, p in position.get("prisoners", {}).items()}
        ),
        retreats=tuple(retreats.get("armies", ())),
        retreat_from=retreats.get("from"),
        retreat_barred=retreats.get("barred"),
        requested=tuple(position.get("vassal_requests", ())),
        unplaced=tuple(position.get("unplaced", ())),
        next_army=position.get("next_army", opening.next_army),
        open_losses=MappingProxyType({_loss_key(o): _loss_from(o) for o in position.get("open_losses", [])}),
    )
    return state


def _loss_key(loss: Mapping[str, Any]) -> str:
    """How the state keys open losses: "owner|area" (evolve.py)."""
    return f"{loss['owner']}|{loss['at']}"


def _faction_from(faction: Mapping[str, Any]) -> Faction:
    return Faction(faction["supplies"], faction["influence"], faction.get("lord"))


def _army_from(army_id: str, army: Mapping[str, Any]) -> Army:
    units = counts(army["units"])
    return Army(army_id, army["owner"], army["at"], units, tuple(army.get("leaders", ())), army.get("besieging"))


def _loss_from(loss: Mapping[str, Any]) -> OpenLoss:
    before = tuple(_army_from(a["id"], {**a, "owner": loss["owner"]}) for a in loss["before"])
    removed = {army: counts(units) for army, units in loss["removed"].items()}
    return OpenLoss(
        loss["owner"], loss["at"], loss["rule"], before, MappingProxyType(removed), tuple(loss.get("leaders", ()))
    )
