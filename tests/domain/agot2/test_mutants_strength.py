"""The strength steps of agot2 (domain/rulesets/agot2/strength.py) pinned where mutation testing found them loose
(issue 18, point 4): the whole trace of a combat with its rule ids and texts, every continuous card effect
(GOT-CARD-4) on both sides of its condition, routed units, supporters and the GOT-X-6 / GOT-X-7 options.

All of it on the E3 duel of test_golden_strength_pairs (catalog §6): Red marches 2 footmen (1 + 1) with March +0
from L9 into L10, held by Blue's knight (2) with Defense +1; Red plays `red_c3` (3), Blue `blue_c2` (2): 5 against
5, and Blue, above Red on the Fiefdoms track, wins the tie. A card given an ability below keeps its id, name,
strength and icons (`red_c3`: strength 3, no icons); only its text changes.

EQUIVALENT_MUTANTS (what `make mutate MODULE=domain/rulesets/agot2/strength.py` leaves alive that no game can tell
apart; measured 2026-11-27: 1068/1155 killed, 92.5%; on 2026-11-28, after the module changed, 1041/1119 before the
tables at the end of this file and 1047/1119, 93.6%, with them: 67 of the 72 left are these; on 2026-11-29, after
step 5 moved to domain/rulesets/agot2/resolution.py, strength.py 384/414 and resolution.py 702/745 with the same
tests, the survivors of both of the kinds below, the functions named by their new module):
- Defaults of `.get` on options (`floor_total_strength_at_zero`, `special_support_bonus_always`), on tracks
  (`fiefdoms`, the card's `track`), on `discards`, `garrisons`, `neighbours`, `UNIT_STRENGTH` and the icon/bonus
  params (`swords`/`fortifications` 0 -> 1, `+=` -> `=` on a side that had no icons yet): GameCreated carries
  every option with its default, every track holds every seat, every area and unit type has an entry, and the
  card-set check fills the icon params of the kinds that use them.
- `units_in(where, seat)` -> `units_in(where)` (seat None or dropped) in `_support_entry`, `eligible_support`,
  `fighting_units`, `_apply_continuous` and `_zero_other_ships`: an area holds the units of one House only.
- `unit_value`'s `supporting` parameter (default or argument changed): it is not read; a supporting unit is worth
  what a fighting one is (GOT-SUPPORT-2/8).
- `x if v is not None else 0` turned into `(v is not None) or True`, or its `else` value changed, for the March
  token, the Support token, the played card and the order of a supporter: each is always there when the line
  runs (a combat starts from a March order; a declared supporter has its Support order until GOT-X-5 removes it,
  checked the line before); `card_of`'s `card_id is not None` forced true (`cards.get(None)` is None too).
- `_victor`: `ca > cd` -> `>=` in the branch where `ca != cd`; `side_of(winner) or "attacker"` fallbacks;
  `99` for a seat missing from the Fiefdoms track; `"fiefdoms" if tie` -> always: only read when there is a tie.
- `_apply_continuous`: `index(other) < index(seat)` -> `<=` (two seats never share a position); `case _: return`
  removed (the match is the function's last statement); double_defense_order `and` -> `or` (the attacker's
  Defense part is always 0, so its `extra` is 0).
- `base_strength`: the GOT-X-5 check's `or` -> `and` (an order never changes owner or type in a combat).
- `final_strength`: the continuous-card filter's `or` -> `and` variants (every card with a `kind` here is
  continuous or resolved elsewhere before step 5); `card.swords`/`card.fortifications if card else 1` (only
  after Tyrion, GOT-X-15); `_apply_continuous`'s `kind or "XXXX"` (neither "" nor "XXXX" is a kind).
- `_unit_strength`: `unit_value(u, None, ...)` / `unit_value(u, side, None)`: the base set's `unit_strength`
  cards count footmen and ships, whose value depends on neither the side nor the structure (only a siege
  engine's does, GOT-COMBAT-3).
Not killed, real gaps: the `condition = "always"` path of `zero_other_ships` spelled otherwise (2: no base card
uses it), GOT-X-19 in `eligible_support` made `or` or `break` (2: needs a port supporting its own sea, and a
neighbour after the skipped port), and `base_strength`'s GOT-X-5 `continue` made `break` (a Support order
removed by a card before step 5, with another declared area after it).
Pinned at the end of this file (2026-11-28), the gaps listed before: Salladhor Saan in a sea combat, GOT-X-19 (a
port supporting its own land area), the GOT-BLADE-1 trace text, GOT-X-5 (d) with a second area after the skipped
one and the per-order support declaration with two Houses.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Decision, Game
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.examples import e2, e6, fight_e2
from tests.domain.agot2.tables import RED_CARDS, act, board, card, card_set, new_game, only, seal, units
from tests.domain.agot2.test_golden_strength_pairs import duel
from tests.domain.agot2.test_mutants_aftermath import garrisoned_home
from tests.domain.agot2.test_mutants_combat_actions import e1_marched
from tests.domain.agot2.test_mutants_combat_support import port_game

CONTINUOUS = "continuous"


def ability(card_id: str, kind: str, **params: Any) -> dict[str, Any]:
    """`card_id` with a continuous ability of `kind`."""
    return card(card_id, {"kind": kind, "timing": CONTINUOUS, "params": params}, text=f"{kind} for the test")


def with_cards(*cards: dict[str, Any]) -> dict[str, Any]:
    """The house_cards option with `cards` in place of the text-less cards of the same ids."""
    return {"house_cards": card_set(replace={c["id"]: c for c in cards})}


def steps(decision: Decision, *rule_ids: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The trace steps of these rules, in order, as (rule id, text, numbers)."""
    return [(t.rule_id, t.text, dict(t.numbers)) for t in decision.trace if t.rule_id in rule_ids]


