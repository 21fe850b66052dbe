"""Rulings the QA pass of the agot2 engine found wrong (/work/wt/qa_agot_report.md D1-D9), as the rulebook gives them.

Each test names the rule ids of the catalog (shared/rules/agot2.md) and quotes the seed where it speaks.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game, Viewer
from domain.rulesets.agot2.abilities import footmen_to_upgrade
from domain.rulesets.agot2.pending import pending
from tests.domain.agot2.examples import order
from tests.domain.agot2.tables import act, all_of, board, card_set, combat_id, decide, new_game, only, seal, units

Rows = list[dict[str, Any]]


def _game(
    areas: dict[str, Any],
    adjacency: list[tuple[str, str]],
    seats: tuple[str, ...],
    unit_list: Rows,
    orders: list[dict[str, str]],
    mode: str = "adjudicated",
    **options: Any,
) -> Game:
    """A game in the March step (the Blade already used this round); tracks in seat order unless given."""
    position = {"phase": "action", "step": "march", "blade_used": True, "units": unit_list, "orders": orders}
    position |= options.pop("position", {})
    track_order = options.pop("tracks", {t: list(seats) for t in ("iron_throne", "fiefdoms", "kings_court")})
    settings = {"kings_court_stars": [3, 2, 1][: len(seats)], "position": position, "tracks": track_order}
    return new_game(board(areas, adjacency), seats, settings | options, mode=mode)


def _march(game: Game, seat: str, frm: str, to: str, ids: list[str] | None = None) -> Game:
    moving = ids if ids is not None else [u.id for u in game.state.units_in(frm, seat)]
    game, _ = act(game, "march", seat, from_area=frm, moves=[{"to_area": to, "units": moving}])
    return game


def _supports(game: Game, sides: dict[str, str]) -> Game:
    """Step 1: each supporter in turn backs the side given, or refuses."""
    c = game.state.combat
    while c is not None and len(c.declarations) < len(c.supporters):
        seat = c.supporters[len(c.declarations)][0]
        if seat in sides:
            game, _ = act(game, "declare_support", seat, combat_id=c.combat_id, side=sides[seat])
        else:
            game, _ = act(game, "refuse_support", seat, combat_id=c.combat_id)
        c = game.state.combat
    return game


def _cards(game: Game, attacker: str, a_card: str, defender: str, d_card: str) -> tuple[Game, Decision]:
    return seal(game, "house_card", {attacker: {"card": a_card}, defender: {"card": d_card}})


def _rules(decision: Decision) -> list[str]:
    return [v.rule_id for v in decision.violations]


# --- D1: the supply test of a retreat leaves out the units destroyed in the embattled area ---

RGB = ("red", "blue", "green")
AROUND_B = {"a": "land", "b": "land", "x": "land", "y": "land"}
EDGES_B = [("a", "b"), ("b", "x"), ("b", "y")]


def _blue_beaten(blue_in_b: Rows, extra: Rows, mode: str = "adjudicated") -> tuple[Game, Decision]:
    """Red's three knights march from a on Blue in b and win (red_c4 vs blue_c1, no swords); Blue's supply is [3]."""
    unit_list = units("red", "a", "knight", "knight", "knight") + blue_in_b + extra
    game = _game(
        AROUND_B,
        EDGES_B,
        RGB,
        unit_list,
        [order("a", "red", "march_0")],
        mode=mode,
        house_cards=card_set(),
        supply_limits={"blue": [3]},
    )
    game = _supports(_march(game, "red", "a", "b"), {})
    game, decision = _cards(game, "red", "red_c4", "blue", "blue_c1")
    if mode == "transcript":  # a transcript waits for the Blade holder's word even when it is flipped (BLADE-2)
        game, decision = act(game, "decline_blade", "red", combat_id=combat_id(game))
    return game, decision


def test_the_knight_retreats_to_its_footman_when_the_siege_engines_left_behind_are_destroyed() -> None:
    """GOT-RETREAT-9, GOT-RETREAT-5, GOT-X-17: 「攻城车不能撤退，当被迫撤退时，改为直接被消灭。」 The two siege engines
    in b are destroyed, so they are no army: the knight joins the footman in x (an army of 2, supply [3]).
    y is held by Green, so x is the only legal area and no unit is lost to supply."""
    blue = units("blue", "b", "knight", "siege_engine", "siege_engine")
    _, decision = _blue_beaten(blue, units("blue", "x", "footman") + units("green", "y", "footman"))
    chosen = only(decision, "RetreatChosen")
    assert (chosen["to_area"], chosen["destroy"]) == ("x", [])
    assert only(decision, "UnitsRetreated")["units"] == ["blue:knight:b:1"]
    assert [d["reason"] for d in all_of(decision, "UnitsDestroyed")] == ["siege_engine_cannot_retreat"]


def test_the_knight_retreats_to_its_footman_when_the_routed_units_left_behind_are_destroyed() -> None:
    """GOT-ROUT-3, GOT-RETREAT-5, GOT-X-17: 「当一个溃败单位被迫撤退时，改为直接被消灭。」 The two routed footmen in b
    are destroyed, so the knight may retreat to x beside Blue's footman (an army of 2, supply [3])."""
    blue = units("blue", "b", "knight") + units("blue", "b", "footman", "footman", routed=True)
    _, decision = _blue_beaten(blue, units("blue", "x", "footman") + units("green", "y", "footman"))
    assert only(decision, "RetreatChosen")["to_area"] == "x"
    assert only(decision, "UnitsRetreated")["units"] == ["blue:knight:b:1"]
    assert [d["reason"] for d in all_of(decision, "UnitsDestroyed")] == ["routed_cannot_retreat"]


