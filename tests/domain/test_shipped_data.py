"""The shipped-data loader: package JSON read by package name, read-only and once (domain/shipped_data.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.shipped_data import shipped_json, shipped_jsons


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A throw-away package `shipped_fixture_pkg` with a document and a folder of boards."""
    root = tmp_path / "shipped_fixture_pkg"
    (root / "boards").mkdir(parents=True)
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "cards.json").write_text(json.dumps({"cards": ["a", "b"]}), encoding="utf-8")
    (root / "list.json").write_text("[1, 2]", encoding="utf-8")
    (root / "boards" / "zeta.json").write_text('{"name": "Zeta"}', encoding="utf-8")
    (root / "boards" / "alpha.json").write_text('{"name": "Alpha"}', encoding="utf-8")
    (root / "boards" / "notes.txt").write_text("not a board", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "shipped_fixture_pkg"
    shipped_json.cache_clear()
    shipped_jsons.cache_clear()


def test_the_document_is_read_when_a_package_and_file_name_are_given(package: str) -> None:
    assert shipped_json(package, "cards.json") == {"cards": ["a", "b"]}


def test_the_same_object_is_returned_when_a_document_is_asked_for_twice(package: str) -> None:
    assert shipped_json(package, "cards.json") is shipped_json(package, "cards.json")


def test_a_folder_gives_its_json_files_by_name_in_name_order_when_listed(package: str) -> None:
    boards = shipped_jsons(package, "boards")

    assert list(boards) == ["alpha", "zeta"]
    assert boards["zeta"] == {"name": "Zeta"}


def test_a_file_in_a_folder_is_read_when_its_relative_path_is_given(package: str) -> None:
    assert shipped_json(package, "boards/alpha.json") == {"name": "Alpha"}


def test_a_packaging_error_names_the_file_when_a_document_is_not_an_object(package: str) -> None:
    with pytest.raises(ValueError, match=r"shipped_fixture_pkg:list\.json is not a JSON object"):
        shipped_json(package, "list.json")
