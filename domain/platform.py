"""Platform rules shared by every ruleset: seats, game end, dice entry, sealed rounds, `adjust`.

`decide_action` is the one entry point the service calls; it applies these checks, handles the
universal actions itself and hands every other action to the game's ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from domain.commitments import commit
from domain.dice import DiceExhausted, TableDice
from domain.kernel import (
    DICE_ROLLED,
    GAME_ENDED,
    STATE_ADJUSTED,
    SUBMISSION_SEALED,
    SUBMISSIONS_REVEALED,
    Action,
    AdjustmentError,
    Authority,
    Decision,
    DiceMode,
    Event,
    Game,
    Inputs,
    Rule,
    Ruleset,
    RuleViolation,
    SealedRound,
    TraceStep,
    apply_change,
)
from domain.positions import PositionError

_DESIGN = "shared/DESIGN.md"

PLATFORM_RULES: Mapping[str, Rule] = {
    rule.id: rule
    for rule in (
        Rule("CORE-GAME-1", "No action is recorded in a game that has ended.", "", _DESIGN, "§2 game"),
        Rule(
            "CORE-SEAT-1",
            "An action names a seat of the game; only a recorder or arbiter may act for no seat.",
            "a seat: a playing position (a lord, a house, a faction) and who holds it",
            _DESIGN,
            "§2 seat",
        ),
        Rule(
            "CORE-ADJUST-1",
            "Only an arbiter or a recorder may adjust a game's state.",
            "the universal `adjust` action (arbiter or recorder only)",
            _DESIGN,
            "§4",
        ),
        Rule(
            "CORE-ADJUST-2",
            "An adjustment gives a reason and at least one change, and every change applies to the state.",
            "recorded as `StateAdjusted` with a reason and always listed by audits",
            _DESIGN,
            "§4",
        ),
        Rule(
            "CORE-ADJUST-3",
            "An adjustment leaves a position that keeps the ruleset's invariants (the checks of a position a game "
            "may start from); only an arbiter may force one that breaks them, and the forced adjustment records "
            "the broken invariants it overrides and is listed by audits.",
            'an explicit `"force": true` for an arbiter who must record an impossible situation, recorded as '
            "such and listed by audits",
            "issue 15",
            "point 3",
        ),
        Rule(
            "CORE-DICE-1",
            "With table dice the recorder enters exactly the faces the action rolls, each 1 to 6.",
            "`table` dice: the recorder enters the faces; count and range are checked.",
            _DESIGN,
            "§6",
        ),
        Rule(
            "CORE-DICE-2",
            "With server dice the service rolls; faces are never entered by hand.",
            "`server` dice are provably fair",
            _DESIGN,
            "§6",
        ),
        Rule(
            "CORE-DICE-3",
            "Each seat may add one client seed, before the first server die is rolled.",
            "each seat may add a client seed",
            _DESIGN,
            "§6",
        ),
        Rule(
            "CORE-SEAL-1",
            "A sealed submission goes to an open round, from a seat that must seal in it, once.",
            "the seat posts its secret; the service stores it in `secrets` and appends only "
            "`…Sealed {seat, commitment}`",
            _DESIGN,
            "§7",
        ),
        Rule(
            "CORE-END-1",
            "A recorder or arbiter may end a game, stating the result: winners (seats of the game; none for a "
            "draw), scores by seat, or a reason.",
            "The seed is revealed (`DiceSeedRevealed`) when the game ends",
            _DESIGN,
            "§6",
        ),
    )
}

UNIVERSAL_ACTIONS = frozenset({"adjust", "add_client_seed", "end_game"})
_CLIENT_SEED = re.compile(r"^[\x21-\x7e]{1,64}$")


def decide_action(ruleset: Ruleset[Any], game: Game, action: Action, inputs: Inputs) -> Decision:
    """Check the platform rules, then decide the action by its ruleset (or as a universal action)."""
    refusal = _platform_refusal(game, action)
    if refusal is not None:
        return refusal
    if action.type == "adjust":
        return _decide_adjust(ruleset, game, action)
    if action.type == "add_client_seed":
        return _decide_client_seed(game, action)
    if action.type == "end_game":
        return _decide_end(ruleset, game, action)
    if game.meta.dice is DiceMode.TABLE:
        return _decide_with_table_dice(ruleset, game, action, inputs)
    if "dice" in action.data:
        return Decision.refuse(
            "CORE-DICE-2",
            f"this game uses server dice: faces {action.data['dice']!r} cannot be entered",
            field="data.dice",
        )
    return ruleset.decide(game, action, inputs)


def _platform_refusal(game: Game, action: Action) -> Decision | None:
    """CORE-GAME-1 and CORE-SEAT-1: an ended game takes nothing; seats must exist."""
    if game.meta.ended:
        return Decision.refuse("CORE-GAME-1", f"the game ended at an earlier version; {action.type!r} refused")
    if action.seat is None:
        if action.authority is Authority.PLAYER:
            return Decision.refuse("CORE-SEAT-1", "a player's action must name the seat it is for")
    elif action.seat not in game.meta.seat_names():
        seats = ", ".join(game.meta.seat_names())
        return Decision.refuse("CORE-SEAT-1", f"unknown seat {action.seat!r}; seats are: {seats}")
    return None


def _decide_with_table_dice(ruleset: Ruleset[Any], game: Game, action: Action, inputs: Inputs) -> Decision:
    """CORE-DICE-1: the entered faces must be valid and used up exactly by the action."""
    entered = action.data.get("dice", [])
    if not isinstance(entered, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in entered):
        return Decision.refuse("CORE-DICE-1", f"dice must be a list of faces 1-6, got {entered!r}", field="data.dice")
    try:
        dice = TableDice(tuple(entered))
    except ValueError as error:
        return Decision.refuse("CORE-DICE-1", str(error), field="data.dice")
    try:
        # Built, not dataclasses.replace'd: replace costs twice the construction, on every table-dice action.
        decision = ruleset.decide(game, action, Inputs(inputs.timestamp, dice, inputs.revealed))
    except DiceExhausted as error:
        return Decision.refuse("CORE-DICE-1", f"{error}; enter every face the action rolls", field="data.dice")
    if decision.events and dice.drawn != len(entered):
        extra = RuleViolation(
            "CORE-DICE-1",
            f"{len(entered)} faces entered but the action rolls {dice.drawn}",
            {"field": "data.dice", "entered": len(entered), "rolled": dice.drawn},
        )
        return Decision(decision.events, (*decision.violations, extra), decision.trace)
    return decision


def _decide_adjust(ruleset: Ruleset[Any], game: Game, action: Action) -> Decision:
    """CORE-ADJUST-1/2/3: arbiter or recorder only; a reason and changes that apply; a position that keeps the
    ruleset's invariants, unless an arbiter forces it."""
    if action.authority is Authority.PLAYER:
        return Decision.refuse("CORE-ADJUST-1", "a player may not adjust the state; ask the arbiter or recorder")
    requested = action.data.get("force")
    force = requested is True
    if requested is not None and requested is not False and (not force or action.authority is not Authority.ARBITER):
        return Decision.refuse(
            "CORE-ADJUST-3",
            f"force {requested!r}: only an arbiter may force an adjustment, with true",
            field="data.force",
        )
    reason = action.data.get("reason")
    changes = action.data.get("changes")
    if not isinstance(reason, str) or not reason.strip():
        return Decision.refuse("CORE-ADJUST-2", "an adjustment needs a non-empty 'reason'", field="data.reason")
    if not isinstance(changes, list) or not changes or not all(isinstance(c, dict) for c in changes):
        return Decision.refuse(
            "CORE-ADJUST-2", "'changes' must be a non-empty list of {op, path, value}", field="data.changes"
        )
    adjusted = _adjusted(ruleset, game, changes)
    if isinstance(adjusted, Decision):
        return adjusted
    broken = adjusted_position_errors(ruleset, adjusted)
    if broken and not force:
        return _broken_position(broken)
    rule_ids = action.data.get("rule_ids", [])
    data: dict[str, Any] = {
        "changes": changes,
        "reason": reason,
        "rule_ids": rule_ids if isinstance(rule_ids, list) else [],
    }
    trace = [TraceStep("CORE-ADJUST-2", f"{len(changes)} change(s) applied by {action.authority.value}: {reason}")]
    # Only an adjustment that overrides something is marked forced: a needless force records nothing more.
    if broken:
        data.update(forced=True, overridden=[error.to_json() for error in broken])
        overridden = "; ".join(f"{e.rule_id} at {e.path or '/'}" for e in broken)
        text = f"forced by the arbiter over {len(broken)} broken invariant(s): {overridden}"
        trace.append(TraceStep("CORE-ADJUST-3", text, {"overridden": len(broken)}))
    position = ruleset.position_of(adjusted)
    for note in ruleset.position_notes(position, adjusted.meta.options, adjusted.board, adjusted.meta.seats):
        trace.append(TraceStep(note.rule_id, f"kept, but {note.path or '/'}: {note.message}"))
    return Decision((Event(STATE_ADJUSTED, data),), trace=tuple(trace))


