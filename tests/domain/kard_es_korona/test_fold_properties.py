"""Fold invariants over random legal play: determinism, snapshots, unit conservation, treasuries, castle limits."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Action, Authority, Event, Game, advance, fold, start
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.battle_order import battle_chooser
from domain.rulesets.kard_es_korona.defeat import escape_routes
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, castle_limit_breaches, half_rounded_up
from domain.rulesets.kard_es_korona.hits import casualty_options, lord_present, other, side_force
from domain.rulesets.kard_es_korona.pinning import picks, release_size
from domain.rulesets.kard_es_korona.retreat import destinations, round_complete
from domain.rulesets.kard_es_korona.state import KKState, is_neutral
from domain.rulesets.kard_es_korona.withdrawal import withdrawal_destinations
from tests.domain.fold_elsewhere import canonical_game, fold_elsewhere
from tests.domain.kard_es_korona.builders import (
    BASIC_START,
    act,
    created,
    placements,
    play,
    set_up,
    when,
    with_state,
)
from tests.domain.kard_es_korona.small_boards import province_board

PTD = ("pannonia", "tiszahat", "delvidek")
CARDS = ("veres_kard", "parasztlazadas", "pestisjarvany", "szuret", "esos_osz")


def total(state: KKState) -> int:
    return sum(f.total for by in state.units.values() for f in by.values())


def added(event: Event) -> int:
    data = event.data
    match event.type:
        case "StartingForcesPlaced":
            return sum(sum(f.values()) for f in data["placements"].values())
        case "NeutralPiecePlaced":
            return 1
        case "NeutralGarrisonsPlaced":
            return sum(sum(p["force"].values()) for p in data["placements"])
        case "UnitsRecruited":
            return sum(p["count"] for p in data["purchases"])
        case "CasualtiesRemoved" | "ObstacleLossesChosen":
            removed: Mapping[str, int] = data["removed"]  # a Force's JSON: arm -> count
            return -sum(removed.values())
        case "WithdrawingUnitsDestroyed":
            destroyed: Mapping[str, int] = data["units"]
            return -sum(destroyed.values())
        case "PlayerEliminated" if data["conqueror"] is not None:  # KK-ELIM-5: removed, then one placed per county
            return -sum(sum(f.values()) for f in data["units_removed"].values())
        case "EliminationTakeoverPlaced":
            return sum(1 for arm in data["placements"].values() if arm)
        case _:
            return 0


def keep_within_limits(force: Force) -> Force:
    """A garrison of at most 7 that respects the arm limit, taken greedily from `force`."""
    kept = EMPTY
    for _ in range(7):
        for arm in ARMS:
            trial = kept.plus(Force(**{arm: 1}))
            if kept.of(arm) < force.of(arm) and trial.of(arm) <= max(
                half_rounded_up(trial.total), 4 if trial.total <= 4 else 0
            ):
                kept = trial
                break
    return kept


def random_action(data: st.DataObject, game: Game) -> Action | None:
    state: KKState = game.state
    seat = state.turn
    if state.phase == "event":
        return act("draw_event", state.starting_player, card=data.draw(st.sampled_from(CARDS)))
    if state.phase == "recruit":
        castles = state.castles_of(seat) if seat else ()
        if len(castles) > 0 and data.draw(st.booleans()):
            purchase = {
                "castle": data.draw(st.sampled_from(castles)),
                "arm": data.draw(st.sampled_from(ARMS)),
                "count": 1,
            }
            return act("recruit", seat, purchases=[purchase])
        return act("pass", seat)
    if state.phase == "movement" and state.release_due is not None:
        battle = state.battle(state.release_due)
        assert battle is not None
        free = picks(side_force(state, battle, "defender"), release_size(state, battle))
        return act("release_defenders", battle.defender, units=data.draw(st.sampled_from(free)).to_json())
    if state.phase == "movement":
        mine = [c for c, by in state.units.items() if seat in by and state.battle_in(c) is None]
        if len(mine) > 0 and data.draw(st.integers(0, 3)) > 0:
            assert seat is not None and state.board is not None, "units on the board are a seat's"
            origin = data.draw(st.sampled_from(sorted(mine)))
            movable = state.force(origin, seat).minus(state.moved_force(origin, seat))
            units = Force(*(data.draw(st.integers(0, movable.of(a))) for a in ARMS))
            neighbour = data.draw(st.sampled_from(sorted(state.board.neighbours[origin])))
            lord = state.lords.get(seat) == origin and data.draw(st.booleans())
            group = {"from": origin, "units": units.to_json(), "lord": lord, "path": [neighbour]}
            return act("move", seat, to=neighbour, groups=[group])
        return act("pass", seat)
    if state.phase == "battle":
        lords_choice = issue_4_choice(data, state)
        if lords_choice is not None:
            return lords_choice
        battle = state.battle(state.current_battle)
        if battle is None:
            chooser, choosable = battle_chooser(state)
            return act("select_battle", chooser, battle=choosable[0].id)
        if battle.status == "capturing":
            attack = side_force(state, battle, "attacker")
            keep = keep_within_limits(attack)
            to = withdrawal_destinations(state, battle)
            if not to:
                return None
            return act(
                "withdraw",
                battle.attacker,
                keep=keep.to_json(),
                moves=[{"to": to[0], "units": attack.minus(keep).to_json()}],
            )
        if battle.status == "withdrawing":
            to = withdrawal_destinations(state, battle)
            if not to:
                return None
            attack = side_force(state, battle, "attacker")
            return act("withdraw", battle.attacker, moves=[{"to": to[0], "units": attack.to_json()}])
        retreat = state.retreat
        if retreat is not None and retreat.battle == battle.id and retreat.losses_due:
            army = side_force(state, battle, retreat.side)
            lost = data.draw(st.sampled_from(picks(army, retreat.losses_due)))
            return act("choose_retreat_losses", battle.owner_of(retreat.side), units=lost.to_json())
        if round_complete(state, battle) and not data.draw(st.integers(0, 3)):
            side = data.draw(st.sampled_from(("attacker", "defender")))
            to = destinations(state, battle, side)
            if to and not is_neutral(battle.owner_of(side)):
                if side == "defender" and state.stayed != f"{battle.id}:{battle.round}":
                    return act("stay", battle.attacker)  # the attacker declares first
                return act("retreat", battle.owner_of(side), to=data.draw(st.sampled_from(to)))
        for p in battle.pending:
            if p.chosen is None:
                _, options = casualty_options(p.targets, side_force(state, battle, other(p.side)))
                pick = data.draw(st.sampled_from(options))
                return act("assign_casualties", p.chooser, side=p.side, casualties=pick.to_json())
        for side in ("attacker", "defender"):
            if battle.exchanges == 0 and lord_present(state, battle, side) and side not in battle.led_arms:
                arms = side_force(state, battle, side).arms()
                return act("lead_arm", battle.owner_of(side), arm=data.draw(st.sampled_from((None, *arms))))
        return act("fight_exchange", battle.attacker)
    return None


def issue_4_choice(data: st.DataObject, state: KKState) -> Action | None:
    """The choices after a lord's defeat, a duel, the winner's step and the Judge Royal's reroll."""
    offer = state.reroll_offer
    if offer:
        if data.draw(st.booleans()):
            return act("keep_roll", offer["seat"])
        arm = data.draw(st.sampled_from([g["arm"] for g in offer["groups"]])) if "groups" in offer else None
        return act("reroll", offer["seat"], arm=arm)
    defeat = state.defeat
    stage = defeat.get("stage")
    if stage == "escape":
        routes = escape_routes(state, defeat)
        if data.draw(st.booleans()):
            return act("attempt_escape", defeat["seat"], to=routes[0])
        return act("forgo_escape", defeat["seat"])
    if stage == "fealty":
        return act(data.draw(st.sampled_from(("swear_fealty", "decline_fealty"))), defeat["seat"])
    if stage == "consent":
        return act("answer_fealty", defeat["by"], accept=data.draw(st.booleans()))
    if stage == "takeover":
        placements = {county: arms[0] for county, arms in defeat["counties"].items()}
        return act("place_takeover", defeat["by"], placements=placements)
    if state.extra_step:
        return act("decline_extra_step", state.extra_step["seat"])
    battle = state.battle(state.current_battle)
    if battle is not None and battle.status == "duel":
        return act("fight_duel", battle.attacker)
    return None


