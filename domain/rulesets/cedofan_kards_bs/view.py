"""Views of `cedofan_kards_bs`. The seed hides nothing: every seat sees the whole table."""

from __future__ import annotations

from typing import Any

from domain.kernel import Viewer
from domain.rulesets.cedofan_kards_bs.state import KbsState, captive_json


def view(state: KbsState, viewer: Viewer) -> dict[str, Any]:
    """The table as everyone sees it: treasuries, cities, stacks, sieges, captives (no hidden information)."""
    rulers = {seat: start.ruler for seat, start in state.map.factions.items()}
    return {
        "round": state.round,
        "phase": state.phase,
        "turn": state.turn,
        "order": list(state.order),
        "factions": {
            seat: {
                "supplies": f.supplies,
                "influence": f.influence,
                "lord": f.lord,
                "cities": sorted(c for c, o in state.owners.items() if o == seat),
                # KBS-LDR-3: a faction whose ruler is held, dead or not yet placed cannot win.
                "may_win": has_ruler(state, seat, rulers.get(seat)),
            }
            for seat, f in sorted(state.factions.items())
        },
        "cities": {
            c: {
                "owner": state.owners.get(c),
                "admin_region": info.admin_region,
                "fortified": info.fortified,
                "port": info.port,
                "capital_of": info.capital_of,
                "besieged_by": state.sieges[c].army if c in state.sieges else None,
                "pirate_held": c in state.pirate_held,
            }
            for c, info in sorted(state.map.cities.items())
        },
        "armies": {
            k: {
                "owner": a.owner,
                "at": a.at,
                "units": dict(a.units),
                "leaders": list(a.leaders),
                "besieging": a.besieging,
                "movement_units": a.movement_units(),
            }
            for k, a in sorted(state.armies.items())
        },
        "sieges": {c: {"army": s.army, "started": s.started} for c, s in sorted(state.sieges.items())},
        "captives": {k: captive_json(c) for k, c in sorted(state.captives.items())},
        "prisoners": {k: {"captor": p.captor, "units": dict(p.units)} for k, p in sorted(state.prisoners.items())},
        "retreats": {"armies": list(state.retreats), "from": state.retreat_from, "barred": state.retreat_barred},
        "unplaced": list(state.unplaced),
        # KBS-AMB-1/5: losses their owner may still allocate himself (`allocate_losses`).
        "open_losses": {
            k: {"owner": o.owner, "at": o.at, "rule": o.rule, "removed": {a: dict(u) for a, u in o.removed.items()}}
            for k, o in sorted(state.open_losses.items())
        },
        "board": state.map.document.get("name"),
    }


def has_ruler(state: KbsState, seat: str, ruler: str | None) -> bool:
    """KBS-LDR-3: the faction's ruler figure stands free on the board, in one of its own stacks.

    A board that names no ruler for a faction cannot say, so such a faction is not barred.
    """
    if ruler is None:
        return True
    return any(ruler in a.leaders and a.owner == seat for a in state.armies.values())


def ruler_held(state: KbsState, seat: str) -> bool:
    """KBS-LDR-3: the faction's ruler is a captive (of a faction or of a neutral city), so it cannot win."""
    start = state.map.factions.get(seat)
    captive = state.captives.get(start.ruler) if start is not None and start.ruler else None
    return captive is not None and captive.owner == seat
