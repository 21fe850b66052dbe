"""`pending` of agot2 (issue 15, point 2): random games played from its choices alone, and the choices of the
catalog's worked examples (shared/rules/agot2.md §6) checked against what the rulebook says the table waits for."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Viewer, start
from domain.pending import SEAL, Option, Pending, Waiting
from domain.platform import all_rules
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD
from tests.contract.pending_play import check_pending, created, play
from tests.domain.agot2.examples import RBG, e1, e4, e5, e6
from tests.domain.agot2.tables import BLUE_CARDS, RED_CARDS, act, board, card_set, new_game, seal, units
from tests.domain.agot2.test_qa_rulings import _robb_wins

HOUSES = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
# A chain of adjacent land areas across the base board, and seas along it: dealt round the seats in turn, each
# area borders another House's, so marches meet within a round or two.
FRONT = (
    "twins",
    "moat_cailin",
    "seagard",
    "riverrun",
    "harrenhal",
    "stoney_sept",
    "blackwater",
    "searoad_marches",
    "reach",
    "kingswood",
    "crackclaw_point",
    "greywater_watch",
)
SEAS = ("ironmans_bay", "golden_sound", "blackwater_bay", "narrow_sea", "shipbreaker_bay", "sunset_sea")
E1_ATTACKERS = ["red:knight:l1:1", "red:footman:l1:2"]


def front_position(seats: tuple[str, ...]) -> dict[str, Any]:
    """A knight and a footman in each FRONT area and a ship in each sea, dealt round the seats."""
    found = []
    for index, area in enumerate(FRONT):
        found += units(seats[index % len(seats)], area, "knight", "footman")
    for index, area in enumerate(SEAS):
        found += units(seats[index % len(seats)], area, "ship")
    return {"units": found}


def _created(seats: tuple[str, ...], from_position: bool, mode: str = "adjudicated") -> Event:
    """A new game (the printed set-up, default options: GOT-X-29) or one set up on the front, within generous
    supply."""
    options = {"position": front_position(seats), "supply_limits": {s: [2] * 8 for s in seats}} if from_position else {}
    event = created(AGOT2, seats, options=options, board="base")
    return Event(event.type, {**event.data, "mode": mode})


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=3, max_value=6),
    from_position=st.booleans(),
    mode=st.sampled_from(("adjudicated", "transcript")),
)
def test_random_agot2_games_played_from_pending_alone_are_accepted_throughout(
    seed: int, players: int, from_position: bool, mode: str
) -> None:
    """A transcript is played too: every choice offered keeps the rules, so it records no deviation."""
    seats = HOUSES[:players]
    played = play(AGOT2, _created(seats, from_position, mode), BASE_BOARD, random.Random(seed), steps=200)

    assert len(played.steps) == 200  # never ended, never waited on nobody, every choice played was accepted


def test_new_games_from_the_printed_setup_reach_a_combat_from_pending_alone_x_29() -> None:
    """GOT-X-29: 3 and 6 Houses given no position start from their House screens; their choices lead to combat."""
    for players, seed, on_board in ((3, 1, 13), (6, 1, 27)):
        event = created(AGOT2, HOUSES[:players], board="base")
        assert len(start(AGOT2, event, BASE_BOARD).state.units) == on_board
        played = play(AGOT2, event, BASE_BOARD, random.Random(seed), steps=80)
        assert any(kind == SEAL and str(data["round"]).startswith("cards") for _, kind, data in played.steps)


class _Citing:
    """AGOT2, noting every rule id its `pending` cites."""

    def __init__(self) -> None:
        self.cited: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(AGOT2, name)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        found = AGOT2.pending(game, viewer)
        self.cited |= {rule for w in found.waiting for o in w.options for rule in o.rule_ids} | {found.rule_id}
        return found


def test_random_games_pass_through_every_phase_and_every_combat_choice_citing_known_rules() -> None:
    """Four games from the front, 3 to 6 Houses: Westeros, planning, the Raven, orders, combats and bids."""
    citing = _Citing()
    kinds: Counter[str] = Counter()
    for players, seed in ((3, 2), (4, 3), (5, 5), (6, 6)):
        played = play(citing, _created(HOUSES[:players], True), BASE_BOARD, random.Random(seed), steps=300)
        kinds.update(kind for _, kind, _ in played.steps)
        kinds.update(str(d["round"]).split("-")[0] for _, kind, d in played.steps if kind == SEAL)
        assert played.game.state.round > 3

    every_step = {
        "plan_orders",
        "orders",  # sealed orders
        "open_bidding",
        "bid",  # sealed bids
        "break_tie",
        "adjust",
        "use_raven",
        "decline_raven",
        "resolve_raid",
        "march",
        "resolve_consolidate",
        "declare_support",
        "refuse_support",
        "cards",  # sealed house cards
        "resolve_card_ability",
        "use_blade",
        "decline_blade",
        "choose_casualties",
        "choose_retreat",
    }
    assert every_step <= set(kinds), every_step - set(kinds)
    assert citing.cited <= set(all_rules(AGOT2)), citing.cited - set(all_rules(AGOT2))


# --- situations worked from the catalog ---


def _waiting(pending: Pending) -> dict[str | None, Waiting]:
    return {w.seat: w for w in pending.waiting}


def _option(pending: Pending, seat: str | None, kind: str) -> Option:
    [found] = [o for o in _waiting(pending)[seat].options if o.type == kind]
    return found


def _e1_marched() -> Game:
    """Catalog E1 after the march: Red's knight and footman from L1 into Blue's L2."""
    game, _ = act(e1(), "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": E1_ATTACKERS}])
    return game


def test_the_eligible_supporters_declare_in_turn_order_and_a_combatant_backs_its_own_side_e1() -> None:
    """E1 step 2: "the eligible supporters, in turn order, are Green (L3) and Red (S1)" (GOT-SUPPORT-3, SUPPORT-6);
    Green may back either side; Red, the attacker, only its own (GOT-X-5)."""
    game = _e1_marched()
    pending = check_pending(AGOT2, game)
    combat_id = game.state.combat.combat_id

    assert (pending.phase, pending.rule_id, pending.seats()) == ("combat", "GOT-SUPPORT-3", ("green",))
    declare = _option(pending, "green", "declare_support")
    assert declare.fields["eligible_supporters"] == [
        {"seat": "green", "areas": ["l3"]},
        {"seat": "red", "areas": ["s1"]},
    ]
    assert [c["side"] for c in declare.choices] == ["attacker", "defender"]
    assert {"GOT-SUPPORT-1", "GOT-SUPPORT-3", "GOT-X-4", "GOT-X-5"} <= set(declare.rule_ids)
    assert _option(pending, "green", "refuse_support").choices == ({"combat_id": combat_id},)

    game, _ = act(game, "declare_support", "green", combat_id=combat_id, side="defender")
    pending = check_pending(AGOT2, game)

    assert pending.seats() == ("red",)
    assert _option(pending, "red", "declare_support").choices == ({"combat_id": combat_id, "side": "attacker"},)


def test_each_combatant_sees_the_cards_of_its_own_hand_only_x_14() -> None:
    """E1 step 3: both sides choose a card face down (GOT-CARD-1); a seat's hand is its own secret (GOT-X-14)."""
    game = _e1_marched()
    combat_id = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "green", combat_id=combat_id, side="defender")
    game, _ = act(game, "declare_support", "red", combat_id=combat_id, side="attacker")

    def cards(viewer: Viewer, seat: str) -> list[str]:
        seal_option = _option(AGOT2.pending(game, viewer), seat, SEAL)
        assert {"GOT-CARD-1", "GOT-X-14"} <= set(seal_option.rule_ids)
        return [c["payload"]["card"] for c in seal_option.choices]

    assert check_pending(AGOT2, game).seats() == ("red", "blue")
    assert (cards(Viewer(seat="red"), "red"), cards(Viewer(seat="red"), "blue")) == (list(RED_CARDS), [])
    assert (cards(Viewer(seat="blue"), "blue"), cards(Viewer(seat="blue"), "red")) == (list(BLUE_CARDS), [])
    assert (cards(Viewer(seat="green"), "red"), cards(Viewer(), "blue")) == ([], [])
    assert cards(Viewer(arbiter=True), "blue") == list(BLUE_CARDS)


