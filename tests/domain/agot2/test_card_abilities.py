"""Text abilities of the base house cards that change strength, casualties, retreats or orders (GOT-CARD-3/4/5)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game, Viewer
from domain.rulesets.agot2.pending import pending
from tests.domain.agot2.tables import act, all_of, board, decide, is_subsequence, new_game, only, seal, types, units


def _ability(step: Any, game: Game, seat: str, combat_id: Any, card: str, choice: dict[str, Any]) -> Any:
    """`resolve_card_ability` for `card` in the combat `combat_id`, decided (`decide`) or applied (`act`)."""
    return step(game, "resolve_card_ability", seat, combat_id=combat_id, card=card, choice=choice)


def _game(attacker: str, defender: str, a_units: list[str], d_units: list[str], **position: Any) -> Game:
    options = position.pop("options", {})
    b = board(
        {
            "a": "land",
            "b": ("land", {"structure": "castle"}),
            "c": "land",
            "d": "land",
            "s": "sea",
            "s2": "sea",
            "far": "land",
        },
        [("b", "a"), ("b", "c"), ("b", "d"), ("b", "s"), ("a", "s"), ("d", "far"), ("b", "s2")],
    )
    placed = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": units(attacker, "a", *a_units) + units(defender, "b", *d_units) + position.pop("extra_units", []),
        "orders": [
            {"area": "a", "seat": attacker, "token": "march_0"},
            {"area": "b", "seat": defender, "token": "defense_plus1_a"},
            *position.pop("extra_orders", []),
        ],
        **position,
    }
    return new_game(b, (attacker, defender), {"kings_court_stars": [3, 2], "position": placed, **options})


def _fight(game: Game, attacker: str, defender: str, a_card: str, d_card: str) -> tuple[Game, Any]:
    moving = [u.id for u in game.state.units_in("a", attacker) if u.type != "ship"]
    game, _ = act(game, "march", attacker, from_area="a", moves=[{"to_area": "b", "units": moving}])
    c = game.state.combat
    while len(c.declarations) < len(c.supporters):
        seat = c.supporters[len(c.declarations)][0]
        game, _ = act(
            game, "declare_support", seat, combat_id=c.combat_id, side="attacker" if seat == attacker else "defender"
        )
        c = game.state.combat
    return seal(game, "house_card", {attacker: {"card": a_card}, defender: {"card": d_card}})


def test_each_attacking_footman_adds_two_when_kevan_lannister_attacks() -> None:
    game = _game("lannister", "stark", ["footman", "footman"], ["knight"])
    _, decision = _fight(game, "lannister", "stark", "lannister_ser_kevan_lannister", "stark_eddard_stark")
    side = only(decision, "CombatResolved")["attacker"]
    assert side["card_text"] == [
        {"source": "lannister_ser_kevan_lannister", "amount": 2, "detail": "2 footman(s) count 2 each"}
    ]
    assert side["total"] == 2 + 0 + 1 + 2  # footmen 2, March 0, Kevan 1, text +2


def test_the_defense_order_counts_twice_when_catelyn_stark_defends() -> None:
    game = _game("lannister", "stark", ["knight"], ["footman"])
    _, decision = _fight(game, "lannister", "stark", "lannister_the_hound", "stark_catelyn_stark")
    side = only(decision, "CombatResolved")["defender"]
    assert [t["amount"] for t in side["card_text"]] == [1]
    assert side["total"] == 1 + 1 + 0 + 1


def test_the_opponents_printed_strength_counts_zero_when_balon_greyjoy_is_played() -> None:
    game = _game("greyjoy", "tyrell", ["knight"], ["footman"])
    _, decision = _fight(game, "greyjoy", "tyrell", "greyjoy_balon_greyjoy", "tyrell_mace_tyrell")
    resolved = only(decision, "CombatResolved")
    assert resolved["defender"]["card_strength"] == 4
    assert sum(t["amount"] for t in resolved["defender"]["card_text"]) == -4


def test_no_units_are_lost_to_swords_when_the_blackfish_loses() -> None:
    game = _game("lannister", "stark", ["knight", "knight"], ["footman", "footman"])
    game, decision = _fight(game, "lannister", "stark", "lannister_ser_gregor_clegane", "stark_the_blackfish")
    taken = only(decision, "CasualtiesTaken")
    assert (taken["due"], taken["units"], taken["prevented_by"]) == (3, [], "stark_the_blackfish")


def test_a_footman_is_destroyed_at_once_when_mace_tyrell_is_revealed() -> None:
    game = _game("tyrell", "greyjoy", ["knight"], ["footman", "knight"])
    _, decision = _fight(game, "tyrell", "greyjoy", "tyrell_mace_tyrell", "greyjoy_dagmer_cleftjaw")
    assert types(decision).index("UnitsDestroyed") < types(decision).index("CombatResolved")
    assert only(decision, "UnitsDestroyed")["units"] == ["greyjoy:footman:b:1"]
    assert only(decision, "CombatResolved")["defender"]["units"] == 2


def test_the_combat_ends_with_no_victor_when_mace_destroys_the_last_defender_x_9() -> None:
    game = _game("tyrell", "greyjoy", ["knight"], ["footman"])
    game, decision = _fight(game, "tyrell", "greyjoy", "tyrell_mace_tyrell", "greyjoy_dagmer_cleftjaw")
    assert "CombatResolved" not in types(decision)
    assert only(decision, "CombatEnded") == {"round": 1, "combat_id": 3, "winner": None, "early_end": True}
    assert game.state.units["tyrell:knight:a:1"].area == "b"


def test_the_opponent_plays_another_card_when_tyrion_cancels_theirs_card_3() -> None:
    game = _game("lannister", "stark", ["knight"], ["footman"])
    game, decision = _fight(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    assert "CombatResolved" not in types(decision)
    cid = game.state.combat.combat_id
    game, cancelled = _ability(act, game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    assert "SealedRoundOpened" in types(cancelled)
    from domain.platform import decide_seal
    from domain.rulesets.agot2 import AGOT2
    from tests.domain.agot2.tables import SALT, open_round

    again = open_round(game, "house_card")
    refused, _ = decide_seal(AGOT2, game, "stark", again.round, {"card": "stark_eddard_stark"}, SALT)
    assert [v.rule_id for v in refused.violations] == ["GOT-CARD-3"]
    game, decision = seal(game, "house_card", {"stark": {"card": "stark_ser_rodrik_cassel"}})
    assert only(decision, "CombatResolved")["defender"]["card"] == "stark_ser_rodrik_cassel"
    assert "stark_eddard_stark" in game.state.hands["stark"]


def test_the_winner_chooses_the_losers_retreat_when_robb_stark_wins() -> None:
    game = _game("stark", "lannister", ["knight", "knight"], ["footman"], blade_used=True)
    game, decision = _fight(game, "stark", "lannister", "stark_robb_stark", "lannister_the_hound")
    assert "RetreatChosen" not in types(decision)  # c and d are both legal
    cid = game.state.combat.combat_id
    assert [v.rule_id for v in decide(game, "choose_retreat", "lannister", combat_id=cid, to_area="c").violations] == [
        "GOT-X-17"
    ]
    game, chosen = act(game, "choose_retreat", "stark", combat_id=cid, to_area="d")
    assert only(chosen, "RetreatChosen")["chooser"] == "stark"


def test_the_attackers_stay_out_when_arianne_martell_defends_and_loses() -> None:
    game = _game("stark", "martell", ["knight", "knight"], ["footman"])
    game, decision = _fight(game, "stark", "martell", "stark_eddard_stark", "martell_arianne_martell")
    assert only(decision, "CombatResolved")["winner"] == "stark"
    assert "UnitsMovedIn" not in types(decision)
    assert game.state.units["stark:knight:a:1"].area == "a" and not game.state.units["stark:knight:a:1"].routed


def test_the_march_order_moves_in_when_ser_loras_attacks_and_wins() -> None:
    game = _game("tyrell", "stark", ["knight", "knight"], ["footman"])
    game, _ = _fight(game, "tyrell", "stark", "tyrell_ser_loras_tyrell", "stark_catelyn_stark")
    game, decision = act(game, "choose_retreat", "stark", combat_id=game.state.combat.combat_id, to_area="c")
    assert only(decision, "OrderMoved")["to_area"] == "b"
    assert game.state.orders["b"].token == "march_0" and game.state.orders["b"].seat == "tyrell"


def cersei_wins() -> tuple[Game, Any]:
    """Lannister's two knights with Cersei beat Stark's footman in b; Stark's Support order stands in c."""
    extra = units("stark", "c", "footman")
    game = _game(
        "lannister",
        "stark",
        ["knight", "knight"],
        ["footman"],
        extra_units=extra,
        extra_orders=[{"area": "c", "seat": "stark", "token": "support_0_a"}],
    )
    return _fight(game, "lannister", "stark", "lannister_cersei_lannister", "stark_ser_rodrik_cassel")


