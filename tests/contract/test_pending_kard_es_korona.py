"""`pending` of Kard és Korona (issue 15, point 2): random games played from its choices alone, and situations
worked from the rulebook (the first player, the castle's room, the steps left and what each county costs, the
release of unpinned defenders, leaving, the turn position, a final tie); battles, the lords' fates and the court
are in test_pending_kard_es_korona_situations.py.

The random table is the platform's pending-only player (pending_play.py), seated at a table that seldom takes the
choices no rule ever waits for (leaving, handing over money, selling an office): offered at every version they
would be picked as often as the turn's own business, and the game would end by everyone leaving in its first year.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Action, Authority, Game, Inputs, Ruleset, Viewer
from domain.pending import SEAL, Option, Pending, Waiting
from domain.platform import PLATFORM_RULES, decide_action
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.state import FIRST_PLAYER, NEUTRAL_PLACEMENT, PLACEMENT
from tests.contract.pending_play import Played, check_pending, created, play
from tests.domain.kard_es_korona.builders import THREE, act, new_game, position, set_up
from tests.domain.kard_es_korona.builders import play as play_actions
from tests.domain.kard_es_korona.election_helpers import at_election
from tests.domain.kard_es_korona.test_battle_rules import e1_battle
from tests.domain.kard_es_korona.test_defeat import YELLOW, lords_battle
from tests.domain.kard_es_korona.test_pinning import moving as pinning_moving
from tests.domain.kard_es_korona.test_pinning import step as pinning_step
from tests.domain.kard_es_korona.test_retreat import BLUE, GUARDS, LORDS_AWAY, PTD, RED
from tests.domain.kard_es_korona.test_turn_order import traditional

# KK-SETUP-1..5: seatings the rules allow, by number of players.
SEATINGS = {
    3: ("felvidek", "erdely", "szlavonia"),
    4: ("felvidek", "tiszahat", "delvidek", "szlavonia"),
    5: ("felvidek", "tiszahat", "erdely", "delvidek", "pannonia"),
    6: ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia"),
}
SETUP_PHASES = (FIRST_PLAYER, PLACEMENT, NEUTRAL_PLACEMENT, "garrison_substitution")
NOW = Inputs("2026-01-01T12:00:00Z")
# Choices no rule waits for: a table that took them as often as its turn would not get far.
SELDOM = frozenset({"leave_game", "transfer_money", "offer_office"})


class SeldomLeaving:
    """Kard és Korona as it is, but its `pending` offers the choices in SELDOM only at one version in `every`,
    and remembers every phase and action type it offered."""

    def __init__(self, every: int = 61) -> None:
        self._every = every
        self.phases: Counter[str] = Counter()
        self.offered: Counter[str] = Counter()
        self.cited: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(KARD_ES_KORONA, name)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        found = KARD_ES_KORONA.pending(game, viewer)
        if viewer.arbiter:
            self.phases[found.phase] += 1
            self.offered.update(o.type for w in found.waiting for o in w.options)
            self.cited.update(rule for w in found.waiting for o in w.options for rule in (*o.rule_ids, found.rule_id))
        if game.version % self._every == 0:
            return found
        kept = (Waiting(w.seat, tuple(o for o in w.options if o.type not in SELDOM), w.reason) for w in found.waiting)
        return replace(found, waiting=tuple(w for w in kept if w.options))


def random_game(seats: int, seed: int, steps: int, variant: str = "basic") -> tuple[Played, SeldomLeaving]:
    table = SeldomLeaving()
    ruleset: Ruleset[Any] = table  # the same ruleset, but for what it offers
    event = created(KARD_ES_KORONA, SEATINGS[seats], options={"variant": variant}, board=variant)
    return play(ruleset, event, SHIPPED_BOARDS[variant], random.Random(seed), steps=steps), table


@settings(max_examples=8, deadline=None)
@given(
    st.sampled_from(sorted(SEATINGS)), st.integers(min_value=0, max_value=2**32), st.sampled_from(("basic", "advanced"))
)
def test_random_games_played_from_pending_alone_get_past_setup_into_the_years(
    seats: int, seed: int, variant: str
) -> None:
    """KK-TURN-1..5: a table that only ever sends what `pending` offers sets up and plays its years."""
    played, table = random_game(seats, seed, steps=300, variant=variant)

    state = played.game.state
    assert state.year >= 1301 and state.phase not in SETUP_PHASES
    assert len(played.steps) == 300 or played.game.meta.ended  # every step found a choice until the end
    assert table.phases["event"] and table.phases["movement"]


def test_random_games_reach_battles_elections_and_the_lords_fates() -> None:
    """Across a few games every part of the year is offered: battles, their casualties, elections and their bids,
    and on the advanced map retreats (KK-ADV-5)."""
    phases: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    cited: set[str] = set()
    for seats, seed, variant in ((4, 1, "basic"), (6, 2, "basic"), (4, 3, "advanced"), (6, 4, "advanced")):
        _, table = random_game(seats, seed, steps=220, variant=variant)
        phases.update(table.phases)
        offered.update(table.offered)
        cited |= table.cited

    assert phases["battle"] and phases["election"]
    for action_type in ("select_battle", "fight_exchange", "assign_casualties", "lead_arm", SEAL, "retreat", "stay"):
        assert offered[action_type], f"{action_type} was never offered"
    assert offered["leave_game"] and offered["transfer_money"]
    assert cited <= {*KARD_ES_KORONA.rulebook, *PLATFORM_RULES}  # every option cites rules of the catalog


# --- situations worked from the rulebook ---


def arbiter_pending(game: Game) -> Pending:
    return check_pending(KARD_ES_KORONA, game)


def option_of(pending: Pending, seat: str | None, action_type: str) -> Option:
    return next(o for w in pending.waiting if w.seat == seat for o in w.options if o.type == action_type)


def seats_offering(pending: Pending, action_type: str) -> list[str | None]:
    return [w.seat for w in pending.waiting if any(o.type == action_type for o in w.options)]


def test_kk_turn_3_the_table_rolls_for_the_first_player_or_names_him() -> None:
    """KK-TURN-3: before anyone places, every player rolls one die (or the players agree who starts)."""
    pending = arbiter_pending(new_game())

    assert pending.phase == FIRST_PLAYER and pending.rule_id == "KK-TURN-3"
    assert option_of(pending, None, "roll_for_first_player").choices == ({},)
    named = option_of(pending, None, "choose_first_player")
    assert [c["player"] for c in named.choices] == list(THREE) and named.rule_ids == ("KK-TURN-3",)


def year_begun(garrison: Force, treasury: int, year: int) -> Game:
    """`year` after its event card, Red first: Red holds his castles pannonia_k1 with `garrison` and pannonia_k2
    with a guard; from 1302 on each castle with units yields 3 garas (KK-ECON-1/2)."""
    game = set_up(PTD)
    units = {**GUARDS, "pannonia_k1": {RED: garrison}}
    money = {RED: treasury, BLUE: 0, "delvidek": 0}
    game = position(game, units, lords=LORDS_AWAY, treasury=money, year=year, starting_player=RED)
    return play_actions(game, act("draw_event", RED, card="veres_kard"))


def test_kk_castle_3_kk_recruit_5_a_castle_with_three_units_takes_one_more_infantry_two_archers_two_knights() -> None:
    """KK-CASTLE-2/3 (basic, over 4 units no arm above half rounded up) and KK-RECRUIT-5 (2 new cavalry per castle):
    2 infantry + 1 archer take 1 infantry (a 4th: 4 of 5 > 3), 2 archers (3 of 5; a 4th archer of 6 > 3) and 2
    cavalry (the yearly cap per castle, though the castle would hold more)."""
    pending = arbiter_pending(year_begun(Force(infantry=2, archer=1), treasury=30, year=1302))

    recruit = option_of(pending, RED, "recruit")
    assert recruit.fields["treasury"] == 36  # 30 and two castles' income
    assert recruit.fields["castles"]["pannonia_k1"]["room"] == {"cavalry": 2, "infantry": 1, "archer": 2}
    assert recruit.fields["prices"] == {"infantry": 5, "archer": 5, "cavalry": 9}  # KK-RECRUIT-2
    assert {"KK-RECRUIT-1", "KK-CASTLE-2"} <= set(recruit.rule_ids) and not recruit.exhaustive
    for choice in recruit.choices:  # within the treasury and the room
        bought = choice["purchases"]
        assert sum(p["count"] * recruit.fields["prices"][p["arm"]] for p in bought) <= 36
    assert option_of(pending, RED, "pass").choices == ({},)
    assert seats_offering(pending, "recruit") == [RED]  # KK-RECRUIT-1: in turn order


def test_kk_recruit_2_six_garas_buy_one_foot_soldier_and_never_a_knight() -> None:
    """KK-RECRUIT-2: infantry and archers cost 5 garas, cavalry 9: the 6 garas of two castles' income buy one."""
    pending = arbiter_pending(year_begun(Force(infantry=2, archer=1), treasury=0, year=1302))

    recruit = option_of(pending, RED, "recruit")
    assert recruit.fields["treasury"] == 6
    bought = [p for choice in recruit.choices for p in choice["purchases"]]
    assert bought and all(len(c["purchases"]) == 1 for c in recruit.choices)
    assert {(p["arm"], p["count"]) for p in bought} <= {("infantry", 1), ("archer", 1)}


