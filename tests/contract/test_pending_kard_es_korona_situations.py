"""`pending` of Kard és Korona in battles, lords' fates and the court (issue 15, point 2), worked from the rulebook:
the retreats and what each costs, the casualties the dice allow, a captured castle's surplus, escape, the Judge
Royal's reroll, the winner's extra step, sealed bids, ties, and office sales."""

from __future__ import annotations

from domain.kernel import Authority, Viewer
from domain.pending import SEAL
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from tests.contract.test_pending_kard_es_korona import arbiter_pending, option_of, seats_offering
from tests.domain.kard_es_korona.builders import THREE, act
from tests.domain.kard_es_korona.builders import play as play_actions
from tests.domain.kard_es_korona.election_helpers import at_election, bid, seal
from tests.domain.kard_es_korona.test_battle_endings import capturing_pest
from tests.domain.kard_es_korona.test_battle_rules import e1_battle
from tests.domain.kard_es_korona.test_defeat import blue_defeated, lords_battle
from tests.domain.kard_es_korona.test_duel_and_rerolls import duel, with_judge
from tests.domain.kard_es_korona.test_elections import judge_in_a_treasurer_roll_off
from tests.domain.kard_es_korona.test_event_cards import rainy_siege
from tests.domain.kard_es_korona.test_offices import movement_game as office_movement_game
from tests.domain.kard_es_korona.test_retreat import BLUE, RED, battle, fejer_battle, fight


def test_kk_adv_5_kk_adv_8_after_a_full_round_the_attacker_may_retreat_to_where_he_came_from_or_stay() -> None:
    """KK-ADV-5/8, A-46: after a full round the attacker declares first: back to pest, his entry county, with no
    obstacle on the way (KK-ADV-11) but pursued by each of Blue's 2 infantry (KK-ADV-6); or he stays."""
    pending = arbiter_pending(fejer_battle())

    retreat = option_of(pending, RED, "retreat")
    assert retreat.choices == ({"to": "pest"},)
    assert retreat.fields["destinations"]["pest"]["pursuit_dice"] == 2
    assert retreat.dice_count == 2  # KK-ADV-6: the recorder asks for the pursuers' two dice, whichever county
    assert retreat.fields["destinations"]["pest"]["obstacle_losses_at_most"] == 0
    assert retreat.rule_ids == ("KK-ADV-5", "KK-ADV-8", "KK-ADV-11")
    assert option_of(pending, RED, "stay").choices == ({},)
    assert BLUE not in seats_offering(pending, "retreat")  # the defender only after the attacker stays


def test_kk_adv_11_a_retreat_across_the_tisza_into_the_swamp_costs_half_the_army() -> None:
    """KK-ADV-11: a retreat across a major river or into mountain or swamp loses half the army, rounded down:
    Red's 4 infantry came into pannonia_a from the swamp pannonia_b across the Tisza."""
    units = {"pannonia_b": {RED: Force(infantry=4)}, "pannonia_a": {BLUE: Force(infantry=1)}}
    game = fight(battle(units, "pannonia_a", "pannonia_b", {"infantry": 4}), 1, 1, 1, 1, 1)

    retreat = option_of(arbiter_pending(game), RED, "retreat")

    assert retreat.choices == ({"to": "pannonia_b"},)
    cost = retreat.fields["destinations"]["pannonia_b"]
    assert cost["obstacle"] is True and cost["obstacle_losses_at_most"] == 2 and cost["pursuit_dice"] == 1


def test_kk_elect_6_kk_elect_3_each_bidder_sees_only_his_own_sealed_bid_choices() -> None:
    """KK-ELECT-6: a bid is 0 up to the bidder's treasury; KK-ELECT-3: treasuries are hidden during the election,
    so the others see only that he is still to seal."""
    game = at_election({THREE[0]: 20, THREE[1]: 15, THREE[2]: 12})
    game, _ = seal(game, THREE[0], 5)
    pending = arbiter_pending(game)

    assert seats_offering(pending, SEAL) == [THREE[1], THREE[2]]  # the first has sealed
    bid = option_of(pending, THREE[1], SEAL)
    assert bid.private and {"KK-ELECT-6", "KK-ELECT-3"} <= set(bid.rule_ids)
    assert bid.fields["amount"] == {"minimum": 0, "maximum": 15}
    assert all(0 <= c["payload"]["amount"] <= 15 for c in bid.choices)
    assert {"amount": 15} in [c["payload"] for c in bid.choices]
    as_other = option_of(KARD_ES_KORONA.pending(game, Viewer(seat=THREE[2])), THREE[1], SEAL)
    assert as_other.choices == () and as_other.fields == {}
    own = option_of(KARD_ES_KORONA.pending(game, Viewer(seat=THREE[1])), THREE[1], SEAL)
    assert own.choices == bid.choices


