"""House cards and the abilities whose owner chooses (domain/rulesets/agot2/card_choices.py), pinned where mutation
testing found them loose (issue 18, point 4): every refusal with its rule id, message and field, and the events of
each choice-taking card of the base set (catalog §3.10, GOT-CARD-1/3/5, X-8, X-15; card texts from
data/house_cards_base.json).

Tables (tests/domain/agot2/test_card_abilities.py's `_game`): the attacker marches from `a` into `b` (castle), the
defender holds `b` with a Defense +1 order; `c` and `d` lie next to `b`. Hands start as the catalog lists the
House's seven cards (GOT-CARD-2): Stark's are Eddard, Robb, Roose, Greatjon, Rodrik, the Blackfish, Catelyn.

EQUIVALENT_MUTANTS (measured 2026-11-27: 483/646 killed before this file, 618/646 with it; the 28 left are these):
- `_cancel_opponent_card` `effects.get("withdrawn", ...)` key/default: the cancel tier resolves first (X-8 step 2)
  and each ability once, so nothing was withdrawn before a cancel.
- `hands.get(seat, ())` default dropped (`card_errors`, `_cancel_opponent_card`, `_discard_from_opponent_hand`):
  setup deals a hand to every seat, and only combatants reach these lines.
- `params.get("optional", False)` default changed (`_remove_opponent_order`, `_upgrade_footman`,
  `_discard_from_opponent_hand`): every base card of these kinds names `optional`.
- `params.get("power_cost", 0)` default changed: the card-set validator requires `power_cost` for
  `replace_own_card` (data/cards.py ABILITY_KINDS).
- `tracks.get(track, a.s.seats)` default None or dropped: the track is checked against TRACKS first, and setup
  fills every track.
- `resolve_card_ability`: `card_of(...) if seat or True` (card_of of None is None, refused alike);
  `card.timing or "XXXX"` and `card.kind or "XXXX"` (neither "" nor "XXXX" is a key: same defaults).
- `another_card`'s state argument None: `card_round` does not read its state argument.
- `_is_abilitys_turn` first `return False` made True: only Aeron/Cersei/Renly/Patchface without a target reach
  it, and they are then resolved on reveal (in `abilities_done`), refused before the turn is asked.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2.tables import SALT, act, decide, new_game, only, open_round, seal, types, units
from tests.domain.agot2.test_card_abilities import _fight as fight_with
from tests.domain.agot2.test_card_abilities import _game as card_game
from tests.domain.agot2.test_card_abilities import cersei_wins
from tests.domain.agot2.test_mutants_combat_actions import refusal, tyrion_revealed

STARK_HAND = (
    "stark_eddard_stark, stark_robb_stark, stark_roose_bolton, stark_greatjon_umber, stark_ser_rodrik_cassel, "
    "stark_the_blackfish, stark_catelyn_stark"
)


def resolve(game: Game, seat: str, cid: int, card: str, choice: Any) -> Decision:
    return decide(game, "resolve_card_ability", seat, combat_id=cid, card=card, choice=choice)


def resolved(game: Game, seat: str, cid: int, card: str, choice: Any) -> Game:
    """The game once the ability's choice is accepted and applied."""
    return act(game, "resolve_card_ability", seat, combat_id=cid, card=card, choice=choice)[0]


def seal_refusal(game: Game, seat: str, payload: Any) -> list[tuple[str, str, dict[str, Any]]]:
    again = open_round(game, "house_card")
    refused, _ = decide_seal(AGOT2, game, seat, again.round, payload, SALT)
    return refusal(refused)


# --- GOT-CARD-1: the reveal; GOT-CARD-3: Tyrion sends the card back and its owner plays another ---