def moving() -> Game:
    """1301's movement, Red first with 3 cavalry and 1 infantry in pannonia_k1 (nobody has money to recruit)."""
    game = year_begun(Force(cavalry=3, infantry=1), treasury=0, year=1301)
    assert game.state.phase == "movement" and game.state.turn == RED
    return game


def test_kk_move_3_steps_left_after_a_step_and_kk_move_8_what_each_county_costs() -> None:
    """KK-MOVE-3: castles held + 2 steps (Red holds pannonia_k1 and pannonia_k2: 4); KK-MOVE-8/9/10: 1 MP a county,
    +1 into mountain or swamp, +1 across a major river; infantry has 2 MP, cavalry 4 (KK-MOVE-7)."""
    game = moving()
    before = option_of(arbiter_pending(game), RED, "move")
    assert before.fields["steps"] == {"allowance": 4, "taken": 0, "left": 4}

    knight = {"from": "pannonia_k1", "units": {"cavalry": 1}}
    game = play_actions(game, act("move", RED, to="pannonia_a", groups=[knight]))
    assert seats_offering(arbiter_pending(game), "move") == [BLUE]  # KK-MOVE-1: one step each in turn
    game = play_actions(game, act("pass", BLUE), act("pass", "delvidek"))
    after = option_of(arbiter_pending(game), RED, "move")

    assert after.fields["steps"] == {"allowance": 4, "taken": 1, "left": 3}
    stack = next(s for s in after.fields["stacks"] if s["from"] == "pannonia_k1")
    assert stack["free"] == {"cavalry": 2, "infantry": 1}
    reach = stack["destinations"]
    assert reach["pannonia_m"]["mp"] == 3 and reach["pannonia_m"]["arms"] == ["cavalry"]  # k2 1 + mountain 2
    assert reach["pannonia_k2"]["mp"] == 1 and reach["pannonia_k2"]["arms"] == ["cavalry", "infantry"]
    assert reach["pannonia_b"]["mp"] == 4 and reach["pannonia_b"]["arms"] == ["cavalry"]  # swamp: +1
    home = {c for c in reach if c.startswith("pannonia")}
    assert home == {"pannonia_a", "pannonia_b", "pannonia_c", "pannonia_d", "pannonia_k2", "pannonia_m"}
    assert after.rule_ids == ("KK-TURN-2", "KK-MOVE-1", "KK-MOVE-3") and not after.exhaustive
    assert "pannonia_a" not in [s["from"] for s in after.fields["stacks"]]  # KK-MOVE-6: that knight has stepped


