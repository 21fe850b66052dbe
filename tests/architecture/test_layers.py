"""Layer rules (DESIGN §3, STYLE habits 1 and 5), checked by parsing the source with `ast`.

- domain/ imports only the standard library and domain.*; replays/ also replays.* (so never service).
- Both are pure: no clock, randomness, UUID creation, secrets, logging, files or dynamic imports.
- service/ never imports from tests.
- Module and function sizes, cycles, imports inside functions and file reads: see test_shape.py.

Every offence is reported as path:line so that a failure says where to look.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LAYER_IMPORTS = {"domain": frozenset({"domain"}), "replays": frozenset({"domain", "replays"})}
IMPURE_MODULES = frozenset({"random", "secrets", "logging"})
# Fully qualified names whose mere use reads the clock, draws randomness, creates ids, or touches files.
IMPURE_NAMES = frozenset(
    {
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.datetime.today",
        "datetime.date.today",
        "time.time",
        "time.time_ns",
        "time.monotonic",
        "time.monotonic_ns",
        "time.perf_counter",
        "time.perf_counter_ns",
        "time.localtime",
        "uuid.uuid1",
        "uuid.uuid4",
        "os.urandom",
        "os.getenv",
        "os.environ",
        "os.open",
        "io.open",
        "builtins.open",
        "builtins.__import__",
        "importlib.import_module",
    }
)


@dataclass(frozen=True, slots=True)
class Offence:
    """A breach of a layer rule at one line of one file."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def import_offences(source: str, path: str, allowed: frozenset[str]) -> list[Offence]:
    """Imports of anything but the standard library and the `allowed` top-level packages."""
    offences = []
    for node, module in _imports(ast.parse(source, filename=path)):
        top = module.split(".")[0]
        if top not in sys.stdlib_module_names and top not in allowed:
            offences.append(
                Offence(path, node.lineno, f"imports {module!r} (allowed: stdlib, {', '.join(sorted(allowed))})")
            )
    return offences


def impurity_offences(source: str, path: str) -> list[Offence]:
    """Imports of impure modules and uses of the clock, randomness, uuid1/4, files or dynamic imports."""
    tree = ast.parse(source, filename=path)
    offences = [
        Offence(path, node.lineno, f"imports {module!r}, which a pure layer may not use")
        for node, module in _imports(tree)
        if module.split(".")[0] in IMPURE_MODULES
    ]
    aliases = _aliases(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name | ast.Attribute):
            name = _qualified(node, aliases)
            if name in IMPURE_NAMES:
                offences.append(Offence(path, node.lineno, f"uses {name}"))
    return offences


def forbidden_package_offences(source: str, path: str, forbidden: str) -> list[Offence]:
    """Imports of one package (service/ importing tests)."""
    return [
        Offence(path, node.lineno, f"imports {module!r}")
        for node, module in _imports(ast.parse(source, filename=path))
        if module.split(".")[0] == forbidden
    ]


def _imports(tree: ast.AST) -> Iterator[tuple[ast.stmt, str]]:
    """Every absolute import as (statement, module); relative imports stay inside their package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node, node.module


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Local name -> the fully qualified name it was imported as."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    found[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    found[top] = top
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return found


def _qualified(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """`dt.datetime.now` -> "datetime.datetime.now" when `import datetime as dt`; builtins for bare names."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    base = aliases.get(node.id, f"builtins.{node.id}")
    return ".".join([base, *reversed(parts)])


def _sources(*folders: str) -> Iterator[tuple[str, str]]:
    for folder in folders:
        for file in sorted((ROOT / folder).rglob("*.py")):
            yield str(file.relative_to(ROOT)), file.read_text(encoding="utf-8")


def _report(offences: list[Offence]) -> str:
    return "\n" + "\n".join(str(offence) for offence in offences)


# --- the checks on the real code ---


@pytest.mark.parametrize("layer", sorted(LAYER_IMPORTS))
def test_no_import_outside_the_layer_when_a_pure_module_is_parsed(layer: str) -> None:
    sources = list(_sources(layer))
    offences = [o for path, source in sources for o in import_offences(source, path, LAYER_IMPORTS[layer])]

    assert sources, f"no Python modules found under {layer}/"
    assert offences == [], _report(offences)


@pytest.mark.parametrize("layer", sorted(LAYER_IMPORTS))
def test_no_clock_randomness_ids_logging_or_files_when_a_pure_module_is_parsed(layer: str) -> None:
    offences = [o for path, source in _sources(layer) for o in impurity_offences(source, path)]

    assert offences == [], _report(offences)


def test_no_import_from_tests_when_a_service_module_is_parsed() -> None:
    sources = list(_sources("service"))
    offences = [o for path, source in sources for o in forbidden_package_offences(source, path, "tests")]

    assert sources, "no Python modules found under service/"
    assert offences == [], _report(offences)


