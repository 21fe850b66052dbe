"""Combat step 5: final strength with the cards' continuous text, and the victor (GOT-STRENGTH-7, CARD-4, X-8
step 5, RESOLVE-1/2); the breakdown is the `CombatResolved` data (catalog §5.5)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel import TraceStep
from domain.rulesets.agot2.state import AgotState, Card, Combat, Unit
from domain.rulesets.agot2.strength import SIDES, base_strength, card_of, fighting_units, live_support, unit_value


def final_strength(state: AgotState, combat: Combat) -> tuple[dict[str, Any], list[TraceStep]]:
    """GOT-STRENGTH-7, CARD-6 and RESOLVE-1/2: totals, icons (used only now) after text, victor and casualties due."""
    # GOT-X-23: the parts are evaluated again now, after the abilities that came before (units destroyed,
    # Support orders removed); the supporters themselves were fixed at the end of step 1.
    base, trace = base_strength(state, combat)
    structure = state.board.structure(combat.area)
    sides: dict[str, dict[str, Any]] = {}
    for side in SIDES:
        seat = combat.attacker if side == "attacker" else combat.defender
        card = card_of(state, combat, seat)
        sides[side] = {
            **base[side],
            "card": card.id if card else None,
            "card_strength": card.strength if card else 0,
            "card_text": [],
            "blade": 1 if combat.blade == seat else 0,
            "swords": card.swords if card else 0,
            "fortifications": card.fortifications if card else 0,
        }
    counted: dict[str, int] = {}  # unit id -> the strength a card text fixed for it so far (GOT-CARD-4)
    for seat in state.turn_order():
        role = combat.side_of(seat)
        card = card_of(state, combat, seat) if role else None
        if card is None or role is None or card.timing != "continuous" or card.kind is None:
            continue
        _apply_continuous(CardText(state, combat, card, role, sides, structure, trace, counted))
    for side in SIDES:
        s = sides[side]
        s["total"] = s["base"] + s["card_strength"] + sum(t["amount"] for t in s["card_text"]) + s["blade"]
        if s["blade"]:
            trace.append(TraceStep("GOT-BLADE-1", f"{s['seat']}: Valyrian Steel Blade +1", {"blade": 1}))
        text = sum(t["amount"] for t in s["card_text"])
        parts = {"base": s["base"], "card": s["card_strength"], "text": text, "blade": s["blade"], "total": s["total"]}
        trace.append(
            TraceStep(
                "GOT-STRENGTH-7",
                f"{side} {s['seat']}: {s['base']} initial + card {s['card_strength']}"
                f" + text {text} + Blade {s['blade']} = {s['total']}",
                parts,
            )
        )
    return _victor(state, combat, sides, trace)


def _victor(
    state: AgotState, combat: Combat, sides: dict[str, dict[str, Any]], trace: list[TraceStep]
) -> tuple[dict[str, Any], list[TraceStep]]:
    floor = state.options.get("floor_total_strength_at_zero", True)
    a, d = sides["attacker"]["total"], sides["defender"]["total"]
    ca, cd = (max(0, a), max(0, d)) if floor else (a, d)
    if floor and (ca, cd) != (a, d):
        trace.append(TraceStep("GOT-X-7", f"negative totals compare as 0: {a} -> {ca}, {d} -> {cd}"))
    tie = ca == cd
    if not tie:
        winner = combat.attacker if ca > cd else combat.defender
        trace.append(
            TraceStep("GOT-RESOLVE-1", f"{max(ca, cd)} > {min(ca, cd)} -> {winner}", {"attacker": ca, "defender": cd})
        )
    else:
        fiefdoms = state.tracks.get("fiefdoms", ())
        pos = {s: fiefdoms.index(s) + 1 if s in fiefdoms else 99 for s in (combat.attacker, combat.defender)}
        winner = min((combat.attacker, combat.defender), key=lambda s: pos[s])
        trace.append(
            TraceStep(
                "GOT-RESOLVE-2",
                f"tie {ca} = {cd}; Fiefdoms {combat.attacker} {pos[combat.attacker]}, "
                f"{combat.defender} {pos[combat.defender]} -> {winner}",
                {"fiefdoms": pos},
            )
        )
    loser = combat.opponent(winner)
    win, lose = sides[combat.side_of(winner) or "attacker"], sides[combat.side_of(loser) or "defender"]
    due = max(0, win["swords"] - lose["fortifications"])
    trace.append(
        TraceStep(
            "GOT-CASUALTY-1",
            f"{win['swords']} sword(s) - {lose['fortifications']} fortification(s) = {due}",
            {"swords": win["swords"], "fortifications": lose["fortifications"], "casualties_due": due},
        )
    )
    result = {
        "attacker": sides["attacker"],
        "defender": sides["defender"],
        "winner": winner,
        "loser": loser,
        "tie": tie,
        "tie_broken_by": "fiefdoms" if tie else None,
        "casualties_due": due,
    }
    return result, trace


def _text(side: dict[str, Any], card: Card, amount: int, detail: str, trace: list[TraceStep]) -> None:
    side["card_text"].append({"source": card.id, "amount": amount, "detail": detail})
    trace.append(TraceStep("GOT-CARD-4", f"{card.name}: {detail} ({amount:+d})", {"amount": amount}))


@dataclass(frozen=True, slots=True)
class CardText:
    """One card's continuous text at work for one side (GOT-CARD-4): the table, the combat, the card, its side,
    both sides' running figures, the embattled area's structure, the ruling's trace, and the strength earlier
    texts fixed for single units (`counted`, shared by the texts of one combat, applied in turn order).

    Decision (D2, GOT-CARD-4 and X-8 step 5: 「其它冲突的效果,按照顺位执行」): a text that says what a unit
    counts (Victarion Greyjoy "adds 2 instead of 1", Salladhor Saan "adds 0") replaces the value the unit has
    at that moment, so of two such texts the later in turn order decides: Greyjoy first, its ships count 2,
    then 0; Baratheon first, they count 0, then 2. Neither text is summed onto the other.
    """

    state: AgotState
    combat: Combat
    card: Card
    side: str
    sides: dict[str, dict[str, Any]]
    structure: str | None
    trace: list[TraceStep]
    counted: dict[str, int]

    @property
    def own(self) -> dict[str, Any]:
        """The figures of the card's own side."""
        return self.sides[self.side]

    @property
    def other(self) -> dict[str, Any]:
        """The figures of the opponent's side."""
        return self.sides["defender" if self.side == "attacker" else "attacker"]

    def add(self, amount: int, detail: str) -> None:
        """Strength the text adds to its own side."""
        _text(self.own, self.card, amount, detail, self.trace)

    def fix_value(self, unit: Unit, side: str, value: int) -> int:
        """GOT-CARD-4: the unit counts `value` from now on; returns the change from what it counted so far."""
        before = self.counted.get(unit.id, unit_value(unit, side, self.structure))
        self.counted[unit.id] = value
        return value - before


