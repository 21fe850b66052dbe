"""Bounded JSON: depth and size limits named by pointer, and stored JSON readable at any depth."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.json_limits import (
    STORED_DEPTH,
    DuplicateKey,
    JsonLimits,
    JsonTooComplex,
    check_limits,
    decode_stored,
    parse_bounded,
)

LIMITS = JsonLimits(depth=4, items=3)


def nested(depth: int, key: str = "a") -> str:
    """An object `depth` levels deep: {"a":{"a":...{}}}."""
    return f'{{"{key}":' * (depth - 1) + "{}" + "}" * (depth - 1)


def test_nested_builds_the_depth_it_names() -> None:
    assert nested(1) == "{}"
    assert nested(3) == '{"a":{"a":{}}}'


def test_a_document_at_the_limits_parses_as_json_loads_does() -> None:
    text = '{"a":[1,{"b":[2]}],"c":3}'
    assert parse_bounded(text, LIMITS) == json.loads(text)


def test_refused_with_the_pointer_of_the_first_container_past_the_depth() -> None:
    with pytest.raises(JsonTooComplex) as caught:
        parse_bounded('{"a":[1,{"b/c":[[2]]}]}', LIMITS)
    assert caught.value.pointer == "/a/1/b~1c/0"
    assert caught.value.message == "nested deeper than 4 levels"


def test_refused_with_a_pointer_when_json_loads_itself_cannot_recurse_that_deep() -> None:
    text = '{"x":[0,0,' + '{"k":' * 5000 + "1" + "}" * 5000 + "]}"
    with pytest.raises(JsonTooComplex) as caught:
        parse_bounded(text, JsonLimits(depth=4, items=10))
    assert caught.value.pointer == "/x/2/k/k"


@pytest.mark.parametrize(
    ("text", "pointer", "message"),
    [
        ('{"a":1,"b":2,"c":3,"d":4}', "", "4 keys, more than 3"),
        ('{"list":[1,2,3,4]}', "/list", "4 items, more than 3"),
    ],
)
def test_refused_when_one_container_holds_more_members_than_allowed(text: str, pointer: str, message: str) -> None:
    with pytest.raises(JsonTooComplex) as caught:
        parse_bounded(text, LIMITS)
    assert (caught.value.pointer, caught.value.message) == (pointer, message)


@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ('{"a":1,"a":2}', "/a"),
        ('{"a":{"b":"x","c":["b"],"b":"y"}}', "/a/b"),
        ('[0,{"k,\\"":1,"k,\\"":2}]', '/1/k,"'),
        ('{"a":{"x":1},"b":{"x":1},"b":2}', "/b"),
        ('{"a/b":' + "[" * 9 + '{"~":1,"~":1}' + "]" * 9 + "}", "/a~1b/0/0/0/0/0/0/0/0/0/~0"),
    ],
)
def test_an_object_naming_a_key_twice_is_refused_with_the_pointer_of_the_second(text: str, pointer: str) -> None:
    with pytest.raises(DuplicateKey) as caught:
        parse_bounded(text, JsonLimits(depth=16, items=10))
    assert caught.value.pointer == pointer


def test_the_same_key_in_two_objects_is_no_duplicate() -> None:
    text = '{"a":{"x":1},"b":{"x":2},"c":[{"x":3},{"x":4}]}'
    assert parse_bounded(text, JsonLimits(depth=16, items=10)) == json.loads(text)


def test_brackets_and_commas_inside_strings_do_not_count() -> None:
    text = '{"note":"[[[[[[,,,,,{{{{"}'
    assert parse_bounded(text, LIMITS) == {"note": "[[[[[[,,,,,{{{{"}


def test_the_first_breach_in_document_order_is_named() -> None:
    with pytest.raises(JsonTooComplex) as caught:
        check_limits({"first": [[[[1]]]], "second": [[[[2]]]]}, LIMITS)
    assert caught.value.pointer == "/first/0/0/0"


def test_a_long_segment_is_shortened_in_the_pointer() -> None:
    with pytest.raises(JsonTooComplex) as caught:
        check_limits({"k" * 100: [[[[1]]]]}, LIMITS)
    assert caught.value.pointer == "/" + "k" * 40 + "…/0/0/0"


def test_stored_json_within_the_stored_depth_reads_as_itself() -> None:
    text = nested(STORED_DEPTH)
    assert decode_stored(text) == json.loads(text)


def test_stored_json_nested_past_the_stored_depth_reads_with_the_deep_part_as_its_text() -> None:
    deep = nested(STORED_DEPTH + 900)
    value = decode_stored('{"data":' + deep + ',"n":1}')
    node = value
    for _ in range(STORED_DEPTH - 1):
        node = node["data" if "data" in node else "a"]
    assert value["n"] == 1
    assert isinstance(node["a"], str)
    assert node["a"] == nested(STORED_DEPTH + 900 - (STORED_DEPTH - 1))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\[]{},:'),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='ab"[{,', max_size=3), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(json_values)
def test_parse_bounded_agrees_with_json_loads_or_names_a_breach_check_limits_also_finds(value: object) -> None:
    text = json.dumps(value)
    try:
        parsed = parse_bounded(text, LIMITS)
    except JsonTooComplex as refused:
        with pytest.raises(JsonTooComplex) as again:
            check_limits(value, LIMITS)
        assert again.value.pointer == refused.pointer
    else:
        assert parsed == value
