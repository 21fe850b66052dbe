"""Builders for cedofan_rv tests: the catalog's §6 test fixture, small boards, and a table to play on.

The unit table here is the catalog's labelled TEST FIXTURE, not the real RV unit table (RV-AMB-1); the
catalog gives no recruit costs, so the costs are invented too (they only break casualty-order ties).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, advance, start
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV, CedofanRvRuleset
from domain.rulesets.cedofan_rv.league import has_played, next_subfaction

A, B, C = "katzowicove", "gliviciove", "uradiove"
NOW = "2026-01-01T12:00:00Z"

FIXTURE_UNIT_TABLE: dict[str, dict[str, int]] = {
    "infantry": {"cost": 1, "field_dice": 1, "city_dice": 1, "lives": 1, "speed": 2},
    "cavalry": {"cost": 2, "field_dice": 2, "city_dice": 1, "lives": 2, "speed": 4},
    "elephant": {"cost": 3, "field_dice": 3, "city_dice": 2, "lives": 4, "speed": 1},
    "noble": {"cost": 0, "field_dice": 1, "city_dice": 1, "lives": 1, "speed": 4},
}
FIXTURE_INFLUENCE = {"battle_won": 1, "place_captured": 2}
FIXTURE_OPTIONS: dict[str, Any] = {"unit_table": FIXTURE_UNIT_TABLE, "influence_awards": FIXTURE_INFLUENCE}


def noble(piece_id: str, owner: str, area: str, rank: str = "general", purse: int = 0) -> dict[str, Any]:
    """A noble of the setup."""
    return {"id": piece_id, "kind": "noble", "rank": rank, "owner": owner, "area": area, "purse": purse}


def troops(
    prefix: str, count: int, kind: str, owner: str, area: str, banner: str | None = None
) -> list[dict[str, Any]]:
    """`count` units named prefix1..prefixN, in a noble's banner when given."""
    made = []
    for index in range(1, count + 1):
        piece: dict[str, Any] = {"id": f"{prefix}{index}", "kind": kind, "owner": owner, "area": area}
        if banner is not None:
            piece["banner"] = banner
        made.append(piece)
    return made


def city(owner: str | None, kind: str = "city", home: list[str] | None = None) -> dict[str, Any]:
    """An area attribute block holding a place."""
    attributes: dict[str, Any] = {"place": {"kind": kind, "owner": owner}}
    if home:
        attributes["home"] = home
    return attributes


def board(
    areas: Mapping[str, Mapping[str, Any]],
    edges: list[tuple[str, str, str, int]],
    pieces: list[dict[str, Any]],
    treasuries: dict[str, int] | None = None,
) -> dict[str, Any]:
    """A board document: areas with attributes, (a, b, border kind, steps) edges, the starting forces."""
    return {
        "name": "test board",
        "ruleset": "cedofan_rv",
        "areas": [{"id": area_id, "attributes": attributes} for area_id, attributes in areas.items()],
        "edges": [{"a": a, "b": b, "kind": kind, "attributes": {"steps": steps}} for a, b, kind, steps in edges],
        "attributes": {"setup": {"treasuries": treasuries or {A: 20, B: 20, C: 20}, "pieces": pieces}},
    }


def created(
    document: Mapping[str, Any],
    *,
    seats: tuple[str, ...] = (A, B, C),
    options: dict[str, Any] | None = None,
    dice: str = "table",
    mode: str = "adjudicated",
) -> Event:
    """The `GameCreated` event of a cedofan_rv game on `document`."""
    assert CEDOFAN_RV.board_errors(document) == []
    chosen = {**FIXTURE_OPTIONS, **(options or {})}
    assert CEDOFAN_RV.option_errors(chosen) == []
    return Event(
        "GameCreated",
        {
            "game_id": "game-1",
            "title": "test",
            "ruleset": CEDOFAN_RV.id,
            "ruleset_version": CEDOFAN_RV.version,
            "variant": None,
            "options": {**CEDOFAN_RV.default_options, **chosen},
            "board": "test-board",
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": mode,
            "dice": dice,
            "dice_commitment": None,
        },
    )


