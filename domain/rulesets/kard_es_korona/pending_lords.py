"""What the lords' rules wait for (issue 15, point 2): the Judge Royal's reroll, a defeated lord's fate, a freed
vassal's return, the winner's extra step (KK-OFFICE-1/2, KK-ELIM-1..6, KK-VASSAL-7, KK-LORD-8/9).

Each function answers for one of `lords.waiting_for`'s entries; the order in which they are settled is the
engine's (`pending.py` asks them in that order).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from domain.pending import Waiting
from domain.rulesets.kard_es_korona.captivity import return_counties
from domain.rulesets.kard_es_korona.defeat import escape_routes
from domain.rulesets.kard_es_korona.defeat_evolve import CONSENT, ESCAPE, FEALTY, TAKEOVER
from domain.rulesets.kard_es_korona.forces import ARMS, LORD_MOVEMENT_POINTS, MOVEMENT_POINTS
from domain.rulesets.kard_es_korona.pending_choices import MANY, NO_DATA, Probe, offered, waiting
from domain.rulesets.kard_es_korona.pending_reach import cheapest_paths
from domain.rulesets.kard_es_korona.state import KKState


def reroll_offer(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-OFFICE-1/2, KK-LORD-6: the Judge Royal rerolls one of his groups (or his die) once, or keeps the roll."""
    offer = state.reroll_offer
    seat = str(offer["seat"])
    groups = offer.get("groups") or []
    arms = sorted({str(g["arm"]) for g in groups if g.get("arm")})
    rerolls = [{"arm": arm} for arm in arms] if arms else [{}]
    rules = ("KK-OFFICE-1", "KK-OFFICE-2") if groups else ("KK-OFFICE-2", "KK-LORD-6")
    fields = {"occasion": offer.get("occasion"), "faces": offer.get("faces"), "groups": groups}
    # KK-OFFICE-1: a battle's reroll rolls the named group's dice again; any other roll is his one die (KK-OFFICE-2).
    by_arm = {json.dumps(str(g["arm"])): len(g.get("faces") or ()) for g in groups if g.get("arm")}
    return waiting(
        seat,
        f"the Judge Royal may reroll ({offer.get('occasion')})",
        offered(
            probe,
            seat,
            "reroll",
            rules,
            rerolls,
            fields=fields,
            dice_count=None if arms else 1,
            dice_by={"arm": by_arm} if arms else {},
        ),
        offered(probe, seat, "keep_roll", rules, NO_DATA),
    )