def check(before: Game, after: Game, expected_total: int) -> None:
    state: KKState = after.state
    assert total(state) == expected_total
    assert all(amount >= 0 for amount in state.treasury.values())
    fought = {b.county for b in state.battles}
    options = state.options
    assert state.board is not None, "a KK game is played on its board"
    for castle in state.board.castles():
        if castle in fought:
            continue  # casualties never count as a violation (KK-CASTLE-3)
        if len(state.units.get(castle, {})) > 1:
            continue  # attackers who moved into a held castle besiege it: a garrison is one lord's units alone
        for owner, force in state.units.get(castle, {}).items():
            if owner in state.seats:
                breaches = castle_limit_breaches(force, str(options["castle_arm_limit"]), str(options["variant"]))
                assert breaches == [], (castle, force)


SIX = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")


def started(seats: tuple[str, ...], variant: str) -> Game:
    game = set_up(seats, variant, dice="server")
    if game.state.phase == "garrison_substitution":
        game = play(game, act("substitute_royal_cavalry", None, Authority.RECORDER, castles=["pest", "felvidek_k2"]))
    # The first seat is Judge Royal, so that his rerolls (KK-OFFICE-1/2) come up in random play.
    return with_state(game, offices={"judge_royal": seats[0], "treasurer": None, "palatine": None})


