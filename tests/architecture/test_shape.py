"""The shape of the code (issue 18, point 3; STYLE habits 4-5), checked by parsing the source with `ast`.

- No file reads in domain/ or replays/ outside the shipped-data loader (domain/shipped_data.py): no `pathlib`,
  no `importlib.resources`, no `open`.
- No import cycle inside a ruleset (domain/rulesets/<id>/), counting every import, those inside functions too.
- No import inside a function in domain/ and replays/ (they dodge cycles and hide what a module needs).
- No private name (`_name`) imported across modules of domain/ and replays/, nor read off an imported module.
- No function in domain/ over 60 lines unless marked: a `# long: <why>` comment on the line above the `def`
  (above its decorators) or on the `def` line or its signature's lines, saying why it stays whole.
- No module of domain/ or replays/ over 400 lines.

Each check but the first is a RATCHET: the breaches known when it was added are pinned at the end of this file
(`PINNED_*`). A check fails on a breach that is not pinned (a new one: fix it) and on a pinned breach that no
longer exists (fixed: delete its entry), so the lists only shrink and stay true. The failure message quotes
the exact entry to delete, or the new breach. Entries name a path and a function, module or name, never a
line number, so that edits elsewhere in a file leave them alone.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
THIS_FILE = "tests/architecture/test_shape.py"
PURE_LAYERS = ("domain", "replays")
LOADER = "domain/shipped_data.py"
RULESETS = "domain/rulesets"
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400
LONG_MARK = "# long:"
FILE_MODULES = ("pathlib", "importlib.resources")
FILE_CALLS = frozenset({"open", "io.open", "os.open", "codecs.open"})
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True, slots=True)
class Module:
    """One parsed source file: its path from the repository root and its dotted module name."""

    path: str
    name: str
    source: str
    tree: ast.Module

    @property
    def package(self) -> str:
        """The package relative imports start from."""
        return self.name if self.path.endswith("__init__.py") else self.name.rpartition(".")[0]


def parse(path: str, source: str) -> Module:
    """A source file as a `Module`; `path` is relative to the repository root."""
    name = path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    return Module(path, name, source, ast.parse(source, filename=path))


@functools.cache
def modules(*folders: str) -> list[Module]:
    """Every Python module under the given folders of the repository (parsed once per test run)."""
    found = []
    for folder in folders:
        for file in sorted((ROOT / folder).rglob("*.py")):
            found.append(parse(str(file.relative_to(ROOT)), file.read_text(encoding="utf-8")))
    return found


def importedparse(module: Module, node: ast.ImportFrom) -> str:
    """The absolute name of the module a `from … import` reads from."""
    if node.level == 0:
        return node.module or ""
    base = module.package.split(".")
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _relative(module: Module, target: str) -> str:
    """`target` as a relative name when it is in the module's own package (`.combat`), to keep entries short."""
    return target.removeprefix(module.package) if target.startswith(module.package + ".") else target


# --- the checkers: each returns its breaches as stable entries ---


def file_read_breaches(module: Module) -> list[str]:
    """`pathlib`, `importlib.resources` or `open` used anywhere but the shipped-data loader."""
    if module.path == LOADER:
        return []
    found = []
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called in FILE_CALLS:
                found.append(f"{module.path}: calls {called}() at line {node.lineno}")
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            origin = importedparse(module, node)
            names = [origin, *(f"{origin}.{alias.name}" for alias in node.names)]
        else:
            continue
        banned = [name for name in names if any(name == b or name.startswith(b + ".") for b in FILE_MODULES)]
        if banned:  # once per statement, by the first banned name it imports
            found.append(f"{module.path}: imports {banned[0]} at line {node.lineno}")
    return found


def function_import_breaches(module: Module) -> list[str]:
    """Imports inside a function, as `path::function imports module`."""
    return sorted(
        {
            f"{module.path}::{qualname} imports {_relative(module, target)}"
            for qualname, node in _nested(module.tree, "", inside=False)
            for target in _import_targets(module, node)
        }
    )


