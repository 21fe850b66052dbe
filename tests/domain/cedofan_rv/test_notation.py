"""Notation reads what the table sees (the viewer's list, a record's text): factions as the catalog writes them
(Katzowicové, Gliviciové, the Kard League and its sub-factions), places by the names the board gives them (Kiertz,
Brod), units counted by kind, nobles by faction and rank, a loot slip's sealed round by whose slip it is. Not the
engine's ids ("katzowicove", "k_head", "g_b_inf1", "loot-2-katzowicove"). On the shipped demonstration board."""

from __future__ import annotations

from typing import Any

from domain.kernel import Event, start
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.cedofan_rv.notation_names import place
from domain.rulesets.cedofan_rv.state import RvState
from tests.domain.cedofan_rv.fixtures import board, created

DEMONSTRATION = CEDOFAN_RV.shipped_boards["demonstration"]


def _demonstration_game() -> RvState:
    """Katzowicové (k_head and five units in Kiertz) and Gliviciové (generals g_brod in Brod and g_gen)."""
    state: RvState = start(CEDOFAN_RV, created(DEMONSTRATION, seats=("katzowicove", "gliviciove")), DEMONSTRATION).state
    return state


def _line(event_type: str, **data: Any) -> str:
    return CEDOFAN_RV.notation(Event(event_type, data), _demonstration_game())


def test_rv_nob_3_a_banner_names_its_noble_its_units_by_kind_and_the_places() -> None:
    units = ["k_inf1", "k_inf2", "k_cav1"]
    line = _line(
        "BannerMoved",
        noble="k_head",
        units=units,
        steps=4,
        cost=2,
        paid_from="purse",
        **{"from": "kiertz", "to": "brod"},
    )
    assert line == (
        "the Katzowicové head of house leads 2 infantry and 1 cavalry from Kiertz to Brod: "
        "4 step(s), cost 2 from his purse"
    )


def test_rv_dice_4_the_dead_are_counted_by_kind_and_the_noble_named_last() -> None:
    assert _line("HitsApplied", side="defender", hits=2, deaths=["g_b_inf1", "g_b_inf2"], wasted=0) == (
        "defender takes 2 hit(s): 2 infantry killed, 0 wasted"
    )
    assert _line("HitsApplied", side="besieger", hits=2, deaths=["k_inf1", "k_head"], wasted=0) == (
        "besieger takes 2 hit(s): 1 infantry and the Katzowicové head of house killed, 0 wasted"
    )


def test_rv_rel_1_a_relief_battle_names_its_city_and_the_winning_faction() -> None:
    line = _line(
        "BattleResolved", kind="relief", area="brod", units_after={"besieger": 1, "relief": 3}, winner="gliviciove"
    )
    assert line == "relief battle at Brod: units after besieger 1, relief 3; winner Gliviciové"


def test_rv_fld_1_two_generals_of_one_faction_are_told_apart_by_their_ids() -> None:
    line = _line("AttackDeclared", seat="gliviciove", defender="katzowicove", area="kiertz", nobles=["g_gen"])
    assert line == "Gliviciové attacks Katzowicové in Kiertz with the Gliviciové general g_gen"


def test_rv_sup_3_resources_pass_from_the_treasury_to_a_nobles_purse() -> None:
    line = _line("ResourcesTransferred", seat="katzowicove", amount=2, **{"from": "treasury", "to": "k_head"})
    assert line == "Katzowicové passes resources from the treasury to the purse of the Katzowicové head of house"


def test_rv_loot_2_a_sealed_slip_reads_as_whose_loot_it_is() -> None:
    opened = _line("SealedRoundOpened", round="loot-2-katzowicove", seats=["katzowicove"])
    assert opened == "the loot slip of Katzowicové from battle 2 is sealed by Katzowicové"
    assert _line("LootOwed", from_seat="katzowicove", to_seat="gliviciove", nobles=["k_head"]) == (
        "Katzowicové owes Gliviciové the loot of the Katzowicové head of house (sealed slip)"
    )


def test_rv_turn_3_a_kard_league_impulse_names_its_sub_faction() -> None:
    line = _line("ImpulseStarted", faction="kard_league", subfaction="stinove_zeme", round=1, limit=5)
    assert line == "the Kard League (Stínové země)'s impulse (round 1), limit 5"


def test_an_id_the_game_does_not_know_reads_as_itself_rather_than_failing() -> None:
    line = _line("SiegeStarted", seat="gliviciove", place="nowhere", nobles=["a-noble-from-elsewhere"], cost=1)
    assert line == "Gliviciové besieges nowhere with a-noble-from-elsewhere (cost 1)"


def test_an_area_without_a_place_reads_as_the_region_between_the_places_it_borders() -> None:
    # The demonstration board: "les" borders Brod and Knorów, "pole" Kiertz, Brod and Vysoká (over a mountain).
    line = _line("BattleResolved", kind="field", area="les", units_after={"attacker": 2, "defender": 0}, winner="x")
    assert line.startswith("field battle at the region between Brod and Knorów:")
    assert _line("BattleResolved", kind="field", area="pole", units_after={}, winner=None).startswith(
        "field battle at the region between Brod, Kiertz and Vysoká:"
    )


def test_areas_bordering_the_same_places_add_their_ids_and_one_bordering_no_place_reads_as_its_id() -> None:
    places: dict[str, dict[str, Any]] = {
        "a": {"place": {"kind": "city", "owner": None, "name": "Aš"}},
        "c": {"place": {"kind": "fortress"}},
    }
    document = board(
        {**places, "m1": {}, "m2": {}, "far": {}},
        [(m, p, "passable", 1) for m in ("m1", "m2") for p in ("a", "c")] + [("far", "m1", "mountain", 1)],
        [],
    )
    state: RvState = start(CEDOFAN_RV, created(document), document).state

    assert [place(state, area) for area in ("m1", "m2", "far", "c")] == [
        "the region between Aš and c (m1)",  # a place the board leaves unnamed reads as its id, as before
        "the region between Aš and c (m2)",
        "far",
        "c",
    ]
