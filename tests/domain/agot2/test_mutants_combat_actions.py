"""Casualty and retreat choices of agot2 (domain/rulesets/agot2/combat_actions.py) pinned where mutation testing
found them loose (issue 18, point 4): every refusal with its rule id, message and field, and the events of a
retreat, on the catalog's worked examples E3 and E4 (§6).

E3: Red's two footmen lose the tie to Blue's knight in L10; Blue's `blue_c2s1` has 1 sword and Red's card no
fortification: Red loses 1 - 0 = 1 unit (GOT-CASUALTY-1) of its choice (GOT-CASUALTY-3).
E4: Red's two knights win L12; Blue's two footmen retreat to L13 or L14, Blue chooses (catalog: "L13 or L14"),
not to L11, the attacker's origin (GOT-RETREAT-4), destroying none (no supply problem, GOT-RETREAT-5).

Measured 2026-11-27 after issue 18's shape split (support, cards and aftermath moved out): 433/592 killed
(73.1 %) before the Blade tests below and test_mutants_combat_actions_retreat.py, 545/592 (92.1 %) with them;
557/592 (94.1 %) on 2026-11-28 with the supply table (E6 with L23 and L24 open) of the retreat file, 563/592
(95.1 %) with its retreat across the loser's ship (X-18).

EQUIVALENT_MUTANTS (22 of the 29 left):
- `lenient: bool = True` as the default of `blade`, `choose_casualties`, `choose_retreat`: decide.py always
  passes the game's mode.
- `choose_retreat`'s GOT-RETREAT-1 refusal (8 mutants of its rule, message, arguments): a losing attacker's
  retreat is decided with its casualties (aftermath.retreat), so no combat ever waits for it.
- `blade` `c.blade_decided or c.result` made `and`: a result without a Blade decision only exists once the Blade
  was flipped this round, and GOT-BLADE-2 refuses that first.
- `_may_hold` `options.get("winner_moves_in", True)` default changed or dropped: the option is always set
  (options.py defaults); the key mutated to another name falls back on True, as the default games hold.
- `_wrong_kind` `or` made `and` (twice): an area off the board has no kind (neither land, sea nor port), so the
  message stays empty; and `choose_retreat` is only asked while some unit retreats (`movers` never empty).
- `_why_not_legal` `or "none"` spelled otherwise: `legal` is never empty when a choice is asked (no legal area
  destroys the units, GOT-RETREAT-6, without asking).

- `_destroy_needed` `range(len(movers) + 2)`: the extra pass destroys every mover again, as the last pass did.
- `_supply_blocked` `(100,) * 99` or `(99,) * 100`: either way no supply limit at all.

KNOWN GAPS (7 not killed, not equivalent): the `via` of a transcript retreat off the list into an area both next
to the embattled one and reachable across the loser's ships (`are_adjacent` arguments or its test forced: 3), and
`by_transport(s, c.area, None)` (not analysed); `_destroy_needed`'s last `return 0` made 1 (a transcript position
already over its supply limits whatever it destroys); `set(destroy) < ids` (a supply that forces every retreating
unit destroyed while the area is still chosen); `retreating_units(s, c, None)` (not analysed).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from tests.domain.agot2.examples import e1, e3, e4
from tests.domain.agot2.tables import act, decide, new_game, seal
from tests.domain.agot2.test_card_abilities import _fight as fight_with
from tests.domain.agot2.test_card_abilities import _game as card_game

E4_FOOTMEN = "blue:footman:l12:1, blue:footman:l12:2"


def refusal(decision: Decision) -> list[tuple[str, str, dict[str, Any]]]:
    return [(v.rule_id, v.message, dict(v.details)) for v in decision.violations]


def e3_lost() -> tuple[Game, int]:
    game, _ = act(
        e3(),
        "march",
        "red",
        from_area="l9",
        moves=[{"to_area": "l10", "units": ["red:footman:l9:1", "red:footman:l9:2"]}],
    )
    cid = game.state.combat.combat_id
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3"}, "blue": {"card": "blue_c2s1"}})
    return game, cid


def e4_won() -> tuple[Game, int]:
    game, _ = act(
        e4(),
        "march",
        "red",
        from_area="l11",
        moves=[{"to_area": "l12", "units": ["red:knight:l11:1", "red:knight:l11:2"]}],
    )
    cid = game.state.combat.combat_id
    game, _ = seal(game, "house_card", {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f2"}})
    return game, cid


def test_got_casualty_1_3_the_loser_chooses_exactly_the_due_number() -> None:
    game, cid = e3_lost()
    both = ["red:footman:l9:1", "red:footman:l9:2"]
    assert refusal(decide(game, "choose_casualties", "red", combat_id=cid, units=both)) == [
        ("GOT-CASUALTY-1", f"choose exactly 1 unit(s), got {both!r}", {"field": "data.units"})
    ]
    assert refusal(decide(game, "choose_casualties", "red", combat_id=cid, units="red:footman:l9:1")) == [
        ("GOT-CASUALTY-1", "choose exactly 1 unit(s), got 'red:footman:l9:1'", {"field": "data.units"})
    ]
    assert refusal(decide(game, "choose_casualties", "blue", combat_id=cid, units=["red:footman:l9:1"])) == [
        ("GOT-CASUALTY-3", "red chooses its own casualties, not 'blue'", {"field": "seat"})
    ]
    assert refusal(decide(game, "choose_casualties", "red", combat_id=cid, units=["blue:knight:l10:1"])) == [
        (
            "GOT-CASUALTY-2",
            "'blue:knight:l10:1' cannot be a casualty; eligible: red:footman:l9:1, red:footman:l9:2",
            {"field": "data.units"},
        )
    ]


def test_got_retreat_refusals_name_the_legal_areas() -> None:
    game, cid = e4_won()
    legal = "legal: l13, l14"
    assert refusal(decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l11")) == [
        ("GOT-RETREAT-4", f"'l11' is not a legal retreat; {legal}", {"field": "data.to_area"})
    ]
    assert refusal(decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l99")) == [
        ("GOT-RETREAT-3", f"'l99' is not a legal retreat; {legal}", {"field": "data.to_area"})
    ]
    assert refusal(decide(game, "choose_retreat", "red", combat_id=cid, to_area="l13")) == [
        ("GOT-X-17", "blue chooses this retreat, not 'red'", {"field": "seat"})
    ]
    for destroy in (["x"], "x"):
        assert refusal(decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l13", destroy=destroy)) == [
            (
                "GOT-RETREAT-5",
                f"destroy exactly 0 of the retreating units ({E4_FOOTMEN}) before retreating to l13; got {destroy!r}",
                {"field": "data.destroy"},
            )
        ]
    assert refusal(decide(game, "choose_casualties", "blue", combat_id=cid, units=[])) == [
        ("GOT-COMBAT-5", "casualties are not being taken now", {})
    ]


def test_got_retreat_3_rout_1_the_chosen_retreat_moves_and_routs_the_units() -> None:
    game, cid = e4_won()
    game, chosen = act(game, "choose_retreat", "blue", combat_id=cid, to_area="l13")
    footmen = ["blue:footman:l12:1", "blue:footman:l12:2"]
    events = {e.type: dict(e.data) for e in chosen.events}
    assert events["RetreatChosen"] == {
        "round": 1,
        "combat_id": cid,
        "seat": "blue",
        "from_area": "l12",
        "to_area": "l13",
        "via": [],
        "destroy": [],
        "chooser": "blue",
    }
    assert events["UnitsRetreated"]["units"] == footmen
    assert events["UnitsRouted"] == {"round": 1, "seat": "blue", "area": "l13", "units": footmen}
    assert refusal(decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l14")) == [
        ("GOT-COMBAT-4", "no combat is under way", {})
    ]


# --- GOT-SUPPORT-1/3, X-4, X-5 on E1: Green (L3, Support +1) declares first, then Red (S1), in turn order ---


def e1_marched() -> tuple[Game, int]:
    game, _ = act(
        e1(),
        "march",
        "red",
        from_area="l1",
        moves=[{"to_area": "l2", "units": ["red:knight:l1:1", "red:footman:l1:2"]}],
    )
    return game, game.state.combat.combat_id


def test_got_support_refusals_name_the_turn_the_side_and_the_areas() -> None:
    game, cid = e1_marched()
    assert refusal(decide(game, "declare_support", "red", combat_id=cid, side="attacker")) == [
        ("GOT-SUPPORT-3", "it is green's turn to declare support (l3), not 'red''s", {"field": "seat"})
    ]
    assert refusal(decide(game, "declare_support", "green", combat_id=cid, side="both")) == [
        ("GOT-SUPPORT-1", "side 'both' must be 'attacker' or 'defender'", {"field": "data.side"})
    ]
    assert refusal(decide(game, "declare_support", "green", combat_id=cid + 1, side="defender")) == [
        ("GOT-COMBAT-4", f"combat_id {cid + 1!r} is not the combat under way ({cid})", {"field": "data.combat_id"})
    ]
    assert refusal(decide(game, "declare_support", "green", combat_id=cid, side="defender", areas="l3")) == [
        ("GOT-SUPPORT-1", "areas 'l3' must list the supporting areas", {"field": "data.areas"})
    ]
    assert refusal(decide(game, "declare_support", "green", combat_id=cid, side="defender", areas=["l4"])) == [
        ("GOT-SUPPORT-1", "'green' has no Support order in 'l4'", {"field": "data.areas"})
    ]
    game, _ = act(game, "declare_support", "green", combat_id=cid, side="defender")
    assert refusal(decide(game, "declare_support", "red", combat_id=cid, side="defender")) == [
        ("GOT-X-5", "red is the attacker: it cannot support the defender", {"field": "data.side"})
    ]


def test_got_support_1_a_declaration_records_the_side_and_areas() -> None:
    game, cid = e1_marched()
    declared = decide(game, "declare_support", "green", combat_id=cid, side="defender")
    assert [(e.type, e.data["seat"], e.data["side"], e.data["areas"]) for e in declared.events] == [
        ("SupportDeclared", "green", "defender", ["l3"])
    ]
    assert [(t.rule_id, t.text) for t in declared.trace] == [("GOT-SUPPORT-1", "green supports the defender from l3")]
    refused = decide(game, "refuse_support", "green", combat_id=cid)
    assert [(e.type, e.data["seat"], e.data["areas"]) for e in refused.events] == [("SupportRefused", "green", ["l3"])]


# --- GOT-BLADE-1/3/5, TRACK-5 on E1: Red, 1st on Fiefdoms, holds the Blade and fights ---


def e1_cards_revealed() -> tuple[Game, int]:
    game, cid = e1_marched()
    game, _ = act(game, "declare_support", "green", combat_id=cid, side="defender")
    game, _ = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    return game, cid


def test_got_blade_5_the_blade_waits_for_the_cards() -> None:
    game, cid = e1_cards_revealed()
    assert refusal(decide(game, "use_blade", "red", combat_id=cid)) == [
        ("GOT-BLADE-5", "the Blade is used in step 4, after the cards and their first abilities", {})
    ]


def test_got_blade_3_the_holder_uses_or_declines_it_once() -> None:
    game, cid = e1_cards_revealed()
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})
    assert refusal(decide(game, "use_blade", "blue", combat_id=cid)) == [
        ("GOT-TRACK-5", "'blue' does not hold the Valyrian Steel Blade; red does", {"field": "seat"})
    ]
    used = decide(game, "use_blade", "red", combat_id=cid)
    assert (used.events[0].type, used.events[0].data["seat"]) == ("BladeUsed", "red")
    assert (used.trace[0].rule_id, used.trace[0].text) == ("GOT-BLADE-3", "red uses the Blade")
    declined = decide(game, "decline_blade", "red", combat_id=cid)
    assert (declined.events[0].type, declined.events[0].data["seat"]) == ("BladeDeclined", "red")
    assert (declined.trace[0].rule_id, declined.trace[0].text) == ("GOT-X-10", "red declines the Blade")


# --- GOT-CARD-3/X-8: abilities with a choice (the base game's Tyrion Lannister and Doran Martell) ---


def tyrion_revealed() -> tuple[Game, int]:
    game = card_game("lannister", "stark", ["knight"], ["footman"])
    game, _ = fight_with(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    return game, game.state.combat.combat_id


def _resolve(game: Game, seat: str, cid: int, card: str, choice: Any) -> Decision:
    return decide(game, "resolve_card_ability", seat, combat_id=cid, card=card, choice=choice)


def test_got_card_3_tyrion_sends_the_opponent_s_card_back_to_hand() -> None:
    """Tyrion: 「…对手必须选择另一张家族卡…」: Eddard goes back to Stark's hand; Stark plays another card."""
    game, cid = tyrion_revealed()
    cancelled = _resolve(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": True})
    resolved = dict(cancelled.events[0].data)
    assert (cancelled.events[0].type, resolved["card"], resolved["choice"], resolved["effects"]) == (
        "HouseCardAbilityResolved",
        "lannister_tyrion_lannister",
        {"cancel": True},
        ["stark_eddard_stark goes back to stark's hand"],
    )
    assert resolved["flags"]["card_withdrawn_from"] == "stark"
    assert cancelled.trace[0].text == "Tyrion Lannister: stark_eddard_stark goes back to stark's hand"
    kept = _resolve(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": False})
    assert dict(kept.events[0].data)["effects"] == []


def test_got_x_8_ability_refusals_name_the_card_and_the_choice() -> None:
    game, cid = tyrion_revealed()
    assert refusal(_resolve(game, "lannister", cid, "lannister_tyrion_lannister", {"cancel": "yes"})) == [
        ("GOT-CARD-3", "choice must be {cancel: true|false}", {"field": "data.choice"})
    ]
    assert refusal(_resolve(game, "stark", cid, "lannister_tyrion_lannister", {"cancel": True})) == [
        (
            "GOT-X-8",
            "'lannister_tyrion_lannister' is not 'stark''s card with an ability to resolve",
            {"field": "data.card"},
        )
    ]
    assert refusal(_resolve(game, "stark", cid, "stark_eddard_stark", {})) == [
        ("GOT-X-8", "Eddard Stark's ability does not resolve now (timing None)", {"field": "data.card"})
    ]


# --- the Blade's refusals (GOT-BLADE-2/5, X-10) and its event ---


def test_got_blade_3_the_blade_used_is_recorded_for_this_combat() -> None:
    game, cid = e1_cards_revealed()
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})
    used = decide(game, "use_blade", "red", combat_id=cid)
    assert dict(used.events[0].data) == {"round": 1, "combat_id": cid, "seat": "red"}
    assert refusal(decide(game, "use_blade", "red", combat_id=cid + 1)) == [
        ("GOT-COMBAT-4", f"combat_id {cid + 1!r} is not the combat under way ({cid})", {"field": "data.combat_id"})
    ]


