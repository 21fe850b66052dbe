"""The viewer's speed in a real browser (issue 14): a game of about 700 events opens in under a second, and
stepping to any version renders in under 50 ms, because the page steps through replay frames it already holds.

Run by `make bench` (tests/bench) or alone: `python -m tests.web.bench_viewer`.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from service import create_app
from service.samples import SAMPLES, game_of, load_sample
from service.store.migrate import upgrade
from tests.bench.report import Row, latency_row, percentile, render, skipped_row
from tests.e2e.annals_server import serve_annals
from tests.web.chromium import CHROMIUM_ARGS, found_chromium

BIG_SAMPLE = SAMPLES / "kard_es_korona_advanced_six_lords.sample.json"  # 661 events
OPEN_CEILING_MS = 1000.0
STEP_CEILING_MS = 50.0
OPENS = 5
# Jumps to versions spread over the game (a fixed sequence, so runs compare), timed in the page itself:
# show() is synchronous, so the time covers patching nothing (states are built) and redrawing the board.
STEPS_SCRIPT = """(count) => {
  const slider = document.getElementById('vcr-slider');
  const last = Number(slider.max);
  const times = [];
  for (let i = 0; i < count; i += 1) {
    slider.value = String(1 + ((i * 7919) % last));
    const started = performance.now();
    slider.dispatchEvent(new Event('input'));
    times.push(performance.now() - started);
  }
  return times;
}"""


def viewer_rows(temp_dir: Path) -> list[Row]:
    """Open the biggest sample game in headless Chromium several times, then jump around it."""
    chromium = found_chromium()
    names = ("viewer: open a 661-event game", "viewer: step to any version")
    if chromium is None:
        return [skipped_row(name, "no chromium (ANNALS_CHROMIUM or PATH)") for name in names]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return [skipped_row(name, "playwright is not installed (the test extra)") for name in names]
    url = f"sqlite:///{temp_dir / 'viewer.db'}"
    app = create_app({"DATABASE_URL": url})
    wired = app.extensions["annals"]
    upgrade(wired.engine)
    game = game_of(load_sample(wired, BIG_SAMPLE))
    wired.close()
    server = serve_annals(url, 1, ANNALS_RATELIMIT="0")
    served = next(server)
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            shown, ready = [], []
            for _ in range(OPENS):
                started = time.perf_counter()
                page.goto(f"http://127.0.0.1:{served.port}/games/{game}")
                page.wait_for_selector("#game[data-shown='true']")
                shown.append((time.perf_counter() - started) * 1000)
                page.wait_for_selector("#game[data-ready='true']")
                ready.append((time.perf_counter() - started) * 1000)
            steps: list[float] = page.evaluate(STEPS_SCRIPT, 200)
            browser.close()
    finally:
        server.close()
    return [
        latency_row(f"{names[0]}: board shown (median of {OPENS})", statistics.median(shown), OPEN_CEILING_MS),
        # "Opens" is read strictly: the page is ready to step only once the whole history is held.
        latency_row(
            f"{names[0]}: whole history held, ready to step (median)", statistics.median(ready), OPEN_CEILING_MS
        ),
        latency_row(f"{names[1]} p50 (200 jumps)", percentile(steps, 0.5), STEP_CEILING_MS),
        latency_row(f"{names[1]} p99 (200 jumps)", percentile(steps, 0.99), STEP_CEILING_MS),
    ]


def main() -> None:
    """Print the viewer's rows as the bench's table."""
    import os
    import tempfile

    with tempfile.TemporaryDirectory(prefix="annals-viewer-bench-") as tmp:
        os.environ.setdefault("ANNALS_SIGNING_KEY_FILE", str(Path(tmp) / "signing-key.pem"))
        print(render(viewer_rows(Path(tmp))))


if __name__ == "__main__":
    main()