def test_got_card_1_both_cards_are_revealed_at_once_in_seat_order() -> None:
    """GOT-CARD-1 「攻方和守方必须从手中选择1张家族卡牌面朝下打出。」: one reveal names both cards."""
    game = card_game("lannister", "stark", ["knight"], ["footman"])
    game, decision = fight_with(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    cid = game.state.combat.combat_id
    cards = {"lannister": "lannister_tyrion_lannister", "stark": "stark_eddard_stark"}
    assert only(decision, "HouseCardsRevealed") == {"round": 1, "combat_id": cid, "cards": cards}
    shown = "revealed lannister: lannister_tyrion_lannister, stark: stark_eddard_stark"
    assert ("GOT-CARD-1", shown) in [(t.rule_id, t.text) for t in decision.trace]


def test_got_card_3_the_cancel_records_the_card_sent_back_and_opens_a_round_for_another() -> None:
    """Tyrion: "You may send the opponent's revealed card back to their hand; they must play a different one"."""
    game, cid = tyrion_revealed()
    cancelled = resolve(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    assert [(e.type, dict(e.data)) for e in cancelled.events] == [
        (
            "HouseCardAbilityResolved",
            {
                "round": 1,
                "combat_id": cid,
                "seat": "lannister",
                "card": "lannister_tyrion_lannister",
                "timing": "cancel",
                "choice": {"cancel": True},
                "effects": ["stark_eddard_stark goes back to stark's hand"],
                "flags": {"card_withdrawn_from": "stark", "withdrawn": ["stark_eddard_stark"]},
            },
        ),
        (
            "SealedRoundOpened",
            {
                "round": f"cards-{cid}-1",
                "seats": ["stark"],
                "purpose": "house_card",
                "opened_by": None,
                "combat_id": cid,
            },
        ),
    ]
    assert [t.rule_id for t in cancelled.trace] == ["GOT-CARD-3"]


def test_got_card_1_3_the_replacement_is_another_card_of_the_hand() -> None:
    """GOT-CARD-1 (a card from one's hand) and GOT-CARD-3 (Tyrion: "they must play a different one")."""
    game, cid = tyrion_revealed()
    game = resolved(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    assert seal_refusal(game, "stark", {"card": "stark_ned"}) == [
        ("GOT-CARD-1", f"card 'stark_ned' is not in stark's hand ({STARK_HAND})", {"field": "payload.card"})
    ]
    assert seal_refusal(game, "stark", {"card": 7}) == [
        ("GOT-CARD-1", f"card 7 is not in stark's hand ({STARK_HAND})", {"field": "payload.card"})
    ]
    assert seal_refusal(game, "stark", "stark_robb_stark") == [
        ("GOT-CARD-1", f"card None is not in stark's hand ({STARK_HAND})", {"field": "payload.card"})
    ]
    assert seal_refusal(game, "stark", {"card": "stark_eddard_stark"}) == [
        ("GOT-CARD-3", "stark_eddard_stark was sent back; play a different card", {"field": "payload.card"})
    ]
    assert seal_refusal(game, "stark", {"card": "stark_robb_stark"}) == []


def test_got_x_15_both_effects_are_traced_when_the_cancelled_card_was_the_last() -> None:
    """GOT-X-15: "If an ability says a seat cannot use a house card, that seat fights with card strength 0"."""
    pile = ["stark_robb_stark", "stark_roose_bolton", "stark_greatjon_umber", "stark_ser_rodrik_cassel"]
    game = card_game(
        "lannister",
        "stark",
        ["knight"],
        ["footman"],
        hands={"stark": ["stark_eddard_stark"]},
        discards={"stark": [*pile, "stark_the_blackfish", "stark_catelyn_stark"]},
    )
    game, _ = fight_with(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    cid = game.state.combat.combat_id
    cancelled = resolve(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    assert cancelled.trace[0].text == (
        "Tyrion Lannister: stark_eddard_stark goes back to stark's hand; "
        "stark has no other card and fights without one (GOT-X-15)"
    )


def test_got_combat_4_an_ability_of_another_combat_is_refused() -> None:
    game, cid = tyrion_revealed()
    assert refusal(resolve(game, "lannister", cid + 1, "lannister_tyrion_lannister", {"cancel": True})) == [
        ("GOT-COMBAT-4", f"combat_id {cid + 1} is not the combat under way ({cid})", {"field": "data.combat_id"})
    ]


# --- Aeron Damphair: "Right after the reveal you may pay two Power tokens to discard this card and play another" ---


def aeron_revealed(attacker_card: str = "stark_ser_rodrik_cassel") -> tuple[Game, int]:
    game = card_game("greyjoy", "stark", ["knight"], ["footman"])
    game, _ = fight_with(game, "greyjoy", "stark", "greyjoy_aeron_damphair", attacker_card)
    return game, game.state.combat.combat_id


def test_got_x_8_aeron_takes_a_yes_or_no() -> None:
    game, cid = aeron_revealed()
    for choice in ({"replace": "yes"}, {}, "yes"):
        assert refusal(resolve(game, "greyjoy", cid, "greyjoy_aeron_damphair", choice)) == [
            ("GOT-X-8", "choice must be {replace: true|false}", {"field": "data.choice"})
        ]
    kept = resolve(game, "greyjoy", cid, "greyjoy_aeron_damphair", {"replace": False})
    assert (only(kept, "HouseCardAbilityResolved")["effects"], "PowerSpent" in types(kept)) == ([], False)


def test_got_x_8_aeron_pays_two_power_discards_himself_and_opens_a_round_for_another() -> None:
    """Aeron's cost is 2 Power (params.power_cost); the card goes to the discard pile, not to hand."""
    game, cid = aeron_revealed()
    replaced = resolve(game, "greyjoy", cid, "greyjoy_aeron_damphair", {"replace": True})
    resolved = only(replaced, "HouseCardAbilityResolved")
    assert (resolved["effects"], resolved["flags"], resolved["timing"]) == (
        ["greyjoy pays 2 Power, discards greyjoy_aeron_damphair and plays another card"],
        {"card_withdrawn_from": "greyjoy", "withdrawn": ["greyjoy_aeron_damphair"]},
        "immediately",
    )
    assert only(replaced, "HouseCardsDiscarded") == {
        "round": 1,
        "combat_id": cid,
        "cards": {"greyjoy": "greyjoy_aeron_damphair"},
        "reason": "card_ability",
    }
    assert only(replaced, "PowerSpent") == {
        "round": 1,
        "seat": "greyjoy",
        "amount": 2,
        "reason": "greyjoy_aeron_damphair",
    }
    assert only(replaced, "SealedRoundOpened")["round"] == f"cards-{cid}-1"
    assert replaced.trace[0].rule_id == "GOT-X-8"


def test_got_x_8_a_card_sent_back_by_tyrion_keeps_aeron_from_resolving_and_both_stay_out() -> None:
    """X-8 steps 2-3: Tyrion (cancel tier) sends Aeron back before Aeron's `immediately` turn: a card sent back
    is no longer played, so its ability does not resolve (no Power is spent)."""
    game = card_game("lannister", "greyjoy", ["knight"], ["footman"])
    game, _ = fight_with(game, "lannister", "greyjoy", "lannister_tyrion_lannister", "greyjoy_aeron_damphair")
    cid = game.state.combat.combat_id
    game = resolved(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    early = resolve(game, "greyjoy", cid, "greyjoy_aeron_damphair", {"replace": True})
    assert [v.rule_id for v in early.violations] == ["GOT-X-8"]
    assert "PowerSpent" not in types(early)


def test_got_x_8_the_second_card_round_counts_the_abilities_done() -> None:
    """Tyrion sends Balon back; Greyjoy plays Aeron and replaces him too: the combat's second card round is
    numbered 2 (Tyrion done), and both withdrawn cards are listed (X-8: each ability once, in order)."""
    game = card_game("greyjoy", "lannister", ["knight"], ["footman"])
    game, _ = fight_with(game, "greyjoy", "lannister", "greyjoy_balon_greyjoy", "lannister_tyrion_lannister")
    cid = game.state.combat.combat_id
    game = resolved(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    game, _ = seal(game, "house_card", {"greyjoy": {"card": "greyjoy_aeron_damphair"}})
    replaced = resolve(game, "greyjoy", cid, "greyjoy_aeron_damphair", {"replace": True})
    assert only(replaced, "SealedRoundOpened")["round"] == f"cards-{cid}-2"
    assert only(replaced, "HouseCardAbilityResolved")["flags"]["withdrawn"] == [
        "greyjoy_balon_greyjoy",
        "greyjoy_aeron_damphair",
    ]


# --- Cersei ("may take one of the opponent's order tokens") and the Queen of Thorns (must, next to the area) ---


def cersei_won() -> tuple[Game, int]:
    """Lannister's two knights with Cersei beat Stark's footman in b; Stark's Support order stands in c."""
    game, _ = cersei_wins()
    return game, game.state.combat.combat_id


def test_got_card_5_cersei_may_remove_no_order() -> None:
    game, cid = cersei_won()
    for choice in ({"area": None}, {}, "c"):
        kept = resolve(game, "lannister", cid, "lannister_cersei_lannister", choice)
        assert only(kept, "HouseCardAbilityResolved")["effects"] == ["no order removed"]
        assert "OrdersRemoved" not in types(kept)


def test_got_card_5_cersei_removes_the_named_order_of_the_opponent() -> None:
    game, cid = cersei_won()
    assert refusal(resolve(game, "lannister", cid, "lannister_cersei_lannister", {"area": "a"})) == [
        ("GOT-CARD-5", "area 'a' is not one of ['c']", {"field": "data.choice.area"})
    ]  # b, the beaten defender's order, goes at clean-up anyway (GOT-CLEANUP-2)
    removed = resolve(game, "lannister", cid, "lannister_cersei_lannister", {"area": "c"})
    assert only(removed, "OrdersRemoved") == {
        "round": 1,
        "removals": [{"area": "c", "seat": "stark", "order_token": "support_0_a", "reason": "card_ability"}],
    }
    assert only(removed, "HouseCardAbilityResolved")["effects"] == ["support_0_a removed from c"]


def test_got_x_8_the_queen_of_thorns_must_name_an_area() -> None:
    """Queen of Thorns: "remove one of the opponent's order tokens from an area next to the embattled area" (must)."""
    extra = units("stark", "c", "footman")
    orders = [{"area": "c", "seat": "stark", "token": "support_0_a"}]
    game = card_game("stark", "tyrell", ["knight"], ["footman"], extra_units=extra, extra_orders=orders)
    game, _ = act(game, "march", "stark", from_area="a", moves=[{"to_area": "b", "units": ["stark:knight:a:1"]}])
    cid = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "stark", combat_id=cid, side="attacker")
    cards = {"stark": {"card": "stark_eddard_stark"}, "tyrell": {"card": "tyrell_queen_of_thorns"}}
    game, _ = seal(game, "house_card", cards)
    assert refusal(resolve(game, "tyrell", cid, "tyrell_queen_of_thorns", {"area": None})) == [
        ("GOT-X-8", "area None is not one of ['c']", {"field": "data.choice.area"})
    ]


# --- Renly Baratheon: "If you win, you may replace one of your footmen in this combat ... with a knight" ---


def renly_won() -> tuple[Game, int]:
    extra = units("baratheon", "c", "footman")
    orders = [{"area": "c", "seat": "baratheon", "token": "support_0_a"}]
    game = card_game("baratheon", "stark", ["footman", "knight"], ["footman"], extra_units=extra, extra_orders=orders)
    game, _ = fight_with(game, "baratheon", "stark", "baratheon_renly_baratheon", "stark_ser_rodrik_cassel")
    return game, game.state.combat.combat_id


def test_got_card_5_renly_refuses_a_unit_not_named_among_the_footmen() -> None:
    game, cid = renly_won()
    footmen = "baratheon:footman:a:1, baratheon:footman:c:1"
    for choice, named in (({}, "''"), ("baratheon:footman:a:1", "''"), ({"unit": "x"}, "'x'")):
        assert refusal(resolve(game, "baratheon", cid, "baratheon_renly_baratheon", choice)) == [
            (
                "GOT-CARD-5",
                f"choice.unit {named} is not one of baratheon's footmen in or supporting the combat ({footmen})",
                {"field": "data.choice.unit"},
            )
        ]


def test_got_card_5_renly_s_knight_replaces_the_footman_in_its_area() -> None:
    game, cid = renly_won()
    chosen = resolve(game, "baratheon", cid, "baratheon_renly_baratheon", {"unit": "baratheon:footman:c:1"})
    assert only(chosen, "UnitUpgraded") == {
        "round": 1,
        "combat_id": cid,
        "seat": "baratheon",
        "area": "c",
        "unit": "baratheon:footman:c:1",
        "new_unit": "baratheon:knight:c:1",
        "to_type": "knight",
        "reason": "baratheon_renly_baratheon",
    }


# --- Patchface: "After the combat you may look at the opponent's hand and discard one card of your choice" ---


def patchface_waits() -> tuple[Game, int]:
    game = card_game("stark", "baratheon", ["knight", "knight"], ["footman"])
    game, _ = fight_with(game, "stark", "baratheon", "stark_eddard_stark", "baratheon_patchface")
    return game, game.state.combat.combat_id


def test_got_x_8_patchface_names_a_card_of_the_opponent_s_hand() -> None:
    game, cid = patchface_waits()
    hand = STARK_HAND.removeprefix("stark_eddard_stark, ")  # Eddard was played and discarded (GOT-CARD-7)
    for choice, named in (({}, "''"), ("stark_robb_stark", "''"), ({"card": "x"}, "'x'")):
        assert refusal(resolve(game, "baratheon", cid, "baratheon_patchface", choice)) == [
            ("GOT-X-8", f"choice.card {named} is not in stark's hand ({hand})", {"field": "data.choice.card"})
        ]


def test_got_x_8_patchface_waits_until_the_combat_is_over() -> None:
    """X-8: `after_combat` is step 13, after the retreat (step 9): Baratheon loses with two footmen and must
    retreat first (c and d are both legal); Patchface is refused until then."""
    game = card_game("stark", "baratheon", ["knight", "knight"], ["footman", "footman"])
    game, _ = fight_with(game, "stark", "baratheon", "stark_robb_stark", "baratheon_patchface")
    cid = game.state.combat.combat_id
    assert refusal(resolve(game, "baratheon", cid, "baratheon_patchface", {"card": "stark_eddard_stark"})) == [
        ("GOT-X-8", "Patchface's ability does not resolve now (timing after_combat)", {"field": "data.card"})
    ]


# --- Doran Martell: "move the opponent to the last position of one influence track of your choice" ---


def test_got_x_8_doran_names_one_of_the_three_tracks() -> None:
    game = card_game("stark", "martell", ["knight"], ["footman"])
    game, _ = fight_with(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_doran_martell")
    cid = game.state.combat.combat_id
    for choice, named in (({"track": "navy"}, "'navy'"), ("fiefdoms", "None")):
        assert refusal(resolve(game, "martell", cid, "martell_doran_martell", choice)) == [
            (
                "GOT-X-8",
                f"choice.track {named} is not one of iron_throne, fiefdoms, kings_court",
                {"field": "data.choice.track"},
            )
        ]


def test_got_x_8_doran_moves_the_opponent_below_a_third_house() -> None:
    """Three seats, Fiefdoms Lannister, Stark, Martell: Stark goes last, Lannister stays first."""
    game = card_game("stark", "martell", ["knight"], ["footman"])
    seats = ("stark", "martell", "lannister")
    tracks = {track: ["lannister", "stark", "martell"] for track in ("iron_throne", "fiefdoms", "kings_court")}
    game = new_game(
        game.state.board_document, seats, {**game.meta.options, "tracks": tracks, "kings_court_stars": [3, 2, 1]}
    )
    game, _ = fight_with(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_doran_martell")
    cid = game.state.combat.combat_id
    moved = resolve(game, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"})
    assert only(moved, "TrackPositionsSet")["order"] == ["lannister", "martell", "stark"]
    assert only(moved, "HouseCardAbilityResolved")["effects"] == [
        "stark moves to the last position of the fiefdoms track"
    ]


# --- a `manual` ability (the games recorded before the engine decided Roose Bolton: option off) ---


def roose_lost_in_an_older_game() -> tuple[Game, int]:
    game = card_game("lannister", "stark", ["knight", "knight"], ["footman"], options={"engine_card_abilities": False})
    game, _ = fight_with(game, "lannister", "stark", "lannister_the_hound", "stark_roose_bolton")
    return game, game.state.combat.combat_id


def test_got_card_5_a_manual_if_lose_ability_waits_for_its_owner_s_record() -> None:
    """GOT-CARD-5 「3.胜败决定后，任何包含“赢得/输去”的效果,按照顺位执行。」: Roose ("If you lose") is the
    loser's, resolved after the victor; entered by hand in a game recorded before the engine decided it."""
    game, cid = roose_lost_in_an_older_game()
    assert refusal(resolve(game, "stark", cid, "stark_roose_bolton", "returned")) == [
        ("GOT-X-8", "a manual ability records its choice as an object", {"field": "data.choice"})
    ]
    recorded = resolve(game, "stark", cid, "stark_roose_bolton", {"note": "pile back to hand"})
    resolved = only(recorded, "HouseCardAbilityResolved")
    assert (resolved["effects"], resolved["timing"]) == (["recorded; its effects are entered with adjust"], "if_lose")
    assert (recorded.trace[0].rule_id, recorded.trace[0].text) == (
        "GOT-CARD-5",
        "Roose Bolton: recorded; its effects are entered with adjust",
    )


def test_got_x_8_doran_waits_for_the_card_aeron_s_owner_plays_instead() -> None:
    """X-8 step 3 in turn order (Greyjoy first on the Iron Throne): Aeron is replaced first, and Doran's turn comes
    only once the replacement is revealed (the new card's own `immediately` ability would come first)."""
    game = card_game("greyjoy", "martell", ["knight"], ["footman"])
    game, _ = fight_with(game, "greyjoy", "martell", "greyjoy_aeron_damphair", "martell_doran_martell")
    cid = game.state.combat.combat_id
    game, _ = act(
        game, "resolve_card_ability", "greyjoy", combat_id=cid, card="greyjoy_aeron_damphair", choice={"replace": True}
    )
    assert refusal(resolve(game, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"})) == [
        ("GOT-X-8", "Doran Martell's ability does not resolve now (timing immediately)", {"field": "data.card"})
    ]
    game, _ = seal(game, "house_card", {"greyjoy": {"card": "greyjoy_euron_crows_eye"}})
    assert not resolve(game, "martell", cid, "martell_doran_martell", {"track": "fiefdoms"}).violations
