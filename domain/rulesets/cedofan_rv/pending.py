"""What a cedofan_rv table waits for (issue 15, point 2): rounds, impulses, and everything an impulse may do.

- No impulse open: the table starts a round (RV-TURN-1/2) when every seat has played, else the seat due in the
  order of RV-TURN-3/4 begins its impulse (the Kard League once per active sub-faction, naming it).
- An impulse open: its seat may end it, move and pay (`pending_moves`), fight (`pending_battles`), extract and
  recruit, and use the powers of its offices (the kard's: RV-ECO-5/6/8) or Kalamé's (RV-ECO-7).
- At any time: a loser seals the loot slip of a lost battle (RV-LOOT-2, a private `seal`), and a seat whose
  survivors withdrew with equally near places may choose another (RV-AMB-10).
- Ended (RV-VIC-3, or the arbiter's `end_game`): nothing.

RV-TURN-2 steps 1-4 (event and weather cards, council elections, the influence target) and RV-TURN-4's house
heads are the arbiter's `adjust` (decide.py): they are not listed. The engine starts a round whenever no impulse
is open; `pending` offers it only once every seat has played, as RV-TURN-1 ("every player plays") says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Game, SealedRound, Viewer
from domain.pending import Option, Pending, Waiting, ended_or, for_viewer, merged, sealing
from domain.rulesets.cedofan_rv.decide import retreaters_standing, unit_table_gap
from domain.rulesets.cedofan_rv.league import next_subfaction, yet_to_play
from domain.rulesets.cedofan_rv.pending_battles import battle_options
from domain.rulesets.cedofan_rv.pending_moves import economy_options, move_options
from domain.rulesets.cedofan_rv.state import RvState
from domain.rulesets.cedofan_rv.treasuries import KARD_LEAGUE

LOOT_RULES = ("RV-LOOT-1", "RV-LOOT-2", "RV-LOOT-3")


def pending(game: Game, viewer: Viewer) -> Pending:
    """Whom the game waits for and what each may send, as `viewer` may see it."""
    return for_viewer(ended_or(game, _pending), viewer)


def _pending(game: Game) -> Pending:
    state: RvState = game.state
    gap = unit_table_gap(state, game.meta.options)
    if gap is not None:
        return _blocked(gap.message)
    phase, rule_id, summary, turn = _turn(game)
    slips = sealing(game.meta, lambda sealed, seat: _slip(state, sealed), LOOT_RULES)
    return Pending(phase, rule_id, summary, merged((turn, *slips, *_retreats(state))))


def _blocked(message: str) -> Pending:
    """RV-AMB-1: with a piece the unit table does not give, the rules refuse every action until the arbiter or the
    recorder fixes the game by `adjust` (the change it needs is theirs to choose: no choice is listed)."""
    fix = Option("adjust", ("RV-AMB-1", "CORE-ADJUST-1"), (), exhaustive=False, note=message)
    return Pending("blocked", "RV-AMB-1", message, (Waiting(None, (fix,), "the rules refuse every action"),))


def _turn(game: Game) -> tuple[str, str, str, Waiting]:
    """The phase, its rule, a summary, and the seat (or the table) whose turn it is."""
    state: RvState = game.state
    if state.impulse is not None:
        return _impulse(game)
    due = yet_to_play(state)
    if state.round == 0 or not due:
        summary = f"round {state.round + 1} begins (cards, elections and the influence target by adjust, RV-TURN-2)"
        start = Option("start_round", ("RV-TURN-1", "RV-TURN-2"), ({},))
        return "round", "RV-TURN-1", summary, Waiting(None, (start,), "every seat has played its impulse")
    seat = due[0]
    sub = next_subfaction(state) if seat == KARD_LEAGUE else None
    rules = ("RV-TURN-1", "RV-TURN-3", "RV-SUP-1", *(("RV-TURN-4",) if state.round == 1 else ()))
    begin = Option(
        "begin_impulse",
        rules,
        ({"subfaction": sub} if sub else {},),
        fields={"order": list(state.order), **({"subfaction": sub} if sub else {})},
    )
    who = f"{seat} ({sub})" if sub else seat
    reason = f"next in the order of round {state.round}"
    return "impulses", "RV-TURN-3", f"{who} begins its impulse", Waiting(seat, (begin,), reason)


def _impulse(game: Game) -> tuple[str, str, str, Waiting]:
    """RV-TURN-1/3: the open impulse's seat may do anything its impulse allows, then end it."""
    state: RvState = game.state
    options = game.meta.options
    seat = str(state.impulse)
    sub = state.impulse_subfaction
    end = Option("end_impulse", ("RV-TURN-1",), ({},))
    offered = (
        end,
        *move_options(state, options, seat),
        *battle_options(state, options, seat),
        *economy_options(state, options, seat),
    )
    who = f"{seat} ({sub})" if sub else seat
    summary = f"the impulse of {who}: spent {state.spent} of its limit {state.limit} (RV-SUP-1)"
    rule_id = "RV-TURN-3" if sub else "RV-TURN-1"
    return "impulse", rule_id, summary, Waiting(seat, offered, f"its impulse in round {state.round}")


def _slip(state: RvState, sealed: SealedRound) -> tuple[Mapping[str, Any], ...]:
    """RV-LOOT-2: the slip says what the losing nobles carried (the engine knows it; another amount is a deviation)."""
    loot = state.loot.get(sealed.round)
    if loot is None or loot.delivered is not None:
        return ()
    return ({"amount": loot.amount},)


def _retreats(state: RvState) -> list[Waiting]:
    """RV-FLD-5, RV-AMB-10: a seat whose survivors withdrew with equally near places may pick another, free."""
    waiting = []
    for seat, own in sorted(state.retreat_ties.items()):
        for pieces, went, ties in own:
            standing = retreaters_standing(state, pieces, went)
            if not standing:
                continue
            # A seat's only tie needs no naming (`choose_retreat` means its last); with several, each names its own.
            which = {} if len(own) == 1 else {"pieces": standing}
            choices = tuple({"to": place, **which} for place in ties if place != went)
            option = Option("choose_retreat", ("RV-FLD-5", "RV-AMB-10"), choices, fields={"now_in": went, **which})
            reason = f"its survivors withdrew to {went}; equally near: {', '.join(ties)}"
            waiting.append(Waiting(seat, (option,), reason))
    return waiting