def _adjusted(ruleset: Ruleset[Any], game: Game, changes: list[dict[str, Any]]) -> Game | Decision:
    """CORE-ADJUST-2: the game with every change applied to its state, or the refusal naming the change that fails."""
    document: Any = ruleset.dump_state(game.state)
    for index, change in enumerate(changes):
        try:
            document = apply_change(document, change)
        except AdjustmentError as error:
            return Decision.refuse("CORE-ADJUST-2", f"changes[{index}]: {error}", field=f"data.changes[{index}]")
    try:
        return replace(game, state=ruleset.load_state(document))
    except (KeyError, TypeError, ValueError) as error:
        return Decision.refuse("CORE-ADJUST-2", f"the adjusted state is not a valid state: {error}")


def adjusted_position_errors(ruleset: Ruleset[Any], adjusted: Game) -> list[PositionError]:
    """CORE-ADJUST-3: the invariants the adjusted game's position breaks (the checks a starting position passes),
    on the board the game is played on."""
    position = ruleset.position_of(adjusted)
    return ruleset.position_errors(position, adjusted.meta.options, adjusted.board, adjusted.meta.seats)


def _broken_position(broken: list[PositionError]) -> Decision:
    """CORE-ADJUST-3 first (what an arbiter can do about it), then each broken invariant by its own rule."""
    summary = "; ".join(f"{e.path or '/'}: {e.rule_id}" for e in broken)
    headline = RuleViolation(
        "CORE-ADJUST-3",
        f"the adjusted position breaks {len(broken)} invariant(s) ({summary}); an arbiter may send force: true "
        "to record it anyway",
        {"field": "data.force", "broken": len(broken)},
    )
    each = tuple(RuleViolation(e.rule_id, f"{e.path or '/'}: {e.message}", {"path": e.path}) for e in broken)
    return Decision(violations=(headline, *each))


