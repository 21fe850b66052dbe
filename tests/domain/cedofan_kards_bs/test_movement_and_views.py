"""Movement details (KBS-MOV-4/5, KBS-AMB-21/22), the no-board game, views and notation of cedofan_kards_bs."""

from __future__ import annotations

from domain.kernel import Action, Authority, Event, Inputs, Viewer, fold, start
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs.builders import (
    HOMES,
    army,
    at_turn,
    board_doc,
    city,
    created,
    events_of,
    given,
    play,
    refused_by,
    when,
)

NOW_INPUTS = Inputs("2026-01-01T12:00:00Z")


def when_action(action_type: str, seat: str, **data: object) -> Action:
    """An action as a transcript's recorder enters it."""
    return Action(action_type, seat, dict(data), Authority.RECORDER)


TWO = {
    "z": {"capital": "c-z", "ruler": "jaromir", "supplies": 20, "influence": 5},
    "r": {"capital": "c-r", "ruler": "robert", "supplies": 20, "influence": 5},
}


def _board() -> dict[str, object]:
    return board_doc(
        regions={"r-z": {}, "r-r": {}, "r-w": {"wild_tribes": True}, "r-x": {"impassable_swamp": True}},
        cities={"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")},
        land=[("r-z", "r-r"), ("r-r", "r-w"), ("r-w", "r-x")],
        factions=TWO,
        armies=[army("home", "r", "c-r", ["robert", "rim"], army=4), army("zz", "z", "r-z", ["jaromir"], army=1)],
    )


def test_leaving_a_city_costs_a_step_and_wild_tribes_double_it_when_an_army_marches() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    moved = events_of(when(game, "move_army", "r", army="home", path=["r-r", "r-w"]), "ArmyMoved")[0]
    assert moved["cost"] == 2 + 4  # 6 movement units (4 + two leader figures): 2 per step, doubled into wild tribes
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-r", "r-w", "r-x"])) == "KBS-MOV-6"
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-w"])) == "KBS-AMB-22"
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-r", "r-z", "c-z"])) == "KBS-CTY-2"
    assert refused_by(when(game, "move_army", "r", army="zz", path=["r-r"])) == "KBS-MOV-1"


def test_kbs_mov_5_kbs_mov_7_kbs_mov_8_are_cited_when_they_price_a_march_a_joint_entry_an_attack_or_a_voyage() -> None:
    """KBS-MOV-5: „platí dvojnásobek zásob" into wild tribes; KBS-MOV-7: „se zásobami jen pro lodě", KBS-MOV-8: the
    ships carry the rest. Stepping r-r → r-w costs ceil(n/5) × 2; two ships and 3 army units sail for ceil(2/5) = 1."""
    board = board_doc(
        regions={"r-z": {}, "r-r": {}, "r-w": {"wild_tribes": True}},
        cities={"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")},
        land=[("r-z", "r-r"), ("r-r", "r-w"), ("r-z", "r-w")],
        sea=[("r-z", "s1")],
        seas=["s1"],
        factions=TWO,
        armies=[
            army("rr", "r", "r-r", army=2),
            army("rz", "r", "r-z", army=2, ship=2),
            army("zw", "z", "r-w", army=1),
        ],
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"))
    march = events_of(when(game, "move_army", "r", army="rr", path=["r-w"]), "ArmyMoved")[0]
    assert (march["cost"], march["rule_ids"]) == (2, ["KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4", "KBS-MOV-5"])
    plain = events_of(when(game, "move_army", "r", army="rr", path=["r-z"]), "ArmyMoved")[0]
    assert (plain["cost"], plain["rule_ids"]) == (1, ["KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4"])
    joint = events_of(when(game, "enter_jointly", "r", armies=["rr", "rz"], to="r-w"), "ArmiesEnteredJointly")[0]
    assert (joint["cost"], joint["rule_ids"]) == (2 + 2, ["KBS-MOV-10", "KBS-MOV-2", "KBS-MOV-5"])
    attack = events_of(when(game, "attack", "r", dice=[6, 1], army="rr", to="r-w"), "AttackDeclared")[0]
    assert (attack["cost"], attack["rule_ids"]) == (2, ["KBS-MOV-2", "KBS-MOV-5", "KBS-AMB-10"])
    voyage = events_of(when(game, "move_army", "r", army="rz", path=["s1"]), "ArmyMoved")[0]
    assert (voyage["cost"], voyage["rule_ids"]) == (
        1,
        ["KBS-MOV-2", "KBS-MOV-3", "KBS-MOV-4", "KBS-MOV-7", "KBS-MOV-8"],
    )