def _nested(tree: ast.AST, prefix: str, inside: bool) -> Iterator[tuple[str, ast.stmt]]:
    """Every import statement inside a function, with the qualified name of the innermost function."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, (*FUNCTIONS, ast.ClassDef)):
            yield from _nested(child, f"{prefix}{child.name}.", inside or isinstance(child, FUNCTIONS))
        elif isinstance(child, ast.Import | ast.ImportFrom):
            if inside:
                yield prefix.rstrip("."), child
        else:
            yield from _nested(child, prefix, inside)


def _import_targets(module: Module, node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    assert isinstance(node, ast.ImportFrom)
    return [importedparse(module, node)]


def private_import_breaches(module: Module, known: frozenset[str]) -> list[str]:
    """Private names imported from, or read off, another module of `known` (dotted names of project modules)."""
    found = set()
    module_aliases: dict[str, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:
                    module_aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            origin = importedparse(module, node)
            for alias in node.names:
                if f"{origin}.{alias.name}" in known:  # a submodule, not a name
                    module_aliases[alias.asname or alias.name] = f"{origin}.{alias.name}"
                elif _is_private(alias.name) and origin.split(".")[0] in PURE_LAYERS:
                    found.add(f"{module.path} imports {alias.name} from {_relative(module, origin)}")
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _is_private(node.attr):
            aliased = module_aliases.get(node.value.id)
            if aliased is not None:
                found.add(f"{module.path} reads {node.attr} off {_relative(module, aliased)}")
    return sorted(found)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def long_function_breaches(module: Module, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """Functions longer than `limit` lines with no `# long:` reason, as `path::function (n lines)`."""
    lines = module.source.splitlines()
    found = []
    for qualname, node in _functions(module.tree, ""):
        length = (node.end_lineno or node.lineno) - node.lineno + 1
        if length > limit and not _is_marked_long(node, lines):
            found.append(f"{module.path}::{qualname}")
    return found


def _functions(tree: ast.AST, prefix: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, FUNCTIONS):
            yield prefix + child.name, child
        if isinstance(child, (*FUNCTIONS, ast.ClassDef)):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:
            yield from _functions(child, prefix)


def _is_marked_long(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> bool:
    """A `# long: <why>` comment above the decorators and def, or on the def's signature lines."""
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    above = [lines[first - 2]] if first >= 2 else []
    signature = lines[node.lineno - 1 : node.body[0].lineno - 1] or [lines[node.lineno - 1]]
    for line in [*above, *signature]:
        _, mark, why = line.partition(LONG_MARK)
        if mark and why.strip():
            return True
    return False


def module_size_breaches(module: Module, limit: int = MAX_MODULE_LINES) -> list[str]:
    """The module, when it is longer than `limit` lines."""
    return [module.path] if len(module.source.splitlines()) > limit else []


def cycle_breaches(ruleset: list[Module]) -> list[str]:
    """The modules of one ruleset that are on an import cycle (any import, inside functions too)."""
    by_name = {m.name: m for m in ruleset}
    graph = {m.name: sorted(_imports_within(m, by_name)) for m in ruleset}
    return sorted(by_name[name].path for component in _components(graph) for name in component)


def _imports_within(module: Module, by_name: dict[str, Module]) -> set[str]:
    """The modules of the same ruleset that `module` imports (a submodule named by `from pkg import sub`)."""
    found = set()
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in by_name}
        elif isinstance(node, ast.ImportFrom):
            origin = importedparse(module, node)
            for alias in node.names:
                if f"{origin}.{alias.name}" in by_name:
                    found.add(f"{origin}.{alias.name}")
                elif origin in by_name:
                    found.add(origin)
    return found - {module.name}