def test_the_blade_holder_decides_after_the_cards_e1_blade_5() -> None:
    """E1 step 4: Red holds the unused Blade and fights: it decides after the reveal (GOT-BLADE-5, X-10)."""
    game = _e1_marched()
    combat_id = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "green", combat_id=combat_id, side="defender")
    game, _ = act(game, "declare_support", "red", combat_id=combat_id, side="attacker")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1f1"}})

    pending = check_pending(AGOT2, game)

    assert (pending.rule_id, pending.seats()) == ("GOT-BLADE-5", ("red",))
    assert [o.type for o in _waiting(pending)["red"].options] == ["use_blade", "decline_blade"]
    assert {"GOT-BLADE-1", "GOT-BLADE-2"} <= set(_option(pending, "red", "use_blade").rule_ids)


def _e4(neutral_in_l14: bool = False) -> Game:
    """Catalog E4 after the cards: Red's 2 knights beat Blue's 2 footmen in L12 with no casualties.

    With a neutral force in L14, an empty L10 next to L12 keeps a choice to make (one legal area retreats alone).
    """
    game = e4()
    if neutral_in_l14:
        document = game.state.board_document
        edges = [(e["a"], e["b"]) for e in document["edges"]] + [("l12", "l10")]
        areas = {a["id"]: a["kind"] for a in document["areas"]} | {"l10": "land"}
        position = {**game.meta.options["position"], "neutral_forces": [{"area": "l14", "strength": 3}]}
        game = new_game(board(areas, edges), ("red", "blue"), {**game.meta.options, "position": position})
    knights = ["red:knight:l11:1", "red:knight:l11:2"]
    game, _ = act(game, "march", "red", from_area="l11", moves=[{"to_area": "l12", "units": knights}])
    game, _ = seal(game, "house_card", {"red": {"card": "red_c2s2"}, "blue": {"card": "blue_c1f2"}})
    return game


