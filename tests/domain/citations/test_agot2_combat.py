"""A Game of Thrones refusals during a combat cite the rule that bars them (issue 17, point 4).

The position (`test_combat_rules`' support test): Red's knight marched from l1 into Blue's footman in l2; Blue's
footman in l3 holds a Support order next to the combat, so the combat waits for Blue's support declaration
(step 2). The Valyrian Steel Blade was already used this round.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from domain.kernel import Game
from tests.domain.agot2.tables import act, decide, seal, units
from tests.domain.agot2.test_combat_rules import _game, _march
from tests.domain.agot2.test_qa_rulings import _support_pending
from tests.domain.agot2.test_transcript_deviations import _rules
from tests.domain.citations.paths_agot2 import AGOT2 as INVENTORY

Path = tuple[str, str]


@cache
def _support_step() -> Game:
    game = _game(
        {"l1": "land", "l2": "land", "l3": "land"},
        [("l1", "l2"), ("l2", "l3")],
        units("red", "l1", "knight") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
        [("l1", "red", "march_0"), ("l3", "blue", "support_0_a")],
    )
    return _march(game, "red", "l1", "l2")


# (path, action, seat, data without the combat id, the rules cited), each read from the catalog rule it cites.
CASES: list[tuple[Path, str, str | None, dict[str, Any], list[str]]] = [
    # GOT-SUPPORT-1: the supporter adds its strength "to the attacker or to the defender, or may refuse".
    (("GOT-SUPPORT-1", "combat_support:declare_support"), "declare_support", "blue", {"side": "x"}, ["GOT-SUPPORT-1"]),
    # GOT-X-5: an eligible Support order is not a combatant's support of its opponent; Blue defends.
    (("GOT-X-5", "combat_support:declare_support"), "declare_support", "blue", {"side": "attacker"}, ["GOT-X-5"]),
    # GOT-X-5: "A Support order is eligible if … (a) It is in an area adjacent to the embattled area" — Red has
    # none, so it has no turn in step 1 to declare or refuse.
    (("GOT-X-5", "combat_support:_no_entry"), "refuse_support", "red", {}, ["GOT-X-5"]),
    (("GOT-X-5", "combat_support:_no_entry"), "declare_support", "red", {"side": "attacker"}, ["GOT-X-5"]),
    # GOT-COMBAT-5: casualties and retreats are sub-steps of step 6; the combat is at step 2.
    (
        ("GOT-COMBAT-5", "combat_actions:choose_casualties"),
        "choose_casualties",
        "blue",
        {"units": []},
        ["GOT-COMBAT-5"],
    ),
    (("GOT-COMBAT-5", "combat_actions:choose_retreat"), "choose_retreat", "blue", {"to_area": "l3"}, ["GOT-COMBAT-5"]),
    # GOT-BLADE-2: "The Blade may be used at most once per game round."
    (("GOT-BLADE-2", "combat_actions:blade"), "use_blade", "red", {}, ["GOT-BLADE-2"]),
    (("GOT-BLADE-2", "combat_actions:blade"), "decline_blade", "red", {}, ["GOT-BLADE-2"]),
]


@pytest.mark.parametrize(
    ("path", "kind", "seat", "data", "expected"), CASES, ids=[f"{c[0][0]}@{c[1]}-{i}" for i, c in enumerate(CASES)]
)
def test_refusal_in_the_support_step_cites_the_rule_of_its_path(
    path: Path, kind: str, seat: str | None, data: dict[str, Any], expected: list[str]
) -> None:
    assert path in INVENTORY
    game = _support_step()
    decision = decide(game, kind, seat, combat_id=game.state.combat.combat_id, **data)
    assert _rules(decision) == expected and not decision.events


def test_orders_and_the_round_end_refused_while_a_combat_is_under_way() -> None:
    """GOT-COMBAT-4: a combat is resolved in its six steps before the next order (a march, a raid) is resolved;
    GOT-X-11: "The round ends after the last order of the Action Phase is resolved", not inside a combat."""
    game = _support_step()
    assert ("GOT-COMBAT-4", "orders:_order_turn") in INVENTORY and ("GOT-X-11", "orders:close_round") in INVENTORY
    assert _rules(decide(game, "march", "red", from_area="l1", moves=[])) == ["GOT-COMBAT-4"]
    assert _rules(decide(game, "resolve_raid", "red", area="l1", target="l2")) == ["GOT-COMBAT-4"]
    assert _rules(decide(game, "end_round", None)) == ["GOT-X-11"]


def test_bidding_refused_got_combat_4_during_a_combat_and_got_throne_3_during_another_bidding() -> None:
    """Fixed citation: opening a bidding during a combat cited GOT-THRONE-3 ("The owner of the Iron Throne token
    is settled only when bidding for the Iron Throne track has ended"), which says nothing of combat; the
    combat's six steps (GOT-COMBAT-4) are what it waits for. A second bidding while the Iron Throne's is open
    keeps GOT-THRONE-3: its holder is settled only when that bidding has ended."""
    assert ("GOT-COMBAT-4", "tracks:open_bidding") in INVENTORY
    assert _rules(decide(_support_step(), "open_bidding", None, track="iron_throne")) == ["GOT-COMBAT-4"]
    assert ("GOT-THRONE-3", "tracks:open_bidding") in INVENTORY
    no_orders = _game({"l1": "land", "l2": "land"}, [("l1", "l2")], units("red", "l1", "knight"), [])
    bidding, _ = act(no_orders, "open_bidding", None, track="iron_throne")
    assert _rules(decide(bidding, "open_bidding", None, track="fiefdoms")) == ["GOT-THRONE-3"]


def test_blade_refused_got_blade_5_before_step_4_and_got_track_5_for_a_seat_without_it() -> None:
    """GOT-BLADE-5: the Blade is used in step 4, after the house cards are revealed; GOT-TRACK-5: only the holder
    of the Valyrian Steel Blade (Red, first on the Fiefdoms track) may use it. Position: Red's knight marched from
    l1 into Blue's footman in l2, no support, the Blade unused this round."""
    game = _game(
        {"l1": "land", "l2": "land"},
        [("l1", "l2")],
        units("red", "l1", "knight") + units("blue", "l2", "footman"),
        [("l1", "red", "march_0")],
        blade_used=False,
    )
    game = _march(game, "red", "l1", "l2")
    cid = game.state.combat.combat_id
    assert ("GOT-BLADE-5", "combat_actions:blade") in INVENTORY
    assert _rules(decide(game, "use_blade", "red", combat_id=cid)) == ["GOT-BLADE-5"]
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    assert ("GOT-TRACK-5", "combat_actions:blade") in INVENTORY
    assert _rules(decide(game, "use_blade", "blue", combat_id=cid)) == ["GOT-TRACK-5"]


def test_support_declaration_refused_got_x_4_for_part_of_a_seats_orders() -> None:
    """GOT-X-4 (`support_declaration = "per_seat"`): "The choice covers all of its eligible orders adjacent to
    that combat" — Red supports from l3 and l4 next to l2, and cannot name l3 alone. GOT-SUPPORT-1: an area
    without a Support order of Red's (l1) supports nothing."""
    game = _game(
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land"},
        [("l1", "l2"), ("l2", "l3"), ("l2", "l4")],
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("red", "l3", "footman")
        + units("red", "l4", "footman"),
        [("l1", "red", "march_0"), ("l3", "red", "support_0_a"), ("l4", "red", "support_0_b")],
    )
    game = _march(game, "red", "l1", "l2")
    cid = game.state.combat.combat_id
    assert ("GOT-X-4", "combat_support:declare_support") in INVENTORY
    part = decide(game, "declare_support", "red", combat_id=cid, side="attacker", areas=["l3"])
    assert _rules(part) == ["GOT-X-4"] and not part.events
    elsewhere = decide(game, "declare_support", "red", combat_id=cid, side="attacker", areas=["l1"])
    assert _rules(elsewhere) == ["GOT-SUPPORT-1"] and not elsewhere.events


def test_support_refused_got_support_3_out_of_turn_and_got_support_9_for_a_seat_with_no_eligible_order() -> None:
    """GOT-SUPPORT-3: 「必须按照顺位宣告（或拒绝）支援」 — Green is eligible but Blue declares first. GOT-SUPPORT-9:
    Red's only Support order (e) is not adjacent to the embattled area, so Red has no turn at all (GOT-X-5)."""
    game = _support_pending()
    cid = game.state.combat.combat_id
    assert ("GOT-SUPPORT-3", "combat_support:_support_turn") in INVENTORY
    assert _rules(decide(game, "declare_support", "green", combat_id=cid, side="attacker")) == ["GOT-SUPPORT-3"]
    assert ("rule", "combat_support:_no_entry") in INVENTORY
    red = decide(game, "declare_support", "red", combat_id=cid, side="attacker", areas=["e"])
    assert _rules(red) == ["GOT-SUPPORT-9"]
