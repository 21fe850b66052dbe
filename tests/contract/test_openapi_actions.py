"""openapi.yaml carries the action schemas the rulesets declare (issue 15): regenerating them changes nothing."""

from __future__ import annotations

from pathlib import Path

import yaml

from service.openapi_actions import BEGIN, END, SPEC_PATH, current_rulesets, main, render, updated


def test_the_generated_action_schemas_in_openapi_yaml_are_what_the_code_declares() -> None:
    document = SPEC_PATH.read_text(encoding="utf-8")

    assert updated(document, render(current_rulesets())) == document, (
        "openapi.yaml's action schemas drifted from the rulesets: run python -m service.openapi_actions --write"
    )


def test_each_ruleset_has_a_discriminated_union_covering_each_declared_type() -> None:
    schemas = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))["components"]["schemas"]

    for ruleset in current_rulesets():
        union = schemas[f"{''.join(p.capitalize() for p in ruleset.id.split('_'))}Action"]
        mapping = union["discriminator"]["mapping"]
        assert set(ruleset.actions) | {"adjust", "add_client_seed", "end_game"} == set(mapping), ruleset.id
        for action_type, ref in mapping.items():
            member = schemas[ref.rsplit("/", 1)[1]]
            assert member["properties"]["type"]["const"] == action_type


def test_check_fails_and_write_repairs_when_the_block_was_edited_by_hand(tmp_path: Path) -> None:
    copy = tmp_path / "openapi.yaml"
    original = SPEC_PATH.read_text(encoding="utf-8")
    copy.write_text(original.replace("const: move_army", "const: move_armies"), encoding="utf-8")

    assert main(["--check", "--path", str(copy)]) == 1
    assert main(["--write", "--path", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == original
    assert original.count(BEGIN) == 1 and original.count(END) == 1
