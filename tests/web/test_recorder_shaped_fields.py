"""The recorder's last JSON boxes, as controls a person uses at a table: a list whose order matters (a banner's or an
army's path, the order of tied Houses, the order casualties go in) is picked value by value and moved up or down; a
list of objects (a march's moves) is rows of their own selects and checkboxes; an object (an army's units by kind,
losses by army) is a small form of its fields. Each is recorded through the page with no JSON typed, and a listed
choice fills it back as the API gives it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.api.test_agot2_house_cards import _game as house_card_game
from tests.api.test_cedofan_kards_bs_examples import FACTIONS, HOMES
from tests.domain.agot2.examples import order
from tests.domain.agot2.tables import units
from tests.domain.agot2.test_qa_rulings import AROUND_B, EDGES_B
from tests.domain.agot2.test_qa_rulings import _game as qa_game
from tests.domain.cedofan_kards_bs.builders import OPTIONS, army, board_doc
from tests.domain.cedofan_rv.fixtures import FIXTURE_OPTIONS, A, B, board, city, noble, troops
from tests.web.conftest import Site, Tab, screenshot
from tests.web.test_recorder import _events, _game, _kbs_game, _open_recorder
from tests.web.test_recorder_agot2 import SEATS, _options, _rows

if TYPE_CHECKING:
    from playwright.sync_api import Locator


def _post(site: Site, game: str, action: dict[str, Any]) -> None:
    status, _, raw = site.served.post(f"/api/v1/games/{game}/actions", action)
    assert status == 201, raw


def _open(site: Site, tab: Tab, game: str, seat: str, kind: str) -> None:
    _open_recorder(site, tab, game)
    tab.page.click(f"#pending-seats fieldset[data-seat='{seat}'] button[data-type='{kind}']")


def _picked(field: Locator) -> list[str]:
    """An ordered field's values, in the order the page shows them."""
    found: list[str] = field.locator("ol.ordered-picked li").evaluate_all(
        "(items) => items.map((i) => i.dataset.value)"
    )
    return found


def _add(field: Locator, label: str) -> None:
    """Picks a value by the name the page gives it and adds it after the others, as a person would."""
    field.locator("select[data-add]").select_option(label=label)
    field.locator("button.add").click()


def _no_json(tab: Tab) -> None:
    assert tab.page.locator("#record-fields textarea[data-kind='json']").count() == 0, tab.page.inner_html(
        "#record-fields"
    )


def test_got_throne_1_tied_houses_are_ordered_by_picking_them_in_turn_not_typed_as_json(site: Site, tab: Tab) -> None:
    """GOT-THRONE-1, X-22: every House bids 0 on the Iron Throne track, so its holder orders the three of them.
    `order` was a JSON text box; the Houses tied are picked one after the other, moved up or down, and sent in the
    order shown. A listed choice shows its order."""
    game = _game(site, ruleset="agot2", board="base", seats=SEATS, dice="server")
    _post(site, game, {"type": "open_bidding", "data": {"track": "iron_throne"}})
    for seat, option in _options(site, game, "seal"):
        body = {"seat": seat, "round": option["fields"]["round"], "payload": {"amount": 0}}
        status, _, raw = site.served.post(f"/api/v1/games/{game}/sealed", body)
        assert status == 201, raw
    [(holder, tie)] = _options(site, game, "break_tie")
    assert sorted(tie["fields"]["tied"]) == ["baratheon", "lannister", "stark"]
    _open(site, tab, game, holder, "break_tie")

    _no_json(tab)
    order = tab.page.locator("#record-fields fieldset[data-field='order']")
    tab.page.click("#record-choices button[data-choice='1']")
    assert _picked(order) == tie["choices"][1]["order"]
    for house in [*_picked(order)]:
        order.get_by_role("button", name=f"Remove {house}").click()
    assert _picked(order) == []
    offered = order.locator("select[data-add] option").all_inner_texts()
    assert sorted(offered) == ["Baratheon", "Lannister", "Stark"], offered  # the tied Houses, no other
    for house in ("Lannister", "Stark", "Baratheon"):  # by the game's names of the seats
        _add(order, house)
    order.get_by_role("button", name="Move baratheon up").click()
    assert _picked(order) == ["lannister", "baratheon", "stark"]
    # The keyboard stays on the House it moved; at the top, its "up" is greyed out and "down" takes the focus.
    assert tab.page.evaluate("document.activeElement.getAttribute('aria-label')") == "Move Baratheon up"
    tab.page.keyboard.press("Enter")
    assert _picked(order) == ["baratheon", "lannister", "stark"]
    assert tab.page.evaluate("document.activeElement.getAttribute('aria-label')") == "Move Baratheon down"
    tab.page.keyboard.press("Enter")
    screenshot(tab, "agot_break_tie_order")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [placed] = [e["data"] for e in _events(site, game) if e["type"] == "TrackPositionsSet"]
    assert placed["order"][:3] == ["lannister", "baratheon", "stark"], placed
    assert tab.errors == []


