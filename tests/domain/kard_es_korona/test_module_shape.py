"""The shape of the kard_es_korona package (issue 18, point 3), read from its source with `ast`.

Its modules import each other as a DAG, at module level; no function imports a module of the package to dodge
a cycle; no private name crosses a module; no function is over 60 lines and no module over 400. There are no
exceptions left: evolve.py takes every event handler from modules that do not decide through `flow`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = "domain.rulesets.kard_es_korona"
SOURCE = Path(__file__).resolve().parents[3] / "domain" / "rulesets" / "kard_es_korona"
MAX_FUNCTION_LINES = 60
MAX_MODULE_LINES = 400


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(SOURCE.glob("*.py"))}


def _imported(node: ast.stmt) -> Iterator[tuple[str, str | None]]:
    """(module of the package, name imported from it or None) for each import of the package in `node`."""
    if isinstance(node, ast.ImportFrom) and node.module is not None and node.module.startswith(PACKAGE):
        module = node.module[len(PACKAGE) :].lstrip(".")
        for alias in node.names:
            yield (module, alias.name) if module else (alias.name, None)
    elif isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(PACKAGE + "."):
                yield alias.name[len(PACKAGE) + 1 :], None


def _top_level_imports(tree: ast.Module) -> Iterator[tuple[str, str | None]]:
    for node in tree.body:
        for statement in node.body if isinstance(node, ast.If) else [node]:  # `if TYPE_CHECKING:` counts
            yield from _imported(statement)


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    return (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of `graph` (empty when there is none), by depth-first search."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = "open"
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        state[module] = "done"
        path.pop()
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return []


def test_the_modules_import_each_other_without_a_cycle() -> None:
    modules = _modules()
    graph = {name: {m for m, _ in _top_level_imports(tree) if m in modules} for name, tree in modules.items()}
    assert _cycle(graph) == []


def test_a_cycle_is_found_when_there_is_one() -> None:
    """The search above can fail: a two-module loop and a longer one are both reported."""
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_function_imports_a_module_of_the_package() -> None:
    late = {
        (name, function.name)
        for name, tree in _modules().items()
        for function in _functions(tree)
        for node in ast.walk(function)
        if isinstance(node, (ast.Import, ast.ImportFrom)) and any(True for _ in _imported(node))
    }
    assert sorted(late) == []


def test_no_private_name_is_imported_from_another_module() -> None:
    private = {
        (name, module, imported)
        for name, tree in _modules().items()
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for module, imported in _imported(node)
        if imported is not None and imported.startswith("_")
    }
    assert sorted(private) == []


def test_functions_fit_on_a_screen_and_modules_in_a_head() -> None:
    long_functions = [
        f"{name}.py:{function.lineno} {function.name} ({function.end_lineno - function.lineno + 1} lines)"
        for name, tree in _modules().items()
        for function in _functions(tree)
        if function.end_lineno is not None and function.end_lineno - function.lineno + 1 > MAX_FUNCTION_LINES
    ]
    long_modules = [
        path.name
        for path in sorted(SOURCE.glob("*.py"))
        if len(path.read_text(encoding="utf-8").splitlines()) > MAX_MODULE_LINES
    ]
    assert long_functions == []
    assert long_modules == []
