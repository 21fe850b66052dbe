"""Pairs one step apart on each strength component and card of agot2: one point more for one side flips the
victor, worked from the catalog (GOT-STRENGTH-2..7, COMBAT-2/3, SUPPORT-2/5/8, X-3, X-6, ROUT-4, RESOLVE-1/2).

The duel is E3's (§6): Red marches 2 footmen (2) with March +0 into L10, held by Blue's knight (2) with
Defense +1; Red plays `red_c3`, Blue `blue_c2`: 5 against 5, a tie that Blue wins on the Fiefdoms track
(Blue above Red). One point more for Red wins it for Red (GOT-RESOLVE-1); from 6 against 5 (Red plays
`red_c4`), one point more for Blue makes a tie that Blue wins.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision
from tests.domain.agot2.examples import example_board, example_options, example_position, order, tracks
from tests.domain.agot2.tables import act, new_game, only, seal, units
from tests.domain.agot2.test_golden_rulings import marched


def duel(
    *,
    red: tuple[str, ...] = ("footman", "footman"),
    red_march: str = "march_0",
    red_card: str = "red_c3",
    blue: tuple[str, ...] = ("knight",),
    blue_routed: tuple[str, ...] = (),
    blue_order: str | None = "defense_plus1_a",
    blue_card: str = "blue_c2",
    red_support: tuple[tuple[str, ...], str] | None = None,
    blue_support: tuple[tuple[str, ...], str] | None = None,
    home: dict[str, Any] | None = None,
    position: dict[str, Any] | None = None,
    **extra: Any,
) -> Decision:
    """The E3 duel with one part changed; L11 (Red's) and L12 (Blue's) may hold Support orders next to L10;
    `position` adds to the position (e.g. the discard piles)."""
    areas: dict[str, Any] = {"l9": "land", "l10": ("land", home or {}), "l11": "land", "l12": "land"}
    pieces = units("red", "l9", *red) + units("blue", "l10", *blue)
    pieces += units("blue", "l10", *blue_routed, routed=True, first=len(blue) + 1)
    orders = [order("l9", "red", red_march)]
    if blue_order is not None:
        orders.append(order("l10", "blue", blue_order))
    for seat, area, chosen in (("red", "l11", red_support), ("blue", "l12", blue_support)):
        if chosen is not None:
            pieces += units(seat, area, *chosen[0])
            orders.append(order(area, seat, chosen[1]))
    board = example_board(areas, [("l10", "l9"), ("l10", "l11"), ("l10", "l12")])
    situation = example_position(pieces, orders, **{"blade_used": True, **(position or {})})
    options = example_options(tracks(("red", "blue"), ("blue", "red")), situation, kings_court_stars=[3, 2])
    game = marched(new_game(board, ("red", "blue"), {**options, **extra}), "red", "l9", "l10")
    cid = game.state.combat.combat_id
    for seat, chosen in (("red", red_support), ("blue", blue_support)):  # Iron Throne order: Red, then Blue
        if chosen is not None:
            game, _ = act(
                game, "declare_support", seat, combat_id=cid, side="attacker" if seat == "red" else "defender"
            )
    _, decision = seal(game, "house_card", {"red": {"card": red_card}, "blue": {"card": blue_card}})
    return decision


def outcome(decision: Decision) -> tuple[int, int, str, str]:
    """(Red's final, Blue's final, the victor, the rule that named him)."""
    resolved = only(decision, "CombatResolved")
    rule = next(t.rule_id for t in decision.trace if t.rule_id in ("GOT-RESOLVE-1", "GOT-RESOLVE-2"))
    return resolved["attacker"]["total"], resolved["defender"]["total"], resolved["winner"], rule


TIE_TO_BLUE = (5, 5, "blue", "GOT-RESOLVE-2")
RED_BY_ONE = (6, 5, "red", "GOT-RESOLVE-1")


def test_the_e3_duel_is_a_tie_that_blue_wins_on_fiefdoms() -> None:
    assert outcome(duel()) == TIE_TO_BLUE


# --- Red's components, each one point more ---


def test_got_strength_4_march_plus_one_breaks_the_tie_for_red() -> None:
    """GOT-STRENGTH-4 「攻击指令加值/减值（仅攻方）」: March +1 instead of +0."""
    assert outcome(duel(red_march="march_plus1")) == RED_BY_ONE


def test_got_combat_2_a_knight_for_a_footman_breaks_the_tie_for_red() -> None:
    """GOT-COMBAT-2 「步兵/骑士/战舰提供1/2/1点战力」: knight 2 + footman 1 = 3 instead of 2."""
    assert outcome(duel(red=("knight", "footman"))) == RED_BY_ONE


def test_got_strength_7_card_strength_four_for_three_breaks_the_tie_for_red() -> None:
    """GOT-STRENGTH-7 「打出的家族卡牌战力」: `red_c4` instead of `red_c3`."""
    assert outcome(duel(red_card="red_c4")) == RED_BY_ONE


def test_got_support_2_a_supporting_footman_breaks_the_tie_for_red() -> None:
    """GOT-SUPPORT-2: a footman (1) with Support +0 next to L10 supports Red."""
    assert outcome(duel(red_support=(("footman",), "support_0_a"))) == RED_BY_ONE


def test_got_x_6_special_support_bonus_counts_even_when_the_units_add_nothing() -> None:
    """GOT-X-6 default `special_support_bonus_always = true`: a siege engine (0, no castle: SUPPORT-8) with
    special Support +1 adds the +1."""
    assert outcome(duel(red_support=(("siege_engine",), "support_plus1"))) == RED_BY_ONE


def test_got_x_6_special_support_bonus_is_dropped_when_the_units_add_nothing_if_so_chosen() -> None:
    decision = duel(red_support=(("siege_engine",), "support_plus1"), special_support_bonus_always=False)
    assert outcome(decision) == TIE_TO_BLUE


def test_got_combat_3_a_siege_engine_is_worth_four_against_a_castle() -> None:
    """GOT-COMBAT-3: siege engine + footman against a castle: 4 + 1 + card 3 = 8 against 5."""
    decision = duel(red=("siege_engine", "footman"), home={"structure": "castle"})
    assert outcome(decision) == (8, 5, "red", "GOT-RESOLVE-1")


def test_got_combat_3_a_siege_engine_is_worth_nothing_without_a_castle() -> None:
    assert outcome(duel(red=("siege_engine", "footman"))) == (4, 5, "blue", "GOT-RESOLVE-1")


# --- Blue's components, each one point more, from Red 6 against Blue 5 ---


def test_from_six_against_five_red_wins() -> None:
    assert outcome(duel(red_card="red_c4")) == (6, 5, "red", "GOT-RESOLVE-1")


def test_got_strength_3_defense_plus_two_makes_the_tie_blue_wins() -> None:
    """GOT-STRENGTH-3 「防御指令加值（仅守方）」: Defense +2 instead of +1."""
    assert outcome(duel(red_card="red_c4", blue_order="defense_plus2")) == (6, 6, "blue", "GOT-RESOLVE-2")


def test_got_strength_3_only_a_defense_order_adds_to_the_defender() -> None:
    """GOT-STRENGTH-3 / SUPPORT-5: a Support +1 order in the embattled area adds nothing (Blue 2 + card 2)."""
    assert outcome(duel(red_card="red_c4", blue_order="support_plus1")) == (6, 4, "red", "GOT-RESOLVE-1")


def test_got_card_blue_c2_for_blue_c1_is_the_step_between_tie_and_loss() -> None:
    """GOT-STRENGTH-7 on the defender's card: 5 against 2 + 1 + 1 = 4 loses; with `blue_c2` it is the tie."""
    assert outcome(duel(blue_card="blue_c1")) == (5, 4, "red", "GOT-RESOLVE-1")


