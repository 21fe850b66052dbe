"""Game commands: create a game, record an action, seal a secret submission.

Each command folds the game, lets the pure domain decide, and appends the decision in one
transaction together with its read models (summary, secrets); a snapshot is written after that commit.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Engine

from domain import boards as board_model
from domain import registry
from domain.canonical import canonical_json
from domain.dice import SeededDice, seed_commitment
from domain.kernel import (
    DICE_SEED_REVEALED,
    GAME_CREATED,
    GAME_ENDED,
    Action,
    Decision,
    DiceMode,
    Event,
    Game,
    Inputs,
    Mode,
    Ruleset,
    RuleViolation,
    Seat,
    advance,
    start,
)
from domain.platform import decide_action, decide_reveal, decide_seal
from service.action_schemas import check_action, check_sealed
from service.answers import answer_text, game_json, recorded_json, with_disputes
from service.auth import Principal
from service.clock import Clock, isoformat
from service.entropy import Entropy
from service.errors import (
    BadBoard,
    Conflict,
    NotFound,
    RuleRefused,
    TooMuchContention,
    Unprocessable,
    WrongExpectedVersion,
)
from service.game_appends import (
    ActionRecordedAnswer,
    ActionRecordedWork,
    GameCreatedAnswer,
    GameCreatedWork,
    KeepSecret,
    MarkRevealed,
)
from service.loading import GameLoader, LoadedGame, stream_of, upcasters_of
from service.positions import check_position_invariants, check_position_schema, cited_rule
from service.store import boards, disputes, players, secrets, summaries
from service.store.events import AppendResult, EventDraft, EventStore

RETRIES = 10  # re-decisions after losing an append race, when the client sent no If-Match


@dataclass(frozen=True, slots=True)
class Recorded:
    """The outcome of a command: what was appended, and the JSON body that answers it.

    The body is built in the append's transaction from what was recorded (service/answers.py) and kept
    with an Idempotency-Key, so the first answer and every retry's are the same bytes."""

    game_id: str
    result: AppendResult
    answer: str


class SeedRevealed(Conflict):
    """A server roll asked for after the game's dice seed was revealed: it would be predictable."""

    slug, title = "dice-seed-revealed", "The dice seed is revealed"


@dataclass(frozen=True, slots=True)
class RequestContext:
    """Where a command came from, recorded in event metadata."""

    request_id: str
    client: str | None = None


