"""Action payloads recognised as well formed by the Rust validator first (issue 19, point 3): every verdict
must be the one `jsonschema` alone gives, so a 400 is raised exactly when jsonschema finds an error."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import registry
from domain.platform_actions import action_specs
from service.action_schemas import check_action, fast_validator_for, validator_for
from service.errors import BadRequest

SPECS = [
    (ruleset_id, action_type)
    for ruleset_id in registry.ruleset_ids()
    for action_type, spec in action_specs(registry.current(ruleset_id)).items()
    if spec.schema
]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from(["a", "z", "_", "-", "/", " ", "\x1c", "\n", "\ufeff", "é", "0", "!"])),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _python_refuses(ruleset_id: str, action_type: str, data: Any) -> bool:
    validator = validator_for(registry.current(ruleset_id), action_type)
    return validator is not None and any(True for _ in validator.iter_errors(data))


def _check_refuses(ruleset_id: str, action_type: str, data: Any) -> bool:
    try:
        check_action(registry.current(ruleset_id), action_type, data)
    except BadRequest:
        return True
    return False


def _mutated(example: Any, path: list[Any], value: Any) -> Any:
    """The example with the value at `path` (as far as it leads) replaced by `value`."""
    changed = copy.deepcopy(example)
    node, parent, key = changed, None, None
    for step in path:
        if isinstance(node, dict) and node:
            key = sorted(node)[step % len(node)]
        elif isinstance(node, list) and node:
            key = step % len(node)
        else:
            break
        parent, node = node, node[key]
    if parent is None:
        return value
    parent[key] = value
    return changed


def test_every_declared_schema_has_a_rust_validator_and_its_example_passes_both() -> None:
    for ruleset_id, action_type in SPECS:
        ruleset = registry.current(ruleset_id)
        example = action_specs(ruleset)[action_type].example
        assert fast_validator_for(ruleset, action_type) is not None, (ruleset_id, action_type)
        assert not _check_refuses(ruleset_id, action_type, example), (ruleset_id, action_type)


def test_a_reason_of_only_a_python_whitespace_character_is_refused_as_before() -> None:
    """Python's `\\S` counts U+001C as whitespace and Rust's does not: the adjustment's reason stays blank."""
    data = {"reason": "\x1c", "changes": [{"op": "set", "path": "/year", "value": 1302}]}

    with pytest.raises(BadRequest) as refused:
        check_action(registry.current("freeform"), "adjust", data)

    assert "/data/reason" in refused.value.problem()["errors"]


@settings(deadline=None, max_examples=300)
@given(
    spec=st.sampled_from(SPECS),
    path=st.lists(st.integers(0, 10), max_size=4),
    value=JSON_VALUES,
)
def test_check_action_refuses_exactly_what_jsonschema_refuses(
    spec: tuple[str, str], path: list[int], value: Any
) -> None:
    ruleset_id, action_type = spec
    data = _mutated(action_specs(registry.current(ruleset_id))[action_type].example, path, value)

    assert _check_refuses(ruleset_id, action_type, data) == _python_refuses(ruleset_id, action_type, data)