def test_both_knights_retreat_when_only_the_siege_engines_left_behind_would_exceed_supply() -> None:
    """GOT-RETREAT-9, GOT-RETREAT-5: with supply [3], two knights in x are Blue's only army once the two siege
    engines in b are destroyed; no knight is destroyed for supply."""
    blue = units("blue", "b", "knight", "knight", "siege_engine", "siege_engine")
    _, decision = _blue_beaten(blue, units("green", "y", "footman"))
    assert only(decision, "RetreatChosen")["destroy"] == []
    assert only(decision, "UnitsRetreated")["units"] == ["blue:knight:b:1", "blue:knight:b:2"]


def test_a_transcript_retreat_needs_no_supply_loss_for_the_siege_engines_left_behind() -> None:
    """GOT-RETREAT-4, GOT-RETREAT-9, GOT-RETREAT-5 (transcript): the table retreats two knights into the march
    origin a; that breaks GOT-RETREAT-4 only, as the destroyed siege engines form no army."""
    blue = units("blue", "b", "knight", "knight", "siege_engine", "siege_engine")
    game, _ = _blue_beaten(blue, [], mode="transcript")
    decision = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="a", destroy=[])
    assert decision.events and "GOT-RETREAT-5" not in _rules(decision)
    assert "GOT-RETREAT-4" in _rules(decision)


# --- D8, D5: a Support order removed before step 5 no longer supports, for the card texts too ---

ABC = {"a": "land", "b": "land", "c": "land"}
EDGES_ABC = [("a", "b"), ("b", "c")]


def _queen_of_thorns_removes(game: Game, area: str) -> tuple[Game, Decision]:
    """Tyrell's Queen of Thorns takes the opponent's order in `area` right after the reveal (GOT-CARD-3)."""
    cid = combat_id(game)
    choice = {"area": area}
    return act(game, "resolve_card_ability", "tyrell", combat_id=cid, card="tyrell_queen_of_thorns", choice=choice)


def _attack_supported_from_c(house: str, a_units: list[str], c_units: list[str], **options: Any) -> Game:
    """`house` marches from a on Tyrell in b, backed by its own Support order in c; Tyrell plays Queen of Thorns."""
    defence = options.pop("defence", [])
    unit_list = units(house, "a", *a_units) + units("tyrell", "b", *options.pop("tyrell", ["footman"]))
    orders = [order("a", house, "march_0"), order("c", house, "support_0_a"), *defence]
    game = _game(ABC, EDGES_ABC, (house, "tyrell"), unit_list + units(house, "c", *c_units), orders, **options)
    return _supports(_march(game, house, "a", "b"), {house: "attacker"})


