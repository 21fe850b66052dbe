"""Shipped data: the one sanctioned read of files under `domain/` (DESIGN §3: the domain does no I/O).

A ruleset's boards, card sets and tables are part of the ruleset as much as its code: they are written by
hand, reviewed with it, pinned by its version and installed with it as package data (pyproject's
`package-data`). Reading them is not input: no path, configuration, clock or user decides what is read,
and the same build always reads the same bytes. So the domain may read them, here and nowhere else:

- through `importlib.resources`, by package name, so they load wherever the package is installed (a source
  tree, a wheel, a zip), never through a path built from `__file__`;
- read-only and once per document (cached): every game on a shipped board shares one document, which
  callers must treat as frozen (never mutate what these functions return);
- JSON objects only; anything else in a shipped file is a packaging error raised at import.

Used the same way by every ruleset, at import time of the module that names the data:
`shipped_json(__name__, "westeros_base.json")` for one document of the calling package, and
`shipped_jsons(__package__, "boards")` for the boards in a sub-folder, by file name without `.json`.
The architecture test (tests/architecture/test_shape.py) fails on `pathlib`, `importlib.resources` or
`open` anywhere else in `domain/`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

JSON_SUFFIX = ".json"


@functools.cache
def shipped_json(package: str, name: str) -> Mapping[str, Any]:
    """The JSON object in file `name` (a path relative to the package, `/`-separated) of `package`."""
    return _read(resources.files(package).joinpath(name), f"{package}:{name}")


@functools.cache
def shipped_jsons(package: str, folder: str) -> Mapping[str, Mapping[str, Any]]:
    """Every JSON object in `folder` of `package`, by file name without `.json`, in name order."""
    found = resources.files(package).joinpath(folder)
    files = sorted((entry for entry in found.iterdir() if entry.name.endswith(JSON_SUFFIX)), key=lambda e: e.name)
    return {entry.name.removesuffix(JSON_SUFFIX): _read(entry, f"{package}:{folder}/{entry.name}") for entry in files}


def _read(file: Traversable, where: str) -> Mapping[str, Any]:
    document = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(document, dict):
        raise ValueError(f"shipped data {where} is not a JSON object")
    return document
