"""Checks an action's `data` against its ruleset's declared JSON Schema before `decide` (issue 15, point 1).

Validation lives here rather than in `domain/`: the domain may import only the standard library (see
tests/architecture), and a JSON Schema validator is a library. The declarations stay pure data next to each
ruleset; this module compiles each (ruleset, version, type) validator once, because the check runs on every
action (the hot path of issue 19).

A malformed payload is a 400 whose `errors` are keyed by JSON pointers into the request body
(`/data/groups/0/units/cavalry`); an action type the ruleset does not declare passes through unchanged, so
the ruleset keeps answering it as before (freeform records any type; the others refuse it by rule).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError

from domain.actions import ActionSpec
from domain.kernel import Ruleset
from domain.platform_actions import action_specs
from service.errors import BadRequest

_VALIDATORS: dict[tuple[str, str, str], Draft202012Validator | None] = {}
_FORMATS = FormatChecker()
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


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
            _VALIDATORS[key] = Draft202012Validator(spec.schema, format_checker=_FORMATS)
    return _VALIDATORS[key]


def check_action(ruleset: Ruleset[Any], action_type: str, data: Mapping[str, Any]) -> None:
    """Raise a 400 naming every malformed part of `data` by JSON pointer; nothing when it is well formed."""
    validator = validator_for(ruleset, action_type)
    if validator is None:
        return
    errors = data_errors(validator, data)
    if errors:
        first_pointer, messages = next(iter(errors.items()))
        detail = f"{action_type!r} data is malformed: {first_pointer}: {messages[0]}"
        raise BadRequest(detail, errors)


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