def _lannister_to_march(site: Site) -> str:
    """tests/api/test_agot2_house_cards.py's position: three Lannister knights in `a` with a March order, next to
    Stark's castle `b` (a footman), before the march."""
    built = house_card_game("lannister", "stark", ["knight", "knight", "knight"], ["footman"])
    options = {k: v for k, v in built.meta.options.items() if v is not None}
    seats = [{"seat": s} for s in built.meta.seat_names()]
    return _game(site, ruleset="agot2", board=built.state.board_document, seats=seats, options=options)


def test_got_x_25_a_march_is_rows_of_moves_each_a_destination_and_its_units_by_name(site: Site, tab: Tab) -> None:
    """GOT-X-25, GOT-COMBAT-1: `moves` was a JSON text box of {to_area, units} objects; each move is a row: its
    destination among the March order's own (not every area of the board), its units checkboxes by type and area.
    A listed choice fills the rows; the march recorded is the rows' moves."""
    game = _lannister_to_march(site)
    [(_, march)] = _options(site, game, "march")
    destinations = march["fields"]["moves"]["from_area"]["a"]["to_area"]
    _open(site, tab, game, "lannister", "march")

    _no_json(tab)
    listed = tab.page.locator("#record-choices button").all_inner_texts()
    assert any("units: (Knight in A ×3)" in c for c in listed), listed  # a move's units by name, not as ids
    assert not any("lannister:knight" in c for c in listed), listed
    moves = tab.page.locator("#record-fields fieldset[data-field='moves']")
    split = max(range(len(march["choices"])), key=lambda n: len(march["choices"][n]["moves"]))
    chosen = march["choices"][split]["moves"]
    count = len(chosen)
    tab.page.click(f"#record-choices button[data-choice='{split}']")
    rows = moves.locator("li.row")
    assert rows.count() == count
    filled = [
        {
            "to_area": rows.nth(n).locator("select[data-field='to_area']").input_value().strip('"'),
            "units": _rows(rows.nth(n).locator("fieldset[data-field='units']")),
        }
        for n in range(count)
    ]
    wanted = [{"to_area": m["to_area"], "units": [f"Knight in A: {len(m['units'])} of 3"]} for m in chosen]
    assert filled == wanted, filled

    for n in reversed(range(count)):
        moves.get_by_role("button", name=f"Remove moves {n + 1}").click()
    moves.get_by_role("button", name="Add a row to moves").click()
    row = moves.locator("li.row").first
    offered = row.locator("select[data-field='to_area'] option").evaluate_all("(os) => os.map((o) => o.value)")
    assert sorted(v.strip('"') for v in offered if v) == sorted(destinations), offered
    row.locator("select[data-field='to_area']").select_option(label="B")
    knights = row.locator("fieldset[data-field='units']")
    assert _rows(knights) == ["Knight in A: 3 of 3"], _rows(knights)
    knights.locator("input.count").fill("2")
    screenshot(tab, "agot_march_rows")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [marched] = [e["data"] for e in _events(site, game) if e["type"] == "UnitsMarched"]
    assert (marched["from_area"], marched["to_area"], len(marched["units"])) == ("a", "b", 2), marched
    assert tab.errors == []