def test_an_opponent_order_is_removed_when_cersei_wins_and_chooses_one() -> None:
    game, decision = cersei_wins()
    assert "CasualtiesTaken" not in types(decision)  # Cersei's if_win choice comes first (GOT-CARD-5)
    cid = game.state.combat.combat_id
    game, chosen = _ability(act, game, "lannister", cid, "lannister_cersei_lannister", {"area": "c"})
    assert all_of(chosen, "OrdersRemoved")[0]["removals"][0]["reason"] == "card_ability"
    assert "c" not in game.state.orders


def _cersei_defends(stark_support: bool) -> tuple[Game, Any]:
    """Stark's footman marches from a (March order) on Lannister's two knights in b, which win with Cersei; Stark
    has a Support order in c when `stark_support`."""
    extra = units("stark", "c", "footman") if stark_support else []
    orders = [{"area": "c", "seat": "stark", "token": "support_0_a"}] if stark_support else []
    game = _game("stark", "lannister", ["footman"], ["knight", "knight"], extra_units=extra, extra_orders=orders)
    return _fight(game, "stark", "lannister", "stark_ser_rodrik_cassel", "lannister_cersei_lannister")


def test_got_card_5_got_cleanup_1_cersei_is_not_offered_the_march_order_the_clean_up_removes() -> None:
    """GOT-CARD-5 (Cersei: "one of the opponent's order tokens", if she wins), GOT-CLEANUP-1
    「战斗结束后，攻方将本次行军指令从版图上移除」: the attacker's March order in a goes at clean-up anyway, so only
    Stark's Support order in c is offered, and naming a is refused with the card's rule."""
    game, _ = _cersei_defends(stark_support=True)
    assert game.state.combat.result["winner"] == "lannister"
    cid = game.state.combat.combat_id
    [waiting] = pending(game, Viewer()).waiting
    assert waiting.seat == "lannister" and [c["choice"] for c in waiting.options[0].choices] == [
        {"area": "c"},
        {"area": None},
    ]
    refused = _ability(decide, game, "lannister", cid, "lannister_cersei_lannister", {"area": "a"})
    assert [(v.rule_id, v.details) for v in refused.violations] == [("GOT-CARD-5", {"field": "data.choice.area"})]
    assert "GOT-CLEANUP-1" in refused.violations[0].message and not refused.events


