"""Support declarations of agot2 (domain/rulesets/agot2/combat_support.py) pinned where mutation testing found
them loose (issue 18, point 4): each refusal and recorded deviation with its rule id, message and field, and the
events, on the support tables of tests/domain/agot2/test_transcript_deviations.py.

Table: Red marches from l1 into Blue's l2; Green (l3) and Red (l5) hold Support orders next to l2 and declare in
turn order, Red first (GOT-SUPPORT-3). l4 is next to l3 only; s1 and s2 are seas, s2 next to l5.

Measured 2026-11-27: 236/316 killed (74.7 %) before this file, 291/316 (92.1 %) with it; 305/316 (96.5 %) on
2026-11-28 with the tables at its end (GOT-X-19, per-order GOT-X-4, two areas in a message, routed ships).

EQUIVALENT_MUTANTS (the 11 left):
- `lenient: bool = True` as the default of `declare_support` and `refuse_support`: decide.py always passes the
  game's mode.
- `options.get("combatant_may_support_opponent", False)` default changed or dropped: the option is always set
  (options.py defaults).
- `action.seat or "XXXX"` (twice): a seat-less (recorder's) declaration is refused by GOT-SUPPORT-3 first (no
  supporter entry is None's).
- `refuse_support` `c is None or entry is None` made `and`: `_support_turn` returns a combat without an entry
  only for a declaration naming areas (`extra`), never for a refusal.
- `units_in(area, None)` / `units_in(area)` in `_ineligible`, and `_ineligible(s, c, None, area)`: an area holding
  a Support order holds its owner's units only (GOT-X-1), so every House's units there are the seat's.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import combat_id, decide, units
from tests.domain.agot2.test_mutants_combat_actions import e1_marched, refusal

RED_L4 = (units("red", "l4", "knight"), ("l4", "red", "support_0_b"))  # Red's second order, not next to l2


def support(game: Game, seat: str, **data: Any) -> Any:
    return decide(game, "declare_support", seat, combat_id=combat_id(game), **data)


def test_got_support_9_x_4_a_declaration_names_the_orders_that_may_support() -> None:
    """GOT-SUPPORT-9 (adjacent areas only) and GOT-X-4 (a declaration covers every eligible order of the seat)."""
    game = deviations._support_game(RED_L4)("adjudicated")
    assert refusal(support(game, "red", side="attacker", areas=["l4", "l5"])) == [
        ("GOT-SUPPORT-9", "l4 cannot support the combat in l2: it is not adjacent to the embattled area", AREAS)
    ]
    assert refusal(support(game, "red", side="attacker", areas=[])) == [
        ("GOT-X-4", "red's declaration covers all its eligible orders: l5", AREAS)
    ]
    assert refusal(support(game, "red", side="attacker", areas=["l1"])) == [
        ("GOT-SUPPORT-1", "'red' has no Support order in 'l1'", AREAS)  # its March order
    ]


AREAS = {"field": "data.areas"}


def test_got_support_1_the_declaration_and_its_trace_name_every_area() -> None:
    """In a transcript Red's l4 (not adjacent, GOT-SUPPORT-9) is recorded with l5."""
    game = deviations._support_game(RED_L4)("transcript")
    declared = support(game, "red", side="attacker", areas=["l5", "l4"])
    assert (declared.events[0].type, dict(declared.events[0].data)) == (
        "SupportDeclared",
        {"round": 1, "combat_id": combat_id(game), "seat": "red", "side": "attacker", "areas": ["l4", "l5"]},
    )
    assert ("GOT-SUPPORT-1", "red supports the attacker from l4, l5") in [(t.rule_id, t.text) for t in declared.trace]


def test_got_support_3_out_of_turn_is_recorded_with_whose_turn_it_is() -> None:
    game = deviations._support_game()("transcript")
    assert refusal(support(game, "green", side="defender")) == [
        ("GOT-SUPPORT-3", "it is red's turn to declare support (l5), not 'green''s", {"field": "seat"})
    ]
    refused = decide(game, "refuse_support", "green", combat_id=combat_id(game))
    assert refusal(refused) == [
        ("GOT-SUPPORT-3", "it is red's turn to declare support (l5), not 'green''s", {"field": "seat"})
    ]
    assert [(e.type, dict(e.data)) for e in refused.events] == [
        ("SupportRefused", {"round": 1, "combat_id": combat_id(game), "seat": "green", "areas": ["l3"]})
    ]


def test_got_x_5_a_seat_without_a_support_order_cannot_refuse_even_in_a_transcript() -> None:
    game = deviations._support_game()("transcript")
    assert refusal(decide(game, "refuse_support", "blue", combat_id=combat_id(game))) == [
        (
            "GOT-X-5",
            "'blue' has no eligible Support order next to l2: it neither declares nor refuses",
            {"field": "seat"},
        )
    ]
    assert refusal(decide(game, "refuse_support", "red", combat_id=combat_id(game) + 1)) == [
        (
            "GOT-COMBAT-4",
            f"combat_id {combat_id(game) + 1} is not the combat under way ({combat_id(game)})",
            {"field": "data.combat_id"},
        )
    ]