def test_kevan_lannister_counts_no_footman_whose_support_order_was_removed() -> None:
    """GOT-X-5 ("A Support order removed before step 5 (e.g. by a card ability) no longer counts"), GOT-X-23,
    GOT-SUPPORT-2: 「支援战力表示在支援指令区域内的所有单位的战力总和。」 The Lannister footmen in c lose their Support
    order to Queen of Thorns, so Kevan has no footman to count: knight 2 + Kevan 1 = 3 against two footmen 2 +
    Defense 1 = 3; a tie won by Tyrell, first on Fiefdoms (GOT-RESOLVE-2)."""
    track_order = {"iron_throne": ["lannister", "tyrell"], "fiefdoms": ["tyrell", "lannister"]}
    game = _attack_supported_from_c(
        "lannister",
        ["knight"],
        ["footman", "footman"],
        tyrell=["footman", "footman"],
        defence=[order("b", "tyrell", "defense_plus1_a")],
        tracks={**track_order, "kings_court": ["lannister", "tyrell"]},
    )
    game, _ = _cards(game, "lannister", "lannister_ser_kevan_lannister", "tyrell", "tyrell_queen_of_thorns")
    _, decision = _queen_of_thorns_removes(game, "c")
    resolved = only(decision, "CombatResolved")
    assert resolved["attacker"]["support"] == [] and resolved["attacker"]["card_text"] == []
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (3, 3)
    assert resolved["winner"] == "tyrell"


def test_asha_greyjoy_gets_her_icons_when_her_only_support_order_was_removed() -> None:
    """GOT-X-5, GOT-X-23, GOT-CARD-4: Asha Greyjoy ("If nobody supports you in this combat, this card gets two sword
    icons and one fortification icon"); once Queen of Thorns removed the Support order in c nobody supports her."""
    game = _attack_supported_from_c("greyjoy", ["knight"], ["footman"])
    game, _ = _cards(game, "greyjoy", "greyjoy_asha_greyjoy", "tyrell", "tyrell_queen_of_thorns")
    _, decision = _queen_of_thorns_removes(game, "c")
    attacker = only(decision, "CombatResolved")["attacker"]
    assert (attacker["support"], attacker["swords"], attacker["fortifications"]) == ([], 2, 1)


def test_salladhor_saan_keeps_the_ships_when_his_only_support_order_was_removed() -> None:
    """GOT-X-5, GOT-X-23, GOT-CARD-4: Salladhor Saan ("If anyone supports you in this combat, every ship not of your
    House adds 0"); the Baratheon Support order in c is gone, so Tyrell's two ships count 1 each: 2 against
    Baratheon's ship 1 + Salladhor 1 = 2."""
    seas = {"a": "sea", "b": "sea", "c": "sea"}
    unit_list = units("tyrell", "a", "ship", "ship") + units("baratheon", "b", "ship") + units("baratheon", "c", "ship")
    orders = [order("a", "tyrell", "march_0"), order("c", "baratheon", "support_0_a")]
    game = _game(seas, EDGES_ABC, ("tyrell", "baratheon"), unit_list, orders)
    game = _supports(_march(game, "tyrell", "a", "b"), {"baratheon": "defender"})
    game, _ = _cards(game, "tyrell", "tyrell_queen_of_thorns", "baratheon", "baratheon_salladhor_saan")
    _, decision = _queen_of_thorns_removes(game, "c")
    resolved = only(decision, "CombatResolved")
    assert resolved["attacker"]["card_text"] == []
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (2, 2)


def test_renly_baratheon_may_not_upgrade_a_footman_whose_support_order_was_removed() -> None:
    """GOT-X-5, GOT-X-23: Renly Baratheon ("replace one of your footmen in this combat (or one supporting Baratheon
    footman) with a knight"); the footman in c supports no more once Queen of Thorns removed its order."""
    game = _attack_supported_from_c("baratheon", ["knight", "knight"], ["footman"])
    game, _ = _cards(game, "baratheon", "baratheon_renly_baratheon", "tyrell", "tyrell_queen_of_thorns")
    before = game.state.combat
    game, decision = _queen_of_thorns_removes(game, "c")
    assert footmen_to_upgrade(game.state, before, "baratheon") == []
    renly = [r for r in all_of(decision, "HouseCardAbilityResolved") if r["card"] == "baratheon_renly_baratheon"]
    assert renly and renly[0]["choice"] is None  # resolved with nothing to upgrade, no choice offered
    assert "baratheon:footman:c:1" in game.state.units


