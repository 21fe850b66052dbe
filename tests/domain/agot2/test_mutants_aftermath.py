"""Casualties, retreats and the clean-up of agot2 (domain/rulesets/agot2/aftermath.py) pinned where mutation testing
found them loose (issue 18, point 4): the events in full and the trace texts, worked out from the catalog's rules
on its worked examples E3/E4 (§6) and the tables of test_card_abilities.py (`a` -> `b`, c and d next to b).

E3: Red's two footmen (l9) lose the tie to Blue's knight in l10; Blue's card has 1 sword, Red's no fortification:
one casualty (GOT-CASUALTY-1), Red's choice; the attacker goes back to l9 (GOT-RETREAT-1) and is routed (ROUT-1);
Red's March order leaves l9 (CLEANUP-1), Blue's tokens in l10 stay (CLEANUP-3); both cards are discarded (CARD-7).
E4: Red's two knights win l12; Blue's two footmen retreat to l13 (Blue's choice, GOT-RETREAT-3) and are routed;
Red's March order leaves l11, Blue's Defense order in l12 goes (CLEANUP-2), Red's knights move in (X-2).

Measured 2026-11-27: 569/785 killed (72.5 %) before this file, 746/785 (95.0 %) with it; 758/785 (96.6 %) on
2026-11-28 with the tables at its end: the 27 left are the equivalents below.

EQUIVALENT_MUTANTS:
- `hands.get(seat, ())` / `discards.get(seat, ())` defaults changed or dropped in `_discard`: setup gives every
  seat a hand and a discard pile.
- `options.get(...)` defaults of `remove_orders_in_empty_areas`, `winner_moves_in`, `garrison_removed_on_loss`:
  the options are always set (options.py defaults).
- `cleanup(..., early=True)` as the default: `early` is not read by `cleanup`.
- `casualties` `due < len(eligible)` made `or True` or `<=`: in that branch `due == 0` or `due >= len(eligible)`,
  where `eligible[:due]` and `eligible` are the same list.
- `_route` `choice.get("via"/"destroy", ...)` key or default changed: `choose_retreat` always builds both keys.
- `_empty_area_orders` `units_in(a, None)` / `units_in(a)`: after the clean-up's own removals an area holding an
  order holds no other House's units (GOT-X-1), so "no unit" and "none of the owner's" agree.

Pinned on 2026-11-28, the gaps listed before: an attacker's siege engine left behind in its origin (E2b), a
loser with no unit that can move, a clean-up with nothing to remove, no eligible casualty ("none"), two routed
units and two siege engines in one trace line, a routed siege engine, a single legal area needing a destroy among
units of one type (all below), and every retreating unit destroyed for supply (`going or to_area`, in
test_mutants_combat_actions_retreat.py, now in this module's targets).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.examples import e2, e5, e6, fight_e2
from tests.domain.agot2.tables import Areas, act, all_of, only, seal, units
from tests.domain.agot2.test_card_abilities import _fight as fight_with
from tests.domain.agot2.test_card_abilities import _game as card_game
from tests.domain.agot2.test_combat_rules import _game as rules_game
from tests.domain.agot2.test_combat_rules import _march as march_all
from tests.domain.agot2.test_mutants_combat_actions import e3_lost, e4_won


def destroyed(seat: str, area: str, unit_ids: list[str], reason: str) -> dict[str, Any]:
    """A UnitsDestroyed event's data."""
    return {"round": 1, "seat": seat, "area": area, "units": unit_ids, "reason": reason}


def steps(decision: Decision) -> list[tuple[str, str]]:
    return [(t.rule_id, t.text) for t in decision.trace]


