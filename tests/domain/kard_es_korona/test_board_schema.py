"""The KK board schema: `kk_board_errors` names the county, edge or path at fault; `load_kk_board` types it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from domain.boards import board_errors
from domain.rulesets.kard_es_korona.board import KKBoard, Terrain, kk_board_errors, load_kk_board
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS


def basic() -> dict[str, Any]:
    """A private copy of the shipped basic board to break."""
    return copy.deepcopy(dict(SHIPPED_BOARDS["basic"]))


def county(document: dict[str, Any], county_id: str) -> dict[str, Any]:
    return next(area for area in document["areas"] if area["id"] == county_id)


def edge(document: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(e for e in document["edges"] if {e["a"], e["b"]} == {a, b})


def drop_county(document: dict[str, Any], county_id: str) -> None:
    document["areas"] = [area for area in document["areas"] if area["id"] != county_id]
    document["edges"] = [e for e in document["edges"] if county_id not in (e["a"], e["b"])]


def errors_mentioning(errors: list[str], *words: str) -> list[str]:
    return [error for error in errors if all(word in error for word in words)]


def test_no_errors_when_the_board_is_the_shipped_basic_board() -> None:
    assert kk_board_errors(basic()) == []


# --- counts (KK-GEN-1, KK-SETUP-10) ------------------------------------------------------------------


def test_province_named_when_it_has_a_county_too_few() -> None:
    document = basic()
    drop_county(document, "kukullo")  # Erdély keeps 6 of its 7 counties

    assert "province 'erdely' has 6 counties; the basic variant needs 7" in kk_board_errors(document)


def test_province_named_when_it_has_a_county_too_many_for_the_advanced_variant() -> None:
    document = basic()
    document["attributes"]["variant"] = "advanced"

    errors = kk_board_errors(document)

    assert "province 'felvidek' has 7 counties; the advanced variant needs 10" in errors
    assert "province 'felvidek' has 2 castles; the advanced variant needs 3" in errors


def test_province_named_when_it_has_a_third_castle_in_the_basic_variant() -> None:
    document = basic()
    county(document, "zolyom")["attributes"]["castle"] = True

    errors = kk_board_errors(document)

    assert "province 'felvidek' has 3 castles; the basic variant needs 2" in errors
    assert "province 'felvidek' has 2 plain counties without a castle; the basic variant needs 3" in errors


def test_province_named_when_a_plain_county_becomes_a_swamp() -> None:
    """KK-SETUP-10: 3 plain counties without a castle receive the neutral pieces of an unplayed province."""
    document = basic()
    county(document, "tolna")["attributes"]["terrain"] = "swamp"

    assert "province 'pannonia' has 2 plain counties without a castle; the basic variant needs 3" in kk_board_errors(
        document
    )


# --- counties -----------------------------------------------------------------------------------------


def test_county_named_when_its_province_is_unknown() -> None:
    document = basic()
    county(document, "hont")["attributes"]["province"] = "moldva"

    assert errors_mentioning(kk_board_errors(document), "'hont'", "unknown province 'moldva'")


def test_county_named_when_its_terrain_is_not_plain_mountain_or_swamp() -> None:
    document = basic()
    county(document, "somogy")["attributes"]["terrain"] = "forest"

    assert errors_mentioning(kk_board_errors(document), "'somogy'", "'forest' is not one of plain, mountain, swamp")


def test_county_named_when_its_castle_stands_on_a_mountain() -> None:
    """KK-GEN-2: a county has a castle, or is mountain, or swamp."""
    document = basic()
    county(document, "lipto")["attributes"]["castle"] = True

    assert errors_mentioning(kk_board_errors(document), "'lipto'", "castle on mountain terrain")


def test_county_named_when_its_castle_flag_is_not_a_boolean() -> None:
    document = basic()
    county(document, "pest")["attributes"]["castle"] = "yes"

    assert errors_mentioning(kk_board_errors(document), "'pest'", "castle: expected true or false")


def test_county_named_when_it_has_no_layout() -> None:
    document = basic()
    del county(document, "bihar")["layout"]

    assert errors_mentioning(kk_board_errors(document), "'bihar'", "has no layout")


def test_area_named_when_it_is_not_a_county() -> None:
    document = basic()
    county(document, "kunsag")["kind"] = "sea"

    assert errors_mentioning(kk_board_errors(document), "'kunsag'", "'sea'")


def test_county_named_when_it_borders_no_other_county() -> None:
    document = basic()
    document["edges"] = [e for e in document["edges"] if "szekelyfold" not in (e["a"], e["b"])]

    assert "areas: county 'szekelyfold' is not connected to 'pozsony'" in kk_board_errors(document)


def test_every_county_of_a_cut_off_part_is_named() -> None:
    document = basic()
    # Erdély joins the rest only through Bihar, Szatmár, Arad and Krassó.
    cut = {frozenset(pair) for pair in (("kolozs", "bihar"), ("feher", "bihar"), ("szatmar", "doboka"))}
    cut |= {frozenset(pair) for pair in (("hunyad", "arad"), ("feher", "arad"), ("hunyad", "krasso"))}
    document["edges"] = [e for e in document["edges"] if frozenset((e["a"], e["b"])) not in cut]

    unreachable = [error for error in kk_board_errors(document) if "is not connected" in error]

    assert len(unreachable) == 7
    assert all(errors_mentioning(unreachable, f"'{c}'") for c in ("kolozs", "feher", "hunyad", "szekelyfold"))


# --- edges --------------------------------------------------------------------------------------------


def test_edge_named_when_its_river_is_not_one_of_the_five_major_rivers() -> None:
    document = basic()
    edge(document, "pest", "fejer")["attributes"]["river"] = "Rába"

    assert errors_mentioning(kk_board_errors(document), "edges[", "'pest'-'fejer'", "'Rába' is not a major river")


def test_edge_named_when_a_river_edge_names_no_river() -> None:
    document = basic()
    del edge(document, "arad", "temes")["attributes"]

    assert errors_mentioning(kk_board_errors(document), "'temes'-'arad'", "None is not a major river")


def test_edge_named_when_its_kind_is_neither_land_nor_river() -> None:
    document = basic()
    edge(document, "pest", "nograd")["kind"] = "sea"

    assert errors_mentioning(kk_board_errors(document), "'pest'-'nograd'", "'sea' is not 'land' or 'river'")


def test_edge_named_when_it_leads_to_no_county() -> None:
    document = basic()
    document["edges"].append({"a": "pest", "b": "atlantis", "kind": "land"})

    assert errors_mentioning(kk_board_errors(document), "'pest'-'atlantis'", "unknown county 'atlantis' (b)")
    assert errors_mentioning(board_errors(document), "unknown area 'atlantis'")


# --- provinces, ring, closed set, special counties ----------------------------------------------------


def test_province_list_named_when_a_province_is_unknown() -> None:
    document = basic()
    document["attributes"]["provinces"][0]["id"] = "moldva"

    errors = kk_board_errors(document)

    assert errors_mentioning(errors, "attributes.provinces[0].id", "unknown province 'moldva'")
    assert errors_mentioning(errors, "attributes.provinces: missing 'felvidek'")


def test_province_list_named_when_no_province_is_royal() -> None:
    """KK-GEN-4: the white centre is a province of its own."""
    document = basic()
    del document["attributes"]["provinces"][6]["royal"]

    assert errors_mentioning(kk_board_errors(document), "exactly 'kiralyi_terulet' is royal")


def test_ring_named_when_it_misses_a_lords_province() -> None:
    """KK-SETUP-3: the 4-player configurations come from the ring."""
    document = basic()
    document["attributes"]["province_ring"] = ["felvidek", "tiszahat", "erdely", "delvidek", "szlavonia"]

    assert errors_mentioning(kk_board_errors(document), "attributes.province_ring")


def test_ring_named_when_it_holds_the_royal_centre() -> None:
    document = basic()
    document["attributes"]["province_ring"][5] = "kiralyi_terulet"

    assert errors_mentioning(kk_board_errors(document), "attributes.province_ring")


def test_closed_county_named_when_it_lies_outside_szlavonia() -> None:
    """KK-SETUP-2: only the Dráva-Száva region closes with 5 players."""
    document = basic()
    document["attributes"]["closed_in_5p"].append("somogy")

    assert errors_mentioning(kk_board_errors(document), "closed_in_5p[6]", "'somogy' is not in 'szlavonia'")


def test_baranya_named_when_it_is_closed() -> None:
    """KK-SETUP-2: of the yellow counties only Baranya can be conquered with 5 players."""
    document = basic()
    document["attributes"]["closed_in_5p"].append("baranya")

    assert errors_mentioning(kk_board_errors(document), "closed_in_5p[6]", "Baranya ('baranya') stays open")


def test_closed_county_named_when_it_is_unknown() -> None:
    document = basic()
    document["attributes"]["closed_in_5p"][0] = "bosznia"

    assert errors_mentioning(kk_board_errors(document), "closed_in_5p[0]", "unknown county 'bosznia'")


@pytest.mark.parametrize("special", ["baranya", "bihar", "kunsag", "nograd"])
def test_special_county_named_when_it_is_missing(special: str) -> None:
    """KK-SETUP-2 and KK-SETUP-11 place pieces in Baranya, Bihar, Kunság and Nógrád."""
    document = basic()
    del document["attributes"]["special_counties"][special]

    assert f"attributes.special_counties.{special}: missing special county '{special}'" in kk_board_errors(document)


def test_special_county_named_when_it_is_not_on_the_board() -> None:
    document = basic()
    document["attributes"]["special_counties"]["kunsag"] = "jaszsag"

    assert errors_mentioning(kk_board_errors(document), "special_counties.kunsag", "unknown county 'jaszsag'")


def test_baranya_named_when_it_lies_outside_szlavonia() -> None:
    document = basic()
    document["attributes"]["special_counties"]["baranya"] = "tolna"

    assert errors_mentioning(kk_board_errors(document), "special_counties.baranya", "'tolna' is not in 'szlavonia'")


def test_variant_named_when_it_is_neither_basic_nor_advanced() -> None:
    document = basic()
    document["attributes"]["variant"] = "haladó"

    assert errors_mentioning(kk_board_errors(document), "attributes.variant", "'haladó'")


def test_ruleset_named_when_the_board_belongs_to_another_game() -> None:
    document = basic()
    document["ruleset"] = "agot2"

    assert errors_mentioning(kk_board_errors(document), "ruleset", "'agot2'")


def test_attributes_named_when_missing() -> None:
    document = basic()
    del document["attributes"]

    assert errors_mentioning(kk_board_errors(document), "attributes")


# --- the typed board ----------------------------------------------------------------------------------


def test_load_refuses_with_every_problem_when_the_board_is_invalid() -> None:
    document = basic()
    county(document, "lipto")["attributes"]["castle"] = True
    del document["attributes"]["special_counties"]["nograd"]

    with pytest.raises(ValueError, match="'lipto'") as refused:
        load_kk_board(document)

    assert "missing special county 'nograd'" in str(refused.value)


def test_load_refuses_a_structurally_broken_board_before_the_kk_checks() -> None:
    document = basic()
    document["edges"].append({"a": "pest", "b": "pest"})

    with pytest.raises(ValueError, match="self-loop on 'pest'"):
        load_kk_board(document)


def test_loaded_board_answers_adjacency_rivers_and_castles() -> None:
    board = load_kk_board(basic())

    assert isinstance(board, KKBoard)
    assert board.variant == "basic"
    assert board.royal_province == "kiralyi_terulet"
    assert board.counties["szatmar"].terrain is Terrain.SWAMP
    assert board.counties["nograd"].name == "Nógrád"
    assert board.is_river_crossing("fejer", "pest") and board.is_river_crossing("pest", "fejer")
    assert not board.is_river_crossing("pest", "nograd")
    assert "nograd" in board.neighbours["pest"] and "pest" in board.neighbours["nograd"]
    assert board.are_adjacent("pest", "nograd") and not board.are_adjacent("pest", "bihar")
    assert board.castles("erdely") == ("kolozs", "feher")
    assert len(board.castles()) == 14
    assert board.special == {"baranya": "baranya", "bihar": "bihar", "kunsag": "kunsag", "nograd": "nograd"}
    assert board.province_names["kiralyi_terulet"] == "Királyi terület"
    assert board.lord_provinces == ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")


def test_loading_the_same_document_twice_gives_equal_boards() -> None:
    """State snapshots reload the board from its document: dump/load must give an equal state."""
    assert load_kk_board(basic()) == load_kk_board(basic())