def sides(decision: Decision) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    resolved = dict(only(decision, "CombatResolved"))
    return resolved["attacker"], resolved["defender"], resolved


def test_the_e3_duel_traces_every_part_with_its_rule_and_numbers() -> None:
    """GOT-COMBAT-2 (footman 1, knight 2), STRENGTH-4 (March +0), STRENGTH-3 (Defense +1), STRENGTH-2 (initial
    strength), STRENGTH-7 (initial + card + text + Blade), RESOLVE-2 (tie: Blue 1st on Fiefdoms, Red 2nd),
    CASUALTY-1 (no swords: 0 due)."""
    decision = duel()
    assert steps(
        decision,
        "GOT-COMBAT-2",
        "GOT-STRENGTH-2",
        "GOT-STRENGTH-3",
        "GOT-STRENGTH-4",
        "GOT-STRENGTH-7",
        "GOT-RESOLVE-1",
        "GOT-RESOLVE-2",
        "GOT-CASUALTY-1",
    ) == [
        ("GOT-COMBAT-2", "attacker red: footman 1 + footman 1 = 2", {"units": 2}),
        ("GOT-STRENGTH-4", "attacker red: March +0", {"march": 0}),
        ("GOT-STRENGTH-2", "attacker red: initial strength 2", {"base": 2}),
        ("GOT-COMBAT-2", "defender blue: knight 2 = 2", {"units": 2}),
        ("GOT-STRENGTH-3", "defender blue: Defense +1", {"defense": 1}),
        ("GOT-STRENGTH-2", "defender blue: initial strength 3", {"base": 3}),
        (
            "GOT-STRENGTH-7",
            "attacker red: 2 initial + card 3 + text 0 + Blade 0 = 5",
            {"base": 2, "card": 3, "text": 0, "blade": 0, "total": 5},
        ),
        (
            "GOT-STRENGTH-7",
            "defender blue: 3 initial + card 2 + text 0 + Blade 0 = 5",
            {"base": 3, "card": 2, "text": 0, "blade": 0, "total": 5},
        ),
        ("GOT-RESOLVE-2", "tie 5 = 5; Fiefdoms red 2, blue 1 -> blue", {"fiefdoms": {"red": 2, "blue": 1}}),
        (
            "GOT-CASUALTY-1",
            "0 sword(s) - 0 fortification(s) = 0",
            {"swords": 0, "fortifications": 0, "casualties_due": 0},
        ),
    ]
    red, blue, resolved = sides(decision)
    assert (resolved["tie"], resolved["tie_broken_by"], resolved["winner"], resolved["loser"]) == (
        True,
        "fiefdoms",
        "blue",
        "red",
    )
    assert (red["card"], red["card_strength"], red["swords"], red["fortifications"]) == ("red_c3", 3, 0, 0)
    assert (blue["defense_order"], blue["march_order"], blue["garrison"], blue["unit_detail"]) == (1, 0, 0, ["knight"])


