"""Bounds on the shape of JSON a client may send, and a decoder for stored JSON whatever it holds.

CPython's json module recurses once per nesting level, so a document nested ~1,000 levels deep
cannot be parsed (or encoded again) inside a request without a RecursionError. Bodies are therefore
checked for depth and container size before anything reads them, and text already stored is decoded
so that no nesting past `STORED_DEPTH` reaches the code that reads it (issue 16, point 1).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# A JSON string token (with its escapes) or a bracket: enough to follow nesting without a parse.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},]', re.DOTALL)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")

# Stored JSON is cut at this depth when read: deeper than anything the request limits let in (a
# record line wraps a request body a few levels down), shallow enough for every recursive reader.
STORED_DEPTH = 100
_SHOWN_SEGMENT = 40  # characters of one pointer segment quoted in a message


@dataclass(frozen=True, slots=True)
class JsonLimits:
    """How deep a JSON document may nest and how many members one object or array may hold."""

    depth: int = 64
    items: int = 10_000


class JsonTooComplex(ValueError):
    """A JSON document beyond its limits; `pointer` is the RFC 6901 pointer of the offending value."""

    def __init__(self, pointer: str, message: str) -> None:
        super().__init__(f"{pointer or '/'}: {message}")
        self.pointer = pointer
        self.message = message


def parse_bounded(text: str, limits: JsonLimits) -> Any:
    """`json.loads(text)`, refusing (JsonTooComplex) nesting or containers past `limits`.

    Other malformed input raises json.JSONDecodeError or ValueError (an integer of more digits than
    Python converts), as json.loads does.
    """
    if _surely_within(text, limits):
        return json.loads(text)
    try:
        value = json.loads(text)
    except RecursionError:
        pointer = _pointer_past_depth(text, limits.depth)
        raise JsonTooComplex(pointer, f"nested deeper than {limits.depth} levels") from None
    check_limits(value, limits)
    return value


def check_limits(value: Any, limits: JsonLimits) -> None:
    """Raise JsonTooComplex at the first container nested past `limits.depth` or holding more than
    `limits.items` members (walked without recursion, so any depth is safe)."""
    pending: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while pending:
        node, path = pending.pop()
        if isinstance(node, dict):
            children: Any = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        if len(path) >= limits.depth:
            raise JsonTooComplex(pointer_of(path), f"nested deeper than {limits.depth} levels")
        if len(node) > limits.items:
            kind = "keys" if isinstance(node, dict) else "items"
            raise JsonTooComplex(pointer_of(path), f"{len(node)} {kind}, more than {limits.items}")
        # Reversed onto the stack, so the first breach found is the first in document order.
        pending.extend(reversed([(child, (*path, key)) for key, child in children]))


def nul_pointer(value: Any) -> str | None:
    """The pointer of the first key or string holding U+0000, or None: PostgreSQL text cannot store it."""
    pending: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while pending:
        node, path = pending.pop()
        if isinstance(node, str):
            if "\x00" in node:
                return pointer_of(path)
        elif isinstance(node, dict):
            for key in node:
                if "\x00" in key:
                    return pointer_of((*path, key))
            pending.extend(reversed([(child, (*path, key)) for key, child in node.items()]))
        elif isinstance(node, list):
            pending.extend(reversed([(child, (*path, index)) for index, child in enumerate(node)]))
    return None


def pointer_of(path: tuple[str | int, ...]) -> str:
    """An RFC 6901 JSON pointer, each long segment shortened for a message."""
    parts = []
    for segment in path:
        text = str(segment).replace("~", "~0").replace("/", "~1")
        parts.append(text if len(text) <= _SHOWN_SEGMENT else text[:_SHOWN_SEGMENT] + "…")
    return "".join("/" + part for part in parts)


def decode_stored(text: str) -> Any:
    """Stored JSON as Python values; a container nested past `STORED_DEPTH` is read as a string
    holding its JSON text, so an event written before the request limits existed stays readable."""
    if text.count("[") + text.count("{") <= STORED_DEPTH or _max_depth(text) <= STORED_DEPTH:
        return json.loads(text)
    return json.loads(_deep_parts_as_text(text, STORED_DEPTH))


def _surely_within(text: str, limits: JsonLimits) -> bool:
    """A cheap bound: fewer brackets than the depth limit cannot nest past it, and fewer commas than
    the item limit cannot fill a container past it (brackets and commas inside strings only over-count)."""
    return text.count("[") + text.count("{") <= limits.depth and text.count(",") < limits.items


def _max_depth(text: str) -> int:
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _pointer_past_depth(text: str, limit: int) -> str:
    """The pointer of the first container opened past `limit` levels, found by following tokens."""
    # Each open container: [is_object, current key or index, a string now would be a key].
    stack: list[list[Any]] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            if len(stack) >= limit:
                return pointer_of(tuple(frame[1] for frame in stack))
            stack.append([token == "{", "" if token == "{" else 0, token == "{"])
        elif token in "]}":
            if stack:
                stack.pop()
        elif token == ",":
            if stack and stack[-1][0]:
                stack[-1][2] = True
            elif stack:
                stack[-1][1] += 1
        elif stack and stack[-1][0] and stack[-1][2]:
            stack[-1][1], stack[-1][2] = _string_value(token), False
    return ""


def _string_value(token: str) -> str:
    try:
        value = json.loads(token)
    except ValueError:
        return token[1:-1]
    return str(value)


def _deep_parts_as_text(text: str, limit: int) -> str:
    """`text` with every container that opens at depth `limit` + 1 replaced by a JSON string of its text."""
    pieces: list[str] = []
    depth, kept_until, cut_from = 0, 0, -1
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth == limit + 1:
                cut_from = match.start()
        elif token in "]}":
            if depth == limit + 1 and cut_from >= 0:
                pieces.append(text[kept_until:cut_from])
                pieces.append(json.dumps(text[cut_from : match.end()], ensure_ascii=False))
                kept_until, cut_from = match.end(), -1
            depth -= 1
    pieces.append(text[kept_until:])
    return "".join(pieces)
