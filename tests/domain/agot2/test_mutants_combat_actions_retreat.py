"""Retreat and casualty choices of agot2 (domain/rulesets/agot2/combat_actions.py, second file of
test_mutants_combat_actions.py) pinned where mutation testing found them loose (issue 18, point 4): the refusals
and recorded deviations with their rule ids, messages and fields, on the tables of
tests/domain/agot2/test_transcript_deviations.py and test_card_abilities.py.

Transcript table (test_transcript_deviations.py): Red's two knights (l1) beat Blue in l2, Blue supported from l3;
Blue's footmen l2:1 and l2:2 can be casualties (l2:3 is routed, GOT-ROUT-4; l3:1 supports, GOT-CASUALTY-4); one is
due. Next to l2: l1 (the march origin, GOT-RETREAT-4), l3 (Blue's), l4, l5; l6 and l7 are further away.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import board, combat_id, decide, new_game, only, seal, units
from tests.domain.agot2.test_card_abilities import _fight as fight_with
from tests.domain.agot2.test_card_abilities import _game as card_game
from tests.domain.agot2.test_mutants_combat_actions import refusal

LEGAL = "legal: l3, l4, l5"


def beaten_in_l2(mode: str, **options: Any) -> Game:
    """Red's two knights beat Blue's two footmen in l2 (no support); Blue has lost one and now retreats."""
    game = deviations._game(
        mode,
        deviations.FIGHT_AREAS,
        deviations.FIGHT_EDGES,
        units("red", "l1", "knight", "knight") + units("blue", "l2", "footman", "footman"),
        [("l1", "red", "march_0")],
        **options,
    )
    game = deviations._act(game, "march", "red", **deviations.ATTACK)
    game = deviations._fight(game, "red_c3s1", "blue_c1")
    return deviations._act(game, "choose_casualties", "blue", combat_id=combat_id(game), units=["blue:footman:l2:1"])


def recorded(game: Game, kind: str, seat: str, **data: Any) -> list[tuple[str, str, dict[str, Any]]]:
    """The deviations a transcript records with the action (it must record events too)."""
    decision = decide(game, kind, seat, combat_id=combat_id(game), **data)
    assert decision.events, decision
    return refusal(decision)


def test_got_casualty_1_3_4_rout_4_deviations_name_the_units_and_the_eligible_ones() -> None:
    game = deviations._lost_defence("transcript")
    eligible = "eligible: blue:footman:l2:1, blue:footman:l2:2"
    assert recorded(game, "choose_casualties", "blue", units=[]) == [
        ("GOT-CASUALTY-1", "choose exactly 1 unit(s), got []", {"field": "data.units"})
    ]
    assert recorded(game, "choose_casualties", "blue", units=["blue:footman:l3:1"]) == [
        ("GOT-CASUALTY-4", f"'blue:footman:l3:1' cannot be a casualty; {eligible}", {"field": "data.units"})
    ]
    assert recorded(game, "choose_casualties", "blue", units=["blue:footman:l2:3"]) == [
        ("GOT-ROUT-4", f"'blue:footman:l2:3' cannot be a casualty; {eligible}", {"field": "data.units"})
    ]
    assert recorded(game, "choose_casualties", "red", units=["blue:footman:l2:1"]) == [
        ("GOT-CASUALTY-3", "blue chooses its own casualties, not 'red'", {"field": "seat"})
    ]


def test_got_combat_5_no_retreat_before_the_casualties() -> None:
    """GOT-X-8: casualties (step 8) come before the retreat (step 9)."""
    game = deviations._lost_defence("adjudicated")
    cid = combat_id(game)
    assert refusal(decide(game, "choose_retreat", "blue", combat_id=cid, to_area="l5")) == [
        ("GOT-COMBAT-5", "no retreat is being chosen now", {})
    ]
    for kind, data in (("choose_retreat", {"to_area": "l5"}), ("choose_casualties", {"units": []})):
        assert refusal(decide(game, kind, "blue", combat_id=cid + 1, **data)) == [
            ("GOT-COMBAT-4", f"combat_id {cid + 1} is not the combat under way ({cid})", {"field": "data.combat_id"})
        ]


def test_got_retreat_3_4_5_x_17_deviations_name_the_legal_areas() -> None:
    game = deviations._retreating("transcript")
    assert recorded(game, "choose_retreat", "blue", to_area="l1") == [
        ("GOT-RETREAT-4", f"'l1' is not a legal retreat; {LEGAL}", {"field": "data.to_area"})
    ]
    assert recorded(game, "choose_retreat", "blue", to_area="l6") == [
        ("GOT-RETREAT-3", f"'l6' is not a legal retreat; {LEGAL}", {"field": "data.to_area"})
    ]
    assert recorded(game, "choose_retreat", "red", to_area="l5") == [
        ("GOT-X-17", "blue chooses this retreat, not 'red'", {"field": "seat"})
    ]
    destroy = ["blue:footman:l2:2"]
    message = f"destroy exactly 0 of the retreating units (blue:footman:l2:2) before retreating to l4; got {destroy!r}"
    assert recorded(game, "choose_retreat", "blue", to_area="l4", destroy=destroy) == [
        ("GOT-RETREAT-5", message, {"field": "data.destroy"})
    ]
    chosen = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l6")
    assert only(chosen, "RetreatChosen")["via"] == []


def test_got_x_2_a_retreat_into_the_march_origin_stays_refused_when_the_winner_does_not_move_in() -> None:
    """GOT-X-1: with the option `winner_moves_in` off (GOT-X-2), Red's knights stay in l1: no retreat ends there,
    even in a transcript."""

    game = beaten_in_l2("transcript", winner_moves_in=False)
    refused = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l1")
    assert [v.rule_id for v in refused.violations] == ["GOT-RETREAT-4"] and not refused.events


def test_got_x_20_no_retreat_ends_on_a_neutral_force_token() -> None:
    """GOT-X-20: the neutral force in l4 keeps Blue out; l3 and l5 stay legal."""
    game = beaten_in_l2("adjudicated", position={"neutral_forces": [{"area": "l4", "strength": 5}]})
    message = "'l4' holds a neutral force token: no retreat ends there; legal: l3, l5"
    assert refusal(decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l4")) == [
        ("GOT-X-20", message, {"field": "data.to_area"})
    ]


def test_got_retreat_8_2_land_units_never_retreat_to_sea() -> None:
    """GOT-RETREAT-8, cited with GOT-RETREAT-2: Lannister's footman loses b to Eddard (4 + 2 knights) and retreats;
    `s` is a sea area next to b; c and d are the legal land areas (a is the march origin)."""
    game = card_game("stark", "lannister", ["knight", "knight"], ["footman"])
    game, _ = fight_with(game, "stark", "lannister", "stark_eddard_stark", "lannister_the_hound")
    message = "land units cannot retreat into the sea area 's'; legal: c, d"
    assert refusal(decide(game, "choose_retreat", "lannister", combat_id=combat_id(game), to_area="s")) == [
        ("GOT-RETREAT-8", message, {"field": "data.to_area"}),
        ("GOT-RETREAT-2", message, {"field": "data.to_area"}),
    ]


def test_got_retreat_8_2_ships_never_retreat_to_land() -> None:
    """GOT-RETREAT-8: Stark's ship loses s2 to two Lannister ships and retreats to s3 or s4, not to the land `l`."""
    b = board(
        {"s1": "sea", "s2": "sea", "s3": "sea", "s4": "sea", "l": "land"},
        [("s1", "s2"), ("s2", "s3"), ("s2", "s4"), ("s2", "l")],
    )
    position = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": units("lannister", "s1", "ship", "ship") + units("stark", "s2", "ship"),
        "orders": [
            {"area": "s1", "seat": "lannister", "token": "march_0"},
            {"area": "s2", "seat": "stark", "token": "defense_plus1_a"},
        ],
    }
    game = new_game(b, ("lannister", "stark"), {"kings_court_stars": [3, 2], "position": position})
    moves = [{"to_area": "s2", "units": ["lannister:ship:s1:1", "lannister:ship:s1:2"]}]
    game = deviations._act(game, "march", "lannister", from_area="s1", moves=moves)
    cards = {"lannister": {"card": "lannister_the_hound"}, "stark": {"card": "stark_ser_rodrik_cassel"}}
    game, _ = seal(game, "house_card", cards)
    assert refusal(decide(game, "choose_retreat", "stark", combat_id=combat_id(game), to_area="s1")) == [
        ("GOT-RETREAT-4", "'s1' is not a legal retreat; legal: s3, s4", {"field": "data.to_area"})
    ]
    message = "ships cannot retreat into the land area 'l'; legal: s3, s4"
    assert refusal(decide(game, "choose_retreat", "stark", combat_id=combat_id(game), to_area="l")) == [
        ("GOT-RETREAT-8", message, {"field": "data.to_area"}),
        ("GOT-RETREAT-2", message, {"field": "data.to_area"}),
    ]


def test_got_x_1_arianne_keeps_the_attackers_in_their_origin_so_no_retreat_ends_there() -> None:
    """Arianne Martell: "If you defend and lose, the attacking units may not enter the embattled area and go back to
    the area they marched from": Stark's knights stay in a, so Martell's footman cannot retreat there even in a
    transcript (GOT-X-1). Stark: 2 knights 4 + March 0 + Rodrik 1 = 5 against footman 1 + Defense 1 + Arianne 1."""
    adjudicated = card_game("stark", "martell", ["knight", "knight"], ["footman"])
    game = new_game(adjudicated.state.board_document, ("stark", "martell"), adjudicated.meta.options, "transcript")
    game, _ = fight_with(game, "stark", "martell", "stark_ser_rodrik_cassel", "martell_arianne_martell")
    if game.state.combat.result is None:  # a transcript waits for the Blade holder's word (GOT-BLADE-2)
        game = deviations._act(game, "decline_blade", "stark", combat_id=combat_id(game))
    refused = decide(game, "choose_retreat", "martell", combat_id=combat_id(game), to_area="a")
    assert refusal(refused) == [("GOT-RETREAT-4", "'a' is not a legal retreat; legal: c, d", {"field": "data.to_area"})]
    assert not refused.events
