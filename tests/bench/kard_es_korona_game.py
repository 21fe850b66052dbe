"""A scripted Kard és Korona game: every action decided by the real rules (table dice from a fixed generator).

`scripted_game` plays seats through setup and whole years with a simple, deterministic policy (recruit what
fits, attack a neighbour when possible, otherwise pass; fight every exchange; the hitter takes the first
legal maximal casualties). The samples under `replays/samples/kard_es_korona_*` are recorded from it, and
`long_game_events()` gives the lead's fold-rate bench a long valid stream. Where the policy has nothing to
say (the elections, a lord's fate, a reroll on offer), the script plays one of the choices the engine's own
`pending` lists, so `whole_game_events()` goes on past the 1303 election to the game's end (issue 19, point 4).
"""

from __future__ import annotations

import random
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, Viewer, advance, start
from domain.pending import SEAL, Option
from domain.platform import decide_action, decide_reveal, decide_seal
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.battle_order import battle_chooser
from domain.rulesets.kard_es_korona.board import KKBoard, Terrain
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, castle_limit_breaches
from domain.rulesets.kard_es_korona.hits import (
    casualty_options,
    lord_present,
    other,
    rolling_arms,
    side_force,
)
from domain.rulesets.kard_es_korona.state import ATTACKER, DEFENDER, KKState
from domain.rulesets.kard_es_korona.withdrawal import withdrawal_destinations
from tests.replays.kk_table import created_event

TIMESTAMP = "2026-11-22T12:00:00.000000Z"
CARDS = ("veres_kard", "parasztlazadas", "pestisjarvany", "szuret", "esos_osz")
THREE = ("felvidek", "erdely", "szlavonia")
SIX = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")
# Choices no rule waits for (leaving, handing over money, selling an office): a table that took them whenever
# offered would end the game in its first year (as tests/contract/test_pending_kard_es_korona.py says).
SELDOM = frozenset({"leave_game", "transfer_money", "offer_office"})
# Enough table dice for any one roll: the refusal (CORE-DICE-1) says how many the roll takes.
MANY_DICE = 60