def _decide_client_seed(game: Game, action: Action) -> Decision:
    """CORE-DICE-3: one client seed per seat, before any server die."""
    seed = action.data.get("client_seed")
    if action.seat is None:
        return Decision.refuse("CORE-DICE-3", "a client seed belongs to a seat; name the seat")
    if (closed := client_seed_closed(game, action.seat)) is not None:
        return Decision.refuse("CORE-DICE-3", closed)
    if not isinstance(seed, str) or not _CLIENT_SEED.fullmatch(seed):
        return Decision.refuse(
            "CORE-DICE-3", f"client_seed {seed!r} must be 1-64 printable ASCII characters", field="data.client_seed"
        )
    return Decision((Event("ClientSeedAdded", {"seat": action.seat, "client_seed": seed}),))


def client_seed_closed(game: Game, seat: str) -> str | None:
    """CORE-DICE-3: why `seat` cannot add a client seed now (None: it can): server dice, no die drawn yet,
    no seed of its own yet."""
    if game.meta.dice is not DiceMode.SERVER:
        return "client seeds only apply to server dice"
    if game.meta.dice_drawn:
        return "dice have already been rolled in this game"
    if seat in game.meta.client_seeds:
        return f"seat {seat!r} has already added a client seed"
    return None


def client_seeds_open(game: Game) -> list[str]:
    """CORE-DICE-3: the seats that may still add a client seed (none in an ended game). The rules never wait for a
    seed, so no seat's pending options list it; a recorder offers it from this list (the pending's
    `client_seeds_open`)."""
    if game.meta.ended:
        return []
    return [seat for seat in game.meta.seat_names() if client_seed_closed(game, seat) is None]