def test_got_casualty_2_retreat_1_rout_1_cleanup_1_3_the_attacker_loses_e3() -> None:
    game, cid = e3_lost()
    game, taken = act(game, "choose_casualties", "red", combat_id=cid, units=["red:footman:l9:1"])
    assert only(taken, "CasualtiesTaken") == {
        "round": 1,
        "combat_id": cid,
        "seat": "red",
        "area": "l9",
        "units": ["red:footman:l9:1"],
        "due": 1,
        "eligible": ["red:footman:l9:1", "red:footman:l9:2"],
        "excess_ignored": 0,
        "prevented_by": None,
    }
    assert only(taken, "RetreatChosen") == {
        "round": 1,
        "combat_id": cid,
        "seat": "red",
        "from_area": "l10",
        "to_area": "l9",
        "via": [],
        "destroy": [],
        "chooser": None,
    }
    assert only(taken, "UnitsRetreated") == {
        "round": 1,
        "seat": "red",
        "from_area": "l10",
        "to_area": "l9",
        "units": ["red:footman:l9:2"],
        "via": [],
    }
    assert only(taken, "UnitsRouted") == {"round": 1, "seat": "red", "area": "l9", "units": ["red:footman:l9:2"]}
    assert only(taken, "OrdersRemoved") == {
        "round": 1,
        "removals": [{"area": "l9", "seat": "red", "order_token": "march_0", "reason": "march_resolved"}],
    }
    assert only(taken, "HouseCardsDiscarded") == {
        "round": 1,
        "combat_id": cid,
        "cards": {"blue": "blue_c2s1", "red": "red_c3"},
    }
    assert steps(taken) == [
        ("GOT-CASUALTY-2", "red loses 1 of 1 due; eligible red:footman:l9:1, red:footman:l9:2"),
        ("GOT-RETREAT-1", "the attacker's units go back to l9"),
        ("GOT-ROUT-1", "red:footman:l9:2 retreat to l9 and are routed"),
        ("GOT-CLEANUP-1", "red's March order leaves l9"),
        ("GOT-CLEANUP-3", "blue's tokens in l10 stay"),
        ("GOT-COMBAT-5", f"combat {cid} ends; winner blue"),
    ]


def test_got_retreat_3_rout_1_cleanup_1_2_x_2_the_defender_loses_e4() -> None:
    game, cid = e4_won()
    game, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l13")
    knights = ["red:knight:l11:1", "red:knight:l11:2"]
    assert only(chosen, "UnitsMovedIn") == {
        "round": 1,
        "combat_id": cid,
        "seat": "red",
        "from_area": "l11",
        "to_area": "l12",
        "units": knights,
    }
    assert all_of(chosen, "OrdersRemoved")[0] == {
        "round": 1,
        "removals": [
            {"area": "l11", "seat": "red", "order_token": "march_0", "reason": "march_resolved"},
            {"area": "l12", "seat": "blue", "order_token": "defense_plus1_a", "reason": "attacker_won"},
        ],
    }
    found = steps(chosen)
    for step in (
        ("GOT-RETREAT-3", "blue chooses l13"),
        ("GOT-ROUT-1", "blue:footman:l12:1, blue:footman:l12:2 retreat to l13 and are routed"),
        ("GOT-CLEANUP-1", "red's March order leaves l11"),
        ("GOT-CLEANUP-2", "blue's order in l12 is removed"),
        ("GOT-X-2", "red:knight:l11:1, red:knight:l11:2 move into l12"),
    ):
        assert step in found, found


def test_got_casualty_1_swords_beyond_the_units_are_ignored() -> None:
    """GOT-CASUALTY-1: Eddard's 2 swords against Patchface's 0 fortifications: 2 due, Baratheon has 1 footman."""
    game = card_game("stark", "baratheon", ["knight", "knight"], ["footman"])
    _, decision = fight_with(game, "stark", "baratheon", "stark_eddard_stark", "baratheon_patchface")
    taken = only(decision, "CasualtiesTaken")
    assert (taken["units"], taken["due"], taken["excess_ignored"], taken["area"]) == (
        ["baratheon:footman:b:1"],
        2,
        1,
        "b",
    )
    assert ("GOT-CASUALTY-2", "baratheon loses 1 of 2 due; eligible baratheon:footman:b:1") in steps(decision)