def _apply_continuous(text: CardText) -> None:
    """GOT-CARD-4: the engine's continuous effects (data `ABILITY_KINDS`), applied in turn order."""
    apply = CONTINUOUS.get(text.card.kind or "")
    if apply is not None:
        apply(text, text.card.params)


def _unit_strength(t: CardText, p: Mapping[str, Any]) -> None:
    """GOT-CARD-4: units of one type count a given strength (with the owner's supporting ones, by the card)."""
    if p.get("role") not in (None, t.side):
        return
    seat = t.own["seat"]
    units = [u for u in fighting_units(t.state, t.combat, t.side) if u.type == p["unit"] and not u.routed]
    if p.get("includes_support"):
        units += [
            u
            for s, where in live_support(t.state, t.combat, t.side)
            if s == seat
            for u in t.state.units_in(where, seat)
            if u.type == p["unit"] and not u.routed
        ]
    extra = sum(t.fix_value(u, t.side, p["strength"]) for u in units)
    if extra:
        t.add(extra, f"{len(units)} {p['unit']}(s) count {p['strength']} each")


def _strength_if_opponent_higher(t: CardText, p: Mapping[str, Any]) -> None:
    track = t.state.tracks.get(p["track"], ())
    seat, other = t.own["seat"], t.other["seat"]
    if other in track and seat in track and track.index(other) < track.index(seat):
        t.add(p["strength"], f"opponent higher on the {p['track']} track")