def test_only_the_highest_leader_bonus_counts_when_two_leaders_lead_one_army() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    game = fold(KBS, when(game, "move_army", "r", army="home", path=["r-r"]).events, None, start_from=game)
    battle = events_of(when(game, "attack", "r", dice=[1, 1], army="home", to="r-z"), "BattleResolved")[0]
    assert battle["bonus"] == [3, 1]  # Robert and Rim are both +3: one general counts (KBS-AMB-21)


def test_a_move_beyond_the_treasury_breaks_kbs_mov_2_when_the_path_costs_more_than_the_supplies() -> None:
    poor = {**TWO, "r": {**TWO["r"], "supplies": 5}}
    board = board_doc(
        regions={"r-z": {}, "r-r": {}, "r-w": {"wild_tribes": True}},
        cities={"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")},
        land=[("r-z", "r-r"), ("r-r", "r-w")],
        factions=poor,
        armies=[army("home", "r", "c-r", ["robert", "rim"], army=4)],
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"))
    decision = when(game, "move_army", "r", army="home", path=["r-r", "r-w"])
    # The move is a fact with a violation: refused when adjudicated, a deviation in a transcript.
    assert [v.rule_id for v in decision.violations] == ["KBS-MOV-2"]
    assert "costs 6 supplies; 'r' has 5" in decision.violations[0].message
    assert events_of(decision, "ArmyMoved")[0]["cost"] == 6


def test_every_action_is_refused_naming_the_missing_board_when_a_game_has_none() -> None:
    game = start(KBS, created({}, ("z", "r")), None)
    assert refused_by(when(game, "start_round", None)) == "KBS-AMB-22"


def test_views_are_identical_for_every_viewer_and_list_the_table_when_read() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    seat, spectator = KBS.view(game.state, Viewer("z")), KBS.view(game.state, Viewer(None))
    assert seat == spectator
    assert seat["armies"]["home"]["movement_units"] == 6
    assert seat["factions"]["r"]["cities"] == ["c-r"] and seat["factions"]["r"]["may_win"] is True
    assert seat["cities"]["c-z"]["capital_of"] == "z"


def test_one_readable_line_per_event_when_noted() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    decision = when(game, "move_army", "r", army="home", path=["r-r"])
    assert KBS.notation(decision.events[0], game.state) == "r: Robert and Rim's army moves from c-r to r-r (2 supplies)"
    assert KBS.notation(Event("ArmyMoved", {"army": 1}), game.state) == "ArmyMoved"  # malformed: named by type
    assert KBS.notation(Event("RoundStarted", {"round": 3}), game.state) == "round 3 begins"