def _components(graph: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module: the import cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph.get(node, ()):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def ratchet(found: Iterable[str], pinned: frozenset[str], pinned_name: str, rule: str) -> list[str]:
    """What a check reports: each breach not pinned, and each pinned breach that is gone."""
    current = set(found)
    new = [f"NEW breach of '{rule}' (fix it): {entry}" for entry in sorted(current - pinned)]
    gone = [
        f"FIXED, delete this entry from {pinned_name} in {THIS_FILE}: {entry!r}" for entry in sorted(pinned - current)
    ]
    return new + gone


def _report(problems: list[str]) -> str:
    return "\n" + "\n".join(problems)


def _rulesets() -> list[list[Module]]:
    return [modules(str(folder.relative_to(ROOT))) for folder in sorted((ROOT / RULESETS).iterdir()) if folder.is_dir()]


# --- the checks on the real code ---


def test_no_file_is_read_outside_the_shipped_data_loader_when_the_pure_layers_are_parsed() -> None:
    found = [entry for module in modules(*PURE_LAYERS) for entry in file_read_breaches(module)]

    assert not found, _report(found)


def test_no_import_cycle_inside_a_ruleset_beyond_the_pinned_ones_when_its_imports_are_graphed() -> None:
    found = [entry for ruleset in _rulesets() for entry in cycle_breaches(ruleset)]

    problems = ratchet(found, PINNED_CYCLE_MODULES, "PINNED_CYCLE_MODULES", "no import cycle inside a ruleset")
    assert not problems, _report(problems)


def test_no_import_inside_a_function_beyond_the_pinned_ones_when_the_pure_layers_are_parsed() -> None:
    found = [entry for module in modules(*PURE_LAYERS) for entry in function_import_breaches(module)]

    problems = ratchet(found, PINNED_FUNCTION_IMPORTS, "PINNED_FUNCTION_IMPORTS", "no import inside a function")
    assert not problems, _report(problems)


def test_no_private_name_crosses_modules_beyond_the_pinned_ones_when_the_pure_layers_are_parsed() -> None:
    parsed = modules(*PURE_LAYERS)
    known = frozenset(m.name for m in parsed)
    found = [entry for module in parsed for entry in private_import_breaches(module, known)]

    problems = ratchet(found, PINNED_PRIVATE_IMPORTS, "PINNED_PRIVATE_IMPORTS", "no private name across modules")
    assert not problems, _report(problems)


def test_no_function_over_60_lines_without_a_reason_beyond_the_pinned_ones_when_domain_is_parsed() -> None:
    found = [entry for module in modules("domain") for entry in long_function_breaches(module)]

    problems = ratchet(found, PINNED_LONG_FUNCTIONS, "PINNED_LONG_FUNCTIONS", "no function over 60 lines")
    assert not problems, _report(problems)


def test_no_module_over_400_lines_beyond_the_pinned_ones_when_the_pure_layers_are_measured() -> None:
    found = [entry for module in modules(*PURE_LAYERS) for entry in module_size_breaches(module)]

    problems = ratchet(found, PINNED_LONG_MODULES, "PINNED_LONG_MODULES", "no module over 400 lines")
    assert not problems, _report(problems)


# --- the checkers find what they are meant to find ---


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from pathlib import Path\n", "imports pathlib"),
        ("import pathlib\n", "imports pathlib"),
        ("from importlib import resources\n", "imports importlib.resources"),
        ("import importlib.resources as r\n", "imports importlib.resources"),
        ("from importlib.resources import files\n", "imports importlib.resources"),
        ("def load(p):\n    return open(p).read()\n", "calls open()"),
        ("import io\ntext = io.open('x').read()\n", "calls io.open()"),
    ],
    ids=["from-pathlib", "pathlib", "resources", "resources-aliased", "resources-files", "open", "io.open"],
)
def test_a_file_read_is_reported_when_domain_reads_outside_the_loader(source: str, expected: str) -> None:
    found = file_read_breaches(parse("domain/rulesets/x/data.py", source))

    assert len(found) == 1
    assert found[0].startswith(f"domain/rulesets/x/data.py: {expected}")


def test_nothing_is_reported_when_the_loader_itself_reads_package_resources() -> None:
    source = "from importlib import resources\ntext = resources.files('domain').joinpath('a.json').read_text()\n"

    assert file_read_breaches(parse(LOADER, source)) == []
    assert file_read_breaches(parse("domain/x.py", "from importlib import import_module\n")) == []


def test_an_import_inside_a_function_is_reported_with_its_function_when_parsed() -> None:
    source = (
        "from domain.kernel import Event\n"
        "class Ruleset:\n"
        "    from domain import dice\n"
        "    def decide(self):\n"
        "        from domain.rulesets.kk.combat import settle\n"
        "        def inner():\n"
        "            import json\n"
        "def view():\n"
        "    if True:\n"
        "        from .state import dump\n"
    )

    found = function_import_breaches(parse("domain/rulesets/kk/ruleset.py", source))

    assert found == [
        "domain/rulesets/kk/ruleset.py::Ruleset.decide imports .combat",
        "domain/rulesets/kk/ruleset.py::Ruleset.decide.inner imports json",
        "domain/rulesets/kk/ruleset.py::view imports .state",
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from domain.rulesets.kk.combat import _settle\n", "imports _settle from .combat"),
        ("from .combat import _settle, end_battle\n", "imports _settle from .combat"),
        ("from domain.kernel import _replace\n", "imports _replace from domain.kernel"),
        ("from domain.rulesets.kk import combat\ncombat._settle()\n", "reads _settle off .combat"),
        ("import domain.rulesets.kk.combat as fight\nfight._chooser\n", "reads _chooser off .combat"),
    ],
    ids=["absolute", "relative", "other-package", "attribute", "module-alias"],
)
def test_a_private_name_is_reported_when_it_crosses_modules(source: str, expected: str) -> None:
    known = frozenset({"domain.kernel", "domain.rulesets.kk.combat", "domain.rulesets.kk.retreat"})

    found = private_import_breaches(parse("domain/rulesets/kk/retreat.py", source), known)

    assert found == [f"domain/rulesets/kk/retreat.py {expected}"]


