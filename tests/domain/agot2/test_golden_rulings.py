"""Golden rulings for agot2: each worked example's strength trace (rule ids in order and every number: units,
orders, support, garrison, initial, card, Blade, final, swords, fortifications, casualties due) written by hand
from the tables of catalog §6 (E1-E8), and pairs one step apart on each strength component and card, where one
point more flips the victor (GOT-STRENGTH-2..7, COMBAT-2/3, SUPPORT-2/5/8, X-3, X-6, ROUT-4, RESOLVE-1/2).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision
from tests.domain.agot2.examples import (
    e1,
    e2,
    e3,
    e4,
    e5,
    e6,
    e8,
    example_board,
    example_options,
    example_position,
    fight_e2,
    order,
    tracks,
)
from tests.domain.agot2.tables import act, new_game, seal, units

Step = tuple[str, dict[str, Any]]


def ruling(decision: Decision) -> list[Step]:
    """The trace from the first unit-strength step to the casualties due (GOT-COMBAT-2 .. GOT-CASUALTY-1)."""
    steps = [(t.rule_id, dict(t.numbers)) for t in decision.trace]
    first = next(i for i, (rule, _) in enumerate(steps) if rule in ("GOT-COMBAT-2", "GOT-COMBAT-3"))
    last = next(i for i, (rule, _) in enumerate(steps) if rule == "GOT-CASUALTY-1")
    return steps[first : last + 1]


def units_worth(total: int, siege: bool = False) -> Step:
    return ("GOT-COMBAT-3" if siege else "GOT-COMBAT-2", {"units": total})


def march(modifier: int) -> Step:
    return ("GOT-STRENGTH-4", {"march": modifier})


def defense(bonus: int) -> Step:
    return ("GOT-STRENGTH-3", {"defense": bonus})


def support(rule: str, seat: str, area: str, worth: int, bonus: int = 0) -> Step:
    return (rule, {"seat": seat, "area": area, "units": worth, "order_bonus": bonus})


def initial(total: int) -> Step:
    return ("GOT-STRENGTH-2", {"base": total})


def final(base: int, card: int, blade: int, total: int) -> Step:
    return ("GOT-STRENGTH-7", {"base": base, "card": card, "text": 0, "blade": blade, "total": total})


def victor(attacker: int, defender: int) -> Step:
    return ("GOT-RESOLVE-1", {"attacker": attacker, "defender": defender})


def due(swords: int, fortifications: int, casualties: int) -> Step:
    return ("GOT-CASUALTY-1", {"swords": swords, "fortifications": fortifications, "casualties_due": casualties})


def marched(game: Any, seat: str, origin: str, to: str) -> Any:
    moving = [u for u, unit in game.state.units.items() if unit.area == origin and unit.seat == seat]
    game, _ = act(game, "march", seat, from_area=origin, moves=[{"to_area": to, "units": sorted(moving)}])
    return game


# --- the worked examples ---


def test_golden_e1_ships_support_third_party_support_and_the_blade() -> None:
    """E1: Red 3 + March 1 + ships 2 = 6, + card 3 + Blade 1 = 10; Blue 2 + Defense 1 + Green 3 + special 1 = 7,
    + card 1 = 8. Red wins 10 > 8; 1 sword - 1 fortification = 0 casualties."""
    game = marched(e1(), "red", "l1", "l2")
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "green", combat_id=cid, side="defender")
    game, _ = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})
    _, used = act(game, "use_blade", "red", combat_id=cid)
    assert ruling(used) == [
        units_worth(3),
        march(1),
        support("GOT-SUPPORT-6", "red", "s1", 2),
        initial(6),
        units_worth(2),
        defense(1),
        support("GOT-SUPPORT-2", "green", "l3", 3, 1),
        initial(7),
        ("GOT-BLADE-1", {"blade": 1}),
        final(6, 3, 1, 10),
        final(7, 1, 0, 8),
        victor(10, 8),
        due(1, 1, 0),
    ]


def test_golden_e2a_siege_engines_are_worth_four_against_a_castle() -> None:
    """E2a: Red siege 4 + footman 1 + March 0 + L7 siege engine 4 = 9, + card 1 = 10; Blue knight 2 + Defense 2
    + L8 siege engine 0 (it supports the defender, SUPPORT-8) = 4, + card 4 = 8."""
    _, decision, _ = fight_e2(e2("castle"))
    assert ruling(decision) == [
        units_worth(5, siege=True),
        march(0),
        support("GOT-SUPPORT-8", "red", "l7", 4),
        initial(9),
        units_worth(2),
        defense(2),
        support("GOT-SUPPORT-8", "blue", "l8", 0),
        initial(4),
        final(9, 1, 0, 10),
        final(4, 4, 0, 8),
        victor(10, 8),
        due(0, 0, 0),
    ]


def test_golden_e2b_siege_engines_are_worth_nothing_without_a_castle() -> None:
    """E2b: Red siege 0 + footman 1 + L7 siege engine 0 = 1, + card 1 = 2; Blue 4 + card 4 = 8; 2 swords: 2 due."""
    _, decision, _ = fight_e2(e2(None))
    assert ruling(decision) == [
        units_worth(1, siege=True),
        march(0),
        support("GOT-SUPPORT-8", "red", "l7", 0),
        initial(1),
        units_worth(2),
        defense(2),
        support("GOT-SUPPORT-8", "blue", "l8", 0),
        initial(4),
        final(1, 1, 0, 2),
        final(4, 4, 0, 8),
        victor(2, 8),
        due(2, 0, 2),
    ]


def test_golden_e3_a_tie_goes_to_the_higher_fiefdoms_position() -> None:
    """E3: Red 2 + 0 + card 3 = 5; Blue 2 + 1 + card 2 = 5; Fiefdoms Blue 2 above Red 3 (RESOLVE-2)."""
    game = marched(e3(), "red", "l9", "l10")
    _, decision = seal(game, "house_card", {"red": {"card": "red_c3"}, "blue": {"card": "blue_c2s1"}})
    assert ruling(decision) == [
        units_worth(2),
        march(0),
        initial(2),
        units_worth(2),
        defense(1),
        initial(3),
        final(2, 3, 0, 5),
        final(3, 2, 0, 5),
        ("GOT-RESOLVE-2", {"fiefdoms": {"red": 3, "blue": 2}}),
        due(1, 0, 1),
    ]


def test_golden_e4_fortifications_cancel_swords() -> None:
    """E4: Red 4 + 0 + card 2 = 6; Blue 2 + 1 + card 1 = 4; 2 swords - 2 fortifications = 0."""
    game = marched(e4(), "red", "l11", "l12")
    _, decision = seal(game, "house_card", {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f2"}})
    assert ruling(decision) == [
        units_worth(4),
        march(0),
        initial(4),
        units_worth(2),
        defense(1),
        initial(3),
        final(4, 2, 0, 6),
        final(3, 1, 0, 4),
        victor(6, 4),
        due(2, 2, 0),
    ]


def test_golden_e5_a_defending_siege_engine_is_worth_nothing() -> None:
    """E5: Red 2 + 2 + 1 = 5 + March 1 = 6, + card 1 = 7; Blue knight 2 + footman 1 + siege 0 = 3 + Defense 1 = 4,
    + card 2 = 6; 1 sword: 1 due."""
    game = marched(e5(), "red", "l14", "l15")
    _, decision = seal(game, "house_card", {"red": {"card": "red_c1s1"}, "blue": {"card": "blue_c2"}})
    assert ruling(decision) == [
        units_worth(5),
        march(1),
        initial(6),
        units_worth(3, siege=True),
        defense(1),
        initial(4),
        final(6, 1, 0, 7),
        final(4, 2, 0, 6),
        victor(7, 6),
        due(1, 0, 1),
    ]


def test_golden_e6_a_march_minus_one_and_the_blade() -> None:
    """E6: Red 3 - 1 = 2, + card 4 + Blade 1 = 7; Blue 3 + Defense 1 + L22 footman 1 = 5, + card 1 = 6."""
    game = marched(e6(), "red", "l19", "l21")
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "blue", combat_id=cid, side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    _, used = act(game, "use_blade", "red", combat_id=cid)
    assert ruling(used) == [
        units_worth(3),
        march(-1),
        initial(2),
        units_worth(3),
        defense(1),
        support("GOT-SUPPORT-2", "blue", "l22", 1),
        initial(5),
        ("GOT-BLADE-1", {"blade": 1}),
        final(2, 4, 1, 7),
        final(5, 1, 0, 6),
        victor(7, 6),
        due(0, 0, 0),
    ]


def test_golden_e7_a_routed_unit_adds_no_strength() -> None:
    """E7: Red 4 + 0 + card 2 = 6; Blue knight 2 + routed footman 0 + Defense 1 = 3, + card 2 = 5; 1 due."""
    areas = {"l25": "land", "l26": "land"}
    position = example_position(
        units("blue", "l26", "knight")
        + units("blue", "l26", "footman", routed=True, first=2)
        + units("red", "l25", "knight", "knight"),
        [order("l26", "blue", "defense_plus1_a"), order("l25", "red", "march_0")],
        blade_used=True,
    )
    options = example_options(tracks(("red", "blue"), ("red", "blue")), position, kings_court_stars=[3, 2])
    game = marched(new_game(example_board(areas, [("l26", "l25")]), ("red", "blue"), options), "red", "l25", "l26")
    _, decision = seal(game, "house_card", {"red": {"card": "red_c2s1"}, "blue": {"card": "blue_c2"}})
    assert ruling(decision) == [
        units_worth(4),
        march(0),
        initial(4),
        units_worth(2),
        defense(1),
        initial(3),
        final(4, 2, 0, 6),
        final(3, 2, 0, 5),
        victor(6, 5),
        due(1, 0, 1),
    ]


def test_golden_e8_a_defender_without_an_order() -> None:
    """E8: Blue 3 + 0 + card 2 = 5; Red 2 with no order (no Defense step) + card 2 = 4; 0 swords: 0 due."""
    game = marched(e8(), "blue", "l27", "l28")
    _, decision = seal(game, "house_card", {"blue": {"card": "blue_c2f1"}, "red": {"card": "red_c2s1"}})
    assert ruling(decision) == [
        units_worth(3),
        march(0),
        initial(3),
        units_worth(2),
        initial(2),
        final(3, 2, 0, 5),
        final(2, 2, 0, 4),
        victor(5, 4),
        due(0, 0, 0),
    ]