def test_kk_neutral_5_a_player_may_leave_once_the_years_have_begun_but_not_with_a_battle_to_fight() -> None:
    """KK-NEUTRAL-5: leaving is no choice during setup; in a year any player may, but not one who still fights."""
    assert seats_offering(arbiter_pending(new_game()), "leave_game") == []
    year = arbiter_pending(moving())
    assert seats_offering(year, "leave_game") == list(PTD)
    assert option_of(year, BLUE, "leave_game").rule_ids == ("KK-NEUTRAL-5",)
    fighting = arbiter_pending(lords_battle())
    assert seats_offering(fighting, "leave_game") == [YELLOW]


def test_kk_win_7_a_41_a_full_tie_at_the_end_waits_for_the_arbiter_to_end_the_game() -> None:
    """KK-WIN-7, A-41 (`final_tie = arbiter`): three lords with the same start and the same treasury tie on castles,
    counties, cavalry and money after 1308; the table waits for the arbiter's `end_game`."""
    game = at_election(dict.fromkeys(THREE, 5), year=1308, game={"final_tie": "arbiter"})
    pending = arbiter_pending(game)

    assert pending.phase == "finished" and pending.rule_id == "KK-WIN-7"
    end = option_of(pending, None, "end_game")
    assert sorted(end.fields["tied"]) == sorted(THREE)
    assert sorted(end.choices[0]["winners"]) == sorted(THREE)  # a shared win, or one of them
    ended = decide_action(KARD_ES_KORONA, game, Action("end_game", None, end.choices[0], Authority.ARBITER), NOW)
    assert [e.type for e in ended.events] == ["GameEnded"]