class GameCommands:
    """The write side of games."""

    def __init__(
        self,
        engine: Engine,
        store: EventStore,
        loader: GameLoader,
        clock: Clock,
        entropy: Entropy,
        snapshot_every: int,
        on_game_ended: Callable[[str, int, str], None] | None = None,
    ) -> None:
        self.engine = engine
        # Signs the stream's head once its game has ended (after the commit: never on the append path).
        self.on_game_ended = on_game_ended
        self.store = store
        self.loader = loader
        self.clock = clock
        self.entropy = entropy
        self.snapshot_every = snapshot_every
        self._seeds: dict[str, str] = {}

    # --- create ---

    def create(self, principal: Principal, body: dict[str, Any], ctx: RequestContext, key: str | None) -> Recorded:
        """Create a game from a validated request body (see schemas.GameCreateSchema)."""
        principal.require("admin", "organiser", "player")
        principal.require_unbound("create a game")
        ruleset = _ruleset_of(body)
        position = body.get("position")
        if position is not None:  # a malformed position is a 400 before anything else is checked
            check_position_schema(ruleset, position)
        errors: dict[str, list[str]] = {}
        requested, variant = _variant(ruleset, body, errors)
        options = {**ruleset.default_options, **requested}
        if problems := ruleset.option_errors(requested):
            errors["options"] = problems
        seats = [Seat(s["seat"], s.get("player")) for s in body["seats"]]
        if problems := ruleset.seat_errors(seats, options):
            errors["seats"] = problems
        missing = {s.player for s in seats if s.player} - players.existing(
            self.engine, [s.player for s in seats if s.player]
        )
        if missing:
            errors.setdefault("seats", []).extend(f"unknown player {p!r}" for p in sorted(missing))
        board_id, board_doc = self._board_for(body["board"], ruleset, errors)
        # Checks that need options, board and seats together (a variant against its map), once each is sound.
        if not errors and (problems := ruleset.game_errors(options, board_doc, seats)):
            errors["game"] = problems
        # A game given no position is set up from its options, which must fit its seats and board (GOT-X-29).
        if not errors and position is None and (problems := ruleset.start_errors(options, board_doc, seats)):
            errors["options"] = problems
        if errors:
            raise Unprocessable(f"the game cannot be created: {_first(errors)}", errors)
        notes = None
        if position is not None:  # its invariants need the options, board and seats checked above
            check_position_invariants(ruleset, position, options, board_doc, seats)
            notes = [n.to_json() for n in ruleset.position_notes(position, options, board_doc, seats)]
        game_id = str(uuid.uuid4())
        seed = self.entropy.token_bytes(32) if body["dice"] == DiceMode.SERVER.value else None
        created = {
            "game_id": game_id,
            "title": body["title"],
            "ruleset": ruleset.id,
            "ruleset_version": ruleset.version,
            "variant": variant,
            "options": options,
            "board": board_id,
            "seats": [{"seat": s.seat, "player": s.player} for s in seats],
            "mode": body["mode"],
            "dice": body["dice"],
            "dice_commitment": seed_commitment(seed) if seed else None,
            "visibility": body["visibility"],
        }
        if position is not None:  # kernel.start builds the opening state from it
            created["position"] = position
        game = start(ruleset, Event(GAME_CREATED, created), board_doc)
        now = isoformat(self.clock.now())

        summary = {
            "game_id": game_id,
            "title": body["title"],
            "ruleset": ruleset.id,
            "ruleset_version": ruleset.version,
            "variant": variant,
            "mode": body["mode"],
            "dice": body["dice"],
            "visibility": body["visibility"],
            "board": board_id,
            "options": options,
            "dice_commitment": created["dice_commitment"],
            "seats": created["seats"],
            "status": "active",
            "created_by": principal.token_id,
        }
        seed_secret = KeepSecret(stream_of(game_id), "dice_seed", "dice", seed.hex(), now) if seed else None
        on_append, answer = GameCreatedWork(summary, seed_secret), GameCreatedAnswer(summary, notes)
        draft = EventDraft(GAME_CREATED, created, self._metadata(principal, ctx, ruleset.version))
        scoped = f"{principal.token_id}:create:{key}" if key else None

        result = self.store.append(
            stream_of(game_id), 0, [draft], scoped, _fingerprint(body), on_append=on_append, answer=answer
        )
        if not result.replayed:
            self.loader.remember(game)
        created_id = result.events[0].data["game_id"]
        if result.answer is None:  # a key kept before answers were stored: the game as it is now
            summary = summaries.get(self.engine, created_id) or {}
            return Recorded(created_id, result, answer=answer_text(with_disputes(self.engine, [game_json(summary)])[0]))
        return Recorded(created_id, result, answer=result.answer)

    def _board_for(
        self, board: Any, ruleset: Ruleset[Any], errors: dict[str, list[str]]
    ) -> tuple[str | None, dict[str, Any] | None]:
        """The board a new game is played on: a stored board id, a shipped board's name, or a document."""
        if board is None:
            if problems := ruleset.board_errors(None):
                errors["board"] = problems
            return None, None
        if isinstance(board, str) and board in ruleset.shipped_boards:
            # Shipped boards are stored like uploads, so the game names its board by content id for good.
            board = dict(ruleset.shipped_boards[board])
        elif isinstance(board, str):
            try:
                return board, self.loader.board(board)
            except NotFound:
                shipped = ", ".join(ruleset.shipped_boards) or "none"
                errors["board"] = [
                    f"no board {board!r}; upload it with POST /api/v1/boards (boards shipped with "
                    f"{ruleset.id}: {shipped})"
                ]
                return None, None
        problems = board_model.board_errors(board) or ruleset.board_errors(board)
        if problems:
            raise BadBoard(problems)
        board_id = board_model.board_id(board)
        boards.put(
            self.engine, board_id, str(board.get("name") or "unnamed"), ruleset.id, board, isoformat(self.clock.now())
        )
        return board_id, board

    # --- actions ---

    def act(
        self,
        principal: Principal,
        game_id: str,
        body: dict[str, Any],
        if_match: int | None,
        key: str | None,
        ctx: RequestContext,
    ) -> Recorded:
        """Record an action: decided by the rules, refused or recorded with deviations."""
        scoped = f"{principal.token_id}:{game_id}:{key}" if key else None
        fingerprint = _fingerprint(body) if scoped else ""  # only a keyed request is compared with an earlier one
        earlier = self._replay(scoped, fingerprint, game_id, principal)
        if earlier is not None:
            return earlier
        fresh = False
        for _attempt in range(RETRIES):
            loaded, cached = self.loader.load_latest(game_id, principal, fresh)
            game = loaded.game
            kind, seat, data = body["type"], body.get("seat"), body.get("data") or {}
            authority = principal.authority_for(game.meta, seat)
            check_action(loaded.ruleset, kind, data)  # a malformed payload is a 400, before decide
            action = Action(kind, seat, data, authority)
            if cached and if_match is not None and if_match != game.version:
                fresh = True  # the cache may lag behind another process: look again before answering 412
                continue
            _check_if_match(game_id, if_match, game.version)
            inputs = Inputs(isoformat(self.clock.now()), self._server_dice(game))
            decision = decide_action(loaded.ruleset, game, action, inputs)
            try:
                cause = {
                    "type": action.type,
                    "seat": action.seat,
                    "data": dict(action.data),
                    "authority": authority.value,
                }
                return self._record(principal, loaded, decision, ctx, scoped, fingerprint, cause={"action": cause})
            except WrongExpectedVersion:
                self.loader.forget(game_id)
                fresh = True
                if if_match is not None and not cached:
                    raise
        raise TooMuchContention(f"game {game_id} moved on {RETRIES} times while deciding; send the action again")

    # --- sealed submissions ---

    def seal(
        self,
        principal: Principal,
        game_id: str,
        body: dict[str, Any],
        if_match: int | None,
        key: str | None,
        ctx: RequestContext,
    ) -> Recorded:
        """Seal a secret: only its commitment is logged until the round's last seat seals."""
        scoped = f"{principal.token_id}:{game_id}:sealed:{key}" if key else None
        fingerprint = _fingerprint(body)
        earlier = self._replay(scoped, fingerprint, game_id, principal)
        if earlier is not None:
            return earlier
        seat, round_id, payload = body["seat"], body["round"], body["payload"]
        stream = stream_of(game_id)
        for _attempt in range(RETRIES):
            loaded = self.loader.load(game_id, principal)
            game = loaded.game
            principal.authority_for(game.meta, seat)
            if (sealed_round := game.meta.sealed.get(round_id)) is not None:
                check_sealed(loaded.ruleset, sealed_round.purpose, payload)  # a malformed payload is a 400
            _check_if_match(game_id, if_match, game.version)
            salt = self.entropy.token_bytes(16).hex()
            decision, completed = decide_seal(loaded.ruleset, game, seat, round_id, payload, salt)
            commitment = decision.events[0].data["commitment"] if decision.events else None
            name = f"{round_id}:{seat}"

            keep_secret = KeepSecret(stream, "sealed", name, {"payload": payload, "salt": salt})

            if completed is not None and not decision.violations:
                with self.engine.connect() as conn:
                    stored = secrets.of_kind(conn, stream, "sealed", f"{round_id}:")
                revealed = {n.split(":", 1)[1]: (v["payload"], v["salt"]) for n, v in stored.items()}
                revealed[seat] = (payload, salt)
                after_seal = advance(loaded.ruleset, game, decision.events[0])
                inputs = Inputs(isoformat(self.clock.now()), self._server_dice(after_seal))
                decision = decision.then(decide_reveal(loaded.ruleset, after_seal, completed, revealed, inputs))
            try:
                return self._record(
                    principal,
                    loaded,
                    decision,
                    ctx,
                    scoped,
                    fingerprint,
                    extra_on_append=keep_secret,
                    round_revealed=round_id if completed is not None else None,
                    # never the payload: it stays secret until the round's reveal
                    cause={"sealed": {"round": round_id, "seat": seat}},
                    extra={"commitment": commitment, "salt": salt, "revealed": completed is not None},
                )
            except WrongExpectedVersion:
                self.loader.forget(game_id)
                if if_match is not None:
                    raise
        raise TooMuchContention(f"game {game_id} moved on {RETRIES} times while deciding; send the action again")

    # --- dice seed revealed early (DESIGN §6, §8) ---

    def reveal_dice(
        self, principal: Principal, game_id: str, reason: str, ctx: RequestContext, key: str | None
    ) -> Recorded:
        """Reveal a running game's server-dice seed (an arbiter, for a dispute): every roll becomes re-derivable.

        From then on the game's future server rolls would be predictable, so they are refused (409
        `dice-seed-revealed`); actions that roll nothing are still recorded.
        """
        principal.require("admin", "arbiter")
        scoped = f"{principal.token_id}:{game_id}:dice-reveal:{key}" if key else None
        fingerprint = _fingerprint({"dice_reveal": reason})
        earlier = self._replay(scoped, fingerprint, game_id, principal)
        if earlier is not None:
            return earlier
        stream = stream_of(game_id)
        for _attempt in range(RETRIES):
            loaded = self.loader.load(game_id, principal)
            meta = loaded.game.meta
            if meta.dice is not DiceMode.SERVER:
                raise Conflict(f"game {game_id} uses table dice: there is no server-dice seed to reveal")
            if meta.dice_seed is not None:
                raise SeedRevealed(f"the dice seed of game {game_id} is already revealed")
            seed_hex = self._seed_hex(game_id)
            data = {"seed": seed_hex, "commitment": meta.dice_commitment, "early": True, "reason": reason}

            mark = MarkRevealed(stream, "dice_seed", "dice")
            decision = Decision((Event(DICE_SEED_REVEALED, data),))
            try:
                return self._record(principal, loaded, decision, ctx, scoped, fingerprint, extra_on_append=mark)
            except WrongExpectedVersion:
                self.loader.forget(game_id)
        raise TooMuchContention(f"game {game_id} moved on {RETRIES} times while revealing; send the request again")

    def inputs_for(self, game: Game) -> Inputs:
        """What a decision on `game` gets now: the clock's time and the game's server dice (if any)."""
        return Inputs(isoformat(self.clock.now()), self._server_dice(game))

    # --- shared ---

    def _record(
        self,
        principal: Principal,
        loaded: LoadedGame,
        decision: Decision,
        ctx: RequestContext,
        key: str | None,
        fingerprint: str,
        extra_on_append: KeepSecret | MarkRevealed | None = None,
        round_revealed: str | None = None,
        cause: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> Recorded:
        """Append a decision; the first event's metadata carries the request that caused it (for audits)."""
        game, ruleset = loaded.game, loaded.ruleset
        if decision.violations and (game.meta.mode is Mode.ADJUDICATED or not decision.events):
            # A concurrent request with the same Idempotency-Key may have recorded this very action since
            # our check (e.g. a seal, now "already sealed"): its result is this request's result.
            earlier = self._replay(key, fingerprint, game.meta.game_id, principal)
            if earlier is not None:
                return earlier
            raise _refusal(ruleset, decision.violations)
        events = list(decision.events)
        seed_hex: str | None = None
        ends = any(e.type == GAME_ENDED for e in events)
        if game.meta.dice is DiceMode.SERVER and ends and game.meta.dice_seed is None:
            # An imported record without its seed ends without the reveal it cannot make; a seed an
            # arbiter revealed early is not revealed twice.
            seed_hex = self._stored_seed(game.meta.game_id)
            if seed_hex is not None:
                events.append(Event(DICE_SEED_REVEALED, {"seed": seed_hex, "commitment": game.meta.dice_commitment}))
        deviations = [_violation_json(v) for v in decision.violations]
        base = self._metadata(principal, ctx, ruleset.version)
        first = {**base, **(cause or {})}
        if deviations:
            first["deviations"] = deviations
        versions = upcasters_of(ruleset)  # new events are written at their current schema version
        drafts = [
            EventDraft(e.type, dict(e.data), first if i == 0 else base, versions.current_version(e.type))
            for i, e in enumerate(events)
        ]
        if ends and (open_disputes := disputes.open_ids(self.engine, game.meta.game_id)):
            # The result stands only once every dispute on the game is ruled (issue 8).
            provisional = {"provisional": True, "open_disputes": open_disputes}
            drafts = [replace(d, metadata={**d.metadata, **provisional}) if d.type == GAME_ENDED else d for d in drafts]
        after, notations = game, []
        for event in events:
            notations.append(ruleset.notation(event, after.state))
            after = advance(ruleset, after, event)
        stream = stream_of(game.meta.game_id)
        crosses = after.version // self.snapshot_every > game.version // self.snapshot_every

        published = [] if extra_on_append is None else [extra_on_append]
        if round_revealed is not None:
            published.append(MarkRevealed(stream, "sealed", f"{round_revealed}:"))
        if seed_hex is not None:
            published.append(MarkRevealed(stream, "dice_seed", "dice"))
        game_id = game.meta.game_id
        on_append = ActionRecordedWork(game_id, after.version, after.meta.ended, tuple(published))
        trace = tuple({"rule_id": t.rule_id, "text": t.text, "numbers": dict(t.numbers)} for t in decision.trace)
        answer = ActionRecordedAnswer(game_id, tuple(notations), tuple(deviations), trace, extra)
        result = self.store.append(stream, game.version, drafts, key, fingerprint, on_append=on_append, answer=answer)
        # Lost a race to the same Idempotency-Key: answer with what the winner recorded, not with this
        # attempt's decision (its salt, its folded game), which was never written.
        if result.replayed and (earlier := self._replay(key, fingerprint, game.meta.game_id, principal)):
            return earlier
        if ends and not result.replayed and self.on_game_ended is not None:
            self.on_game_ended(stream, result.version, result.events[-1].hash)
        if crosses and not result.replayed:  # after the commit, in a transaction of its own (a cache)
            self.loader.save_snapshot(ruleset, after)
        self.loader.remember(after)
        return Recorded(game.meta.game_id, result, result.answer or "")

    def _replay(self, key: str | None, fingerprint: str, game_id: str, principal: Principal) -> Recorded | None:
        if key is None:
            return None
        earlier = self.store.idempotent_result(key, fingerprint)
        if earlier is None:
            return None
        if earlier.answer is not None:
            return Recorded(game_id, earlier, answer=earlier.answer)
        # A key kept before answers were stored: the answer rebuilt from the events (without the trace).
        loaded = self.loader.load(game_id, principal, at=earlier.events[0].version - 1)
        notations, state = [], loaded.game
        for e in earlier.events:
            notations.append(loaded.ruleset.notation(Event(e.type, e.data), state.state))
            state = advance(loaded.ruleset, state, Event(e.type, e.data))
        deviations = tuple(earlier.events[0].metadata.get("deviations", ()))
        extra: dict[str, Any] = {}
        if earlier.events[0].type == "SubmissionSealed":
            name = f"{earlier.events[0].data['round']}:{earlier.events[0].data['seat']}"
            secret = secrets.get(self.engine, stream_of(game_id), "sealed", name) or {}
            extra = {
                "commitment": earlier.events[0].data["commitment"],
                "salt": secret.get("salt"),
                "revealed": any(e.type == "SubmissionsRevealed" for e in earlier.events),
            }
        answer = answer_text(recorded_json(game_id, earlier.events, notations, deviations, (), extra))
        return Recorded(game_id, earlier, answer=answer)

    def _server_dice(self, game: Game) -> _ServerDice | None:
        if game.meta.dice is not DiceMode.SERVER:
            return None
        return _ServerDice(lambda: bytes.fromhex(self._seed_hex(game.meta.game_id)), game)

    def _seed_hex(self, game_id: str) -> str:
        seed = self._stored_seed(game_id)
        if seed is None:
            # An imported record carries no unrevealed seed: its server dice cannot roll here.
            raise Conflict(
                f"game {game_id} has no server-dice seed on this server (an imported record whose seed "
                "was not revealed): its server dice cannot be rolled here"
            )
        return seed

    def _stored_seed(self, game_id: str) -> str | None:
        seed = self._seeds.get(game_id)
        if seed is None:
            stored = secrets.get(self.engine, stream_of(game_id), "dice_seed", "dice")
            if not isinstance(stored, str):
                return None
            seed = self._seeds[game_id] = stored  # a game's seed never changes
        return seed

    def _metadata(self, principal: Principal, ctx: RequestContext, ruleset_version: str) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "actor": principal.token_id,
            "role": principal.role,
            "request_id": ctx.request_id,
            "ruleset_version": ruleset_version,
        }
        if principal.player_id:
            meta["player"] = principal.player_id
        if ctx.client:
            meta["client"] = ctx.client[:200]
        return meta


