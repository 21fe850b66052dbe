"""The README's action tables are written from the declarations (issue 15, point 5) and are current."""

from __future__ import annotations

from pathlib import Path

from domain.platform_actions import PLATFORM_ACTIONS
from service.generated_blocks import with_block
from service.openapi_actions import current_rulesets
from service.readme_actions import BEGIN, END, README_PATH, main, render


def test_the_action_tables_in_the_readme_are_what_the_rulesets_declare() -> None:
    document = README_PATH.read_text(encoding="utf-8")

    assert with_block(document, BEGIN, END, render(current_rulesets())) == document, (
        "README.md's action tables drifted from the rulesets: run python -m service.readme_actions --write"
    )


def test_every_declared_action_has_a_row_naming_its_rules() -> None:
    block = render(current_rulesets())

    for ruleset in current_rulesets():
        section = block.split(f"#### `{ruleset.id}`", 1)[1].split("####", 1)[0]
        for spec in ruleset.actions.values():
            row = next(line for line in section.splitlines() if line.startswith(f"| `{spec.type}` |"))
            assert all(rule_id in row for rule_id in spec.rule_ids), row
    assert all(f"| `{action}` |" in block for action in PLATFORM_ACTIONS)


def test_the_check_fails_on_a_readme_whose_tables_are_stale(tmp_path: Path) -> None:
    stale = tmp_path / "README.md"
    stale.write_text(f"# Annals\n\n{BEGIN}| `roll` | an old row |\n{END}", encoding="utf-8")

    assert main(["--check", "--path", str(stale)]) == 1
    assert main(["--write", "--path", str(stale)]) == 0
    assert main(["--check", "--path", str(stale)]) == 0