def test_got_casualty_2_the_blackfish_prevents_every_casualty() -> None:
    """The Blackfish: "You lose no units in this combat to ... sword icons": Gregor's 3 swords are not taken."""
    game = card_game("lannister", "stark", ["knight", "knight"], ["footman", "footman"])
    _, decision = fight_with(game, "lannister", "stark", "lannister_ser_gregor_clegane", "stark_the_blackfish")
    taken = only(decision, "CasualtiesTaken")
    assert (taken["units"], taken["due"], taken["excess_ignored"]) == ([], 3, 0)
    text = "stark loses 0 of 3 due; eligible stark:footman:b:1, stark:footman:b:2; prevented by stark_the_blackfish"
    assert ("GOT-CASUALTY-2", text) in steps(decision)


def test_got_retreat_3_the_only_legal_area_is_taken_without_asking() -> None:
    """Eddard (2 swords) against the Hound (2 fortifications): no casualty; Stark's footman holds c, so d is the
    only legal retreat (a is the march origin, s and s2 are seas)."""
    game = card_game(
        "stark", "lannister", ["knight", "knight"], ["footman"], extra_units=units("stark", "c", "footman")
    )
    _, decision = fight_with(game, "stark", "lannister", "stark_eddard_stark", "lannister_the_hound")
    assert only(decision, "RetreatChosen") == {
        "round": 1,
        "combat_id": only(decision, "HouseCardsRevealed")["combat_id"],
        "seat": "lannister",
        "from_area": "b",
        "to_area": "d",
        "via": [],
        "destroy": [],
        "chooser": None,
    }
    assert ("GOT-RETREAT-3", "the only legal retreat is d") in steps(decision)


def test_got_retreat_6_no_legal_area_destroys_the_retreating_units() -> None:
    """Stark holds c and d: Lannister's footman has nowhere to go (a is the origin, s and s2 are seas)."""
    extra = units("stark", "c", "footman") + units("stark", "d", "footman")
    game = card_game("stark", "lannister", ["knight", "knight"], ["footman"], extra_units=extra)
    _, decision = fight_with(game, "stark", "lannister", "stark_eddard_stark", "lannister_the_hound")
    assert only(decision, "UnitsDestroyed") == destroyed(
        "lannister", "b", ["lannister:footman:b:1"], "no_legal_retreat"
    )
    chosen = only(decision, "RetreatChosen")
    assert (chosen["to_area"], chosen["via"], chosen["destroy"], chosen["chooser"]) == (None, [], [], None)
    assert ("GOT-RETREAT-6", "no legal retreat area: every retreating unit is destroyed") in steps(decision)


def test_got_x_8_the_march_order_follows_ser_loras_into_the_area() -> None:
    """Ser Loras: "your March order moves into the conquered area instead of being removed"."""
    game = card_game("tyrell", "stark", ["knight", "knight"], ["footman"])
    game, _ = fight_with(game, "tyrell", "stark", "tyrell_ser_loras_tyrell", "stark_catelyn_stark")
    _, decision = act(game, "choose_retreat", "stark", combat_id=game.state.combat.combat_id, to_area="c")
    assert only(decision, "OrderMoved") == {
        "round": 1,
        "seat": "tyrell",
        "from_area": "a",
        "to_area": "b",
        "order_token": "march_0",
        "reason": "card_ability",
    }
    assert ("GOT-CLEANUP-1", "tyrell's March order leaves a") not in steps(decision)


def test_got_cleanup_2_the_defender_s_power_token_goes_when_the_attacker_wins() -> None:
    game = card_game("stark", "lannister", ["knight", "knight"], ["footman"], power_tokens={"b": "lannister"})
    game, _ = fight_with(game, "stark", "lannister", "stark_eddard_stark", "lannister_the_hound")
    _, decision = act(game, "choose_retreat", "lannister", combat_id=game.state.combat.combat_id, to_area="c")
    assert only(decision, "PowerTokenRemoved") == {
        "round": 1,
        "area": "b",
        "seat": "lannister",
        "reason": "attacker_won",
    }