def test_a_routed_unit_is_traced_with_its_zero() -> None:
    """GOT-ROUT-2 「溃败单位不提供任何战力」: Blue's routed footman shows as 0 in the unit sum: 0 + 2 = 2 (units
    listed by id)."""
    decision = duel(blue_routed=("footman",))
    assert steps(decision, "GOT-COMBAT-2")[1] == (
        "GOT-COMBAT-2",
        "defender blue: footman (routed) 0 + knight 2 = 2",
        {"units": 2},
    )
    assert sides(decision)[1]["unit_detail"] == ["footman (routed)", "knight"]


def test_a_supporting_area_is_traced_with_its_units_and_special_bonus() -> None:
    """GOT-SUPPORT-2 and STRENGTH-5: Red's footman in L11 with Support +1 adds 1 + 1: initial 2 + 2 = 4, with the
    card 4 + 3 = 7."""
    decision = duel(red_support=(("footman",), "support_plus1"))
    entry = {"seat": "red", "area": "l11", "units": 1, "order_bonus": 1}
    assert steps(decision, "GOT-SUPPORT-2") == [
        (
            "GOT-SUPPORT-2",
            "1 unit(s) (footman) of red in l11 support the attacker = 1, special Support +1 (GOT-STRENGTH-5)",
            entry,
        )
    ]
    red, _, _ = sides(decision)
    assert (red["support"], red["base"], red["total"]) == ([entry], 4, 7)


def test_got_x_6_the_special_bonus_stays_when_the_units_add_something_even_if_so_chosen() -> None:
    """GOT-X-6 with `special_support_bonus_always = false`: the bonus is dropped only when the units add 0; a
    footman (1) keeps its Support +1: Red 2 + (1 + 1) + 3 = 7 against 5."""
    decision = duel(red_support=(("footman",), "support_plus1"), special_support_bonus_always=False)
    red, _, _ = sides(decision)
    assert (red["support"][0]["order_bonus"], red["total"]) == (1, 7)


def test_got_support_8_siege_engines_support_with_nothing_and_say_so() -> None:
    """GOT-SUPPORT-8 「攻城器械…支援…只在攻击城堡/要塞时」: a supporting siege engine outside a castle adds 0,
    its Support +0 adds 0, the step names SUPPORT-8."""
    decision = duel(red_support=(("siege_engine",), "support_0_a"))
    assert steps(decision, "GOT-SUPPORT-8") == [
        (
            "GOT-SUPPORT-8",
            "1 unit(s) (siege_engine) of red in l11 support the attacker = 0",
            {"seat": "red", "area": "l11", "units": 0, "order_bonus": 0},
        )
    ]


def test_got_strength_6_garrison_is_traced() -> None:
    decision = duel(home={"home_of": "blue", "garrison": 2})
    assert steps(decision, "GOT-STRENGTH-6") == [("GOT-STRENGTH-6", "garrison of blue's home area +2", {"garrison": 2})]
    assert sides(decision)[1]["total"] == 7


# --- GOT-CARD-4: the continuous effects, each on both sides of its condition ---


def test_bonus_if_unsupported_adds_strength_and_a_sword_to_a_lone_side() -> None:
    """Asha Greyjoy's kind: nobody supports Red: +1 strength (6 > 5, Red wins) and +1 sword (1 casualty due)."""
    asha = ability("red_c3", "bonus_if_unsupported", strength=1, swords=1)
    decision = duel(**with_cards(asha))
    red, _, resolved = sides(decision)
    assert red["card_text"] == [{"source": "red_c3", "amount": 1, "detail": "nobody supports this side"}]
    assert (red["total"], red["swords"], resolved["winner"], resolved["casualties_due"]) == (6, 1, "red", 1)
    assert steps(decision, "GOT-CARD-4") == [
        ("GOT-CARD-4", "red_c3: nobody supports this side (+1)", {"amount": 1}),
        ("GOT-CARD-4", "red_c3: nobody supports this side: +1 sword, +0 fort", {}),
    ]