def test_got_support_3_step_1_ends_once_everyone_declared() -> None:
    """E1: Green, then Red declare; the step is over (GOT-X-23: support is fixed)."""
    game, cid = e1_marched()
    for seat, side in (("green", "defender"), ("red", "attacker")):
        game = deviations._act(game, "declare_support", seat, combat_id=cid, side=side)
    assert refusal(decide(game, "declare_support", "green", combat_id=cid, side="defender")) == [
        ("GOT-SUPPORT-3", "every eligible supporter has already declared", {})
    ]


def test_got_support_5_the_embattled_area_never_supports() -> None:
    game = deviations._support_game(([], ("l2", "blue", "support_0_a")))("transcript")
    assert refusal(support(game, "blue", side="defender", areas=["l2"])) == [
        ("GOT-SUPPORT-5", "l2 cannot support the combat in l2: it is the embattled area", AREAS)
    ]


def test_got_x_5_routed_units_never_support() -> None:
    """GOT-X-5 (catalog): a Support order whose units are all routed adds nothing; Red's l5 footman is routed, so
    only Green (l3) is asked, and Red naming l5 in a transcript is recorded with the reason."""
    game = deviations._game(
        "transcript",
        deviations.SUPPORT_AREAS,
        deviations.SUPPORT_EDGES,
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("green", "l3", "knight")
        + units("red", "l5", "footman", routed=True),
        [("l1", "red", "march_0"), ("l3", "green", "support_0_a"), ("l5", "red", "support_0_a")],
        seats=deviations.RBG,
    )
    game = deviations._act(game, "march", "red", **deviations.SUPPORT_ATTACK)
    assert refusal(support(game, "red", side="attacker", areas=["l5"])) == [
        ("GOT-X-5", "l5 cannot support the combat in l2: its units are all routed", AREAS)
    ]


def test_got_support_7_land_units_never_support_a_sea_combat() -> None:
    """GOT-SUPPORT-7: Red's knight in l5 (next to s2) cannot support Red's ship attacking s2."""
    game = deviations._game(
        "adjudicated",
        {"s1": "sea", "s2": "sea", "s3": "sea", "l5": "land"},
        [("s1", "s2"), ("s2", "s3"), ("s2", "l5")],
        units("red", "s1", "ship")
        + units("blue", "s2", "ship")
        + units("red", "s3", "ship")
        + units("red", "l5", "knight"),
        [("s1", "red", "march_0"), ("s3", "red", "support_0_a"), ("l5", "red", "support_0_b")],
    )
    game = deviations._act(game, "march", "red", from_area="s1", moves=[{"to_area": "s2", "units": ["red:ship:s1:1"]}])
    assert refusal(support(game, "red", side="attacker", areas=["s3", "l5"])) == [
        ("GOT-SUPPORT-7", "l5 cannot support the combat in s2: land units never support a sea combat", AREAS)
    ]


def test_got_x_5_a_combatant_backs_its_opponent_when_the_table_allows_it() -> None:
    """GOT-X-5 with the option `combatant_may_support_opponent` on: Blue's l3 order backs Red's attack."""
    game = deviations._game(
        "adjudicated",
        deviations.SUPPORT_AREAS,
        deviations.SUPPORT_EDGES,
        units("red", "l1", "knight") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
        [("l1", "red", "march_0"), ("l3", "blue", "support_0_a")],
        combatant_may_support_opponent=True,
    )
    game = deviations._act(game, "march", "red", **deviations.SUPPORT_ATTACK)
    declared = support(game, "blue", side="attacker")
    assert not declared.violations
    assert declared.events[0].data["side"] == "attacker"


def port_game(mode: str) -> Game:
    """Red's knight (l1) attacks Blue's footman in l2; Red's ship waits in p2, the port of l2 on sea s1, and its
    footman in l3, both with Support orders."""
    game = deviations._game(
        mode,
        {
            "l1": "land",
            "l2": "land",
            "p2": ("port", {"port_of": {"land": "l2", "sea": "s1"}}),
            "s1": "sea",
            "l3": "land",
        },
        [("l1", "l2"), ("l2", "p2"), ("p2", "s1"), ("l2", "s1"), ("l2", "l3")],
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("red", "p2", "ship")
        + units("red", "l3", "footman"),
        [("l1", "red", "march_0"), ("p2", "red", "support_0_a"), ("l3", "red", "support_0_b")],
    )
    return deviations._act(
        game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}]
    )