class Script:
    """Plays a game action by action; `actions` are the request bodies, `events` what was recorded."""

    def __init__(self, seats: tuple[str, ...], variant: str, seed: int = 1301) -> None:
        self.board_document = SHIPPED_BOARDS[variant]
        created = created_event(variant, seats, f"kk-script-{variant}-{len(seats)}")
        self.game: Game = start(KARD_ES_KORONA, created, self.board_document)
        self.events: list[Event] = [created]
        self.actions: list[dict[str, Any]] = []
        self.random = random.Random(seed)
        self.cards = 0
        self.secrets: dict[str, dict[str, tuple[Any, str]]] = {}  # round -> seat -> (payload, salt)

    @property
    def state(self) -> KKState:
        state: KKState = self.game.state
        return state

    @property
    def board(self) -> KKBoard:
        assert self.state.board is not None
        return self.state.board

    def attempt(self, type: str, seat: str | None, **data: Any) -> bool:
        """Decide an action; record it when the rules accept it."""
        action = Action(type, seat, data, Authority.RECORDER)
        decision = decide_action(KARD_ES_KORONA, self.game, action, Inputs(TIMESTAMP))
        if decision.violations:
            return False
        self._record(decision)
        self.actions.append({"type": type, "seat": seat, "data": data})
        return True

    def _record(self, decision: Decision) -> None:
        for event in decision.events:
            self.game = advance(KARD_ES_KORONA, self.game, event)
            self.events.append(event)

    def do(self, type: str, seat: str | None, **data: Any) -> None:
        if not self.attempt(type, seat, **data):
            action = Action(type, seat, data, Authority.RECORDER)
            decision = decide_action(KARD_ES_KORONA, self.game, action, Inputs(TIMESTAMP))
            raise AssertionError(f"scripted {type} by {seat} refused: {decision.violations}")

    # --- setup ---

    def set_up(self) -> None:
        seats = self.state.seats
        self.do("roll_for_first_player", None, dice=self._faces(len(seats), distinct=True))
        while self.state.phase == "placement":
            seat = self.state.turn
            assert seat is not None
            lord, placements = self._start(seat)
            self.do("place_forces", seat, lord=lord, placements=placements)
        while self.state.phase == "neutral_placement":
            province, pool = next(iter(self.state.neutral_pool.items()))
            arm = next(a for a in ARMS if pool.of(a))
            county = next(
                c
                for c in self.board.provinces[province]
                if not self.board.counties[c].castle
                and self.board.counties[c].terrain == Terrain.PLAIN
                and self.state.control.get(c) != f"neutral:{province}"
            )
            self.do("place_neutral_piece", self.state.turn, county=county, arm=arm)
        if self.state.phase == "garrison_substitution":
            royal = [c for c in self.board.castles(self.board.royal_province)][:2]
            self.do("substitute_royal_cavalry", None, castles=royal)

    def _start(self, seat: str) -> tuple[str, dict[str, dict[str, int]]]:
        """KK-SETUP-7/8: a legal start in the home province."""
        reserved = set(self.board.special.values())
        mine = [c for c in self.board.provinces[seat] if c not in reserved]
        castles = [c for c in mine if self.board.counties[c].castle]
        if self.state.options["variant"] == "basic":
            plain = next(c for c in mine if not self.board.counties[c].castle)
            start = {
                castles[0]: Force(cavalry=1, infantry=2, archer=1),
                castles[1]: Force(cavalry=1, infantry=2, archer=1),
                plain: Force(cavalry=1, infantry=1, archer=2),
            }
        else:
            chosen = self._connected_six(mine)
            pieces = ["infantry", "archer", "cavalry"] * 4 + ["infantry", "infantry", "archer"]
            start = dict.fromkeys(chosen, EMPTY)
            for index, arm in enumerate(pieces):
                county = chosen[index % 6]
                start[county] = start[county].plus(Force(**{arm: 1}))
        return next(iter(start)), {c: f.to_json() for c, f in start.items()}

    def _connected_six(self, mine: list[str]) -> list[str]:
        """KK-SETUP-8: six connected counties of the home province with at most one castle."""
        for first in mine:
            chosen = [first]
            castle = self.board.counties[first].castle
            while len(chosen) < 6:
                nxt = next(
                    (
                        c
                        for c in mine
                        if c not in chosen
                        and not (castle and self.board.counties[c].castle)
                        and self.board.neighbours[c] & set(chosen)
                    ),
                    None,
                )
                if nxt is None:
                    break
                castle = castle or self.board.counties[nxt].castle
                chosen.append(nxt)
            if len(chosen) == 6:
                return chosen
        raise AssertionError("no six connected counties with at most one castle")

    # --- the year ---

    def play_years(self, years: int) -> None:
        """Play until `years` more years have ended (or the game reaches an election or its end)."""
        target = self.state.year + years
        while self.state.year < target and self.state.phase not in ("election", "finished"):
            self.step()

    def play_to_end(self, most_actions: int = 20_000) -> None:
        """Play on through the elections until the game has ended (KK-WIN), within `most_actions` more actions."""
        for _ in range(most_actions):
            if self.game.meta.ended:
                return
            self.step()
        raise AssertionError(f"the game has not ended after {most_actions} more actions ({self.state.phase})")

    def step(self) -> None:
        """One action: the scripted policy's where it has one, otherwise one of `pending`'s choices."""
        try:
            self._scripted_step()
        except (AssertionError, LookupError, StopIteration):
            # The policy knows the year's business only; a lord's fate, a reroll on offer or a retreat waits on
            # a choice it has no rule for, and the engine's `pending` lists the legal ones.
            self._pending_step()

    def _scripted_step(self) -> None:
        state = self.state
        seat = state.turn
        match state.phase:
            case "event":
                self.cards += 1
                # KK-EVENT-1: no card comes up twice; after the five named ones, cards the seed does not name
                named = self.cards <= len(CARDS)
                card = CARDS[self.cards % len(CARDS)] if named else f"card_{self.cards - len(CARDS)}"
                self.do("draw_event", state.starting_player, card=card)
            case "recruit":
                assert seat is not None
                if not self._recruit(seat):
                    self.do("pass", seat)
            case "movement":
                assert seat is not None
                if state.steps_taken.get(seat, 0) >= 2 or not self._move(seat):
                    self.do("pass", seat)
            case "battle":
                self._battle()
            case _:
                raise AssertionError(f"the script cannot play phase {state.phase!r}")

    def _recruit(self, seat: str) -> bool:
        castles = self.state.castles_of(seat)
        for castle in castles:
            for arm in ("infantry", "archer", "cavalry"):
                if self.attempt("recruit", seat, purchases=[{"castle": castle, "arm": arm, "count": 1}]):
                    return True
        return False

    def _move(self, seat: str) -> bool:
        state = self.state
        options = []
        for origin, owners in sorted(state.units.items()):
            if seat not in owners or state.battle_in(origin) is not None:
                continue
            free = owners[seat].minus(state.moved_force(origin, seat))
            if free.total < 2:
                continue
            for target in sorted(self.board.neighbours[origin]):
                enemies = [o for o in state.owners_in(target) if o != seat]
                if enemies:
                    options.append((0 if not self.board.counties[target].castle else 1, origin, target, free))
                elif not state.owners_in(target):
                    options.append((2, origin, target, free))
        for _, origin, target, free in sorted(options, key=lambda o: o[0]):
            units = free if state.lords.get(seat) != origin else free.minus(Force(**{free.arms()[-1]: 1}))
            units = _fit(units, self.board.counties[target].castle, state)
            if units.total == 0:
                continue
            group = {"from": origin, "units": units.to_json(), "path": [target]}
            if self.attempt("move", seat, to=target, groups=[group]):
                return True
        return False

    def _battle(self) -> None:
        state = self.state
        battle = state.battle(state.current_battle)
        if battle is None:
            chooser, mine = battle_chooser(state)
            self.do("select_battle", chooser, battle=mine[0].id)
            return
        if battle.status in ("capturing", "withdrawing"):
            attack = side_force(state, battle, ATTACKER)
            keep = _fit(attack, True, state) if battle.status == "capturing" else EMPTY
            to = withdrawal_destinations(state, battle)[0]
            data: dict[str, Any] = {"moves": [{"to": to, "units": attack.minus(keep).to_json()}]}
            if battle.status == "capturing":
                data["keep"] = keep.to_json()
            self.do("withdraw", battle.attacker, **data)
            return
        for p in battle.pending:
            if p.chosen is None:
                _, choices = casualty_options(p.targets, side_force(state, battle, other(p.side)))
                self.do("assign_casualties", p.chooser, side=p.side, casualties=choices[0].to_json())
                return
        for side in (ATTACKER, DEFENDER):
            if battle.exchanges == 0 and lord_present(state, battle, side) and side not in battle.led_arms:
                self.do("lead_arm", battle.owner_of(side), arm=side_force(state, battle, side).arms()[0])
                return
        count = sum(
            side_force(state, battle, s).of(a) for s in (ATTACKER, DEFENDER) for a in rolling_arms(state, battle, s)
        )
        self.do("fight_exchange", battle.attacker, dice=self._faces(count))

    # --- whatever else the table waits for ---

    def _pending_step(self) -> None:
        """One of the choices the arbiter's `pending` lists (seldom ones aside), drawn from the script's generator."""
        pending = KARD_ES_KORONA.pending(self.game, Viewer(arbiter=True))
        playable = [(w.seat, o) for w in pending.waiting for o in w.options if o.choices and o.type not in SELDOM]
        if not playable:
            raise AssertionError(f"version {self.game.version}: nothing to play ({pending.phase}: {pending.summary})")
        seat, option = playable[self.random.randrange(len(playable))]
        data = option.choices[self.random.randrange(len(option.choices))]
        if option.type == SEAL and seat is not None:
            self._seal(seat, data["round"], data["payload"])
        elif not self._attempt_with_dice(option, seat, dict(data)):
            raise AssertionError(f"version {self.game.version}: pending offered {option.type} {dict(data)}")

    def _attempt_with_dice(self, option: Option, seat: str | None, data: dict[str, Any]) -> bool:
        """The choice as it is, or with as many table dice as the roll takes when the action rolls (CORE-DICE-1)."""
        if KARD_ES_KORONA.actions[option.type].dice is None:
            return self.attempt(option.type, seat, **data)
        action = Action(option.type, seat, {**data, "dice": [6] * MANY_DICE}, Authority.RECORDER)
        refused = decide_action(KARD_ES_KORONA, self.game, action, Inputs(TIMESTAMP)).violations
        counts = [v.details["rolled"] for v in refused if v.rule_id == "CORE-DICE-1" and "rolled" in v.details]
        return self.attempt(option.type, seat, **data, dice=self._faces(counts[0] if counts else MANY_DICE))

    def _seal(self, seat: str, round_id: str, payload: Any) -> None:
        """A sealed bid; the last one of its round is revealed with every payload at once (DESIGN §7)."""
        salt = f"{self.random.getrandbits(128):032x}"
        decision, completed = decide_seal(KARD_ES_KORONA, self.game, seat, round_id, payload, salt)
        if decision.violations:
            raise AssertionError(f"sealed bid of {seat} refused: {decision.violations}")
        self._record(decision)
        self.secrets.setdefault(round_id, {})[seat] = (payload, salt)
        self.actions.append({"sealed": {"seat": seat, "round": round_id, "payload": payload}})
        if completed is not None:
            reveal = decide_reveal(KARD_ES_KORONA, self.game, completed, self.secrets.pop(round_id), Inputs(TIMESTAMP))
            if reveal.violations:
                raise AssertionError(f"reveal of {round_id} refused: {reveal.violations}")
            self._record(reveal)

    def _faces(self, count: int, distinct: bool = False) -> list[int]:
        if distinct:
            return (
                self.random.sample(range(1, 7), count)
                if count <= 6
                else [self.random.randint(1, 6) for _ in range(count)]
            )
        return [self.random.randint(1, 6) for _ in range(count)]


def _fit(units: Force, castle: bool, state: KKState) -> Force:
    """The largest part of `units` (taken arm by arm) that a castle may hold; all of them elsewhere."""
    if not castle:
        return units
    kept = EMPTY
    for _ in range(units.total):
        for arm in ARMS:
            trial = kept.plus(Force(**{arm: 1}))
            if kept.of(arm) < units.of(arm) and not castle_limit_breaches(
                trial, str(state.options["castle_arm_limit"]), str(state.options["variant"])
            ):
                kept = trial
                break
    return kept


def scripted_game(seats: tuple[str, ...], variant: str, years: int, seed: int = 1301) -> Script:
    script = Script(seats, variant, seed)
    script.set_up()
    script.play_years(years)
    return script


def long_game_events() -> list[Event]:
    """A long valid Kard és Korona stream (GameCreated first): six lords, advanced map, to the 1303 election."""
    return scripted_game(SIX, "advanced", 3, seed=7).events


def whole_game_events(seed: int = 7) -> list[Event]:
    """A whole Kard és Korona game (GameCreated first): six lords on the advanced map, played to its end."""
    script = scripted_game(SIX, "advanced", 3, seed=seed)
    script.play_to_end()
    return script.events
