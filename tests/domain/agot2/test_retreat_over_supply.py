"""GOT-RETREAT-5 when the House is already over its supply limit without the retreat (QA rulings pass, agot2 1.1.0).

The seed: 「如果撤退单位因撤退至有己方单位的区域，而导致超过补给上限，玩家不能选择这种撤退。如果玩家只能撤退到这样的
区域，他必须首先消灭部分撤退单位以满足补给上限，然后，再进行这种撤退。」 -- if retreating into an area of his own
units *causes* (因…而导致) the player to exceed his supply limit, he may not choose that retreat; if only such areas are
left he must first destroy *some of the retreating units* to meet the limit, and then retreat. A House whose armies
were already over the limit (a supply cut entered with adjust, GOT-X-25, or an arbiter's position) is not put over
it by the retreat: from 1.1.0 the retreat is held to the excess it adds, and 1.0.0 keeps closing every such area.

The table: Red marches from a into b and wins. Blue's only open area is c (a is the march origin, GOT-RETREAT-4),
where one Blue footman stands; Blue's supply is [3, 2] and its army of 4 in x is over it by one unit.
"""

from __future__ import annotations

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, start
from domain.platform import decide_action
from domain.rulesets.agot2 import AGOT2, AGOT2_1_0_0, Agot2Ruleset
from domain.rulesets.agot2.data import BASE_BOARD
from domain.rulesets.agot2.retreat import excess_over_supply
from tests.domain.agot2.tables import act, board, card_set, combat_id, new_game, seal, units

OVER_BY_ONE = units("blue", "x", "footman", "footman", "footman", "footman")


