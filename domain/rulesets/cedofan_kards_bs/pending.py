"""What a `cedofan_kards_bs` table waits for (issue 15, point 2): the round's structure, the faction whose turn
it is and what it may do, retreats owed after a battle, losses and prisoners, vassals' supplies, and the end.

- Between rounds the table (seat None) starts the next round (KBS-AMB-20; siege attrition, KBS-SIE-7, comes
  with it) or the officials end the game: the seed has no victory condition, only that a faction without its
  ruler cannot win (KBS-LDR-3), so `end_game` is described (fields), never chosen for them.
- In the supply phase lords may ask their vassals for supplies (KBS-VAS-9) and the table begins the turns,
  which rolls the giants (odd rounds from 3) and the pirates (even rounds from 4) on a board that has them.
  The supplies and influence gathered are not in the seed: officials enter them with `adjust` (described).
- In a turn the faction moves, merges, attacks, besieges, storms, relieves, ransoms its kard at the start of
  the turn (KBS-RAN-1), revolts (KBS-VAS-8) or ends its turn. Beaten stacks must retreat before anything else
  (KBS-CMB-4): the game then waits on their owner alone.
- At any time a faction may choose its own losses of an open battle or siege year (KBS-AMB-1, KBS-AMB-5) and,
  in the turn of the battle, ransom its captured units (KBS-RET-3, KBS-AMB-15).

Battles are offered by the deciders' own pre-roll guards (pending_battles); actions that roll no die are offered
when `decide` itself records them without a violation. Nothing is secret in this game (catalog §5): no option
is private and no sealed round is ever opened.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.kernel import Action, Authority, Game, Inputs, Viewer
from domain.pending import Option, Pending, Waiting, ended_or, for_viewer, merged
from domain.rulesets.cedofan_kards_bs import decide as deciding
from domain.rulesets.cedofan_kards_bs.combat import unit_bs
from domain.rulesets.cedofan_kards_bs.losses import RULES_CITED
from domain.rulesets.cedofan_kards_bs.pending_battles import battle_options, retreat_options
from domain.rulesets.cedofan_kards_bs.pending_moves import (
    joint_entry_options,
    merge_options,
    move_options,
    named_armies,
)
from domain.rulesets.cedofan_kards_bs.raids import raid_dice
from domain.rulesets.cedofan_kards_bs.state import KbsState, OpenLoss
from domain.rulesets.cedofan_kards_bs.view import ruler_held

TURN_RULE = "KBS-AMB-20"
# `decide` takes no time of its own for the actions it is asked about here (none of them rolls a die).
_PROBE = Inputs("1970-01-01T00:00:00Z")
# Alternative allocations of a battle's losses listed besides the engine's default (the rest via `fields`).
_LOSS_ALTERNATIVES = 6


def pending(game: Game, viewer: Viewer) -> Pending:
    """Whom the game waits for and what each may send; the same for every viewer (nothing is secret)."""
    return for_viewer(ended_or(game, _pending), viewer)


def _pending(game: Game) -> Pending:
    state: KbsState = game.state
    if not state.map.cities:
        return _without_board()
    anytime = (*_anytime(game), *_placements(state))
    if state.retreats:
        owners = sorted({state.armies[a].owner for a in state.retreats if a in state.armies})
        owed = [Waiting(s, retreat_options(game, s), "must retreat its beaten armies first") for s in owners]
        summary = f"the armies {', '.join(state.retreats)} lost a battle at {state.retreat_from} and must retreat"
        return Pending(state.phase, "KBS-CMB-4", summary, merged((*owed, *anytime)))
    if state.phase == "supply":
        return _supply(game, anytime)
    if state.phase == "turns" and state.turn is not None:
        turn = Waiting(state.turn, _turn_options(game, state.turn), f"its turn of round {state.round}")
        summary = f"round {state.round}: {state.turn}'s turn"
        return Pending("turns", TURN_RULE, summary, merged((turn, *anytime)))
    return _between_rounds(game, anytime)


def _seated(game: Game, seats: Iterable[str]) -> list[str]:
    """The factions among `seats` that a seat of the game plays (a board faction nobody plays never acts)."""
    playing = set(game.meta.seat_names())
    return [s for s in seats if s in playing]


def is_accepted(game: Game, seat: str | None, action_type: str, data: Mapping[str, Any]) -> bool:
    """`decide` records the action without breaking a rule (for actions that roll no die)."""
    decision = deciding.decide(game, Action(action_type, seat, data, Authority.PLAYER), _PROBE)
    return bool(decision.events) and not decision.violations


def _offered(
    game: Game,
    seat: str,
    action_type: str,
    rules: tuple[str, ...],
    candidates: Iterable[Mapping[str, Any]],
    **more: Any,
) -> tuple[Option, ...]:
    """An option of the candidates `decide` accepts (each once), or none."""
    choices: list[Mapping[str, Any]] = []
    for candidate in candidates:
        if candidate not in choices and is_accepted(game, seat, action_type, candidate):
            choices.append(candidate)
    return (Option(action_type, rules, tuple(choices), **more),) if choices else ()


def _without_board() -> Pending:
    """KBS-AMB-22: a game created without a board refuses every action; only the officials can end it."""
    end = Option(
        "end_game",
        ("CORE-END-1", "KBS-AMB-22"),
        ({"reason": "created without a board: the seed gives no map"},),
        exhaustive=False,
    )
    summary = "the game has no board: every action is refused (KBS-AMB-22)"
    return Pending("setup", "KBS-AMB-22", summary, (Waiting(None, (end,), "only the officials may end it"),))


def _between_rounds(game: Game, anytime: tuple[Waiting, ...]) -> Pending:
    """KBS-AMB-20: the table opens the next round; after a round the officials may instead end the game."""
    state: KbsState = game.state
    rules = (TURN_RULE, "KBS-AMB-5", "KBS-SIE-7") if state.sieges else (TURN_RULE,)
    note = (
        "siege attrition first: one unit dies inside each city besieged since an earlier round" if state.sieges else ""
    )
    options = [Option("start_round", rules, ({},), note=note)]
    if state.phase == "round_over":
        options.append(_end_option(game))
    summary = "the game is set up: round 1 may begin" if state.round == 0 else f"round {state.round} is over"
    table = Waiting(None, tuple(options), "the next round")
    return Pending(state.phase, TURN_RULE, summary, merged((table, *anytime)))


def _end_option(game: Game) -> Option:
    """CORE-END-1, KBS-LDR-3: the officials end the game; a faction whose ruler is held cannot be a winner."""
    state: KbsState = game.state
    eligible = [s for s in game.meta.seat_names() if not ruler_held(state, s)]
    return Option(
        "end_game",
        ("CORE-END-1", "KBS-LDR-3"),
        exhaustive=False,
        fields={"winners": eligible, "reason": "free text"},
        note="the seed gives no victory condition: the officials decide when the campaign ends and who won",
    )


def _supply(game: Game, anytime: tuple[Waiting, ...]) -> Pending:
    """KBS-AMB-20, KBS-VAS-9: lords may ask their vassals; the table then begins the turns and the raids."""
    state: KbsState = game.state
    # No raid this round (rounds 1 and 2, KBS-GNT-1, KBS-PIR-1): beginning the turns rolls no die; a pirates' raid
    # rolls a known two (or none); only the giants' count waits on their target die.
    dice = raid_dice(state, game.meta.options)
    begin = Option("begin_turns", _raid_rules(state), ({},), note=_raid_note(state), dice_count=dice)
    income = Option(
        "adjust",
        (TURN_RULE, "CORE-ADJUST-1"),
        exhaustive=False,
        fields={
            "treasuries": {
                seat: {
                    f"/factions/{seat}/supplies": faction.supplies,
                    f"/factions/{seat}/influence": faction.influence,
                }
                for seat, faction in sorted(state.factions.items())
            }
        },
        note="the supplies and influence gathered are not in the seed: the officials enter them",
    )
    lords = [Waiting(lord, _vassal_requests(game, lord), "may ask its vassals for supplies") for lord in _lords(game)]
    table = Waiting(None, (begin, income), "the supply phase")
    summary = f"round {state.round}: the supply phase"
    return Pending("supply", TURN_RULE, summary, merged((table, *(w for w in lords if w.options), *anytime)))


def _raid_rules(state: KbsState) -> tuple[str, ...]:
    """KBS-GNT-1/2 in odd rounds from 3 on a board with giants, KBS-PIR-1/2 in even rounds from 4 with pirates."""
    rules = [TURN_RULE]
    if state.round >= 3 and state.round % 2 == 1 and state.map.giant_targets:
        rules += ["KBS-GNT-1", "KBS-GNT-2", "KBS-GNT-3"]
    if state.round >= 4 and state.round % 2 == 0 and state.map.pirate_target is not None:
        rules += ["KBS-PIR-1", "KBS-PIR-2"]
    return tuple(rules)


def _raid_note(state: KbsState) -> str:
    rules = _raid_rules(state)
    if "KBS-GNT-1" in rules:
        return "the giants come this round: a die picks their target city (neutral cities are spared)"
    if "KBS-PIR-1" in rules:
        return f"the pirates raid {state.map.pirate_target} this round before the first turn"
    return f"then {state.order[0]}'s turn" if state.order else ""


def _lords(game: Game) -> list[str]:
    state: KbsState = game.state
    return _seated(game, sorted({f.lord for f in state.factions.values() if f.lord is not None}))


def _vassal_requests(game: Game, lord: str) -> tuple[Option, ...]:
    """KBS-VAS-9, KBS-VAS-6: up to floor(vassal's cities / 2) supplies from each vassal not yet asked."""
    state: KbsState = game.state
    vassals = sorted(v for v, f in state.factions.items() if f.lord == lord)
    limits = {v: deciding.territory(state, v, "cities") // 2 for v in vassals}
    candidates = [{"vassal": v, "amount": n} for v in vassals for n in range(1, limits[v] + 1)]
    return _offered(game, lord, "request_vassal_supplies", ("KBS-VAS-9", "KBS-VAS-6"), candidates)


def _turn_options(game: Game, seat: str) -> tuple[Option, ...]:
    """Everything the faction whose turn it is may do, ending its turn last."""
    state: KbsState = game.state
    kards = [{"kard": k} for k, c in sorted(state.captives.items()) if c.owner == seat]
    ransom = _offered(
        game,
        seat,
        "ransom_kard",
        ("KBS-RAN-1", "KBS-RAN-2", "KBS-RAN-4", "KBS-AMB-14"),
        kards,
        note="at the start of the turn only: 5 supplies and up to 5 influence to the captor",
    )
    revolt = _offered(game, seat, "declare_revolt", ("KBS-VAS-8",), [{}] if state.factions[seat].lord else [])
    end = Option("end_turn", (TURN_RULE,), ({},), note=_next_note(state, seat))
    return (
        *ransom,
        *move_options(game, seat),
        *joint_entry_options(game, seat),
        *merge_options(game, seat),
        *battle_options(game, seat),
        *revolt,
        end,
    )


def _next_note(state: KbsState, seat: str) -> str:
    index = state.order.index(seat) if seat in state.order else len(state.order)
    return f"then {state.order[index + 1]}'s turn" if index + 1 < len(state.order) else "then the round ends"


def _anytime(game: Game) -> tuple[Waiting, ...]:
    """KBS-AMB-1/5 and KBS-RET-3: losses a faction may still choose and prisoners it may still ransom."""
    state: KbsState = game.state
    found = []
    for seat in _seated(game, state.factions):
        losses = [o for _, o in sorted(state.open_losses.items()) if o.owner == seat]
        options = (*(o for loss in losses for o in _loss_option(game, seat, loss)), *_prisoner_option(game, seat))
        if options:
            found.append(Waiting(seat, options, "may choose its losses or ransom its prisoners"))
    return tuple(found)


def _placements(state: KbsState) -> tuple[Waiting, ...]:
    """KBS-AMB-14: a kard ransomed while his capital is lost is placed by the officials (`adjust`)."""
    if not state.unplaced:
        return ()
    place = Option(
        "adjust",
        ("KBS-AMB-14", "CORE-ADJUST-1"),
        exhaustive=False,
        fields={"unplaced": list(state.unplaced), "armies": "/armies/<new id>: {owner, at, units, leaders, besieging}"},
        note="the freed kard's capital is lost: the officials place him on the board",
    )
    return (Waiting(None, (place,), f"{', '.join(state.unplaced)} must be placed by the officials"),)


def _loss_option(game: Game, seat: str, loss: OpenLoss) -> tuple[Option, ...]:
    """`allocate_losses`: the engine's default, then other allocations the rules allow (KBS-AMB-1, KBS-AMB-5)."""
    default = {a: dict(u) for a, u in loss.removed.items() if u}
    candidates: list[dict[str, Any]] = [{"at": loss.at, "removed": default}]
    if loss.leaders:
        candidates = [{**candidates[0], "leaders": list(loss.leaders)}]
    if loss.rule == "KBS-AMB-5":
        candidates += _other_attrition_losses(loss)
    else:
        candidates += _other_battle_losses(game, loss, default)
    rules = RULES_CITED.get(loss.rule, (loss.rule,))
    fields = {
        "at": loss.at,
        "before": {a.id: {"units": dict(a.units), "leaders": list(a.leaders)} for a in loss.before},
        "removed_now": default,
        **named_armies(game.state, loss.before, "removed"),
        # The leader figures it may lose instead (KBS-AMB-5): none unless named.
        "leaders": (leaders := [name for a in loss.before for name in a.leaders]),
        "leaders_due": {"minimum": 0, "maximum": len(leaders)},
    }
    note = _LOSS_NOTES.get(loss.rule, _LOSS_NOTES["KBS-AMB-1"])
    return _offered(game, seat, "allocate_losses", rules, candidates, exhaustive=False, fields=fields, note=note)


_LOSS_NOTES = {
    "KBS-AMB-1": "the survivors keep the BS the battle decided in each field; only units with BS are lost",
    "KBS-AMB-5": "a year of siege kills one unit inside, a leader figure only when no unit is left",
    "KBS-AMB-11": "the survivors keep the BS the giant battle decided, in the city and its region together; "
    "only units with BS are lost",
}


def _other_battle_losses(game: Game, loss: OpenLoss, default: Mapping[str, Mapping[str, int]]) -> list[dict[str, Any]]:
    """KBS-AMB-1: one removed unit traded for a surviving unit of the same BS in the same field (after a giant
    battle, in the city or its region: KBS-AMB-11)."""
    pooled = loss.rule == "KBS-AMB-11"
    table = unit_bs(game.meta.options)
    found: list[dict[str, Any]] = []
    for lost in loss.before:
        for kind, n in default.get(lost.id, {}).items():
            for kept in loss.before:
                for other, have in kept.units.items():
                    spared = have - default.get(kept.id, {}).get(other, 0)
                    if (
                        n < 1
                        or spared < 1
                        or (kept.at != lost.at and not pooled)
                        or table.get(other) != table.get(kind)
                    ):
                        continue
                    if (kept.id, other) == (lost.id, kind):
                        continue
                    found.append({"at": loss.at, "removed": _traded(default, (lost.id, kind), (kept.id, other))})
    return found[:_LOSS_ALTERNATIVES]


def _traded(
    removed: Mapping[str, Mapping[str, int]], spared: tuple[str, str], taken: tuple[str, str]
) -> dict[str, dict[str, int]]:
    """`removed` with one unit of `spared` kept and one of `taken` lost instead."""
    result = {a: dict(u) for a, u in removed.items()}
    result[spared[0]][spared[1]] -= 1
    result.setdefault(taken[0], {})[taken[1]] = result.get(taken[0], {}).get(taken[1], 0) + 1
    return {a: {k: n for k, n in u.items() if n} for a, u in result.items() if any(u.values())}


def _other_attrition_losses(loss: OpenLoss) -> list[dict[str, Any]]:
    """KBS-SIE-7, KBS-AMB-5: any one unit inside, or a leader figure when no unit is left."""
    units = [{"at": loss.at, "removed": {a.id: {k: 1}}} for a in loss.before for k in sorted(a.units)]
    leaders = [{"at": loss.at, "removed": {}, "leaders": [n]} for a in loss.before for n in a.leaders]
    return units + leaders


def _prisoner_option(game: Game, seat: str) -> tuple[Option, ...]:
    """`ransom_prisoners`: 1 supply a unit, in the turn of the battle, into the capital (KBS-RET-3, KBS-AMB-15)."""
    state: KbsState = game.state
    held = state.prisoners.get(seat)
    if held is None:
        return ()
    candidates = [{"units": dict(held.units)}, *({"units": {k: 1}} for k in sorted(held.units))]
    fields = {"held": dict(held.units), "captor": held.captor, "supplies": state.factions[seat].supplies}
    note = "any of the units held, 1 supply each; they appear in the capital"
    rules = ("KBS-RET-3", "KBS-AMB-15")
    return _offered(game, seat, "ransom_prisoners", rules, candidates, exhaustive=False, fields=fields, note=note)