# --- D2: Victarion Greyjoy against Salladhor Saan, in turn order ---


def _victarion_against_salladhor(first: str, second: str) -> dict[str, Any]:
    """Greyjoy's two ships march from sea a on Baratheon's ship in b (Victarion Greyjoy), backed by Baratheon's
    ship and Support order in c (Salladhor Saan); `first` leads every track."""
    seas = {"a": "sea", "b": "sea", "c": "sea"}
    unit_list = (
        units("greyjoy", "a", "ship", "ship") + units("baratheon", "b", "ship") + units("baratheon", "c", "ship")
    )
    orders = [order("a", "greyjoy", "march_0"), order("c", "baratheon", "support_0_a")]
    track_order = {t: [first, second] for t in ("iron_throne", "fiefdoms", "kings_court")}
    game = _game(seas, EDGES_ABC, ("greyjoy", "baratheon"), unit_list, orders, tracks=track_order)
    game = _supports(_march(game, "greyjoy", "a", "b"), {"baratheon": "defender"})
    _, decision = _cards(game, "greyjoy", "greyjoy_victarion_greyjoy", "baratheon", "baratheon_salladhor_saan")
    return dict(only(decision, "CombatResolved"))


def test_greyjoy_ships_count_0_when_salladhor_saan_applies_after_victarion_greyjoy() -> None:
    """GOT-CARD-4, GOT-X-8 step 5: 「2.其它冲突的效果,按照顺位执行。」 Greyjoy first: Victarion makes each ship 2, then
    Salladhor makes it 0. Greyjoy: ships 0 + Victarion 3 = 3; Baratheon: ship 1 + supporting ship 1 + Salladhor 1
    = 3; the tie goes to Greyjoy, first on Fiefdoms (GOT-RESOLVE-2)."""
    resolved = _victarion_against_salladhor("greyjoy", "baratheon")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (3, 3)
    assert resolved["tie"] and resolved["winner"] == "greyjoy"


def test_greyjoy_ships_count_2_when_victarion_greyjoy_applies_after_salladhor_saan() -> None:
    """GOT-CARD-4, GOT-X-8 step 5: 「2.其它冲突的效果,按照顺位执行。」 Baratheon first: Salladhor makes each Greyjoy
    ship 0, then Victarion makes it 2. Greyjoy: ships 4 + Victarion 3 = 7 against Baratheon's 3."""
    resolved = _victarion_against_salladhor("baratheon", "greyjoy")
    assert (resolved["attacker"]["total"], resolved["defender"]["total"]) == (7, 3)
    assert resolved["winner"] == "greyjoy"


# --- D3, D4, D6: the rule a refusal cites ---

AREAS_G = {
    "a": "land",
    "b": "land",
    "g": ("land", {"structure": "castle", "home_of": "green", "garrison": 2}),
    "y": "land",
    "y2": "land",
    "z": "land",
}
EDGES_G = [("a", "b"), ("b", "g"), ("b", "y"), ("b", "y2"), ("a", "z")]


def _red_on_blue(unit_list: Rows, red_card: str, blue_card: str, ids: list[str] | None = None, **extra: Any) -> Game:
    """Red marches from a on Blue in b (the catalog's text-less cards), nobody supports; the cards are played."""
    orders = [order("a", "red", "march_0")]
    game = _game(AREAS_G, EDGES_G, RGB, unit_list, orders, house_cards=card_set(), **extra)
    game = _supports(_march(game, "red", "a", "b", ids), {})
    game, _ = _cards(game, "red", red_card, "blue", blue_card)
    return game


def test_got_casualty_2_a_defenders_unit_outside_the_embattled_area_cannot_be_a_casualty() -> None:
    """GOT-CASUALTY-2: 「败方消灭相等数量的交战区域内己方单位」 — Blue's footman in z neither fights nor supports."""
    unit_list = units("red", "a", "knight", "knight") + units("blue", "b", "footman", "footman")
    game = _red_on_blue(unit_list + units("blue", "z", "footman"), "red_c2s1", "blue_c1")
    decision = decide(game, "choose_casualties", "blue", combat_id=combat_id(game), units=["blue:footman:z:1"])
    assert _rules(decision) == ["GOT-CASUALTY-2"] and not decision.events


