"""The shipped Westeros board (catalog §0.3.1) and the agot2 board validator.

Expected facts are those printed on the second-edition base map, written out here by hand: a person with the
board in front of them can check every line of `NEIGHBOURS` and of the spot checks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from domain import boards
from domain.rulesets.agot2.data import BASE_BOARD, board_errors

# Every land and sea area with its neighbours (ports are checked separately), written area by area.
NEIGHBOURS = {
    "castle_black": "karhold winterfell bay_of_ice shivering_sea",
    "karhold": "castle_black winterfell shivering_sea",
    "winterfell": "castle_black karhold stony_shore white_harbor moat_cailin bay_of_ice shivering_sea",
    "stony_shore": "winterfell bay_of_ice",
    "white_harbor": "winterfell widows_watch moat_cailin shivering_sea narrow_sea",
    "widows_watch": "white_harbor shivering_sea narrow_sea",
    "moat_cailin": "winterfell white_harbor greywater_watch seagard twins narrow_sea",
    "greywater_watch": "moat_cailin flints_finger seagard bay_of_ice ironmans_bay",
    "flints_finger": "greywater_watch bay_of_ice ironmans_bay sunset_sea",
    "pyke": "ironmans_bay",
    "seagard": "moat_cailin greywater_watch twins riverrun ironmans_bay",
    "twins": "moat_cailin seagard fingers mountains_of_the_moon narrow_sea",
    "fingers": "twins mountains_of_the_moon narrow_sea",
    "mountains_of_the_moon": "twins fingers eyrie crackclaw_point narrow_sea",
    "eyrie": "mountains_of_the_moon narrow_sea",
    "riverrun": "seagard lannisport stoney_sept harrenhal ironmans_bay golden_sound",
    "lannisport": "riverrun stoney_sept searoad_marches golden_sound",
    "stoney_sept": "riverrun lannisport harrenhal searoad_marches blackwater",
    "harrenhal": "riverrun stoney_sept blackwater crackclaw_point",
    "crackclaw_point": "mountains_of_the_moon harrenhal blackwater kings_landing "
    "narrow_sea blackwater_bay shipbreaker_bay",
    "dragonstone": "shipbreaker_bay",
    "searoad_marches": "lannisport stoney_sept blackwater reach highgarden golden_sound sunset_sea west_summer_sea",
    "blackwater": "stoney_sept harrenhal crackclaw_point kings_landing reach searoad_marches",
    "kings_landing": "crackclaw_point blackwater reach kingswood blackwater_bay",
    "kingswood": "kings_landing reach boneway storms_end blackwater_bay shipbreaker_bay",
    "reach": "searoad_marches blackwater kings_landing kingswood boneway dornish_marches highgarden",
    "highgarden": "searoad_marches reach dornish_marches oldtown redwyne_straights west_summer_sea",
    "dornish_marches": "highgarden reach boneway princes_pass three_towers oldtown",
    "storms_end": "kingswood boneway shipbreaker_bay sea_of_dorne east_summer_sea",
    "boneway": "reach kingswood storms_end dornish_marches princes_pass yronwood sea_of_dorne",
    "oldtown": "highgarden dornish_marches three_towers redwyne_straights",
    "three_towers": "oldtown dornish_marches princes_pass redwyne_straights west_summer_sea",
    "princes_pass": "dornish_marches boneway three_towers yronwood starfall",
    "yronwood": "princes_pass boneway starfall salt_shore sunspear sea_of_dorne",
    "starfall": "princes_pass yronwood salt_shore west_summer_sea east_summer_sea",
    "salt_shore": "starfall yronwood sunspear east_summer_sea",
    "sunspear": "yronwood salt_shore sea_of_dorne east_summer_sea",
    "arbor": "redwyne_straights west_summer_sea",
    "bay_of_ice": "castle_black winterfell stony_shore greywater_watch flints_finger sunset_sea",
    "shivering_sea": "castle_black karhold winterfell white_harbor widows_watch narrow_sea",
    "narrow_sea": "widows_watch white_harbor moat_cailin twins fingers mountains_of_the_moon eyrie crackclaw_point "
    "shivering_sea shipbreaker_bay",
    "ironmans_bay": "pyke flints_finger greywater_watch seagard riverrun sunset_sea golden_sound",
    "sunset_sea": "flints_finger searoad_marches bay_of_ice ironmans_bay golden_sound west_summer_sea",
    "golden_sound": "riverrun lannisport searoad_marches ironmans_bay sunset_sea",
    "blackwater_bay": "crackclaw_point kings_landing kingswood shipbreaker_bay",
    "shipbreaker_bay": "crackclaw_point kingswood storms_end dragonstone narrow_sea blackwater_bay east_summer_sea",
    "redwyne_straights": "highgarden oldtown three_towers arbor west_summer_sea",
    "west_summer_sea": "searoad_marches highgarden three_towers starfall arbor sunset_sea redwyne_straights "
    "east_summer_sea",
    "east_summer_sea": "storms_end starfall salt_shore sunspear shipbreaker_bay sea_of_dorne west_summer_sea",
    "sea_of_dorne": "storms_end boneway yronwood sunspear east_summer_sea",
}
SEAS = {
    "bay_of_ice",
    "shivering_sea",
    "narrow_sea",
    "ironmans_bay",
    "sunset_sea",
    "golden_sound",
    "blackwater_bay",
    "shipbreaker_bay",
    "redwyne_straights",
    "west_summer_sea",
    "east_summer_sea",
    "sea_of_dorne",
}
PORTS = {  # port: (its land, its sea)
    "winterfell_port": ("winterfell", "bay_of_ice"),
    "white_harbor_port": ("white_harbor", "narrow_sea"),
    "pyke_port": ("pyke", "ironmans_bay"),
    "lannisport_port": ("lannisport", "golden_sound"),
    "dragonstone_port": ("dragonstone", "shipbreaker_bay"),
    "storms_end_port": ("storms_end", "shipbreaker_bay"),
    "oldtown_port": ("oldtown", "redwyne_straights"),
    "sunspear_port": ("sunspear", "east_summer_sea"),
}
STRONGHOLDS = {
    "winterfell",
    "pyke",
    "seagard",
    "riverrun",
    "lannisport",
    "kings_landing",
    "dragonstone",
    "highgarden",
    "oldtown",
    "sunspear",
}
CASTLES = {
    "white_harbor",
    "moat_cailin",
    "flints_finger",
    "eyrie",
    "harrenhal",
    "crackclaw_point",
    "reach",
    "storms_end",
    "yronwood",
    "starfall",
}
HOMES = {
    "winterfell": "stark",
    "lannisport": "lannister",
    "dragonstone": "baratheon",
    "pyke": "greyjoy",
    "highgarden": "tyrell",
    "sunspear": "martell",
}


def areas_by_id(document: Any) -> dict[str, Any]:
    return {area["id"]: area for area in document["areas"]}


def neighbours(document: Any) -> dict[str, set[str]]:
    table: dict[str, set[str]] = {area["id"]: set() for area in document["areas"]}
    for edge in document["edges"]:
        table[edge["a"]].add(edge["b"])
        table[edge["b"]].add(edge["a"])
    return table


def attribute(area_id: str, name: str) -> Any:
    return areas_by_id(BASE_BOARD)[area_id].get("attributes", {}).get(name)


# --- the shipped board ---------------------------------------------------------------------------------


def test_shipped_board_passes_the_agot2_and_the_generic_validators() -> None:
    assert board_errors(BASE_BOARD) == []
    assert boards.board_errors(BASE_BOARD) == []
    assert boards.load_board(BASE_BOARD).ruleset == "agot2"


def test_shipped_board_has_38_land_12_sea_and_8_port_areas() -> None:
    kinds = [area["kind"] for area in BASE_BOARD["areas"]]
    assert (kinds.count("land"), kinds.count("sea"), kinds.count("port")) == (38, 12, 8)
    assert {area["id"] for area in BASE_BOARD["areas"] if area["kind"] == "sea"} == SEAS


def test_neighbour_table_written_by_hand_is_symmetric() -> None:
    table = {area: set(names.split()) for area, names in NEIGHBOURS.items()}
    one_way = [(a, b) for a, names in table.items() for b in names if a not in table[b]]
    assert one_way == []


def test_every_land_and_sea_area_has_exactly_the_printed_neighbours() -> None:
    shipped = neighbours(BASE_BOARD)
    for area, names in NEIGHBOURS.items():
        ports = {port for port, (land, sea) in PORTS.items() if area in (land, sea)}
        assert shipped[area] == set(names.split()) | ports, area
    assert set(NEIGHBOURS) | set(PORTS) == set(shipped)


def test_adjacency_is_symmetric_through_the_generic_board() -> None:
    board = boards.load_board(BASE_BOARD)
    for area in board.areas:
        for other in board.neighbours(area.id):
            assert area.id in board.neighbours(other)


@pytest.mark.parametrize(("port", "land", "sea"), [(port, *ends) for port, ends in PORTS.items()])
def test_each_port_links_its_land_and_sea_only(port: str, land: str, sea: str) -> None:
    assert attribute(port, "port_of") == {"land": land, "sea": sea}
    assert neighbours(BASE_BOARD)[port] == {land, sea}
    assert sea in neighbours(BASE_BOARD)[land]


def test_winterfell_is_the_stark_stronghold_with_a_port_on_the_bay_of_ice() -> None:
    winterfell = areas_by_id(BASE_BOARD)["winterfell"]["attributes"]
    assert winterfell == {
        "structure": "stronghold",
        "supply_icons": 1,
        "power_icons": 1,
        "home_of": "stark",
        "garrison": 2,
    }
    assert attribute("winterfell_port", "port_of") == {"land": "winterfell", "sea": "bay_of_ice"}
    # Winterfell touches both northern seas, but its port opens on the Bay of Ice only.
    assert {"bay_of_ice", "shivering_sea"} <= neighbours(BASE_BOARD)["winterfell"]


def test_strongholds_castles_and_home_areas_are_the_printed_ones() -> None:
    lands = [area for area in BASE_BOARD["areas"] if area["kind"] == "land"]
    assert {area["id"] for area in lands if area["attributes"]["structure"] == "stronghold"} == STRONGHOLDS
    assert {area["id"] for area in lands if area["attributes"]["structure"] == "castle"} == CASTLES
    homes = {area["id"]: area["attributes"]["home_of"] for area in lands if area["attributes"]["home_of"]}
    assert homes == HOMES
    assert {area["id"]: area["attributes"]["garrison"] for area in lands if area["attributes"]["garrison"]} == {
        home: 2 for home in HOMES
    }
    assert set(BASE_BOARD["attributes"]["houses"]) == set(HOMES.values())


def test_icon_spot_checks() -> None:
    assert (attribute("kings_landing", "supply_icons"), attribute("kings_landing", "power_icons")) == (0, 2)
    assert (attribute("lannisport", "supply_icons"), attribute("lannisport", "power_icons")) == (2, 0)
    assert (attribute("highgarden", "supply_icons"), attribute("blackwater", "supply_icons")) == (2, 2)
    assert (attribute("storms_end", "supply_icons"), attribute("storms_end", "power_icons")) == (0, 0)
    assert attribute("arbor", "power_icons") == 1


def test_icon_totals_over_the_whole_map() -> None:
    lands = [area["attributes"] for area in BASE_BOARD["areas"] if area["kind"] == "land"]
    # 18 areas with one barrel, Lannisport, Highgarden and Blackwater with two: 24 barrels.
    assert sum(fields["supply_icons"] for fields in lands) == 24
    # 17 areas with one crown, King's Landing with two: 19 crowns.
    assert sum(fields["power_icons"] for fields in lands) == 19


def test_every_area_has_a_layout_for_drawing() -> None:
    for area in BASE_BOARD["areas"]:
        assert set(area["layout"]) == {"x", "y"}, area["id"]
    # x grows to the east and y to the south.
    assert areas_by_id(BASE_BOARD)["castle_black"]["layout"]["y"] < areas_by_id(BASE_BOARD)["sunspear"]["layout"]["y"]
    assert areas_by_id(BASE_BOARD)["pyke"]["layout"]["x"] < areas_by_id(BASE_BOARD)["dragonstone"]["layout"]["x"]


# --- the validator: each kind of mistake, named -----------------------------------------------------------


def changed(change: Callable[[dict[str, Any]], None]) -> list[str]:
    document = copy.deepcopy(dict(BASE_BOARD))
    change(document)
    return board_errors(document)


def area(document: dict[str, Any], area_id: str) -> dict[str, Any]:
    return next(item for item in document["areas"] if item["id"] == area_id)


def fields(document: dict[str, Any], area_id: str) -> dict[str, Any]:
    attributes: dict[str, Any] = area(document, area_id).setdefault("attributes", {})
    return attributes


def set_field(area_id: str, name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda document: fields(document, area_id).__setitem__(name, value)


def add_edge(a: str, b: str, kind: str | None = None) -> Callable[[dict[str, Any]], None]:
    edge = {"a": a, "b": b} if kind is None else {"a": a, "b": b, "kind": kind}
    return lambda document: document["edges"].append(edge)


def drop_edge(a: str, b: str) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        document["edges"] = [edge for edge in document["edges"] if {edge["a"], edge["b"]} != {a, b}]

    return change


def repeat_area(document: dict[str, Any]) -> None:
    document["areas"].append(copy.deepcopy(area(document, "karhold")))


def isolate_eyrie(document: dict[str, Any]) -> None:
    document["edges"] = [edge for edge in document["edges"] if "eyrie" not in (edge["a"], edge["b"])]


MISTAKES = {
    "repeated area id": (repeat_area, "area 'karhold': id repeated"),
    "unknown area kind": (lambda d: area(d, "karhold").__setitem__("kind", "mountain"), "area 'karhold' kind"),
    "missing area kind": (lambda d: area(d, "karhold").pop("kind"), "area 'karhold' kind"),
    "structure at sea": (set_field("bay_of_ice", "structure", "castle"), "area 'bay_of_ice' structure"),
    "unknown structure": (set_field("reach", "structure", "fort"), "area 'reach' structure"),
    "negative supply": (set_field("blackwater", "supply_icons", -1), "area 'blackwater' supply_icons"),
    "fractional power": (set_field("karhold", "power_icons", 1.5), "area 'karhold' power_icons"),
    "boolean power": (set_field("karhold", "power_icons", True), "area 'karhold' power_icons"),
    "icons at sea": (set_field("narrow_sea", "power_icons", 1), "area 'narrow_sea' power_icons"),
    "home at sea": (set_field("golden_sound", "home_of", "lannister"), "area 'golden_sound' home_of"),
    "home of an unknown house": (set_field("karhold", "home_of", "bolton"), "area 'karhold' home_of"),
    "home not a house id": (set_field("karhold", "home_of", 7), "area 'karhold' home_of"),
    "garrison without home": (set_field("karhold", "garrison", 2), "area 'karhold' garrison"),
    "negative garrison": (set_field("winterfell", "garrison", -2), "area 'winterfell' garrison"),
    "misspelt attribute": (set_field("karhold", "supply_icon", 1), "area 'karhold': unknown field 'supply_icon'"),
    "port_of on land": (
        set_field("karhold", "port_of", {"land": "karhold", "sea": "shivering_sea"}),
        "area 'karhold' port_of",
    ),
    "edge to an unknown area": (add_edge("karhold", "skagos"), "edge 143 ('karhold'-'skagos') b: unknown area"),
    "edge to itself": (add_edge("karhold", "karhold"), "edge 143 ('karhold'-'karhold'): pairs area 'karhold'"),
    "edge of the wrong kind": (add_edge("karhold", "moat_cailin", "sea"), "edge 143 ('karhold'-'moat_cailin') kind"),
    "port without port_of": (lambda d: fields(d, "pyke_port").pop("port_of"), "port 'pyke_port' port_of"),
    "port linked to a sea as its land": (
        set_field("pyke_port", "port_of", {"land": "ironmans_bay", "sea": "ironmans_bay"}),
        "port 'pyke_port' port_of.land: 'ironmans_bay' is of kind 'sea'",
    ),
    "port linked to an unknown sea": (
        set_field("pyke_port", "port_of", {"land": "pyke", "sea": "summer_sea"}),
        "port 'pyke_port' port_of.sea: 'summer_sea' is an unknown area",
    ),
    "port touching a third area": (add_edge("pyke_port", "sunset_sea"), "port 'pyke_port' edges"),
    "port cut from its sea": (drop_edge("pyke_port", "ironmans_bay"), "port 'pyke_port' edges"),
    "port whose land misses its sea": (
        set_field("oldtown_port", "port_of", {"land": "oldtown", "sea": "west_summer_sea"}),
        "port 'oldtown_port' port_of: its land 'oldtown' is not adjacent to its sea 'west_summer_sea'",
    ),
    "area nothing reaches": (isolate_eyrie, "area 'eyrie': no adjacent area"),
    "board of another ruleset": (lambda d: d.__setitem__("ruleset", "kard_es_korona"), "board ruleset"),
    "houses not distinct": (
        lambda d: d["attributes"].__setitem__("houses", ["stark", "stark"]),
        "board attributes houses",
    ),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_validator_names_the_offender_when_the_board_has_a_mistake(mistake: str) -> None:
    change, message = MISTAKES[mistake]
    errors = changed(change)
    assert any(message in error for error in errors), errors


def test_validator_reports_every_mistake_not_only_the_first() -> None:
    def two_mistakes(document: dict[str, Any]) -> None:
        set_field("bay_of_ice", "structure", "castle")(document)
        set_field("karhold", "garrison", 1)(document)

    errors = changed(two_mistakes)
    assert len(errors) == 2
    assert {error.split(":")[0] for error in errors} == {"area 'bay_of_ice' structure", "area 'karhold' garrison"}


def test_repeated_pairs_are_ignored_as_the_catalog_says() -> None:
    assert changed(add_edge("moat_cailin", "winterfell")) == []


def test_edges_may_leave_their_kind_out() -> None:
    def strip_kinds(document: dict[str, Any]) -> None:
        for edge in document["edges"]:
            edge.pop("kind")

    assert changed(strip_kinds) == []


def test_missing_area_attributes_mean_none() -> None:
    assert changed(lambda document: area(document, "karhold").pop("attributes")) == []


def test_validator_rejects_documents_that_are_not_boards() -> None:
    assert board_errors([]) == ["board: expected an object, got array of 0 item(s)"]
    assert board_errors({"areas": "none", "edges": []}) == ["board areas: expected an array, got string 'none'"]
    assert board_errors({"areas": [], "edges": None}) == ["board edges: expected an array, got null"]