def _ruleset_of(body: Mapping[str, Any]) -> Ruleset[Any]:
    """The current version of the body's ruleset, for a new game; a tournament's game is pinned to the version its
    tournament was created with, and a sample game to the one it was recorded with (`ruleset_version`, set by
    service/tournaments/rounds.py and service/samples.py; POST /games refuses it)."""
    try:
        if body.get("ruleset_version") is not None:
            return registry.pinned(body["ruleset"], str(body["ruleset_version"]))
        return registry.current(body["ruleset"])
    except registry.UnknownRuleset as error:
        raise Unprocessable(str(error), {"ruleset": [str(error)]}) from None


def _variant(
    ruleset: Ruleset[Any], body: dict[str, Any], errors: dict[str, list[str]]
) -> tuple[dict[str, Any], str | None]:
    """The options with the variant in them, and the game's variant: one value, wherever it was given.

    A ruleset with a `variant` option (Kard és Korona's basic/advanced) takes the request's top-level
    `variant` as that option; the two may not disagree.
    """
    options, variant = dict(body["options"]), body["variant"]
    if "variant" in options:
        if variant is not None and variant != options["variant"]:
            errors["variant"] = [f"{variant!r} differs from options.variant {options['variant']!r}; give one"]
        return options, options["variant"] if isinstance(options["variant"], str) else variant
    variant = implied_variant(ruleset, variant, body.get("board"))
    if variant is not None and not ruleset.option_errors({"variant": variant}):
        options["variant"] = variant
    return options, variant