def test_got_retreat_3_robb_starks_loser_is_offered_the_legal_retreat_areas_only(site: Site, tab: Tab) -> None:
    """GOT-RETREAT-3/4/5, X-17, CARD-5 (tests/domain/agot2/test_qa_rulings.py's D9): Stark's knights from `a` beat
    Lannister's three footmen in `b` with Robb Stark; Lannister (supply [3, 2]; a footman in `x` and in `w`, two in
    `y`) first names its loss. Its form's `to_area` listed every area of the board; it offers `w` and `x` only (not
    the attacker's origin `a`, not `y`, which would cost a footman more, not `b` itself)."""
    unit_list = units("stark", "a", "knight", "knight", "knight") + units("lannister", "b", "footman", "footman")
    unit_list += units("lannister", "b", "footman", first=3) + units("lannister", "x", "footman")
    unit_list += units("lannister", "y", "footman", "footman") + units("lannister", "w", "footman")
    areas, edges = AROUND_B | {"w": "land"}, [*EDGES_B, ("b", "w")]
    orders = [order("a", "stark", "march_0")]
    built = qa_game(areas, edges, ("stark", "lannister"), unit_list, orders, supply_limits={"lannister": [3, 2]})
    options = {k: v for k, v in built.meta.options.items() if v is not None}
    seats = [{"seat": s} for s in built.meta.seat_names()]
    game = _game(site, ruleset="agot2", board=built.state.board_document, seats=seats, options=options, dice="server")
    moves = [{"to_area": "b", "units": [u.id for u in built.state.units_in("a", "stark")]}]
    _post(site, game, {"type": "march", "seat": "stark", "data": {"from_area": "a", "moves": moves}})
    cards = {"stark": "stark_robb_stark", "lannister": "lannister_the_hound"}
    for seat, option in _options(site, game, "seal"):
        body = {"seat": seat, "round": option["fields"]["round"], "payload": {"card": cards[seat]}}
        status, _, raw = site.served.post(f"/api/v1/games/{game}/sealed", body)
        assert status == 201, raw
    _open(site, tab, game, "lannister", "choose_retreat")

    areas_offered = tab.page.locator("#record-fields select[data-field='to_area'] option").all_inner_texts()
    assert sorted(a for a in areas_offered if a != "—") == ["W", "X"], areas_offered
    assert tab.errors == []


def test_rv_mov_1_a_banners_path_is_picked_place_by_place_in_order(site: Site, tab: Tab) -> None:
    """RV-MOV-1: the Katzowicové head of house leaves Kiertz. `path` was a JSON text box of place ids; a listed
    choice shows its places in order, and a path picked place by place, by the board's names, is the one moved."""
    seats = [{"seat": s} for s in (A, B)]
    game = _game(site, ruleset="cedofan_rv", board="demonstration", seats=seats, options=FIXTURE_OPTIONS)
    _post(site, game, {"type": "start_round", "data": {}})
    _post(site, game, {"type": "begin_impulse", "seat": A, "data": {}})
    [(_, move)] = _options(site, game, "move_banner")
    longest = max(range(len(move["choices"])), key=lambda n: len(move["choices"][n]["path"]))
    path = move["choices"][longest]["path"]
    _open(site, tab, game, A, "move_banner")

    _no_json(tab)
    field = tab.page.locator("#record-fields fieldset[data-field='path']")
    tab.page.click(f"#record-choices button[data-choice='{longest}']")
    assert _picked(field) == path
    names = field.locator("ol.ordered-picked li span").all_inner_texts()
    for name in reversed(names):
        field.get_by_role("button", name=f"Remove {name}").click()
    for name in names:
        _add(field, name)
    assert _picked(field) == path
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [moved] = [e["data"] for e in _events(site, game) if e["type"] == "BannerMoved"]
    assert moved["to"] == path[-1], moved
    assert tab.errors == []


def _offered(field: Locator) -> list[str]:
    """The names the picker offers for the next value, in its order."""
    return field.locator("select[data-add] option").all_inner_texts()


