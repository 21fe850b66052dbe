"""A Game of Thrones refusals in a combat's later steps cite the rule that bars them (issue 17, point 4): house
cards, the Blade of a seat not fighting, support from an ineligible area, casualties, retreats and the owners'
card-ability choices.

Positions come from the rule tests' own builders: `test_transcript_deviations` (Red's two knights beat Blue in
l2; one casualty due of two eligible footmen, one more footman routed, Blue supported from l3) and
`test_card_abilities` (an attacker in a beats the defender in b, a castle next to c, d and the seas).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from domain.platform import decide_seal
from domain.rulesets.agot2 import AGOT2
from tests.domain.agot2.tables import SALT, act, combat_id, decide, open_round, units
from tests.domain.agot2.test_card_abilities import (
    _doran_defends,
    _fight,
    _game,
    _patchface_fights,
    _renly_wins,
    cersei_wins,
)
from tests.domain.agot2.test_qa_rulings import _robb_wins
from tests.domain.agot2.test_transcript_deviations import (
    FIGHT_AREAS,
    FIGHT_EDGES,
    RBG,
    _lost_defence,
    _retreating,
    _support_game,
)
from tests.domain.agot2.test_transcript_deviations import _game as _table
from tests.domain.citations.cited import Path, citing
from tests.domain.citations.paths_agot2 import AGOT2 as INVENTORY

cites = citing(INVENTORY, events=False)


def _in(game: Game, kind: str, seat: str, **data: Any) -> Decision:
    return decide(game, kind, seat, combat_id=combat_id(game), **data)


def test_robb_starks_retreat_losses_refused_got_x_17_unless_the_loser_names_them_got_retreat_5_as_due() -> None:
    """GOT-X-17: after Robb Stark wins, the loser names the units its retreat costs and the winner only the area;
    GOT-RETREAT-5: exactly as many as the supply limit demands (1 of Lannister's 3 footmen)."""
    game = _robb_wins(supply_limits={"lannister": [3, 2]})
    path: Path = ("GOT-X-17", "combat_actions:_losses_first")
    one = ["lannister:footman:b:1"]
    cites(path, _in(game, "choose_retreat", "stark", destroy=one), "GOT-X-17")
    cites(path, _in(game, "choose_retreat", "lannister", to_area="x", destroy=one), "GOT-X-17")
    two = _in(game, "choose_retreat", "lannister", destroy=[*one, "lannister:footman:b:2"])
    cites(("GOT-RETREAT-5", "combat_actions:_losses_first"), two, "GOT-RETREAT-5")


def test_house_card_refused_got_card_1_when_not_in_hand_and_got_card_3_when_sent_back() -> None:
    """GOT-CARD-1: each player "secretly chooses one House card from his hand"; GOT-CARD-3: Tyrion's ability
    cancels the opponent's card, which goes back to hand — "play a different card"."""
    game = _game("lannister", "stark", ["knight"], ["footman"])
    game, _ = act(
        game, "march", "lannister", from_area="a", moves=[{"to_area": "b", "units": ["lannister:knight:a:1"]}]
    )
    cards = open_round(game, "house_card")
    not_held, _ = decide_seal(AGOT2, game, "stark", cards.round, {"card": "lannister_tywin_lannister"}, SALT)
    cites(("GOT-CARD-1", "card_choices:card_errors"), not_held, "GOT-CARD-1")
    game = _game("lannister", "stark", ["knight"], ["footman"])
    game, _ = _fight(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    cancel = {"card": "lannister_tyrion_lannister", "choice": {"cancel": True}}
    game, _ = act(game, "resolve_card_ability", "lannister", combat_id=combat_id(game), **cancel)
    again = open_round(game, "house_card")
    sent_back, _ = decide_seal(AGOT2, game, "stark", again.round, {"card": "stark_eddard_stark"}, SALT)
    cites(("GOT-CARD-3", "card_choices:card_errors"), sent_back, "GOT-CARD-3")


def test_blade_refused_got_x_10_when_its_holder_is_not_fighting() -> None:
    """GOT-X-10: the Valyrian Steel Blade serves its holder "in a combat he is part of" — Green holds it (first on
    the Fiefdoms track) while Red fights Blue."""
    tracks = {"iron_throne": list(RBG), "fiefdoms": ["green", "red", "blue"], "kings_court": list(RBG)}
    game = _table(
        "adjudicated",
        FIGHT_AREAS,
        FIGHT_EDGES,
        units("red", "l1", "knight") + units("blue", "l2", "footman") + units("green", "l7", "footman"),
        [("l1", "red", "march_0")],
        seats=RBG,
        tracks=tracks,
    )
    game, _ = act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}])
    cites(("GOT-X-10", "combat_actions:blade"), _in(game, "use_blade", "green"), "GOT-X-10")


