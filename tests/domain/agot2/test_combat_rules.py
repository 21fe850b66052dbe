"""Combat rules beyond the worked examples: who may support, garrisons, negative totals, ports, the Blade."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.domain.agot2.tables import Areas, act, board, card, card_set, decide, new_game, only, seal, types, units

RB = ("red", "blue")


def _game(
    areas: Areas,
    adjacency: list[tuple[str, str]],
    unit_list: list[dict[str, Any]],
    orders: list[tuple[str, str, str]],
    **options: Any,
) -> Game:
    position = {
        "phase": "action",
        "step": "march",
        "blade_used": options.pop("blade_used", True),
        "units": unit_list,
        "orders": [{"area": a, "seat": s, "token": t} for a, s, t in orders],
    }
    position.update(options.pop("position", {}))
    return new_game(
        board(areas, adjacency),
        RB,
        {
            "kings_court_stars": [3, 2],
            "house_cards": options.pop("house_cards", card_set()),
            "position": position,
            **options,
        },
    )


def _march(game: Game, seat: str, origin: str, to: str) -> Game:
    moving = [u.id for u in game.state.units_in(origin, seat)]
    game, _ = act(game, "march", seat, from_area=origin, moves=[{"to_area": to, "units": moving}])
    return game


def test_land_units_cannot_support_a_sea_combat_support_7() -> None:
    game = _game(
        {"s1": "sea", "s2": "sea", "l1": "land", "s3": "sea"},
        [("s1", "s2"), ("s2", "l1"), ("s2", "s3")],
        units("red", "s1", "ship")
        + units("blue", "s2", "ship")
        + units("red", "l1", "knight")
        + units("red", "s3", "ship"),
        [("s1", "red", "march_0"), ("l1", "red", "support_0_a"), ("s3", "red", "support_0_b")],
    )
    game = _march(game, "red", "s1", "s2")
    assert game.state.combat.supporters == (("red", ("s3",)),)


def test_a_port_supports_its_sea_but_never_its_own_land_area_x_19() -> None:
    areas: Areas = {"l1": "land", "l2": "land", "s1": "sea", "p1": ("port", {"port_of": {"land": "l2", "sea": "s1"}})}
    adjacency = [("l1", "l2"), ("l2", "p1"), ("p1", "s1"), ("l2", "s1")]
    game = _game(
        areas,
        adjacency,
        units("red", "l1", "knight") + units("blue", "l2", "footman") + units("blue", "p1", "ship"),
        [("l1", "red", "march_0"), ("p1", "blue", "support_0_a")],
    )
    game = _march(game, "red", "l1", "l2")
    assert game.state.combat.supporters == ()


def test_a_combatant_is_refused_when_it_supports_its_opponent_x_5() -> None:
    game = _game(
        {"l1": "land", "l2": "land", "l3": "land"},
        [("l1", "l2"), ("l2", "l3")],
        units("red", "l1", "knight") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
        [("l1", "red", "march_0"), ("l3", "blue", "support_0_a")],
    )
    game = _march(game, "red", "l1", "l2")
    cid = game.state.combat.combat_id
    refused = decide(game, "declare_support", "blue", combat_id=cid, side="attacker")
    assert [v.rule_id for v in refused.violations] == ["GOT-X-5"]
    game, refusal = act(game, "refuse_support", "blue", combat_id=cid)
    assert types(refusal)[:2] == ["SupportRefused", "BaseStrengthAnnounced"]


def test_each_support_order_declares_separately_when_support_is_declared_per_order_x_4() -> None:
    game = _game(
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land"},
        [("l1", "l2"), ("l2", "l3"), ("l2", "l4")],
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("red", "l3", "footman")
        + units("red", "l4", "footman"),
        [("l1", "red", "march_0"), ("l3", "red", "support_0_a"), ("l4", "red", "support_0_b")],
        support_declaration="per_order",
    )
    game = _march(game, "red", "l1", "l2")
    assert game.state.combat.supporters == (("red", ("l3",)), ("red", ("l4",)))
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    game, declared = act(game, "refuse_support", "red", combat_id=cid)
    assert only(declared, "BaseStrengthAnnounced")["attacker"]["support"] == [
        {"seat": "red", "area": "l3", "units": 1, "order_bonus": 0}
    ]


def test_the_garrison_adds_to_the_defender_of_its_home_area_strength_6_x_3() -> None:
    areas: Areas = {"l1": "land", "home": ("land", {"home_of": "blue", "garrison": 2})}
    game = _game(areas, [("l1", "home")], units("red", "l1", "knight"), [("l1", "red", "march_0")])
    assert game.state.garrisons == {"home": 2}

    game = _march(game, "red", "l1", "home")  # a lone garrison still defends (X-3)
    game, decision = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})

    resolved = only(decision, "CombatResolved")
    assert (resolved["defender"]["garrison"], resolved["defender"]["base"], resolved["defender"]["total"]) == (2, 2, 3)
    assert only(decision, "GarrisonRemoved") == {"round": 1, "area": "home", "seat": "blue", "value": 2}
    assert game.state.units_in("home", "red") and "home" not in game.state.garrisons


def test_a_negative_attacker_total_ties_a_zero_defender_when_floored_x_7() -> None:
    zero = {"red_c1": card("red_c0_z"), "blue_c1": card("blue_c0_z")}
    game = _game(
        {"l1": "land", "l2": "land"},
        [("l1", "l2")],
        units("red", "l1", "siege_engine") + units("blue", "l2", "footman", routed=True),
        [("l1", "red", "march_minus1")],
        house_cards=card_set(replace=zero),
        tracks={"iron_throne": ["blue", "red"], "fiefdoms": ["red", "blue"], "kings_court": ["blue", "red"]},
    )
    game = _march(game, "red", "l1", "l2")
    game, decision = seal(game, "house_card", {"red": {"card": "red_c0_z"}, "blue": {"card": "blue_c0_z"}})

    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["base"], resolved["attacker"]["total"], resolved["defender"]["total"]) == (-1, -1, 0)
    assert (resolved["tie"], resolved["winner"]) == (True, "red")
    assert "GOT-X-7" in [t.rule_id for t in decision.trace]


def test_a_ship_retreats_into_a_port_only_when_its_seat_controls_the_land_x_19() -> None:
    areas: Areas = {"s1": "sea", "s2": "sea", "l1": "land", "p1": ("port", {"port_of": {"land": "l1", "sea": "s2"}})}
    adjacency = [("s1", "s2"), ("s2", "p1"), ("p1", "l1"), ("s2", "l1")]
    for blue_land, expected in ((True, "p1"), (False, None)):
        extra = units("blue", "l1", "footman") if blue_land else []
        game = _game(
            areas,
            adjacency,
            units("red", "s1", "ship", "ship") + units("blue", "s2", "ship") + extra,
            [("s1", "red", "march_0")],
        )
        game = _march(game, "red", "s1", "s2")
        game, decision = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
        assert only(decision, "RetreatChosen")["to_area"] == expected


def test_the_blade_is_refused_when_already_used_this_round_blade_2() -> None:
    game = _game(
        {"l1": "land", "l2": "land"},
        [("l1", "l2")],
        units("red", "l1", "knight") + units("blue", "l2", "footman"),
        [("l1", "red", "march_0")],
        blade_used=False,
    )
    game = _march(game, "red", "l1", "l2")
    cid = game.state.combat.combat_id
    assert [v.rule_id for v in decide(game, "use_blade", "red", combat_id=cid).violations] == ["GOT-BLADE-5"]
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    assert [v.rule_id for v in decide(game, "use_blade", "blue", combat_id=cid).violations] == ["GOT-TRACK-5"]
    game, used = act(game, "use_blade", "red", combat_id=cid)
    assert types(used)[0] == "BladeUsed"
    assert only(used, "CombatResolved")["attacker"]["blade"] == 1
