"""The JSON form of a Kard és Korona state (snapshots, views, `adjust`): `dump_state` and its exact inverse."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any

from domain.json_values import json_array, json_object, whole
from domain.rulesets.kard_es_korona.election_state import election_from_json, sale_from_json
from domain.rulesets.kard_es_korona.forces import Force, force_from_json
from domain.rulesets.kard_es_korona.state import Battle, KKState, Origin, PendingHits, Retreat, typed_board

_FORCE_MAPS = ("units", "moved")
# Field names looked up once: a replay of a long game dumps a state per version (`dataclasses.fields` builds its
# tuple anew on every call).
# `amendments` belongs to the ruleset version, which sets it again when it loads a state (ruleset.py).
_STATE_FIELDS = tuple(f.name for f in fields(KKState) if f.name not in ("board", "amendments"))
_BATTLE_FIELDS = tuple(f.name for f in fields(Battle))
_RETREAT_FIELDS = tuple(f.name for f in fields(Retreat))
# Values taken as they are, told apart by their exact type before the costlier `isinstance(value, Mapping)`.
_SCALARS = frozenset({str, int, bool, float, type(None)})


def dump_state(state: KKState) -> dict[str, Any]:
    """The JSON form of a state (snapshots, views, `adjust`)."""
    document: dict[str, Any] = {}
    for name in _STATE_FIELDS:
        value = getattr(state, name)
        if type(value) in _SCALARS:
            document[name] = value
        elif name in _FORCE_MAPS:
            document[name] = {c: {o: v.to_json() for o, v in by.items()} for c, by in value.items()}
        elif name in ("neutral_pool", "bound"):
            document[name] = {p: v.to_json() for p, v in value.items()}
        elif name == "retreat":
            document[name] = {r: getattr(value, r) for r in _RETREAT_FIELDS}
        elif name == "battles":
            document[name] = [_battle_json(b) for b in value]
        elif name == "closed":
            document[name] = sorted(value)
        elif name in ("election", "office_sale"):
            document[name] = value.to_json()
        elif name == "step_groups":
            document[name] = [_plain(g) for g in value]
        elif isinstance(value, tuple):
            document[name] = list(value)
        elif isinstance(value, Mapping):
            document[name] = _plain(value)
        else:
            document[name] = value
    return document


def load_state(document: Mapping[str, Any]) -> KKState:
    """The state back from its JSON form; raises KeyError/TypeError/ValueError on a bad document."""
    board_document = document["board_document"]
    board = typed_board(board_document) if board_document is not None else None
    values: dict[str, Any] = {"board": board}
    for f in fields(KKState):
        if f.name in ("board", "amendments"):
            continue
        if f.name not in document and (f.default is not MISSING or f.default_factory is not MISSING):
            continue  # a field newer than the document (an older snapshot) keeps its default
        raw = document[f.name]
        if f.name in _FORCE_MAPS:
            values[f.name] = {
                str(c): {str(o): _force(v) for o, v in json_object(by).items()} for c, by in json_object(raw).items()
            }
        elif f.name in ("neutral_pool", "bound"):
            values[f.name] = {str(p): _force(v) for p, v in json_object(raw).items()}
        elif f.name == "retreat":
            values[f.name] = None if raw is None else _retreat(raw)
        elif f.name == "battles":
            values[f.name] = tuple(_battle(b) for b in raw)
        elif f.name == "closed":
            values[f.name] = frozenset(str(c) for c in raw)
        elif f.name == "election":
            values[f.name] = election_from_json(json_object(raw)) if raw is not None else None
        elif f.name == "office_sale":
            values[f.name] = sale_from_json(json_object(raw)) if raw is not None else None
        elif f.name in (
            "seats",
            "neutral_provinces",
            "lords_moved",
            "placed",
            "permanent_events",
            "drawn_events",
            "recruited",
            "passed",
            "frozen_passes",
            "returning",
            "rerolls_used",
            "released_lords",
        ):
            values[f.name] = tuple(str(s) for s in raw)
        elif f.name in ("treasury", "allowances", "steps_taken", "event_rolls"):
            values[f.name] = {str(k): whole(v) for k, v in json_object(raw).items()}
        elif f.name in ("year", "royal_treasury", "knights_recruited", "step_seq", "battle_count", "elections_held"):
            values[f.name] = whole(raw)
        elif f.name == "captives":
            values[f.name] = {str(k): whole(v) for k, v in json_object(raw).items()}
        elif f.name == "step_groups":
            values[f.name] = tuple(_plain(json_object(g)) for g in json_array(raw))
        elif f.name in ("lieges", "defeat", "extra_step", "reroll_offer"):
            values[f.name] = dict(json_object(raw))
        elif f.name in ("options", "board_document", "lords", "lord_status", "control", "offices"):
            values[f.name] = dict(json_object(raw)) if raw is not None else None
        else:
            values[f.name] = raw
    return KKState(**values)


def _battle_json(battle: Battle) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for name in _BATTLE_FIELDS:
        value = getattr(battle, name)
        if type(value) in _SCALARS:
            document[name] = value
        elif name == "pending":
            document[name] = [
                {
                    "side": p.side,
                    "chooser": p.chooser,
                    "targets": [list(t) for t in p.targets],
                    "max_kills": p.max_kills,
                    "chosen": p.chosen.to_json() if p.chosen is not None else None,
                }
                for p in value
            ]
        elif name == "origins":
            document[name] = [{"from": o.county, "units": o.units.to_json(), "lord": o.lord} for o in value]
        elif isinstance(value, tuple):
            document[name] = list(value)
        elif isinstance(value, Mapping):
            document[name] = dict(value)
        else:
            document[name] = value
    return document


def _retreat(document: Any) -> Retreat:
    raw = json_object(document)
    return Retreat(str(raw["battle"]), str(raw["side"]), str(raw["to"]), whole(raw["losses_due"]))


def _battle(document: Any) -> Battle:
    raw = json_object(document)
    pending = tuple(
        PendingHits(
            str(p["side"]),
            p["chooser"],
            tuple(tuple(str(a) for a in t) for t in p["targets"]),
            whole(p["max_kills"]),
            _force(p["chosen"]) if p["chosen"] is not None else None,
        )
        for p in raw["pending"]
    )
    return Battle(
        id=str(raw["id"]),
        county=str(raw["county"]),
        kind=str(raw["kind"]),
        terrain=str(raw["terrain"]),
        attacker=str(raw["attacker"]),
        defender=str(raw["defender"]),
        entry_counties=tuple(str(c) for c in raw["entry_counties"]),
        step_seq=whole(raw["step_seq"]),
        attacker_lord=bool(raw["attacker_lord"]),
        defender_lord=bool(raw["defender_lord"]),
        lord_battle=bool(raw["lord_battle"]),
        status=str(raw["status"]),
        led_arms=dict(json_object(raw["led_arms"])),
        bonus_lost=tuple(str(s) for s in raw["bonus_lost"]),
        round=whole(raw["round"]),
        exchange=str(raw["exchange"]),
        pending=pending,
        exchanges=whole(raw["exchanges"]),
        volleyed=tuple(str(s) for s in raw["volleyed"]),
        forced=bool(raw["forced"]),
        origins=tuple(_origin(o) for o in json_array(raw.get("origins", []))),  # snapshots before origins: none
        crossed=bool(raw.get("crossed", False)),  # snapshots before it: no crossing marked
    )


def _origin(document: Any) -> Origin:
    raw = json_object(document)
    return Origin(str(raw["from"]), _force(raw["units"]), bool(raw["lord"]))


def _plain(value: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: (
            v
            if type(v) in _SCALARS
            else _plain(v)
            if isinstance(v, Mapping)
            else list(v)
            if isinstance(v, tuple)
            else v
        )
        for k, v in value.items()
    }


def _force(value: Any) -> Force:
    found = force_from_json(value)
    if found is None:
        raise ValueError(f"{value!r} is not a force")
    return found