def test_bonus_if_unsupported_adds_nothing_to_a_supported_side() -> None:
    """A footman supports Red from L11: no bonus; 2 + 1 + 3 = 6, no sword."""
    asha = ability("red_c3", "bonus_if_unsupported", strength=1, swords=1)
    red, _, resolved = sides(duel(red_support=(("footman",), "support_0_a"), **with_cards(asha)))
    assert (red["card_text"], red["total"], red["swords"], resolved["casualties_due"]) == ([], 6, 0, 0)


def test_bonus_if_defending_structure_gives_the_defender_of_a_castle_a_fortification() -> None:
    """Theon Greyjoy's kind on Blue in a castle: +1 fortification. Red (March +1, `red_c3s1`: 2 + 1 + 3 = 6, one
    sword) beats Blue's 5; 1 sword - 1 fortification = 0 casualties."""
    theon = ability("blue_c2", "bonus_if_defending_structure", fortifications=1)
    decision = duel(red_march="march_plus1", red_card="red_c3s1", home={"structure": "castle"}, **with_cards(theon))
    _, blue, resolved = sides(decision)
    assert (blue["fortifications"], blue["card_text"], resolved["winner"], resolved["casualties_due"]) == (
        1,
        [],
        "red",
        0,
    )
    assert steps(decision, "GOT-CARD-4") == [("GOT-CARD-4", "blue_c2: defending a castle: +0 sword, +1 fort", {})]


def test_bonus_if_defending_structure_gives_nothing_outside_a_structure() -> None:
    """The same without a castle: no fortification, 1 sword - 0 = 1 casualty due."""
    theon = ability("blue_c2", "bonus_if_defending_structure", fortifications=1)
    decision = duel(red_march="march_plus1", red_card="red_c3s1", **with_cards(theon))
    _, blue, resolved = sides(decision)
    assert (blue["fortifications"], resolved["casualties_due"]) == (0, 1)


def test_bonus_if_defending_structure_gives_nothing_to_the_attacker_of_a_castle() -> None:
    """On Red's card, attacking the castle: no +1 strength; 5 against 5 stays Blue's tie."""
    theon = ability("red_c3", "bonus_if_defending_structure", strength=1)
    red, _, resolved = sides(duel(home={"structure": "castle"}, **with_cards(theon)))
    assert (red["total"], resolved["winner"]) == (5, "blue")


def test_bonus_if_card_discarded_counts_when_the_named_card_is_in_the_discard_pile() -> None:
    """Ser Davos's kind: `red_c1` in Red's discard pile: +1 strength and +1 sword: 6 > 5, 1 casualty due."""
    davos = ability("red_c3", "bonus_if_card_discarded", card="red_c1", strength=1, swords=1)
    piles = {"hands": {"red": [c for c in RED_CARDS if c != "red_c1"]}, "discards": {"red": ["red_c1"]}}
    decision = duel(position=piles, **with_cards(davos))
    red, _, resolved = sides(decision)
    assert red["card_text"] == [{"source": "red_c3", "amount": 1, "detail": "red_c1 is in the discard pile"}]
    assert (red["total"], red["swords"], resolved["casualties_due"]) == (6, 1, 1)


def test_bonus_if_card_discarded_adds_nothing_while_the_card_is_in_hand() -> None:
    davos = ability("red_c3", "bonus_if_card_discarded", card="red_c1", strength=1, swords=1)
    red, _, _ = sides(duel(**with_cards(davos)))
    assert (red["card_text"], red["total"], red["swords"]) == ([], 5, 0)


def test_strength_if_opponent_higher_adds_when_the_opponent_is_above_on_the_track() -> None:
    """Stannis Baratheon's kind on Blue: Red is 1st on the Iron Throne, Blue 2nd: +1, Blue 6 > 5."""
    stannis = ability("blue_c2", "strength_if_opponent_higher", track="iron_throne", strength=1)
    decision = duel(**with_cards(stannis))
    _, blue, resolved = sides(decision)
    assert blue["card_text"] == [
        {"source": "blue_c2", "amount": 1, "detail": "opponent higher on the iron_throne track"}
    ]
    assert (blue["total"], resolved["winner"], resolved["tie"]) == (6, "blue", False)
    assert steps(decision, "GOT-CARD-4") == [
        ("GOT-CARD-4", "blue_c2: opponent higher on the iron_throne track (+1)", {"amount": 1})
    ]


