"""Annotations travel with a record: export with annotations, import, export again — the same bytes."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from domain.chain import GENESIS, event_hash
from service.cli import cli
from service.store import players
from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api, _api, _finish, _make_app

NDJSON = "application/x-ndjson"


@pytest.fixture
def other(tmp_path: Any) -> Iterator[Api]:
    """A second service on its own database: where a record is carried to."""
    app = _make_app(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    yield _api(app)
    _finish(app)


def _annotated_game(api: Api) -> tuple[str, str]:
    """A freeform game with a public comment, a private note that was edited, and a deleted glyph."""
    alice = api.player("Alice")
    game = api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue"}])["id"]
    assert api.act(game, type="move", seat="red", data={"to": "ford"}).status_code == 201
    token = api.token_for_player(alice)
    url = f"/api/v1/games/{game}/annotations"
    note = {"kind": "comment", "at_version": 2, "body": {"text": "the ford falls"}}
    assert api.client.post(url, json=note, headers=bearer(token)).status_code == 201
    private = api.client.post(url, json={**note, "visibility": "private"}, headers=bearer(token)).get_json()
    api.client.patch(f"{url}/{private['id']}", json={"body": {"text": "too early"}}, headers=bearer(token))
    glyph = {"kind": "glyph", "at_version": 2, "body": {"glyph": "blunder"}}
    doomed = api.client.post(url, json=glyph, headers=bearer(token)).get_json()
    assert api.client.delete(f"{url}/{doomed['id']}", headers=bearer(token)).status_code == 204
    return game, alice


def _export(api: Api, game: str, role: str = "admin") -> Any:
    return api.client.get(f"/api/v1/games/{game}/export?with_annotations=true", headers=api.headers(role))


def _import(api: Api, text: str, keep_id: bool) -> Any:
    return api.client.post(
        f"/api/v1/games/import?keep_id={'true' if keep_id else 'false'}",
        data=text.encode("utf-8"),
        headers=api.headers("admin", **{"Content-Type": NDJSON}),
    )


def test_export_with_annotations_appends_the_annotation_stream_as_marked_lines(api: Api) -> None:
    game, _ = _annotated_game(api)

    lines = [json.loads(line) for line in _export(api, game).get_data(as_text=True).splitlines()]

    marked = [line for line in lines if line.get("stream") == "annotations"]
    assert [line["type"] for line in marked] == [
        "AnnotationAdded",
        "AnnotationAdded",
        "AnnotationEdited",
        "AnnotationAdded",
        "AnnotationDeleted",
    ]
    assert all("stream" not in line for line in lines[1:3])  # the game's two events come first, unmarked


def test_export_import_export_is_byte_identical_with_annotations_when_the_id_is_kept(api: Api, other: Api) -> None:
    game, alice = _annotated_game(api)
    exported = _export(api, game).get_data(as_text=True)
    players.create(other.services.engine, alice, "Alice", None, "2026-01-01T00:00:00Z")  # seats need the player

    imported = _import(other, exported, keep_id=True)

    assert imported.status_code == 201, imported.get_json()
    assert _export(other, game).get_data(as_text=True) == exported
    assert other.services.store.verify(f"annotations:{game}").ok


def test_import_under_a_new_id_keeps_the_annotations_as_they_stand(api: Api) -> None:
    game, alice = _annotated_game(api)
    exported = _export(api, game).get_data(as_text=True)

    renamed = _import(api, exported, keep_id=False).get_json()["game"]

    token = api.token_for_player(alice)
    listed = api.client.get(f"/api/v1/games/{renamed}/annotations", headers=bearer(token)).get_json()["items"]
    assert sorted(a["body"]["text"] for a in listed) == ["the ford falls", "too early"]
    assert api.services.store.verify(f"annotations:{renamed}").ok


def test_tampered_annotation_line_is_422_and_imports_nothing(api: Api, other: Api) -> None:
    game, _ = _annotated_game(api)
    exported = _export(api, game).get_data(as_text=True)
    tampered = exported.replace("the ford falls", "the ford holds")

    body = assert_problem(_import(other, tampered, keep_id=False), 422)

    assert "annotations" in body["errors"]
    assert other.client.get("/api/v1/games", headers=other.headers()).get_json()["items"] == []


def test_player_may_not_export_annotations_because_private_notes_would_leave(api: Api) -> None:
    game, alice = _annotated_game(api)
    response = api.client.get(
        f"/api/v1/games/{game}/export?with_annotations=true", headers=bearer(api.token_for_player(alice))
    )
    assert_problem(response, 403)


def test_cli_export_with_annotations_writes_the_annotation_lines(
    api: Api, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = _annotated_game(api)
    out = tmp_path / "game.jsonl"
    monkeypatch.setenv("DATABASE_URL", api.services.settings["DATABASE_URL"])

    result = CliRunner().invoke(cli, ["export", game, "--with-annotations", "-o", str(out)])

    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == _export(api, game).get_data(as_text=True)


def _rechained(exported: str, change: Any) -> str:
    """The record with `change(annotation lines)` applied and the annotations' chain recomputed, as anyone
    holding a record can: the chain proves the lines unchanged since, not that the API would take them."""
    lines = [json.loads(line) for line in exported.splitlines()]
    notes = [line for line in lines if line.get("stream") == "annotations"]
    change(notes)
    prev = GENESIS
    for note in notes:
        fields = {k: note[k] for k in ("version", "event_id", "type", "schema_version", "data", "metadata")}
        note["prev_hash"] = prev
        note["hash"] = prev = event_hash(
            prev, stream_id=f"annotations:{lines[0]['game']['id']}", recorded_at=note["recorded_at"], **fields
        )
    game_lines = [line for line in lines if line.get("stream") != "annotations"]
    return "\n".join(json.dumps(line) for line in game_lines + notes)


def _edit_of_the_deleted_glyph(notes: list[dict[str, Any]]) -> None:
    deleted = notes[-1]["data"]["id"]
    notes.append({**notes[-1], "version": len(notes) + 1, "event_id": str(uuid.uuid4())})
    notes[-1].update(type="AnnotationEdited", data={"id": deleted, "editor": "x", "body": {"glyph": "mistake"}})


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda notes: notes[0]["data"].update(at_version=99), "annotations[1].at_version"),
        (lambda notes: notes[0]["data"].update(at_version=0), "annotations[1].at_version"),
        (lambda notes: notes[3]["data"]["body"].update(glyph="nope"), "annotations[4].body.glyph"),
        (lambda notes: notes[0]["data"].update(visibility="seat", seat="green"), "annotations[1].seat"),
        (lambda notes: notes[1].update(type="AnnotationVanished"), "annotations[2].type"),
        (_edit_of_the_deleted_glyph, "annotations[6].id"),
    ],
    ids=["beyond-the-game", "version-0", "unknown-glyph", "unknown-seat", "unknown-type", "edit-after-delete"],
)
def test_annotation_line_the_api_would_refuse_is_422_naming_it_and_imports_nothing(
    api: Api, other: Api, change: Any, field: str
) -> None:
    game, alice = _annotated_game(api)
    players.create(other.services.engine, alice, "Alice", None, "2026-01-01T00:00:00Z")
    crafted = _rechained(_export(api, game).get_data(as_text=True), change)

    body = assert_problem(_import(other, crafted, keep_id=True), 422)

    assert list(body["errors"]) == [field], body
    assert other.client.get("/api/v1/games", headers=other.headers()).get_json()["items"] == []
    assert other.services.store.read(f"annotations:{game}") == []