def test_a_table_dice_game_gets_the_same_choices_without_the_faces_which_the_recorder_adds() -> None:
    """CORE-DICE-1, KK-BATTLE-4 (E1): with table dice the exchange is offered as `{}`; the recorder enters one face
    per rolling unit in the spec's order (Red's 3 cavalry, then Blue's 2 infantry and 2 archers) and it is taken."""
    game = e1_battle()
    assert game.meta.dice.value == "table"
    fight = option_of(arbiter_pending(game), RED, "fight_exchange")
    assert len(fight.choices) == 1 and not fight.choices[0]  # offered as `{}`
    assert fight.rule_ids == ("KK-BATTLE-4", "KK-BATTLE-9")
    assert KARD_ES_KORONA.actions["fight_exchange"].dice

    faces = {**fight.choices[0], "dice": [5, 4, 1, 6, 5, 6, 2]}
    decision = decide_action(KARD_ES_KORONA, game, Action("fight_exchange", RED, faces, Authority.PLAYER), NOW)
    assert not decision.violations and decision.events


def test_kk_adv_4_the_defender_names_which_two_of_four_go_free_and_only_those_may_step() -> None:
    """KK-ADV-4, A-49: Red's 1 infantry pins at most 2 of Blue's 2 infantry and 2 archers in Fejér; before the next
    step Blue names the other 2 (any 2 of the 4), and then only they may leave the county (KK-MOVE-13)."""
    game = pinning_moving({"pest": {RED: Force(infantry=1)}, "fejer": {BLUE: Force(infantry=2, archer=2)}})
    game = play_actions(game, pinning_step(RED, "fejer", "pest", {"infantry": 1}))
    pending = arbiter_pending(game)

    assert pending.rule_id == "KK-ADV-4" and seats_offering(pending, "move") == []
    release = option_of(pending, BLUE, "release_defenders")
    assert sorted(tuple(sorted(c["units"].items())) for c in release.choices) == [
        (("archer", 1), ("infantry", 1)),
        (("archer", 2),),
        (("infantry", 2),),
    ]
    assert release.fields["release"] == 2 and release.exhaustive and release.rule_ids == ("KK-ADV-4",)

    game = play_actions(game, act("release_defenders", BLUE, units={"archer": 2}))
    stacks = option_of(arbiter_pending(game), BLUE, "move").fields["stacks"]
    assert next(s for s in stacks if s["from"] == "fejer")["free"] == {"archer": 2}


def test_kk_trad_3_under_the_traditional_order_the_starting_player_chooses_to_move_first_or_last() -> None:
    """KK-TRAD-3: after recruitment the starting player moves first (the others follow clockwise) or last."""
    pending = arbiter_pending(traditional())

    assert pending.phase == "turn_position" and pending.rule_id == "KK-TRAD-3"
    choice = option_of(pending, "felvidek", "choose_turn_position")
    assert choice.choices == ({"position": "first"}, {"position": "last"}) and choice.exhaustive
    assert seats_offering(pending, "move") == []