def test_got_card_5_got_cleanup_2_cersei_attacking_is_not_offered_the_beaten_defenders_order() -> None:
    """GOT-CARD-5, GOT-CLEANUP-2 (attacker wins: the defender's tokens in the area are removed): Cersei attacks b and
    wins; Stark's Defense order in b goes at clean-up anyway, so only Stark's Support order in c is offered, and
    naming b is refused with the card's rule."""
    game, _ = cersei_wins()
    c = game.state.combat
    assert c.result["winner"] == "lannister" and game.state.orders["b"].seat == "stark"
    [waiting] = pending(game, Viewer()).waiting
    assert [o["choice"] for o in waiting.options[0].choices] == [{"area": "c"}, {"area": None}]
    refused = _ability(decide, game, "lannister", c.combat_id, "lannister_cersei_lannister", {"area": "b"})
    assert [(v.rule_id, v.details) for v in refused.violations] == [("GOT-CARD-5", {"field": "data.choice.area"})]
    assert "GOT-CLEANUP-2" in refused.violations[0].message and not refused.events


def test_got_card_5_cersei_waits_for_nothing_when_the_opponents_only_order_is_the_combats_march() -> None:
    """GOT-CARD-5, GOT-CLEANUP-1: with no other Stark order on the board Cersei has nothing worth taking; the combat
    goes on: Stark's footman retreats to a and clean-up removes the March order (GOT-RETREAT-1, CLEANUP-1)."""
    game, decision = _cersei_defends(stark_support=False)
    assert game.state.combat is None and only(decision, "CombatResolved")["winner"] == "lannister"
    reasons = [r["reason"] for e in all_of(decision, "OrdersRemoved") for r in e["removals"]]
    assert reasons[0] == "march_resolved" and "card_ability" not in reasons


def test_the_owner_takes_two_power_before_casualties_when_tywin_lannister_wins() -> None:
    """GOT-CARD-5, GOT-X-8. Seed: 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」"""
    game = _game("lannister", "stark", ["knight", "knight"], ["footman"])
    power_before = game.state.power["lannister"]
    game, decision = _fight(game, "lannister", "stark", "lannister_tywin_lannister", "stark_ser_rodrik_cassel")
    assert only(decision, "PowerGained") == {
        "round": 1,
        "seat": "lannister",
        "amount": 2,
        "reason": "lannister_tywin_lannister",
    }
    assert is_subsequence(["CombatResolved", "HouseCardAbilityResolved", "PowerGained"], types(decision))
    assert types(decision).index("PowerGained") < types(decision).index("CasualtiesTaken")  # GOT-X-8 steps 7, 8
    assert "GOT-CARD-5" in [t.rule_id for t in decision.trace if "Tywin" in t.text]
    assert game.state.power["lannister"] == power_before + 2