def implied_variant(ruleset: Ruleset[Any], variant: str | None, board: object) -> str | None:
    """The variant a request gives, else the one its shipped board is named for: Kard és Korona plays each
    variant on its own map (KK-GEN-1), so a game or tournament on the `advanced` board is the advanced game
    without saying it twice. A board no variant is named after implies none (the options then say it or not)."""
    if variant is not None or not isinstance(board, str) or board not in ruleset.shipped_boards:
        return variant
    return None if ruleset.option_errors({"variant": board}) else board


class _ServerDice:
    """A game's server dice, fetching its seed only when a die is drawn: an action that rolls nothing
    never needs the seed (which an imported, unfinished record does not carry)."""

    def __init__(self, seed: Callable[[], bytes], game: Game) -> None:
        self._seed = seed
        self._game = game
        self._dice: SeededDice | None = None

    @property
    def drawn(self) -> int:
        """How many faces this decision has drawn."""
        return self._dice.drawn if self._dice is not None else 0

    def draw(self, count: int) -> tuple[int, ...]:
        """The next `count` faces of the game's provably fair sequence."""
        if self._game.meta.dice_seed is not None:
            # Everyone can derive the rest of the sequence: a tournament cannot play on with it.
            raise SeedRevealed(
                f"the server-dice seed of game {self._game.meta.game_id} was revealed, so its next rolls are "
                "predictable; the service rolls no more server dice in this game"
            )
        if self._dice is None:
            meta = self._game.meta
            self._dice = SeededDice(self._seed(), meta.dice_game_id, meta.dice_drawn + 1, meta.client_seeds)
        return self._dice.draw(count)


def _check_if_match(game_id: str, if_match: int | None, version: int) -> None:
    if if_match is not None and if_match != version:
        raise WrongExpectedVersion(stream_of(game_id), if_match, version)


def _refusal(ruleset: Any, violations: tuple[RuleViolation, ...]) -> RuleRefused:
    first = violations[0]
    rule = cited_rule(ruleset, first.rule_id)
    return RuleRefused(f"{first.rule_id}: {first.message}", rule, [_violation_json(v) for v in violations])


def _violation_json(violation: RuleViolation) -> dict[str, Any]:
    return {"rule_id": violation.rule_id, "message": violation.message, "details": dict(violation.details)}


def _fingerprint(body: Any) -> str:
    # A pinned `ruleset_version` is left out: a sample or a tournament's table created under an idempotency key
    # before its version was pinned is the same request (the game it created kept the version of its time).
    if isinstance(body, dict) and "ruleset_version" in body:
        body = {k: v for k, v in body.items() if k != "ruleset_version"}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def _first(errors: dict[str, list[str]]) -> str:
    name, messages = next(iter(errors.items()))
    return f"{name}: {messages[0]}"