def test_rv_mov_2_a_banners_path_offers_at_each_step_only_the_areas_bordering_the_last(site: Site, tab: Tab) -> None:
    """RV-MOV-2: a path crosses borders of the board. On the demonstration board the Katzowicové head of house
    stands in Kiertz, which borders the Open fields and the Village region; the Open fields border Kiertz, Brod and
    Vysoká; Vysoká borders the Open fields, Knorów and the Village region. The picker offered all seven areas at
    every step."""
    seats = [{"seat": s} for s in (A, B)]
    game = _game(site, ruleset="cedofan_rv", board="demonstration", seats=seats, options=FIXTURE_OPTIONS)
    _post(site, game, {"type": "start_round", "data": {}})
    _post(site, game, {"type": "begin_impulse", "seat": A, "data": {}})
    _open(site, tab, game, A, "move_banner")
    noble = tab.page.locator("#record-fields select[data-field='noble']")
    assert noble.locator("option:checked").inner_text() == "The Katzowicové head of house in Kiertz (demonstration)"
    field = tab.page.locator("#record-fields fieldset[data-field='path']")

    for name in reversed(field.locator("ol.ordered-picked li span").all_inner_texts()):  # a listed path, filled in
        field.get_by_role("button", name=f"Remove {name}").click()
    assert sorted(_offered(field)) == ["Open fields (demonstration)", "Village region (demonstration)"]
    _add(field, "Open fields (demonstration)")
    assert sorted(_offered(field)) == [
        "Brod (demonstration)",
        "Kiertz (demonstration)",
        "Vysoká (demonstration fortress)",
    ]
    _add(field, "Vysoká (demonstration fortress)")
    assert _picked(field) == ["pole", "vysoka"]
    assert sorted(_offered(field)) == ["Knorów (demonstration)", "Village region (demonstration)"]
    field.get_by_role("button", name="Remove Vysoká (demonstration fortress)").click()  # a step is undone: Pole's
    assert sorted(_offered(field)) == [
        "Brod (demonstration)",
        "Kiertz (demonstration)",
        "Vysoká (demonstration fortress)",
    ]
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [moved] = [e["data"] for e in _events(site, game) if e["type"] == "BannerMoved"]
    assert moved["to"] == "pole", moved
    assert tab.errors == []


def _rv_attack(site: Site, tab: Tab) -> str:
    """Katzowicové's general g1 and his four infantry in r attack Gliviciové's noble and three infantry there; the
    recorder is open on the attack."""
    pieces = [
        noble("g1", A, "r"),
        *troops("ai", 4, "infantry", A, "r", "g1"),
        noble("n2", B, "r", purse=3),
        *troops("bi", 3, "infantry", B, "r", "n2"),
    ]
    areas = {"r": {}, "b1": city(B), "ka": city(A)}
    document = board(areas, [("r", "b1", "passable", 2), ("r", "ka", "passable", 3)], pieces)
    seats = [{"seat": s} for s in (A, B)]
    game = _game(site, ruleset="cedofan_rv", board=document, seats=seats, options=FIXTURE_OPTIONS)
    _post(site, game, {"type": "start_round", "data": {}})
    _post(site, game, {"type": "begin_impulse", "seat": A, "data": {}})
    _open(site, tab, game, A, "attack")
    return game


def test_rv_amb_11_the_order_casualties_of_equal_lives_go_in_is_picked_by_name(site: Site, tab: Tab) -> None:
    """RV-AMB-11, RV-DICE-2/3: Katzowicové's general attacks with his four infantry; Gliviciové's four dice hit once.
    `casualty_order` was a JSON box of piece ids; the attacker's own pieces are offered by kind and place (no
    defender's), and the infantry picked first dies, not the first by id."""
    game = _rv_attack(site, tab)

    _no_json(tab)
    order = tab.page.locator("#record-fields fieldset[data-field='casualty_order']")
    offered = order.locator("select[data-add] option").evaluate_all("(os) => os.map((o) => o.value)")
    assert sorted(offered) == ["ai1", "ai2", "ai3", "ai4", "g1"], offered  # the attacker's own pieces only
    order.locator("select[data-add]").select_option(value="ai3")  # the infantry alike read the same: by its piece
    order.get_by_role("button", name="Add to casualty_order").click()
    assert _picked(order) == ["ai3"]
    assert "Infantry in r" in order.locator("ol.ordered-picked").inner_text()
    tab.page.fill("#record-dice", "6 6 6 1 1 6 1 1 1")  # the attackers' five dice, then the defenders' four
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    deaths = [d for e in _events(site, game) for d in e["data"].get("deaths", []) if str(d).startswith("a")]
    assert deaths == ["ai3"]
    assert tab.errors == []