def test_got_combat_2_a_second_defending_footman_makes_the_tie_blue_wins() -> None:
    """GOT-COMBAT-2: a footman (1) beside the knight: 2 + 1 + 1 + card 2 = 6."""
    assert outcome(duel(red_card="red_c4", blue=("knight", "footman"))) == (6, 6, "blue", "GOT-RESOLVE-2")


def test_got_rout_2_a_routed_footman_adds_nothing() -> None:
    """GOT-ROUT-2 「溃败单位不提供任何战力」 (E7): the same footman routed: 2 + 0 + 1 + 2 = 5, Red wins 6 > 5."""
    assert outcome(duel(red_card="red_c4", blue_routed=("footman",))) == (6, 5, "red", "GOT-RESOLVE-1")


def test_got_support_2_a_supporting_footman_makes_the_tie_blue_wins() -> None:
    decision = duel(red_card="red_c4", blue_support=(("footman",), "support_0_a"))
    assert outcome(decision) == (6, 6, "blue", "GOT-RESOLVE-2")


def test_got_strength_6_x_3_a_garrison_of_one_makes_the_tie_blue_wins() -> None:
    """GOT-STRENGTH-6 「主城守备军标记」, X-3: the defender's own home area adds its garrison (1)."""
    decision = duel(red_card="red_c4", home={"home_of": "blue", "garrison": 1})
    assert outcome(decision) == (6, 6, "blue", "GOT-RESOLVE-2")
    assert ("GOT-STRENGTH-6", {"garrison": 1}) in [(t.rule_id, dict(t.numbers)) for t in decision.trace]


def test_got_x_3_a_garrison_helps_only_in_its_own_house_home_area() -> None:
    decision = duel(red_card="red_c4", home={"home_of": "red", "garrison": 1})
    assert outcome(decision) == (6, 5, "red", "GOT-RESOLVE-1")
