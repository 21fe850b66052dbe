"""Bounds on the shape of JSON a client may send, and a decoder for stored JSON whatever it holds.

CPython's json module recurses once per nesting level, so a document nested ~1,000 levels deep
cannot be parsed (or encoded again) inside a request without a RecursionError. Bodies are therefore
checked for depth and container size before anything reads them, and text already stored is decoded
so that no nesting past `STORED_DEPTH` reaches the code that reads it (issue 16, point 1).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
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


class DuplicateKey(ValueError):
    """A JSON object that names one key twice; `pointer` is the RFC 6901 pointer of the repeated member.

    RFC 8259 §4 leaves the meaning to each parser: Python keeps the last value, others the first or refuse,
    so a proxy, a client library and this service could each read another request from the same bytes.
    """

    def __init__(self, pointer: str) -> None:
        super().__init__(f"{pointer}: the key appears twice in one object")
        self.pointer = pointer


def _unique_members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise DuplicateKey("")  # its pointer is found afterwards, from the text (parse_bounded)
    return value


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_members)


def parse_bounded(text: str, limits: JsonLimits) -> Any:
    """`json.loads(text)`, refusing (JsonTooComplex) nesting or containers past `limits` and (DuplicateKey)
    an object that repeats a key.

    Other malformed input raises json.JSONDecodeError or ValueError (an integer of more digits than
    Python converts), as json.loads does.
    """
    try:
        return _parse_bounded(text, limits)
    except DuplicateKey:
        raise DuplicateKey(_pointer_of_duplicate(text)) from None


def _parse_bounded(text: str, limits: JsonLimits) -> Any:
    if _surely_within(text, limits):
        return _DECODER.decode(text)
    try:
        value = _DECODER.decode(text)
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
    for kind, stack, _ in _walk(text):
        if kind == "open" and len(stack) >= limit:
            return pointer_of(tuple(frame[1] for frame in stack))
    return ""


def _pointer_of_duplicate(text: str) -> str:
    """The pointer of the first member whose key its object has named before, found by following tokens."""
    for kind, stack, key in _walk(text):
        if kind == "key" and key in stack[-1][3]:
            return pointer_of((*(frame[1] for frame in stack[:-1]), key))
    return ""


def _walk(text: str) -> Iterator[tuple[str, list[list[Any]], str]]:
    """Follow `text`'s tokens without a parse: ("open", containers, "") before a container opens, ("key",
    containers, key) before an object's member is read. Each open container is [is_object, current key or
    index, a string now would be a key, the keys seen so far]."""
    stack: list[list[Any]] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            yield "open", stack, ""
            stack.append([token == "{", "" if token == "{" else 0, token == "{", set()])
        elif token in "]}":
            if stack:
                stack.pop()
        elif token == ",":
            if stack and stack[-1][0]:
                stack[-1][2] = True
            elif stack:
                stack[-1][1] += 1
        elif stack and stack[-1][0] and stack[-1][2]:
            key = _string_value(token)
            yield "key", stack, key
            stack[-1][1], stack[-1][2] = key, False
            stack[-1][3].add(key)


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
