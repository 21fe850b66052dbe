"""The set-ups of the catalog's worked examples (shared/rules/agot2.md §6) on their fictional boards, shared by the
rule tests and the `pending` tests. E2-E8 add a Red footman on a far-away area with a Consolidate Power order: it
keeps the round open, so routed units are still routed when the combat ends (they rally at the round's end,
GOT-X-11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Game
from tests.domain.agot2.tables import Areas, act, board, card_set, new_game, seal, units

RBG = ("red", "blue", "green")


def tracks(
    throne: tuple[str, ...], fiefdoms: tuple[str, ...], court: tuple[str, ...] | None = None
) -> dict[str, list[str]]:
    """The influence tracks, position 1 first (King's Court as the Iron Throne unless given)."""
    return {"iron_throne": list(throne), "fiefdoms": list(fiefdoms), "kings_court": list(court or throne)}


def example_options(track_order: Mapping[str, list[str]], position: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """The options of an example: its tracks, the catalog's text-less cards, a position in the March step."""
    return {
        "tracks": track_order,
        "house_cards": card_set(),
        "position": {"phase": "action", "step": "march", **position},
        **extra,
    }


def order(area: str, seat: str, token: str) -> dict[str, str]:
    """An order token placed in an area."""
    return {"area": area, "seat": seat, "token": token}


def example_board(areas: Areas, adjacency: list[tuple[str, str]]) -> dict[str, Any]:
    """The example's areas and the far-away pair the round-keeping footman stands on."""
    return board({**areas, "far": "land", "far2": "land"}, [*adjacency, ("far", "far2")])


def example_position(unit_list: list[dict[str, Any]], orders: list[dict[str, str]], **extra: Any) -> dict[str, Any]:
    """The example's units and orders, and the far-away Red footman with its Consolidate Power order."""
    keeper = units("red", "far", "footman")
    return {"units": unit_list + keeper, "orders": [*orders, order("far", "red", "consolidate_power_a")], **extra}


def e1() -> Game:
    """E1: Red attacks Blue's two footmen in L2 with ship support from S1; Green supports from L3."""
    b = board(
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "s1": "sea"},
        [("l2", "l1"), ("l2", "l3"), ("l2", "l4"), ("l2", "s1")],
    )
    position = {
        "units": units("red", "l1", "knight", "footman")
        + units("red", "s1", "ship", "ship")
        + units("blue", "l2", "footman", "footman")
        + units("green", "l3", "knight", "footman"),
        "orders": [
            order("l1", "red", "march_plus1"),
            order("s1", "red", "support_0_a"),
            order("l2", "blue", "defense_plus1_a"),
            order("l3", "green", "support_plus1"),
        ],
    }
    return new_game(b, RBG, example_options(tracks(("green", "red", "blue"), ("red", "blue", "green")), position))


def e4() -> Game:
    """E4: Red's two knights in L11 (March +0) against Blue's two footmen in L12 (Defense +1)."""
    b = example_board(
        {"l11": "land", "l12": "land", "l13": "land", "l14": "land"}, [("l12", "l11"), ("l12", "l13"), ("l12", "l14")]
    )
    position = example_position(
        units("red", "l11", "knight", "knight")
        + units("blue", "l12", "footman", "footman")
        + units("blue", "l13", "footman"),
        [order("l11", "red", "march_0"), order("l12", "blue", "defense_plus1_a")],
        blade_used=True,
    )
    options = example_options(
        tracks(("red", "blue"), ("red", "blue")), position, kings_court_stars=[3, 2], supply_limits={"blue": [3, 2]}
    )
    return new_game(b, ("red", "blue"), options)


def e5() -> Game:
    """E5: Red attacks L15, where Blue's knight, footman and siege engine have no legal retreat."""
    b = example_board(
        {"l14": "land", "l15": "land", "l16": "land", "l17": "land", "l18": "land", "s2": "sea"},
        [("l15", "l14"), ("l15", "l16"), ("l15", "l17"), ("l15", "s2"), ("s2", "l18")],
    )
    position = example_position(
        units("red", "l14", "knight", "knight", "footman")
        + units("red", "l18", "footman")
        + units("blue", "l15", "knight", "footman", "siege_engine")
        + units("blue", "s2", "ship")
        + units("green", "l16", "footman"),
        [order("l14", "red", "march_plus1"), order("l15", "blue", "defense_plus1_a")],
        power_tokens={"l17": "red"},
        blade_used=True,
    )
    return new_game(b, RBG, example_options(tracks(RBG, RBG), position))


def e6(blocked_around: bool = True, mode: str = "adjudicated") -> Game:
    """E6: Red's three footmen attack L21, where Blue's retreat to L22 breaks its supply [3, 2]. Not
    `blocked_around`: Green's footman (L23) and Red's Power token (L24) are not there, so L23 and L24 are open."""
    b = example_board(
        {"l19": "land", "l20": "land", "l21": "land", "l22": "land", "l23": "land", "l24": "land"},
        [("l21", "l19"), ("l21", "l22"), ("l21", "l23"), ("l21", "l24"), ("l20", "l19")],
    )
    position = example_position(
        units("red", "l19", "footman", "footman", "footman")
        + units("blue", "l20", "footman", "footman", "footman")
        + units("blue", "l21", "knight", "footman")
        + units("blue", "l22", "footman")
        + (units("green", "l23", "footman") if blocked_around else []),
        [
            order("l19", "red", "march_minus1"),
            order("l21", "blue", "defense_plus1_a"),
            order("l22", "blue", "support_0_a"),
        ],
        power_tokens={"l24": "red"} if blocked_around else {},
    )
    options = example_options(tracks(RBG, RBG), position, supply_limits={"blue": [3, 2]})
    return new_game(b, RBG, options, mode)


def e2(structure: str | None, **extra_options: Any) -> Game:
    """E2: Red's siege engine and footman attack Blue's knight in L5, with or without a castle (`structure`)."""
    b = example_board(
        {"l5": ("land", {"structure": structure}), "l6": "land", "l7": "land", "l8": "land"},
        [("l5", "l6"), ("l5", "l7"), ("l5", "l8")],
    )
    position = example_position(
        units("red", "l6", "siege_engine", "footman")
        + units("red", "l7", "siege_engine")
        + units("blue", "l5", "knight")
        + units("blue", "l8", "siege_engine"),
        [
            order("l6", "red", "march_0"),
            order("l7", "red", "support_0_a"),
            order("l5", "blue", "defense_plus2"),
            order("l8", "blue", "support_0_a"),
        ],
        blade_used=True,
    )
    options = example_options(
        tracks(("red", "blue"), ("blue", "red")),
        position,
        kings_court_stars=[3, 2],
        supply_limits={"blue": [3, 2], "red": [4, 3, 2]},
        **extra_options,
    )
    return new_game(b, ("red", "blue"), options)


def e3() -> Game:
    """E3: Red's two footmen against Blue's knight in L10: a tie the Fiefdoms track breaks."""
    b = example_board({"l9": "land", "l10": "land"}, [("l10", "l9")])
    position = example_position(
        units("red", "l9", "footman", "footman") + units("blue", "l10", "knight"),
        [order("l9", "red", "march_0"), order("l10", "blue", "defense_plus1_a")],
    )
    order_of = tracks(("red", "blue", "green"), ("green", "blue", "red"))
    return new_game(b, RBG, example_options(order_of, position))


def e8() -> Game:
    """E8: Blue attacks with its seventh card, and its discard pile returns."""
    b = example_board({"l27": "land", "l28": "land", "l29": "land"}, [("l28", "l27"), ("l28", "l29")])
    blue_discards = [c for c in ("blue_c1f1", "blue_c4s2", "blue_c2s1", "blue_c1f2", "blue_c2", "blue_c1")]
    position = example_position(
        units("blue", "l27", "knight", "footman") + units("red", "l28", "footman", "footman"),
        [order("l27", "blue", "march_0")],
        power_tokens={"l28": "red"},
        blade_used=True,
        hands={"blue": ["blue_c2f1"], "red": ["red_c3s1", "red_c2s1", "red_c1", "red_c3", "red_c2s2"]},
        discards={"blue": blue_discards, "red": ["red_c1s1", "red_c4"]},
    )
    options = example_options(tracks(("red", "blue"), ("red", "blue")), position, kings_court_stars=[3, 2])
    return new_game(b, ("red", "blue"), options)


def fight_e2(game: Game, blue_card: str = "blue_c4s2") -> tuple[Game, Any, int]:
    """E2 fought: Red's siege engine and footman march on l5, both support, and the house cards are sealed."""
    game, _ = act(
        game,
        "march",
        "red",
        from_area="l6",
        moves=[{"to_area": "l5", "units": ["red:siege_engine:l6:1", "red:footman:l6:2"]}],
    )
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    game, _ = act(game, "declare_support", "blue", combat_id=cid, side="defender")
    game, decision = seal(game, "house_card", {"red": {"card": "red_c1"}, "blue": {"card": blue_card}})
    return game, decision, cid
