"""`python tests/mutation/run.py MODULE`: mutmut on one module against its tests; prints the score.

Run as a script, not as `-m tests.mutation`: mutmut runs pytest in this process from its copy of the project
(mutants/), and a `tests` package already imported from the work tree would shadow the copy's.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tomllib
from pathlib import Path

from mutmut.__main__ import cli
from mutmut.configuration import config
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parents[2]
TARGETS = Path(__file__).with_name("targets.toml")
# Found by a test that failed or errored (a mutant that hangs or is refused by the type checker is found too).
DETECTED = frozenset({"killed", "timeout", "caught by type check"})


def main(argv: list[str] | None = None) -> int:
    """Mutate MODULE, run its mutants against its tests from targets.toml, print killed/total and survivors."""
    args = _arguments(argv)
    os.chdir(ROOT)  # mutmut reads pyproject.toml and writes mutants/ relative to the working directory
    targets = tomllib.loads(TARGETS.read_text("utf-8"))["targets"]
    if args.module not in targets:
        known = "\n  ".join(sorted(targets))
        print(f"no tests listed for {args.module!r} in {TARGETS.relative_to(ROOT)}; known:\n  {known}")
        return 2
    # Each run starts clean: mutmut caches verdicts in mutants/, and another module's cache would mix in.
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    settings = config()
    settings.only_mutate = [args.module]
    settings.pytest_add_cli_args_test_selection = list(targets[args.module])
    log = ROOT / "mutants" / "mutmut.log"
    log.parent.mkdir()
    print(f"mutating {args.module} against {len(settings.pytest_add_cli_args_test_selection)} test path(s)...")
    # mutmut's spinner redraws a line per mutant: kept in a file, not on the terminal
    with log.open("w", encoding="utf-8") as out, contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            cli.main(["run", "--max-children", str(args.jobs)], standalone_mode=False)
        except SystemExit as stop:
            code = int(stop.code or 0)
        else:
            code = 0
    if code and _mutant_count(args.module) == 0:
        # mutmut stops with an error when no test reaches a mutant, and so when there is no mutant at all
        print(f"\n{args.module}: 0 mutants (nothing in it mutmut changes: declarations and bare returns only)")
        return 0
    if code:
        print(f"mutmut stopped with exit code {code}; see {log.relative_to(ROOT)}")
        return code
    return _report(args.module, show_diffs=args.diffs)


def _mutant_count(module: str) -> int | None:
    """How many mutants mutmut made of MODULE (None: it stopped before writing them down)."""
    meta = ROOT / "mutants" / f"{module}.meta"
    if not meta.exists():
        return None
    return len(json.loads(meta.read_text("utf-8"))["exit_code_by_key"])


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("module", help="path of the module from the repository root, e.g. domain/dice.py")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (the machine is shared)")
    parser.add_argument("--diffs", action="store_true", help="print the change of every mutant not killed")
    return parser.parse_args(argv)


def _report(module: str, *, show_diffs: bool) -> int:
    """Print the mutants not killed (`mutmut show NAME` gives one's change) and the score."""
    meta = json.loads((ROOT / "mutants" / f"{module}.meta").read_text("utf-8"))
    statuses = {name: status_by_exit_code[code] for name, code in meta["exit_code_by_key"].items()}
    total = len(statuses)
    detected = sum(1 for status in statuses.values() if status in DETECTED)
    undetected = sorted((status, name) for name, status in statuses.items() if status not in DETECTED)
    print()
    for status, name in undetected:
        print(f"  {status:>12}  {name}")
        if show_diffs:
            print(get_diff_for_mutant(name, path=module), end="\n\n")
    score = 100.0 * detected / total if total else 100.0
    print(f"\n{module}: {detected}/{total} mutants killed ({score:.1f}%), {len(undetected)} not killed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
