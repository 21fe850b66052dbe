"""The last Cedofan kards-era refusal paths cite the rule that bars the action (issue 17, point 4): vassals,
siege attrition and battle losses, giants and the sea, supplies, retreats, ransoms and the turn.

Positions come from the rule tests' own builders: `test_rules` (`_siege_board`: Rudern's army `rs` in `r-c`, the
administrative region of Západ's city `c`, which borders `r-z`, `r-r` and `r-n`; SIEGE: Rudern's siege of `c` in
round 1) and `test_owner_choices` (a field battle Rudern wins in `r-n`; a second year of siege at `c`).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Action, Authority, Event, Game, Inputs, SealedRound, start
from domain.platform import decide_action
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs import builders as kbs
from tests.domain.cedofan_kards_bs.builders import army, at_turn, given, play, then, when
from tests.domain.cedofan_kards_bs.test_owner_choices import _attrition, _field_battle
from tests.domain.cedofan_kards_bs.test_owner_choices import _board as _owner_board
from tests.domain.cedofan_kards_bs.test_rules import SIEGE, _siege_board
from tests.domain.citations.cited import Path, citing
from tests.domain.citations.paths_cedofan_kards_bs import CEDOFAN_KARDS_BS as INVENTORY

ARBITER = Authority.ARBITER

cites = citing(INVENTORY, events=False)
# Rudern's decisions that are decided, with their deviation, for a transcript (the supply rules): see `_unpaid`.
cites_decided = citing(INVENTORY, events=True)


def _vassal_board(armies: list[dict[str, Any]]) -> dict[str, Any]:
    """b is a's vassal: a's capital c-a in r-a borders b's r-b (capital c-b)."""
    return kbs.board_doc(
        regions={"r-a": {}, "r-b": {}},
        cities={"c-a": kbs.city("r-a", "a", capital_of="a"), "c-b": kbs.city("r-b", "b", capital_of="b")},
        land=[("r-a", "r-b")],
        factions={
            "a": {"capital": "c-a", "ruler": "ak", "supplies": 5},
            "b": {"capital": "c-b", "ruler": "bk", "supplies": 5},
        },
        armies=armies,
    )


VASSALAGE = Event("VassalageEstablished", {"vassal": "b", "lord": "a"})


def test_vassal_and_lord_refused_each_others_cities_and_the_vassal_its_lord_kbs_vas_4_5_10() -> None:
    """KBS-VAS-4: the vassal "may not enter the lord's cities"; KBS-VAS-10: "The lord ... may not enter vassal
    cities"; KBS-VAS-5: "The vassal may not attack its lord" — in the field, by a siege or by a relief."""
    armies = [army("ga", "a", "r-a", army=1), army("gb", "b", "r-b", army=2)]
    game = given(_vassal_board(armies), ("a", "b"), VASSALAGE, *at_turn(1, "a"))
    cites(
        ("KBS-VAS-10", "movement:entry_refusal"),
        when(game, "move_army", "a", army="ga", path=["r-b", "c-b"]),
        "KBS-VAS-10",
    )
    game = given(_vassal_board(armies), ("a", "b"), VASSALAGE, *at_turn(1, "b"))
    cites(
        ("KBS-VAS-4", "movement:entry_refusal"),
        when(game, "move_army", "b", army="gb", path=["r-a", "c-a"]),
        "KBS-VAS-4",
    )
    game = play(game, "move_army", "b", army="gb", path=["r-a"])
    cites(("KBS-VAS-5", "battle_guards:_not_the_lord"), when(game, "attack", "b", dice=[1, 1], army="gb"), "KBS-VAS-5")
    cites(
        ("KBS-VAS-5", "battle_guards:siege_numbers"), when(game, "start_siege", "b", army="gb", city="c-a"), "KBS-VAS-5"
    )


def test_lords_siege_of_a_vassal_city_refused_kbs_vas_10() -> None:
    """KBS-VAS-10: "The lord ... may not enter vassal cities" — a siege and its storm would take it in."""
    armies = [army("ga", "a", "r-a", army=1), army("gb", "b", "c-b", army=1), army("ga2", "a", "r-b", army=6)]
    game = given(_vassal_board(armies), ("a", "b"), VASSALAGE, *at_turn(1, "a"))
    cites(
        ("KBS-VAS-10", "battle_guards:_not_a_vassal_city"),
        when(game, "start_siege", "a", army="ga2", city="c-b"),
        "KBS-VAS-10",
    )


