"""Record throughput: export a long game as JSON Lines and import it back under a new id.

Export reads the stream in batches and writes canonical JSON lines; import parses the record,
recomputes the hash chain, re-adjudicates every action under the pinned ruleset version and stores
the events in one transaction.
"""

from __future__ import annotations

import time

from service.records import export_game, import_record
from tests.bench.service_app import BenchApp


def export_import_rates(bench: BenchApp, game_id: str) -> tuple[float, float, int]:
    """(exported events/s, imported events/s, events) for one export and one import of the game."""
    started = time.perf_counter()
    lines = list(export_game(bench.services, bench.admin, game_id))
    exported = time.perf_counter() - started
    started = time.perf_counter()
    report = import_record(bench.services, bench.admin, lines, keep_id=False)
    imported = time.perf_counter() - started
    if not report.chain_ok or report.findings.get("deviates"):
        raise AssertionError(f"the bench game did not import cleanly: {report.to_json()}")
    events = len(lines) - 1
    return events / exported, events / imported, events