def test_got_x_21_the_march_order_that_followed_loras_goes_when_no_unit_moved_in() -> None:
    """Ser Loras moves the March order into b; with `winner_moves_in` off (GOT-X-2) no Tyrell unit stands there,
    so the order is removed (GOT-X-21: an order in an area with none of its owner's units), unless the table
    keeps such orders (`remove_orders_in_empty_areas` off)."""
    emptied = {"area": "b", "seat": "tyrell", "order_token": "march_0", "reason": "area_emptied"}
    for keep, expected in ((True, [emptied]), (False, [])):
        options = {"winner_moves_in": False, "remove_orders_in_empty_areas": keep}
        game = card_game("tyrell", "stark", ["knight", "knight"], ["footman"], options=options)
        game, _ = fight_with(game, "tyrell", "stark", "tyrell_ser_loras_tyrell", "stark_catelyn_stark")
        _, decision = act(game, "choose_retreat", "stark", combat_id=game.state.combat.combat_id, to_area="c")
        removed = [r for e in all_of(decision, "OrdersRemoved") for r in e["removals"] if r["reason"] == "area_emptied"]
        assert removed == expected
        assert all(set(e) == {"round", "removals"} for e in all_of(decision, "OrdersRemoved"))


def test_got_rout_3_retreat_6_9_routed_units_and_siege_engines_stay_and_are_destroyed_e5() -> None:
    """E5 (catalog §6): Blue loses l15 with a knight, a footman (the casualty) and a siege engine; no area is legal
    (GOT-RETREAT-6), and the siege engine never retreats (GOT-RETREAT-9)."""
    attackers = ["red:knight:l14:1", "red:knight:l14:2", "red:footman:l14:3"]
    game, _ = act(e5(), "march", "red", from_area="l14", moves=[{"to_area": "l15", "units": attackers}])
    cid = game.state.combat.combat_id
    game, _ = seal(game, "house_card", {"red": {"card": "red_c1s1"}, "blue": {"card": "blue_c2"}})
    _, chosen = act(game, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l15:2"])
    assert destroyed("blue", "l15", ["blue:siege_engine:l15:3"], "siege_engine_cannot_retreat") in all_of(
        chosen, "UnitsDestroyed"
    )
    assert ("GOT-RETREAT-9", "siege engine(s) blue:siege_engine:l15:3 cannot retreat: destroyed") in steps(chosen)


def test_got_rout_3_a_routed_defender_is_destroyed_where_it_stands() -> None:
    """Transcript table: Blue's routed footman l2:3 cannot retreat (GOT-ROUT-3) and is destroyed in l2."""
    game = deviations._lost_defence("adjudicated")
    cid = game.state.combat.combat_id
    game, _ = act(game, "choose_casualties", "blue", combat_id=cid, units=["blue:footman:l2:1"])
    _, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l5")
    assert destroyed("blue", "l2", ["blue:footman:l2:3"], "routed_cannot_retreat") in all_of(chosen, "UnitsDestroyed")
    assert ("GOT-ROUT-3", "routed blue:footman:l2:3 cannot retreat: destroyed") in steps(chosen)


def test_got_retreat_5_units_destroyed_for_supply_are_traced_e6() -> None:
    """E6 (catalog §6): Blue's knight and footman retreat to l22, where Blue's supply [3, 2] allows one of them
    (GOT-RETREAT-5); Blue destroys the footman first and the knight retreats and is routed."""
    attackers = ["red:footman:l19:1", "red:footman:l19:2", "red:footman:l19:3"]
    game, _ = act(e6(), "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": attackers}])
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "blue", combat_id=cid, side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    game, _ = act(game, "use_blade", "red", combat_id=cid)
    _, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l22", destroy=["blue:footman:l21:2"])
    assert ("GOT-RETREAT-5", "1 unit(s) destroyed to stay within supply") in steps(chosen)
    assert only(chosen, "UnitsDestroyed") == destroyed("blue", "l21", ["blue:footman:l21:2"], "supply_limit")
    assert only(chosen, "UnitsRetreated") == {
        "round": 1,
        "seat": "blue",
        "from_area": "l21",
        "to_area": "l22",
        "units": ["blue:knight:l21:1"],
        "via": [],
    }
    assert ("GOT-RETREAT-3", "blue chooses l22") in steps(chosen)


def garrisoned_home(**options: Any) -> Game:
    """Red's knight (l1) marches on Blue's home area, defended by its garrison of 2 alone (GOT-X-3)."""
    areas: Areas = {"l1": "land", "home": ("land", {"home_of": "blue", "garrison": 2})}
    game = rules_game(areas, [("l1", "home")], units("red", "l1", "knight"), [("l1", "red", "march_0")], **options)
    return march_all(game, "red", "l1", "home")


