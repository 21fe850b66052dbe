"""The bench's fold and replay rows (issue 19, point 4): fold rates of freeform and of a whole Kard és Korona game,
and the peak memory of replaying a long game from its log."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from tests.bench import fold, kard_es_korona_game, replay_memory, store
from tests.bench.report import Row, rate_row, ratio_row, size_row
from tests.bench.workload import Plan

FOLD_FLOOR = 250_000.0  # events/s, freeform (issue 19)
KK_FOLD_FLOOR = 150_000.0  # events/s, Kard és Korona (issue 19)
REPLAY_PEAK_CEILING_MB = 100.0  # a million-event game replayed whole (issue 19)


def folding(tmp: Path, plan: Plan, progress: Callable[[str], None]) -> list[Row]:
    """Folding a whole freeform game and a whole Kard és Korona game from GameCreated; replay memory."""
    progress(f"deciding a {plan.fold_events:,}-event freeform game and folding it")
    events = fold.freeform_game(plan.fold_events)
    progress("playing a scripted six-lord Kard és Korona game (advanced map) to its end and folding it")
    kk_events = kard_es_korona_game.whole_game_events()
    board = SHIPPED_BOARDS["advanced"]
    repeats = plan.fold_repeats
    freeform = f"fold, {plan.fold_events:,}-event freeform game (median of {repeats})"
    kk = f"fold, whole {len(kk_events):,}-event Kard és Korona game to 1312, six lords (median of {repeats})"
    rows = [
        rate_row(
            f"{freeform}, CPU time", fold.fold_rate(events, repeats, clock=time.process_time), "events/s", FOLD_FLOOR
        ),
        rate_row(f"{freeform}, wall time", fold.fold_rate(events, repeats), "events/s"),
        rate_row(
            f"{kk}, CPU time",
            fold.fold_rate(kk_events, repeats, KARD_ES_KORONA, board, time.process_time),
            "events/s",
            KK_FOLD_FLOOR,
        ),
        rate_row(f"{kk}, wall time", fold.fold_rate(kk_events, repeats, KARD_ES_KORONA, board), "events/s"),
    ]
    return rows + _replay_rows(tmp, plan, progress)


def _replay_rows(tmp: Path, plan: Plan, progress: Callable[[str], None]) -> list[Row]:
    url = f"sqlite:///{tmp / 'replay.db'}"
    progress(f"writing a {plan.replay_events:,}-event freeform game (batches of {replay_memory.APPEND_BATCH:,})")
    game_id = replay_memory.write_game(url, plan.replay_events)
    progress("replaying it whole in a fresh process (GameLoader.load from GameCreated, no snapshot)")
    measured = replay_memory.measure(url, game_id)
    label = f"replay of a {measured.events:,}-event freeform game from its log (GameLoader.load, no snapshot)"
    return [
        size_row(f"{label}: peak memory held (tracemalloc)", measured.traced_peak_mb, REPLAY_PEAK_CEILING_MB),
        size_row(f"{label}: peak RSS of the process, imports included", measured.rss_peak_mb),
        size_row(f"{label}: peak RSS growth over the built app's", measured.rss_peak_mb - measured.rss_before_mb),
        rate_row(f"{label}: events/s (under tracemalloc)", measured.events / measured.seconds, "events/s"),
        *_appends_at_scale(url, tmp, plan, measured.events, progress),
    ]


def _appends_at_scale(url: str, tmp: Path, plan: Plan, events: int, progress: Callable[[str], None]) -> list[Row]:
    """One-event appends into the database that holds the long game, against the same into an empty one, in
    interleaved rounds: whether an append slows down as the log grows (its indexes outgrow the page cache)."""
    progress(f"appending into the {events:,}-event database and into an empty one ({plan.rounds} interleaved rounds)")
    sizes = store.Sizes(plan.appends, plan.batch_events, plan.append_warmup)
    with (
        store.annals(url, sizes) as (large, _),
        store.annals(f"sqlite:///{tmp / 'scale-empty.db'}", sizes) as (empty, _),
    ):
        into_large, into_empty = store.measure([large, empty], plan.rounds)
    label = f"append 1 event/commit into the database of the {events:,}-event game"
    return [
        rate_row(label, into_large.rate, "events/s"),
        ratio_row(f"{label} ÷ into an empty database", into_large.rate / into_empty.rate),
    ]
