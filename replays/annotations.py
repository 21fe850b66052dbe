"""Annotations of a game: comments, glyphs, bookmarks and map marks, as their own event stream.

An annotation stream (`annotations:<game id>`) never rewrites anything: an edit is an
`AnnotationEdited` event that replaces the body, a deletion an `AnnotationDeleted` event. Folding the
stream gives the annotations as they stand; `visible_to` says who may read one.

Glyphs are the wargame counterpart of chess annotation symbols (lichess, PGN NAGs): they mark the
quality of a decision or the weight of a moment, not a ruling. A rules error found by a glyph is a
prompt to open a dispute, which is where rulings live.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

ANNOTATION_ADDED = "AnnotationAdded"
ANNOTATION_EDITED = "AnnotationEdited"
ANNOTATION_DELETED = "AnnotationDeleted"

MAX_TEXT = 10_000
MAX_LABEL = 200
MAX_MARKS = 100


class Kind(StrEnum):
    """What an annotation is."""

    COMMENT = "comment"  # free text on a moment of the game
    GLYPH = "glyph"  # a symbol judging a decision or a moment, with optional text
    BOOKMARK = "bookmark"  # a named place in the game to jump to
    MAP_MARK = "map_mark"  # areas highlighted and arrows drawn on the board


class Visibility(StrEnum):
    """Who may read an annotation."""

    PRIVATE = "private"  # its author only
    SEAT = "seat"  # its author and whoever holds the named seat (a team's notes)
    PUBLIC = "public"  # everyone who can read the game


# The documented glyph set: (symbol, meaning). Chess symbols keep their meaning; the rest are
# the moments wargame commentators mark.
GLYPHS: Mapping[str, tuple[str, str]] = {
    "good_move": ("!", "a good decision"),
    "brilliant_move": ("!!", "an excellent, hard-to-find decision"),
    "mistake": ("?", "a mistake"),
    "blunder": ("??", "a decision that loses much"),
    "interesting": ("!?", "a risky or interesting decision"),
    "dubious": ("?!", "a dubious decision"),
    "lucky_roll": ("⚂+", "dice far above expectation"),
    "unlucky_roll": ("⚂-", "dice far below expectation"),
    "rules_error": ("⚖", "the rules were misapplied here (open a dispute for a ruling)"),
    "turning_point": ("⟳", "the moment the game turned"),
    "key_decision": ("◆", "a decision everything after depends on"),
    "missed_opportunity": ("○", "a better option was left unused"),
    "diplomacy": ("⚭", "an agreement, a betrayal or a bribe shaped this moment"),
}

_BODY_KEYS: Mapping[Kind, frozenset[str]] = {
    Kind.COMMENT: frozenset({"text"}),
    Kind.GLYPH: frozenset({"glyph", "text"}),
    Kind.BOOKMARK: frozenset({"label", "text"}),
    Kind.MAP_MARK: frozenset({"areas", "arrows", "color", "text"}),
}
_COLORS = frozenset({"red", "green", "blue", "yellow", "orange", "purple", "black", "white"})


@dataclass(frozen=True, slots=True)
class Annotation:
    """One annotation as it stands after its edits."""

    id: str
    kind: Kind
    at_version: int
    author: str
    visibility: Visibility
    seat: str | None
    body: Mapping[str, Any]
    created_at: str
    updated_at: str
    edits: int = 0
    deleted: bool = False

    def to_json(self) -> dict[str, Any]:
        """The annotation as the API shows it."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "at_version": self.at_version,
            "author": self.author,
            "visibility": self.visibility.value,
            "seat": self.seat,
            "body": dict(self.body),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "edits": self.edits,
        }


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads annotations: an author identity and the seats they hold in the game."""

    identity: str | None
    seats: tuple[str, ...] = ()


def visible_to(annotation: Annotation, reader: Reader) -> bool:
    """Private notes are their author's; seat notes also the seat's; public ones everyone's."""
    if annotation.deleted:
        return False
    if reader.identity is not None and annotation.author == reader.identity:
        return True
    if annotation.visibility is Visibility.PUBLIC:
        return True
    return annotation.visibility is Visibility.SEAT and annotation.seat in reader.seats


# --- checking what a client sends ---