def test_relief_against_the_lords_siege_refused_kbs_vas_5() -> None:
    """KBS-VAS-5: a relief attacks the besiegers (KBS-REL-1); Západ, Rudern's vassal, may not attack Rudern's."""
    armies = [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=5), army("zr", "z", "r-c", army=6)]
    vassal = Event("VassalageEstablished", {"vassal": "z", "lord": "r"})
    game = given(_siege_board(armies), ("z", "r"), *at_turn(1, "r"), SIEGE, vassal, *at_turn(2, "z"))
    relief = when(game, "relieve_siege", "z", dice=[1, 1], armies=["zr"], city="c")
    cites(("KBS-VAS-5", "battle_guards:relief_sides"), relief, "KBS-VAS-5")


def test_relief_committing_another_factions_garrison_refused_kbs_rel_2() -> None:
    """KBS-REL-2: the besieged units may join the relief — committed by their owner, not by a third faction."""
    armies = [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=5), army("xr", "x", "r-c", army=6)]
    board = _siege_board(armies)
    board["attributes"]["factions"]["x"] = {"capital": "c-x", "ruler": "xk"}
    board["areas"].append({"id": "c-x", "kind": "city", "attributes": kbs.city("r-n", "x")})
    game = given(board, ("z", "r", "x"), *at_turn(1, "r"), SIEGE, *at_turn(2, "x"))
    relief = when(game, "relieve_siege", "x", dice=[1, 1], armies=["xr"], city="c", garrison=True)
    cites(("KBS-REL-2", "battle_guards:relief_sides"), relief, "KBS-REL-2")


def test_giants_lands_refused_kbs_mov_6_and_a_sea_step_without_ships_kbs_mov_8() -> None:
    """KBS-MOV-6: "A territory of the giants ... cannot be entered" — neither by a move nor by an attack;
    KBS-MOV-8: "A ship carries as many units as its BS" — no ships, no sea step."""
    board = kbs.board_doc(
        regions={"r-z": {}, "r-g": {"giants": True}, "r-r": {}},
        cities=kbs.HOMES,
        land=[("r-z", "r-g")],
        seas=["s1"],
        sea=[("r-z", "s1")],
        factions=kbs.TWO,
        armies=[army("za", "z", "r-z", army=2)],
    )
    game = given(board, ("z", "r"), *at_turn(1, "z"))
    cites(("KBS-MOV-6", "movement:entry_refusal"), when(game, "move_army", "z", army="za", path=["r-g"]), "KBS-MOV-6")
    cites(("KBS-MOV-6", "battle_guards:_enterable"), when(game, "attack", "z", army="za", to="r-g"), "KBS-MOV-6")
    cites(("KBS-MOV-8", "movement:path_cost"), when(game, "move_army", "z", army="za", path=["s1"]), "KBS-MOV-8")


def test_unpaid_move_and_siege_cite_their_supply_rules_kbs_mov_2_and_kbs_sie_1() -> None:
    """KBS-MOV-2: a move's supplies "must be in the treasury"; KBS-SIE-1: starting a siege costs 1 supply — Rudern
    has none. Both are decided for a transcript with the deviation, refused in an adjudicated game."""
    broke = {**kbs.TWO, "r": {**kbs.TWO["r"], "supplies": 0}}
    board = _siege_board([army("zg", "z", "c", army=1), army("rs", "r", "r-c", army=5)])
    board["attributes"]["factions"] = broke
    game = given(board, ("z", "r"), *at_turn(1, "r"))
    cites_decided(
        ("KBS-MOV-2", "movement:_shortfall"), when(game, "move_army", "r", army="rs", path=["r-r"]), "KBS-MOV-2"
    )
    cites_decided(("rule_id", "battles:_unpaid"), when(game, "start_siege", "r", army="rs", city="c"), "KBS-SIE-1")


