"""A seeded random legal player of Kard és Korona, for sample games and tournaments played to their end.

Every action goes through the ruleset's own `decide_action` (the service's entry point), so a game holds only what
the rules accept. At each moment the player reads from the state who must act and builds candidate actions drawn
from one `random.Random(seed)`: the setup placements, the event card, recruitment within the treasury, steps into
neighbouring counties (attacks included), every battle and siege step with table dice from the same Random, the
lords' fates, and the election's sealed bids. The first candidate the rules accept is kept (a refused one writes
nothing); each situation's last candidate is one the rules always allow there (a pass, recruiting nothing,
keeping a roll), so the player never sticks. The game ends by the rules alone (KK-WIN-1..7), never by `end_game`.

Event cards: only the six cards whose whole effect the engine applies are drawn (see `cards.py`); Céhek
megerősödése and the nine cards the seed does not name have effects that would have to be entered with `adjust`.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, Seat, advance, start
from domain.platform import decide_action, decide_reveal, decide_seal
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.battle_order import battle_chooser
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.captivity import can_pay_ransom, return_counties
from domain.rulesets.kard_es_korona.cards import siege_roll_due
from domain.rulesets.kard_es_korona.defeat import escape_routes
from domain.rulesets.kard_es_korona.defeat_evolve import CONSENT, ESCAPE, FEALTY, TAKEOVER
from domain.rulesets.kard_es_korona.election_state import JUDGE_REROLL, PALATINE, ROLL_OFF, SEALED
from domain.rulesets.kard_es_korona.hits import casualty_options, lord_present, other, side_force
from domain.rulesets.kard_es_korona.setup import seat_errors
from domain.rulesets.kard_es_korona.state import (
    ATTACKER,
    BATTLE,
    DEFENDER,
    DUEL,
    ELECTION,
    EVENT,
    FIRST_PLAYER,
    MOVEMENT,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    RECRUIT,
    Battle,
    KKState,
)
from domain.rulesets.kard_es_korona.withdrawal import forced_battle_targets, withdrawal_destinations
from tests.replays.kk_autoplay_choices import (
    event_card,
    garrison_part,
    move_candidates,
    neutral_pieces,
    placement,
    purchases,
    takeover,
)
from tests.replays.kk_table import created_event, game_document

_NOW = "2026-01-01T00:00:00Z"
_SPARE_DICE = 80  # faces offered to a rolling action; it keeps the prefix it used (CORE-DICE-1 says how many)


class Stuck(RuntimeError):
    """No candidate was accepted: a situation this player does not know (a bug to fix here, not a game result)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action to try; `rolls` asks for table dice drawn from the game's Random."""

    type: str
    seat: str | None
    data: Mapping[str, Any] = field(default_factory=dict)
    rolls: bool = False


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game: the sample's `game` member, its actions and sealed bids, every event, the final game."""

    document: dict[str, Any]
    actions: list[dict[str, Any]]
    events: list[Event]
    game: Game


def play_random_game(
    seats: Sequence[str], variant: str = "basic", seed: int = 0, max_actions: int = 4000
) -> tuple[dict[str, Any], list[dict[str, Any]], Game]:
    """A whole basic game from setup to `GameEnded`, every choice drawn from `random.Random(seed)`."""
    played = autoplay(seats, variant, seed, max_actions)
    return played.document, played.actions, played.game


def autoplay(seats: Sequence[str], variant: str = "basic", seed: int = 0, max_actions: int = 4000) -> PlayedGame:
    """`play_random_game`, keeping every event too (for checks that re-decide the actions)."""
    player = Autoplayer(seats, variant, seed)
    player.play(max_actions)
    title = f"Kard és Korona, random legal play, seed {seed}"
    return PlayedGame(game_document(variant, tuple(seats), title), player.steps, player.events, player.game)


def sample_document(
    seats: Sequence[str], seed: int, description: str | None = None, variant: str = "basic"
) -> dict[str, Any]:
    """A `replays/samples/*.sample.json` document ({description, game, actions}) of one random game."""
    played = autoplay(seats, variant, seed)
    result = played.game.meta.result or {}
    told = description or (
        f"Kard és Korona, {variant} map, {len(seats)} lords ({', '.join(seats)}): a game of random legal actions "
        f"(seed {seed}) played to its end by the rules; {result.get('reason', '')}; table dice."
    )
    return {"description": told, "game": played.document, "actions": played.actions}