def annotation_errors(
    fields: Mapping[str, Any], *, game_version: int, seats: Sequence[str], area_ids: Iterable[str] | None
) -> dict[str, list[str]]:
    """Problems of a new annotation's fields, by field name (empty when it is well formed)."""
    errors: dict[str, list[str]] = {}
    kind = _enum(Kind, fields.get("kind"))
    if kind is None:
        errors["kind"] = [f"{fields.get('kind')!r} is not one of {', '.join(k.value for k in Kind)}"]
    at = fields.get("at_version")
    if not isinstance(at, int) or isinstance(at, bool) or not 1 <= at <= game_version:
        errors["at_version"] = [f"{at!r} must be a version of the game, 1 to {game_version}"]
    errors.update(visibility_errors(fields, seats))
    if kind is not None:
        for name, problems in body_errors(kind, fields.get("body"), area_ids).items():
            errors[name] = problems
    return errors


def visibility_errors(fields: Mapping[str, Any], seats: Sequence[str]) -> dict[str, list[str]]:
    """`visibility` is known; a seat annotation names a seat of the game, others name none."""
    visibility = _enum(Visibility, fields.get("visibility", Visibility.PUBLIC.value))
    if visibility is None:
        choices = ", ".join(v.value for v in Visibility)
        return {"visibility": [f"{fields.get('visibility')!r} is not one of {choices}"]}
    seat = fields.get("seat")
    if visibility is Visibility.SEAT and seat not in seats:
        return {"seat": [f"{seat!r} must be a seat of the game ({', '.join(seats)}) for a seat annotation"]}
    if visibility is not Visibility.SEAT and seat is not None:
        return {"seat": [f"only a seat annotation names a seat; this one is {visibility.value}"]}
    return {}


def body_errors(kind: Kind, body: Any, area_ids: Iterable[str] | None) -> dict[str, list[str]]:
    """Problems of an annotation body of this kind, keyed `body.<field>`."""
    if not isinstance(body, Mapping):
        return {"body": ["must be a JSON object"]}
    unknown = sorted(set(body) - _BODY_KEYS[kind])
    if unknown:
        return {f"body.{unknown[0]}": [f"a {kind.value} has no field {unknown[0]!r}"]}
    errors: dict[str, list[str]] = {}
    if "text" in body or kind is Kind.COMMENT:
        _text(errors, body, "text", MAX_TEXT)
    match kind:
        case Kind.GLYPH:
            if body.get("glyph") not in GLYPHS:
                errors["body.glyph"] = [f"{body.get('glyph')!r} is not a glyph; known: {', '.join(GLYPHS)}"]
        case Kind.BOOKMARK:
            _text(errors, body, "label", MAX_LABEL)
        case Kind.MAP_MARK:
            errors.update(_map_mark_errors(body, None if area_ids is None else frozenset(area_ids)))
        case Kind.COMMENT:
            pass
    return errors


def _map_mark_errors(body: Mapping[str, Any], known: frozenset[str] | None) -> dict[str, list[str]]:
    areas, arrows = body.get("areas", []), body.get("arrows", [])
    if not isinstance(areas, list) or not all(isinstance(a, str) for a in areas) or len(areas) > MAX_MARKS:
        return {"body.areas": [f"must be a list of at most {MAX_MARKS} area ids"]}
    if not isinstance(arrows, list) or len(arrows) > MAX_MARKS:
        return {"body.arrows": [f"must be a list of at most {MAX_MARKS} arrows {{from, to}}"]}
    for index, arrow in enumerate(arrows):
        if not isinstance(arrow, Mapping) or set(arrow) != {"from", "to"}:
            return {f"body.arrows[{index}]": ["an arrow is {from: area id, to: area id}"]}
    if not areas and not arrows:
        return {"body": ["a map mark highlights at least one area or draws one arrow"]}
    if "color" in body and body["color"] not in _COLORS:
        return {"body.color": [f"{body['color']!r} is not one of {', '.join(sorted(_COLORS))}"]}
    if known is not None:
        named = [*areas, *(end for arrow in arrows for end in (arrow["from"], arrow["to"]))]
        missing = [area for area in named if area not in known]
        if missing:
            return {"body.areas": [f"{missing[0]!r} is not an area of the game's board"]}
    return {}


def recorded_errors(
    events: Iterable[tuple[int, str, Mapping[str, Any]]],
    *,
    game_version: int,
    seats: Sequence[str],
    area_ids: Iterable[str] | None,
) -> dict[str, list[str]]:
    """Problems of a recorded annotation stream (an imported record's) that the API would have refused when
    it was written, keyed `annotations[<version>].<field>`: the first event with any (empty when none has)."""
    areas = None if area_ids is None else tuple(area_ids)
    kinds: dict[str, Kind] = {}  # every annotation added so far
    deleted: set[str] = set()
    for version, event_type, data in events:
        errors = _event_errors(event_type, data, kinds, deleted, game_version, seats, areas)
        if errors:
            return {f"annotations[{version}].{name}": problems for name, problems in errors.items()}
        if event_type == ANNOTATION_ADDED:
            kinds[data["id"]] = Kind(data["kind"])
        elif event_type == ANNOTATION_DELETED:
            deleted.add(data["id"])
    return {}