def test_got_x_3_the_garrison_of_a_beaten_home_area_is_removed() -> None:
    """Red: knight 2 + March 0 + red_c4's 4 = 6 against garrison 2 + blue_c1's 1 = 3: Red wins (GOT-X-3)."""
    _, decision = seal(garrisoned_home(), "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    assert ("GOT-X-3", "blue's garrison in home is removed") in steps(decision)
    kept = garrisoned_home(garrison_removed_on_loss=False)
    _, decision = seal(kept, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    assert "GarrisonRemoved" not in [e.type for e in decision.events]


def test_got_x_3_the_garrison_stays_when_its_home_holds() -> None:
    """Red: knight 2 + red_c1 1 = 3 against garrison 2 + blue_c4s2 4 = 6: Blue holds, the garrison stays."""
    _, decision = seal(garrisoned_home(), "house_card", {"red": {"card": "red_c1"}, "blue": {"card": "blue_c4s2"}})
    assert only(decision, "CombatResolved")["winner"] == "blue"
    assert "GarrisonRemoved" not in [e.type for e in decision.events]
    assert ("GOT-CLEANUP-3", "blue's tokens in home stay") in steps(decision)


def test_got_cleanup_3_the_defender_keeps_its_power_token_when_it_holds() -> None:
    """Stark: footman 1 + March 0 + Rodrik 1 = 2 against Lannister's knight 2 + Defense 1 + the Hound 2 = 5."""
    game = card_game("stark", "lannister", ["footman"], ["knight"], power_tokens={"b": "lannister"})
    _, decision = fight_with(game, "stark", "lannister", "stark_ser_rodrik_cassel", "lannister_the_hound")
    assert only(decision, "CombatResolved")["winner"] == "lannister"
    assert "PowerTokenRemoved" not in [e.type for e in decision.events]


# --- tables of their own: the only legal area, routed units and siege engines together ---

AREAS = {"l1": "land", "l2": "land", "l3": "land", "l4": "land"}
EDGES = [("l1", "l2"), ("l2", "l3"), ("l3", "l4")]


def red_wins_l2(blue_units: list[dict[str, Any]], supply: list[int]) -> Decision:
    """Red's three knights (6, card 1: 7) march from l1 into Blue's l2 (card 1); the only way out of l2 but the
    march origin is l3. No sword: no casualty."""
    red = units("red", "l1", "knight", "knight", "knight")
    game = rules_game(AREAS, EDGES, red + blue_units, [("l1", "red", "march_0")], supply_limits={"blue": supply})
    game = march_all(game, "red", "l1", "l2")
    _, decision = seal(game, "house_card", {"red": {"card": "red_c1"}, "blue": {"card": "blue_c1"}})
    assert only(decision, "CombatResolved")["winner"] == "red"
    return decision


def test_got_retreat_5_x_17_the_only_area_needing_a_destruction_among_like_units_is_taken_without_asking() -> None:
    """Blue's two footmen leave l2 for l3 (its footman there; 3 more in l4): 3 and 3 break [3, 2], so one
    footman is destroyed first (GOT-RETREAT-5). One area and two alike units leave Blue nothing to choose."""
    blue = units("blue", "l2", "footman", "footman") + units("blue", "l3", "footman", first=3)
    decision = red_wins_l2(blue + units("blue", "l4", "footman", "footman", "footman", first=4), [3, 2])
    assert only(decision, "UnitsDestroyed") == destroyed("blue", "l2", ["blue:footman:l2:1"], "supply_limit")
    assert only(decision, "UnitsRetreated")["units"] == ["blue:footman:l2:2"]
    assert [s for s in steps(decision) if s[0] in ("GOT-RETREAT-3", "GOT-RETREAT-5")] == [
        ("GOT-RETREAT-3", "the only legal retreat is l3"),
        ("GOT-RETREAT-5", "1 unit(s) destroyed to stay within supply"),
    ]


def test_got_rout_3_retreat_9_routed_units_and_siege_engines_are_destroyed_together_once_each() -> None:
    """Blue's footman retreats to l3; its two routed footmen (GOT-ROUT-3) and two siege engines (GOT-RETREAT-9),
    one of them routed, stay and are destroyed: each unit once, the routed siege engine as a siege engine."""
    blue = units("blue", "l2", "footman") + units(
        "blue", "l2", "footman", "footman", "siege_engine", routed=True, first=2
    )
    decision = red_wins_l2(blue + units("blue", "l2", "siege_engine", first=5), [6, 2])
    routed, siege = ["blue:footman:l2:2", "blue:footman:l2:3"], ["blue:siege_engine:l2:4", "blue:siege_engine:l2:5"]
    assert all_of(decision, "UnitsDestroyed") == [
        destroyed("blue", "l2", routed, "routed_cannot_retreat"),
        destroyed("blue", "l2", siege, "siege_engine_cannot_retreat"),
    ]
    assert [s for s in steps(decision) if s[0] in ("GOT-ROUT-3", "GOT-RETREAT-9")] == [
        ("GOT-ROUT-3", f"routed {', '.join(routed)} cannot retreat: destroyed"),
        ("GOT-RETREAT-9", f"siege engine(s) {', '.join(siege)} cannot retreat: destroyed"),
    ]
    assert only(decision, "UnitsRetreated")["units"] == ["blue:footman:l2:1"]


def test_got_casualty_4_rout_3_a_loser_with_only_routed_units_and_a_siege_engine_has_nothing_to_move() -> None:
    """Blue holds l2 with a routed footman and a siege engine: none is an eligible casualty (GOT-CASUALTY-4,
    ROUT-4), none retreats (ROUT-3, RETREAT-9), so the retreat goes nowhere and both are destroyed in l2. The
    clean-up removes Red's March order only (CLEANUP-1): one OrdersRemoved."""
    blue = units("blue", "l2", "footman", routed=True) + units("blue", "l2", "siege_engine", first=2)
    decision = red_wins_l2(blue, [6, 2])
    assert ("GOT-CASUALTY-2", "blue loses 0 of 0 due; eligible none") in steps(decision)
    chosen = only(decision, "RetreatChosen")
    assert (chosen["to_area"], chosen["via"], chosen["destroy"], chosen["chooser"]) == (None, [], [], None)
    assert "UnitsRetreated" not in [e.type for e in decision.events]
    assert only(decision, "OrdersRemoved")["removals"] == [
        {"area": "l1", "seat": "red", "order_token": "march_0", "reason": "march_resolved"}
    ]


def test_got_retreat_1_9_a_losing_attacker_s_siege_engine_is_destroyed_in_its_march_origin_e2b() -> None:
    """E2b (catalog §6): Blue wins; Red's siege engine „must retreat to L6 (RETREAT-1); it cannot, so it is
    destroyed (RETREAT-9)”: the attacking units wait in L6, their march origin, so it is destroyed there."""
    _, decision, _ = fight_e2(e2(None))
    assert only(decision, "UnitsDestroyed") == destroyed(
        "red", "l6", ["red:siege_engine:l6:1"], "siege_engine_cannot_retreat"
    )


def test_got_x_8_cleanup_nothing_to_remove_when_ser_loras_s_order_follows_and_the_defender_had_none() -> None:
    """Ser Loras moves Tyrell's March order into b (X-8) and Stark held b without an order: neither CLEANUP-1 nor
    CLEANUP-2 has an order to remove, so the clean-up records no OrdersRemoved at all."""
    march_only = [{"area": "a", "seat": "tyrell", "token": "march_0"}]
    game = card_game("tyrell", "stark", ["knight", "knight"], ["footman"], orders=march_only)
    game, _ = fight_with(game, "tyrell", "stark", "tyrell_ser_loras_tyrell", "stark_catelyn_stark")
    _, decision = act(game, "choose_retreat", "stark", combat_id=game.state.combat.combat_id, to_area="c")
    assert [e.type for e in decision.events] == [
        "RetreatChosen",
        "UnitsRetreated",
        "UnitsRouted",
        "OrderMoved",
        "UnitsMovedIn",
        "HouseCardsDiscarded",
        "CombatEnded",
    ]
