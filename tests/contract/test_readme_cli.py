"""README's "Command line" block names every `annals` command and each of its options, as `annals --help` does."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click

from service.cli import cli
from service.readme_actions import README_PATH


def _commands(command: click.Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, click.Command]]:
    """Every command one can run, as `annals <words>`."""
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from _commands(sub, (*path, name))
    elif not command.hidden:
        yield " ".join(path), command


def _readme_entries() -> dict[str, str]:
    """The block's entries by command: a line starting `annals …` and the indented lines that continue it."""
    text = README_PATH.read_text(encoding="utf-8")
    block = text.split("## Command line\n\n```\n", 1)[1].split("```", 1)[0]
    entries: dict[str, str] = {}
    current = None
    for line in block.splitlines():
        if line.startswith("annals "):
            words = re.match(r"annals ((?:[a-z][a-z-]* ?)+)", line)
            assert words, line
            current = words.group(1).strip()
            entries[current] = line
        elif line.startswith(" ") and current is not None:
            entries[current] += "\n" + line
        else:
            current = None
    return entries


COMMANDS = dict(_commands(cli))


def test_every_command_has_its_own_entry_in_the_readme() -> None:
    entries = _readme_entries()

    missing = sorted(name for name in COMMANDS if not any(entry == name for entry in entries))

    assert not missing, f"README.md's Command line block has no `annals <command>` line for {missing}"


def test_every_option_of_a_command_is_in_its_readme_entry() -> None:
    entries = _readme_entries()
    untold = []
    for name, command in COMMANDS.items():
        entry = entries.get(name, "")
        options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden]
        for option in options:
            if not any(re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", entry) for flag in option.opts):
                untold.append(f"annals {name} {option.opts[-1]}")

    assert not untold, f"options README.md's Command line block does not show: {untold}"


def test_every_readme_entry_is_a_command_that_exists() -> None:
    stale = sorted(name for name in _readme_entries() if name not in COMMANDS)

    assert not stale, f"README.md's Command line block names commands annals does not have: {stale}"