def _event_errors(
    event_type: str,
    data: Mapping[str, Any],
    kinds: Mapping[str, Kind],
    deleted: set[str],
    game_version: int,
    seats: Sequence[str],
    area_ids: Iterable[str] | None,
) -> dict[str, list[str]]:
    """What the API would have refused of one recorded annotation event, given those before it."""
    ident = data.get("id")
    if not isinstance(ident, str) or not ident:
        return {"id": [f"{ident!r} is not an annotation id"]}
    if event_type == ANNOTATION_ADDED:
        if ident in kinds:
            return {"id": [f"annotation {ident!r} is added twice"]}
        errors = annotation_errors(data, game_version=game_version, seats=seats, area_ids=area_ids)
        if not errors and not isinstance(data.get("author"), str):
            errors = {"author": [f"{data.get('author')!r} is not an author"]}
        return errors
    if event_type not in (ANNOTATION_EDITED, ANNOTATION_DELETED):
        return {"type": [f"{event_type!r} is not an annotation event"]}
    if ident not in kinds or ident in deleted:
        return {"id": [f"{ident!r} is not an annotation that stands at this point of the stream"]}
    return _edit_errors(kinds[ident], data, seats, area_ids) if event_type == ANNOTATION_EDITED else {}


def _edit_errors(
    kind: Kind, data: Mapping[str, Any], seats: Sequence[str], area_ids: Iterable[str] | None
) -> dict[str, list[str]]:
    if "body" not in data and "visibility" not in data:
        return {"body": ["an edit changes the body, the visibility or both"]}
    errors = body_errors(kind, data["body"], area_ids) if "body" in data else {}
    return errors or (visibility_errors(data, seats) if "visibility" in data else {})


def _text(errors: dict[str, list[str]], body: Mapping[str, Any], name: str, limit: int) -> None:
    value = body.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        errors[f"body.{name}"] = [f"must be non-empty text of at most {limit} characters"]


def _enum(enum: type[Kind] | type[Visibility], value: Any) -> Any:
    try:
        return enum(value)
    except ValueError:
        return None


# --- folding the stream ---


def fold_annotations(events: Iterable[tuple[str, Mapping[str, Any], str]]) -> dict[str, Annotation]:
    """The annotations as they stand, by id, from (type, data, recorded_at) in stream order."""
    found: dict[str, Annotation] = {}
    for event_type, data, recorded_at in events:
        ident = data.get("id")
        if not isinstance(ident, str):
            continue
        match event_type:
            case "AnnotationAdded":
                added = _added(data, recorded_at)
                if added is not None:
                    found[ident] = added
            case "AnnotationEdited" if ident in found:
                found[ident] = _edited(found[ident], data, recorded_at)
            case "AnnotationDeleted" if ident in found:
                found[ident] = replace(found[ident], deleted=True, updated_at=recorded_at)
    return found


def _added(data: Mapping[str, Any], recorded_at: str) -> Annotation | None:
    kind, visibility = _enum(Kind, data.get("kind")), _enum(Visibility, data.get("visibility"))
    body, at, author = data.get("body"), data.get("at_version"), data.get("author")
    if kind is None or visibility is None or not isinstance(body, Mapping):
        return None
    if not isinstance(at, int) or not isinstance(author, str):
        return None
    seat = data.get("seat")
    return Annotation(
        str(data["id"]),
        kind,
        at,
        author,
        visibility,
        seat if isinstance(seat, str) else None,
        body,
        recorded_at,
        recorded_at,
    )


def _edited(current: Annotation, data: Mapping[str, Any], recorded_at: str) -> Annotation:
    body = data.get("body", current.body)
    visibility = _enum(Visibility, data.get("visibility", current.visibility.value)) or current.visibility
    seat = data.get("seat", current.seat) if "visibility" in data else current.seat
    return replace(
        current,
        body=body if isinstance(body, Mapping) else current.body,
        visibility=visibility,
        seat=seat if isinstance(seat, str) else None,
        updated_at=recorded_at,
        edits=current.edits + 1,
    )
