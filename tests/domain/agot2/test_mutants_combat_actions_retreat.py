"""Retreat and casualty choices of agot2 (domain/rulesets/agot2/combat_actions.py, second file of
test_mutants_combat_actions.py) pinned where mutation testing found them loose (issue 18, point 4): the refusals
and recorded deviations with their rule ids, messages and fields, on the tables of
tests/domain/agot2/test_transcript_deviations.py and test_card_abilities.py.

Transcript table (test_transcript_deviations.py): Red's two knights (l1) beat Blue in l2, Blue supported from l3;
Blue's footmen l2:1 and l2:2 can be casualties (l2:3 is routed, GOT-ROUT-4; l3:1 supports, GOT-CASUALTY-4); one is
due. Next to l2: l1 (the march origin, GOT-RETREAT-4), l3 (Blue's), l4, l5; l6 and l7 are further away.

Supply table: the catalog's E6 (§6) with L23 and L24 left empty. Red's three footmen win L21 (7 against 6, the
Blade used); Blue's knight and footman retreat. Blue's supply is [3, 2] and it holds 3 footmen in L20 and one in
L22: both units into L22 make armies of 3 and 3, so L22 needs one of them destroyed first (GOT-RETREAT-5), while
L23 and L24 need none. GOT-X-17: „If some legal area needs no destruction, only those areas may be chosen”.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.examples import e6
from tests.domain.agot2.tables import act, board, combat_id, decide, new_game, only, seal, units
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


# --- GOT-RETREAT-5 / X-17: an area ruled out by the supply limit alone ---

L21_UNITS = ["blue:footman:l21:2", "blue:knight:l21:1"]
SUPPLY_LEGAL = "legal: l23, l24"


def e6_open_around(mode: str) -> Game:
    """E6 up to the retreat, with L23 and L24 empty: Red has won L21, Blue's two units there retreat."""
    attackers = ["red:footman:l19:1", "red:footman:l19:2", "red:footman:l19:3"]
    game, _ = act(e6(False, mode), "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": attackers}])
    game, _ = act(game, "declare_support", "blue", combat_id=combat_id(game), side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    game, _ = act(game, "use_blade", "red", combat_id=combat_id(game))
    assert (game.state.combat.result["winner"], game.state.combat.result["casualties_due"]) == ("red", 0)
    return game


def _events(decision: Decision) -> dict[str, dict[str, Any]]:
    return {e.type: dict(e.data) for e in decision.events}


def test_got_retreat_5_x_17_an_area_needing_a_destruction_is_refused_while_others_need_none() -> None:
    """X-17: L23 and L24 need no destruction, so L22 (one unit destroyed first) is not a legal choice, with or
    without the destruction it would need; L24 is, with both units and nothing destroyed."""
    game = e6_open_around("adjudicated")
    for destroy in ([], ["blue:footman:l21:2"]):
        assert refusal(
            decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l22", destroy=destroy)
        ) == [("GOT-RETREAT-5", f"'l22' is not a legal retreat; {SUPPLY_LEGAL}", {"field": "data.to_area"})]
    chosen = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l24")
    events = _events(chosen)
    assert (events["UnitsRetreated"]["units"], events["RetreatChosen"]["destroy"]) == (L21_UNITS, [])
    assert "UnitsDestroyed" not in events
    assert [t.text for t in chosen.trace if t.rule_id == "GOT-ROUT-1"] == [
        "blue:footman:l21:2, blue:knight:l21:1 retreat to l24 and are routed"
    ]


def test_got_retreat_5_a_transcript_retreat_into_the_supply_blocked_area_destroys_one_first() -> None:
    """A table that retreated into L22 anyway: recorded with GOT-RETREAT-5 broken; one unit must go first (3 and
    2 after it, within [3, 2]), the footman Blue names, and the knight alone is routed in L22 (GOT-ROUT-1)."""
    game = e6_open_around("transcript")
    footman = ["blue:footman:l21:2"]
    assert recorded(game, "choose_retreat", "blue", to_area="l22", destroy=footman) == [
        ("GOT-RETREAT-5", f"'l22' is not a legal retreat; {SUPPLY_LEGAL}", {"field": "data.to_area"})
    ]
    events = _events(decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l22", destroy=footman))
    assert (events["UnitsDestroyed"]["units"], events["UnitsDestroyed"]["reason"]) == (footman, "supply_limit")
    assert events["UnitsRetreated"]["units"] == ["blue:knight:l21:1"]
    assert events["UnitsRouted"] == {"round": 1, "seat": "blue", "area": "l22", "units": ["blue:knight:l21:1"]}


def test_got_retreat_5_a_transcript_retreat_destroying_other_than_the_supply_needs_names_the_number() -> None:
    """The supply needs exactly one unit destroyed before L22: none, or both, are recorded as broken."""
    game = e6_open_around("transcript")
    for destroy in ([], L21_UNITS):
        assert recorded(game, "choose_retreat", "blue", to_area="l22", destroy=destroy) == [
            ("GOT-RETREAT-5", f"'l22' is not a legal retreat; {SUPPLY_LEGAL}", {"field": "data.to_area"}),
            (
                "GOT-RETREAT-5",
                f"destroy exactly 1 of the retreating units ({', '.join(L21_UNITS)}) before retreating to l22; "
                f"got {destroy!r}",
                {"field": "data.destroy"},
            ),
        ]


def test_got_x_2_a_transcript_retreat_destroying_every_unit_leaves_the_area_to_the_winner() -> None:
    """Both retreating units destroyed: nothing retreats or is routed, and Red's footmen move into L21 (X-2)."""
    game = e6_open_around("transcript")
    events = _events(
        decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l22", destroy=L21_UNITS)
    )
    assert events["UnitsDestroyed"]["units"] == L21_UNITS
    assert "UnitsRetreated" not in events and "UnitsRouted" not in events
    assert (events["UnitsMovedIn"]["from_area"], events["UnitsMovedIn"]["to_area"]) == ("l19", "l21")


# --- GOT-X-18: a retreat along the loser's ships, off the legal list by supply ---


def beaten_next_to_its_ship(mode: str) -> Game:
    """Red's two knights (l1) beat Blue's two footmen in l2 (red_c3 against blue_c1, no sword). Next to l2: l3
    and l4 (empty) and sea s1, where Blue's ship lies; beyond s1, l9 holds a Blue footman. Blue's supply is [2]."""
    areas = {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "l9": "land", "s1": "sea"}
    edges = [("l1", "l2"), ("l2", "l3"), ("l2", "l4"), ("l2", "s1"), ("s1", "l9")]
    game = deviations._game(
        mode,
        areas,
        edges,
        units("red", "l1", "knight", "knight")
        + units("blue", "l2", "footman", "footman")
        + units("blue", "s1", "ship")
        + units("blue", "l9", "footman", first=3),
        [("l1", "red", "march_0")],
        supply_limits={"blue": [2]},
    )
    knights = ["red:knight:l1:1", "red:knight:l1:2"]
    game = deviations._act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": knights}])
    return deviations._fight(game, "red_c3", "blue_c1")


def test_got_x_18_retreat_5_a_transcript_retreat_across_the_loser_s_ship_records_the_ship_s_sea() -> None:
    """X-18: land units may retreat „to a land area reached through a chain of sea areas … each holds at least
    one ship of the retreating seat”: l9, across s1. With its footman there both footmen make 3 > [2], and l3 and
    l4 need no destruction (X-17), so l9 is refused; a transcript records it with one footman destroyed first and
    the retreat's `via` [s1]."""
    message = [("GOT-RETREAT-5", "'l9' is not a legal retreat; legal: l3, l4", {"field": "data.to_area"})]
    adjudicated = beaten_next_to_its_ship("adjudicated")
    first = ["blue:footman:l2:1"]
    assert (
        refusal(decide(adjudicated, "choose_retreat", "blue", combat_id=combat_id(adjudicated), to_area="l9"))
        == message
    )
    game = beaten_next_to_its_ship("transcript")
    decision = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="l9", destroy=first)
    assert refusal(decision) == message
    chosen = only(decision, "RetreatChosen")
    assert (chosen["to_area"], chosen["via"], chosen["destroy"]) == ("l9", ["s1"], first)
    assert only(decision, "UnitsRetreated")["units"] == ["blue:footman:l2:2"]