def test_the_losing_defender_chooses_among_the_legal_retreat_areas_e4() -> None:
    """E4: "Blue may choose L13 (friendly: 3 units, one army of 3, within [3, 2]) or L14 (empty)"; L11 is the
    march origin (GOT-RETREAT-3/4/5, X-17)."""
    game = _e4()
    pending = check_pending(AGOT2, game)
    retreat = _option(pending, "blue", "choose_retreat")
    combat_id = game.state.combat.combat_id

    assert (pending.rule_id, pending.seats()) == ("GOT-RETREAT-3", ("blue",))
    assert retreat.choices == (
        {"combat_id": combat_id, "to_area": "l13", "destroy": []},
        {"combat_id": combat_id, "to_area": "l14", "destroy": []},
    )
    assert retreat.exhaustive
    assert {"GOT-RETREAT-3", "GOT-RETREAT-4", "GOT-X-17", "GOT-X-20"} <= set(retreat.rule_ids)


def test_a_retreat_never_ends_in_an_area_held_by_a_neutral_force_x_20() -> None:
    """GOT-X-20: a neutral force token makes an area neither empty nor friendly: E4 with one in L14 (and an empty
    L10) leaves L10 and L13."""
    pending = check_pending(AGOT2, _e4(neutral_in_l14=True))

    retreat = _option(pending, "blue", "choose_retreat")
    assert [c["to_area"] for c in retreat.choices] == ["l10", "l13"]
    assert [a["area"] for a in retreat.fields["areas"]] == ["l10", "l13"]