def test_strength_if_opponent_higher_adds_nothing_when_the_opponent_is_below() -> None:
    """On Red's card: Blue is below Red on the Iron Throne: nothing; 5 = 5, Blue's tie."""
    stannis = ability("red_c3", "strength_if_opponent_higher", track="iron_throne", strength=1)
    red, _, _ = sides(duel(**with_cards(stannis)))
    assert (red["card_text"], red["total"]) == ([], 5)


def test_icon_by_role_gives_the_attacker_its_icons_and_strength() -> None:
    """Nymeria Sand's kind on Red as attacker: +1 strength, +1 sword: 6 > 5 and 1 casualty due."""
    nymeria = ability("red_c3", "icon_by_role", attacker={"swords": 1, "strength": 1}, defender={"fortifications": 2})
    decision = duel(**with_cards(nymeria))
    red, _, resolved = sides(decision)
    assert (red["total"], red["swords"], red["fortifications"], resolved["casualties_due"]) == (6, 1, 0, 1)
    assert steps(decision, "GOT-CARD-4") == [
        ("GOT-CARD-4", "red_c3: as attacker (+1)", {"amount": 1}),
        ("GOT-CARD-4", "red_c3: as attacker, icons {'swords': 1, 'strength': 1}", {}),
    ]


def test_icon_by_role_gives_the_defender_its_fortifications() -> None:
    """The same card on Blue as defender: +2 fortifications; Red (March +1, `red_c3s1`, 6 > 5) wins with 1 sword,
    1 - 2 -> 0 casualties (GOT-CASUALTY-1)."""
    nymeria = ability("blue_c2", "icon_by_role", attacker={"swords": 1}, defender={"fortifications": 2})
    decision = duel(red_march="march_plus1", red_card="red_c3s1", **with_cards(nymeria))
    _, blue, resolved = sides(decision)
    assert (blue["swords"], blue["fortifications"], blue["card_text"], resolved["casualties_due"]) == (0, 2, [], 0)


def test_double_defense_order_counts_the_defense_bonus_twice() -> None:
    """Catelyn Stark's kind on Blue: Defense +1 counts x2: +1 text, Blue 6 > 5."""
    catelyn = ability("blue_c2", "double_defense_order", factor=2)
    decision = duel(**with_cards(catelyn))
    _, blue, resolved = sides(decision)
    assert blue["card_text"] == [{"source": "blue_c2", "amount": 1, "detail": "Defense order counts x2"}]
    assert (blue["total"], resolved["winner"]) == (6, "blue")


def test_zero_opponent_card_strength_takes_the_printed_strength_away() -> None:
    """Balon Greyjoy's kind on Blue: Red's printed 3 counts 0: Red 2 + 3 - 3 = 2 against 5."""
    balon = ability("blue_c2", "zero_opponent_card_strength")
    decision = duel(**with_cards(balon))
    red, _, resolved = sides(decision)
    assert red["card_text"] == [{"source": "blue_c2", "amount": -3, "detail": "printed card strength counts 0"}]
    assert (red["total"], resolved["winner"]) == (2, "blue")
    assert steps(decision, "GOT-CARD-4") == [
        ("GOT-CARD-4", "blue_c2: printed card strength counts 0 (-3)", {"amount": -3})
    ]


def test_unit_strength_counts_own_fighting_units_of_the_type() -> None:
    """Victarion's kind on Red: footmen count 2 each: 2 x (2 - 1) = +2, Red 7."""
    kevan = ability("red_c3", "unit_strength", unit="footman", strength=2, includes_support=False)
    red, _, _ = sides(duel(red_support=(("footman",), "support_0_a"), **with_cards(kevan)))
    assert red["card_text"] == [{"source": "red_c3", "amount": 2, "detail": "2 footman(s) count 2 each"}]
    assert red["total"] == 2 + 1 + 3 + 2


