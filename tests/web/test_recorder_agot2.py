"""The recorder of an AGoT game in a real browser: a single order token or house card is chosen from a drop-down of
printed names (as the orders' rows are), never typed as an id; a retreat's area from the legal ones only; a list of
areas or units (support, casualties, a retreat's losses) from checkboxes by name, never typed as JSON, units alike
(two footmen in one area) one counter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.api.test_agot2_house_cards import _game as house_card_game
from tests.domain.agot2.tables import units
from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_recorder import _events, _game, _open_recorder

if TYPE_CHECKING:
    from playwright.sync_api import Locator

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


def _baratheon_marched(site: Site, supporters: tuple[str, ...] = ("c",)) -> str:
    """tests/api/test_agot2_house_cards.py's Renly: Baratheon marches from `a` on Stark's castle `b`, a footman with a
    Support order in each of `supporters` (next to `b`), and the first of them is asked to declare (GOT-SUPPORT-3)."""
    tokens = ("support_0_a", "support_0_b", "support_plus1")
    extra = {"extra_units": [u for area in supporters for u in units("baratheon", area, "footman")]}
    orders = [{"area": a, "seat": "baratheon", "token": t} for a, t in zip(supporters, tokens, strict=False)]
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
    return game


def _renly_won(site: Site) -> str:
    """Baratheon, supported from `c`, wins with Renly Baratheon against Ser Rodrik Cassel and is asked which footman
    Renly upgrades (GOT-X-8)."""
    game = _baratheon_marched(site)
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


def test_got_support_3_x_4_the_supporting_areas_are_checkboxes_of_the_board_names_all_checked(
    site: Site, tab: Tab
) -> None:
    """GOT-SUPPORT-3, X-4: `areas` was a JSON text box; the supporter's eligible areas are checkboxes by name, all
    checked (a declaration covers every eligible order), at least one needed."""
    game = _baratheon_marched(site, supporters=("c", "d"))
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='baratheon'] button[data-type='declare_support']")

    areas = tab.page.locator("#record-fields fieldset[data-field='areas']")
    boxes = areas.locator("input[type='checkbox']")
    assert [boxes.nth(n).get_attribute("value") for n in range(boxes.count())] == ["c", "d"]
    assert [n.strip() for n in areas.locator("label.check").all_inner_texts()] == ["C", "D"]  # the board's names
    assert all(boxes.nth(n).is_checked() for n in range(2))
    assert tab.page.locator("#record-fields textarea[data-field='areas']").count() == 0
    assert tab.page.locator("#record-fields-note li[data-field='areas']").count() == 0  # not again as ids
    tab.page.select_option("#record-fields select[data-field='side']", label="attacker")
    for n in range(2):
        boxes.nth(n).uncheck()
    before = len(_events(site, game))
    tab.page.click("#record-send")
    assert "areas: choose at least one" in tab.page.inner_text("#record-result")
    assert len(_events(site, game)) == before
    # The JSON stays behind "type the payload", and what is typed there is what is sent.
    areas.locator("details.raw-payload summary").click()
    areas.locator("textarea").fill('["d", "c"]')
    screenshot(tab, "agot_support_areas")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    declared = [e["data"] for e in _events(site, game) if e["type"] == "SupportDeclared"]
    assert [(d["side"], d["areas"]) for d in declared] == [("attacker", ["c", "d"])], declared  # sorted by the engine
    assert tab.errors == []


def _stark_beaten(site: Site, defenders: list[str], **options: Any) -> str:
    """Three Lannister knights and Ser Jaime (1 sword) march from `a` on Stark's castle `b` held by `defenders`
    (Catelyn Stark) and win: Stark owes one casualty (GOT-CASUALTY-2/3). `options` may add units elsewhere
    (`extra_units`) and game options (supply limits)."""
    extra = {"extra_units": options.pop("extra_units")} if "extra_units" in options else {}
    built = house_card_game("lannister", "stark", ["knight", "knight", "knight"], defenders, **extra)
    chosen = {**{k: v for k, v in built.meta.options.items() if v is not None}, **options}
    seats = [{"seat": s} for s in built.meta.seat_names()]
    game = _game(site, ruleset="agot2", board=built.state.board_document, seats=seats, options=chosen)
    moves = [{"to_area": "b", "units": [u.id for u in built.state.units_in("a", "lannister")]}]
    _post(
        site,
        f"/api/v1/games/{game}/actions",
        {"type": "march", "seat": "lannister", "data": {"from_area": "a", "moves": moves}},
    )
    cards = {"lannister": "lannister_ser_jaime_lannister", "stark": "stark_catelyn_stark"}
    for seat, option in _options(site, game, "seal"):
        round_id = option["fields"]["round"]
        _post(site, f"/api/v1/games/{game}/sealed", {"seat": seat, "round": round_id, "payload": {"card": cards[seat]}})
    return game


def _rows(field: Locator) -> list[str]:
    """A checklist's rows as read: a box's name, or a counter's name and how many it takes of how many."""
    texts = [" ".join(t.split()) for t in field.locator("label.check").all_inner_texts()]
    counted = iter(field.locator("input.count").evaluate_all("(boxes) => boxes.map((b) => b.value)"))
    return [t.replace(": of", f": {next(counted)} of") if ": of" in t else t for t in texts]


