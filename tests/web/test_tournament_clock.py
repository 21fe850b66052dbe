"""The tournament page follows a round's clock changed on another device (clk2): a call of time takes the director's
extend and call forms away, extensions move each table's end, and what a screen reader is told survives the
countdowns being drawn again (the minute marks once, in a live region the page already had; the call once)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tests.web.conftest import Site, Tab, with_token
from tests.web.test_tournament_director import _post, _token, _tournament

# Every announcement a live region is given: text set in a region (its nearest `aria-live`, not "off"), and regions
# inserted with text in them (flagged `before: false`, as every region the page did not have when this began). The
# tournament section's own polite region is the page's content, not an announcement: left out.
LISTEN = """() => {
  window.said = [];
  const before = new Set(document.querySelectorAll("[aria-live]"));
  const heard = (region) => {
    const text = region.textContent.trim();
    if (text && region.getAttribute("aria-live") !== "off" && region.id !== "tournament") {
      window.said.push({ text, before: before.has(region) });
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const region = target && target.closest("[aria-live]");
      if (region && region.id !== "tournament") heard(region);
      for (const added of record.addedNodes) {
        if (added.nodeType !== 1) continue;
        const regions = [added, ...added.querySelectorAll("[aria-live]")].filter((n) => n.matches("[aria-live]"));
        regions.forEach(heard);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def _started(site: Site, minutes: int = 150) -> str:
    tournament = _tournament(site)
    _post(site, f"/api/v1/tournaments/{tournament}/rounds", {"accept_problems": True})
    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/start", {"minutes": minutes})
    return tournament


def _opened(site: Site, tab: Tab, tournament: str) -> None:
    tab.page.clock.install(time=datetime.now(UTC))
    tab.open(f"{site.base}/tournaments/{tournament}")
    tab.page.wait_for_selector("#clock-1 .clock-left")
    tab.page.wait_for_selector("#tournament[data-director-ready='true']")


def _hhmm(tab: Tab, iso: str) -> str:
    """A time of day as the page shows it (the browser's time zone)."""
    shown: str = tab.page.evaluate(
        "iso => { const d = new Date(iso); "
        "return [d.getHours(), d.getMinutes()].map(n => String(n).padStart(2, '0')).join(':'); }",
        iso,
    )
    return shown


def _said(tab: Tab) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = tab.page.evaluate("window.said")
    return found


def _minutes_words(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    parts = [
        f"{hours} hour{'s' if hours > 1 else ''}" if hours else "",
        f"{rest} minute{'s' if rest > 1 else ''}" if rest else "",
    ]
    return " ".join(p for p in parts if p) or "less than a minute"


def _to_the_next_minute_mark(tab: Tab, clock_id: str) -> int:
    """Move the browser's time to just past countdown `clock_id`'s next minute mark (its timers not run, so the
    30 s read of the round does not come), then let its one-second count run; the minutes left after the mark."""
    left = tab.page.evaluate(
        "id => { const n = document.getElementById(id); "
        "return Date.parse(n.dataset.endsAt) - (Date.now() + Number(n.dataset.offset)); }",
        clock_id,
    )
    minutes = -(-left // 60000)  # as the page counts them: whole minutes, rounded up
    to_mark = left - (minutes - 1) * 60000
    now = tab.page.evaluate("Date.now()")
    tab.page.clock.set_system_time(datetime.fromtimestamp((now + to_mark - 1500) / 1000, UTC))
    tab.page.clock.run_for(3000)
    return int(minutes - 1)


def test_time_called_on_another_device_takes_the_extend_and_call_forms_away_without_a_reload(
    site: Site, tab: Tab
) -> None:
    """The director's laptop shows round 1 running; time is called from the judges' desk: within 30 s the laptop
    shows what a called round shows (no extension, no second call: the API refuses both), without a reload."""
    tournament = _started(site)
    with_token(tab, _token(site, "organiser"))
    _opened(site, tab, tournament)
    for form in ("#extend-1", "#extend-table-1", "#call-time-1"):
        assert tab.page.locator(form).count() == 1, form

    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/call", {})
    tab.page.clock.run_for(31_000)  # the page reads the open round again every 30 s
    tab.page.wait_for_selector("#call-time-1", state="detached")

    assert tab.page.locator("#extend-1").count() == 0 and tab.page.locator("#extend-table-1").count() == 0
    assert tab.page.inner_text("#clock-1 .clock-left").startswith("Time called at ")
    assert tab.page.locator("#close-form").count() == 1  # the round is still the director's to close
    assert tab.errors == []


def test_a_round_closed_on_another_device_shows_closed_without_its_countdown_or_forms(site: Site, tab: Tab) -> None:
    """Round 1's results are entered, approved and the round closed at the desk while the director's laptop shows
    it running: within 30 s the laptop shows it closed, its countdown and its forms gone, the next round to pair."""
    tournament = _started(site)
    base = f"/api/v1/tournaments/{tournament}"
    with_token(tab, _token(site, "organiser"))
    _opened(site, tab, tournament)

    for table in site.api(f"{base}/rounds/1")["tables"]:
        places = {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}
        _post(site, f"{base}/rounds/1/tables/{table['table']}/result", {"places": places})
        _post(site, f"{base}/rounds/1/tables/{table['table']}/approval", {"override_reason": "scored at the table"})
    _post(site, f"{base}/rounds/1/close", {})
    tab.page.clock.run_for(31_000)
    tab.page.wait_for_selector("#clocks-1", state="detached")

    assert tab.page.inner_text("section.round h3") == "Round 1 (closed)"
    for form in ("#extend-1", "#call-time-1", "#close-form"):
        assert tab.page.locator(form).count() == 0, form
    assert tab.page.locator("#preview-form").count() == 1  # round 2 is the director's to pair
    assert tab.errors == []


def test_extensions_made_elsewhere_move_each_extended_tables_end_on_the_page(site: Site, tab: Tab) -> None:
    """One table given 7 minutes, then the whole round 10: each shows within 30 s, and the table's end moves with
    the round's (the API's `ends_at` of the table), on a page that was only reading."""
    tournament = _started(site)
    _opened(site, tab, tournament)
    path = f"/api/v1/tournaments/{tournament}/rounds/1/clock/extensions"

    _post(site, path, {"minutes": 7, "reason": "ruling at table 2", "table": 2})
    tab.page.clock.run_for(31_000)
    tab.page.wait_for_selector("#clock-1-table-2")
    table_end = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["tables"][1]["ends_at"]
    assert tab.page.inner_text("#clock-1-table-2 .clock-left").endswith(f"ends {_hhmm(tab, table_end)}")
    _post(site, path, {"minutes": 10, "reason": "fire alarm"})
    tab.page.clock.run_for(31_000)
    moved = site.api(f"/api/v1/tournaments/{tournament}/rounds/1")
    later = _hhmm(tab, moved["tables"][1]["ends_at"])
    tab.page.wait_for_function(
        "end => document.querySelector('#clock-1-table-2 .clock-left').innerText.endsWith(`ends ${end}`)", arg=later
    )

    assert tab.page.inner_text("#clock-1 .clock-left").endswith(f"ends {_hhmm(tab, moved['ends_at'])}")
    assert moved["tables"][1]["ends_at"] > table_end
    assert tab.errors == []


def test_the_first_minute_mark_after_the_countdowns_are_drawn_again_is_said_once_where_it_was_heard(
    site: Site, tab: Tab
) -> None:
    """A table extended elsewhere redraws the round's countdowns; the round's next minute mark is then said once,
    in a live region the page had before (one inserted with the redraw may not be heard by a screen reader)."""
    tournament = _started(site)
    _opened(site, tab, tournament)
    tab.page.evaluate(LISTEN)
    _post(
        site,
        f"/api/v1/tournaments/{tournament}/rounds/1/clock/extensions",
        {"minutes": 7, "reason": "a ruling", "table": 2},
    )
    tab.page.clock.run_for(31_000)
    tab.page.wait_for_selector("#clock-1-table-2")

    minutes = _to_the_next_minute_mark(tab, "clock-1")
    ends = _hhmm(tab, site.api(f"/api/v1/tournaments/{tournament}/rounds/1")["ends_at"])
    mark = f"{_minutes_words(minutes)} left, ends {ends}"
    tab.page.wait_for_function("mark => window.said.some(s => s.text.includes(mark))", arg=mark)

    heard = [s for s in _said(tab) if mark in s["text"]]
    assert len(heard) == 1, _said(tab)
    assert heard[0]["before"], heard  # said in a region the page had, not one inserted with the redraw
    assert tab.errors == []


def test_the_call_of_time_is_said_once_when_the_director_calls_it_after_the_end_passed(site: Site, tab: Tab) -> None:
    """The countdown reaches its end ("Time called" is said); the director then calls time from the desk: the
    page's next read draws "Time called at HH:MM" without saying the call a second time."""
    tournament = _started(site, minutes=1)
    _opened(site, tab, tournament)
    tab.page.evaluate(LISTEN)
    now = tab.page.evaluate("Date.now()")
    tab.page.clock.set_system_time(datetime.fromtimestamp(now / 1000, UTC) + timedelta(seconds=75))
    tab.page.clock.run_for(2000)
    tab.page.wait_for_selector("#clock-1[data-state='called']")

    _post(site, f"/api/v1/tournaments/{tournament}/rounds/1/clock/call", {})
    tab.page.clock.run_for(31_000)
    tab.page.wait_for_function("document.querySelector('#clock-1 .clock-left').innerText.startsWith('Time called at ')")
    tab.page.clock.run_for(3000)

    calls = [s for s in _said(tab) if "Time called" in s["text"]]
    assert len(calls) == 1, _said(tab)
    assert calls[0]["before"]
    assert tab.errors == []