def _decide_end(ruleset: Ruleset[Any], game: Game, action: Action) -> Decision:
    """CORE-END-1: a recorder or arbiter ends the game, stating its result in terms of its seats; a winner the
    ruleset's own rules bar is refused with them (`Ruleset.end_errors`); what its rules settle at the end comes
    before `GameEnded` (`Ruleset.settled_at_end`)."""
    if action.authority is Authority.PLAYER:
        return Decision.refuse("CORE-END-1", "only a recorder or arbiter may end a game")
    result = {k: v for k, v in action.data.items() if k in ("winners", "scores", "reason")}
    if not result:
        return Decision.refuse("CORE-END-1", "state the result: 'winners' (seats; [] for a draw), 'scores' or 'reason'")
    seats = game.meta.seat_names()
    winners = result.get("winners", [])
    if not isinstance(winners, list) or any(w not in seats for w in winners) or len(set(winners)) != len(winners):
        return Decision.refuse(
            "CORE-END-1", f"winners {winners!r} must be distinct seats of the game", field="data.winners"
        )
    scores = result.get("scores", {})
    if not isinstance(scores, dict) or any(
        seat not in seats or isinstance(value, bool) or not isinstance(value, int | float)
        for seat, value in scores.items()
    ):
        return Decision.refuse("CORE-END-1", f"scores {scores!r} must map seats to numbers", field="data.scores")
    if "reason" in result and not isinstance(result["reason"], str):
        return Decision.refuse("CORE-END-1", "reason must be text", field="data.reason")
    if barred := ruleset.end_errors(game, winners):
        return Decision(violations=tuple(barred))
    # What the rules still owe is settled first (`Ruleset.settled_at_end`): nothing can be sealed after the end.
    settled = ruleset.settled_at_end(game)
    return Decision((*settled, Event(GAME_ENDED, {"by": action.authority.value, **result})))


def roll(game: Game, inputs: Inputs, count: int, seat: str | None, purpose: str) -> tuple[Event, tuple[int, ...]]:
    """Draw `count` dice and the `DiceRolled` event recording them with the game-wide index k of the first."""
    if inputs.dice is None:
        raise ValueError("no dice supply in the inputs")
    first_k = game.meta.dice_drawn + inputs.dice.drawn + 1
    faces = inputs.dice.draw(count)
    data = {"seat": seat, "purpose": purpose, "faces": list(faces), "first_k": first_k}
    return Event(DICE_ROLLED, data), faces


# --- sealed submissions (DESIGN §7) ---


def decide_seal(
    ruleset: Ruleset[Any], game: Game, seat: str, round_id: str, payload: Any, salt: str
) -> tuple[Decision, SealedRound | None]:
    """Check a sealed submission; return the `SubmissionSealed` decision and the round it completes."""
    if game.meta.ended:
        return Decision.refuse("CORE-GAME-1", "the game has ended; nothing can be sealed"), None
    sealed_round = game.meta.sealed.get(round_id)
    if sealed_round is None:
        open_rounds = ", ".join(sorted(game.meta.sealed)) or "none"
        return Decision.refuse("CORE-SEAL-1", f"round {round_id!r} is not open; open rounds: {open_rounds}"), None
    if seat not in sealed_round.seats:
        refusal = Decision.refuse("CORE-SEAL-1", f"seat {seat!r} does not seal in round {round_id!r}")
        reasons = tuple(ruleset.outside_round_errors(game, sealed_round, seat))
        return Decision(violations=reasons + refusal.violations), None
    if seat in sealed_round.commitments:
        return Decision.refuse("CORE-SEAL-1", f"seat {seat!r} has already sealed in round {round_id!r}"), None
    violations = ruleset.sealed_errors(game, sealed_round, seat, payload)
    if violations:
        return Decision(violations=tuple(violations)), None
    commitment = commit(payload, salt)
    event = Event(SUBMISSION_SEALED, {"round": round_id, "seat": seat, "commitment": commitment})
    after = SealedRound(
        sealed_round.round, sealed_round.seats, sealed_round.purpose, {**sealed_round.commitments, seat: commitment}
    )
    return Decision((event,)), (after if after.is_complete() else None)


def decide_reveal(
    ruleset: Ruleset[Any], game: Game, sealed_round: SealedRound, secrets: Mapping[str, tuple[Any, str]], inputs: Inputs
) -> Decision:
    """The reveal of a complete round (every payload and salt), then the ruleset's consequences."""
    submissions = {seat: {"payload": payload, "salt": salt} for seat, (payload, salt) in sorted(secrets.items())}
    reveal = Event(SUBMISSIONS_REVEALED, {"round": sealed_round.round, "submissions": submissions})
    payloads = {seat: payload for seat, (payload, _) in secrets.items()}
    consequences = ruleset.resolve_reveal(game, sealed_round, payloads, inputs)
    return Decision((reveal,)).then(consequences)


def all_rules(ruleset: Ruleset[Any]) -> Mapping[str, Rule]:
    """The ruleset's catalog plus the platform rules every game obeys."""
    return {**PLATFORM_RULES, **ruleset.rulebook}