def test_got_casualty_3_retreat_3_casualties_alike_are_one_counter_and_the_retreat_offers_the_legal_areas_only(
    site: Site, tab: Tab
) -> None:
    """GOT-CASUALTY-3, GOT-RETREAT-3/4, X-17: Stark's castle `b` (footman, knight, footman) loses: Stark picks exactly
    one casualty by type and area (`units` was a JSON box; the two footmen were two boxes both reading "Footman in B",
    now one counter "Footman in B: 0 of 2"), then retreats to `c` or `d` only: not the attacker's origin `a`, not the
    sea `s`, not `b` itself (the drop-down listed every area of the board), with nothing to destroy."""
    game = _stark_beaten(site, ["footman", "knight", "footman"])
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='stark'] button[data-type='choose_casualties']")

    units_box = tab.page.locator("#record-fields fieldset[data-field='units']")
    # The first listed choice fills the form: one footman, and with 1 due the knight is greyed out.
    assert _rows(units_box) == ["Footman in B: 1 of 2", "Knight in B"], _rows(units_box)
    knight = units_box.get_by_label("Knight in B")
    assert knight.is_disabled()
    units_box.locator("input.count").fill("0")
    assert "0 of 1 chosen" in units_box.inner_text() and knight.is_enabled()
    knight.check()
    assert units_box.locator("input.count").get_attribute("max") == "0"  # the count reached: no footman more
    assert "due" not in tab.page.inner_text("#record-fields-note")  # the list's own hint gives it
    screenshot(tab, "agot_casualties")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    taken = next(e for e in reversed(_events(site, game)) if e["type"] == "CasualtiesTaken")
    assert taken["data"]["units"] == ["stark:knight:b:2"], taken

    tab.page.click("#pending-seats fieldset[data-seat='stark'] button[data-type='choose_retreat']")
    to_area = tab.page.locator("#record-fields select[data-field='to_area'] option").all_inner_texts()
    assert [a for a in to_area if a != "—"] == ["C", "D"], to_area  # the board's names of `c` and `d`
    tab.page.select_option("#record-fields select[data-field='to_area']", label="D")
    destroy = tab.page.locator("#record-fields fieldset[data-field='destroy']")
    assert "none needed" in destroy.inner_text() and destroy.locator("input.count").get_attribute("max") == "0"
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded >> nth=0")
    assert any(e["type"] == "UnitsRetreated" and e["data"].get("to_area") == "d" for e in _events(site, game))
    assert tab.errors == []


def test_got_retreat_5_x_17_the_units_destroyed_first_are_chosen_by_name_as_many_as_the_area_chosen_costs(
    site: Site, tab: Tab
) -> None:
    """GOT-RETREAT-5, X-17 (retreat_minimize_losses off): Stark (supply [3, 2], two footmen in `c`, one in `d`) loses
    `b` and retreats a knight and two footmen: into `d` an army of 4 must lose 1 unit first, into `c` one of 5 must
    lose 2. `destroy` was a JSON text box; it is the retreating units by name, the two footmen one counter, in the
    count the area chosen costs."""
    extra = units("stark", "c", "footman", "footman", first=10) + units("stark", "d", "footman", first=20)
    limits = {"supply_limits": {"stark": [3, 2]}, "retreat_minimize_losses": False}
    game = _stark_beaten(site, ["footman", "footman", "footman", "knight"], extra_units=extra, **limits)
    [(_, casualties)] = _options(site, game, "choose_casualties")
    _post(
        site,
        f"/api/v1/games/{game}/actions",
        {"type": "choose_casualties", "seat": "stark", "data": {**casualties["choices"][0]}},
    )
    [(_, retreat)] = _options(site, game, "choose_retreat")
    assert retreat["fields"]["destroy_due"] == {"to_area": {"c": 2, "d": 1}}, retreat["fields"]
    _open_recorder(site, tab, game)
    tab.page.click("#pending-seats fieldset[data-seat='stark'] button[data-type='choose_retreat']")

    destroy = tab.page.locator("#record-fields fieldset[data-field='destroy']")
    assert tab.page.locator("#record-fields textarea[data-field='destroy']").count() == 0
    # A listed choice names the two footmen once, with their number (it read "Footman in B, Footman in B").
    choices = tab.page.locator("#record-choices button").all_inner_texts()
    assert any("destroy: Footman in B ×2" in c for c in choices), choices
    assert "destroy_due" not in tab.page.inner_text("#record-fields-note")  # the count is the list's own hint
    tab.page.select_option("#record-fields select[data-field='to_area']", label="D")
    destroy.locator("input.count").fill("0")
    destroy.get_by_label("Knight in B").uncheck()
    assert [r.split(":")[0] for r in _rows(destroy)] == ["Footman in B", "Knight in B"], _rows(destroy)
    assert "0 of 1 chosen" in destroy.inner_text()
    tab.page.select_option("#record-fields select[data-field='to_area']", label="C")
    assert "0 of 2 chosen" in destroy.inner_text()
    destroy.locator("input.count").fill("1")
    before = len(_events(site, game))
    tab.page.click("#record-send")
    assert "destroy: choose exactly 2 (1 chosen)" in tab.page.inner_text("#record-result")
    assert len(_events(site, game)) == before
    destroy.get_by_label("Knight in B").check()
    assert "2 of 2 chosen" in destroy.inner_text()
    screenshot(tab, "agot_retreat_destroy")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    events = _events(site, game)
    [lost] = [e["data"] for e in events if e["type"] == "UnitsDestroyed" and e["data"]["reason"] == "supply_limit"]
    assert sorted(lost["units"]) == ["stark:footman:b:2", "stark:knight:b:4"], lost
    assert any(e["type"] == "UnitsRetreated" and e["data"]["to_area"] == "c" for e in events)
    assert tab.errors == []