def test_support_refused_got_support_9_when_the_named_area_is_not_adjacent_to_the_combat() -> None:
    """GOT-SUPPORT-9: a Support order supports combats "in adjacent areas" — Red's l4 does not border l2."""
    make = _support_game((units("red", "l4", "knight"), ("l4", "red", "support_0_b")))
    declared = _in(make("adjudicated"), "declare_support", "red", side="attacker", areas=["l4", "l5"])
    cites(("rule", "combat_support:declare_support"), declared, "GOT-SUPPORT-9")


def test_casualties_refused_citing_the_rule_each_choice_breaks() -> None:
    """GOT-CASUALTY-1: the loser destroys exactly the due number (one here); GOT-CASUALTY-3: "the losing player
    chooses" them, not Red; GOT-CASUALTY-4: only units in the embattled area — not Blue's supporter in l3;
    GOT-ROUT-4: a routed unit is no casualty."""
    game = _lost_defence("adjudicated")
    cites(
        ("GOT-CASUALTY-1", "combat_actions:choose_casualties"),
        _in(game, "choose_casualties", "blue", units=[]),
        "GOT-CASUALTY-1",
    )
    twice = ["blue:footman:l2:1", "blue:footman:l2:1"]
    cites(
        ("GOT-CASUALTY-1", "combat_actions:choose_casualties"),
        _in(game, "choose_casualties", "blue", units=twice),
        "GOT-CASUALTY-1",
    )
    by_red = _in(game, "choose_casualties", "red", units=["blue:footman:l2:2"])
    cites(("GOT-CASUALTY-3", "combat_actions:choose_casualties"), by_red, "GOT-CASUALTY-3")
    path: Path = ("rule", "combat_actions:choose_casualties")
    cites(path, _in(game, "choose_casualties", "blue", units=["blue:footman:l3:1"]), "GOT-CASUALTY-4")
    cites(path, _in(game, "choose_casualties", "blue", units=["blue:footman:l2:3"]), "GOT-ROUT-4")


def test_retreat_refused_citing_the_rule_each_choice_breaks() -> None:
    """GOT-X-17: the loser chooses the retreat (Red, the winner, may not); GOT-RETREAT-4: never into the area the
    attacker marched from (l1); GOT-RETREAT-3: to an adjacent area it may enter — not Red's l7; GOT-RETREAT-5:
    units are destroyed only when supply demands it (l4 needs none)."""
    game = _retreating("adjudicated")
    cites(("GOT-X-17", "combat_actions:choose_retreat"), _in(game, "choose_retreat", "red", to_area="l5"), "GOT-X-17")
    path: Path = ("rule", "combat_actions:_retreat_as_played")
    cites(path, _in(game, "choose_retreat", "blue", to_area="l1"), "GOT-RETREAT-4")
    cites(path, _in(game, "choose_retreat", "blue", to_area="l7"), "GOT-RETREAT-3")
    needless = _in(game, "choose_retreat", "blue", to_area="l4", destroy=["blue:footman:l2:2"])
    cites(("GOT-RETREAT-5", "combat_actions:_retreat_as_played"), needless, "GOT-RETREAT-5")
    foreign = _in(game, "choose_retreat", "blue", to_area="l4", destroy=["red:knight:l1:1"])
    cites(("GOT-RETREAT-5", "combat_actions:_retreat_as_played"), foreign, "GOT-RETREAT-5")


def _ability(game: Game, seat: str, card: str, choice: Any) -> Decision:
    return _in(game, "resolve_card_ability", seat, card=card, choice=choice)


