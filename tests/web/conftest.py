"""Browser tests: Debian's Chromium driven by Playwright for Python, against `annals serve` over real HTTP.

Chromium is found (ANNALS_CHROMIUM, then `chromium` on PATH) or installed with apt-get when this process may
(root, as on CI); the browser tests are skipped, with the reason printed, only when no Chromium can be had.
Playwright never downloads a browser of its own here: it is launched with `executable_path`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from service import create_app
from service.samples import game_of, load_sample, load_tournament_sample, sample_name, sample_paths, tournament_paths
from service.store.migrate import upgrade
from tests.e2e.annals_server import Served, serve_annals
from tests.web.chromium import CHROMIUM_ARGS, SCREENSHOTS, apt_install_chromium, found_chromium


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The Chromium executable, installed with apt-get when missing and possible; else a loud skip."""
    found = found_chromium()
    if found is None and not os.environ.get("ANNALS_CHROMIUM"):
        outcome = apt_install_chromium()
        found = found_chromium()
        if found is None:
            reason = f"NO CHROMIUM: browser tests skipped ({outcome}); set ANNALS_CHROMIUM or install chromium"
            print(f"\n*** {reason} ***", file=sys.stderr)
            pytest.skip(reason)
    if found is None:
        pytest.skip(f"NO CHROMIUM: ANNALS_CHROMIUM={os.environ['ANNALS_CHROMIUM']!r} is not a file")
    return found


@dataclass(frozen=True)
class Site:
    """`annals serve` with the sample games loaded: their ids by sample name, and an admin token."""

    served: Served
    games: dict[str, str]
    tournaments: dict[str, str]  # sample name -> tournament id

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.served.port}"

    def api(self, path: str) -> Any:
        import json

        status, raw = self.served.get(path)
        assert status == 200, (path, raw[:300])
        return json.loads(raw)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The samples recorded into a fresh SQLite file, then served over HTTP by `annals serve`."""
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'annals.db'}"
    app = create_app({"DATABASE_URL": url, "RATINGS_WARM": False})  # only records the samples, then closes
    wired = app.extensions["annals"]
    upgrade(wired.engine)
    games = {sample_name(path): game_of(load_sample(wired, path)) for path in sample_paths()}
    tournaments = {
        path.name.removesuffix(".tournament.json.gz"): load_tournament_sample(wired, path).split()[2]
        for path in tournament_paths()
    }
    wired.close()
    # One address opens every page of the run: the anonymous rate limit would only measure itself.
    server = serve_annals(url, 1, ANNALS_RATELIMIT="0")
    served = next(server)
    yield Site(served, games, tournaments)
    server.close()


@dataclass
class Tab:
    """A browser page and what its console reported."""

    page: Any
    errors: list[str] = field(default_factory=list)

    def open(self, url: str) -> None:
        self.page.goto(url)

    def wait_ready(self) -> None:
        self.page.wait_for_selector("#game[data-ready='true']", timeout=15_000)


@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[Any]:
    """One headless Chromium per test module: Playwright's sync API keeps an asyncio loop running in the thread
    while it is open, so a later module's `asyncio.run` (tests/api/test_asgi_front.py, when pytest-xdist gives
    one worker both) would find a running loop."""
    playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Tab]:
    """A fresh browser context (its own session storage) whose console errors are collected."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = Tab(context.new_page())
    opened.page.on("console", lambda m: opened.errors.append(m.text) if m.type == "error" else None)
    opened.page.on("pageerror", lambda e: opened.errors.append(f"uncaught: {e}"))
    yield opened
    context.close()


def with_token(tab: Tab, token: str) -> None:
    """Put a token in the tab's session storage before any page script runs, as the login page does."""
    tab.page.add_init_script(f"sessionStorage.setItem('annals.token', {token!r});")


def dead_link(tab: Tab, url: str) -> list[str]:
    """Open `url`, which the service answers with its 404 page; the API addresses the page's script asked."""
    asked: list[str] = []
    tab.page.on("request", lambda request: asked.append(request.url) if "/api/" in request.url else None)
    response = tab.page.goto(url)
    assert response is not None and response.status == 404
    return asked


def hidden_until_a_token(site: Site, tab: Tab, path: str, said: str, secret: str) -> None:
    """`path` opened anonymously is the 404 page saying `said`, with nothing of `secret` in it; then the tab takes
    the admin token and opens it again (the caller waits for what the page's script shows)."""
    dead_link(tab, site.base + path)
    assert tab.page.inner_text("#not-here") == said
    assert secret not in tab.page.content()
    with_token(tab, site.served.token)
    tab.open(site.base + path)


def screenshot(tab: Tab, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    tab.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