def test_unit_strength_with_support_counts_the_owner_s_supporting_units_too() -> None:
    """Kevan Lannister's kind: footmen count 2 each, supporting ones too: 2 fighting + 2 in L11 = 4 x (2 - 1)."""
    kevan = ability("red_c3", "unit_strength", unit="footman", strength=2, includes_support=True)
    red, _, _ = sides(duel(red_support=(("footman", "footman", "knight"), "support_0_a"), **with_cards(kevan)))
    assert red["card_text"] == [{"source": "red_c3", "amount": 4, "detail": "4 footman(s) count 2 each"}]
    assert red["total"] == 2 + 4 + 3 + 4


def test_unit_strength_leaves_routed_units_out() -> None:
    """On Blue: a knight, a footman and a routed footman; only the standing footman counts 2 (+1). GOT-ROUT-2:
    a routed unit adds nothing, card text included. Blue 2 + 1 + 0 + 1 + 2 + 1 = 7."""
    card_ = ability("blue_c2", "unit_strength", unit="footman", strength=2, includes_support=False)
    _, blue, _ = sides(duel(blue=("knight", "footman"), blue_routed=("footman",), **with_cards(card_)))
    assert blue["card_text"] == [{"source": "blue_c2", "amount": 1, "detail": "1 footman(s) count 2 each"}]
    assert blue["total"] == 7


def test_unit_strength_for_another_role_adds_nothing() -> None:
    """`role: defender` on the attacker's card: nothing."""
    card_ = ability("red_c3", "unit_strength", unit="footman", strength=2, includes_support=False, role="defender")
    red, _, _ = sides(duel(**with_cards(card_)))
    assert (red["card_text"], red["total"]) == ([], 5)


# --- GOT-X-7: negative totals ---


def test_got_x_7_a_negative_total_compares_as_zero_and_is_traced() -> None:
    """Red: a siege engine outside a castle (0, GOT-COMBAT-3) with March -1 and `red_c1` (1) whose printed
    strength Blue's card zeroes: 0 - 1 + 1 - 1 = -1, compared as 0 against Blue's 5."""
    balon = ability("blue_c2", "zero_opponent_card_strength")
    decision = duel(red=("siege_engine",), red_march="march_minus1", red_card="red_c1", **with_cards(balon))
    assert steps(decision, "GOT-X-7") == [("GOT-X-7", "negative totals compare as 0: -1 -> 0, 5 -> 5", {})]
    assert steps(decision, "GOT-RESOLVE-1") == [("GOT-RESOLVE-1", "5 > 0 -> blue", {"attacker": 0, "defender": 5})]


def test_got_x_7_off_compares_the_negative_total_as_it_is() -> None:
    balon = ability("blue_c2", "zero_opponent_card_strength")
    decision = duel(
        red=("siege_engine",),
        red_march="march_minus1",
        red_card="red_c1",
        floor_total_strength_at_zero=False,
        **with_cards(balon),
    )
    assert steps(decision, "GOT-X-7") == []
    assert steps(decision, "GOT-RESOLVE-1") == [("GOT-RESOLVE-1", "5 > -1 -> blue", {"attacker": -1, "defender": 5})]


def sea_combat_with_salladhor_saan(supported: bool = True) -> Game:
    """Baratheon's two ships march from s1 into s2, supported by its ship in s3; Lannister holds s2 with a ship and
    a routed ship (Defense +1). Baratheon plays Salladhor Saan (1), Lannister The Hound (2)."""
    b = board({"s1": "sea", "s2": "sea", "s3": "sea", "far": "land"}, [("s1", "s2"), ("s2", "s3"), ("s3", "far")])
    placed = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": units("baratheon", "s1", "ship", "ship")
        + units("baratheon", "s3", "ship")
        + units("lannister", "s2", "ship")
        + units("lannister", "s2", "ship", routed=True, first=2),
        "orders": [
            {"area": "s1", "seat": "baratheon", "token": "march_0"},
            {"area": "s2", "seat": "lannister", "token": "defense_plus1_a"},
            {"area": "s3", "seat": "baratheon", "token": "support_0_a"},
        ],
    }
    game = new_game(b, ("baratheon", "lannister"), {"kings_court_stars": [3, 2], "position": placed})
    ships = ["baratheon:ship:s1:1", "baratheon:ship:s1:2"]
    game, _ = act(game, "march", "baratheon", from_area="s1", moves=[{"to_area": "s2", "units": ships}])
    cid = game.state.combat.combat_id
    if not supported:
        game, _ = act(game, "refuse_support", "baratheon", combat_id=cid)
        return game
    game, _ = act(game, "declare_support", "baratheon", combat_id=cid, side="attacker")
    return game


