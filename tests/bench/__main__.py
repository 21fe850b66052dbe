"""`python -m tests.bench [--quick] [--postgres] [--profile]`: one machine line and one markdown table."""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import time
from pathlib import Path

from tests.bench import fold_rows, group_commit, postgres_writers, sections
from tests.bench.report import Row, load_average, machine_line, render
from tests.bench.workload import Plan
from tests.web.bench_viewer import viewer_rows


def main(argv: list[str] | None = None) -> int:
    """Measure everything in a fresh temp dir and print the table (progress goes to stderr)."""
    args = _arguments(argv)
    plan = Plan.quick() if args.quick else Plan.full()
    # Waitress warns on every request that waits for a worker; under a saturating load that is all of them.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    profiles: list[str] | None = [] if args.profile else None
    load_before, started = load_average(), time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="annals-bench-") as tmp:
        temp_dir = Path(tmp)
        # The bench's databases sign with a key of their own, never instance/'s (served children inherit it).
        os.environ["ANNALS_SIGNING_KEY_FILE"] = str(temp_dir / "signing-key.pem")
        for name in ("ANNALS_SIGNING_KEY", "ANNALS_KEYRING_DIR", "ANNALS_WITNESS_FILE"):
            os.environ.pop(name, None)
        rows: list[Row] = []
        rows += sections.sqlite_store(temp_dir, plan, profiles)
        rows += group_commit.group_commit_rows(temp_dir, plan, sections.progress)
        rows += postgres_writers.postgres_writer_rows(plan, sections.progress)
        rows += fold_rows.folding(temp_dir, plan, sections.progress)
        rows += sections.service(temp_dir, plan, profiles)
        rows += sections.live(temp_dir, plan)
        rows += viewer_rows(temp_dir)  # the web viewer in headless Chromium (issue 14)
        postgres = ""
        if args.postgres:
            postgres_rows, postgres = sections.postgres_store(plan, profiles)
            rows += postgres_rows
        sections.progress(f"done in {time.perf_counter() - started:.0f} s")
        print(machine_line(temp_dir, load_before, postgres))
        print()
        print(render(rows))
    for profile in profiles or []:
        print(profile)
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a ~30 s smoke run with small loops (noisy numbers)")
    parser.add_argument("--postgres", action="store_true", help="also run the store rows on a throw-away PostgreSQL")
    parser.add_argument("--profile", action="store_true", help="print cProfile top costs of the append and HTTP rows")
    return parser.parse_args(argv)


if __name__ == "__main__":
    raise SystemExit(main())