def test_rv_amb_11_alike_infantry_are_numbered_in_the_casualty_order_so_a_person_picks_which_dies(
    site: Site, tab: Tab
) -> None:
    """RV-AMB-11: the general's four infantry in r are alike (one kind, one place, one banner); the picker read
    "Infantry in r" four times, so a person could not tell which one was picked. They read "Infantry in r (1)" to
    "(4)", and the one picked by that name is the one that dies on the single hit."""
    game = _rv_attack(site, tab)

    order = tab.page.locator("#record-fields fieldset[data-field='casualty_order']")
    offered = order.locator("select[data-add] option").evaluate_all("(os) => os.map((o) => [o.text, o.value])")
    infantry = sorted(text for text, _ in offered if text.startswith("Infantry"))
    assert infantry == [f"Infantry in r ({n})" for n in (1, 2, 3, 4)], offered
    third = dict(offered)["Infantry in r (3)"]
    _add(order, "Infantry in r (3)")
    assert order.locator("ol.ordered-picked li span").all_inner_texts() == ["Infantry in r (3)"]
    tab.page.fill("#record-dice", "6 6 6 1 1 6 1 1 1")  # the attackers' five dice, then the defenders' four: one hit
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    deaths = [d for e in _events(site, game) for d in e["data"].get("deaths", []) if str(d).startswith("a")]
    assert deaths == [third], deaths
    assert tab.errors == []


def test_kbs_mov_1_an_army_moves_part_of_its_units_along_a_path_picked_field_by_field(site: Site, tab: Tab) -> None:
    """KBS-MOV-1 (cedofan Kards, the demonstration map): `army` was a text box of ids, `path` a JSON box of field
    ids, `units` a JSON box {kind: n}; the army is a drop-down by the table's name, the path fields by name in
    order, the units a number a kind. A listed part move fills them; sent, the part moves as a new army."""
    game = _kbs_game(site, "start_round", "begin_turns")
    [(_, move)] = _options(site, game, "move_army")
    part = next(n for n, c in enumerate(move["choices"]) if c.get("units"))
    chosen = move["choices"][part]
    _open(site, tab, game, "zapad", "move_army")

    _no_json(tab)
    form = tab.page.locator("#record-fields")
    assert "z-" not in form.locator("select[data-field='army']").inner_text()  # armies by the table's names
    if tab.page.locator("#record-filter").is_visible():
        tab.page.fill("#record-filter", "units")  # more moves are legal than listed: the part moves have units
    tab.page.click(f"#record-choices button[data-choice='{part}']")
    assert form.locator("select[data-field='army']").input_value() == f'"{chosen["army"]}"'
    path = form.locator("fieldset[data-field='path']")
    assert _picked(path) == chosen["path"]
    # Picked again field by field, by id: a city and its region may share a name ("Heráň").
    for field in reversed(chosen["path"]):
        path.locator(f"li[data-value='{field}'] button[data-act='remove']").click()
    assert _picked(path) == []
    for field in chosen["path"]:
        path.locator("select[data-add]").select_option(value=field)
        path.get_by_role("button", name="Add to path").click()
    assert _picked(path) == chosen["path"]
    [(kind, count)] = chosen["units"].items()
    units = form.locator("fieldset[data-field='units']")
    assert units.locator(f"input[data-field='{kind}']").input_value() == str(count)
    screenshot(tab, "kbs_move_army_part")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [split] = [e["data"] for e in _events(site, game) if e["type"] == "ArmySplit"]
    assert (split["army"], split["units"], split["leaders"]) == (chosen["army"], chosen["units"], []), split
    [moved] = [e["data"] for e in _events(site, game) if e["type"] == "ArmyMoved"]
    assert moved["army"] == split["into"] and moved["path"] == chosen["path"], moved
    assert tab.errors == []