def test_got_card_4_salladhor_saan_zeroes_the_fighting_ships_of_other_houses_in_a_sea_combat() -> None:
    """Salladhor Saan: „If anyone supports you in this combat, every ship not of your House adds 0 combat
    strength” (house_cards_base.json). Baratheon is supported: its own ships keep 1 each (2 fighting + 1 supporting
    + March 0 = 3, card 1: 4); Lannister's fighting ship adds 0 (-1), its routed ship added 0 already (GOT-ROUT-1):
    1 + 0 + Defense 1 = 2, The Hound 2, text -1: 3."""
    _, decision = seal(
        sea_combat_with_salladhor_saan(),
        "house_card",
        {"baratheon": {"card": "baratheon_salladhor_saan"}, "lannister": {"card": "lannister_the_hound"}},
    )
    attacker, defender, _ = sides(decision)
    assert (attacker["base"], attacker["card_text"], attacker["total"]) == (3, [], 4)
    assert defender["card_text"] == [
        {"source": "baratheon_salladhor_saan", "amount": -1, "detail": "1 ship(s) not of baratheon add 0"}
    ]
    assert (defender["base"], defender["total"]) == (2, 3)
    assert steps(decision, "GOT-CARD-4") == [
        ("GOT-CARD-4", "Salladhor Saan: 1 ship(s) not of baratheon add 0 (-1)", {"amount": -1})
    ]


def test_got_blade_1_the_blade_s_plus_one_is_traced_e6() -> None:
    """GOT-BLADE-1 (catalog E6): Red uses the Blade for +1, 6 -> 7; the trace names the seat and the +1."""
    attackers = ["red:footman:l19:1", "red:footman:l19:2", "red:footman:l19:3"]
    game, _ = act(e6(), "march", "red", from_area="l19", moves=[{"to_area": "l21", "units": attackers}])
    game, _ = act(game, "declare_support", "blue", combat_id=game.state.combat.combat_id, side="defender")
    game, _ = seal(game, "house_card", {"red": {"card": "red_c4"}, "blue": {"card": "blue_c1"}})
    _, used = act(game, "use_blade", "red", combat_id=game.state.combat.combat_id)
    assert steps(used, "GOT-BLADE-3", "GOT-BLADE-1") == [
        ("GOT-BLADE-3", "red uses the Blade", {}),
        ("GOT-BLADE-1", "red: Valyrian Steel Blade +1", {"blade": 1}),
    ]
    assert only(used, "CombatResolved")["attacker"]["blade"] == 1


def supporters_after_the_march(
    unit_list: list[dict[str, Any]], orders: list[tuple[str, str, str]], **options: Any
) -> Any:
    """Who is asked to declare support when Red's knight (l1) marches on Blue's footman in l2 (l3, l4 and l5 lie
    next to l2); turn order Red, Blue, Green."""
    game = deviations._game(
        "adjudicated",
        deviations.FIGHT_AREAS,
        deviations.FIGHT_EDGES,
        units("red", "l1", "knight") + units("blue", "l2", "footman") + unit_list,
        [("l1", "red", "march_0"), *orders],
        seats=deviations.RBG,
        **options,
    )
    game = deviations._act(
        game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}]
    )
    return game.state.combat.supporters


def test_got_x_5_d_an_order_over_routed_units_only_is_skipped_and_the_next_one_still_counts() -> None:
    """GOT-X-5 (d): „Its area holds at least one non-routed unit”: Red's l3 order (a routed footman) is not
    eligible, its l5 order (a footman) is."""
    unit_list = units("red", "l3", "footman", routed=True, first=2) + units("red", "l5", "footman", first=3)
    orders = [("l3", "red", "support_0_a"), ("l5", "red", "support_0_b")]
    assert supporters_after_the_march(unit_list, orders) == (("red", ("l5",)),)