@pytest.mark.parametrize(("seats", "variant"), [(PTD, "basic"), (SIX, "advanced")])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fold_invariants_hold_through_random_legal_play(
    seats: tuple[str, ...], variant: str, data: st.DataObject
) -> None:
    game = started(seats, variant)
    events: list[Event] = []
    expected = total(game.state)
    for _ in range(data.draw(st.integers(10, 80))):
        action = random_action(data, game)
        if action is None:
            break
        decision = when(game, action)
        if decision.violations and action.type in ("move", "recruit"):
            action = act("pass", action.seat)  # a refused random step or purchase: the player passes instead
            decision = when(game, action)
        if decision.violations:
            break
        assert when(game, action).events == decision.events  # deciding is deterministic
        for event in decision.events:
            before = game
            game = advance(KARD_ES_KORONA, game, event)
            expected += added(event)
            check(before, game, expected)
            events.append(event)
            snapshot = KARD_ES_KORONA.load_state(KARD_ES_KORONA.dump_state(game.state))
            assert snapshot == game.state
    # Folding the recorded events from a fresh start gives the same state (fold is deterministic).
    prefix = started(seats, variant)
    refolded = fold(KARD_ES_KORONA, events, None, start_from=prefix)
    assert refolded.state == game.state


def test_fold_from_game_created_ignores_malformed_events_and_matches_another_process() -> None:
    board = province_board("basic")
    first = start(KARD_ES_KORONA, created(PTD), board)
    junk = [Event("StepTaken", {"seat": "nobody"}), Event("CasualtiesRemoved", {"battle": 3}), Event("YearBegan", {})]
    folded = fold(KARD_ES_KORONA, junk, board, start_from=first)
    assert folded.state == first.state
    # The setup a player records (the first player, then each seat's forces), folded here and in a fresh
    # interpreter with another hash seed: the two snapshots must be the same text.
    events, game = [created(PTD)], first
    choose = act("choose_first_player", None, Authority.RECORDER, player=PTD[0])
    for action in (
        choose,
        *(act("place_forces", s, lord=f"{s}_k1", placements=placements(s, BASIC_START)) for s in PTD),
    ):
        decision = when(game, action)
        assert not decision.violations, decision.violations
        events += decision.events
        game = fold(KARD_ES_KORONA, decision.events, board, start_from=game)
    game = fold(KARD_ES_KORONA, junk, board, start_from=game)
    assert canonical_game(KARD_ES_KORONA, game) == fold_elsewhere(KARD_ES_KORONA, [*events, *junk], board)
