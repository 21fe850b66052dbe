"""The round: orders sealed and revealed together, the Raven, orders resolved in Iron Throne order, round end."""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2.tables import SALT, act, board, card_set, decide, new_game, open_round, seal, types, units

RBG = ("red", "blue", "green")


def _game() -> Game:
    b = board(
        {"a": "land", "b": "land", "c": "land", "d": "land", "s": "sea"},
        [("a", "b"), ("b", "c"), ("c", "d"), ("a", "s"), ("b", "s")],
    )
    position = {
        "units": units("red", "a", "footman", "knight")
        + units("blue", "b", "footman")
        + units("green", "c", "knight")
        + units("red", "s", "ship")
    }
    tracks = {"iron_throne": ["blue", "red", "green"], "fiefdoms": list(RBG), "kings_court": ["red", "blue", "green"]}
    return new_game(b, RBG, {"tracks": tracks, "house_cards": card_set(), "position": position})


def _planned(
    game: Game, red: list[dict[str, Any]], blue: list[dict[str, Any]], green: list[dict[str, Any]]
) -> tuple[Game, Decision]:
    game, _ = act(game, "plan_orders", None)
    return seal(game, "orders", {"red": {"orders": red}, "blue": {"orders": blue}, "green": {"orders": green}})


def test_orders_are_refused_x_25_when_placed_where_the_seat_has_no_units() -> None:
    game, _ = act(_game(), "plan_orders", None)
    sealed_round = open_round(game, "orders")

    decision, _ = decide_seal(
        AGOT2, game, "red", sealed_round.round, {"orders": [{"area": "b", "token": "raid_a"}]}, SALT
    )

    assert [v.rule_id for v in decision.violations] == ["GOT-X-25"]


def test_special_orders_are_refused_when_the_seat_has_fewer_stars_court_1_2() -> None:
    b = board({"a": "land", "b": "land"}, [("a", "b")])
    position = {"units": units("green", "a", "footman") + units("green", "b", "footman")}
    tracks = {"iron_throne": list(RBG), "fiefdoms": list(RBG), "kings_court": ["red", "blue", "green"]}
    game = new_game(b, RBG, {"tracks": tracks, "house_cards": card_set(), "position": position})
    game, _ = act(game, "plan_orders", None)
    payload = {"orders": [{"area": "a", "token": "march_plus1"}, {"area": "b", "token": "defense_plus2"}]}

    decision, _ = decide_seal(AGOT2, game, "green", open_round(game, "orders").round, payload, SALT)

    assert [v.rule_id for v in decision.violations] == ["GOT-COURT-1"]  # 3 players: overlay 3, 2, 1


def test_orders_are_revealed_together_and_the_raven_holder_acts_first_when_the_last_seat_seals() -> None:
    game, decision = _planned(
        _game(),
        [{"area": "a", "token": "march_0"}, {"area": "s", "token": "raid_a"}],
        [{"area": "b", "token": "defense_plus1_a"}],
        [{"area": "c", "token": "consolidate_power_a"}],
    )
    assert "OrdersRevealed" in types(decision)
    assert game.state.phase == "action" and game.state.raven_window
    refused = decide(game, "resolve_raid", "red", area="s", target_area=None)
    assert [v.rule_id for v in refused.violations] == ["GOT-X-12"]
    assert [v.rule_id for v in decide(game, "decline_raven", "blue").violations] == ["GOT-TRACK-6"]

    game, _ = act(game, "use_raven", "red", option="replace_order", area="a", token="march_minus1")

    assert game.state.orders["a"].token == "march_minus1"
    assert [v.rule_id for v in decide(game, "decline_raven", "red").violations] == ["GOT-RAVEN-5"]


def test_raven_refuses_a_token_already_placed_raven_2() -> None:
    game, _ = _planned(_game(), [{"area": "a", "token": "march_0"}, {"area": "s", "token": "raid_a"}], [], [])
    refused = decide(game, "use_raven", "red", option="replace_order", area="a", token="raid_a")
    assert [v.rule_id for v in refused.violations] == ["GOT-RAVEN-2"]


def test_raven_records_only_the_placement_when_looking_at_the_wildling_deck_raven_3() -> None:
    game, _ = _planned(_game(), [{"area": "a", "token": "march_0"}], [], [])
    game, used = act(game, "use_raven", "red", option="inspect_wildling", placement="bottom")
    [event] = used.events[:1]
    assert event.data == {"round": 1, "seat": "red", "option": "inspect_wildling", "placement": "bottom"}


