"""The recorder of an AGoT game in a real browser: a single order token or house card is chosen from a drop-down of
printed names (as the orders' rows are), never typed as an id."""

from __future__ import annotations

from typing import Any

from tests.api.test_agot2_house_cards import _game as house_card_game
from tests.domain.agot2.tables import units
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


def _renly_won(site: Site) -> str:
    """tests/api/test_agot2_house_cards.py's Renly: Baratheon marches from `a` on Stark's castle `b` with Renly
    Baratheon against Ser Rodrik Cassel, wins, and is asked which footman Renly upgrades (GOT-X-8)."""
    extra = {"extra_units": units("baratheon", "c", "footman")}
    orders = [{"area": "c", "seat": "baratheon", "token": "support_0_a"}]
    built = house_card_game("baratheon", "stark", ["footman", "knight"], ["footman"], **extra, extra_orders=orders)
    options = {k: v for k, v in built.meta.options.items() if v is not None}
    seats = [{"seat": s} for s in built.meta.seat_names()]
    game = _game(site, ruleset="agot2", board=built.state.board_document, seats=seats, options=options)
    moves = [{"to_area": "b", "units": ["baratheon:footman:a:1", "baratheon:knight:a:2"]}]
    _post(
        site,
        f"/api/v1/games/{game}/actions",
        {"type": "march", "seat": "baratheon", "data": {"from_area": "a", "moves": moves}},
    )
    [(_, support)] = _options(site, game, "declare_support")
    _post(
        site,
        f"/api/v1/games/{game}/actions",
        {"type": "declare_support", "seat": "baratheon", "data": support["choices"][0]},
    )
    cards = {"baratheon": "baratheon_renly_baratheon", "stark": "stark_ser_rodrik_cassel"}
    for seat, option in _options(site, game, "seal"):
        round_id = option["fields"]["round"]
        _post(site, f"/api/v1/games/{game}/sealed", {"seat": seat, "round": round_id, "payload": {"card": cards[seat]}})
    return game


def test_got_x_8_the_card_whose_ability_resolves_is_named_as_printed_not_typed_as_its_id(site: Site, tab: Tab) -> None:
    """GOT-X-8, GOT-CARD-1: Renly's owner resolves his ability: the `card` field was a text box over "the owner's
    revealed house card"; it offers the one card by its printed name and strength."""
    game = _renly_won(site)
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='baratheon'] button[data-type='resolve_card_ability']")

    card = tab.page.locator("#record-fields select[data-field='card']")
    assert card.locator("option").all_inner_texts() == ["Renly Baratheon (3)"]
    assert "revealed house card" not in tab.page.inner_text("#record-form")
    assert tab.errors == []
