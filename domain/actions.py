"""Actions as data (issue 15, point 1): what each ruleset accepts, declared next to its rules.

An `ActionSpec` is the public contract of one action type: a summary, the rule ids it touches, a JSON
Schema (draft 2020-12) of its `data`, who may send it, the order of table dice where they are entered,
and an example. The schemas are plain mappings so that `domain/` stays free of a validator; the service
compiles them (service/action_schemas.py). The small builders below keep the declarations short and
alike across rulesets.

Schemas check shape only (types, required fields, ranges, closed vocabularies such as unit kinds): whether
an action is legal in a position is the ruleset's `decide`, which cites its rule (a 422, not a 400). Areas,
seats and piece ids are strings because the board of each game fixes them. Objects stay open to extra
keys, as the engines ignore what they do not read (a recorder's memo, a client's own tags).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain.json_values import thawed
from domain.kernel import Authority

JsonSchema = Mapping[str, Any]

EVERYONE = (Authority.PLAYER, Authority.RECORDER, Authority.ARBITER)
OFFICIALS = (Authority.RECORDER, Authority.ARBITER)


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One action type a ruleset accepts: its summary, rules, `data` schema, senders, dice order and example."""

    type: str
    summary: str
    rule_ids: tuple[str, ...]
    schema: JsonSchema
    example: Mapping[str, Any]
    senders: tuple[Authority, ...] = EVERYONE
    # Whether the action names a seat: "required", "optional" (a recorder may act for no seat) or "none".
    seat: str = "required"
    # Where the recorder enters physical dice (table dice): which faces, in which order. None: no dice.
    dice: str | None = None
    example_seat: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The declaration as the API serves it."""
        return {
            "type": self.type,
            "summary": self.summary,
            "rule_ids": list(self.rule_ids),
            "senders": [s.value for s in self.senders],
            "seat": self.seat,
            "dice": self.dice,
            "schema": thawed(self.schema),
            "example": {"type": self.type, "seat": self.example_seat, "data": thawed(self.example)},
        }


@dataclass(frozen=True, slots=True)
class SealedSpec:
    """The payload of one kind of sealed round (DESIGN §7): the rounds it fits, its rules, JSON Schema and example.

    A round fits when its `purpose` is `purpose` or starts with it (`kk:bid:` fits `kk:bid:treasurer`). Sealed
    payloads are closed objects, unlike actions' `data`: a payload is committed and later revealed whole, so an
    extra key would be shown to every seat, and a misspelt one (`amout`) would be read as missing.
    """

    kind: str
    purpose: str
    summary: str
    rule_ids: tuple[str, ...]
    schema: JsonSchema
    example: Mapping[str, Any]

    def fits(self, purpose: str) -> bool:
        """Whether a round opened with this purpose takes this payload."""
        return purpose.startswith(self.purpose)

    def to_json(self) -> dict[str, Any]:
        """The declaration as the API serves it."""
        return {
            "kind": self.kind,
            "purpose": self.purpose,
            "summary": self.summary,
            "rule_ids": list(self.rule_ids),
            "schema": thawed(self.schema),
            "example": thawed(self.example),
        }


def sealed_catalog(*specs: SealedSpec) -> Mapping[str, SealedSpec]:
    """Sealed payload specs by kind; a kind declared twice is a programming error caught at import."""
    by_kind = {spec.kind: spec for spec in specs}
    if len(by_kind) != len(specs):
        raise ValueError("a sealed payload kind is declared twice")
    return by_kind


def sealed_spec_for(specs: Mapping[str, SealedSpec], purpose: str) -> SealedSpec | None:
    """The payload spec a round of this purpose takes, or None when the ruleset declares none for it."""
    return next((spec for spec in specs.values() if spec.fits(purpose)), None)


def catalog(*specs: ActionSpec) -> Mapping[str, ActionSpec]:
    """Specs by type; a type declared twice is a programming error caught at import."""
    by_type: dict[str, ActionSpec] = {}
    for spec in specs:
        if spec.type in by_type:
            raise ValueError(f"action type {spec.type!r} is declared twice")
        by_type[spec.type] = spec
    return by_type


def seated(specs: Iterable[ActionSpec], seat: str) -> tuple[ActionSpec, ...]:
    """The specs, each example of an action that requires a seat and names none sent by `seat`: an example is a
    whole action a client may copy, and one with `"seat": null` is refused for it."""
    return tuple(
        replace(spec, example_seat=seat) if spec.seat == "required" and spec.example_seat is None else spec
        for spec in specs
    )


# --- schema builders ---


def obj(
    required: Mapping[str, JsonSchema] | None = None, optional: Mapping[str, JsonSchema] | None = None
) -> JsonSchema:
    """An object with these required and optional properties (open to other keys, see the module note).

    An optional property may also be null: the engines read a missing key and a null one alike (`data.get`), so
    refusing null would make the schema stricter than the rules.
    """
    properties = {**(required or {}), **{name: nullable(value) for name, value in (optional or {}).items()}}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


def closed(
    required: Mapping[str, JsonSchema] | None = None, optional: Mapping[str, JsonSchema] | None = None
) -> JsonSchema:
    """An object that takes only these keys: for vocabularies such as a force's unit kinds, where an unknown key
    is a misspelling the engine would otherwise read as zero."""
    return {**obj(required, optional), "additionalProperties": False}


def text(description: str = "", *, min_length: int = 1, max_length: int | None = None) -> JsonSchema:
    """A string; ids of areas, seats and pieces are strings the game's board fixes."""
    schema: dict[str, Any] = {"type": "string", "minLength": min_length}
    if max_length is not None:
        schema["maxLength"] = max_length
    if description:
        schema["description"] = description
    return schema


