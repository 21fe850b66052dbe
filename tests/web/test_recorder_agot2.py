"""The recorder of an AGoT game in a real browser: a single order token or house card is chosen from a drop-down of
printed names (as the orders' rows are), never typed as an id."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_recorder import _events, _game, _open_recorder

SEATS = [{"seat": s} for s in ("stark", "lannister", "baratheon")]


def _post(site: Site, path: str, body: dict[str, Any]) -> None:
    status, _, raw = site.served.post(path, body)
    assert status == 201, raw


def _options(site: Site, game: str, kind: str) -> list[tuple[str, dict[str, Any]]]:
    pending = site.api(f"/api/v1/games/{game}/pending?as=arbiter")
    return [(w["seat"], o) for w in pending["waiting"] for o in w["options"] if o["type"] == kind]


def _at_the_ravens_moment(site: Site) -> str:
    """A new game whose orders are sealed (each House its first listed set) and revealed: the Raven holder decides."""
    game = _game(site, ruleset="agot2", board="base", seats=SEATS, dice="server")
    _post(site, f"/api/v1/games/{game}/actions", {"type": "plan_orders", "data": {}})
    for seat, option in _options(site, game, "seal"):
        payload = option["choices"][0]["payload"]
        _post(
            site, f"/api/v1/games/{game}/sealed", {"seat": seat, "round": option["fields"]["round"], "payload": payload}
        )
    return game


def test_got_raven_2_the_swapped_token_is_a_drop_down_of_printed_names_each_printed_token_once(
    site: Site, tab: Tab
) -> None:
    """GOT-RAVEN-2, X-13: the Raven's token was a text box asking for "an order token id"; its unplaced tokens are
    offered by printed name, a House's two plain Raids (the same printed token) once, apart from "Raid ★"."""
    game = _at_the_ravens_moment(site)
    [(holder, raven)] = _options(site, game, "use_raven")
    assert {"raid_a", "raid_b", "raid_special"} <= set(raven["fields"]["token"])
    _open_recorder(site, tab, game)
    tab.page.click(f"#pending-seats fieldset[data-seat='{holder}'] button[data-type='use_raven']")

    token = tab.page.locator("#record-fields select[data-field='token']")
    names = token.locator("option").all_inner_texts()
    assert names.count("Raid") == 1 and "Raid ★" in names
    assert "order token id" not in tab.page.inner_text("#record-form")
    assert "raid_a" not in tab.page.inner_text("#record-form")  # neither in the choices nor in the legal values
    area = tab.page.locator("#record-fields select[data-field='area'] option").all_inner_texts()
    assert len(area) == 1 + len(raven["fields"]["area"])  # "—", then the areas of the holder's own orders only

    tab.page.select_option("#record-fields select[data-field='option']", label="replace_order")
    tab.page.select_option("#record-fields select[data-field='area']", index=1)
    tab.page.select_option("#record-fields select[data-field='token']", label="Raid ★")
    screenshot(tab, "agot_raven_token")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    swapped = _events(site, game)[-1]
    assert swapped["data"]["placed_token"] == "raid_special", swapped
    assert tab.errors == []