# --- the checkers find what they are meant to find ---


@pytest.mark.parametrize(
    ("source", "line"),
    [
        ("import flask\n", 1),
        ("from __future__ import annotations\n\nfrom sqlalchemy import select\n", 3),
        ("import json\nimport marshmallow.fields as f\n", 2),
        ("def f():\n    import yaml\n", 2),
        ("from replays import readjudicate\n", 1),
        ("from service.store import events\n", 1),
        ("import tests.domain.builders\n", 1),
    ],
    ids=["flask", "sqlalchemy", "marshmallow-aliased", "inside-a-function", "replays", "service", "tests"],
)
def test_offence_reported_with_its_line_when_domain_imports_outside_stdlib_and_domain(source: str, line: int) -> None:
    offences = import_offences(source, "domain/example.py", LAYER_IMPORTS["domain"])

    assert [(o.path, o.line) for o in offences] == [("domain/example.py", line)]
    assert str(offences[0]).startswith(f"domain/example.py:{line}: imports ")


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations\nimport json, hashlib\nfrom collections.abc import Mapping\n",
        "from domain.kernel import Event\nimport domain.dice as dice\n",
        "from . import kernel\nfrom .rulebook import RULEBOOK\n",
    ],
    ids=["stdlib", "domain", "relative"],
)
def test_nothing_reported_when_domain_imports_stdlib_and_domain(source: str) -> None:
    assert import_offences(source, "domain/example.py", LAYER_IMPORTS["domain"]) == []


def test_replays_may_import_domain_and_replays_but_not_service_when_checked() -> None:
    source = "from domain.kernel import fold\nfrom replays.readjudicate import audit\nfrom service import games\n"

    offences = import_offences(source, "replays/example.py", LAYER_IMPORTS["replays"])

    assert [str(o) for o in offences] == ["replays/example.py:3: imports 'service' (allowed: stdlib, domain, replays)"]


@pytest.mark.parametrize(
    ("source", "line", "name"),
    [
        ("import random\n", 1, "random"),
        ("from secrets import token_bytes\n", 1, "secrets"),
        ("import logging\nlog = logging.getLogger(__name__)\n", 1, "logging"),
        ("from datetime import datetime\n\nstamp = datetime.now()\n", 3, "datetime.datetime.now"),
        ("import datetime\nstamp = datetime.datetime.utcnow()\n", 2, "datetime.datetime.utcnow"),
        ("import datetime as dt\nday = dt.date.today()\n", 2, "datetime.date.today"),
        ("from datetime import date\nday = date.today()\n", 2, "datetime.date.today"),
        ("import time\nnow = time.time()\n", 2, "time.time"),
        ("from time import time as clock\nnow = clock()\n", 2, "time.time"),
        ("import uuid\nnew_id = uuid.uuid4()\n", 2, "uuid.uuid4"),
        ("from uuid import uuid1\nnew_id = uuid1()\n", 2, "uuid.uuid1"),
        ("def load(path):\n    with open(path) as f:\n        return f.read()\n", 2, "builtins.open"),
        ("import importlib\nflask = importlib.import_module('flask')\n", 2, "importlib.import_module"),
        ("import os\nkey = os.urandom(32)\n", 2, "os.urandom"),
    ],
    ids=[
        "random",
        "secrets",
        "logging",
        "datetime.now",
        "utcnow",
        "date.today-aliased-module",
        "date.today",
        "time.time",
        "time-aliased",
        "uuid4",
        "uuid1",
        "open",
        "import_module",
        "urandom",
    ],
)
def test_offence_reported_with_its_line_when_a_pure_module_is_impure(source: str, line: int, name: str) -> None:
    offences = impurity_offences(source, "domain/example.py")

    assert offences, f"{name} was not reported"
    assert offences[0].line == line
    assert name in offences[0].what


@pytest.mark.parametrize(
    "source",
    [
        "import uuid\ngame = uuid.UUID('0b7e1c52-9d0a-4a43-8c1e-5f2d6a7b8c90')\n",
        "from datetime import datetime\nstamp = datetime.fromisoformat('2026-01-01T00:00:00+00:00')\n",
        "import hmac, hashlib\ndigest = hmac.digest(b'k', b'm', hashlib.sha256)\n",
        "def decide(game, inputs):\n    return inputs.timestamp\n",
    ],
    ids=["uuid-parse", "datetime-parse", "hmac", "time-as-data"],
)
def test_nothing_reported_when_a_pure_module_only_parses_and_hashes(source: str) -> None:
    assert impurity_offences(source, "domain/example.py") == []


def test_offence_reported_when_service_imports_from_tests() -> None:
    source = "from service.errors import NotFound\nfrom tests.conftest import SeededEntropy\n"

    offences = forbidden_package_offences(source, "service/example.py", "tests")

    assert [str(o) for o in offences] == ["service/example.py:2: imports 'tests.conftest'"]
