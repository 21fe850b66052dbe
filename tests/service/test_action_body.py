"""POST /actions' body: load_action answers exactly as ActionSchema does, for good and bad bodies alike."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.errors import BadRequest
from service.schemas import ActionSchema, load, load_action

_VALUES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=70)
    | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
    | st.lists(st.integers(), max_size=2)
)
_BODIES = st.dictionaries(st.sampled_from(["type", "seat", "data", "extra"]), _VALUES, max_size=4) | _VALUES


def _outcome(loader: Any, body: Any) -> Any:
    try:
        return loader(body)
    except BadRequest as error:
        return error.problem()


@given(_BODIES)
def test_same_result_or_same_400_as_action_schema_when_given_any_body(body: Any) -> None:
    assert _outcome(load_action, body) == _outcome(lambda b: load(ActionSchema, b), body)


@pytest.mark.parametrize(
    ("body", "loaded"),
    [
        (
            {"type": "note", "seat": "red", "data": {"text": "hi"}},
            {"type": "note", "seat": "red", "data": {"text": "hi"}},
        ),
        ({"type": "note"}, {"type": "note", "seat": None, "data": {}}),
        ({"type": "x" * 64, "seat": None}, {"type": "x" * 64, "seat": None, "data": {}}),
    ],
)
def test_defaults_filled_when_a_well_formed_body_omits_seat_or_data(
    body: dict[str, Any], loaded: dict[str, Any]
) -> None:
    assert load_action(body) == loaded


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": ""}, "type"),
        ({"type": "x" * 65}, "type"),
        ({"type": "note", "seat": ""}, "seat"),
        ({"type": "note", "data": None}, "data"),
        ({"type": "note", "data": [1]}, "data"),
        ({"type": "note", "colour": "red"}, "colour"),
        ({"seat": "red"}, "type"),
    ],
)
def test_400_names_the_field_when_a_body_breaks_a_rule(body: dict[str, Any], field: str) -> None:
    with pytest.raises(BadRequest) as refused:
        load_action(body)
    assert field in refused.value.problem()["errors"]


def test_loaded_data_is_a_copy_when_the_body_is_loaded() -> None:
    body = {"type": "note", "data": {"text": "hi"}}
    loaded = load_action(body)
    loaded["data"]["text"] = "changed"
    assert body["data"] == {"text": "hi"}