def test_kk_battle_11_the_hitter_chooses_among_the_casualties_his_dice_can_kill_e1() -> None:
    """KK-BATTLE-5/11, A-8 (E1): Red's mounted cavalry rolls 5 and 4, each hitting foot targets on 4-6, against
    Blue's 2 infantry and 2 archers: Red kills two, any two of them; Blue's two 6s kill Red's two knights with no
    choice left to make."""
    # KK-BATTLE-4 (E1, full exchange, no volley): one die per rolling unit, Red's 3 cavalry and Blue's 2 + 2 foot
    assert {option_of(arbiter_pending(e1_battle()), s, "fight_exchange").dice_count for s in (RED, BLUE)} == {7}
    game = play_actions(e1_battle(), act("fight_exchange", None, Authority.RECORDER, dice=[5, 4, 1, 6, 5, 6, 2]))
    pending = arbiter_pending(game)

    assert seats_offering(pending, "assign_casualties") == [RED]
    chosen = option_of(pending, RED, "assign_casualties")
    assert sorted(tuple(sorted(c["casualties"].items())) for c in chosen.choices) == [
        (("archer", 1), ("infantry", 1)),
        (("archer", 2),),
        (("infantry", 2),),
    ]
    assert all(c["side"] == "attacker" for c in chosen.choices) and chosen.fields["kills"] == 2
    assert chosen.rule_ids == ("KK-BATTLE-11",) and chosen.exhaustive


def test_kk_elim_2_the_defeated_lord_may_escape_only_to_his_units_one_step_away_before_the_winner_steps() -> None:
    """KK-ELIM-2, A-23: Blue's lord, beaten in Fejér, may roll to escape to Kunság where his infantry stands (not to
    Pest, Red's); the winner's extra step (KK-LORD-8) waits until the defeat is settled (KK-LORD-4)."""
    pending = arbiter_pending(blue_defeated())

    assert pending.rule_id == "KK-LORD-4"
    assert option_of(pending, BLUE, "attempt_escape").choices == ({"to": "kunsag"},)
    assert option_of(pending, BLUE, "attempt_escape").dice_count == 1  # the lord's one die
    assert option_of(pending, BLUE, "forgo_escape").rule_ids == ("KK-ELIM-2",)
    assert seats_offering(pending, "take_extra_step") == []


def test_kk_elect_10_only_the_tied_bidders_roll_off() -> None:
    """KK-ELECT-10: at the first election a tie of the highest bids (Erdély and Szlavónia, 5 each) is rolled off."""
    game, _ = bid(at_election({THREE[0]: 20, THREE[1]: 15, THREE[2]: 12}), dict(zip(THREE, (0, 5, 5), strict=True)))
    pending = arbiter_pending(game)

    assert seats_offering(pending, "roll_off") == [THREE[1], THREE[2]]
    assert option_of(pending, THREE[1], "roll_off").rule_ids == ("KK-ELECT-10", "KK-ELECT-12")


def test_kk_elect_11_the_palatine_chooses_among_the_tied_bidders_e3() -> None:
    """KK-ELECT-11, KK-OFFICE-5 (E3): from the second election the Palatine decides a tie, among the tied only."""
    four = ("felvidek", "tiszahat", "delvidek", "szlavonia")
    offices: dict[str, str | None] = {"judge_royal": four[0], "treasurer": four[1], "palatine": four[2]}
    game = at_election(dict(zip(four, (20, 15, 12, 9), strict=True)), offices, 1306, four, elections_held=1)
    game, _ = bid(game, dict(zip(four, (5, 8, 0, 8), strict=True)))
    pending = arbiter_pending(game)

    decide = option_of(pending, four[2], "decide_tie")
    assert decide.choices == ({"player": four[1]}, {"player": four[3]})
    assert decide.rule_ids == ("KK-ELECT-11", "KK-OFFICE-5")


