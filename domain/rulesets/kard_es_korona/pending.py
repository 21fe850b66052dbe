"""What a Kard és Korona table waits for (issue 15, point 2): who may act now, and the legal choices of each.

The situation is read from the state in the order the engine settles it: a reroll on offer, a freed vassal's lord
to place, a defeat, the winner's extra step, a release of defenders; otherwise the phase (setup, the event card,
recruitment, movement, battles, an election) and, beside it, an open office sale and what any player may do at
any time (sell an office, hand over money, veto a vassal's battle, leave). Every choice listed has been accepted
by the ruleset's own `decide` (pending_choices.Probe), so the rules are written once, in the engine.

A table game (`dice: table`) gets the same choices: the action's spec (`dice`) says which faces to add.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.kernel import Game, Viewer
from domain.pending import Option, Pending, Waiting, ended_or, for_viewer, merged
from domain.rulesets.kard_es_korona import (
    pending_battle,
    pending_court,
    pending_lords,
    pending_setup,
    pending_war,
)
from domain.rulesets.kard_es_korona.pending_choices import Decide, Probe
from domain.rulesets.kard_es_korona.state import (
    BATTLE,
    ELECTION,
    EVENT,
    FINISHED,
    FIRST_PLAYER,
    GARRISON_SUBSTITUTION,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
    KKState,
)
from domain.rulesets.kard_es_korona.turn_order import STARTING_ROLL, TURN_POSITION
from domain.rulesets.kard_es_korona.victory import final_leaders, final_standings

_TIE = "KK-WIN-7, A-41: the final standings tie on castles, counties, cavalry and treasury"
_Situation = Callable[[Probe, KKState], tuple[Waiting, ...]]

# The phase's own business: (function, the rule that says whose turn it is, what the table does).
_PHASES: dict[str, tuple[_Situation, str, str]] = {
    FIRST_PLAYER: (pending_setup.first_player, "KK-TURN-3", "the first starting player is chosen"),
    PLACEMENT: (pending_setup.starting_forces, "KK-TURN-3", "the players place their starting forces in turn"),
    NEUTRAL_PLACEMENT: (pending_setup.neutral_piece, "KK-SETUP-10", "neutral pieces are placed in turn"),
    GARRISON_SUBSTITUTION: (pending_setup.royal_substitutes, "KK-SETUP-12", "two royal garrisons are substituted"),
    STARTING_ROLL: (pending_setup.starting_roll, "KK-TRAD-1", "the players roll for the starting player"),
    EVENT: (pending_setup.event_card, "KK-TURN-1", "the starting player draws the event card"),
    RECRUIT: (pending_war.recruitment, "KK-RECRUIT-1", "the players recruit in turn order"),
    TURN_POSITION: (pending_setup.turn_position, "KK-TRAD-3", "the starting player moves first or last"),
    MOVEMENT: (pending_war.movement, "KK-MOVE-1", "the players take steps in turn order"),
    BATTLE: (pending_battle.battle_phase, "KK-BATTLE-12", "the battles of the year are fought"),
    ELECTION: (pending_court.election, "KK-ELECT-5", "the offices are auctioned"),
}

# What interrupts the phase until it is settled, in the engine's order: (is it due, its situation, rule, summary).
_INTERRUPTIONS: tuple[tuple[Callable[[KKState], bool], _Situation, str, str], ...] = (
    (lambda s: bool(s.reroll_offer), pending_lords.reroll_offer, "KK-OFFICE-2", "the Judge Royal may reroll"),
    (lambda s: bool(s.returning), pending_lords.lord_to_return, "KK-VASSAL-7", "a freed vassal's lord returns"),
    (lambda s: bool(s.defeat), pending_lords.defeat_choice, "KK-LORD-4", "a defeated lord's fate is settled"),
    (lambda s: bool(s.extra_step), pending_lords.extra_step, "KK-LORD-8", "the winning lord may take an extra step"),
    (lambda s: s.release_due is not None, pending_war.release, "KK-ADV-4", "an attacked defender releases units"),
)

# The last game asked about and its answer: the API and the property tests ask once per viewer for one version.
_LAST: list[tuple[Game, Pending]] = []


def pending(game: Game, viewer: Viewer, decide: Decide) -> Pending:
    """Who may act at `game.version` and what each may send, as `viewer` may see it (KK-ELECT-3: bids private)."""
    return for_viewer(ended_or(game, lambda g: _remembered(g, decide)), viewer)


def _remembered(game: Game, decide: Decide) -> Pending:
    for seen, answer in _LAST:
        if seen is game:
            return answer
    answer = _pending(game, decide)
    _LAST[:] = [(game, answer)]
    return answer


def _pending(game: Game, decide: Decide) -> Pending:
    state: KKState = game.state
    if state.problem:
        return Pending("unplayable", "KK-GEN-1", state.problem)
    probe = Probe(game, decide)
    for due, interruption, rule_id, summary in _INTERRUPTIONS:
        if due(state):
            found = (*interruption(probe, state), *pending_court.at_any_time(probe, state))
            return Pending(state.phase, rule_id, summary, merged(found))
    if state.phase == FINISHED:
        return _tied_at_the_end(state)
    situation, rule_id, summary = _PHASES.get(state.phase, (_nothing, "KK-TURN-2", state.phase))
    found = (
        *situation(probe, state),
        *pending_court.office_sale(probe, state),
        *pending_court.at_any_time(probe, state),
    )
    return Pending(state.phase, rule_id, summary, merged(found))


def _tied_at_the_end(state: KKState) -> Pending:
    """KK-WIN-7, A-41 (`final_tie = arbiter`): a full tie at the end waits for the arbiter's `end_game`."""
    tied = final_leaders(final_standings(state))
    choices = ({"winners": list(tied), "reason": _TIE}, *({"winners": [seat], "reason": _TIE} for seat in tied))
    option = Option("end_game", ("KK-WIN-7", "CORE-END-1"), choices, exhaustive=False, fields={"tied": list(tied)})
    summary = "the final standings tie: the arbiter ends the game"
    return Pending(FINISHED, "KK-WIN-7", summary, (Waiting(None, (option,), summary),))


def _nothing(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    return ()
