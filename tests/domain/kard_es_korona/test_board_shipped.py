"""The shipped boards `basic` and `advanced`: valid, the counts of the rules, and geography an atlas confirms.

The expected borders below come from maps of the Kingdom of Hungary around 1300 (the counties, the Jász-Kun
land, the Székely and Saxon lands), not from the board files.
"""

from __future__ import annotations

import unicodedata
from itertools import combinations

import pytest

from domain.boards import board_errors
from domain.rulesets.kard_es_korona.board import (
    LORD_PROVINCES,
    KKBoard,
    Terrain,
    kk_board_errors,
    load_kk_board,
)
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS

VARIANTS = ("basic", "advanced")
SEED_RING = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")


def board(variant: str) -> KKBoard:
    return load_kk_board(SHIPPED_BOARDS[variant])


def crossing(kk: KKBoard, a: str, b: str) -> str | None:
    """The major river between two adjacent counties, or None for a land border."""
    assert kk.are_adjacent(a, b), f"{a} and {b} should border each other"
    if not kk.is_river_crossing(a, b):
        return None
    document = SHIPPED_BOARDS[kk.variant]
    edge = next(e for e in document["edges"] if {e["a"], e["b"]} == {a, b})
    river: str = edge["attributes"]["river"]
    return river


def connected(kk: KKBoard, counties: set[str]) -> bool:
    start = next(iter(counties))
    reached, frontier = {start}, [start]
    while frontier:
        for other in kk.neighbours[frontier.pop()] & counties - reached:
            reached.add(other)
            frontier.append(other)
    return reached == counties


# --- valid, labelled ----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_shipped_board_passes_the_generic_and_the_kk_schema(variant: str) -> None:
    document = SHIPPED_BOARDS[variant]

    assert board_errors(document) == []
    assert kk_board_errors(document) == []
    assert document["attributes"]["variant"] == variant


@pytest.mark.parametrize("variant", VARIANTS)
def test_shipped_board_says_it_is_an_approximation_a_club_can_replace(variant: str) -> None:
    document = SHIPPED_BOARDS[variant]

    assert "approximation of the printed map" in document["name"]
    assert "approximation of the printed map" in document["attributes"]["approximation"]
    assert "A club can upload its exact board" in document["attributes"]["approximation"]


# --- the counts of the rules --------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "counties", "castles"), [("basic", 7, 2), ("advanced", 10, 3)])
def test_each_lords_province_has_the_counties_and_castles_of_kk_gen_1(
    variant: str, counties: int, castles: int
) -> None:
    kk = board(variant)

    for province in LORD_PROVINCES:
        assert len(kk.provinces[province]) == counties, province
        assert len(kk.castles(province)) == castles, province


@pytest.mark.parametrize(("variant", "plains"), [("basic", 3), ("advanced", 5)])
def test_each_lords_province_has_the_open_plains_of_kk_setup_10(variant: str, plains: int) -> None:
    """KK-SETUP-10: 3 (basic) or 5 (advanced) plain counties without a castle; the other two are obstacles."""
    kk = board(variant)

    for province in LORD_PROVINCES:
        mine = [kk.counties[c] for c in kk.provinces[province]]
        assert sum(1 for c in mine if not c.castle and c.terrain is Terrain.PLAIN) == plains, province
        assert sum(1 for c in mine if c.terrain is not Terrain.PLAIN) == 2, province