def test_siege_breaks_when_a_transcript_records_a_part_sent_away_that_leaves_the_besiegers_too_weak() -> None:
    """KBS-SIE-4: „Pokud se sníží BS pod BS obránců, tak je obléhání přerušeno a jednotky se stahují do správní
    oblasti mimo město." — a transcript records the split with the deviation, and the siege breaks with it."""
    board = board_doc(
        regions={"r-z": {}, "r-r": {}, "r-c": {}},
        cities={**_board_cities(), "c": city("r-c", "r")},
        land=[("r-z", "r-c"), ("r-c", "r-r")],
        factions=TWO,
        armies=[army("zs", "z", "r-c", army=6), army("rg", "r", "c", army=2)],
    )
    siege = Event("SiegeStarted", {"seat": "z", "army": "zs", "city": "c", "round": 1, "cost": 1})
    game = given(board, ("z", "r"), *at_turn(1, "z"), siege)

    decision = KBS.decide(game, when_action("move_army", "z", army="zs", path=["r-z"], units={"army": 5}), NOW_INPUTS)

    assert [v.rule_id for v in decision.violations] == ["KBS-SIE-4", "KBS-AMB-4"]
    assert [e.type for e in decision.events] == ["ArmySplit", "ArmyMoved", "SiegeBroken"]
    after = fold(KBS, decision.events, None, start_from=game).state
    assert "c" not in after.sieges and after.armies["zs"].units == {"army": 1}
    assert after.armies["placed-1"].at == "r-z"


def test_an_old_army_moved_event_without_split_fields_still_folds() -> None:
    game = given(_split_board(), ("z", "r"), *at_turn(1, "z"))
    moved = Event("ArmyMoved", {"seat": "z", "army": "za", "from": "r-z", "path": ["r-r"], "to": "r-r", "cost": 1})

    after = fold(KBS, (moved,), None, start_from=game).state

    assert after.armies["za"].at == "r-r" and after.armies["za"].units == {"army": 3}
    assert events_of(when(game, "move_army", "z", army="za", path=["r-r"]), "ArmySplit") == []


def _board_cities() -> dict[str, dict[str, object]]:
    return {"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")}


def _split_board() -> dict[str, object]:
    return board_doc(
        regions={"r-z": {}, "r-r": {}},
        cities=_board_cities(),
        land=[("r-z", "r-r")],
        factions=TWO,
        armies=[army("za", "z", "r-z", ["jaromir"], army=3)],
    )


def test_kbs_amb_22_an_army_at_sea_fights_no_battle_until_it_lands() -> None:
    """KBS-AMB-22: a battle's field is a region; army `zs` sailed onto the sea space `s1` beside r1: an attack
    from there (its own space, or the coast beside it) is refused citing the field rule, not the city one."""
    board = board_doc(
        regions={"r1": {}, "r-z": {}, "r-r": {}},
        seas=["s1"],
        cities=HOMES,
        sea=[("r1", "s1")],
        factions=TWO,
        armies=[army("zs", "z", "r1", army=2, ship=1), army("rr", "r", "r1", army=1)],
    )
    game = play(given(board, ("z", "r"), *at_turn(1, "z")), "move_army", "z", army="zs", path=["s1"])
    for data in ({"army": "zs"}, {"army": "zs", "to": "r1"}):
        decision = when(game, "attack", "z", dice=[1, 1], **data)
        assert refused_by(decision) == "KBS-AMB-22" and decision.violations[0].details["field"] == "data.army"


def test_notation_reads_right_for_ransoms_pirate_raids_and_giants() -> None:
    """One supply is singular; a raid the port repels says the port holds; the giant, gone after its battle
    (KBS-GNT-*), has no survivors to report."""
    game = given(_board(), ("z", "r"))
    ransom = {"seat": "r", "units": {"army": 1}, "captor": "z", "cost": 1}
    assert KBS.notation(Event("PrisonersRansomed", ransom), game.state) == "r ransoms 1 army unit from z for 1 supply"
    raid = {"round": 3, "city": "c-o", "happened": True, "values": [1, 2], "winner": "ostius"}
    assert KBS.notation(Event("PirateRaidResolved", raid), game.state) == "round 3: pirates raid c-o: 1 vs 2, c-o holds"
    giants = {"kind": "giants", "area": "c-l", "values": [2, 1], "survivors": [0, 0], "winner": "attacker"}
    assert KBS.notation(Event("BattleResolved", giants), game.state) == (
        "giants at c-l: 2 vs 1, the giants win; the defenders keep 0 BS"
    )
