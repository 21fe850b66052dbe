"""Battles: which battle is fought, field battles, and the standing sieges (RV-BTY-*, RV-FLD-*).

Sieges are started in `sieges.py`, stormed in `storms.py` and relieved in `relief.py`. The acting side
rolls first, then the other side (faces are entered in that order with table dice).
Outcomes follow one pattern: who has more units after the fight wins (RV-VIC-1, RV-AMB-9); losers
withdraw to their nearest city (RV-FLD-5, RV-AMB-10) and their nobles' purses become loot (RV-LOOT-*).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Action, Decision, Event, Game, Inputs, Mode, RuleViolation, TraceStep
from domain.rulesets.cedofan_rv import guards as support
from domain.rulesets.cedofan_rv.combat import FIELD, Side, chosen_order, exchange
from domain.rulesets.cedofan_rv.league import led_by_impulse
from domain.rulesets.cedofan_rv.outcomes import (
    influence,
    loot,
    resolved,
    return_home,
    survivors,
    winner_of,
    withdraw,
)
from domain.rulesets.cedofan_rv.state import Piece, Place, RvState, Siege, units

# --- which battle (RV-BTY-*) ---


def must_be_besieged(place: Place | None, defenders: Sequence[Piece], options: Mapping[str, Any]) -> bool:
    """RV-BTY-2/4, RV-AMB-3: a city or fortress sheltering up to 5 units must be besieged, not attacked."""
    if place is None or not place.shelters:
        return False
    count = units(list(defenders))
    return count < 5 or (count == 5 and options["exactly_five_defenders"] == "siege")


def defenders_of(state: RvState, area: str, attacker: str) -> tuple[Piece, ...]:
    """RV-FLD-3: the garrison of the place in `area` against `attacker`: its holder's pieces and its allies'
    („jednotky více spojeneckých armád … se vzájemně při obraně podporují"); a third faction's army there is not
    in it, each faction fighting for itself. A place nobody else holds is defended by the seat with most units."""
    others = [p for p in state.pieces_in(area) if p.owner != attacker]
    if not others:
        return ()
    place = state.places.get(area)
    head = garrison_head(place, others, attacker)
    return tuple(p for p in others if state.is_friend(p.owner, head))


def garrison_head(place: Place | None, others: Sequence[Piece], attacker: str) -> str:
    """The seat a place is defended for: its holder (even when only allies stand in it), else `lead_seat`."""
    if place is not None and place.owner is not None and place.owner != attacker:
        return place.owner
    return lead_seat(others, place)


def defending_side(
    state: RvState, area: str, attacker: str, named: Any = None
) -> tuple[str, tuple[Piece, ...]] | RuleViolation | None:
    """RV-FLD-1/3: the seat attacked in `area` and the pieces that fight for it; None when no enemy stands there.

    „Setkají-li se dvě nepřátelské armády mimo město … dojde k bitvě v poli": a field battle is fought between
    two armies, so only the attacked seat (`data.defender`, needed when several stand there) fights. In a place
    its holder's army and its allies' defend it together (RV-FLD-3), under the holder; another faction's army
    there stands outside the garrison and is attacked on its own. An ally is no enemy (RV-BTY-1).
    """
    others = tuple(p for p in state.pieces_in(area) if p.owner != attacker)
    if not others:
        return None
    seats = sorted({p.owner for p in others})
    if named is not None and named not in seats:
        return RuleViolation(
            "RV-FLD-1",
            f"{named!r} has no army in {area!r} to attack (armies there: {', '.join(seats)})",
            {"field": "data.defender"},
        )
    side = _side_named(state, area, attacker, others, named)
    if isinstance(side, RuleViolation):
        return side
    if friends := sorted({p.owner for p in side[1] if state.allied(p.owner, attacker)}):
        return RuleViolation(
            "RV-BTY-1",
            f"{', '.join(friends)} and {attacker!r} are allies, not enemy armies: end the alliance first",
            {"field": "data.defender"},
        )
    return side


def _side_named(
    state: RvState, area: str, attacker: str, others: tuple[Piece, ...], named: Any
) -> tuple[str, tuple[Piece, ...]] | RuleViolation:
    """RV-FLD-1/3: the garrison of a held place when it is named (or nobody else stands there), else one army."""
    place = state.places.get(area)
    held = place is not None and place.owner is not None and place.owner != attacker
    garrison = defenders_of(state, area, attacker) if held else ()
    inside = sorted({p.owner for p in garrison})
    seats = sorted({p.owner for p in others})
    if garrison and (named in inside or (named is None and inside == seats)):
        holder = lead_seat(garrison, place)
        if named is not None and named != holder:
            return RuleViolation(
                "RV-FLD-3",
                f"{area!r} is held by {holder!r} and the armies in it defend it together: attack {holder!r}",
                {"field": "data.defender"},
            )
        return holder, garrison
    if named is None and len(seats) > 1:
        return RuleViolation(
            "RV-FLD-1",
            f"the armies of {', '.join(seats)} stand in {area!r}: name the one attacked in data.defender",
            {"field": "data.defender", "seats": seats},
        )
    seat = str(named) if named is not None else seats[0]
    return seat, tuple(p for p in others if p.owner == seat)


def sheltered_from(
    state: RvState, options: Mapping[str, Any], attacker: str, area: str, defenders: Sequence[Piece]
) -> RuleViolation | None:
    """RV-BTY-2/4: defenders a place of someone else's shelters (up to 5 units) are besieged, not attacked; an army
    outside its garrison (a faction neither its holder nor an ally, RV-FLD-3) has no shelter there."""
    place = state.places.get(area)
    if place is None or place.owner == attacker or not must_be_besieged(place, defenders, options):
        return None
    if place.owner is not None and not all(state.is_friend(p.owner, place.owner) for p in defenders):
        return None
    return RuleViolation(
        "RV-BTY-2",
        f"{area!r} shelters {units(list(defenders))} unit(s) (at most 5): besiege it, then storm (RV-BTY-4)",
        {"field": "data.nobles"},
    )


def lead_seat(pieces: Sequence[Piece], place: Place | None) -> str:
    """The seat a defending side is recorded under: the place's owner, else the owner of most units."""
    owners = [p.owner for p in pieces]
    if place is not None and place.owner in owners:
        return place.owner
    return sorted(set(owners), key=lambda s: (-sum(1 for p in pieces if p.owner == s and not p.is_noble), s))[0]


def banners(state: RvState, seat: str, nobles: Any, field: str) -> tuple[Piece, ...] | RuleViolation:
    """RV-NOB-3, RV-TURN-3: the listed nobles of the acting faction and the units they move."""
    if not isinstance(nobles, list) or not nobles or len(set(map(str, nobles))) != len(nobles):
        return RuleViolation("RV-NOB-3", f"{nobles!r} must be a non-empty list of distinct nobles", {"field": field})
    pieces: list[Piece] = []
    for noble_id in nobles:
        noble = support.own_noble(state, seat, noble_id, field)
        if isinstance(noble, RuleViolation):
            return noble
        pieces.extend(state.banner_of(noble.id))
    # RV-TURN-3, RV-KL-2: a sub-faction's own noble leads in its impulse; other sub-factions may support.
    if (other := led_by_impulse(state, [p for p in pieces if p.is_noble], field)) is not None:
        return other
    return tuple(pieces)


# --- field battle ---


def attack(game: Game, action: Action, inputs: Inputs) -> Decision:
    """RV-BTY-1, RV-FLD-1..6: banners attack an enemy army in the region they stand in (`data.defender` names it
    when several stand there); a held city's armies defend it together (RV-FLD-3)."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(action.seat)
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return Decision(violations=(wrong,))
    attackers = banners(state, seat, action.data.get("nobles"), "data.nobles")
    if isinstance(attackers, RuleViolation):
        return Decision(violations=(attackers,))
    areas = {p.area for p in attackers}
    if len(areas) != 1:
        return Decision.refuse(
            "RV-FLD-1", f"the attacking banners stand in {sorted(areas)}; they must meet in one region"
        )
    area = areas.pop()
    side = defending_side(state, area, seat, action.data.get("defender"))
    if side is None:
        return Decision.refuse("RV-BTY-1", f"there is no enemy army in {area!r} to fight", field="data.nobles")
    if isinstance(side, RuleViolation):
        return Decision(violations=(side,))
    defender_seat, defenders = side
    if (siege_wrong := siege_battle_instead(state, seat, area, defenders)) is not None:
        return Decision(violations=(siege_wrong,))
    sheltered = sheltered_from(state, options, seat, area, defenders)
    violations = () if sheltered is None else (sheltered,)
    if violations and game.meta.mode is Mode.ADJUDICATED:
        return Decision(violations=violations)
    fact = Event(
        "AttackDeclared",
        {"seat": seat, "area": area, "nobles": list(action.data["nobles"]), "defender": defender_seat},
    )
    first = Side("attacker", seat, attackers, FIELD)
    second = Side("defender", defender_seat, defenders, FIELD)
    chosen = chosen_order(action.data, (*attackers, *defenders), seat)
    if isinstance(chosen, RuleViolation):
        return Decision(violations=(chosen,))
    fight = exchange(game, inputs, first, second, options["unit_table"], options["siege_dice"], None, chosen)
    after = {side.name: survivors(side.pieces, fight.dead) for side in (first, second)}
    winner, loser = winner_of(first, second, after)
    events = [fact, *fight.events]
    trace = [TraceStep("RV-BTY-1", f"RV-BTY-1: field battle in {area!r}, dice undivided", {"area": area}), *fight.trace]
    events.append(resolved(state, "field", area, first, second, after, winner))
    if winner is None or loser is None:
        # RV-AMB-9: nobody wins; the side that moved in goes back where it came from, free.
        events += return_home(state, after["attacker"], seat, area)
    else:
        # The losers leave the region, even when they stand in a city of their own (RV-FLD-5).
        rules = ["RV-FLD-5", "RV-FLD-6"]
        events += withdraw(state, after[loser.name], loser.seat, area, ("city",), rules, exclude=area)
        events += loot(state, loser.pieces, loser.seat, winner.seat, options, after[winner.name])
        events += influence(winner.seat, options, "battle_won", "RV-VIC-1")
    return Decision(tuple(events), violations, tuple(trace))


def siege_battle_instead(state: RvState, seat: str, area: str, defenders: Sequence[Piece]) -> RuleViolation | None:
    """RV-STM-4 / RV-REL-1: the besieged fight their besiegers by a storm, their own or allied armies by a relief,
    not an attack; a faction that is neither meets the besiegers in a plain field battle (RV-BTY-1)."""
    besieging = {noble for siege in state.sieges.values() for noble in siege.nobles}
    siege = state.sieges.get(area)
    inside = siege is not None and siege.besieger != seat and any(p.id in besieging for p in defenders)
    if inside and siege is not None and is_friend_of_besieged(state, seat, siege):
        return RuleViolation(
            "RV-STM-4",
            f"{area!r} is besieged by {siege.besieger!r}: the besieged call a storm (sortie) or are relieved",
            {"field": "data.nobles"},
        )
    ids = {p.id for p in defenders} | {p.banner for p in defenders if p.banner is not None}
    relieved = [s for s in state.sieges.values() if ids & set(s.nobles) and is_friend_of_besieged(state, seat, s)]
    if relieved:
        return RuleViolation(
            "RV-REL-1",
            f"the army in {area!r} is besieging a place: attack it with relieve_siege (a field battle, RV-REL-2)",
            {"field": "data.nobles"},
        )
    return None


def besieged_head(state: RvState, siege: Siege) -> str | None:
    """The seat a besieged place is defended for (`garrison_head`); None for an empty place nobody holds."""
    others = [p for p in state.pieces_in(siege.place) if p.owner != siege.besieger]
    place = state.places.get(siege.place)
    if place is not None and place.owner is not None and place.owner != siege.besieger:
        return place.owner
    return lead_seat(others, place) if others else None


def is_friend_of_besieged(state: RvState, seat: str, siege: Siege) -> bool:
    """RV-REL-1: „spřátelená/vlastní armáda": the besieged place's own faction or its ally."""
    return state.is_friend(seat, besieged_head(state, siege))


# --- standing sieges ---


def siege_at(state: RvState, target: Any) -> Siege | RuleViolation:
    """RV-STM-7: a storm needs a standing siege."""
    siege = state.sieges.get(target) if isinstance(target, str) else None
    if siege is None:
        return RuleViolation("RV-STM-7", f"{target!r} is not under siege", {"field": "data.place"})
    return siege


def siege_in_own_impulse(state: RvState, seat: str, target: Any) -> Siege | RuleViolation:
    """RV-TURN-1, RV-STM-7: a storm, sortie or relief is made in the faction's own impulse, at a standing siege."""
    if (wrong := support.in_own_impulse(state, seat)) is not None:
        return wrong
    return siege_at(state, target)


def siege_pieces(state: RvState, siege: Siege) -> tuple[Piece, ...]:
    """The besiegers: the banners of the nobles holding the siege (RV-SIE-2)."""
    return tuple(p for noble in siege.nobles for p in state.banner_of(noble))