def redecide(document: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> tuple[list[Event], Game]:
    """Decide the recorded actions again on a new game; the events and the game they give."""
    events: list[Event] = []
    last = None
    for game, decided in redecided(document, actions):
        events.extend(decided)
        last = game
    assert last is not None
    return events, last


def redecided(document: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> Iterator[tuple[Game, list[Event]]]:
    """The new game as it starts, then after each recorded action decided again, with the events it recorded."""
    seats = tuple(str(s["seat"]) for s in document["seats"])
    game = start(KARD_ES_KORONA, created_event(str(document["variant"]), seats), SHIPPED_BOARDS[document["board"]])
    yield game, []
    pending: dict[str, Any] = {}
    for step in actions:
        if "sealed" in step:
            sealed = step["sealed"]
            decision, complete = decide_seal(
                KARD_ES_KORONA, game, sealed["seat"], sealed["round"], sealed["payload"], salt(sealed["seat"])
            )
            pending[sealed["seat"]] = (sealed["payload"], salt(sealed["seat"]))
            if complete is not None:
                decision = decision.then(decide_reveal(KARD_ES_KORONA, game, complete, dict(pending), Inputs(_NOW)))
                pending = {}
        else:
            action = Action(step["type"], step["seat"], step["data"], Authority.RECORDER)
            decision = decide_action(KARD_ES_KORONA, game, action, Inputs(_NOW))
        if decision.violations:
            raise ValueError(f"step {step!r} is refused: {decision.violations}")
        for event in decision.events:
            game = advance(KARD_ES_KORONA, game, event)
        yield game, list(decision.events)


def salt(seat: str) -> str:
    """The salt of a seat's sealed bids (the service draws its own when a sample is recorded)."""
    return hashlib.sha256(f"autoplay:{seat}".encode()).hexdigest()


class Autoplayer:
    """A table whose every choice comes from one seeded Random."""

    def __init__(self, seats: Sequence[str], variant: str, seed: int) -> None:
        problems = seat_errors([Seat(s) for s in seats])
        if problems or variant != "basic":
            raise ValueError(problems[0] if problems else f"the random player plays the basic game, not {variant!r}")
        self.game = start(KARD_ES_KORONA, created_event(variant, tuple(seats)), SHIPPED_BOARDS[variant])
        self.rng = random.Random(seed)
        self.steps: list[dict[str, Any]] = []
        self.events: list[Event] = []

    @property
    def state(self) -> KKState:
        state: KKState = self.game.state
        return state

    def play(self, max_actions: int) -> None:
        """Act until the game ends by the rules; more than `max_actions` steps means a loop (a bug)."""
        while not self.game.meta.ended:
            if len(self.steps) >= max_actions:
                raise Stuck(f"no end after {max_actions} actions: {describe(self.state)}")
            self.act()

    def act(self) -> None:
        """One accepted action, or one auction's sealed bids."""
        state = self.state
        if state.phase == ELECTION and state.election is not None and state.election.awaiting == SEALED:
            self._bid()
            return
        for candidate in situation(state, self.rng):
            if self._accepted(candidate):
                return
        raise Stuck(f"nothing accepted: {describe(state)}")

    def _accepted(self, candidate: Candidate) -> bool:
        data = dict(candidate.data)
        if candidate.rolls:
            faces = [self.rng.randint(1, 6) for _ in range(_SPARE_DICE)]
            trial = self._decide(candidate, {**data, "dice": faces})
            rolled = next((v.details.get("rolled") for v in trial.violations if v.rule_id == "CORE-DICE-1"), None)
            if rolled is None:
                return False
            data["dice"] = faces[:rolled]
        decision = self._decide(candidate, data)
        if decision.violations or not decision.events:
            return False
        self._keep(decision)
        self.steps.append({"type": candidate.type, "seat": candidate.seat, "data": data})
        return True

    def _decide(self, candidate: Candidate, data: Mapping[str, Any]) -> Decision:
        action = Action(candidate.type, candidate.seat, data, Authority.RECORDER)
        return decide_action(KARD_ES_KORONA, self.game, action, Inputs(_NOW))

    def _keep(self, decision: Decision) -> None:
        for event in decision.events:
            self.game = advance(KARD_ES_KORONA, self.game, event)
            self.events.append(event)

    def _bid(self) -> None:
        """KK-ELECT-6: every eligible seat seals a bid of up to a third of its treasury, often nothing."""
        election = self.state.election
        assert election is not None
        secrets: dict[str, tuple[Any, str]] = {}
        for seat in election.eligible:
            money = self.state.treasury.get(seat, 0)
            # A holder bids less often: all three offices at once would end the game (KK-WIN-3) too often.
            holds = seat in self.state.offices.values()
            quiet = self.rng.random() < (0.7 if holds else 0.4)
            payload = {"amount": 0 if quiet else self.rng.randint(0, money // 3)}
            decision, complete = decide_seal(KARD_ES_KORONA, self.game, seat, election.round, payload, salt(seat))
            if decision.violations:
                raise Stuck(f"bid {payload} of {seat} refused: {decision.violations}")
            self._keep(decision)
            self.steps.append({"sealed": {"seat": seat, "round": election.round, "payload": payload}})
            secrets[seat] = (payload, salt(seat))
            if complete is not None:
                self._keep(decide_reveal(KARD_ES_KORONA, self.game, complete, secrets, Inputs(_NOW)))


def situation(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    """The candidates for whatever the game waits for now, the always-allowed one last."""
    if state.reroll_offer:
        yield from _reroll(state, rng)
    elif state.returning:
        seat = state.returning[0]
        for county in return_counties(state, seat):
            yield Candidate("return_lord", seat, {"to": county})
    elif state.defeat:
        yield from _defeat(state, rng)
    elif state.extra_step:
        seat = str(state.extra_step["seat"])
        yield Candidate("decline_extra_step", seat)
        yield from _extra_steps(state, seat)
    else:
        yield from _phase(state, rng)


def _phase(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    if state.phase == FIRST_PLAYER:
        yield Candidate("roll_for_first_player", None, rolls=True)
    elif state.phase == PLACEMENT and state.turn is not None:
        for _ in range(40):
            yield Candidate("place_forces", state.turn, placement(state, state.turn, rng))
    elif state.phase == NEUTRAL_PLACEMENT:
        for data in neutral_pieces(state, rng):
            yield Candidate("place_neutral_piece", state.turn, data)
    elif state.phase == EVENT:
        yield Candidate("draw_event", state.starting_player, event_card(state, rng))
    elif state.phase == RECRUIT and state.turn is not None:
        yield from _recruit(state, state.turn, rng)
    elif state.phase == MOVEMENT and state.turn is not None:
        if state.steps_taken.get(state.turn, 0) and rng.random() < 0.2:
            yield Candidate("pass", state.turn)
        for data in move_candidates(state, state.turn, rng, tries=8):
            yield Candidate("move", state.turn, data)
        yield Candidate("pass", state.turn)
    elif state.phase == BATTLE:
        yield from _battle(state, rng)
    elif state.phase == ELECTION and state.election is not None:
        yield from _election_tie(state, rng)


def _recruit(state: KKState, seat: str, rng: random.Random) -> Iterator[Candidate]:
    """KK-CAPTIVE-2 first (a captive's ransom), then KK-RECRUIT-1..5: a random purchase, shrinking when refused."""
    if can_pay_ransom(state, seat) and rng.random() < 0.8:
        yield Candidate("pay_ransom", seat, {"to": rng.choice(return_counties(state, seat))})
    bought = purchases(state, seat, rng)
    while bought:
        yield Candidate("recruit", seat, {"purchases": bought})
        bought = bought[:-1]
    yield Candidate("pass", seat)


def _battle(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    """KK-BATTLE-12 (the choice of battle), then whatever the battle being fought waits for."""
    battle = state.battle(state.current_battle)
    if battle is None:
        chooser, mine = battle_chooser(state)
        for chosen in rng.sample(mine, len(mine)):
            yield Candidate("select_battle", chooser, {"battle": chosen.id})
        return
    if battle.status == DUEL:
        yield Candidate("fight_duel", battle.attacker, rolls=True)
    elif battle.status in ("withdrawing", "capturing"):
        yield from _withdrawals(state, battle, rng)
    elif siege_roll_due(state) is not None:
        yield Candidate("roll_event_die", battle.attacker, rolls=True)
    elif any(p.chosen is None for p in battle.pending):
        for hits in battle.pending:
            if hits.chosen is None and hits.chooser is not None:
                _, options = casualty_options(hits.targets, side_force(state, battle, other(hits.side)))
                pick = rng.choice(options)
                yield Candidate("assign_casualties", hits.chooser, {"side": hits.side, "casualties": pick.to_json()})
    else:
        for side in (ATTACKER, DEFENDER):
            declares = battle.round == 1 and not battle.exchanges and side not in battle.led_arms
            if declares and lord_present(state, battle, side):  # KK-LORD-2: before the first die
                arms = [*side_force(state, battle, side).arms(), None]
                yield Candidate("lead_arm", battle.owner_of(side), {"arm": rng.choice(arms)})
        yield Candidate("fight_exchange", battle.attacker, rolls=True)


def _withdrawals(state: KKState, battle: Battle, rng: random.Random) -> Iterator[Candidate]:
    """KK-SIEGE-9..12: keep a legal garrison in a captured castle; the others go to a legal destination."""
    attack = side_force(state, battle, ATTACKER)
    capturing = battle.status == "capturing"
    lord = lord_present(state, battle, ATTACKER) and not capturing
    for _ in range(20):
        keep = garrison_part(attack, rng) if capturing else attack.minus(attack)
        moving = attack.minus(keep)
        data: dict[str, Any] = {"keep": keep.to_json()} if capturing else {}
        places = withdrawal_destinations(state, battle) or forced_battle_targets(state, battle, moving, lord)
        if moving.total or lord:
            to = rng.choice(places) if places else battle.county
            data["moves"] = [{"to": to, "units": moving.to_json(), **({"lord": True} if lord else {})}]
        yield Candidate("withdraw", battle.attacker, data)


def _reroll(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    """KK-OFFICE-1/2: the Judge Royal rerolls one of his groups (or his die), or lets the roll stand."""
    offer = state.reroll_offer
    seat = str(offer["seat"])
    if rng.random() < 0.5:
        groups = offer.get("groups") or [{}]
        arm = rng.choice(groups).get("arm")
        yield Candidate("reroll", seat, {"arm": arm} if arm else {}, rolls=True)
    yield Candidate("keep_roll", seat)


def _defeat(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    """KK-ELIM-1..6: escape or not, fealty or not, the victor's consent, the takeover placements."""
    defeat = state.defeat
    seat, victor, stage = str(defeat["seat"]), str(defeat["by"]), defeat["stage"]
    if stage == ESCAPE:
        routes = escape_routes(state, defeat)
        if routes and rng.random() < 0.7:
            yield Candidate("attempt_escape", seat, {"to": rng.choice(routes)}, rolls=True)
        yield Candidate("forgo_escape", seat)
    elif stage == FEALTY:
        first, second = ("swear_fealty", "decline_fealty") if rng.random() < 0.5 else ("decline_fealty", "swear_fealty")
        yield Candidate(first, seat)
        yield Candidate(second, seat)
    elif stage == CONSENT:
        yield Candidate("answer_fealty", victor, {"accept": rng.random() < 0.7})
    elif stage == TAKEOVER:
        yield Candidate("place_takeover", victor, {"placements": takeover(state, rng)})


def _extra_steps(state: KKState, seat: str) -> Iterator[Candidate]:
    """KK-LORD-8, A-13: the lord left alone joins units of his one or two counties away (the lord alone moves)."""
    board = state.board
    lord = state.lords.get(seat)
    if board is None or lord is None:
        return
    for county in sorted(c for c, by in state.units.items() if seat in by and by[seat].total and c != lord):
        for middle in sorted(board.neighbours[lord]):
            path = [county] if middle == county else [middle, county]
            if middle == county or county in board.neighbours[middle]:
                group = {"from": lord, "units": {}, "lord": True, "path": path}
                yield Candidate("take_extra_step", seat, {"to": county, "groups": [group]})


def _election_tie(state: KKState, rng: random.Random) -> Iterator[Candidate]:
    """KK-ELECT-10/11, KK-OFFICE-2: the Palatine's choice, the roll-off, the Judge Royal's reroll."""
    election = state.election
    assert election is not None
    if election.awaiting == PALATINE:
        yield Candidate("decide_tie", election.decider, {"player": rng.choice(election.tied)})
    elif election.awaiting == ROLL_OFF:
        yield Candidate("roll_off", election.tied[0], rolls=True)
    elif election.awaiting == JUDGE_REROLL:
        yield Candidate("reroll_tie_die", state.offices.get("judge_royal"), {"reroll": rng.random() < 0.5}, rolls=True)


def describe(state: KKState) -> str:
    """What the state waits for, for a Stuck message."""
    battle = state.battle(state.current_battle)
    shown = f"{battle.id} {battle.status} {battle.exchange} pending={battle.pending}" if battle else "none"
    return (
        f"year {state.year}, phase {state.phase}, turn {state.turn}, battle {shown}, defeat {dict(state.defeat)}, "
        f"extra_step {dict(state.extra_step)}, reroll {dict(state.reroll_offer)}, returning {state.returning}, "
        f"election {state.election}"
    )