def blue_beaten_in_b(defenders: int, ruleset: Agot2Ruleset = AGOT2) -> Decision:
    """Red's two knights from a beat Blue's `defenders` footmen in b (7 against 4 or less, one sword: one casualty,
    Blue's first footman)."""
    b = board({"a": "land", "b": "land", "c": "land", "x": "land"}, [("a", "b"), ("b", "c"), ("c", "x")])
    blue = units("blue", "b", *["footman"] * defenders) + units("blue", "c", "footman") + OVER_BY_ONE
    position = {
        "phase": "action",
        "step": "march",
        "blade_used": True,
        "units": units("red", "a", "knight", "knight") + blue,
        "orders": [{"area": "a", "seat": "red", "token": "march_0"}],
    }
    tracks = {t: ["red", "blue"] for t in ("iron_throne", "fiefdoms", "kings_court")}
    options = {"tracks": tracks, "house_cards": card_set(), "position": position, "supply_limits": {"blue": [3, 2]}}
    game = new_game(b, ("red", "blue"), {**options, "kings_court_stars": [3, 2]}, ruleset=ruleset)
    moves = [{"to_area": "b", "units": ["red:knight:a:1", "red:knight:a:2"]}]
    game, _ = act(game, "march", "red", from_area="a", moves=moves)
    game, _ = seal(game, "house_card", {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1"}})
    _, decision = act(game, "choose_casualties", "blue", combat_id=combat_id(game), units=["blue:footman:b:1"])
    return decision


def retreats(decision: Decision) -> list[tuple[str | None, list[str]]]:
    return [(e.data["to_area"], list(e.data["destroy"])) for e in decision.events if e.type == "RetreatChosen"]


def destroyed(decision: Decision) -> list[tuple[str, list[str]]]:
    return [(e.data["reason"], list(e.data["units"])) for e in decision.events if e.type == "UnitsDestroyed"]


def test_got_x_17_excess_is_the_fewest_units_lost_to_fit_the_supply() -> None:
    assert excess_over_supply([("x", 4), ("c", 2)], (3, 2)) == 1  # x down to 3
    assert excess_over_supply([("x", 4), ("c", 3)], (3, 2)) == 2  # and c down to 2
    assert excess_over_supply([("x", 3), ("c", 2), ("d", 2)], (3, 2)) == 1  # d to a single unit, no army
    assert excess_over_supply([("x", 3), ("c", 2)], (3, 2)) == 0


def test_got_retreat_5_a_retreat_that_adds_no_excess_is_open_to_a_house_already_over_supply() -> None:
    # 2 footmen in b, one dies; the other joins c: c becomes an army of 2, x stays 4 -- over by one unit, as before.
    decision = blue_beaten_in_b(defenders=2)

    assert retreats(decision) == [("c", [])]
    assert destroyed(decision) == []
    moved = [e.data["units"] for e in decision.events if e.type == "UnitsRetreated"]
    assert moved == [["blue:footman:b:2"]]


def test_got_retreat_5_the_house_destroys_first_only_the_retreating_units_its_retreat_would_add_over_supply() -> None:
    # 3 footmen in b, one dies; both survivors into c would make it 3 with x 4 (over by 2): one is destroyed first.
    decision = blue_beaten_in_b(defenders=3)

    [(area, destroy)] = retreats(decision)
    assert area == "c" and len(destroy) == 1 and destroy[0] in ("blue:footman:b:2", "blue:footman:b:3")
    assert destroyed(decision) == [("supply_limit", destroy)]


def test_got_retreat_6_under_1_0_0_an_area_that_leaves_the_house_over_supply_stays_closed() -> None:
    # 1.0.0 (recorded games keep it): the armies after the retreat must fit, so c is closed whatever Blue destroys,
    # no area is left and the footman is destroyed (GOT-RETREAT-6).
    decision = blue_beaten_in_b(defenders=2, ruleset=AGOT2_1_0_0)

    assert retreats(decision) == [(None, [])]
    assert destroyed(decision) == [("no_legal_retreat", ["blue:footman:b:2"])]


# --- a position over supply: accepted, and said so (GOT-X-17) ---

SEATS = ("stark", "lannister", "baratheon")


def standard_game() -> Game:
    """The printed set-up of three Houses (GOT-X-29): Stark's footman and knight in Winterfell, supply [3, 2]."""
    created = Event(
        "GameCreated",
        {
            "game_id": "g",
            "title": "supply",
            "ruleset": "agot2",
            "ruleset_version": AGOT2.version,
            "variant": None,
            "options": dict(AGOT2.default_options),
            "board": "base",
            "seats": [{"seat": s, "player": None} for s in SEATS],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
        },
    )
    return start(AGOT2, created, BASE_BOARD)


def test_got_x_17_a_position_over_supply_is_accepted_with_a_note_naming_the_house_and_its_excess() -> None:
    game = standard_game()
    position = AGOT2.position_of(game)
    position["supply"]["stark"] = [2]
    position["units"]["winterfell"].append(
        {"house": "stark", "kind": "footman", "routed": False, "id": "stark:footman:winterfell:9"}
    )
    seats = list(game.meta.seats)

    assert AGOT2.position_errors(position, game.meta.options, BASE_BOARD, seats) == []
    [note] = AGOT2.position_notes(position, game.meta.options, BASE_BOARD, seats)
    assert (note.path, note.rule_id) == ("/supply/stark", "GOT-X-17")
    assert "3 in winterfell" in note.message and "[2]" in note.message and "1 unit(s) over" in note.message
    assert AGOT2.position_notes(AGOT2.position_of(game), game.meta.options, BASE_BOARD, seats) == []


def test_got_x_17_an_adjust_that_cuts_supply_under_the_armies_is_recorded_and_its_trace_says_so() -> None:
    game = standard_game()
    cut = Action(
        "adjust",
        None,
        {"reason": "Supply card: Stark drops", "changes": [{"op": "set", "path": "/supply_limits/stark", "value": []}]},
        Authority.ARBITER,
    )

    decision = decide_action(AGOT2, game, cut, Inputs("2026-01-01T12:00:00Z"))

    assert not decision.violations and [e.type for e in decision.events] == ["StateAdjusted"]
    notes = [t for t in decision.trace if t.rule_id == "GOT-X-17"]
    assert len(notes) == 1 and notes[0].text.startswith("kept, but /supply/stark: stark's armies (2 in winterfell)")