def test_got_x_16_a_losing_attackers_unit_that_did_not_march_cannot_be_a_casualty() -> None:
    """GOT-X-16 ("For a losing attacker, the eligible units are the ones that marched in"), GOT-CASUALTY-2: Red's
    third footman stayed in a."""
    unit_list = units("red", "a", "footman", "footman", "footman") + units("blue", "b", "knight", "knight")
    game = _red_on_blue(unit_list, "red_c1", "blue_c2s1", ["red:footman:a:1", "red:footman:a:2"])
    decision = decide(game, "choose_casualties", "red", combat_id=combat_id(game), units=["red:footman:a:3"])
    assert _rules(decision) == ["GOT-X-16"] and not decision.events


def test_got_x_20_a_retreat_into_another_houses_garrisoned_home_is_refused() -> None:
    """GOT-X-20 ("An area holding another seat's garrison … is neither empty nor friendly"): Green's home g
    holds only its garrison; the seed's 「空白区域（即没有敌方单位或敌方权力标记）」 would call it empty, the
    catalog's default does not, and the refusal names that default."""
    unit_list = units("red", "a", "knight", "knight") + units("blue", "b", "footman", "footman")
    game = _red_on_blue(unit_list, "red_c4", "blue_c1", position={"garrisons": {"g": 2}})
    decision = decide(game, "choose_retreat", "blue", combat_id=combat_id(game), to_area="g", destroy=[])
    assert _rules(decision) == ["GOT-X-20"] and not decision.events


def _support_pending() -> Game:
    """Red marches from a on Blue in b; Blue (d) and Green (c) hold Support orders next to b, Red one in e, which is
    not adjacent to b: Blue declares first, then Green; Red has nothing to declare."""
    areas = {"a": "land", "b": "land", "c": "land", "d": "land", "e": "land"}
    unit_list = units("red", "a", "knight") + units("blue", "b", "footman") + units("green", "c", "footman")
    unit_list += units("blue", "d", "footman") + units("red", "e", "footman")
    orders = [order("a", "red", "march_0"), order("c", "green", "support_0_a"), order("d", "blue", "support_0_a")]
    orders.append(order("e", "red", "support_0_b"))
    edges = [("a", "b"), ("b", "c"), ("b", "d"), ("d", "e")]
    game = _game(areas, edges, RGB, unit_list, orders, house_cards=card_set())
    return _march(game, "red", "a", "b")


def test_got_support_9_a_support_order_not_adjacent_to_the_embattled_area_is_refused_as_such() -> None:
    """GOT-SUPPORT-9: 「支援只能从交战区域相邻且部署有支援指令的区域提供」 — Red's Support order in e is not
    next to b."""
    game = _support_pending()
    decision = decide(game, "declare_support", "red", combat_id=combat_id(game), side="attacker", areas=["e"])
    assert _rules(decision) == ["GOT-SUPPORT-9"]


def test_got_x_5_a_seat_with_no_eligible_support_order_has_nothing_to_declare_or_refuse() -> None:
    """GOT-X-5, GOT-SUPPORT-1: Red has no eligible Support order for this combat, so it never gets a turn in step 1
    (not GOT-SUPPORT-3 "it is blue's turn")."""
    game = _support_pending()
    cid = combat_id(game)
    assert _rules(decide(game, "declare_support", "red", combat_id=cid, side="attacker")) == ["GOT-X-5"]
    assert _rules(decide(game, "refuse_support", "red", combat_id=cid)) == ["GOT-X-5"]


def test_got_support_3_an_eligible_supporter_out_of_turn_is_still_refused_for_the_turn_order() -> None:
    """GOT-SUPPORT-3: 「必须按照顺位宣告（或拒绝）支援」 — Green is eligible but Blue declares first."""
    game = _support_pending()
    decision = decide(game, "declare_support", "green", combat_id=combat_id(game), side="attacker")
    assert _rules(decision) == ["GOT-SUPPORT-3"]


