"""Blocks of a hand-written file that a generator owns: found between two marker lines and replaced whole, so that
the rest of the file stays hand-written and a merge of both is mechanical."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path


def with_block(document: str, begin: str, end: str, block: str) -> str:
    """`document` with the text between `begin` and `end` (markers included) replaced by `block`, or `block` added at
    its end when the markers are not there yet."""
    if begin in document and end in document:
        head, rest = document.split(begin, 1)
        return head + block + rest.split(end, 1)[1]
    return document.rstrip("\n") + "\n\n" + block


def generator_main(
    argv: Sequence[str] | None, description: str, default_path: Path, wanted_of: Callable[[str], str], command: str
) -> int:
    """A generator's command line: `--write` rewrites the file's block, otherwise exit 1 when it is out of date."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", action="store_true", help="rewrite the generated block")
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is out of date (the default)")
    parser.add_argument("--path", type=Path, default=default_path)
    args = parser.parse_args(argv)
    document = args.path.read_text(encoding="utf-8")
    wanted = wanted_of(document)
    if args.write:
        args.path.write_text(wanted, encoding="utf-8")
        return 0
    if wanted != document:
        print(f"{args.path}: the generated block is out of date; run {command}")
        return 1
    return 0
