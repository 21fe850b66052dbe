"""Annotations through HTTP: their own stream, visibility by author and seat, edits and deletions as events."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api

BOARD = {
    "name": "two fords",
    "areas": [{"id": "north-bank"}, {"id": "ford"}, {"id": "south-bank"}],
    "edges": [{"a": "north-bank", "b": "ford"}, {"a": "ford", "b": "south-bank"}],
}


@pytest.fixture
def table(api: Api) -> dict[str, Any]:
    """A game with red held by Alice and blue by Bob, three actions in, and their tokens."""
    alice, bob = api.player("Alice"), api.player("Bob")
    game = api.create_game(
        seats=[{"seat": "red", "player": alice}, {"seat": "blue", "player": bob}], board=BOARD, visibility="public"
    )["id"]
    for seat in ("red", "blue", "red"):
        assert api.act(game, type="move", seat=seat, data={"to": "ford"}).status_code == 201
    return {"game": game, "alice": api.token_for_player(alice), "bob": api.token_for_player(bob)}


def _annotate(api: Api, game: str, token: str, **fields: Any) -> Any:
    body = {"kind": "comment", "at_version": 2, "body": {"text": "a bold crossing"}, **fields}
    return api.client.post(f"/api/v1/games/{game}/annotations", json=body, headers=bearer(token))


def _listed(api: Api, game: str, headers: dict[str, str], query: str = "") -> list[dict[str, Any]]:
    response = api.client.get(f"/api/v1/games/{game}/annotations{query}", headers=headers)
    assert response.status_code == 200, response.get_json()
    items: list[dict[str, Any]] = response.get_json()["items"]
    return items


def test_annotation_is_recorded_in_its_own_stream_when_a_player_comments(api: Api, table: dict[str, Any]) -> None:
    response = _annotate(api, table["game"], table["alice"])

    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{table['game']}/annotations/{created['id']}"
    assert created["kind"] == "comment" and created["at_version"] == 2 and created["visibility"] == "public"
    assert created["author"].startswith("player:")
    stored = api.services.store.read(f"annotations:{table['game']}")
    assert [e.type for e in stored] == ["AnnotationAdded"]
    assert api.services.store.stream_version(f"game:{table['game']}") == 4  # the game itself is untouched


def test_spectator_sees_public_annotations_but_not_private_ones_when_listing(api: Api, table: dict[str, Any]) -> None:
    _annotate(api, table["game"], table["alice"], body={"text": "public note"})
    _annotate(api, table["game"], table["alice"], visibility="private", body={"text": "my secret plan"})

    spectator = _listed(api, table["game"], {})
    author = _listed(api, table["game"], bearer(table["alice"]))

    assert [a["body"]["text"] for a in spectator] == ["public note"]
    assert sorted(a["body"]["text"] for a in author) == ["my secret plan", "public note"]
    assert [a["body"]["text"] for a in _listed(api, table["game"], bearer(table["bob"]))] == ["public note"]


def test_seat_annotation_is_seen_only_by_that_seat_when_a_team_takes_notes(api: Api, table: dict[str, Any]) -> None:
    made = _annotate(api, table["game"], table["alice"], visibility="seat", seat="red", body={"text": "hold the ford"})
    assert made.status_code == 201, made.get_json()

    assert _listed(api, table["game"], bearer(table["bob"])) == []
    assert _listed(api, table["game"], {}) == []
    assert [a["seat"] for a in _listed(api, table["game"], bearer(table["alice"]))] == ["red"]


def test_player_cannot_write_notes_for_a_seat_they_do_not_hold(api: Api, table: dict[str, Any]) -> None:
    response = _annotate(api, table["game"], table["bob"], visibility="seat", seat="red")

    assert_problem(response, 403)
    assert api.services.store.stream_version(f"annotations:{table['game']}") == 0


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"kind": "glyph", "body": {"glyph": "genius"}}, "body.glyph"),
        ({"at_version": 99}, "at_version"),
        ({"kind": "map_mark", "body": {"areas": ["atlantis"]}}, "body.areas"),
        ({"kind": "bookmark", "body": {"text": "no label"}}, "body.label"),
        ({"visibility": "seat", "seat": "green"}, "seat"),
        ({"body": {"text": "x", "colour": "red"}}, "body.colour"),
    ],
)
def test_bad_annotation_is_422_naming_the_field_and_writes_nothing(
    api: Api, table: dict[str, Any], fields: dict[str, Any], named: str
) -> None:
    body = assert_problem(_annotate(api, table["game"], table["alice"], **fields), 422)

    assert named in body["errors"], body
    assert api.services.store.stream_version(f"annotations:{table['game']}") == 0


def test_annotation_kind_outside_the_set_is_400_when_posted(api: Api, table: dict[str, Any]) -> None:
    body = assert_problem(_annotate(api, table["game"], table["alice"], kind="poem"), 400)
    assert "kind" in body["errors"]


def test_map_mark_names_areas_of_the_board_when_drawn(api: Api, table: dict[str, Any]) -> None:
    mark = {"areas": ["ford"], "arrows": [{"from": "north-bank", "to": "ford"}], "color": "red"}
    response = _annotate(api, table["game"], table["alice"], kind="map_mark", body=mark)

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["body"] == mark


def test_edit_appends_an_event_and_keeps_the_original_when_the_author_rewrites(api: Api, table: dict[str, Any]) -> None:
    created = _annotate(api, table["game"], table["alice"]).get_json()
    url = f"/api/v1/games/{table['game']}/annotations/{created['id']}"

    edited = api.client.patch(url, json={"body": {"text": "a reckless crossing"}}, headers=bearer(table["alice"]))

    assert edited.status_code == 200, edited.get_json()
    assert edited.get_json()["body"]["text"] == "a reckless crossing" and edited.get_json()["edits"] == 1
    stored = api.services.store.read(f"annotations:{table['game']}")
    assert [e.type for e in stored] == ["AnnotationAdded", "AnnotationEdited"]
    assert stored[0].data["body"]["text"] == "a bold crossing"


def test_other_player_may_not_edit_or_delete_an_annotation_but_an_arbiter_may(api: Api, table: dict[str, Any]) -> None:
    created = _annotate(api, table["game"], table["alice"]).get_json()
    url = f"/api/v1/games/{table['game']}/annotations/{created['id']}"

    assert_problem(api.client.patch(url, json={"body": {"text": "vandal"}}, headers=bearer(table["bob"])), 403)
    assert_problem(api.client.delete(url, headers=bearer(table["bob"])), 403)
    assert api.client.delete(url, headers=api.headers("arbiter")).status_code == 204

    assert _listed(api, table["game"], bearer(table["alice"])) == []
    assert_problem(api.client.get(url, headers=bearer(table["alice"])), 404)
    types = [e.type for e in api.services.store.read(f"annotations:{table['game']}")]
    assert types == ["AnnotationAdded", "AnnotationDeleted"]


def test_anonymous_caller_may_read_but_not_annotate_a_public_game(api: Api, table: dict[str, Any]) -> None:
    response = api.client.post(
        f"/api/v1/games/{table['game']}/annotations",
        json={"kind": "comment", "at_version": 1, "body": {"text": "hi"}},
    )
    assert_problem(response, 401)


def test_private_game_annotations_are_404_to_outsiders(api: Api) -> None:
    game = api.create_game(visibility="private")["id"]
    outsider = api.token_for_player(api.player("Eve"))

    assert_problem(api.client.get(f"/api/v1/games/{game}/annotations", headers=bearer(outsider)), 404)
    assert_problem(_annotate(api, game, outsider, at_version=1), 404)


def test_listing_filters_by_kind_and_version_range(api: Api, table: dict[str, Any]) -> None:
    _annotate(api, table["game"], table["alice"], at_version=1, kind="bookmark", body={"label": "deployment"})
    _annotate(api, table["game"], table["alice"], at_version=3, kind="glyph", body={"glyph": "blunder"})
    _annotate(api, table["game"], table["alice"], at_version=4, kind="glyph", body={"glyph": "lucky_roll"})

    glyphs = _listed(api, table["game"], {}, "?kind=glyph")
    late = _listed(api, table["game"], {}, "?from=2&to=3")

    assert [a["body"]["glyph"] for a in glyphs] == ["blunder", "lucky_roll"]
    assert [a["at_version"] for a in late] == [3]


def test_glyph_set_is_published_with_symbols_and_meanings(api: Api) -> None:
    items = api.client.get("/api/v1/annotations/glyphs").get_json()["items"]
    by_name = {g["glyph"]: g for g in items}
    assert by_name["blunder"]["symbol"] == "??" and by_name["good_move"]["symbol"] == "!"
    assert {"rules_error", "turning_point", "lucky_roll"} <= set(by_name)


def test_repeated_idempotency_key_records_one_annotation(api: Api, table: dict[str, Any]) -> None:
    headers = {**bearer(table["alice"]), "Idempotency-Key": "note-1"}
    body = {"kind": "comment", "at_version": 2, "body": {"text": "once"}}
    first = api.client.post(f"/api/v1/games/{table['game']}/annotations", json=body, headers=headers)
    second = api.client.post(f"/api/v1/games/{table['game']}/annotations", json=body, headers=headers)

    assert first.status_code == second.status_code == 201
    assert first.get_json()["id"] == second.get_json()["id"]
    assert api.services.store.stream_version(f"annotations:{table['game']}") == 1
    assert "Idempotent-Replayed" not in first.headers and second.headers["Idempotent-Replayed"] == "true"


def test_deleted_annotation_is_404_to_edit_and_to_delete_again_and_nothing_is_appended(
    api: Api, table: dict[str, Any]
) -> None:
    created = _annotate(api, table["game"], table["alice"]).get_json()
    url = f"/api/v1/games/{table['game']}/annotations/{created['id']}"
    assert api.client.delete(url, headers=bearer(table["alice"])).status_code == 204

    assert_problem(api.client.patch(url, json={"body": {"text": "back again"}}, headers=bearer(table["alice"])), 404)
    assert_problem(api.client.patch(url, json={"body": {"text": "back again"}}, headers=api.headers("arbiter")), 404)
    assert_problem(api.client.delete(url, headers=api.headers("arbiter")), 404)

    types = [e.type for e in api.services.store.read(f"annotations:{table['game']}")]
    assert types == ["AnnotationAdded", "AnnotationDeleted"]