def lord_to_return(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-VASSAL-7, A-29: the freed vassal's lord returns to a county holding his own units.

    The conqueror's takeover (KK-ELIM-5) is offered beside it: the seed orders neither before the other
    („Tartományura visszakerül a táblára egy saját vármegyébe"), and the engine accepts both in either order.
    """
    seat = state.returning[0]
    choices = ({"to": county} for county in return_counties(state, seat))
    option = offered(probe, seat, "return_lord", ("KK-VASSAL-7",), choices)
    found = waiting(seat, "the freed vassal places his lord", option)
    if state.defeat.get("stage") == TAKEOVER:
        found = (*found, *_takeover(probe, state, str(state.defeat["by"])))
    return found


def defeat_choice(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-ELIM-2..6, A-23..25: the defeated lord's escape and fealty, the victor's consent and takeover."""
    defeat = state.defeat
    seat, victor, stage = str(defeat["seat"]), str(defeat["by"]), defeat["stage"]
    if stage == ESCAPE:
        routes = escape_routes(state, defeat)
        return waiting(
            seat,
            f"{seat}'s defeated lord may try to escape",
            # KK-ELIM-2: the lord rolls one die (a Judge Royal's reroll of it is an action of its own).
            offered(probe, seat, "attempt_escape", ("KK-ELIM-2",), ({"to": c} for c in routes), dice_count=1),
            offered(probe, seat, "forgo_escape", ("KK-ELIM-2",), NO_DATA),
        )
    if stage == FEALTY:
        return waiting(
            seat,
            f"{seat} swears fealty to {victor} or is eliminated"
            if victor not in state.lieges
            else f"{seat} is eliminated: {victor} is a vassal, and a vassal takes no vassal (KK-ELIM-3)",
            offered(probe, seat, "swear_fealty", ("KK-ELIM-3",), NO_DATA),
            offered(probe, seat, "decline_fealty", ("KK-ELIM-1",), NO_DATA),
        )
    if stage == CONSENT:
        answers = ({"accept": True}, {"accept": False})
        option = offered(probe, victor, "answer_fealty", ("KK-ELIM-3",), answers)
        return waiting(victor, f"{victor} accepts or refuses {seat}'s oath (A-24)", option)
    if stage == TAKEOVER:
        return _takeover(probe, state, victor)
    return ()


def _takeover(probe: Probe, state: KKState, victor: str) -> tuple[Waiting, ...]:
    """KK-ELIM-5/6: one unit of an arm that stood there per county of the fallen player, or none."""
    counties: Mapping[str, list[str]] = state.defeat["counties"]
    battle_counties = {b.county for b in state.battles if b.id in state.defeat["battles"]}
    ordered = sorted(counties)
    choices: list[dict[str, Any]] = []
    for arm in ARMS:  # the same arm wherever it stood, the first that stood elsewhere
        choices.append({"placements": {c: (arm if arm in counties[c] else _first(counties[c])) for c in ordered}})
    choices.append({"placements": {c: (_first(counties[c]) if c in battle_counties else None) for c in ordered}})
    fields = {
        "counties": {c: list(counties[c]) for c in ordered},
        "must_place": sorted(battle_counties & set(counties)),
    }
    option = offered(
        probe,
        victor,
        "place_takeover",
        ("KK-ELIM-5", "KK-ELIM-6"),
        choices,
        complete=False,
        fields=fields,
        note="per county one arm that stood there, or null; a county with a pending battle needs one",
    )
    return waiting(victor, f"{victor} takes over the fallen player's counties", option)


def _first(arms: list[str]) -> str | None:
    return arms[0] if arms else None


def extra_step(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-LORD-8/9, A-13, A-21: the lord joins units of his, or units join him, within their MP; or no step."""
    seat = str(state.extra_step["seat"])
    candidates = list(_extra_steps(state, seat))
    fields = {"lord": state.lords.get(seat), "steps": candidates}
    return waiting(
        seat,
        f"{seat}'s winning lord may take an extra step",
        offered(probe, seat, "take_extra_step", ("KK-LORD-8", "KK-LORD-9"), candidates, complete=False, limit=MANY),
        offered(probe, seat, "decline_extra_step", ("KK-LORD-8",), NO_DATA, fields=fields),
    )


def _extra_steps(state: KKState, seat: str) -> Iterator[dict[str, Any]]:
    """The lord alone to each county of his units he can reach; the units of each such county to the lord."""
    lord = state.lords.get(seat)
    if lord is None:
        return
    mine = sorted(c for c, by in state.units.items() if c != lord and seat in by and by[seat].total)
    to_units = cheapest_paths(state, seat, lord, LORD_MOVEMENT_POINTS, stop_at_enemies=True)
    for county in mine:
        if county in to_units:
            group = {"from": lord, "units": {}, "lord": True, "path": to_units[county][0]}
            yield {"to": county, "groups": [group]}
    for county in mine:
        force = state.force(county, seat)
        reach = max(MOVEMENT_POINTS[arm] for arm in force.arms())
        paths = cheapest_paths(state, seat, county, reach, stop_at_enemies=True)
        if lord in paths:
            path, cost = paths[lord]
            able = {arm: force.of(arm) for arm in force.arms() if cost <= MOVEMENT_POINTS[arm]}
            if able:
                yield {"to": lord, "groups": [{"from": county, "units": able, "path": path}]}