@pytest.mark.parametrize(("variant", "counties", "castles"), [("basic", 7, 2), ("advanced", 8, 3)])
def test_royal_centre_has_bihar_kunsag_and_nograd_as_its_open_plains(variant: str, counties: int, castles: int) -> None:
    """KK-SETUP-11: the royal (white) pieces of 2-4 player games stand in the royal centre's open counties."""
    kk = board(variant)
    royal = kk.provinces["kiralyi_terulet"]

    assert len(royal) == counties
    assert len(kk.castles("kiralyi_terulet")) == castles
    assert {c for c in royal if not kk.counties[c].castle and kk.counties[c].terrain is Terrain.PLAIN} == {
        "bihar",
        "kunsag",
        "nograd",
    }
    assert kk.special == {"baranya": "baranya", "bihar": "bihar", "kunsag": "kunsag", "nograd": "nograd"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_ring_is_the_one_the_seed_implies(variant: str) -> None:
    """KK-SETUP-3 and A-54: Felvidék-Tiszahát-Erdély-Délvidék-Szlavónia-Pannónia."""
    assert board(variant).province_ring == SEED_RING


@pytest.mark.parametrize("variant", VARIANTS)
def test_ring_neighbours_share_a_border(variant: str) -> None:
    """The ring of the 4-player setups is drawn from provinces that really touch."""
    kk = board(variant)

    for index, province in enumerate(SEED_RING):
        following = SEED_RING[(index + 1) % len(SEED_RING)]
        assert any(kk.neighbours[c] & set(kk.provinces[following]) for c in kk.provinces[province]), (
            f"{province}-{following}"
        )


# --- shape the setup rules need -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_province_is_one_connected_piece_of_land(variant: str) -> None:
    kk = board(variant)

    for province, counties in kk.provinces.items():
        assert connected(kk, set(counties)), province


def test_every_advanced_province_has_a_start_of_kk_setup_8() -> None:
    """KK-SETUP-8: 6 bordering counties of the home province with at most one castle."""
    kk = board("advanced")

    for province in LORD_PROVINCES:
        counties = kk.provinces[province]
        starts = [
            chosen
            for chosen in combinations(counties, 6)
            if sum(kk.counties[c].castle for c in chosen) <= 1 and connected(kk, set(chosen))
        ]
        assert starts, province


@pytest.mark.parametrize("variant", VARIANTS)
def test_closed_counties_are_szlavonia_between_drava_and_szava_without_baranya(variant: str) -> None:
    """KK-SETUP-2: with 5 players only Baranya of the yellow counties is in play."""
    kk = board(variant)

    assert kk.closed_in_5p == set(kk.provinces["szlavonia"]) - {"baranya"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_five_player_map_stays_connected_and_baranya_reachable(variant: str) -> None:
    kk = board(variant)
    open_counties = set(kk.counties) - kk.closed_in_5p

    assert "baranya" in open_counties
    assert connected(kk, open_counties)


@pytest.mark.parametrize("variant", VARIANTS)
def test_closed_region_lies_beyond_the_drava_from_baranya(variant: str) -> None:
    """Baranya faces the Dráva-Száva region only across the Dráva."""
    kk = board(variant)

    for other in kk.neighbours["baranya"] & kk.closed_in_5p:
        assert crossing(kk, "baranya", other) == "Dráva"


# --- geography a person can check in an atlas ---------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("a", "b", "river"),
    [
        ("pest", "nograd", None),
        ("nograd", "heves", None),
        ("hont", "nograd", None),
        ("lipto", "szepes", None),
        ("kolozs", "bihar", None),
        ("bihar", "bekes", None),
        ("kunsag", "bihar", None),
        ("baranya", "somogy", None),
        ("baranya", "tolna", None),
        ("pest", "fejer", "Duna"),
        ("pozsony", "gyor", "Duna"),
        ("bacs", "szerem", "Duna"),
        ("bacs", "valko", "Duna"),
        ("somogy", "koros", "Dráva"),
        ("zala", "varasd", "Dráva"),
        ("baranya", "valko", "Dráva"),
        ("borsod", "szabolcs", "Tisza"),
        ("zemplen", "szabolcs", "Tisza"),
        ("csongrad", "torontal", "Tisza"),
        ("bacs", "torontal", "Tisza"),
        ("arad", "temes", "Maros"),
    ],
)
def test_border_is_where_the_atlas_draws_it(variant: str, a: str, b: str, river: str | None) -> None:
    assert crossing(board(variant), a, b) == river


@pytest.mark.parametrize(("variant", "across"), [("basic", "bacs"), ("advanced", "bodrog")])
def test_bacs_bodrog_lies_across_the_duna_from_baranya_and_tolna(variant: str, across: str) -> None:
    """On the basic map Bács stands for Bodrog too; the advanced map has Bodrog itself on the Duna."""
    kk = board(variant)

    assert crossing(kk, across, "baranya") == "Duna"
    assert crossing(kk, across, "tolna") == "Duna"


def test_drava_separates_somogy_from_verőce_on_the_advanced_map() -> None:
    kk = board("advanced")

    assert crossing(kk, "somogy", "veroce") == "Dráva"
    assert crossing(kk, "baranya", "veroce") == "Dráva"


def test_szava_is_crossed_into_dubica_on_the_advanced_map() -> None:
    kk = board("advanced")

    assert crossing(kk, "zagrab", "dubica") == "Száva"
    assert crossing(kk, "pozsega", "dubica") == "Száva"


def test_csanad_meets_temes_by_land_because_it_lay_on_both_banks_of_the_maros() -> None:
    for variant in VARIANTS:
        assert crossing(board(variant), "csanad", "temes") is None


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("a", "b"),
    [("pozsony", "bihar"), ("pest", "bihar"), ("zagrab", "baranya"), ("kolozs", "pest"), ("szepes", "szatmar")],
)
def test_counties_far_apart_do_not_border(variant: str, a: str, b: str) -> None:
    assert not board(variant).are_adjacent(a, b)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(
    ("county", "terrain"),
    [
        ("szepes", Terrain.MOUNTAIN),  # High Tatras
        ("lipto", Terrain.MOUNTAIN),  # Tatras
        ("arva", Terrain.MOUNTAIN),  # Western Tatras, Beskids
        ("hunyad", Terrain.MOUNTAIN),  # Southern Carpathians
        ("szekelyfold", Terrain.MOUNTAIN),  # Eastern Carpathians
        ("krasso", Terrain.MOUNTAIN),  # Banat mountains
        ("szatmar", Terrain.SWAMP),  # Ecsedi-láp
        ("bekes", Terrain.SWAMP),  # Sárrét
        ("csongrad", Terrain.SWAMP),  # Tisza floodplain
        ("sopron", Terrain.SWAMP),  # Fertő and Hanság
        ("kunsag", Terrain.PLAIN),
        ("pest", Terrain.PLAIN),
    ],
)
def test_terrain_is_where_the_mountains_and_marshes_are(variant: str, county: str, terrain: Terrain) -> None:
    assert board(variant).counties[county].terrain is terrain