def test_got_blade_5_the_blade_is_decided_once_per_combat() -> None:
    """GOT-BLADE-3/X-10: the holder uses or declines it; declined (still unused this round), it is not asked again.
    Stark (first on Fiefdoms) declines, Robb wins and Lannister's footman waits to retreat (c or d)."""
    game = card_game("stark", "lannister", ["knight", "knight"], ["footman"], blade_used=False)
    game, _ = fight_with(game, "stark", "lannister", "stark_robb_stark", "lannister_the_hound")
    cid = game.state.combat.combat_id
    game, _ = act(game, "decline_blade", "stark", combat_id=cid)
    assert refusal(decide(game, "use_blade", "stark", combat_id=cid)) == [
        ("GOT-BLADE-5", "the Blade was already decided for this combat", {})
    ]


def test_got_blade_2_the_blade_flipped_this_round_is_refused() -> None:
    """GOT-BLADE-2: once per round. Robb wins and Lannister's footman waits to retreat (c or d, Robb's choice)."""
    game = card_game("stark", "lannister", ["knight", "knight"], ["footman"], blade_used=True)
    game, _ = fight_with(game, "stark", "lannister", "stark_robb_stark", "lannister_the_hound")
    cid = game.state.combat.combat_id
    for kind in ("use_blade", "decline_blade"):
        assert refusal(decide(game, kind, "stark", combat_id=cid)) == [
            ("GOT-BLADE-2", "the Valyrian Steel Blade was already used this round", {})
        ]