def test_part_of_a_besieging_army_leaving_weaker_besiegers_cites_kbs_sie_4_then_kbs_amb_4() -> None:
    """KBS-SIE-4: the siege holds while the besiegers' BS is at least the defenders'; 2 of rs's 3 leaving c's 2
    would leave 1 against 2 — KBS-AMB-4 (a siege broken stays broken) follows."""
    board = _siege_board([army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=3)])
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    part = when(game, "move_army", "r", army="rs", path=["r-r"], units={"army": 2})
    paths: list[Path] = [("KBS-SIE-4", "movement:_siege_left_standing"), ("KBS-AMB-4", "movement:_siege_left_standing")]
    for path in paths:
        cites_decided(path, part, "KBS-SIE-4", "KBS-AMB-4")


def test_battle_losses_allocated_refused_kbs_amb_1_for_leaders_units_of_no_bs_or_a_changed_stack() -> None:
    """KBS-AMB-1: "only army units (BS > 0) die" and the loser keeps the BS the battle left — no leader figure,
    no catapult (BS 0); KBS-AMB-1 is also the rule of the loss itself: removals are counts by kind, leaders a list,
    and the stack the battle left standing stays standing."""
    game, decision = _field_battle()
    game = then(game, decision)
    battle: Path = ("KBS-AMB-1", "losses:_battle_errors")
    cites(
        battle, when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 1}}, leaders=["x"]), "KBS-AMB-1"
    )
    kept_less = when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 2, "army": 1}})
    cites(battle, kept_less, "KBS-AMB-1")
    own: Path = ("loss.rule", "losses:decide_allocate_losses")
    cites(own, when(game, "allocate_losses", "z", at="r-n", removed="all"), "KBS-AMB-1")
    cites(own, when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 1}}, leaders="x"), "KBS-AMB-1")


def test_losses_that_empty_another_stack_than_the_battle_did_refused_kbs_amb_1() -> None:
    """KBS-AMB-1: the loser chooses his losses, keeping the BS the battle left and the stacks it left standing —
    Západ's zd (2 fanatics) and ze (2 army units) lose to Rudern's 8 and keep 2 BS: by default zd's fanatic.
    Keeping ze's 2 army units instead keeps 2 BS too, but empties zd, which the battle left standing."""
    board = _owner_board(
        [army("ra", "r", "r-r", army=8), army("zd", "z", "r-n", fanatic=2), army("ze", "z", "r-n", army=2)]
    )
    game = play(given(board, ("z", "r"), *at_turn(2, "r")), "move_army", "r", path=["r-c"], army="ra")
    game = play(game, "attack", "r", dice=[6, 2], army="ra", to="r-n")
    swapped = when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"fanatic": 2}, "ze": {}})
    cites(("loss.rule", "losses:_same_stacks"), swapped, "KBS-AMB-1")


def test_catapult_refused_as_a_battle_loss_kbs_amb_1() -> None:
    """KBS-AMB-1: "only army units (BS > 0) die" — z's catapult (BS 0) beside its fanatics is no loss."""
    board = _owner_board([army("ra", "r", "r-r", army=8), army("zd", "z", "r-n", fanatic=2, army=2, catapult=1)])
    game = play(given(board, ("z", "r"), *at_turn(2, "r")), "move_army", "r", path=["r-c"], army="ra")
    game = play(game, "attack", "r", dice=[6, 2], army="ra", to="r-n")
    catapult = when(game, "allocate_losses", "z", at="r-n", removed={"zd": {"catapult": 1, "fanatic": 1}})
    cites(("KBS-AMB-1", "losses:_battle_errors"), catapult, "KBS-AMB-1")