def test_a_retreat_over_the_supply_limit_offers_the_unit_to_destroy_first_e6() -> None:
    """E6: L22 is the only area and retreating both units breaks [3, 2], so Blue first destroys one of its knight
    and footman (GOT-RETREAT-5, X-17)."""
    game = e6()
    red = [f"red:footman:l19:{n}" for n in (1, 2, 3)]
    game, _ = act(game, "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": red}])
    combat_id = game.state.combat.combat_id
    game, _ = act(game, "declare_support", "blue", combat_id=combat_id, side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    game, _ = act(game, "use_blade", "red", combat_id=combat_id)

    retreat = _option(check_pending(AGOT2, game), "blue", "choose_retreat")

    assert retreat.fields["areas"] == [{"area": "l22", "via": [], "destroy": 1}]
    assert sorted(c["destroy"] for c in retreat.choices) == [["blue:footman:l21:2"], ["blue:knight:l21:1"]]
    # Under the field's own name too: the units it may name and how many each area costs (a recorder's checklist).
    assert sorted(retreat.fields["destroy"]) == ["blue:footman:l21:2", "blue:knight:l21:1"]
    assert retreat.fields["destroy_due"] == {"to_area": {"l22": 1}}
    assert "GOT-RETREAT-5" in retreat.rule_ids


def test_got_retreat_3_x_17_robb_starks_loser_is_offered_only_the_legal_retreat_areas_as_it_names_losses() -> None:
    """GOT-CARD-5, X-17, RETREAT-3/4/5: Stark's knights from `a` beat Lannister's three footmen in `b` with Robb Stark;
    Lannister (supply [3, 2], a footman in `x` and in `w`, two in `y`) first names its loss. `b` borders `a` (the
    attacker's origin, GOT-RETREAT-4), `x`, `w` (1 footman lost) and `y` (2): Robb picks the fewest, so `x` or `w`.
    The pending listed no `to_area` here, so a recorder's drop-down offered every area of the board."""
    game = _robb_wins(supply_limits={"lannister": [3, 2]})
    retreat = _option(check_pending(AGOT2, game), "lannister", "choose_retreat")

    assert sorted(retreat.fields["to_area"]) == ["w", "x"]
    assert {"GOT-RETREAT-3", "GOT-RETREAT-4", "GOT-RETREAT-5", "GOT-X-17"} <= set(retreat.rule_ids)


def test_the_loser_chooses_its_casualties_among_units_that_are_not_siege_engines_e5() -> None:
    """E5: "Casualties: 1. The eligible units are the knight and the footman; the siege engine is not eligible"
    (GOT-CASUALTY-3, X-16)."""
    game = e5()
    red = ["red:knight:l14:1", "red:knight:l14:2", "red:footman:l14:3"]
    game, _ = act(game, "march", "red", from_area="l14", moves=[{"to_area": "l15", "units": red}])
    game, _ = seal(game, "house_card", {"red": {"card": "red_c1s1"}, "blue": {"card": "blue_c2"}})

    pending = check_pending(AGOT2, game)
    casualties = _option(pending, "blue", "choose_casualties")

    assert (pending.rule_id, casualties.fields["due"]) == ("GOT-CASUALTY-3", 1)
    assert sorted(c["units"] for c in casualties.choices) == [["blue:footman:l15:2"], ["blue:knight:l15:1"]]
    assert {"GOT-CASUALTY-3", "GOT-X-16"} <= set(casualties.rule_ids)


def _two_houses(stars: list[int], **position: Any) -> Game:
    """Red in L1 and Blue in L2, side by side; King's Court Red then Blue with these stars."""
    b = board({"l1": "land", "l2": "land", "l3": "land"}, [("l1", "l2"), ("l2", "l3")])
    placed = {"units": units("red", "l1", "knight", "footman") + units("blue", "l2", "footman"), **position}
    tracks = {"iron_throne": ["red", "blue"], "fiefdoms": ["red", "blue"], "kings_court": ["red", "blue"]}
    options = {"house_cards": card_set(), "tracks": tracks, "kings_court_stars": stars, "position": placed}
    return new_game(b, ("red", "blue"), options)


def test_the_table_opens_the_orders_and_each_house_seals_within_its_kings_court_stars_court_1() -> None:
    """GOT-COURT-1: special orders only up to the stars of the King's Court position (Red 1, Blue 0); the orders
    are sealed by every House (GOT-X-14) and each sees only its own choices."""
    game = _two_houses([1, 0])
    before = check_pending(AGOT2, game)
    assert (before.phase, before.seats()) == ("planning", (None,))
    assert [o.type for o in _waiting(before)[None].options] == ["plan_orders", "open_bidding", "adjust"]
    assert [c["track"] for c in _option(before, None, "open_bidding").choices] == [
        "iron_throne",
        "fiefdoms",
        "kings_court",
    ]

    game, _ = act(game, "plan_orders", None)
    pending = check_pending(AGOT2, game)

    assert pending.seats() == ("red", "blue")
    for seat, stars in (("red", 1), ("blue", 0)):
        sealed = _option(pending, seat, SEAL)
        assert {"GOT-X-13", "GOT-COURT-1"} <= set(sealed.rule_ids) and sealed.private
        assert sealed.fields["special_limit"] == stars
        specials = [sum(game.state.tokens[o["token"]].special for o in c["payload"]["orders"]) for c in sealed.choices]
        assert max(specials) == stars
    assert _option(AGOT2.pending(game, Viewer(seat="blue")), "red", SEAL).choices == ()


def test_the_raven_holder_swaps_only_for_tokens_within_its_stars_raven_2_x_13() -> None:
    """GOT-RAVEN-2, X-12/13: after the reveal the holder may swap an order for an unplaced token, and the new set
    must respect its King's Court stars (0 here: no special token is offered); or look at the Wildling card."""
    game = _two_houses([0, 0])
    game, _ = act(game, "plan_orders", None)
    game, _ = seal(game, "orders", {"red": {"orders": [{"area": "l1", "token": "march_0"}]}, "blue": {"orders": []}})

    pending = check_pending(AGOT2, game)
    use = _option(pending, "red", "use_raven")

    assert (pending.rule_id, pending.seats()) == ("GOT-X-12", ("red",))
    swapped = [c["token"] for c in use.choices if c["option"] == "replace_order"]
    assert "march_minus1" in swapped and "march_0" not in swapped
    assert not any(game.state.tokens[t].special for t in swapped)
    assert [c["placement"] for c in use.choices if c["option"] == "inspect_wildling"] == ["top", "bottom"]
    assert {"GOT-RAVEN-1", "GOT-RAVEN-2", "GOT-X-12", "GOT-X-13"} <= set(use.rule_ids)
    assert _option(pending, "red", "decline_raven").choices == ({},)


def test_a_march_attacks_a_neutral_force_only_with_enough_strength_and_never_enters_a_closed_area_x_27() -> None:
    """GOT-X-27: two knights with March +1 bring 5: enough for a token of 5 (all of them), never for one of 6;
    GOT-X-26: an area closed by a token without strength takes no march."""
    b = board(
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "l5": "land"},
        [("l1", "l2"), ("l1", "l3"), ("l1", "l4"), ("l1", "l5")],
    )
    position = {
        "phase": "action",
        "step": "march",
        "units": units("red", "l1", "knight", "knight") + units("blue", "l5", "footman"),
        "orders": [{"area": "l1", "seat": "red", "token": "march_plus1"}],
        "neutral_forces": [
            {"area": "l2", "strength": 5},
            {"area": "l3", "strength": 6},
            {"area": "l4", "strength": None},
        ],
    }
    game = new_game(b, ("red", "blue"), {"house_cards": card_set(), "kings_court_stars": [3, 2], "position": position})

    march = _option(check_pending(AGOT2, game), "red", "march")

    both = ["red:knight:l1:1", "red:knight:l1:2"]
    moves = [(m["to_area"], m["units"]) for c in march.choices for m in c["moves"]]
    assert ("l2", both) in moves and not [u for area, u in moves if area == "l2" and u != both]
    assert not [area for area, _ in moves if area in ("l3", "l4")]
    assert ("l5", both) in moves  # the march into Blue's area starts a combat (GOT-COMBAT-1)
    assert march.fields["l1"]["destinations"] == [
        {"area": "l2", "kind": "neutral_force", "strength": 5},
        {"area": "l3", "kind": "neutral_force", "strength": 6},
        {"area": "l5", "kind": "combat", "defender": "blue"},
    ]
    assert {"GOT-COMBAT-1", "GOT-X-26", "GOT-X-27"} <= set(march.rule_ids)
    # Under the fields' own names, for a recorder's rows: the March order's area, and its moves' destinations and
    # units by `from_area` (l4 is closed, GOT-X-27's areas count as destinations as above).
    assert march.fields["from_area"] == ["l1"]
    assert march.fields["moves"] == {"from_area": {"l1": {"to_area": ["l2", "l3", "l5"], "units": both}}}