def test_nothing_is_reported_when_public_dunder_or_foreign_names_are_imported() -> None:
    source = (
        "from __future__ import annotations\n"
        "from domain.rulesets.kk.combat import settle, __all__\n"
        "from json.encoder import _make_iterencode\n"
        "from domain.rulesets.kk import combat\n"
        "combat.__doc__\n"
        "state._private\n"
    )
    known = frozenset({"domain.rulesets.kk.combat"})

    assert private_import_breaches(parse("domain/rulesets/kk/retreat.py", source), known) == []


def _function(lines: int, above: str = "", on_def: str = "", decorator: bool = False) -> str:
    body = "".join(f"    x = {n}\n" for n in range(lines - 1))
    decorators = "@cache\n" if decorator else ""
    return f"{above}{decorators}def long_one():{on_def}\n{body}"


@pytest.mark.parametrize(
    ("source", "reported"),
    [
        (_function(60), False),
        (_function(61), True),
        (_function(61, above="# long: one table of the rulebook, row by row\n"), False),
        (_function(61, on_def="  # long: the rulebook's order, kept"), False),
        (_function(61, above="# long: the steps of the exchange\n", decorator=True), False),
        (_function(61, above="# long:\n"), True),
        (_function(61, above="# this one is long\n"), True),
    ],
    ids=["60-lines", "61-lines", "marked-above", "marked-on-def", "marked-above-decorator", "no-reason", "no-mark"],
)
def test_a_function_over_60_lines_is_reported_when_no_long_comment_says_why(source: str, reported: bool) -> None:
    found = long_function_breaches(parse("domain/x.py", source))

    assert found == (["domain/x.py::long_one"] if reported else [])


def test_a_long_method_is_reported_with_its_class_when_parsed() -> None:
    source = "class Ruleset:\n" + "".join("    " + line + "\n" for line in _function(61).splitlines())

    assert long_function_breaches(parse("domain/x.py", source)) == ["domain/x.py::Ruleset.long_one"]


def test_a_module_over_400_lines_is_reported_when_measured() -> None:
    assert module_size_breaches(parse("domain/big.py", "x = 1\n" * 400)) == []
    assert module_size_breaches(parse("domain/big.py", "x = 1\n" * 401)) == ["domain/big.py"]


def test_the_modules_on_a_cycle_are_reported_when_a_ruleset_imports_in_a_circle() -> None:
    ruleset = [
        parse("domain/rulesets/kk/__init__.py", "from domain.rulesets.kk.ruleset import KK\n"),
        parse("domain/rulesets/kk/ruleset.py", "from domain.rulesets.kk import combat, state\n"),
        parse("domain/rulesets/kk/combat.py", "from .state import State\n"),
        parse("domain/rulesets/kk/state.py", "def f():\n    from domain.rulesets.kk.hits import hits\n"),
        parse("domain/rulesets/kk/hits.py", "from domain.rulesets.kk import combat\n"),
        parse("domain/rulesets/kk/view.py", "from domain.rulesets.kk.state import State\n"),
    ]

    assert cycle_breaches(ruleset) == [
        "domain/rulesets/kk/combat.py",
        "domain/rulesets/kk/hits.py",
        "domain/rulesets/kk/state.py",
    ]


def test_no_cycle_is_reported_when_a_ruleset_imports_in_layers() -> None:
    ruleset = [
        parse("domain/rulesets/ff/__init__.py", "from .ruleset import FF\n"),
        parse(
            "domain/rulesets/ff/ruleset.py", "from domain.rulesets.ff import state\nfrom domain.kernel import Game\n"
        ),
        parse("domain/rulesets/ff/state.py", "from domain.kernel import Event\n"),
    ]

    assert cycle_breaches(ruleset) == []


def test_the_ratchet_names_new_breaches_and_the_pinned_entries_to_delete_when_they_differ() -> None:
    problems = ratchet(["a.py::f", "b.py::g"], frozenset({"b.py::g", "c.py::h"}), "PINNED_X", "rule x")

    assert problems == [
        "NEW breach of 'rule x' (fix it): a.py::f",
        f"FIXED, delete this entry from PINNED_X in {THIS_FILE}: 'c.py::h'",
    ]
    assert ratchet(["b.py::g"], frozenset({"b.py::g"}), "PINNED_X", "rule x") == []


# --- the pinned breaches (the ratchet): only ever delete entries ---

PINNED_CYCLE_MODULES: frozenset[str] = frozenset()
PINNED_FUNCTION_IMPORTS: frozenset[str] = frozenset()
PINNED_PRIVATE_IMPORTS: frozenset[str] = frozenset()
PINNED_LONG_FUNCTIONS: frozenset[str] = frozenset()
PINNED_LONG_MODULES: frozenset[str] = frozenset()