def test_kk_siege_9_kk_siege_10_the_captured_castle_keeps_what_fits_the_rest_goes_back_to_the_entry_county() -> None:
    """KK-SIEGE-9/10, KK-CASTLE-2/3: Red took Pest from Fejér with 5 infantry and 3 archers; the castle holds 7 with
    no arm above 4 (half of 7 rounded up), so the largest garrison is 4 infantry and 3 archers, and the surplus
    withdraws to Fejér, where the attack came from."""
    pending = arbiter_pending(capturing_pest())

    withdraw = option_of(pending, RED, "withdraw")
    assert withdraw.fields["destinations"] == ["fejer"]
    assert withdraw.choices[0] == {
        "keep": {"infantry": 4, "archer": 3},
        "moves": [{"to": "fejer", "units": {"infantry": 1}}],
    }
    for choice in withdraw.choices:
        kept = Force(**choice["keep"])
        assert 0 < kept.total <= 7 and (kept.total <= 4 or max(kept.infantry, kept.archer) <= (kept.total + 1) // 2)
        assert [m["to"] for m in choice["moves"]] == ["fejer"]
    assert withdraw.rule_ids == ("KK-SIEGE-9", "KK-SIEGE-10", "KK-SIEGE-11")


def test_kk_office_1_a_57_the_judge_royal_rerolls_one_of_his_own_groups_or_keeps_the_roll_first() -> None:
    """KK-OFFICE-1, A-57: Red, Judge Royal, misses with his knight; before any casualty he may reroll his own
    cavalry group (not Blue's infantry) or let the roll stand."""
    offices = {"judge_royal": RED, "treasurer": None, "palatine": None}
    game = with_judge(lords_battle(), offices)
    game = play_actions(game, act("fight_exchange", None, Authority.RECORDER, dice=[1, 1]))
    pending = arbiter_pending(game)

    for waits in ("assign_casualties", "fight_exchange"):  # nothing is removed or rolled before he decides
        assert seats_offering(pending, waits) == []
    assert option_of(pending, RED, "reroll").choices == ({"arm": "cavalry"},)
    assert option_of(pending, RED, "keep_roll").choices == ({},)
    assert option_of(pending, RED, "reroll").rule_ids == ("KK-OFFICE-1", "KK-OFFICE-2")
    # The count follows the group named: his cavalry's one die (the knight's), which the recorder asks for once named.
    assert option_of(pending, RED, "reroll").to_json()["dice_by"] == {"arm": {'"cavalry"': 1}}


def test_a_13_kk_lord_8_a_duel_winner_left_alone_must_rejoin_his_units_and_cannot_decline() -> None:
    """KK-LORD-8/9, A-13: Blue's lord won the duel alone in Fejér; his extra step must bring him to his units within
    4 MP (Kunság next door, or his guard in Tiszahát K2 by Pest and Tiszahát K1, 3 MP), or units to him (Kunság's
    infantry, 1 MP; the guard would need 3 of its 2); declining is refused."""
    game = play_actions(duel(), act("fight_duel", None, Authority.RECORDER, dice=[1, 6]))
    game = play_actions(game, act("place_takeover", BLUE, placements={}))
    pending = arbiter_pending(game)

    step = option_of(pending, BLUE, "take_extra_step")
    assert {(c["to"], c["groups"][0]["from"]) for c in step.choices} == {
        ("kunsag", "fejer"),
        ("tiszahat_k2", "fejer"),
        ("fejer", "kunsag"),
    }
    assert "decline_extra_step" not in [o.type for w in pending.waiting for o in w.options]


def test_kk_office_6_a_holder_may_sell_his_office_then_the_others_bid_above_the_last_and_he_closes() -> None:
    """KK-OFFICE-6, A-38: the Treasurer may put his office up at any time outside elections and battles; the others
    bid openly, each above the last bid and within his treasury, until the seller closes the sale."""
    game = office_movement_game()
    holder, others = "felvidek", ("erdely", "szlavonia")
    assert seats_offering(arbiter_pending(game), "offer_office") == [holder]

    game = play_actions(
        game, act("offer_office", holder, office="treasurer"), act("bid_for_office", others[0], amount=4)
    )
    pending = arbiter_pending(game)

    bid = option_of(pending, others[1], "bid_for_office")
    assert bid.fields["amount"] == {"minimum": 5, "maximum": 12} and bid.rule_ids == ("KK-OFFICE-6",)
    assert all(5 <= c["amount"] <= 12 for c in bid.choices)
    assert option_of(pending, holder, "close_office_sale").choices == ({},)
    assert holder not in seats_offering(pending, "bid_for_office")


def test_kk_event_7_the_rainy_autumn_roll_is_one_die_unless_the_besieger_is_the_judge_royal_kk_office_2() -> None:
    """KK-EVENT-7: the besieger rolls one die; KK-OFFICE-2: a Judge Royal besieger may roll a second after a low
    first one, so his count waits on the die (the recorder keeps its one free box)."""
    assert option_of(arbiter_pending(rainy_siege()), RED, "roll_event_die").dice_count == 1
    assert option_of(arbiter_pending(rainy_siege(judge_royal=True)), RED, "roll_event_die").dice_count is None


def test_kk_office_2_the_judge_royals_tie_die_asks_for_one_die_when_he_rerolls_and_none_when_he_keeps_it() -> None:
    """KK-OFFICE-2: Felvidék, Judge Royal, lost the Treasurer roll-off 2 to 4; his answer sets the dice: one new die
    (`reroll: true`), none (`false`). The recorder gives the box once the answer is ticked."""
    game = play_actions(judge_in_a_treasurer_roll_off(), act("roll_off", "erdely", dice=[2, 4]))
    option = option_of(arbiter_pending(game), "felvidek", "reroll_tie_die")

    assert option.dice_count is None
    assert option.to_json()["dice_by"] == {"reroll": {"true": 1, "false": 0}}