def test_a_county_on_both_maps_has_the_same_terrain_and_province() -> None:
    basic, advanced = board("basic"), board("advanced")

    for county_id, county in basic.counties.items():
        other = advanced.counties[county_id]
        assert (other.terrain, other.province, other.name) == (county.terrain, county.province, county.name)
        assert other.castle or not county.castle, county_id  # the advanced side only adds castles


@pytest.mark.parametrize("variant", VARIANTS)
def test_layout_projects_east_to_the_right_and_south_downwards(variant: str) -> None:
    layout = {area["id"]: area["layout"] for area in SHIPPED_BOARDS[variant]["areas"]}

    west_to_east = ["zagrab", "pozsony", "pest", "bihar", "kolozs", "szekelyfold"]
    north_to_south = ["lipto", "nograd", "pest", "kunsag", "bacs", "szerem"]
    assert [layout[c]["x"] for c in west_to_east] == sorted(layout[c]["x"] for c in west_to_east)
    assert [layout[c]["y"] for c in north_to_south] == sorted(layout[c]["y"] for c in north_to_south)
    assert all(0 <= spot["x"] <= 1000 and 0 <= spot["y"] <= 700 for spot in layout.values())
    assert len({(spot["x"], spot["y"]) for spot in layout.values()}) == len(layout)


@pytest.mark.parametrize("variant", VARIANTS)
def test_county_ids_are_ascii_slugs_of_the_hungarian_names(variant: str) -> None:
    for county in board(variant).counties.values():
        stem = county.name.split(" (")[0]
        ascii_name = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode()
        assert county.id == ascii_name.lower().replace("-", "_"), county.name


@pytest.mark.parametrize("variant", VARIANTS)
def test_adjacency_is_symmetric(variant: str) -> None:
    kk = board(variant)

    for county, neighbours in kk.neighbours.items():
        for other in neighbours:
            assert county in kk.neighbours[other]
    for pair in kk.river_crossings:
        a, b = sorted(pair)
        assert kk.is_river_crossing(b, a) and kk.are_adjacent(a, b)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_obstacle_names_the_mountains_or_marshes_it_stands_for(variant: str) -> None:
    for area in SHIPPED_BOARDS[variant]["areas"]:
        attributes = area["attributes"]
        assert (attributes["terrain"] != "plain") == bool(attributes.get("feature")), area["id"]


def test_bihar_has_the_neighbours_of_the_medieval_county_on_the_advanced_map() -> None:
    """Bihar bordered Szatmár and Szabolcs (north), Békés (west), Zaránd (south), Fehér and Kolozs (east);
    Kraszna and Közép-Szolnok (north-east) are not on the map, the Nagykunság is."""
    kk = board("advanced")

    assert kk.neighbours["bihar"] == {"szatmar", "szabolcs", "bekes", "zarand", "feher", "kolozs", "kunsag"}
    assert not kk.are_adjacent("bihar", "arad")  # Zaránd lay between them


def test_valko_lies_between_the_drava_the_duna_szerem_and_pozsega() -> None:
    for variant in VARIANTS:
        kk = board(variant)
        assert crossing(kk, "valko", "baranya") == "Dráva"
        assert crossing(kk, "valko", "bacs") == "Duna"
        assert crossing(kk, "valko", "szerem") is None
        assert crossing(kk, "valko", "pozsega") is None


def test_csanad_meets_arad_zarand_bekes_and_csongrad_on_the_advanced_map() -> None:
    kk = board("advanced")

    assert {"arad", "zarand", "bekes", "csongrad", "temes", "torontal"} <= kk.neighbours["csanad"]