def test_got_x_19_a_port_never_supports_its_own_land_area() -> None:
    """GOT-X-19: „Ships in a port may support a combat in the linked sea area, never in the linked land area”.
    Only l3 is asked; naming p2 is refused, and a transcript records it with the rule broken (the ship then adds
    its 1: knight 2 + footman 1 + ship 1 = 4)."""
    adjudicated = port_game("adjudicated")
    assert adjudicated.state.combat.supporters == (("red", ("l3",)),)
    broken = [("GOT-X-19", "p2 cannot support the combat in l2: a port never supports its own land area", AREAS)]
    assert refusal(support(adjudicated, "red", side="attacker", areas=["p2", "l3"])) == broken
    recorded = support(port_game("transcript"), "red", side="attacker", areas=["p2", "l3"])
    assert refusal(recorded) == broken
    assert dict(recorded.events[0].data)["areas"] == ["l3", "p2"]
    assert dict(recorded.events[1].data)["attacker"]["base"] == 4


def test_got_x_4_per_order_each_support_order_declares_separately() -> None:
    """GOT-X-4 with `support_declaration = "per_order"`: „lets each order choose separately, still in turn
    order”. Red's l3 and l5 orders are two turns; Red's l3 turn naming l5 too is refused, and a transcript records
    it with the rule broken."""

    def per_order(mode: str) -> Game:
        game = deviations._game(
            mode,
            deviations.FIGHT_AREAS,
            deviations.FIGHT_EDGES,
            units("red", "l1", "knight", "knight")
            + units("blue", "l2", "footman")
            + units("red", "l3", "footman")
            + units("red", "l5", "footman", first=2),
            [("l1", "red", "march_0"), ("l3", "red", "support_0_a"), ("l5", "red", "support_0_b")],
            support_declaration="per_order",
        )
        knights = ["red:knight:l1:1", "red:knight:l1:2"]
        return deviations._act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": knights}])

    adjudicated = per_order("adjudicated")
    assert adjudicated.state.combat.supporters == (("red", ("l3",)), ("red", ("l5",)))
    broken = [("GOT-X-4", "l5 cannot support the combat in l2: each Support order declares separately", AREAS)]
    assert refusal(support(adjudicated, "red", side="attacker", areas=["l3", "l5"])) == broken
    recorded = support(per_order("transcript"), "red", side="attacker", areas=["l3", "l5"])
    assert (refusal(recorded), dict(recorded.events[0].data)["areas"]) == (broken, ["l3", "l5"])


def test_got_support_3_x_4_messages_name_both_areas_of_a_seat() -> None:
    """GOT-X-4 per seat: Red's l4 and l5 orders are one turn, before Green's l3 (turn order Red, Blue, Green)."""
    game = deviations._game(
        "adjudicated",
        deviations.FIGHT_AREAS,
        deviations.FIGHT_EDGES,
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("green", "l3", "footman")
        + units("red", "l4", "footman", first=2)
        + units("red", "l5", "footman", first=3),
        [
            ("l1", "red", "march_0"),
            ("l3", "green", "support_0_a"),
            ("l4", "red", "support_0_a"),
            ("l5", "red", "support_0_b"),
        ],
        seats=deviations.RBG,
    )
    game = deviations._act(game, "march", "red", **deviations.SUPPORT_ATTACK)
    assert refusal(support(game, "green", side="defender")) == [
        ("GOT-SUPPORT-3", "it is red's turn to declare support (l4, l5), not 'green''s", {"field": "seat"})
    ]
    assert refusal(support(game, "red", side="attacker", areas=[])) == [
        ("GOT-X-4", "red's declaration covers all its eligible orders: l4, l5", AREAS)
    ]


def test_got_x_5_a_sea_area_of_routed_ships_never_supports_a_sea_combat() -> None:
    """GOT-X-5 (d) at sea: Red's ship in s3 is routed, so of its s3 and s4 orders only s4 is asked, and naming s3
    is refused for the routed ship (a sea area, so GOT-SUPPORT-7 does not apply)."""
    game = deviations._game(
        "adjudicated",
        {"s1": "sea", "s2": "sea", "s3": "sea", "s4": "sea"},
        [("s1", "s2"), ("s2", "s3"), ("s2", "s4")],
        units("red", "s1", "ship")
        + units("blue", "s2", "ship")
        + units("red", "s3", "ship", routed=True, first=2)
        + units("red", "s4", "ship", first=3),
        [("s1", "red", "march_0"), ("s3", "red", "support_0_a"), ("s4", "red", "support_0_b")],
    )
    game = deviations._act(game, "march", "red", from_area="s1", moves=[{"to_area": "s2", "units": ["red:ship:s1:1"]}])
    assert game.state.combat.supporters == (("red", ("s4",)),)
    assert refusal(support(game, "red", side="attacker", areas=["s3", "s4"])) == [
        ("GOT-X-5", "s3 cannot support the combat in s2: its units are all routed", AREAS)
    ]
