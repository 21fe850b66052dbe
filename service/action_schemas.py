"""Checks an action's `data` against its ruleset's declared JSON Schema before `decide` (issue 15, point 1).

Validation lives here rather than in `domain/`: the domain may import only the standard library (see
tests/architecture), and a JSON Schema validator is a library. The declarations stay pure data next to each
ruleset; this module compiles each (ruleset, version, type) validator once, because the check runs on every
action (the hot path of issue 19).

A malformed payload is a 400 whose `errors` are keyed by JSON pointers into the request body
(`/data/groups/0/units/cavalry`). An action type the ruleset does not declare is a 400 naming `type` and the
types it takes (DESIGN §9, §12: the type is the discriminator of the ruleset's declared action union, so a type
outside it is a malformed request, not a rule broken; it was a 422 citing each ruleset's catch-all rule, which
no mode ever recorded). Freeform, which records any type, lets it through (`accepts_any_action_type`).

Well-formed data is recognised by jsonschema-rs (compiled Rust, well under a microsecond) and only data it
finds malformed goes through `jsonschema` (15-75 µs an action for Kard és Korona's), which names the
errors. The two agree on every keyword the declarations use except regular expressions, where Rust's
classes differ from Python's; so the Rust validator gets a schema whose patterns accept no more than
Python's (`_rust_pattern`), and a schema holding any other pattern is checked in Python alone. A value
Rust calls valid is then valid for `jsonschema` too; one it refuses is looked at again by `jsonschema`,
whose verdict stands (issue 19, point 3).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator, FormatChecker, TypeChecker, validators
from jsonschema.exceptions import ValidationError

from domain.actions import ActionSpec, SealedSpec, sealed_spec_for
from domain.kernel import Ruleset
from domain.platform_actions import action_specs
from service.errors import BadRequest


def _is_whole_number(checker: TypeChecker, instance: Any) -> bool:
    """JSON Schema's `integer` without the floats it also counts (2.0): the engines read whole numbers (garas,
    units, dice) as Python ints and refused a float by a rule, a 422 for what is a payload's shape."""
    return isinstance(instance, int) and not isinstance(instance, bool)


# Draft 2020-12 whose `integer` is a JSON number written without a fraction or exponent (`2`, never `2.0`);
# jsonschema's `extend` is untyped, and subclassing its validators is deprecated.
StrictValidator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number)
)
_VALIDATORS: dict[tuple[str, str, str], Draft202012Validator | None] = {}
_FAST: dict[tuple[str, str, str], jsonschema_rs.Validator | None] = {}
_SEALED: dict[tuple[str, str, str], Draft202012Validator] = {}
_FORMATS = FormatChecker()
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")
# Python's `\S` refuses U+001C-U+001F, which it counts as whitespace and Rust does not.
_NOT_SPACE = (r"\S", r"[^\s\x1c-\x1f]")
# What a pattern may hold to mean no more in Rust than in Python: literals, ASCII classes and ranges, hex
# escapes, anchors (Rust's `$` ends the text, Python's also before a final newline: Rust accepts less).
_PORTABLE = re.compile(r"(?:[^\\]|\\x[0-9a-fA-F]{2}|\\[-.^$/\[\]{}()*+?|])*")
# Keywords whose values are subschemas (one or a list), maps of named subschemas, or keyed by regexes.
_SUBSCHEMA = frozenset(
    {"items", "prefixItems", "contains", "additionalProperties", "propertyNames", "unevaluatedProperties"}
    | {"unevaluatedItems", "not", "if", "then", "else", "allOf", "anyOf", "oneOf"}
)
_SCHEMA_MAPS = frozenset({"properties", "$defs", "definitions", "dependentSchemas"})
_REGEX_KEYED = frozenset({"patternProperties"})


def spec_for(ruleset: Ruleset[Any], action_type: str) -> ActionSpec | None:
    """The declaration of one action type for this ruleset, or None when it declares none."""
    return action_specs(ruleset).get(action_type)


def validator_for(ruleset: Ruleset[Any], action_type: str) -> Draft202012Validator | None:
    """The compiled validator of an action type's `data`, built once per ruleset version and type."""
    key = (ruleset.id, ruleset.version, action_type)
    if key not in _VALIDATORS:
        spec = spec_for(ruleset, action_type)
        if spec is None:
            _VALIDATORS[key] = None
        else:
            Draft202012Validator.check_schema(spec.schema)
            _VALIDATORS[key] = StrictValidator(spec.schema, format_checker=_FORMATS)
    return _VALIDATORS[key]


def fast_validator_for(ruleset: Ruleset[Any], action_type: str) -> jsonschema_rs.Validator | None:
    """The Rust validator of an action type's `data`, or None when it has no schema or one it cannot be
    trusted with (see the module doc); built once per ruleset version and type."""
    key = (ruleset.id, ruleset.version, action_type)
    if key not in _FAST:
        spec = spec_for(ruleset, action_type)
        schema = _for_rust(spec.schema) if spec is not None else None
        try:
            _FAST[key] = jsonschema_rs.Draft202012Validator(schema) if schema is not None else None
        except ValueError:  # a schema Rust reads otherwise (jsonschema checked it): Python alone
            _FAST[key] = None
    return _FAST[key]


