"""What an impulse may fight (issue 15, point 2): attacks, sieges, storms, sorties and reliefs with their legal targets.

Every option is built from the guards `battles.py`, `sieges.py`, `storms.py` and `relief.py` decide with
(`defenders_of`, `must_be_besieged`, `siege_battle_instead`, `borders_passably`, `storm_too_early`, `storm_caller`,
`within_limit`, `can_pay`…), so what is offered is what is accepted. Battles with dice list no faces: the action's
spec says which to enter with table dice. Options whose legality a hidden treasury decides (sieges and storms cost
resources) are `private` and stay listed, without choices, when only the hidden amount rules them out (see
`priced`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from domain.kernel import RuleViolation
from domain.pending import Option
from domain.rulesets.cedofan_rv import guards
from domain.rulesets.cedofan_rv import notation_names as names
from domain.rulesets.cedofan_rv.battles import (
    defenders_of,
    defending_side,
    is_friend_of_besieged,
    must_be_besieged,
    sheltered_from,
    siege_battle_instead,
)
from domain.rulesets.cedofan_rv.league import acting_nobles, storm_caller
from domain.rulesets.cedofan_rv.options import SUBFACTIONS
from domain.rulesets.cedofan_rv.relief import joinable, reaches_siege
from domain.rulesets.cedofan_rv.sieges import borders_passably
from domain.rulesets.cedofan_rv.state import Piece, RvState, Siege, units
from domain.rulesets.cedofan_rv.storms import besieged_by, sortie_too_early, storm_too_early
from domain.rulesets.cedofan_rv.treasuries import piece_treasury

Choice = Mapping[str, Any]
ATTACK_RULES = ("RV-BTY-1", "RV-FLD-1", "RV-FLD-3")
SIEGE_RULES = ("RV-BTY-2", "RV-BTY-4", "RV-SIE-2", "RV-SIE-3", "RV-SIE-4", "RV-AMB-14", "RV-AMB-16")
STORM_RULES = ("RV-STM-1", "RV-STM-2", "RV-STM-3", "RV-STM-7", "RV-AMB-4", "RV-AMB-13", "RV-KL-3")
SORTIE_RULES = ("RV-STM-4", "RV-AMB-4", "RV-AMB-22", "RV-KL-3")
RELIEF_RULES = ("RV-REL-1", "RV-REL-2", "RV-REL-3", "RV-AMB-17")
HIDDEN_NOTE = "choices depend on a treasury only this seat sees"


def priced(
    kind: str,
    rule_ids: tuple[str, ...],
    candidates: Sequence[tuple[Choice, bool]],
    *,
    fields: Mapping[str, Any] | None = None,
    exhaustive: bool = True,
    note: str = HIDDEN_NOTE,
    listed: bool | None = None,
) -> Option | None:
    """An option paid from a hidden treasury or purse (RV-SUP-1/2): private, listed while the public rules allow a
    choice (`listed`, by default: there are candidates), its choices those the seat can pay. Listing it even when
    none is affordable keeps its absence from telling other seats what a treasury holds."""
    if not (bool(candidates) if listed is None else listed):
        return None
    choices = tuple(choice for choice, affordable in candidates if affordable)
    return Option(kind, rule_ids, choices, exhaustive=exhaustive, fields=fields or {}, note=note, private=True)


def piece_details(state: RvState, piece_ids: Iterable[str]) -> list[dict[str, Any]]:
    """Pieces as a client names them: a unit by kind and area ("Infantry in Kiertz": units of one kind in one area
    are alike), a noble by its faction and rank (notation's name), a Kard League unit with its sub-faction."""
    found = []
    for piece in (state.pieces[p] for p in dict.fromkeys(piece_ids) if p in state.pieces):
        details: dict[str, Any] = {"id": piece.id, "type": piece.kind, "area": piece.area}
        if piece.is_noble:
            details["name"] = names.noble(state, piece.id)
        elif piece.subfaction:
            details["name"] = f"{piece.kind.replace('_', ' ')} of {names.faction(piece.subfaction)}"
        found.append(details)
    return found


def _named_lists(state: RvState, targets: Mapping[str, Mapping[str, Any]], *keys: str) -> dict[str, Any]:
    """RV-KL-2: the pieces each target lists under `keys` ("nobles" with their supporters, "joining": any of them,
    none too, `<key>_due`), gathered under each field's own name, with `unit_details`, for a client's checklist."""
    nobles = [p for t in targets.values() for p in (*t["nobles"], *t.get("supporting", ()))]
    lists = {"nobles": list(dict.fromkeys(nobles))}
    lists |= {k: list(dict.fromkeys(p for t in targets.values() for p in t[k])) for k in keys}
    counts = {f"{k}_due": {"minimum": 0, "maximum": len(lists[k])} for k in keys}
    return {**lists, **counts, "unit_details": piece_details(state, [p for found in lists.values() for p in found])}


def battle_options(state: RvState, options: Mapping[str, Any], seat: str) -> list[Option]:
    """The battles `seat` may start in its open impulse."""
    built = (
        attack_option(state, options, seat),
        siege_option(state, options, seat),
        storm_option(state, options, seat),
        sortie_option(state, options, seat),
        relief_option(state, seat),
    )
    return [option for option in built if option is not None]


def _banner_pieces(state: RvState, nobles: Iterable[Piece]) -> list[Piece]:
    return [piece for noble in nobles for piece in state.banner_of(noble.id)]


def _groups(nobles: Sequence[Piece], supporting: Sequence[Piece] = ()) -> list[list[Piece]]:
    """All the nobles together, then each alone (the banners a choice may name; others combine as fields say);
    then all of them with the `supporting` banners of other Kard League sub-factions (RV-KL-2)."""
    groups = [list(nobles), *([[n] for n in nobles] if len(nobles) > 1 else [])]
    return [*groups, [*nobles, *supporting]] if nobles and supporting else groups


def _supporting(state: RvState, seat: str) -> list[Piece]:
    """RV-KL-2: in a sub-faction's impulse, the League's nobles of other sub-factions, by id; they may join a
    battle the acting sub-faction's noble leads (`league.led_by_impulse`)."""
    acting = {n.id for n in acting_nobles(state, seat)}
    found = (p for p in state.pieces.values() if p.is_noble and p.owner == seat and p.id not in acting)
    return sorted(found, key=lambda p: p.id)


def attack_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-BTY-1, RV-FLD-1/3: banners attack an enemy army of their region (naming it when several stand there),
    unless it must be besieged (RV-BTY-2), or its army besieges or is besieged (RV-STM-4, RV-REL-1)."""
    by_area: dict[str, list[Piece]] = {}
    for noble in acting_nobles(state, seat):
        by_area.setdefault(noble.area, []).append(noble)
    choices: list[Choice] = []
    targets: dict[str, Any] = {}
    for area, nobles in sorted(by_area.items()):
        sides = _attackable_sides(state, options, seat, area)
        if not sides:
            continue
        # RV-FLD-1: the defender is named whenever several armies stand in the open, even if one is left to attack.
        named = isinstance(defending_side(state, area, seat), RuleViolation)
        support = [p for p in _supporting(state, seat) if p.area == area]
        targets[area] = {
            "nobles": [n.id for n in nobles],
            "supporting": [n.id for n in support],
            "defenders": {defender: [p.id for p in pieces] for defender, pieces in sides},
        }
        for group in _groups(nobles, support):
            ids = [n.id for n in group]
            choices += [{"nobles": ids, "defender": d} for d, _ in sides] if named else [{"nobles": ids}]
    if not choices:
        return None
    lists = _named_lists(state, targets)
    # RV-AMB-11: the sender orders its own pieces of the battle; listed by name, for a client's ordered picker.
    own = list(dict.fromkeys(p.id for area in targets for p in state.pieces_in(area) if p.owner == seat))
    return Option(
        "attack",
        ATTACK_RULES,
        tuple(choices),
        exhaustive=False,
        fields={
            "areas": targets,
            **lists,
            "casualty_order": own,
            "unit_details": piece_details(state, dict.fromkeys([*lists["nobles"], *own])),
        },
        note="any non-empty set of the seat's nobles standing in one of these regions, with any of the supporting"
        " ones (RV-KL-2); `defender` names the army attacked when several stand there",
    )


def _attackable_sides(
    state: RvState, options: Mapping[str, Any], seat: str, area: str
) -> list[tuple[str, tuple[Piece, ...]]]:
    """The defending sides `seat` may attack in `area`: one (a held city's armies, or the only army), or each
    army standing in the open (RV-FLD-1)."""
    seats = sorted({p.owner for p in state.pieces_in(area) if p.owner != seat})
    # In a held city every seat named leads to the same side (RV-FLD-3); in the open, each army is one side.
    candidates = {side for other in seats if isinstance(side := defending_side(state, area, seat, other), tuple)}
    return [
        (defender, pieces)
        for defender, pieces in sorted(candidates, key=lambda side: side[0])
        if sheltered_from(state, options, seat, area, pieces) is None
        and siege_battle_instead(state, seat, area, pieces) is None
    ]


def siege_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-SIE-2..4, RV-BTY-2/4, RV-AMB-14..16: banners next to (or in, entered over a passable border) a place of at
    most 5 units, outnumbering them, within the limit; the siege costs `siege_start_cost` from the treasury."""
    nobles = acting_nobles(state, seat)
    cost = int(options["siege_start_cost"])
    counted = cost if options["limit_counts_siege_start"] else 0
    if guards.within_limit(state, counted, "starting the siege", "RV-AMB-14") is not None:
        return None
    candidates: list[tuple[Choice, bool]] = []
    places: dict[str, Any] = {}
    for place in sorted(state.places.values(), key=lambda p: p.area):
        if not place.shelters or place.area in state.sieges or state.is_friend(seat, place.owner):
            continue
        defenders = defenders_of(state, place.area, seat)
        able = [n for n in nobles if borders_passably(state, n, place.area)]
        if not able or not must_be_besieged(place, defenders, options):
            continue
        support = [p for p in _supporting(state, seat) if borders_passably(state, p, place.area)]
        groups = [g for g in _groups(able, support) if units(_banner_pieces(state, g)) > units(defenders)]
        if groups:
            places[place.area] = {
                "nobles": [n.id for n in able],
                "supporting": [n.id for n in support],
                "defenders": units(defenders),
                "cost": cost,
            }
        for group in groups:
            account = state.impulse_subfaction or piece_treasury(group[0])  # RV-KL-1, as start_siege pays
            affordable = guards.can_pay(state, account, cost, "the siege") is None
            candidates.append(({"nobles": [n.id for n in group], "place": place.area}, affordable))
    fields = {"places": places, **_named_lists(state, places)}
    return priced("start_siege", SIEGE_RULES, candidates, fields=fields, exhaustive=False)


def _caller_choice(state: RvState, seat: str, siege: Siege, called_by: str) -> tuple[Choice, str] | None:
    """RV-KL-3: the storm's data naming (when needed) the sub-faction that calls it, and the treasury that pays."""
    for named in (None, *SUBFACTIONS):
        caller = storm_caller(state, seat, siege, called_by, named)
        if not isinstance(caller, RuleViolation):
            return {"place": siege.place, **({"subfaction": named} if named else {})}, caller or seat
    return None


def _storm_candidates(
    state: RvState, options: Mapping[str, Any], seat: str, sieges: Iterable[Siege], called_by: str
) -> list[tuple[Choice, bool]]:
    """RV-STM-3/4, RV-AMB-13/18: a storm on each siege, at most 5 units inside, within the limit; paid by its caller."""
    cost = int(options["storm_cost"])
    if guards.within_limit(state, cost, "the storm", "RV-STM-3") is not None:
        return []  # RV-STM-3: the limit (public) ends the series of storms
    candidates = []
    for siege in sieges:
        place = state.places.get(siege.place)
        if place is None or not must_be_besieged(place, defenders_of(state, siege.place, siege.besieger), options):
            continue
        found = _caller_choice(state, seat, siege, called_by)
        if found is not None:
            choice, account = found
            candidates.append((choice, guards.can_pay(state, account, cost, "the storm") is None))
    return candidates


def storm_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-STM-1..3, RV-STM-7: the besieger storms a place besieged since an earlier round, while the limit allows."""
    ready = [s for _, s in sorted(state.sieges.items()) if s.besieger == seat and not storm_too_early(state, s)]
    candidates = _storm_candidates(state, options, seat, ready, "besieger")
    fields = {"cost": int(options["storm_cost"]), "spent": state.spent, "limit": state.limit}
    return priced("storm_place", STORM_RULES, candidates, fields={**fields, **_own_in_storms(state, seat, ready)})


def sortie_option(state: RvState, options: Mapping[str, Any], seat: str) -> Option | None:
    """RV-STM-4, RV-AMB-4: the besieged with units inside call a storm in their own impulse, at the same cost."""
    ready = [
        s
        for _, s in sorted(state.sieges.items())
        if s.besieger != seat and units(besieged_by(state, seat, s)) > 0 and not sortie_too_early(state, s)
    ]
    candidates = _storm_candidates(state, options, seat, ready, "defender")
    fields = {"cost": int(options["storm_cost"]), "spent": state.spent, "limit": state.limit}
    return priced("sortie", SORTIE_RULES, candidates, fields={**fields, **_own_in_storms(state, seat, ready)})


def _own_in_storms(state: RvState, seat: str, sieges: Iterable[Siege]) -> dict[str, Any]:
    """RV-AMB-11: the seat's own pieces of these storms (the besieging banners, the pieces inside), which its
    `casualty_order` may order, named in `unit_details` for a client's ordered picker."""
    own: list[str] = []
    for siege in sieges:
        besiegers = [p for noble in siege.nobles for p in state.banner_of(noble)]
        own += [p.id for p in (*besiegers, *defenders_of(state, siege.place, siege.besieger)) if p.owner == seat]
    found = list(dict.fromkeys(own))
    return {"casualty_order": found, "unit_details": piece_details(state, found)}


def relief_option(state: RvState, seat: str) -> Option | None:
    """RV-REL-1/2, RV-AMB-17: banners at or next to a besieged place fight its besiegers; the besieged units may
    join (those of the relieving banners themselves excluded)."""
    nobles = acting_nobles(state, seat)
    choices: list[Choice] = []
    sieges: dict[str, Any] = {}
    for _, siege in sorted(state.sieges.items()):
        able = [n for n in nobles if reaches_siege(state, n, siege)]
        if siege.besieger == seat or not able or not is_friend_of_besieged(state, seat, siege):
            continue
        inside = joinable(state, siege, seat)
        support = [p for p in _supporting(state, seat) if reaches_siege(state, p, siege)]
        sieges[siege.place] = {
            "nobles": [n.id for n in able],
            "supporting": [n.id for n in support],
            "joining": [p.id for p in inside],
        }
        for group in _groups(able, support):
            relieving = {p.id for p in _banner_pieces(state, group)}
            joining = [p.id for p in inside if p.id not in relieving]  # a banner does not join itself
            base = {"nobles": [n.id for n in group], "place": siege.place}
            choices += [{**base, "joining": []}, *([{**base, "joining": joining}] if joining else [])]
    if not choices:
        return None
    lists = _named_lists(state, sieges, "joining")
    # RV-AMB-11: the relieving banners' pieces and the besieged who may join, the seat's own, for `casualty_order`.
    banners = [p for n in lists["nobles"] for p in state.banner_of(n)]
    inside_own = [state.pieces[p] for p in lists["joining"] if p in state.pieces]
    own = list(dict.fromkeys(p.id for p in (*banners, *inside_own) if p.owner == seat))
    return Option(
        "relieve_siege",
        RELIEF_RULES,
        tuple(choices),
        exhaustive=False,
        fields={
            "sieges": sieges,
            **lists,
            "casualty_order": own,
            "unit_details": piece_details(state, dict.fromkeys([*lists["nobles"], *lists["joining"], *own])),
        },
        note="any of these nobles, with any of the supporting ones (RV-KL-2), joined by any of the besieged units"
        " listed",
    )