def test_no_power_is_taken_when_tywin_lannister_loses() -> None:
    """GOT-CARD-5. Seed: 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」"""
    game = _game("stark", "lannister", ["knight", "knight"], ["footman"])
    power_before = game.state.power["lannister"]
    game, decision = _fight(game, "stark", "lannister", "stark_eddard_stark", "lannister_tywin_lannister")
    assert only(decision, "CombatResolved")["loser"] == "lannister"
    assert "PowerGained" not in types(decision)
    assert game.state.power["lannister"] == power_before


def test_ships_of_other_houses_add_zero_when_salladhor_saan_is_supported() -> None:
    extra = units("baratheon", "s", "ship") + units("lannister", "s2", "ship", "ship")
    orders = [
        {"area": "s", "seat": "baratheon", "token": "support_0_a"},
        {"area": "s2", "seat": "lannister", "token": "support_0_a"},
    ]
    game = _game("baratheon", "lannister", ["knight"], ["footman"], extra_units=extra, extra_orders=orders)
    _, decision = _fight(game, "baratheon", "lannister", "baratheon_salladhor_saan", "lannister_the_hound")
    resolved = only(decision, "CombatResolved")
    assert resolved["attacker"]["card_text"] == []  # Baratheon's own ship keeps its strength
    assert resolved["attacker"]["total"] == 2 + 0 + 1 + 1  # knight, March 0, ship support, Salladhor 1
    assert [t["amount"] for t in resolved["defender"]["card_text"]] == [-2]  # Lannister's 2 ships add 0
    assert resolved["defender"]["total"] == 1 + 1 + 2 + 2 - 2  # footman, Defense, ships, The Hound, Salladhor


def test_stannis_gains_one_when_the_opponent_is_higher_on_the_iron_throne_track() -> None:
    game = _game("baratheon", "lannister", ["knight"], ["footman"])
    game = new_game(game.state.board_document, ("lannister", "baratheon"), {**game.meta.options, "tracks": None})
    _, decision = _fight(game, "baratheon", "lannister", "baratheon_stannis_baratheon", "lannister_the_hound")
    assert [t["amount"] for t in only(decision, "CombatResolved")["attacker"]["card_text"]] == [1]


def test_asha_gains_icons_when_nobody_supports_her_side() -> None:
    game = _game("greyjoy", "stark", ["knight"], ["footman"])
    _, decision = _fight(game, "greyjoy", "stark", "greyjoy_asha_greyjoy", "stark_ser_rodrik_cassel")
    side = only(decision, "CombatResolved")["attacker"]
    assert (side["swords"], side["fortifications"]) == (2, 1)


def test_nymeria_gets_a_fortification_when_defending() -> None:
    game = _game("stark", "martell", ["knight"], ["footman"])
    _, decision = _fight(game, "stark", "martell", "stark_eddard_stark", "martell_nymeria_sand")
    side = only(decision, "CombatResolved")["defender"]
    assert (side["swords"], side["fortifications"]) == (0, 1)


def test_aeron_is_replaced_by_another_card_when_his_owner_pays_two_power() -> None:
    game = _game("greyjoy", "stark", ["knight"], ["footman"])
    game, decision = _fight(game, "greyjoy", "stark", "greyjoy_aeron_damphair", "stark_ser_rodrik_cassel")
    assert "CombatResolved" not in types(decision)
    cid = game.state.combat.combat_id
    game, replaced = _ability(act, game, "greyjoy", cid, "greyjoy_aeron_damphair", {"replace": True})
    assert only(replaced, "PowerSpent")["amount"] == 2
    game, decision = seal(game, "house_card", {"greyjoy": {"card": "greyjoy_euron_crows_eye"}})
    assert only(decision, "CombatResolved")["attacker"]["card"] == "greyjoy_euron_crows_eye"
    assert game.state.power["greyjoy"] == 3
    assert "greyjoy_aeron_damphair" in game.state.discards["greyjoy"]


