"""Folding an annotation stream: edits replace, deletions hide, malformed events change nothing."""

from __future__ import annotations

from typing import Any

from replays.annotations import Kind, Reader, Visibility, annotation_errors, fold_annotations, visible_to

ALICE, BOB = "player:alice", "player:bob"


def _added(
    ident: str, author: str = ALICE, visibility: str = "public", seat: str | None = None
) -> tuple[str, Any, str]:
    data = {
        "id": ident,
        "kind": "comment",
        "at_version": 3,
        "author": author,
        "visibility": visibility,
        "seat": seat,
        "body": {"text": f"note {ident}"},
    }
    return ("AnnotationAdded", data, "2026-01-01T10:00:00Z")


def test_edit_replaces_the_body_and_counts_when_folded() -> None:
    edited = ("AnnotationEdited", {"id": "a", "body": {"text": "better"}}, "2026-01-01T11:00:00Z")

    [note] = fold_annotations([_added("a"), edited]).values()

    assert note.body == {"text": "better"} and note.edits == 1
    assert note.created_at == "2026-01-01T10:00:00Z" and note.updated_at == "2026-01-01T11:00:00Z"


def test_deleted_annotation_is_visible_to_nobody_when_folded() -> None:
    found = fold_annotations([_added("a"), ("AnnotationDeleted", {"id": "a"}, "2026-01-01T12:00:00Z")])

    assert not visible_to(found["a"], Reader(ALICE))
    assert not visible_to(found["a"], Reader(None))


def test_visibility_follows_author_and_seat_when_read() -> None:
    found = fold_annotations([_added("p", visibility="private"), _added("s", visibility="seat", seat="red")])

    assert visible_to(found["p"], Reader(ALICE)) and not visible_to(found["p"], Reader(BOB, ("red",)))
    assert visible_to(found["s"], Reader(BOB, ("red",))) and not visible_to(found["s"], Reader(BOB, ("blue",)))


def test_malformed_and_unknown_events_change_nothing_when_folded() -> None:
    events = [
        ("AnnotationAdded", {"id": "x", "kind": "sonnet"}, "t"),
        ("AnnotationEdited", {"id": "nobody", "body": {"text": "?"}}, "t"),
        ("AnnotationAdded", {"kind": "comment"}, "t"),
        ("SomethingElse", {"id": "a"}, "t"),
        _added("a"),
    ]

    found = fold_annotations(events)

    assert list(found) == ["a"] and found["a"].kind is Kind.COMMENT and found["a"].visibility is Visibility.PUBLIC


def test_errors_name_every_bad_field_when_checked() -> None:
    errors = annotation_errors(
        {"kind": "glyph", "at_version": 0, "visibility": "secret", "body": {"glyph": "genius"}},
        game_version=5,
        seats=["red"],
        area_ids=None,
    )

    assert set(errors) == {"at_version", "visibility", "body.glyph"}
