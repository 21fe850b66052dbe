"""Cedofan RV refusals of the Kard League's sub-factions, the empire, recruiting, loot slips, withdrawals and the
unit table cite the rule that bars them (issue 17, point 4).

Positions come from the rule tests' own builders: `test_league_and_empire` (the League's sub-factions besieging
A's city `c`, the empire's imperial cities, a withdrawal with two equally near cities), `test_subfaction_impulses`
and `test_sieges_and_reliefs` (`_besieged`: A besieges B's city `c`; B's impulse).
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Event
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import FIXTURE_UNIT_TABLE, A, B, Table, board, city, first, noble, troops
from tests.domain.cedofan_rv.test_league_and_empire import (
    KL,
    E,
    S,
    Z,
    _empire,
    _league_city,
    _of,
    _stinove_zeme_recruits,
    _storm_table,
    equally_near_battle,
)
from tests.domain.cedofan_rv.test_sieges_and_reliefs import _besieged
from tests.domain.citations.cited import Path, citing
from tests.domain.citations.paths_cedofan_rv import CEDOFAN_RV as INVENTORY

cites = citing(INVENTORY, events=True)


def _rules(table: Table, seat: str | None, action_type: str, **data: Any) -> Decision:
    return table.decide(seat, action_type, **data)


def test_every_action_refused_rv_amb_1_while_a_piece_is_missing_from_the_unit_table() -> None:
    """RV-AMB-1: "`unit_table` is required game data" — a cavalry piece on a board whose table has no cavalry."""
    no_cavalry = {kind: row for kind, row in FIXTURE_UNIT_TABLE.items() if kind != "cavalry"}
    pieces = [noble("g", A, "h"), *troops("k", 1, "cavalry", A, "h", "g")]
    table = Table.on(board({"h": city(A)}, [], pieces), options={"unit_table": no_cavalry})
    cites(("RV-AMB-1", "decide:unit_table_gap"), _rules(table, None, "start_round"), "RV-AMB-1")


def test_sortie_refused_rv_amb_4_when_the_arbiter_records_the_siege_as_begun_this_impulse() -> None:
    """RV-AMB-4: a storm (the besieged's too, RV-STM-4) needs the siege begun in an earlier impulse. In play a
    sortie always comes in a later impulse than the siege it answers; an arbiter's `adjust` dating A's siege of c
    to B's own impulse makes B's sortie too early."""
    table = _besieged()
    now = table.state.impulse_no
    dated = [{"op": "set", "path": "/sieges/c/started_impulse", "value": now}]
    table.act(None, "adjust", reason="the siege of c began in this impulse at the table", changes=dated)
    cites(("RV-AMB-4", "storms:sortie"), _rules(table, B, "sortie", place="c", dice=[1] * 5), "RV-AMB-4")


def test_recruit_refused_rv_unit_4_for_an_elephant_outside_ostius_and_rv_unit_2_over_the_cap() -> None:
    """RV-UNIT-4: "Elephants can be recruited only in Ostius"; RV-UNIT-2: "Each faction ... may build only a
    limited number of units" — A's cap of infantry (option `unit_limits`) is 1, and it fields 1."""
    pieces = [noble("g", A, "h"), *troops("i", 1, "infantry", A, "h", "g")]
    table = Table.on(board({"h": city(A)}, [], pieces), options={"unit_limits": {A: {"infantry": 1}}})
    table.impulse(A)
    table.impulse(A)  # round 2: round 1's cities extract by themselves (RV-ECO-4)
    cites(
        ("RV-UNIT-4", "economy:_elephants_in_ostius"),
        _rules(table, A, "recruit", place="h", kind="elephant"),
        "RV-UNIT-4",
    )
    cites(
        ("RV-UNIT-2", "economy:_within_unit_limit"),
        _rules(table, A, "recruit", place="h", kind="infantry"),
        "RV-UNIT-2",
    )


def test_recruit_over_the_impulse_limit_refused_rv_sup_1_then_rv_amb_14() -> None:
    """RV-SUP-1: "at most cities it administers + 4" — A holds h: limit 5, 4 of it spent on a move home (h to far,
    8 steps at speed 2); RV-AMB-14: building counts too (seed 003: „limit využitelných zásob během impulzu"), so a
    cavalry (2) would make 6 > 5."""
    pieces = [noble("g", A, "h"), *troops("i", 1, "infantry", A, "h", "g")]
    areas = {"h": city(A, home=[A]), "far": {"home": [A]}}
    table = Table.on(board(areas, [("h", "far", "passable", 8)], pieces))
    table.impulse(A)
    table.impulse(A)  # round 2: h has extracted by itself in round 1 (RV-ECO-4)
    table.act(A, "move_banner", noble="g", units=["i1"], path=["far"])
    assert (table.state.limit, table.state.spent) == (5, 4)
    cites(
        ("RV-AMB-14", "guards:spending_within_limit"),
        _rules(table, A, "recruit", place="h", kind="cavalry"),
        "RV-SUP-1",
        "RV-AMB-14",
    )


def test_cavalry_recruited_in_stinove_zeme_refused_rv_unit_5() -> None:
    """RV-UNIT-5: „Stínové země has no cavalry" — its city `stin` raises infantry, not cavalry."""
    table = _stinove_zeme_recruits()
    cites(
        ("RV-UNIT-5", "economy:_no_cavalry_in_stinove_zeme"),
        _rules(table, KL, "recruit", place="stin", kind="cavalry"),
        "RV-UNIT-5",
    )


def test_imperial_city_worked_by_another_than_the_kard_refused_rv_eco_5() -> None:
    """RV-ECO-5: "In imperial cities the kard decides between recruiting and collecting" — B is kard, not A."""
    table = _empire({"kard": B, "treasurer": A})
    cites(("RV-ECO-5", "economy:workable"), _rules(table, A, "extract", place="imp1"), "RV-ECO-5")


def test_imperial_general_refused_rv_eco_6_off_an_imperial_city_or_without_3_imperial() -> None:
    """RV-ECO-6: an imperial general is bought in an imperial city for 3 from the imperial treasury — not in A's
    own city, nor with 2 left, nor a fourth."""
    path: Path = ("RV-ECO-6", "imperial:buy_imperial_general")
    cites(path, _rules(_empire(), A, "buy_imperial_general", place="home"), "RV-ECO-6")
    generals = [
        Event("ImperialGeneralBought", {"seat": A, "area": "home", "noble": f"ig{n}", "cost": 0}) for n in (1, 2, 3)
    ]
    table = _empire()
    table.record(generals)
    cites(path, _rules(table, A, "buy_imperial_general", place="imp2"), "RV-ECO-6")
    table = _empire()
    table.act(None, "adjust", reason="spent", changes=[{"op": "set", "path": "/treasuries/imperial", "value": 2}])
    poor = _rules(table, A, "buy_imperial_general", place="imp2")
    cites(("rule_id", "guards:can_pay"), poor, "RV-ECO-6")


def test_imperial_general_from_a_city_that_has_yielded_cites_rv_eco_2_then_rv_eco_6() -> None:
    """Fixed citation: RV-ECO-2 "A city yields per round either 1 resource or 1 recruited unit" is what bars a
    general from imp1 once it has yielded its resource this round; RV-ECO-6 ("An imperial city allows one imperial
    general") follows. It cited RV-ECO-6 alone, with RV-ECO-2 named only in the message."""
    table = _empire()
    table.act(A, "extract", place="imp1")
    yielded = _rules(table, A, "buy_imperial_general", place="imp1")
    cites(("rule", "imperial:buy_imperial_general"), yielded, "RV-ECO-2", "RV-ECO-6")


def test_extraordinary_tax_refused_rv_eco_8_with_no_imperial_city() -> None:
    """RV-ECO-8: the tax takes 1 "from every imperial city" — A, kard, has none on this board."""
    document = board({"home": city(A)}, [], [], {A: 5, B: 5})
    document["attributes"]["setup"]["offices"] = {"kard": A, "treasurer": B}
    table = Table.on(document, seats=(A, B))
    table.impulse(A)
    tax = _rules(table, A, "levy_extraordinary_tax", dice=[])
    cites(("RV-ECO-8", "imperial:levy_extraordinary_tax"), tax, "RV-ECO-8")


def test_league_storm_refused_rv_kl_3_unless_called_by_the_sub_faction_meeting_the_conditions() -> None:
    """RV-KL-3: "A storm must be called by the sub-faction that meets the storm conditions" — in Stínové země's
    impulse not Západní kardství; Emora besieges nothing; in a League of no sub-factions, none may be named."""
    path: Path = ("RV-KL-3", "league:storm_caller")
    table = _storm_table()
    cites(path, _rules(table, KL, "storm_place", place="c", subfaction=Z), "RV-KL-3")
    table.impulse(KL, E)
    cites(path, _rules(table, KL, "storm_place", place="c"), "RV-KL-3")
    pieces = [noble("k", KL, "r"), *troops("ki", 3, "infantry", KL, "r", "k"), *troops("di", 1, "infantry", A, "c")]
    areas = {"r": {}, "c": city(A), "kh": city(KL)}
    table = Table.on(board(areas, [("r", "c", "passable", 1), ("r", "kh", "passable", 1)], pieces), seats=(KL, A))
    table.impulse(KL)
    table.act(KL, "start_siege", place="c", nobles=["k"])
    table.impulse(KL)
    cites(path, _rules(table, KL, "storm_place", place="c", subfaction=E, dice=[1] * 3), "RV-KL-3")


def _two_sub_factions() -> Table:
    """Západní kardství's general kz with its infantry zi1 and Stínové země's Kalamé and infantry si1 at stin."""
    pieces = [
        *_of(Z, noble("kz", KL, "stin"), *troops("zi", 1, "infantry", KL, "stin")),
        *_of(S, noble("kalame", KL, "stin", "kl_ruler"), *troops("si", 1, "infantry", KL, "stin")),
    ]
    areas = {"stin": _league_city(S), "jezero": _league_city(Z)}
    edges = [("stin", "jezero", "passable", 1)]
    table = Table.on(board(areas, edges, pieces, {S: 2, Z: 2, A: 0}), seats=(KL, A))
    table.to_round(2)
    table.impulse(KL, Z)
    return table


def test_sub_faction_acts_refused_rv_turn_3_outside_its_own_impulse() -> None:
    """RV-TURN-3: the League's sub-factions take their impulses in a fixed order, each acting in its own — in
    Západní kardství's, Stínové země's city, Kalamé and noble do not act, nor does Stínové země's impulse come
    again; and a faction waits for the factions before it."""
    table = _two_sub_factions()
    cites(("RV-TURN-3", "economy:workable"), _rules(table, KL, "recruit", place="stin", kind="infantry"), "RV-TURN-3")
    cites(("RV-TURN-3", "imperial:summon_shade"), _rules(table, KL, "summon_shade"), "RV-TURN-3")
    moved = _rules(table, KL, "move_banner", noble="kalame", path=["jezero"], units=["si1"])
    cites(("RV-TURN-3", "league:acts_for_impulse"), moved, "RV-TURN-3")
    table.act(KL, "end_impulse")
    cites(("RV-TURN-3", "league:subfaction_due"), _rules(table, KL, "begin_impulse", subfaction=S), "RV-TURN-3")
    houses = Table.on(board({"h": city(A)}, [], []), seats=(A, B))
    houses.act(None, "start_round")
    cites(("RV-TURN-3", "decide:_in_impulse_order"), _rules(houses, B, "begin_impulse"), "RV-TURN-3")


def test_banner_refused_rv_kl_4_for_another_sub_factions_units_and_rv_nob_2_over_capacity() -> None:
    """RV-KL-4: "A general of one sub-faction cannot move the units of another" (kz and si1); RV-NOB-2: "generals
    and shades up to 5 (inclusive)" — A's general with 6 infantry."""
    table = _two_sub_factions()
    mixed = _rules(table, KL, "move_banner", noble="kz", path=["jezero"], units=["zi1", "si1"])
    cites(("RV-KL-4", "moves:banner_units"), mixed, "RV-KL-4")
    pieces = [noble("g", A, "h"), *troops("i", 6, "infantry", A, "h", "g")]
    table = Table.on(board({"h": city(A), "n": {}}, [("h", "n", "passable", 1)], pieces))
    table.impulse(A)
    six = [f"i{n}" for n in range(1, 7)]
    cites(
        ("RV-NOB-2", "moves:banner_units"),
        _rules(table, A, "move_banner", noble="g", path=["n"], units=six),
        "RV-NOB-2",
    )


def _tied_withdrawal() -> Table:
    """A beats B at r; B's noble n withdrew to b1, as near as b2 (`test_rv_amb_10_…`'s position)."""
    table = equally_near_battle()
    table.act(A, "attack", dice=[5, 1, 1, 1, 1, 1], nobles=["g"])
    return table


def test_withdrawal_choice_refused_rv_amb_10_unless_an_equally_near_place_for_a_withdrawal_that_stands() -> None:
    """RV-AMB-10: "the owner breaks ties" between equally near places — A has no withdrawal to choose; home is not
    one of B's; zz withdrew in none of B's withdrawals; once n has moved on from b1 the withdrawal stands."""
    path: Path = ("RV-AMB-10", "decide:_choose_retreat")
    table = _tied_withdrawal()
    cites(path, _rules(table, A, "choose_retreat", to="b2"), "RV-AMB-10")
    cites(path, _rules(table, B, "choose_retreat", to="home"), "RV-AMB-10")
    cites(path, _rules(table, B, "choose_retreat", to="b2", pieces=["zz"]), "RV-AMB-10")
    moved = [{"op": "set", "path": "/pieces/n/area", "value": "b2"}]
    table.act(None, "adjust", reason="n rode on to b2", changes=moved)
    cites(path, _rules(table, B, "choose_retreat", to="b2"), "RV-AMB-10")


def test_casualty_order_refused_rv_amb_11_unless_it_lists_pieces_of_the_battle() -> None:
    """RV-AMB-11: "The controlling player chooses" the order among pieces of equal lives — of this battle's
    pieces, not `zz`."""
    attack = _rules(equally_near_battle(), A, "attack", dice=[5, 1, 1, 1, 1, 1], nobles=["g"], casualty_order=["zz"])
    cites(("RV-AMB-11", "combat:chosen_order"), attack, "RV-AMB-11")


def test_loot_slip_refused_rv_loot_2_when_no_slip_is_open_or_it_is_no_amount_or_it_differs() -> None:
    """RV-LOOT-2: the loot's "value is sent to the winner secretly on a slip" — {"amount": n}, for the slip owed;
    A's defeated d carried 2, so a slip of 1 is recorded with the difference cited."""
    table = _storm_table()
    decision = table.act(KL, "storm_place", dice=[5, 6, 1, 1, 1], place="c", subfaction=S)
    round_id = first(decision, "SealedRoundOpened")["round"]
    sealed = table.game.meta.sealed[round_id]
    path: Path = ("RV-LOOT-2", "ruleset:CedofanRvRuleset.sealed_errors")
    assert path in INVENTORY
    wrong = CEDOFAN_RV.sealed_errors(table.game, sealed, A, {"amount": "two"})
    assert [v.rule_id for v in wrong] == ["RV-LOOT-2"]
    other = type(sealed)("loot-none", sealed.seats, sealed.purpose)
    assert [v.rule_id for v in CEDOFAN_RV.sealed_errors(table.game, other, A, {"amount": 2})] == ["RV-LOOT-2"]
    cites(("RV-LOOT-2", "ruleset:CedofanRvRuleset.resolve_reveal"), table.seal_loot(round_id, A, 1), "RV-LOOT-2")