# The keyword marking a string as an id the game fixes (its board's areas, its seats): `refined` turns it into an
# enum for one game. JSON Schema ignores unknown keywords, so the generic schema still validates.
IDS_KEYWORD = "x-annals-ids"


def game_id(kind: str, description: str) -> JsonSchema:
    """A string naming one of the game's `kind` ids ("seats", "counties", "areas"…), listed per game by `refined`."""
    return {**text(description), IDS_KEYWORD: kind}


def refined(schema: Any, ids: Mapping[str, Iterable[str]]) -> Any:
    """The schema with every id field of a known kind turned into an enum of this game's ids."""
    if isinstance(schema, Mapping):
        walked = {key: refined(value, ids) for key, value in schema.items()}
        kind = schema.get(IDS_KEYWORD)
        if isinstance(kind, str) and kind in ids:
            may_be_null = "null" in (schema.get("type") or ())
            walked["enum"] = [*sorted(ids[kind]), *([None] if may_be_null else [])]
        return walked
    if isinstance(schema, list | tuple):
        return [refined(item, ids) for item in schema]
    return schema


def integer(minimum: int | None = 0, maximum: int | None = None, description: str = "") -> JsonSchema:
    """A whole number within a range."""
    schema: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    if description:
        schema["description"] = description
    return schema


def one_of_values(values: Iterable[str], description: str = "") -> JsonSchema:
    """A string from a closed vocabulary (unit kinds, sides, tracks)."""
    schema: dict[str, Any] = {"type": "string", "enum": list(values)}
    if description:
        schema["description"] = description
    return schema


# The keyword marking a list whose order means something (a path, an order of Houses or of casualties), not a set:
# a client offers it as values picked in order, not as checkboxes. JSON Schema ignores it too.
ORDERED_KEYWORD = "x-annals-ordered"


def array(
    items: JsonSchema, *, min_items: int = 0, max_items: int | None = None, unique: bool = False, ordered: bool = False
) -> JsonSchema:
    """A list of items (`ordered`: its order matters)."""
    schema: dict[str, Any] = {"type": "array", "items": items}
    if ordered:
        schema[ORDERED_KEYWORD] = True
    if min_items:
        schema["minItems"] = min_items
    if max_items is not None:
        schema["maxItems"] = max_items
    if unique:
        schema["uniqueItems"] = True
    return schema


def mapping_of(values: JsonSchema, description: str = "") -> JsonSchema:
    """An object keyed by ids the board fixes (areas, counties, seats), each with values of one shape."""
    schema: dict[str, Any] = {"type": "object", "additionalProperties": values, "propertyNames": {"minLength": 1}}
    if description:
        schema["description"] = description
    return schema


def nullable(schema: JsonSchema) -> JsonSchema:
    """The schema, or null; a `type` keyword is widened in place so that errors keep pointing inside the value."""
    if "anyOf" in schema:
        alternatives = list(schema["anyOf"])
        has_null = {"type": "null"} in alternatives
        return schema if has_null else {**schema, "anyOf": [*alternatives, {"type": "null"}]}
    kind = schema.get("type")
    if kind is None:
        return schema  # no type: null is already allowed
    kinds = list(kind) if isinstance(kind, list | tuple) else [kind]
    widened: dict[str, Any] = {**schema, "type": kinds if "null" in kinds else [*kinds, "null"]}
    if "enum" in schema and None not in schema["enum"]:
        widened["enum"] = [*schema["enum"], None]
    return widened


BOOLEAN: JsonSchema = {"type": "boolean"}
FACE: JsonSchema = {"type": "integer", "minimum": 1, "maximum": 6}
NO_DATA: JsonSchema = {"type": "object", "description": "no fields are read"}


def dice_field(description: str) -> JsonSchema:
    """Table dice: the faces the recorder enters, in the order the action rolls them (CORE-DICE-1)."""
    return {**array(FACE), "description": description}


def with_dice(schema: JsonSchema, description: str) -> JsonSchema:
    """An action schema that also takes `dice`, the table faces in the order given."""
    properties = {**schema.get("properties", {}), "dice": dice_field(description)}
    return {**schema, "properties": properties}


def counts_by_kind(kinds: Iterable[str]) -> JsonSchema:
    """A force as counts by unit kind (`{"cavalry": 2, "infantry": 1}`); an unknown kind is refused, as it is a
    misspelling the engine would otherwise read as zero units."""
    return closed(optional={kind: integer(0) for kind in kinds})