def test_siege_attrition_allocated_refused_kbs_sie_7_kbs_amb_5_and_kbs_amb_4_once_the_siege_ended() -> None:
    """KBS-SIE-7: "one unit inside the besieged city is killed" — not two; KBS-AMB-5: "leader figures last";
    KBS-AMB-4: once the siege has ended (here by an arbiter's adjust) the attrition stands as decided."""
    game, decision = _attrition(army("zg", "z", "c", ["jaromir"], army=1, fanatic=1))
    game = then(game, decision)
    two = when(game, "allocate_losses", "z", at="c", removed={"zg": {"fanatic": 1, "army": 1}})
    cites(("KBS-SIE-7", "losses:_attrition_errors"), two, "KBS-SIE-7")
    leader = when(game, "allocate_losses", "z", at="c", removed={}, leaders=["jaromir"])
    cites(("KBS-AMB-5", "losses:_attrition_errors"), leader, "KBS-AMB-5")
    lift = [{"op": "remove", "path": "/sieges/c"}, {"op": "set", "path": "/armies/rs/besieging", "value": None}]
    lifted = play(game, "adjust", None, reason="the siege was lifted", changes=lift)
    after = when(lifted, "allocate_losses", "z", at="c", removed={"zg": {"fanatic": 1}})
    cites(("KBS-AMB-4", "losses:_attrition_errors"), after, "KBS-AMB-4")


def test_attack_refused_kbs_amb_10_unless_it_names_one_of_two_defenders() -> None:
    """KBS-AMB-10: with armies of two factions in the region, the attacker names the one he attacks."""
    board = _siege_board(
        [army("rs", "r", "r-c", army=3), army("zs", "z", "r-c", army=1), army("xs", "x", "r-c", army=1)]
    )
    board["attributes"]["factions"]["x"] = {"capital": "c-x", "ruler": "xk"}
    board["areas"].append({"id": "c-x", "kind": "city", "attributes": kbs.city("r-n", "x")})
    game = given(board, ("z", "r", "x"), *at_turn(1, "r"))
    cites(
        ("KBS-AMB-10", "battle_guards:_one_defender"), when(game, "attack", "r", dice=[1, 1], army="rs"), "KBS-AMB-10"
    )


def test_ransom_refused_kbs_amb_14_under_5_supplies() -> None:
    """KBS-AMB-14: a kard is ransomed "only if the ransomer has at least 5 supplies" (KBS-EX-7) — Západ has 2."""
    board = kbs.board_doc(
        regions={"r-z": {}, "r-r": {}, "r-n": {}},
        cities={**kbs.HOMES, "c-n": kbs.city("r-n", "neutral")},
        factions={**kbs.TWO, "z": {**kbs.TWO["z"], "supplies": 2}},
        armies=[army("zk", "z", "r-n", ["jaromir"])],
    )
    taken = Event(
        "UnitsCaptured", {"army": "zk", "captor": "neutral", "at": "r-n", "units": {}, "leaders": ["jaromir"]}
    )
    game = given(board, ("z", "r"), taken, *at_turn(2, "z"))
    cites(("KBS-AMB-14", "decide:_decide_ransom_kard"), when(game, "ransom_kard", "z", kard="jaromir"), "KBS-AMB-14")


def test_ransom_refused_kbs_gnt_8_or_kbs_pir_6_for_a_kard_the_raiders_took() -> None:
    """KBS-GNT-8 / KBS-PIR-6: after the giants' or the pirates' victory „nejdou vykoupit zajatci" — Jaromír, taken
    there, is not ransomed though Západ has the 5 supplies; the refusal cites the raid's rule."""
    board = kbs.board_doc(
        regions={"r-z": {}, "r-r": {}, "r-n": {}},
        cities={**kbs.HOMES, "c-n": kbs.city("r-n", "neutral")},
        factions={**kbs.TWO, "z": {**kbs.TWO["z"], "supplies": 9}},
        armies=[army("zk", "z", "r-n", ["jaromir"])],
    )
    path: Path = ("held.barred_by", "decide:_decide_ransom_kard")
    for rule in ("KBS-GNT-8", "KBS-PIR-6"):
        taken = Event(
            "UnitsCaptured",
            {
                "army": "zk",
                "captor": "neutral",
                "at": "r-n",
                "units": {},
                "leaders": ["jaromir"],
                "ransomable": False,
                "ransom_barred_by": rule,
            },
        )
        game = given(board, ("z", "r"), taken, *at_turn(2, "z"))
        cites(path, when(game, "ransom_kard", "z", kard="jaromir"), rule)