def test_got_x_10_the_blade_waits_for_the_cancel_and_immediately_abilities() -> None:
    """GOT-X-8: steps 2 (cancel) and 3 (immediately) come before the Blade (step 4)."""
    step_4: list[tuple[str, str, dict[str, Any]]] = [
        ("GOT-BLADE-5", "the Blade is used in step 4, after the cards and their first abilities", {})
    ]
    game = card_game("lannister", "stark", ["knight"], ["footman"], blade_used=False)
    game, _ = fight_with(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    assert refusal(decide(game, "use_blade", "lannister", combat_id=game.state.combat.combat_id)) == step_4
    game = card_game("greyjoy", "stark", ["knight"], ["footman"], blade_used=False)
    game, _ = fight_with(game, "greyjoy", "stark", "greyjoy_aeron_damphair", "stark_ser_rodrik_cassel")
    assert refusal(decide(game, "use_blade", "greyjoy", combat_id=game.state.combat.combat_id)) == step_4


def test_got_x_10_a_holder_outside_the_combat_has_no_blade_to_use() -> None:
    """GOT-TRACK-5: Lannister, first on Fiefdoms, holds the Blade; Stark attacks Martell."""
    game = card_game("stark", "martell", ["knight"], ["footman"], blade_used=False)
    tracks = {track: ["lannister", "stark", "martell"] for track in ("iron_throne", "fiefdoms", "kings_court")}
    options = {**game.meta.options, "tracks": tracks, "kings_court_stars": [3, 2, 1]}
    game = new_game(game.state.board_document, ("stark", "martell", "lannister"), options)
    game, _ = fight_with(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_nymeria_sand")
    cid = game.state.combat.combat_id
    assert refusal(decide(game, "use_blade", "lannister", combat_id=cid)) == [
        ("GOT-X-10", "lannister is not fighting in this combat", {})
    ]
