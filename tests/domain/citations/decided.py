"""Find the rule ids a ruleset's engine cites where it decides them (issue 18, point 2).

A rule is cited where it is decided when its id opens a line of a function's or class's docstring (the guard
"whose docstring starts with the id", several ids may open one line: "KK-SIEGE-3, KK-SIEGE-4: …"), or when a
string in the code is the id itself (what `refuse`, `note`, `RuleViolation` and events' `rule_ids` are given) or
starts with it and a colon (a trace text "KK-BATTLE-4: cavalry hits…"). Comments and module docstrings cite
nothing; the rulebook's own modules and the ruleset's `left_to_adjust` list do not count as citations.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3] / "domain" / "rulesets"
RULE_ID = r"[A-Z]+-[A-Z]+-\d+"
# One cited id, or a short form of several of one area: "KK-ECON-1..4" (a range), "KBS-MOV-2/3/5" (a list);
# after a whole id, the ruleset's prefix may be left out: "GOT-CARD-9, X-14" cites GOT-X-14.
_NUMBERS = r"\d+(?:\.\.\d+|(?:/\d+)+)?"
_CITED = rf"(?:[A-Z]+-)?[A-Z]+-{_NUMBERS}"
_OPENING_IDS = re.compile(rf"^\s*([A-Z]+-[A-Z]+-{_NUMBERS}(?:\s*(?:,|/|and|&)\s*{_CITED})*)")
_TEXT_ID = re.compile(rf"^({RULE_ID}):")
_DEFINITIONS = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
# Lists of what the engine does *not* decide: a name here is never a citation.
_NOT_DECIDED = frozenset({"left_to_adjust"})


def _is_rulebook(path: Path) -> bool:
    """The modules that hold the catalog's rules themselves (their texts name every id)."""
    return path.name == "rulebook.py" or path.name.startswith("rules_")


def _expanded(cited: str, prefix: str) -> Iterator[str]:
    """ "KK-ECON-1..4" → KK-ECON-1 … KK-ECON-4; "KBS-MOV-2/3" → KBS-MOV-2, KBS-MOV-3; "X-14" → `prefix`X-14."""
    whole = re.fullmatch(r"([A-Z]+-)?([A-Z]+-)(.*)", cited)
    assert whole is not None, cited
    head, area, numbers = whole.groups()
    area = (head or prefix) + area
    if ".." in numbers:
        first, last = (int(n) for n in numbers.split(".."))
        yield from (f"{area}{n}" for n in range(first, last + 1))
    else:
        yield from (f"{area}{n}" for n in numbers.split("/"))


def _docstring_ids(node: _DEFINITIONS) -> Iterator[str]:
    for line in (ast.get_docstring(node) or "").splitlines():
        opening = _OPENING_IDS.match(line)
        if opening:
            prefix = opening.group(1).split("-", 1)[0] + "-"
            for cited in re.findall(_CITED, opening.group(1)):
                yield from _expanded(cited, prefix)


def _skipped(tree: ast.Module) -> set[int]:
    """ids of the nodes whose strings are no citations: docstrings (read line by line) and `left_to_adjust`."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skipped.add(id(body[0].value))
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id in _NOT_DECIDED for t in targets):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def cited_in(source: str) -> set[str]:
    """The rule ids one module cites (see the module docstring)."""
    tree = ast.parse(source)
    skipped = _skipped(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, _DEFINITIONS):
            found.update(_docstring_ids(node))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            text = node.value
            if re.fullmatch(RULE_ID, text):
                found.add(text)
            elif (note := _TEXT_ID.match(text)) is not None:
                found.add(note.group(1))
    return found


def cited_ids(ruleset: str) -> set[str]:
    """Every rule id the engine of `ruleset` cites where it decides it, over all its modules."""
    found: set[str] = set()
    for path in sorted((ROOT / ruleset).rglob("*.py")):
        if not _is_rulebook(path):
            found |= cited_in(path.read_text(encoding="utf-8"))
    return found