def test_queen_of_thorns_removes_an_adjacent_opponent_order_right_after_the_reveal() -> None:
    extra = units("stark", "c", "footman")
    orders = [{"area": "c", "seat": "stark", "token": "support_0_a"}]
    game = _game("stark", "tyrell", ["knight"], ["footman"], extra_units=extra, extra_orders=orders)
    moving = ["stark:knight:a:1"]
    game, _ = act(game, "march", "stark", from_area="a", moves=[{"to_area": "b", "units": moving}])
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "stark", combat_id=cid, side="attacker")
    game, decision = seal(
        game, "house_card", {"stark": {"card": "stark_eddard_stark"}, "tyrell": {"card": "tyrell_queen_of_thorns"}}
    )
    assert "CombatResolved" not in types(decision)
    refused = _ability(decide, game, "tyrell", cid, "tyrell_queen_of_thorns", {"area": "a"})
    assert [v.rule_id for v in refused.violations] == ["GOT-X-8"]  # the combat's own March order is excluded

    game, chosen = _ability(act, game, "tyrell", cid, "tyrell_queen_of_thorns", {"area": "c"})

    assert only(chosen, "CombatResolved")["attacker"]["support"] == []  # GOT-X-5: removed before step 5


def test_the_opponent_fights_without_a_card_when_tyrion_cancels_its_last_one_x_15() -> None:
    game = _game(
        "lannister",
        "stark",
        ["knight"],
        ["footman"],
        hands={"stark": ["stark_eddard_stark"]},
        discards={
            "stark": [
                "stark_robb_stark",
                "stark_roose_bolton",
                "stark_greatjon_umber",
                "stark_ser_rodrik_cassel",
                "stark_the_blackfish",
                "stark_catelyn_stark",
            ]
        },
    )
    game, _ = _fight(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    cid = game.state.combat.combat_id

    game, decision = _ability(act, game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})

    resolved = only(decision, "CombatResolved")
    assert (resolved["defender"]["card"], resolved["defender"]["card_strength"]) == (None, 0)
    game, retreated = act(game, "choose_retreat", "stark", combat_id=cid, to_area="c")
    assert only(retreated, "HouseCardsDiscarded")["cards"] == {"lannister": "lannister_tyrion_lannister"}
    assert game.state.hands["stark"] == ("stark_eddard_stark",)


def test_aeron_damphair_stays_when_the_only_other_card_is_the_one_tyrion_sent_back_card_3_x_8() -> None:
    """GOT-CARD-3, X-8: Tyrion sends Theon back and Greyjoy plays Aeron Damphair ("play another card from your hand
    instead, if you have one"); Theon may not be played again in this combat, so Aeron has no card to swap for and
    stays, with no Power paid and no card round nobody could seal (a random game hung there)."""
    greyjoy = ["greyjoy_theon_greyjoy", "greyjoy_aeron_damphair"]
    others = ["dagmer_cleftjaw", "balon_greyjoy", "euron_crows_eye", "victarion_greyjoy", "asha_greyjoy"]
    game = _game(
        "lannister",
        "greyjoy",
        ["knight"],
        ["footman"],
        hands={"greyjoy": greyjoy},
        discards={"greyjoy": [f"greyjoy_{name}" for name in others]},
    )
    game, _ = _fight(game, "lannister", "greyjoy", "lannister_tyrion_lannister", "greyjoy_theon_greyjoy")
    cid = game.state.combat.combat_id
    game, _ = _ability(act, game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})

    game, decision = seal(game, "house_card", {"greyjoy": {"card": "greyjoy_aeron_damphair"}})

    aeron = [e for e in all_of(decision, "HouseCardAbilityResolved") if e["card"] == "greyjoy_aeron_damphair"]
    assert [e["effects"] for e in aeron] == [["no other card or not enough Power: the card stays"]]
    assert "SealedRoundOpened" not in types(decision) and "PowerSpent" not in types(decision)
    assert only(decision, "CombatResolved")["defender"]["card"] == "greyjoy_aeron_damphair"


STARK_DISCARDS = ["stark_eddard_stark", "stark_robb_stark"]