def test_card_ability_choices_refused_citing_the_tier_rule_of_the_card() -> None:
    """GOT-CARD-3 (tier 1, "ignore/cancel"): Tyrion cancels or not — yes or no; GOT-X-8: an ability resolves by its
    owner, in its turn (Eddard has none to resolve; Tyrion's is not Stark's), and Aeron's owner replaces him or
    not; Cersei removes an order of the opponent's only."""
    game = _game("lannister", "stark", ["knight"], ["footman"])
    game, _ = _fight(game, "lannister", "stark", "lannister_tyrion_lannister", "stark_eddard_stark")
    tyrion = "lannister_tyrion_lannister"
    cites(
        ("GOT-CARD-3", "card_choices:_cancel_opponent_card"),
        _ability(game, "lannister", tyrion, {"cancel": "yes"}),
        "GOT-CARD-3",
    )
    x8: Path = ("GOT-X-8", "card_choices:resolve_card_ability")
    cites(x8, _ability(game, "stark", "stark_eddard_stark", {}), "GOT-X-8")
    cites(x8, _ability(game, "stark", tyrion, {"cancel": True}), "GOT-X-8")
    aeron = _game("greyjoy", "stark", ["knight"], ["footman"])
    aeron, _ = _fight(aeron, "greyjoy", "stark", "greyjoy_aeron_damphair", "stark_ser_rodrik_cassel")
    replace: Path = ("GOT-X-8", "card_choices:_replace_own_card")
    cites(replace, _ability(aeron, "greyjoy", "greyjoy_aeron_damphair", {"replace": "please"}), "GOT-X-8")
    cersei, _ = cersei_wins()
    remove: Path = ("rule", "card_choices:_remove_opponent_order")
    # Cersei's "if you win" is GOT-CARD-5's tier: her refused choice cites it, as Renly's and Doran's do
    cites(remove, _ability(cersei, "lannister", "lannister_cersei_lannister", {"area": "a"}), "GOT-CARD-5")


def test_card_ability_targets_refused_citing_the_tier_rule_of_the_card() -> None:
    """GOT-CARD-5 (tier 3, "win/lose" effects): Renly upgrades one of his owner's footmen, not Stark's; GOT-X-8
    (after combat, and "immediately"): Patchface discards from the opponent's hand, Doran names an influence
    track."""
    renly, _ = _renly_wins()
    upgrade = _ability(renly, "baratheon", "baratheon_renly_baratheon", {"unit": "stark:footman:b:1"})
    cites(("rule", "card_choices:_upgrade_footman"), upgrade, "GOT-CARD-5")
    patchface, _ = _patchface_fights()
    discard = _ability(patchface, "baratheon", "baratheon_patchface", {"card": "stark_eddard_stark"})
    cites(("rule", "card_choices:_discard_from_opponent_hand"), discard, "GOT-X-8")
    doran, _ = _doran_defends()
    track = _ability(doran, "martell", "martell_doran_martell", {"track": "navy"})
    cites(("rule", "card_choices:_opponent_to_track_bottom"), track, "GOT-X-8")


def test_manual_card_ability_refused_got_x_8_when_its_recorded_choice_is_not_an_object() -> None:
    """GOT-X-8 (option `engine_card_abilities` false, as in games recorded before the engine decided Renly): the
    owner records the ability's choice as an object and enters its effects by hand; a bare string is refused."""
    renly, _ = _renly_wins(options={"engine_card_abilities": False})
    recorded = _ability(renly, "baratheon", "baratheon_renly_baratheon", "upgrade the footman")
    cites(("GOT-X-8", "card_choices:_manual"), recorded, "GOT-X-8")


def test_retreat_of_footmen_into_a_sea_area_cites_got_retreat_8_then_the_got_retreat_2_umbrella() -> None:
    """GOT-RETREAT-8, seed 001: 「步兵和骑士不能撤退至海域或港口」 — Stark's footman, beaten in b by Ser Loras, may
    retreat to c or d, not into the sea area s; GOT-RETREAT-2 (the defender retreats under RETREAT-3..9) follows."""
    game = _game("tyrell", "stark", ["knight", "knight"], ["footman"])
    game, _ = _fight(game, "tyrell", "stark", "tyrell_ser_loras_tyrell", "stark_catelyn_stark")
    to_sea = _in(game, "choose_retreat", "stark", to_area="s")
    cites(("GOT-RETREAT-2", "combat_actions:_retreat_as_played"), to_sea, "GOT-RETREAT-8", "GOT-RETREAT-2")


def test_retreat_chosen_by_a_losing_attacker_refused_got_retreat_1() -> None:
    """GOT-RETREAT-1: a losing attacker's units go back to the area they marched from — there is nothing to choose.
    Baratheon's lone footman attacks with Patchface (0) and loses to Eddard Stark (2 swords): the footman falls,
    and the combat waits for Patchface's after-combat discard, when Baratheon tries to choose a retreat."""
    game = _game("baratheon", "stark", ["footman"], ["footman"])
    game, _ = _fight(game, "baratheon", "stark", "baratheon_patchface", "stark_eddard_stark")
    assert game.state.combat.result["loser"] == "baratheon" and game.state.combat.cleaned_up
    chosen = _in(game, "choose_retreat", "baratheon", to_area="a")
    cites(("GOT-RETREAT-1", "combat_actions:choose_retreat"), chosen, "GOT-RETREAT-1")