def test_got_x_4_per_order_each_order_is_asked_in_turn_order() -> None:
    """GOT-X-4 `"per_order"`: „lets each order choose separately, still in turn order”: Red's l4, Red's l5, then
    Green's l3 (per seat, Red would be asked once for l4 and l5)."""
    unit_list = units("green", "l3", "footman") + units("red", "l4", "footman", first=2)
    unit_list += units("red", "l5", "footman", first=3)
    orders = [("l3", "green", "support_0_a"), ("l4", "red", "support_0_a"), ("l5", "red", "support_0_b")]
    assert supporters_after_the_march(unit_list, orders, support_declaration="per_order") == (
        ("red", ("l4",)),
        ("red", ("l5",)),
        ("green", ("l3",)),
    )
    assert supporters_after_the_march(unit_list, orders) == (("red", ("l4", "l5")), ("green", ("l3",)))


def test_got_x_19_a_port_is_not_asked_to_support_its_own_land_area() -> None:
    """GOT-X-19: „a port never supports its own linked land area”: of Red's p2 (the port of l2) and l3, only l3
    is asked when Red attacks l2."""
    assert port_game("adjudicated").state.combat.supporters == (("red", ("l3",)),)


def test_got_card_4_salladhor_saan_zeroes_nothing_when_nobody_supports_its_owner() -> None:
    """Salladhor Saan's condition: „If anyone supports you in this combat”: Baratheon's s3 ship refuses, so
    Lannister's ship keeps its 1 (1 + 0 + Defense 1 = 2, The Hound 2: 4)."""
    game = sea_combat_with_salladhor_saan(supported=False)
    _, decision = seal(
        game,
        "house_card",
        {"baratheon": {"card": "baratheon_salladhor_saan"}, "lannister": {"card": "lannister_the_hound"}},
    )
    attacker, defender, _ = sides(decision)
    assert (attacker["total"], defender["card_text"], defender["total"]) == (3, [], 4)


def test_got_combat_3_support_8_the_e2a_trace_values_each_siege_engine() -> None:
    """E2a (catalog §6): „siege 4 + footman 1 = 5” against a castle, the L7 siege engine supports with 4, Blue's
    L8 siege engine supports the defender with 0 (GOT-SUPPORT-8)."""
    _, decision, _ = fight_e2(e2("castle"))
    assert [(r, t, n["units"]) for r, t, n in steps(decision, "GOT-COMBAT-2", "GOT-COMBAT-3", "GOT-SUPPORT-8")] == [
        ("GOT-COMBAT-3", "attacker red: siege_engine 4 + footman 1 = 5", 5),
        ("GOT-SUPPORT-8", "1 unit(s) (siege_engine) of red in l7 support the attacker = 4", 4),
        ("GOT-COMBAT-2", "defender blue: knight 2 = 2", 2),
        ("GOT-SUPPORT-8", "1 unit(s) (siege_engine) of blue in l8 support the defender = 0", 0),
    ]


def test_got_x_3_a_home_area_held_by_its_garrison_alone_has_no_units_to_count() -> None:
    """GOT-X-3 / STRENGTH-6: Blue's home is defended by its garrison of 2 only: no units (0), garrison +2."""
    _, decision = seal(garrisoned_home(), "house_card", {"red": {"card": "red_c1"}, "blue": {"card": "blue_c1"}})
    assert [(r, t) for r, t, _ in steps(decision, "GOT-COMBAT-2", "GOT-STRENGTH-6")] == [
        ("GOT-COMBAT-2", "attacker red: knight 2 = 2"),
        ("GOT-COMBAT-2", "defender blue: no units = 0"),
        ("GOT-STRENGTH-6", "garrison of blue's home area +2"),
    ]


def test_got_support_2_the_e1_trace_names_both_kinds_of_supporting_units() -> None:
    """E1 (catalog §6): Green's knight and footman in L3 support Blue: 2 + 1 = 3, with the special Support +1."""
    game, cid = e1_marched()
    game, _ = act(game, "declare_support", "green", combat_id=cid, side="defender")
    _, declared = act(game, "declare_support", "red", combat_id=cid, side="attacker")
    assert [t for _, t, _ in steps(declared, "GOT-SUPPORT-2")] == [
        "2 unit(s) (footman, knight) of green in l3 support the defender = 3, special Support +1 (GOT-STRENGTH-5)"
    ]
