"""Parameters bound into PostgreSQL query text as literals, for the writer's batches sent as one query
(`postgres_writer.py`): the store's own statements and their parameters (integers, text, NULL, booleans).

psycopg's `ClientCursor.mogrify` binds any type through its adapters; on a batch's INSERTs it cost as much
client CPU as the rest of the append (issue 19, point 2). This binds the types the store writes itself and
hands anything else to `mogrify`. It is only used on a connection whose strings are standard conforming (a
backslash is an ordinary character, so a quote doubled is the only escape a literal needs) and whose client
encoding is UTF-8 (no character's encoding holds the byte of a quote but the quote itself); `for_connection`
says None otherwise.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

# %s (the next positional parameter), %(name)s (a named one) and %% (a percent sign), as psycopg reads them.
_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%s|%%")

Mogrify = Callable[[str, Any], str]


class LiteralBinder:
    """`bind(sql, params)`: the statement with its parameters written in as PostgreSQL literals."""

    def __init__(self, mogrify: Mogrify) -> None:
        self._mogrify = mogrify  # for a parameter of any other type (psycopg's adapters)
        self._templates: dict[str, tuple[tuple[str, ...], tuple[str | int, ...]]] = {}

    def bind(self, sql: str, params: Sequence[Any] | Mapping[str, Any]) -> str:
        """`sql` with `%s` taken from the sequence `params` in order, or `%(name)s` from the mapping."""
        template = self._templates.get(sql)
        if template is None:
            template = self._templates[sql] = _template(sql)
        texts, keys = template
        literal = self._literal
        parts = [texts[0]]
        for key, text in zip(keys, texts[1:], strict=True):
            parts.append(literal(params[key]))  # type: ignore[index]
            parts.append(text)
        return "".join(parts)

    def execute(self, statement: Prepared, params: Sequence[Any] | Mapping[str, Any]) -> str:
        """`EXECUTE` of the prepared `statement` with `params` written in as literals."""
        literal = self._literal
        return f"EXECUTE {statement.name}({', '.join([literal(params[key]) for key in statement.order])})"  # type: ignore[index]

    def _literal(self, value: Any) -> str:
        kind = type(value)
        if kind is str:
            text: str = value
            if "\x00" in text:
                # As psycopg refuses it: PostgreSQL text cannot hold U+0000.
                raise psycopg.DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
            return "'" + text.replace("'", "''") + "'"
        if kind is int:
            return str(value)
        if value is None:
            return "NULL"
        if kind is bool:
            return "true" if value else "false"
        return self._mogrify("%s", (value,))


@dataclass(frozen=True, slots=True)
class Prepared:
    """A statement prepared once per connection and run by `EXECUTE name(…)`: the server parses and plans it
    once, not in every batch (a literal INSERT cost it ~10-15 µs more per row)."""

    name: str  # annals_ and a digest of the statement: the same statement has the same name on any connection
    definition: str  # the PREPARE command
    order: tuple[str | int, ...]  # the parameter (a position or a name) each of $1, $2, … takes


def prepared(sql: str) -> Prepared:
    """`sql` (with `%s` or `%(name)s` placeholders) as a statement to prepare; a name's every use is one $n."""
    texts, keys = _template(sql)
    numbers: dict[str | int, int] = {}
    parts = [texts[0]]
    for key, text in zip(keys, texts[1:], strict=True):
        parts.append(f"${numbers.setdefault(key, len(numbers) + 1)}")
        parts.append(text)
    name = "annals_" + hashlib.sha256(sql.encode("utf-8")).hexdigest()[:16]
    return Prepared(name, f"PREPARE {name} AS {''.join(parts)}", tuple(numbers))


def for_connection(driver: psycopg.Connection[Any], mogrify: Mogrify) -> LiteralBinder | None:
    """A binder for `driver`'s queries, or None when its settings make doubling quotes not enough."""
    standard = driver.info.parameter_status("standard_conforming_strings")
    if standard != "on" or driver.info.encoding != "utf-8":
        return None
    return LiteralBinder(mogrify)


def _template(sql: str) -> tuple[tuple[str, ...], tuple[str | int, ...]]:
    """The text around each placeholder, and the parameter (a position or a name) each one takes."""
    texts: list[str] = []
    keys: list[str | int] = []
    start, position, pending = 0, 0, ""
    for found in _PLACEHOLDER.finditer(sql):
        if found.group(0) == "%%":
            pending += sql[start : found.start()] + "%"
        else:
            texts.append(pending + sql[start : found.start()])
            pending = ""
            if found.group(1) is not None:
                keys.append(found.group(1))
            else:
                keys.append(position)
                position += 1
        start = found.end()
    texts.append(pending + sql[start:])
    return tuple(texts), tuple(keys)