def test_orders_resolve_in_iron_throne_order_and_the_round_ends_after_the_last_one() -> None:
    game, _ = _planned(
        _game(),
        [{"area": "a", "token": "march_0"}, {"area": "s", "token": "raid_a"}],
        [{"area": "b", "token": "raid_b"}],
        [{"area": "c", "token": "consolidate_power_a"}],
    )
    game, _ = act(game, "decline_raven", "red")
    refused = decide(game, "resolve_raid", "red", area="s")
    assert [v.rule_id for v in refused.violations] == ["GOT-TERM-4"]  # Blue holds the Iron Throne: Blue first
    game, _ = act(game, "resolve_raid", "blue", area="b", target_area=None)
    game, raided = act(game, "resolve_raid", "red", area="s", target_area=None)
    assert "ActionStepBegun" in types(raided) and game.state.step == "march"
    refused = decide(game, "march", "red", from_area="a", moves=[{"to_area": "c", "units": ["red:knight:a:2"]}])
    assert [v.rule_id for v in refused.violations] == ["GOT-X-25"]  # c is not adjacent to a
    game, moved = act(game, "march", "red", from_area="a", moves=[{"to_area": "b", "units": ["red:knight:a:2"]}])
    assert "CombatInitiated" in types(moved)  # b is held by Blue's footman (its raid order is gone)
    cid = game.state.combat.combat_id
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    game, fought = act(game, "decline_blade", "red", combat_id=cid)
    assert "CombatEnded" in types(fought) and game.state.step == "consolidate_power"
    game, ended = act(game, "resolve_consolidate", "green", area="c")

    assert [t for t in types(ended) if t in ("RoundEnded", "DominanceTokensRefreshed", "RoutedUnitsRallied")] == [
        "RoundEnded",
        "DominanceTokensRefreshed",
        "RoutedUnitsRallied",
    ]
    state = game.state
    assert (state.round, state.phase, state.orders) == (2, "planning", {})
    assert not any(u.routed for u in state.units.values())


def test_a_routed_unit_cannot_march_rout_5() -> None:
    b = board({"a": "land", "b": "land"}, [("a", "b")])
    position = {
        "phase": "action",
        "step": "march",
        "units": units("red", "a", "footman", routed=True),
        "orders": [{"area": "a", "seat": "red", "token": "march_0"}],
    }
    game = new_game(b, RBG, {"house_cards": card_set(), "position": position})
    refused = decide(game, "march", "red", from_area="a", moves=[{"to_area": "b", "units": ["red:footman:a:1"]}])
    assert [v.rule_id for v in refused.violations] == ["GOT-ROUT-5"]


def test_the_recorder_may_end_the_round_when_no_combat_is_under_way_x_11() -> None:
    game, _ = _planned(_game(), [{"area": "a", "token": "march_0"}], [], [])
    game, _ = act(game, "decline_raven", "red")
    game, ended = act(game, "end_round", None)
    assert "RoundEnded" in types(ended) and game.state.orders == {}
    assert game.state.round == 2


def test_the_raven_raid_and_consolidate_rulings_cite_their_rules_raven_1_x_25() -> None:
    """Every ruling cites rule ids (an audit shows the trace): the Raven let pass (GOT-RAVEN-1), Red's Raid from s
    removing Blue's Consolidate Power order in b and Green's Consolidate Power (the Raid and Consolidate Power
    orders are outside the catalog, GOT-X-25)."""
    game, _ = _planned(
        _game(),
        [{"area": "s", "token": "raid_a"}],
        [{"area": "b", "token": "consolidate_power_a"}],
        [{"area": "c", "token": "consolidate_power_b"}],
    )
    game, declined = act(game, "decline_raven", "red")
    assert [(t.rule_id, t.text) for t in declined.trace] == [
        ("GOT-RAVEN-1", "red does not use the Messenger Raven this round")
    ]
    game, raided = act(game, "resolve_raid", "red", area="s", target_area="b")
    assert (raided.trace[0].rule_id, raided.trace[0].text) == (
        "GOT-X-25",
        "red's raid_a in s removes blue's consolidate_power_a in b",
    )
    game, consolidated = act(game, "resolve_consolidate", "green", area="c")
    assert consolidated.trace[0].rule_id == "GOT-X-25" and "green consolidates Power in c" in consolidated.trace[0].text


def test_the_round_end_cites_blade_4_and_raven_5_for_the_two_tokens_flipped_back() -> None:
    """GOT-BLADE-4 「在每回合结束时，将瓦雷利亚钢剑翻回彩色一面」 and GOT-RAVEN-5 「在每回合结束时，将信鸦拥有者翻回彩色
    一面」: each token's refresh is traced under its own rule, after GOT-X-11's round end (the trace names the rule
    once, not again in its text)."""
    game, _ = _planned(_game(), [{"area": "a", "token": "march_0"}], [], [])
    game, _ = act(game, "decline_raven", "red")
    _, ended = act(game, "end_round", None)
    assert [(t.rule_id, t.text) for t in ended.trace] == [
        ("GOT-X-11", "the recorder ends the round"),
        ("GOT-BLADE-4", "the Valyrian Steel Blade flipped back to available"),
        ("GOT-RAVEN-5", "the Messenger Raven flipped back to available"),
    ]