def test_the_discard_pile_and_roose_go_back_to_hand_when_roose_bolton_loses_x_8() -> None:
    """GOT-CARD-5, GOT-X-8. Seed: 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」
    「战斗结算完毕，将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中。」 The card moved back to hand is no
    longer on the table, so step 11 discards only the winner's card."""
    game = _game("lannister", "stark", ["knight", "knight"], ["footman"], discards={"stark": STARK_DISCARDS})
    game, decision = _fight(game, "lannister", "stark", "lannister_the_hound", "stark_roose_bolton")
    assert only(decision, "CombatResolved")["loser"] == "stark"
    returned = only(decision, "HouseCardsReturned")
    assert (returned["seat"], returned["cards"], returned["reason"]) == ("stark", STARK_DISCARDS, "card_ability")
    assert [t.rule_id for t in decision.trace if t.rule_id in ("GOT-CARD-5", "GOT-X-8")] == ["GOT-CARD-5", "GOT-X-8"]
    if game.state.combat is not None and not game.state.combat.retreat_done:
        game, decision = act(game, "choose_retreat", "stark", combat_id=game.state.combat.combat_id, to_area="c")

    assert only(decision, "HouseCardsDiscarded")["cards"] == {"lannister": "lannister_the_hound"}
    assert game.state.discards["stark"] == ()
    assert sorted(game.state.hands["stark"]) == sorted(c for c in game.state.cards if c.startswith("stark_"))


def test_roose_bolton_is_discarded_as_usual_when_he_wins() -> None:
    """GOT-CARD-7. Seed: 「战斗结算完毕，将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中。」"""
    game = _game("stark", "lannister", ["knight", "knight"], ["footman"], discards={"stark": STARK_DISCARDS})
    game, decision = _fight(game, "stark", "lannister", "stark_roose_bolton", "lannister_the_hound")
    assert only(decision, "CombatResolved")["winner"] == "stark"
    assert "HouseCardsReturned" not in types(decision)
    if game.state.combat is not None and not game.state.combat.retreat_done:
        game, decision = act(game, "choose_retreat", "lannister", combat_id=game.state.combat.combat_id, to_area="c")
    assert only(decision, "HouseCardsDiscarded")["cards"]["stark"] == "stark_roose_bolton"
    assert game.state.discards["stark"] == (*STARK_DISCARDS, "stark_roose_bolton")


def _renly_wins(**position: Any) -> tuple[Game, Any]:
    extra = units("baratheon", "c", "footman")
    orders = [{"area": "c", "seat": "baratheon", "token": "support_0_a"}]
    game = _game(
        "baratheon", "stark", ["footman", "knight"], ["footman"], extra_units=extra, extra_orders=orders, **position
    )
    return _fight(game, "baratheon", "stark", "baratheon_renly_baratheon", "stark_ser_rodrik_cassel")


def test_a_fighting_footman_becomes_a_knight_when_renly_baratheon_wins_and_his_owner_chooses_it() -> None:
    """GOT-CARD-5, GOT-X-8. Seed: 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」"""
    game, decision = _renly_wins()
    assert only(decision, "CombatResolved")["winner"] == "baratheon"
    assert "CasualtiesTaken" not in types(decision)  # GOT-X-8: the if_win choice comes before casualties
    cid = game.state.combat.combat_id

    game, chosen = _ability(act, game, "baratheon", cid, "baratheon_renly_baratheon", {"unit": "baratheon:footman:a:1"})

    upgraded = only(chosen, "UnitUpgraded")
    assert (upgraded["unit"], upgraded["new_unit"], upgraded["to_type"]) == (
        "baratheon:footman:a:1",
        "baratheon:knight:a:1",  # the first free knight id in the area (the other knight is a:2)
        "knight",
    )
    assert chosen.trace[0].rule_id == "GOT-CARD-5"
    assert "baratheon:footman:a:1" not in game.state.units
    if game.state.combat is not None:
        game, chosen = act(game, "choose_retreat", "stark", combat_id=cid, to_area="d")
    assert only(chosen, "UnitsMovedIn")["units"] == ["baratheon:knight:a:1", "baratheon:knight:a:2"]  # GOT-X-2
    assert game.state.units["baratheon:knight:a:1"].area == "b"


def test_a_supporting_footman_may_be_upgraded_when_renly_baratheon_wins() -> None:
    """GOT-CARD-5. Seed: 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」"""
    game, _ = _renly_wins()
    cid = game.state.combat.combat_id
    game, chosen = _ability(act, game, "baratheon", cid, "baratheon_renly_baratheon", {"unit": "baratheon:footman:c:1"})
    assert game.state.units["baratheon:knight:c:1"].type == "knight"
    assert only(chosen, "UnitUpgraded")["area"] == "c"


def test_the_owner_may_keep_his_footmen_when_renly_baratheon_wins() -> None:
    """GOT-CARD-5: the card says "may"."""
    game, _ = _renly_wins()
    cid = game.state.combat.combat_id
    game, chosen = _ability(act, game, "baratheon", cid, "baratheon_renly_baratheon", {"unit": None})
    assert "UnitUpgraded" not in types(chosen)
    assert only(chosen, "HouseCardAbilityResolved")["effects"] == ["no footman upgraded"]


