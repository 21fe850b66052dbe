"""Rulesets, rulebooks, boards, players and health: shapes, 404s, content-addressed uploads, pagination."""

from __future__ import annotations

import itertools
import uuid
from typing import Any

import pytest

from domain.boards import board_id
from tests.api.conftest import RFC3339_UTC, assert_problem, bearer
from tests.conftest import Api

API = "/api/v1"


def _board(name: str, areas: int = 2) -> dict[str, Any]:
    ids = [f"a{n}" for n in range(areas)]
    return {
        "name": name,
        "areas": [{"id": i} for i in ids],
        "edges": [{"a": a, "b": b} for a, b in itertools.pairwise(ids)],
    }


# --- rulesets and rules ---


def test_freeform_is_listed_with_its_version_when_rulesets_are_listed(api: Api) -> None:
    items = api.client.get(f"{API}/rulesets").get_json()["items"]

    [freeform] = [r for r in items if r["id"] == "freeform"]
    assert freeform["version"] in freeform["versions"]
    assert freeform["default_options"] == {}
    assert freeform["rule_count"] == len(api.client.get(f"{API}/rulesets/freeform/rules").get_json()["items"])


def test_ruleset_matches_its_list_entry_when_fetched_by_id(api: Api) -> None:
    listed = [r for r in api.client.get(f"{API}/rulesets").get_json()["items"] if r["id"] == "freeform"]

    fetched = api.client.get(f"{API}/rulesets/freeform")

    assert fetched.status_code == 200
    assert [fetched.get_json()] == listed


def test_platform_and_freeform_rules_are_in_the_rulebook_when_rules_are_listed(api: Api) -> None:
    ids = {r["id"] for r in api.client.get(f"{API}/rulesets/freeform/rules").get_json()["items"]}

    platform = {"CORE-GAME-1", "CORE-SEAT-1", "CORE-ADJUST-1", "CORE-ADJUST-2", "CORE-DICE-1", "CORE-DICE-2"}
    assert platform | {"CORE-DICE-3", "CORE-SEAL-1", "FF-ACTION-1", "FF-ROLL-1", "FF-SEAL-1"} <= ids


def test_only_matching_rules_when_rules_are_filtered_by_prefix(api: Api) -> None:
    items = api.client.get(f"{API}/rulesets/freeform/rules?prefix=FF-").get_json()["items"]

    assert items
    assert all(r["id"].startswith("FF-") for r in items)
    assert "FF-ROLL-1" in {r["id"] for r in items}


def test_rule_has_its_summary_and_source_when_fetched_by_id(api: Api) -> None:
    response = api.client.get(f"{API}/rulesets/freeform/rules/CORE-DICE-1")

    assert response.status_code == 200
    rule = response.get_json()
    assert rule["id"] == "CORE-DICE-1"
    assert set(rule) >= {"summary", "source_quote", "source_file", "section"}
    assert rule["summary"]


@pytest.mark.parametrize(
    "path",
    ["/rulesets/chess", "/rulesets/chess/rules", "/rulesets/freeform/rules/KK-SIEGE-3", "/rulesets/chess/rules/X"],
)
def test_404_problem_when_a_ruleset_or_rule_is_unknown(api: Api, path: str) -> None:
    assert_problem(api.client.get(f"{API}{path}"), 404)


# --- boards ---


def test_201_then_200_with_the_same_id_when_the_same_board_is_uploaded_twice(any_api: Api) -> None:
    board = _board("Ford")
    body = {"name": "Ford", "board": board}

    first = any_api.client.post(f"{API}/boards", json=body, headers=any_api.headers("organiser"))
    again = any_api.client.post(f"{API}/boards", json=body, headers=any_api.headers("organiser"))

    assert first.status_code == 201, first.get_json()
    assert again.status_code == 200
    assert first.get_json()["id"] == again.get_json()["id"] == board_id(board)
    assert first.headers["Location"] == f"{API}/boards/{board_id(board)}"


def test_same_id_when_the_same_board_is_uploaded_with_keys_in_another_order(api: Api) -> None:
    board = _board("Ford")
    reordered = {"edges": board["edges"], "areas": board["areas"], "name": board["name"]}

    first = api.client.post(f"{API}/boards", json={"name": "Ford", "board": board}, headers=api.headers())
    again = api.client.post(f"{API}/boards", json={"name": "Ford", "board": reordered}, headers=api.headers())

    assert again.status_code == 200
    assert again.get_json()["id"] == first.get_json()["id"]


def test_board_document_and_counts_when_a_board_is_fetched(api: Api) -> None:
    board = _board("Three", areas=3)
    api.client.post(f"{API}/boards", json={"name": "Three", "board": board}, headers=api.headers())

    response = api.client.get(f"{API}/boards/{board_id(board)}")

    assert response.status_code == 200
    body = response.get_json()
    assert body["document"] == board
    assert (body["areas"], body["edges"]) == (3, 2)
    assert body["name"] == "Three"
    assert RFC3339_UTC.match(body["created_at"])