def test_sealed_submission_refused_kbs_amb_20_and_a_boardless_game_kbs_amb_22() -> None:
    """KBS-AMB-20: a round is the supply phase, then the turns — there is no secret submission; KBS-AMB-22: the
    seed gives no map, so a game created without a board decides nothing."""
    game = given(_siege_board([]), ("z", "r"))
    path: Path = ("KBS-AMB-20", "ruleset:KardsBsRuleset.sealed_errors")
    assert path in INVENTORY
    assert [v.rule_id for v in KBS.sealed_errors(game, SealedRound("x", ("z",)), "z", {})] == ["KBS-AMB-20"]
    boardless = start(KBS, kbs.created({}, ("z", "r")), None)
    cites(("KBS-AMB-22", "decide:decide"), when(boardless, "start_round", None), "KBS-AMB-22")


def test_end_naming_a_faction_whose_ruler_is_held_a_winner_refused_kbs_ldr_3() -> None:
    """KBS-LDR-3: "A faction without its ruler cannot win the game" — Rudern's ruler Robert is Západ's captive."""
    taken = Event("UnitsCaptured", {"army": "rs", "captor": "z", "at": "r-c", "units": {}, "leaders": ["robert"]})
    game = given(_siege_board([army("rs", "r", "r-c", ["robert"], army=1)]), ("z", "r"), taken)
    cites(("KBS-LDR-3", "ruleset:KardsBsRuleset.end_errors"), when(game, "end_game", None, winners=["r"]), "KBS-LDR-3")


def _beaten_relief() -> Game:
    """Západ's relief of c fails (`test_rules`' position): zr must withdraw from r-c, not into c."""
    armies = [army("zg", "z", "c", army=2), army("rs", "r", "r-c", army=8), army("zr", "z", "r-c", ["jaromir"], army=2)]
    game = given(_siege_board(armies), ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "z"))
    return play(game, "relieve_siege", "z", dice=[1, 6], armies=["zr"], city="c")


def test_pending_retreat_bars_other_actions_kbs_cmb_4_and_its_destination_kbs_amb_9_kbs_ret_1() -> None:
    """KBS-CMB-4: "The loser withdraws" — before the turn goes on or a round starts; KBS-AMB-9: "Relieving armies
    may not retreat into a besieged city", with KBS-RET-1 (into a city or a neighbouring region) after it; and
    r-far is no neighbour of r-c."""
    game = _beaten_relief()
    cmb4: Path = ("KBS-CMB-4", "decide:decide")
    cites(cmb4, when(game, "end_turn", "z"), "KBS-CMB-4")
    cites(cmb4, when(game, "start_round", None), "KBS-CMB-4")
    into = when(game, "retreat", "z", army="zr", to="c")
    cites(("KBS-AMB-9", "movement:decide_retreat"), into, "KBS-AMB-9", "KBS-RET-1")
    cites(("KBS-RET-1", "movement:decide_retreat"), when(game, "retreat", "z", army="zr", to="r-far"), "KBS-RET-1")


def test_storm_refused_kbs_stm_2_once_the_besiegers_no_longer_border_the_city() -> None:
    """KBS-STM-2: "The storming faction must border the city's administrative territory" (KBS-AMB-7). The
    besieging army stands in that region, so in play the rule always holds; an arbiter's adjust moving rs to
    r-n, on a board where no region of Rudern's borders r-c, leaves the siege without a storming neighbour."""
    board = kbs.board_doc(
        regions={"r-c": {}, "r-z": {}, "r-r": {}, "r-n": {}},
        cities={**kbs.HOMES, "c": kbs.city("r-c", "z")},
        factions=kbs.TWO,
        armies=[army("rs", "r", "r-c", army=3)],
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"), SIEGE, *at_turn(2, "r"))
    moved = [{"op": "set", "path": "/armies/rs/at", "value": "r-n"}]
    # A besieger out of its city's region breaks KBS-SIE-2: only an arbiter's forced adjust records it (CORE-ADJUST-3).
    forced = Action("adjust", None, {"reason": "rs marched off at the table", "changes": moved, "force": True}, ARBITER)
    game = then(game, decide_action(KBS, game, forced, Inputs(kbs.NOW)))
    storm = when(game, "storm_city", "r", dice=[1, 1], army="rs", city="c")
    cites(("KBS-STM-2", "battle_guards:storm_siege"), storm, "KBS-STM-2")