# --- D7: King's Court bids ---


def test_got_throne_1_the_kings_court_bid_reveal_is_traced_to_the_holders_general_tie_rule() -> None:
    """GOT-THRONE-1 (catalog note on GOT-THRONE-2: "By GOT-THRONE-1 the same holds for King's Court bids"):
    「…决定游戏中所有其它平局的先后」; GOT-THRONE-2 is the Fiefdoms bid only."""
    game = _game({"a": "land", "b": "land"}, [("a", "b")], RGB, [], [], house_cards=card_set())
    game = _bids_opened(game, "kings_court")
    _, decision = seal(game, "bid:kings_court", {seat: {"amount": 0} for seat in RGB})
    reveal = [step.rule_id for step in decision.trace if step.text.startswith("bids on kings_court")]
    assert reveal == ["GOT-THRONE-1"]


def _bids_opened(game: Game, track: str) -> Game:
    game, _ = act(game, "open_bidding", None, track=track)
    return game


# --- D9: Robb Stark's retreat among the fewest losses ---


def _robb_wins(with_w: bool = True, third: str = "footman", **options: Any) -> Game:
    """Stark's knights march from a on Lannister's three footmen in b and win with Robb Stark. Lannister's supply
    is [3, 2] with a footman in x, one in w and two in y: a retreat to x or w costs 1 footman, to y 2
    (GOT-RETREAT-5). Without w, x is the only area of fewest losses; `third` is the third unit in b."""
    unit_list = units("stark", "a", "knight", "knight", "knight") + units("lannister", "b", "footman", "footman")
    unit_list += units("lannister", "b", third, first=3) + units("lannister", "x", "footman")
    unit_list += units("lannister", "y", "footman", "footman")
    seats = ("stark", "lannister")
    areas, edges = AROUND_B, EDGES_B
    if with_w:
        unit_list += units("lannister", "w", "footman")
        areas, edges = AROUND_B | {"w": "land"}, [*EDGES_B, ("b", "w")]
    game = _game(areas, edges, seats, unit_list, [order("a", "stark", "march_0")], **options)
    game = _supports(_march(game, "stark", "a", "b"), {})
    game, _ = _cards(game, "stark", "stark_robb_stark", "lannister", "lannister_the_hound")
    return game


def test_robb_stark_must_pick_the_area_of_fewest_losses_whatever_the_option() -> None:
    """GOT-CARD-5, GOT-X-17: Robb Stark ("it must be a legal area where that side loses the fewest units") binds
    Stark even with `retreat_minimize_losses = false`: Lannister destroys 1 footman (x or w), not 2 (y), and
    then y, which would cost one more, is refused while x is accepted (GOT-RETREAT-5)."""
    game = _robb_wins(supply_limits={"lannister": [3, 2]}, retreat_minimize_losses=False)
    cid = combat_id(game)
    two = ["lannister:footman:b:1", "lannister:footman:b:2"]
    refused = decide(game, "choose_retreat", "lannister", combat_id=cid, destroy=two)
    assert _rules(refused) == ["GOT-RETREAT-5"] and not refused.events
    game, _ = act(game, "choose_retreat", "lannister", combat_id=cid, destroy=two[1:])
    refused = decide(game, "choose_retreat", "stark", combat_id=cid, to_area="y")
    assert _rules(refused) == ["GOT-RETREAT-5"] and not refused.events
    accepted = decide(game, "choose_retreat", "stark", combat_id=cid, to_area="x")
    assert only(accepted, "RetreatChosen")["to_area"] == "x"


