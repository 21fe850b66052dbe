"""Rulesets and their rulebooks (rule ids, summaries, source quotes)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Blueprint, Response, jsonify, request

from domain import registry
from domain.actions import ActionSpec, SealedSpec, refined
from domain.kernel import Rule, Ruleset
from domain.platform import all_rules
from domain.platform_actions import PLATFORM_ACTIONS, action_specs
from service import schemas
from service.api.common import page_of, principal, services
from service.errors import BadRequest, NotFound

blueprint = Blueprint("rulesets", __name__)


def _ruleset(ruleset_id: str) -> Ruleset[Any]:
    try:
        return registry.current(ruleset_id)
    except registry.UnknownRuleset as error:
        raise NotFound(str(error)) from None


def _summary(ruleset: Ruleset[Any]) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "version": ruleset.version,
        "versions": list(registry.versions(ruleset.id)),
        "releases": [_release(shipped, ruleset) for shipped in registry.shipped(ruleset.id)],
        "title": ruleset.title,
        "rule_count": len(all_rules(ruleset)),
        "default_options": dict(ruleset.default_options),
        "boards": sorted(ruleset.shipped_boards),
        "left_to_adjust": [{"rule_id": rule_id, "effect": effect} for rule_id, effect in ruleset.left_to_adjust],
    }


def _release(shipped: Ruleset[Any], current: Ruleset[Any]) -> dict[str, Any]:
    """One shipped version: what it changed from the one before and the rules whose rulings it changed."""
    return {
        "version": shipped.version,
        "current": shipped is current,
        "changes": shipped.changes,
        "rule_ids": list(shipped.changed_rules),
    }


def rule_json(rule: Rule) -> dict[str, str]:
    """A rule as the API shows it."""
    return {
        "id": rule.id,
        "summary": rule.summary,
        "source_quote": rule.source_quote,
        "source_file": rule.source_file,
        "section": rule.section,
    }


@blueprint.get("/rulesets")
def list_rulesets() -> Response:
    """Every ruleset this build ships."""
    return jsonify({"items": [_summary(registry.current(i)) for i in registry.ruleset_ids()]})


@blueprint.get("/rulesets/<ruleset_id>")
def get_ruleset(ruleset_id: str) -> Response:
    """One ruleset: version, options and defaults."""
    return jsonify(_summary(_ruleset(ruleset_id)))


@blueprint.get("/rulesets/<ruleset_id>/rules")
def list_rules(ruleset_id: str) -> Response:
    """The rulebook: the platform rules and the ruleset's catalog, optionally by id prefix."""
    query = schemas.load(schemas.RulesQuerySchema, request.args.to_dict(), "query")
    prefix = query["prefix"]
    # The catalog's own order; a rule's place in it is its cursor key (a ruleset version's rules never change).
    kept = [
        (n, r)
        for n, r in enumerate(all_rules(_ruleset(ruleset_id)).values())
        if prefix is None or r.id.startswith(prefix)
    ]
    page, cursor = page_of(kept, [f"{n:06d}" for n, _ in kept], query["limit"], query["after"])
    return jsonify({"items": [rule_json(r) for _, r in page], "next": cursor})


@blueprint.get("/rulesets/<ruleset_id>/rules/<rule_id>")
def get_rule(ruleset_id: str, rule_id: str) -> Response:
    """One rule by id."""
    rule = all_rules(_ruleset(ruleset_id)).get(rule_id)
    if rule is None:
        raise NotFound(f"ruleset {ruleset_id!r} has no rule {rule_id!r}")
    return jsonify(rule_json(rule))


JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def action_json(spec: ActionSpec, ids: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """An action declaration as the API shows it: its origin (platform or ruleset) and its schema, with the ids
    of one game's board and seats as enums when `ids` are given."""
    document = spec.to_json()
    document["origin"] = "platform" if spec.type in PLATFORM_ACTIONS else "ruleset"
    document["schema"] = _served_schema(document["schema"], ids)
    return document


def sealed_json(spec: SealedSpec, ids: Mapping[str, Sequence[str]] | None = None) -> dict[str, Any]:
    """A sealed payload declaration as the API shows it, refined to one game's ids like an action's."""
    document = spec.to_json()
    document["schema"] = _served_schema(document["schema"], ids)
    return document


def _served_schema(schema: dict[str, Any], ids: Mapping[str, Sequence[str]] | None) -> dict[str, Any]:
    """A declared schema with its dialect, and one game's ids as enums when `ids` are given."""
    return {"$schema": JSON_SCHEMA_DIALECT, **(refined(schema, ids) if ids is not None else schema)}


def _game_ids(ruleset: Ruleset[Any]) -> Mapping[str, Sequence[str]] | None:
    """`?game=`: the ids the named game's board and seats fix, for schemas refined to that game."""
    game_id = request.args.get("game")
    if game_id is None:
        return None
    loaded = services().loader.load(game_id, principal())
    if loaded.ruleset.id != ruleset.id:
        raise BadRequest(
            f"game {game_id} is a {loaded.ruleset.id} game, not {ruleset.id}", {"game": ["a game of another ruleset"]}
        )
    return {**loaded.ruleset.action_ids(loaded.game.state), "seats": loaded.game.meta.seat_names()}


@blueprint.get("/rulesets/<ruleset_id>/actions")
def list_actions(ruleset_id: str) -> Response:
    """Every action type a game of the ruleset accepts and its sealed payloads (`?game=`: with its ids as enums)."""
    ruleset = _ruleset(ruleset_id)
    ids = _game_ids(ruleset)
    items = [action_json(spec, ids) for spec in action_specs(ruleset).values()]
    sealed = [sealed_json(spec, ids) for spec in ruleset.sealed_specs.values()]
    return jsonify({"ruleset": ruleset.id, "version": ruleset.version, "items": items, "sealed": sealed})


@blueprint.get("/rulesets/<ruleset_id>/actions/<action_type>")
def get_action(ruleset_id: str, action_type: str) -> Response:
    """One action type's declaration (`?game=`: with that game's ids as enums)."""
    ruleset = _ruleset(ruleset_id)
    spec = action_specs(ruleset).get(action_type)
    if spec is None:
        raise NotFound(f"ruleset {ruleset_id!r} declares no action {action_type!r}")
    return jsonify(action_json(spec, _game_ids(ruleset)))


@blueprint.get("/rulesets/<ruleset_id>/position-schema")
def get_position_schema(ruleset_id: str) -> Response:
    """The JSON Schema of the ruleset's position document: what POST /games takes as `position` (issue 15)."""
    ruleset = _ruleset(ruleset_id)
    schema = {"$schema": JSON_SCHEMA_DIALECT, **ruleset.position_schema}
    return jsonify({"ruleset": ruleset.id, "version": ruleset.version, "schema": schema})