def test_an_opponent_unit_is_refused_when_renly_baratheon_upgrades_it() -> None:
    """GOT-CARD-5: only one of the owner's footmen in the combat or supporting it."""
    game, _ = _renly_wins()
    cid = game.state.combat.combat_id
    refused = _ability(decide, game, "baratheon", cid, "baratheon_renly_baratheon", {"unit": "stark:footman:b:1"})
    assert [v.rule_id for v in refused.violations] == ["GOT-CARD-5"]
    assert "'stark:footman:b:1'" in refused.violations[0].message


def test_nothing_waits_for_a_choice_when_renly_baratheon_wins_without_footmen() -> None:
    """GOT-CARD-5: no footman in the combat or supporting it, nothing to upgrade."""
    game = _game("baratheon", "stark", ["knight", "knight"], ["footman"])
    game, decision = _fight(game, "baratheon", "stark", "baratheon_renly_baratheon", "stark_ser_rodrik_cassel")
    resolved = only(decision, "HouseCardAbilityResolved")
    assert resolved["card"] == "baratheon_renly_baratheon" and "nothing to upgrade" in resolved["effects"][0]


def _patchface_fights(**position: Any) -> tuple[Game, Any]:
    game = _game("stark", "baratheon", ["knight", "knight"], ["footman"], **position)
    return _fight(game, "stark", "baratheon", "stark_eddard_stark", "baratheon_patchface")  # 2 swords: no retreat


def test_a_card_of_the_opponents_hand_is_discarded_after_the_combat_when_patchface_is_played() -> None:
    """GOT-X-8 step 13, after GOT-CARD-7. Seed: 「战斗结算完毕，将2张刚打出的家族卡牌面朝上放置到各自的弃牌堆中。」
    「除本步骤之外的任意时刻，玩家手中家族卡和弃牌堆均为公开信息，可以被其他玩家查看。」"""
    game, decision = _patchface_fights()
    assert only(decision, "HouseCardsDiscarded")["cards"] == {
        "baratheon": "baratheon_patchface",
        "stark": "stark_eddard_stark",
    }
    assert "CombatEnded" not in types(decision)  # the after_combat choice waits for Patchface's owner
    cid = game.state.combat.combat_id

    game, chosen = _ability(act, game, "baratheon", cid, "baratheon_patchface", {"card": "stark_robb_stark"})

    assert all_of(chosen, "HouseCardsDiscarded")[0] == {
        "round": 1,
        "combat_id": cid,
        "cards": {"stark": "stark_robb_stark"},
        "reason": "card_ability",
    }
    assert chosen.trace[0].rule_id == "GOT-X-8"
    assert "stark_robb_stark" not in game.state.hands["stark"]
    assert game.state.discards["stark"] == ("stark_eddard_stark", "stark_robb_stark")
    assert "CombatEnded" in types(chosen) and game.state.combat is None


def test_a_card_not_in_the_opponents_hand_is_refused_when_patchface_discards_it() -> None:
    """GOT-X-8: Patchface discards from the hand, not from the discard pile."""
    game, _ = _patchface_fights()
    cid = game.state.combat.combat_id
    refused = _ability(decide, game, "baratheon", cid, "baratheon_patchface", {"card": "stark_eddard_stark"})
    assert [v.rule_id for v in refused.violations] == ["GOT-X-8"]
    assert "'stark_eddard_stark' is not in stark's hand" in refused.violations[0].message


def test_the_owner_may_discard_nothing_when_patchface_is_played() -> None:
    """GOT-X-8: the card says "may"."""
    game, _ = _patchface_fights()
    cid = game.state.combat.combat_id
    game, chosen = _ability(act, game, "baratheon", cid, "baratheon_patchface", {"card": None})
    assert "HouseCardsDiscarded" not in types(chosen)
    assert len(game.state.hands["stark"]) == 6


def test_a_card_taken_back_is_discarded_when_patchface_follows_the_opponents_seventh_card() -> None:
    """GOT-CARD-8 before GOT-X-8 step 13. Seed: 「在战斗结束时，如果玩家打出了最后一张（即第7张）家族卡牌，
    他将当前弃牌堆中的6张卡牌返回手中，并将最后打出的一张卡牌放进弃牌堆。」"""
    pile = [
        "stark_robb_stark",
        "stark_roose_bolton",
        "stark_greatjon_umber",
        "stark_ser_rodrik_cassel",
        "stark_the_blackfish",
        "stark_catelyn_stark",
    ]
    game, decision = _patchface_fights(hands={"stark": ["stark_eddard_stark"]}, discards={"stark": pile})
    assert only(decision, "HouseCardsReturned")["reason"] == "seventh_card"
    cid = game.state.combat.combat_id
    game, _ = _ability(act, game, "baratheon", cid, "baratheon_patchface", {"card": "stark_robb_stark"})
    assert game.state.discards["stark"] == ("stark_eddard_stark", "stark_robb_stark")
    assert len(game.state.hands["stark"]) == 5