def test_got_x_17_got_retreat_5_the_loser_names_the_units_robb_starks_retreat_costs() -> None:
    """GOT-RETREAT-5 「他必须首先消灭部分撤退单位以满足补给上限」, GOT-X-17 ("the loser picks which retreating units
    to destroy"), GOT-CASUALTY-3 「他选择哪个单位被消灭」: Robb gives Stark the area only. Lannister (3 footmen in b,
    supply [3, 2]) first names the 1 footman it loses; Stark then picks x or w, which cost nothing more."""
    game = _robb_wins(supply_limits={"lannister": [3, 2]})
    cid = combat_id(game)
    waiting = pending(game, Viewer()).waiting
    assert [(w.seat, [o.type for o in w.options]) for w in waiting] == [("lannister", ["choose_retreat"])]
    assert {tuple(c["destroy"]) for c in waiting[0].options[0].choices} == {
        ("lannister:footman:b:1",),
        ("lannister:footman:b:2",),
        ("lannister:footman:b:3",),
    }
    named_first = waiting[0].options[0].fields  # under the field's own name, for a recorder's checklist
    assert (len(named_first["destroy"]), named_first["destroy_due"]) == (3, 1)
    one = ["lannister:footman:b:1"]
    refused = decide(game, "choose_retreat", "stark", combat_id=cid, to_area="x", destroy=one)
    assert _rules(refused) == ["GOT-X-17"] and not refused.events
    refused = decide(game, "choose_retreat", "lannister", combat_id=cid, to_area="x", destroy=one)
    assert _rules(refused) == ["GOT-X-17"] and not refused.events
    game, named = act(game, "choose_retreat", "lannister", combat_id=cid, destroy=["lannister:footman:b:2"])
    assert only(named, "UnitsDestroyed")["units"] == ["lannister:footman:b:2"]
    assert [step.rule_id for step in named.trace][:1] == ["GOT-RETREAT-5"]
    waiting = pending(game, Viewer()).waiting
    assert [(w.seat, sorted(c["to_area"] for c in w.options[0].choices)) for w in waiting] == [("stark", ["w", "x"])]
    assert waiting[0].options[0].fields["destroy_due"] == {"to_area": {"w": 0, "x": 0}}  # nothing more to destroy
    assert _rules(decide(game, "choose_retreat", "lannister", combat_id=cid, to_area="w")) == ["GOT-X-17"]
    game, chosen = act(game, "choose_retreat", "stark", combat_id=cid, to_area="w")
    assert only(chosen, "RetreatChosen")["destroy"] == [] and only(chosen, "RetreatChosen")["chooser"] == "stark"
    assert sorted(u.id for u in game.state.units_in("w", "lannister")) == [
        "lannister:footman:b:1",
        "lannister:footman:b:3",
        "lannister:footman:w:1",
    ]


def test_got_retreat_3_after_the_losers_units_the_only_area_left_is_taken_without_saying_stark_picks() -> None:
    """GOT-RETREAT-5 then GOT-RETREAT-3: without w, x (1 unit lost) is the only area of fewest losses, so once
    Lannister names the footman it loses (of two footmen and a knight: a real choice) the retreat goes to x at
    once; the trace does not promise Stark a pick."""
    game = _robb_wins(with_w=False, third="knight", supply_limits={"lannister": [3, 2]})
    cid = combat_id(game)

    game, named = act(game, "choose_retreat", "lannister", combat_id=cid, destroy=["lannister:footman:b:2"])

    texts = [step.text for step in named.trace]
    assert not any("picks the area" in text for text in texts), texts
    assert "the only legal retreat is x" in texts
    assert sorted(u.id for u in game.state.units_in("x", "lannister")) == [
        "lannister:footman:b:1",
        "lannister:footman:x:1",
        "lannister:knight:b:3",
    ]


def test_got_x_17_a_transcript_records_robb_starks_retreat_named_whole_by_either_side_with_the_deviation() -> None:
    """GOT-X-17 in a transcript: the table may have let Stark name the lost footman too, or Lannister the area; the
    retreat is recorded as played, with the rule it broke."""
    game = _robb_wins(supply_limits={"lannister": [3, 2]}, mode="transcript")
    cid = combat_id(game)
    game, _ = act(game, "decline_blade", "stark", combat_id=cid)  # a transcript waits for the Blade holder's word
    one = ["lannister:footman:b:1"]
    for seat, broken in (("stark", "lannister first names"), ("lannister", "stark picks the area")):
        decision = decide(game, "choose_retreat", seat, combat_id=cid, to_area="x", destroy=one)
        assert only(decision, "RetreatChosen")["to_area"] == "x" and only(decision, "UnitsDestroyed")["units"] == one
        assert [(v.rule_id, v.message.startswith(broken)) for v in decision.violations] == [("GOT-X-17", True)]