def _bonus_if_card_discarded(t: CardText, p: Mapping[str, Any]) -> None:
    if p["card"] in t.state.discards.get(t.own["seat"], ()):
        _bonus(t.own, t.card, p, f"{p['card']} is in the discard pile", t.trace)


def _bonus_if_defending_structure(t: CardText, p: Mapping[str, Any]) -> None:
    if t.side == "defender" and t.structure is not None:
        _bonus(t.own, t.card, p, f"defending a {t.structure}", t.trace)


def _bonus_if_unsupported(t: CardText, p: Mapping[str, Any]) -> None:
    if not live_support(t.state, t.combat, t.side):
        _bonus(t.own, t.card, p, "nobody supports this side", t.trace)


def _icon_by_role(t: CardText, p: Mapping[str, Any]) -> None:
    icons = p.get(t.side) or {}
    t.own["swords"] += icons.get("swords", 0)
    t.own["fortifications"] += icons.get("fortifications", 0)
    if icons.get("strength"):
        t.add(icons["strength"], f"as {t.side}")
    t.trace.append(TraceStep("GOT-CARD-4", f"{t.card.name}: as {t.side}, icons {dict(icons)}"))


def _double_defense_order(t: CardText, p: Mapping[str, Any]) -> None:
    extra = t.own["defense_order"] * (p["factor"] - 1)
    if t.side == "defender" and extra:
        t.add(extra, f"Defense order counts x{p['factor']}")


def _zero_opponent_card_strength(t: CardText, p: Mapping[str, Any]) -> None:
    printed = t.other["card_strength"]
    if printed:
        _text(t.other, t.card, -printed, "printed card strength counts 0", t.trace)


def _zero_other_ships_if(t: CardText, p: Mapping[str, Any]) -> None:
    if p["condition"] == "always" or live_support(t.state, t.combat, t.side):
        _zero_other_ships(t)


CONTINUOUS: Mapping[str, Callable[[CardText, Mapping[str, Any]], None]] = {
    "unit_strength": _unit_strength,
    "strength_if_opponent_higher": _strength_if_opponent_higher,
    "bonus_if_card_discarded": _bonus_if_card_discarded,
    "bonus_if_defending_structure": _bonus_if_defending_structure,
    "bonus_if_unsupported": _bonus_if_unsupported,
    "icon_by_role": _icon_by_role,
    "double_defense_order": _double_defense_order,
    "zero_opponent_card_strength": _zero_opponent_card_strength,
    "zero_other_ships": _zero_other_ships_if,
}


def _bonus(own: dict[str, Any], card: Card, p: Mapping[str, Any], why: str, trace: list[TraceStep]) -> None:
    own["swords"] += p.get("swords", 0)
    own["fortifications"] += p.get("fortifications", 0)
    if p.get("strength"):
        _text(own, card, p["strength"], why, trace)
    if p.get("swords") or p.get("fortifications"):
        trace.append(
            TraceStep(
                "GOT-CARD-4", f"{card.name}: {why}: +{p.get('swords', 0)} sword, +{p.get('fortifications', 0)} fort"
            )
        )


def _zero_other_ships(t: CardText) -> None:
    """Salladhor Saan: every ship not of the owner's House adds 0, fighting or supporting (after earlier texts)."""
    owner = t.own["seat"]
    for side in SIDES:
        ships = [u for u in fighting_units(t.state, t.combat, side) if u.type == "ship" and u.seat != owner]
        ships += [
            u
            for seat, where in live_support(t.state, t.combat, side)
            if seat != owner
            for u in t.state.units_in(where, seat)
            if u.type == "ship"
        ]
        counting = [u for u in ships if not u.routed]
        lost = -sum(t.fix_value(u, side, 0) for u in counting)
        if lost:
            _text(t.sides[side], t.card, -lost, f"{len(counting)} ship(s) not of {owner} add 0", t.trace)