def _doran_defends(**position: Any) -> tuple[Game, Any]:
    game = _game("stark", "martell", ["knight"], ["footman"], **position)
    return _fight(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_doran_martell")


def test_the_opponent_goes_last_on_the_track_chosen_when_doran_martell_is_revealed() -> None:
    """GOT-X-8 step 3, GOT-TRACK-5. Seed: 「2.其它冲突的效果,按照顺位执行。」
    「占据封臣势力条“1”位置的玩家，拥有瓦雷利亚钢剑。」"""
    game, decision = _doran_defends()  # every track in seating order: stark first
    assert "CombatResolved" not in types(decision)  # the immediately choice comes before the Blade and strength
    cid = game.state.combat.combat_id

    game, chosen = _ability(act, game, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"})

    moved = only(chosen, "TrackPositionsSet")
    assert (moved["track"], moved["order"], moved["reason"]) == ("fiefdoms", ["martell", "stark"], "card_ability")
    assert only(chosen, "DominanceTokenPassed")["to"] == "martell"
    assert [t.rule_id for t in chosen.trace][:2] == ["GOT-X-8", "GOT-TRACK-5"]
    assert game.state.holder("fiefdoms") == "martell"


def test_the_tie_goes_to_the_doran_player_when_he_moves_the_opponent_down_the_fiefdoms_track() -> None:
    """GOT-RESOLVE-2 after GOT-X-8 step 3. Seed: 「如果双方的总战力相等，
    封臣势力条上位置较高（即更靠近“1”）的玩家赢得战斗。」"""
    # stark: knight 2 + March 0 + Rodrik 1 = 3; martell: footman 1 + Defense 1 + Doran 0 + 1 supporting footman = 3
    extra = units("martell", "c", "footman")
    orders = [{"area": "c", "seat": "martell", "token": "support_0_a"}]
    game = _game(
        "stark",
        "martell",
        ["knight"],
        ["footman"],
        extra_units=extra,
        extra_orders=orders,
    )  # every track in seating order: stark first, so stark would win the tie
    game, _ = _fight(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_doran_martell")
    cid = game.state.combat.combat_id

    game, chosen = _ability(act, game, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"})

    resolved = only(chosen, "CombatResolved")
    assert resolved["attacker"]["total"] == resolved["defender"]["total"]
    assert (resolved["winner"], resolved["tie_broken_by"]) == ("martell", "fiefdoms")


def test_an_unknown_track_is_refused_when_doran_martell_names_it() -> None:
    """GOT-X-8: one of the three influence tracks."""
    game, _ = _doran_defends()
    cid = game.state.combat.combat_id
    refused = _ability(decide, game, "martell", cid, "martell_doran_martell", {"track": "navy"})
    assert [v.rule_id for v in refused.violations] == ["GOT-X-8"]
    assert "'navy'" in refused.violations[0].message


def test_the_blade_holder_still_decides_when_the_opponent_fights_without_a_card_x_15_x_10() -> None:
    """GOT-X-15: a seat left with no card fights without one; GOT-X-10: the Blade decision comes after the reveal
    and the cancel tier, so the holder's word is taken (it used to be refused with GOT-BLADE-5, the combat stuck)."""
    game = _game(
        "lannister",
        "stark",
        ["knight"],
        ["footman"],
        blade_used=False,
        hands={"stark": ["stark_eddard_stark"]},
        discards={
            "stark": [
                "stark_robb_stark",
                "stark_roose_bolton",
                "stark_greatjon_umber",
                "stark_ser_rodrik_cassel",
                "stark_the_blackfish",
                "stark_catelyn_stark",
            ]
        },
    )
    game, _ = _fight(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    cid = game.state.combat.combat_id
    game, cancelled = _ability(act, game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    assert "CombatResolved" not in types(cancelled)  # lannister holds the Blade (Fiefdoms position 1)

    game, decision = act(game, "use_blade", "lannister", combat_id=cid)

    resolved = only(decision, "CombatResolved")
    assert types(decision)[0] == "BladeUsed"
    assert (resolved["attacker"]["blade"], resolved["defender"]["card"]) == (1, None)
