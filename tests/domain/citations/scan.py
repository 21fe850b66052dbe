"""Find every refusal path of a ruleset in its source: each call that builds a refusal, by module:function.

A refusal path is a call of `refuse`/`_refuse`/`Decision.refuse`, `RuleViolation` or `checks.broken`; its
first argument is the rule id cited (a literal, or the expression that picks it, such as `rule_id`).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3] / "domain" / "rulesets"
BUILDERS = frozenset({"refuse", "_refuse", "broken", "RuleViolation"})
# The builders' own definitions pass their parameter through; they are not paths of their own.
PLUMBING = frozenset(
    {"flow:refuse", "flow:Checks.broken", "cards:_refuse", "guards:refuse", "guards:Checks.broken", "rulings:refuse"}
)


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _cited(call: ast.Call) -> str:
    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "rule_id"), None)
    if arg is None:
        return "?"
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else ast.unparse(arg)


class _Visitor(ast.NodeVisitor):
    def __init__(self, module: str) -> None:
        self.module = module
        self.scope: list[str] = []
        self.found: Counter[tuple[str, str]] = Counter()

    def _enter(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _enter

    def visit_Call(self, node: ast.Call) -> None:
        where = f"{self.module}:{'.'.join(self.scope) or '<module>'}"
        if _name(node) in BUILDERS and where not in PLUMBING:
            self.found[(_cited(node), where)] += 1
        self.generic_visit(node)


def refusal_paths(ruleset: str) -> Counter[tuple[str, str]]:
    """(rule id cited, module:function) → how many refusal calls cite it there."""
    found: Counter[tuple[str, str]] = Counter()
    for path in sorted((ROOT / ruleset).glob("*.py")):
        visitor = _Visitor(path.stem)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found.update(visitor.found)
    return found