def test_kbs_ret_1_an_armys_path_offers_at_each_step_only_the_neighbours_of_the_last_field(
    site: Site, tab: Tab
) -> None:
    """KBS-RET-1 (a city and its administrative region are neighbours), the demonstration map: Jaromír's army stands
    in the city Jezerní město, whose only neighbour is its region, Jezerní město's lands; that region borders the
    city, Heráň, Zlatka and Rudern. The picker offered all 33 areas at every step."""
    game = _kbs_game(site, "start_round", "begin_turns")
    _open(site, tab, game, "zapad", "move_army")
    form = tab.page.locator("#record-fields")
    form.locator("select[data-field='army']").select_option(value='"z-jezerni"')
    path = form.locator("fieldset[data-field='path']")
    for field in reversed(_picked(path)):  # a listed path, filled in
        path.locator(f"li[data-value='{field}'] button[data-act='remove']").click()

    assert _offered(path) == ["Jezerní město's lands"]
    _add(path, "Jezerní město's lands")
    assert sorted(_offered(path)) == ["Heráň", "Jezerní město", "Rudern", "Zlatka"]
    assert tab.errors == []


def test_kbs_amb_1_the_losses_by_army_are_rows_of_an_army_by_name_and_its_units_by_kind(site: Site, tab: Tab) -> None:
    """KBS-AMB-1 (tests/api/test_cedofan_kards_bs_choices.py): Rudern's eight units beat Západ's army (2 fanatics,
    2 army units) in r2; the loser picks his losses. `removed` was a JSON box {army: {kind: n}}; it is a row an
    army, chosen by name, with a number a kind. The engine's default fills it; two fanatics instead are recorded."""
    board = board_doc(
        regions={"r1": {}, "r2": {}, "r-ru": {}, "r-za": {}},
        cities=HOMES,
        land=[("r1", "r2"), ("r1", "r-ru"), ("r2", "r-za")],
        factions=FACTIONS,
        armies=[army("ra", "rudern", "r1", army=8), army("za", "zapad", "r2", fanatic=2, army=2)],
    )
    seats = [{"seat": s} for s in ("rudern", "zapad")]
    game = _game(site, ruleset="cedofan_kards_bs", board=board, seats=seats, options=OPTIONS)
    _kbs_to_turn(site, game, 2, "rudern")
    _post(site, game, {"type": "attack", "seat": "rudern", "data": {"army": "ra", "to": "r2", "dice": [6, 2]}})
    [losses] = [o for seat, o in _options(site, game, "allocate_losses") if seat == "zapad"]
    _open(site, tab, game, "zapad", "allocate_losses")

    _no_json(tab)
    removed = tab.page.locator("#record-fields fieldset[data-field='removed']")
    rows = removed.locator("li.row")
    assert rows.count() == 1
    assert rows.first.locator("select[data-key]").input_value() == "za"
    default = losses["choices"][0]["removed"]["za"]
    for kind in ("army", "fanatic"):
        assert rows.first.locator(f"input[data-field='{kind}']").input_value() == str(default.get(kind, ""))
    rows.first.locator("input[data-field='army']").fill("")
    rows.first.locator("input[data-field='fanatic']").fill("2")
    tab.page.click("#record-send")
    tab.page.wait_for_selector("#record-result .recorded")
    [allocated] = [e["data"] for e in _events(site, game) if e["type"] == "LossesAllocated"]
    assert allocated["removed"] == {"za": {"fanatic": 2}}, allocated
    assert tab.errors == []


def _kbs_to_turn(site: Site, game: str, round_no: int, seat: str) -> None:
    """tests/api/test_cedofan_kards_bs_examples.py's Campaign.to_turn, through the served API."""
    while True:
        state = site.api(f"/api/v1/games/{game}/state")["state"]["rules"]
        if state["round"] == round_no and state["turn"] == seat:
            return
        if state["phase"] in ("setup", "round_over"):
            _post(site, game, {"type": "start_round", "data": {}})
        elif state["phase"] == "supply":
            odd = state["round"] >= 3 and state["round"] % 2 == 1
            _post(site, game, {"type": "begin_turns", "data": {"dice": [1]} if odd else {}})
        else:
            _post(site, game, {"type": "end_turn", "seat": state["turn"], "data": {}})