def check_action(ruleset: Ruleset[Any], action_type: str, data: Mapping[str, Any]) -> None:
    """Raise a 400 naming every malformed part of `data` by JSON pointer; nothing when it is well formed."""
    validator = validator_for(ruleset, action_type)
    if validator is None and not ruleset.accepts_any_action_type:
        known = ", ".join(sorted(action_specs(ruleset)))
        message = f"{ruleset.id} takes no action {action_type!r}; its actions: {known}"
        raise BadRequest(message, {"type": [message]})
    if validator is None or _surely_valid(fast_validator_for(ruleset, action_type), data):
        return
    errors = data_errors(validator, data)
    if errors:
        first_pointer, messages = next(iter(errors.items()))
        detail = f"{action_type!r} data is malformed: {first_pointer}: {messages[0]}"
        raise BadRequest(detail, errors)


def check_sealed(ruleset: Ruleset[Any], purpose: str, payload: Any) -> None:
    """Raise a 400 naming every malformed part of a sealed `payload` by JSON pointer (`/payload/amount`), checked
    against the ruleset's declaration for a round of this purpose; nothing when it is well formed or none is declared.

    Sealing is rare beside actions, so `jsonschema` alone checks it (no Rust fast path)."""
    spec = sealed_spec_for(ruleset.sealed_specs, purpose)
    if spec is None:
        return
    errors = data_errors(_sealed_validator(ruleset, spec), payload, root="/payload")
    if errors:
        first_pointer, messages = next(iter(errors.items()))
        raise BadRequest(f"the sealed {spec.kind!r} payload is malformed: {first_pointer}: {messages[0]}", errors)


def _sealed_validator(ruleset: Ruleset[Any], spec: SealedSpec) -> Draft202012Validator:
    """The compiled validator of one sealed payload kind, built once per ruleset version and kind."""
    key = (ruleset.id, ruleset.version, spec.kind)
    if key not in _SEALED:
        Draft202012Validator.check_schema(spec.schema)
        _SEALED[key] = StrictValidator(spec.schema, format_checker=_FORMATS)
    return _SEALED[key]


def data_errors(validator: Draft202012Validator, data: Any, root: str = "/data") -> dict[str, list[str]]:
    """Every error of `data`, by the JSON pointer of the offending value (of the missing or extra key)."""
    found: dict[str, list[str]] = {}
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        for pointer in _pointers(error, root):
            found.setdefault(pointer, []).append(error.message)
    return found


def _pointers(error: ValidationError, root: str) -> Iterable[str]:
    """Where an error points: the value itself, or the key a `required`/`additionalProperties` error names."""
    base = root + "".join("/" + _escape(str(part)) for part in error.absolute_path)
    named: list[str] = []
    if error.validator == "required" and isinstance(error.validator_value, list):
        named = [m for m in _QUOTED.findall(error.message) if m in error.validator_value]
    elif error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        declared = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
        named = [str(k) for k in error.instance if k not in declared]
    return [f"{base}/{_escape(name)}" for name in named] or [base]


def _escape(token: str) -> str:
    """RFC 6901: `~` and `/` inside a key."""
    return token.replace("~", "~0").replace("/", "~1")


def _surely_valid(fast: jsonschema_rs.Validator | None, data: Any) -> bool:
    """Whether the Rust validator finds `data` valid (False when there is none, it cannot read `data`, or `data`
    holds a float: Rust counts 2.0 as an integer, `StrictValidator` does not)."""
    if fast is None or _holds_float(data):
        return False
    try:
        return bool(fast.is_valid(data))
    except (ValueError, TypeError, OverflowError):  # a value Rust cannot convert: jsonschema decides
        return False


def _holds_float(data: Any) -> bool:
    """Whether a float occurs anywhere in `data` (a JSON document: dicts, lists and scalars)."""
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, float):
            return True
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return False


def _for_rust(schema: Any) -> Any:
    """The schema with each pattern in its Rust form; None when a pattern has none (see `_rust_pattern`).

    Walked keyword by keyword: a subschema may sit under a property called "pattern" or "enum", and an
    `enum` or `const` value is data, never rewritten."""
    if not isinstance(schema, dict):
        return schema  # `true`/`false` schemas
    rewritten: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _REGEX_KEYED:
            return None
        if key == "pattern":
            value = _rust_pattern(value) if isinstance(value, str) else None
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            value = _rust_map(value)
        elif key in _SUBSCHEMA:
            value = [_for_rust(item) for item in value] if isinstance(value, list) else _for_rust(value)
            if value is None or (isinstance(value, list) and None in value):
                return None
        if value is None and schema[key] is not None:
            return None
        rewritten[key] = value
    return rewritten


def _rust_map(schemas: dict[str, Any]) -> dict[str, Any] | None:
    """`properties` (or `$defs`) with each subschema in its Rust form; None when one has none."""
    rewritten = {name: _for_rust(subschema) for name, subschema in schemas.items()}
    return None if None in rewritten.values() else rewritten


def _rust_pattern(pattern: str) -> str | None:
    """A Rust pattern matching no string Python's `pattern` does not, or None when this module cannot tell."""
    rust = pattern.replace(*_NOT_SPACE)
    return rust if _PORTABLE.fullmatch(pattern.replace(_NOT_SPACE[0], "")) else None