def test_tied_bidders_are_ordered_by_the_iron_throne_holder_throne_1_2() -> None:
    """GOT-THRONE-1/2, X-22: Red and Blue both bid 2 on Fiefdoms; Green, on the Iron Throne, orders them. Each bid
    is a whole number up to the House's available Power (GOT-TERM-6), sealed."""
    b = board({"l1": "land", "l2": "land"}, [("l1", "l2")])
    tracks = {"iron_throne": ["green", "red", "blue"], "fiefdoms": list(RBG), "kings_court": list(RBG)}
    position = {"power": {"red": 2, "blue": 3, "green": 1}}
    game = new_game(b, RBG, {"house_cards": card_set(), "tracks": tracks, "position": position})
    game, _ = act(game, "open_bidding", None, track="fiefdoms")
    bids = check_pending(AGOT2, game)
    assert [c["payload"]["amount"] for c in _option(bids, "red", SEAL).choices] == [0, 1, 2]
    assert {"GOT-TERM-6", "GOT-THRONE-2"} <= set(_option(bids, "red", SEAL).rule_ids)

    game, _ = seal(game, "bid:fiefdoms", {"red": {"amount": 2}, "blue": {"amount": 2}, "green": {"amount": 1}})
    pending = check_pending(AGOT2, game)
    tie = _option(pending, "green", "break_tie")

    assert (pending.rule_id, pending.seats()) == ("GOT-THRONE-1", ("green",))
    assert sorted(c["order"] for c in tie.choices) == [["blue", "red"], ["red", "blue"]]
    assert sorted(tie.fields["order"]) == ["blue", "red"]  # the Houses a recorder's picker offers: not Green
    assert {"GOT-THRONE-1", "GOT-THRONE-2", "GOT-X-22"} <= set(tie.rule_ids)


def test_a_game_set_up_with_no_order_left_of_its_step_waits_for_the_round_to_end_x_11() -> None:
    """GOT-X-11: the round ends after the last order of the Action Phase; a position with none left ends it."""
    game = _two_houses([1, 0], phase="action", step="consolidate_power")

    pending = check_pending(AGOT2, game)

    assert (pending.rule_id, pending.seats()) == ("GOT-X-11", (None,))
    assert _option(pending, None, "end_round").choices == ({},)


def test_the_tables_power_adjust_offers_no_house_whose_20_tokens_are_all_out_x_28() -> None:
    """GOT-X-25 (what the engine does not compute is adjusted), GOT-X-28 (a House has 20 Power tokens): a House with
    all 20 available has none left to gain, so the table's one-Power choices name only the other House; taking
    one for Red would be refused (the position would break GOT-X-28)."""
    game = _two_houses([1, 0])
    game = replace(game, state=replace(game.state, power={"red": 20, "blue": 5}))
    choices = _option(check_pending(AGOT2, game), None, "adjust").choices
    assert [c["changes"] for c in choices] == [[{"op": "set", "path": "/power/blue", "value": 6}]]
