"""README's "What the game waits for" says what `pending` offers as the API answers it (tests/api/test_pending.py)."""

from __future__ import annotations

from service.readme_actions import README_PATH


def _section() -> str:
    text = README_PATH.read_text(encoding="utf-8")
    return text.split("### What the game waits for", 1)[1].split("\n### ", 1)[0]


def test_the_readme_says_choices_of_a_roll_leave_out_the_table_dice() -> None:
    """With table dice a `roll` choice has no `dice` (the recorder enters the physical dice): not "complete"."""
    prose = " ".join(_section().split())

    assert "`choices`: complete, except that in a table-dice game" in prose
    assert "leave out `dice`" in prose and "`roll`" in prose