def test_400_listing_the_errors_when_an_uploaded_board_is_invalid(api: Api) -> None:
    broken = {"name": "Loop", "areas": [{"id": "a"}], "edges": [{"a": "a", "b": "a"}]}

    response = api.client.post(f"{API}/boards", json={"name": "Loop", "board": broken}, headers=api.headers())

    problem = assert_problem(response, 400)
    assert problem["errors"]["board"]
    assert api.client.get(f"{API}/boards/{board_id(broken)}").status_code == 404


def test_400_naming_the_fields_when_the_board_upload_is_incomplete(api: Api) -> None:
    problem = assert_problem(api.client.post(f"{API}/boards", json={}, headers=api.headers()), 400)

    assert {"name", "board"} <= set(problem["errors"])


def test_404_problem_when_a_board_is_unknown(api: Api) -> None:
    assert_problem(api.client.get(f"{API}/boards/{'0' * 64}"), 404)


def test_boards_page_newest_first_without_overlap_when_listed_by_two(api: Api) -> None:
    uploaded = []
    for n in range(5):
        board = _board(f"Board {n}", areas=n + 2)
        assert (
            api.client.post(f"{API}/boards", json={"name": f"B{n}", "board": board}, headers=api.headers()).status_code
            == 201
        )
        uploaded.append(board_id(board))

    pages, cursor = [], None
    while True:
        body = api.client.get(f"{API}/boards?limit=2" + (f"&after={cursor}" if cursor else "")).get_json()
        pages.append([b["id"] for b in body["items"]])
        cursor = body["next"]
        if cursor is None:
            break

    assert [len(p) for p in pages] == [2, 2, 1]
    assert [i for page in pages for i in page] == list(reversed(uploaded))


def test_400_when_the_board_cursor_was_not_issued_by_the_api(api: Api) -> None:
    assert "after" in assert_problem(api.client.get(f"{API}/boards?after=bogus"), 400)["errors"]


# --- players ---


def test_201_with_location_when_an_organiser_registers_a_player(api: Api) -> None:
    response = api.client.post(
        f"{API}/players", json={"name": "Alice", "email": "a@example.org"}, headers=api.headers("organiser")
    )

    assert response.status_code == 201
    player = response.get_json()
    assert uuid.UUID(player["id"])
    assert player["name"] == "Alice"
    assert response.headers["Location"] == f"{API}/players/{player['id']}"
    fetched = api.client.get(response.headers["Location"], headers=api.headers("organiser")).get_json()
    assert fetched["email"] == "a@example.org"


def test_email_is_hidden_when_anyone_but_staff_or_the_player_reads_a_player(api: Api) -> None:
    created = api.client.post(
        f"{API}/players", json={"name": "Alice", "email": "a@example.org"}, headers=api.headers()
    ).get_json()
    own_token = api.token_for_player(created["id"])
    other_token = api.token_for_player(api.player("Bob"))

    anonymous = api.client.get(f"{API}/players/{created['id']}").get_json()
    other = api.client.get(f"{API}/players/{created['id']}", headers=bearer(other_token)).get_json()
    own = api.client.get(f"{API}/players/{created['id']}", headers=bearer(own_token)).get_json()

    assert anonymous["name"] == "Alice"
    assert anonymous["email"] is None
    assert other["email"] is None
    assert own["email"] == "a@example.org"


@pytest.mark.parametrize(
    ("body", "field"), [({}, "name"), ({"name": ""}, "name"), ({"name": "Al", "email": "not-an-address"}, "email")]
)
def test_400_naming_the_field_when_a_player_body_is_invalid(api: Api, body: dict[str, Any], field: str) -> None:
    problem = assert_problem(api.client.post(f"{API}/players", json=body, headers=api.headers()), 400)

    assert field in problem["errors"]


@pytest.mark.parametrize("role", ["viewer", "arbiter"])
def test_403_when_a_non_recorder_registers_a_player(api: Api, role: str) -> None:
    assert_problem(api.client.post(f"{API}/players", json={"name": "X"}, headers=api.headers(role)), 403)


def test_404_problem_when_a_player_is_unknown(api: Api) -> None:
    assert_problem(api.client.get(f"{API}/players/{uuid.uuid4()}"), 404)


# --- health and the contract ---


def test_ok_with_the_database_and_schema_revision_when_health_is_asked(any_api: Api) -> None:
    response = any_api.client.get(f"{API}/health")

    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    assert body["database"] == any_api.services.engine.dialect.name
    assert body["schema_revision"]


def test_the_openapi_contract_is_served_when_asked(api: Api) -> None:
    response = api.client.get(f"{API}/openapi.yaml")

    assert response.status_code == 200
    assert response.mimetype is not None and "yaml" in response.mimetype
    assert response.get_data(as_text=True).startswith("openapi: 3.1")