@dataclass
class Table:
    """A game being played in a test: decide actions with table dice and record what they decide."""

    game: Game
    events: list[Event] = field(default_factory=list)
    # The ruleset version the game is pinned to (`pinned_to` moves a table to another).
    ruleset: CedofanRvRuleset = CEDOFAN_RV

    @classmethod
    def on(cls, document: Mapping[str, Any], **kwargs: Any) -> Table:
        """A fresh game on `document`."""
        first = created(document, **kwargs)
        return cls(start(CEDOFAN_RV, first, document), [first])

    def pinned_to(self, ruleset: CedofanRvRuleset) -> Table:
        """The same table pinned to another version of the ruleset: versions differ only in the amendments their
        states carry (ruleset.py), so it is the game with its GameCreated's version and its state's amendments."""
        meta = replace(self.game.meta, ruleset_version=ruleset.version)
        game = Game(meta, ruleset.amended(self.state), self.game.version, self.game.board)
        created = Event("GameCreated", {**self.events[0].data, "ruleset_version": ruleset.version})
        return Table(game, [created, *self.events[1:]], ruleset)

    def decide(self, seat: str | None, action_type: str, dice: list[int] | None = None, /, **data: Any) -> Decision:
        """Decide an action (nothing recorded). Every keyword is the action's data, `dice=[...]` included: the
        positional-only head lets a test unpack data (`**{"from": ...}`) that no parameter can capture."""
        payload = {**data, **({"dice": dice} if dice is not None else {})}
        authority = Authority.RECORDER if seat is None else Authority.PLAYER
        return decide_action(self.ruleset, self.game, Action(action_type, seat, payload, authority), Inputs(NOW))

    def act(self, seat: str | None, action_type: str, dice: list[int] | None = None, /, **data: Any) -> Decision:
        """Decide an action and record its events; it must be accepted."""
        decision = self.decide(seat, action_type, dice, **data)
        assert decision.violations == (), decision.violations
        self.record(decision.events)
        return decision

    def record(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Fold events into the game."""
        for event in events:
            self.game = advance(self.ruleset, self.game, event)
            self.events.append(event)

    def seal_loot(self, round_id: str, seat: str, amount: int) -> Decision:
        """The loser's slip is sealed and revealed (as the platform does when the last seat seals)."""
        payload = {"amount": amount}
        sealed = self.game.meta.sealed[round_id]
        assert self.ruleset.sealed_errors(self.game, sealed, seat, payload) == []
        self.record([Event("SubmissionSealed", {"round": round_id, "seat": seat, "commitment": "c" * 64})])
        reveal = Event(
            "SubmissionsRevealed", {"round": round_id, "submissions": {seat: {"payload": payload, "salt": "00"}}}
        )
        decision = self.ruleset.resolve_reveal(self.game, sealed, {seat: payload}, Inputs(NOW))
        if not decision.violations:
            self.record([reveal, *decision.events])
        return decision

    @property
    def state(self) -> Any:
        """The ruleset state."""
        return self.game.state

    def impulse(self, seat: str, subfaction: str | None = None) -> None:
        """End any open impulse and begin `seat`'s (the Kard League: its next sub-faction's, or `subfaction`'s);
        a new round when it has played; earlier impulses pass (RV-TURN-3)."""
        if self.state.impulse is not None:
            self.act(self.state.impulse, "end_impulse")
        played = subfaction in self.state.sub_impulses if subfaction else has_played(self.state, seat)
        if self.state.round == 0 or played:
            self.act(None, "start_round")
        for earlier in self.state.order[: self.state.order.index(seat)]:
            while not has_played(self.state, earlier):
                self.act(earlier, "begin_impulse")
                self.act(earlier, "end_impulse")
        while subfaction is not None and next_subfaction(self.state) != subfaction:
            self.act(seat, "begin_impulse")
            self.act(seat, "end_impulse")
        self.act(seat, "begin_impulse")

    def to_round(self, number: int) -> None:
        """Close any impulse and start rounds until `number` is the current one."""
        if self.state.impulse is not None:
            self.act(self.state.impulse, "end_impulse")
        while self.state.round < number:
            self.act(None, "start_round")


def types(decision: Decision) -> list[str]:
    """The event types a decision records."""
    return [e.type for e in decision.events]


def first(decision: Decision, kind: str) -> dict[str, Any]:
    """The data of the first event of `kind`."""
    return dict(next(e.data for e in decision.events if e.type == kind))


def every(decision: Decision, kind: str) -> list[dict[str, Any]]:
    """The data of every event of `kind`."""
    return [dict(e.data) for e in decision.events if e.type == kind]
