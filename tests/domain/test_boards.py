"""The generic board model: validation messages, adjacency, content ids and round trips."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from domain.boards import (
    MAX_AREAS,
    MAX_EDGES,
    Area,
    BoardInvalid,
    Edge,
    Layout,
    board_errors,
    board_id,
    load_board,
    to_document,
)
from domain.canonical import canonical_json


def sample() -> dict[str, Any]:
    """A small normalised board: every edge has a kind, no empty attributes, ruleset written out."""
    return {
        "name": "Kárpát-medence (excerpt)",
        "ruleset": "kard_es_korona",
        "areas": [
            {
                "id": "pest",
                "name": "Pest",
                "kind": "county",
                "attributes": {"castle": 2, "income": [1, 2]},
                "layout": {"x": 10, "y": 20.5},
            },
            {"id": "buda", "name": "Buda", "kind": "county"},
            {"id": "bihar", "name": "Bihar"},
            {"id": "kunsag"},
            {"id": "duna", "kind": "river"},
        ],
        "edges": [
            {"a": "pest", "b": "buda", "kind": "river", "attributes": {"bridge": True}},
            {"a": "pest", "b": "kunsag", "kind": "land"},
            {"a": "bihar", "b": "pest", "kind": "land"},
            {"a": "duna", "b": "buda", "kind": "sea"},
        ],
        "attributes": {"start_areas": {"erdely": ["bihar"]}},
    }


def errors_of(**changes: Any) -> list[str]:
    document = sample()
    document.update(changes)
    return board_errors(document)


def with_area(index: int, area: object) -> list[str]:
    document = sample()
    document["areas"][index] = area
    return board_errors(document)


def with_edge(index: int, edge: object) -> list[str]:
    document = sample()
    document["edges"][index] = edge
    return board_errors(document)


def reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: reversed_keys(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_keys(item) for item in value]
    return value


# --- a valid board ---


def test_no_errors_when_board_is_well_formed() -> None:
    assert board_errors(sample()) == []


def test_no_errors_when_optional_fields_are_left_out() -> None:
    document = {"name": "x", "areas": [{"id": "a"}, {"id": "b"}], "edges": [{"a": "a", "b": "b"}]}

    assert board_errors(document) == []


def test_loaded_board_holds_areas_edges_and_attributes_when_valid() -> None:
    board = load_board(sample())

    assert board.name == "Kárpát-medence (excerpt)"
    assert board.ruleset == "kard_es_korona"
    assert [area.id for area in board.areas] == ["pest", "buda", "bihar", "kunsag", "duna"]
    assert board.areas_by_id["pest"] == Area(
        "pest", "Pest", "county", {"castle": 2, "income": (1, 2)}, Layout(10, 20.5)
    )
    assert board.edges[0] == Edge("pest", "buda", "river", {"bridge": True})
    assert board.attributes["start_areas"]["erdely"] == ("bihar",)


def test_neighbours_follow_edges_both_ways_when_asked_for_any_kind() -> None:
    board = load_board(sample())

    assert board.neighbours("pest") == ("buda", "kunsag", "bihar")
    assert board.neighbours("buda") == ("pest", "duna")
    assert board.neighbours("bihar") == ("pest",)


def test_neighbours_only_by_those_edges_when_kinds_are_given() -> None:
    board = load_board(sample())

    assert board.neighbours("pest", kinds={"land"}) == ("kunsag", "bihar")
    assert board.neighbours("pest", kinds=("river", "sea")) == ("buda",)
    assert board.neighbours("buda", kinds="sea") == ("duna",)  # a bare string is one kind, not letters
    assert board.neighbours("pest", kinds=()) == ()


def test_neighbours_refused_when_area_is_unknown() -> None:
    with pytest.raises(KeyError, match="atlantis"):
        load_board(sample()).neighbours("atlantis")


def test_edge_found_in_either_order_when_areas_are_joined() -> None:
    board = load_board(sample())

    assert board.edge("buda", "pest") is board.edge("pest", "buda")
    assert board.edge("buda", "pest") == Edge("pest", "buda", "river", {"bridge": True})
    assert board.edge("bihar", "buda") is None
    assert board.edge("bihar", "atlantis") is None


def test_has_area_only_when_board_holds_it() -> None:
    board = load_board(sample())

    assert board.has_area("duna")
    assert not board.has_area("Duna")


def test_edge_kind_is_land_when_left_out() -> None:
    board = load_board({"name": "x", "areas": [{"id": "a"}, {"id": "b"}], "edges": [{"a": "a", "b": "b"}]})

    assert board.edges[0].kind == "land"
    assert board.ruleset is None
    assert board.neighbours("a", kinds={"land"}) == ("b",)


def test_board_unchanged_when_source_document_is_mutated_later() -> None:
    document = sample()
    board = load_board(document)

    document["areas"][0]["attributes"]["castle"] = 99
    document["attributes"]["start_areas"]["erdely"].append("pest")

    assert board.areas_by_id["pest"].attributes["castle"] == 2
    assert board.attributes["start_areas"]["erdely"] == ("bihar",)


def test_board_attributes_refuse_writes_when_loaded() -> None:
    board = load_board(sample())

    with pytest.raises(TypeError):
        board.attributes["start_areas"]["erdely"] = ("pest",)


# --- documents and content ids ---


def test_same_canonical_json_when_normalised_document_is_loaded_and_written_back() -> None:
    assert canonical_json(to_document(load_board(sample()))) == canonical_json(sample())


def test_defaults_written_and_empties_dropped_when_document_is_normalised() -> None:
    document = {
        "name": "x",
        "areas": [{"id": "a", "attributes": {}}, {"id": "b"}],
        "edges": [{"a": "a", "b": "b"}],
        "attributes": {},
    }

    normalised = to_document(load_board(document))

    assert normalised == {
        "name": "x",
        "ruleset": None,
        "areas": [{"id": "a"}, {"id": "b"}],
        "edges": [{"a": "a", "b": "b", "kind": "land"}],
    }
    assert to_document(load_board(normalised)) == normalised
    assert load_board(normalised) == load_board(document)


def test_board_id_matches_sha256sum_when_computed() -> None:
    # printf '%s' '{"areas":[{"id":"a"}],"edges":[],"name":"x"}' | sha256sum
    document = {"name": "x", "areas": [{"id": "a"}], "edges": []}

    assert board_id(document) == "0a6f5d4f15276c9c04a3af33d4edc31fcbd55a42235d427e6b3b3864a86561b2"


def test_board_id_unchanged_when_keys_are_reordered() -> None:
    assert board_id(reversed_keys(sample())) == board_id(sample())


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(name="Kárpát-medence"),
        lambda d: d.update(ruleset=None),
        lambda d: d["areas"][0]["layout"].update(x=11),
        lambda d: d["areas"][3].update(name="Kunság"),
        lambda d: d["edges"][1].update(kind="river"),
        lambda d: d["edges"].pop(),
        lambda d: d["areas"].reverse(),
        lambda d: d["attributes"]["start_areas"].update(erdely=["pest"]),
    ],
)
def test_board_id_changes_when_document_is_edited(edit: Any) -> None:
    edited = copy.deepcopy(sample())
    edit(edited)

    assert board_id(edited) != board_id(sample())


def test_board_id_of_written_back_document_equals_original_when_normalised() -> None:
    assert board_id(to_document(load_board(sample()))) == board_id(sample())


# --- error messages: the document ---


def test_error_when_document_is_not_an_object() -> None:
    assert board_errors([]) == ["board: expected an object, got array of 0 item(s)"]
    assert board_errors(None) == ["board: expected an object, got null"]


def test_errors_when_required_fields_are_missing() -> None:
    assert board_errors({}) == [
        "name: required field missing",
        "areas: required field missing",
        "edges: required field missing",
    ]


def test_errors_when_top_level_fields_have_wrong_types() -> None:
    assert errors_of(name=3, ruleset=5, attributes=[], areas={}, edges="pest-buda") == [
        "name: expected a non-empty string, got number 3",
        "ruleset: expected a non-empty string or null, got number 5",
        "attributes: expected an object, got array of 0 item(s)",
        "areas: expected an array, got object",
        "edges: expected an array, got string 'pest-buda'",
    ]


def test_error_when_name_is_empty() -> None:
    assert errors_of(name="") == ["name: expected a non-empty string, got string ''"]


def test_error_when_unknown_key_is_at_top_level() -> None:
    assert errors_of(terrain={"pest": "plain"}) == ["terrain: unknown key; put extra data under 'attributes'"]


def test_error_when_areas_exceed_the_limit() -> None:
    areas = [{"id": f"a{index}"} for index in range(MAX_AREAS + 1)]

    assert errors_of(areas=areas, edges=[]) == ["areas: 2001 areas is more than the limit of 2000"]


def test_no_error_when_areas_are_exactly_at_the_limit() -> None:
    assert errors_of(areas=[{"id": f"a{index}"} for index in range(MAX_AREAS)], edges=[]) == []


def test_error_when_edges_exceed_the_limit() -> None:
    edges = [{"a": "pest", "b": "buda"}] * (MAX_EDGES + 1)

    # Over the limit the edges are not examined one by one, so the duplicates are not listed.
    assert errors_of(edges=edges) == ["edges: 20001 edges is more than the limit of 20000"]


# --- error messages: areas ---


def test_error_when_area_is_not_an_object() -> None:
    assert with_area(4, "duna") == [
        "areas[4]: expected an object, got string 'duna'",
        "edges[3]: unknown area 'duna' (a)",
    ]


def test_error_when_area_id_is_missing() -> None:
    assert with_area(4, {"name": "Duna"}) == [
        "areas[4].id: required field missing",
        "edges[3]: unknown area 'duna' (a)",
    ]


def test_error_when_area_id_is_duplicated() -> None:
    document = sample()
    document["areas"].append({"id": "bihar", "name": "Bihar again"})

    assert board_errors(document) == ["areas[5].id: duplicate area id 'bihar'"]


@pytest.mark.parametrize(
    ("area_id", "problem"),
    [
        (3, "expected a non-empty string, got number 3"),
        ("", "expected a non-empty string, got string ''"),
        ("Duna", "'Duna' is not a valid area id"),
        ("-duna", "'-duna' is not a valid area id"),
        ("duna folyó", "'duna folyó' is not a valid area id"),
        ("d" * 65, "is not a valid area id"),
    ],
)
def test_error_when_area_id_is_malformed(area_id: object, problem: str) -> None:
    document = sample()
    document["areas"][4]["id"] = area_id
    if isinstance(area_id, str):
        document["edges"][3]["a"] = area_id or "duna"

    errors = board_errors(document)

    assert errors[0].startswith("areas[4].id: ")
    assert problem in errors[0]


def test_no_error_when_area_id_uses_every_allowed_character() -> None:
    document = sample()
    document["areas"][4]["id"] = "0a_b-" + "z" * 59  # 64 characters
    document["edges"][3]["a"] = document["areas"][4]["id"]

    assert board_errors(document) == []


def test_no_unknown_area_error_when_edge_names_an_area_whose_id_is_malformed() -> None:
    document = sample()
    document["areas"][4]["id"] = "Duna"
    document["edges"][3]["a"] = "Duna"

    assert len(board_errors(document)) == 1


def test_errors_when_area_fields_have_wrong_types() -> None:
    area = {"id": "duna", "name": 1, "kind": "", "attributes": "wet", "castle": 2}

    assert with_area(4, area) == [
        "areas[4].castle: unknown key; put extra data under 'attributes'",
        "areas[4].name: expected a string, got number 1",
        "areas[4].kind: expected a non-empty string, got string ''",
        "areas[4].attributes: expected an object, got string 'wet'",
    ]


@pytest.mark.parametrize(
    ("layout", "errors"),
    [
        ([1, 2], ["areas[4].layout: expected an object with x and y, got array of 2 item(s)"]),
        ({"x": 1}, ["areas[4].layout.y: required field missing"]),
        ({"x": "1", "y": True}, ["areas[4].layout.x: expected a number, got string '1'",
                                 "areas[4].layout.y: expected a number, got boolean true"]),
        ({"x": float("nan"), "y": 0}, ["areas[4].layout.x: expected a number, got number nan"]),
        ({"x": 1, "y": 2, "z": 3}, ["areas[4].layout.z: unknown key"]),
    ],
)  # fmt: skip
def test_error_when_layout_is_malformed(layout: object, errors: list[str]) -> None:
    assert with_area(4, {"id": "duna", "layout": layout}) == errors


def test_errors_when_attributes_hold_values_json_cannot_carry() -> None:
    attributes = {"castle": float("inf"), "by_number": {1: "x"}, "when": object(), "ok": [None, 1.5]}

    assert errors_of(attributes=attributes) == [
        "attributes.castle: inf is not a JSON number",
        "attributes.by_number: key 1 is not a string",
        "attributes.when: object is not a JSON value",
    ]


# --- error messages: edges ---


def test_error_when_edge_is_not_an_object() -> None:
    assert with_edge(2, ["bihar", "pest"]) == ["edges[2]: expected an object, got array of 2 item(s)"]


def test_errors_when_edge_ends_are_missing_or_not_strings() -> None:
    assert with_edge(2, {"a": 7}) == [
        "edges[2].a: expected a non-empty string, got number 7",
        "edges[2].b: required field missing",
    ]


def test_error_when_edge_names_an_unknown_area() -> None:
    document = sample()
    document["areas"].pop(3)  # kunsag

    assert board_errors(document) == ["edges[1]: unknown area 'kunsag' (b)"]


def test_errors_when_both_edge_ends_are_unknown() -> None:
    assert with_edge(2, {"a": "tisza", "b": "maros"}) == [
        "edges[2]: unknown area 'tisza' (a)",
        "edges[2]: unknown area 'maros' (b)",
    ]


def test_error_when_edge_is_a_self_loop() -> None:
    assert with_edge(2, {"a": "pest", "b": "pest"}) == ["edges[2]: self-loop on 'pest'"]


@pytest.mark.parametrize(
    "edge",
    [{"a": "pest", "b": "kunsag"}, {"a": "kunsag", "b": "pest"}, {"a": "kunsag", "b": "pest", "kind": "sea"}],
)
def test_error_when_edge_repeats_a_pair_in_either_order_and_any_kind(edge: dict[str, str]) -> None:
    document = sample()
    document["edges"].append(edge)

    assert board_errors(document) == [f"edges[4]: duplicate edge between {edge['a']!r} and {edge['b']!r}"]


def test_errors_when_edge_fields_have_wrong_types() -> None:
    edge = {"a": "bihar", "b": "pest", "kind": 2, "attributes": [], "length": 3}

    assert with_edge(2, edge) == [
        "edges[2].length: unknown key; put extra data under 'attributes'",
        "edges[2].kind: expected a non-empty string, got number 2",
        "edges[2].attributes: expected an object, got array of 0 item(s)",
    ]


def test_every_error_listed_when_loading_an_invalid_board() -> None:
    document = sample()
    document["edges"].append({"a": "pest", "b": "pest"})
    document["areas"].append({"id": "pest"})

    with pytest.raises(BoardInvalid) as raised:
        load_board(document)

    assert raised.value.errors == ["areas[5].id: duplicate area id 'pest'", "edges[4]: self-loop on 'pest'"]
    assert "self-loop on 'pest'" in str(raised.value)


def test_error_names_the_python_type_when_area_is_not_a_json_value() -> None:
    assert with_area(4, object()) == [
        "areas[4]: expected an object, got object",
        "edges[3]: unknown area 'duna' (a)",
    ]


def test_other_end_refused_when_area_is_not_on_the_edge() -> None:
    with pytest.raises(ValueError, match="'bihar' is not an end"):
        Edge("pest", "buda").other("bihar")
