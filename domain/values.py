"""The values every ruleset and the kernel speak: modes, seats, actions, events, rulings, the game envelope.

Kept apart from `domain.kernel` (which re-exports them) so that the fold, the `Ruleset` contract and these
shapes each fit in a module; import them from `domain.kernel` as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from domain.dice import DiceSupply


class Mode(StrEnum):
    """How a broken rule is treated: refused, or recorded with its deviations."""

    ADJUDICATED = "adjudicated"
    TRANSCRIPT = "transcript"


class DiceMode(StrEnum):
    """Who rolls: the service (provably fair) or the table (faces entered by hand)."""

    SERVER = "server"
    TABLE = "table"


class Authority(StrEnum):
    """In what capacity an action is submitted; the service derives it from the caller's token."""

    PLAYER = "player"  # acts for a seat the caller holds
    RECORDER = "recorder"  # organiser or scorekeeper entering what happened at a table
    ARBITER = "arbiter"


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule of a catalog, with the original-language text it rests on."""

    id: str
    summary: str
    source_quote: str = ""
    source_file: str = ""
    section: str = ""


@dataclass(frozen=True, slots=True)
class Seat:
    """A playing position and the player id holding it (None: nobody registered)."""

    seat: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """What a client asks to record."""

    type: str
    seat: str | None
    data: Mapping[str, Any]
    authority: Authority = Authority.PLAYER


@dataclass(frozen=True, slots=True)
class Event:
    """A recorded fact: a past-tense type and JSON data."""

    type: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RuleViolation:
    """A rule an action breaks, by rule id, with a message that quotes the offending input."""

    rule_id: str
    message: str
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a ruling: the rule applied and the numbers it was applied to."""

    rule_id: str
    text: str
    numbers: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    """The events an action records (fact first, consequences after), what it breaks, and why."""

    events: tuple[Event, ...] = ()
    violations: tuple[RuleViolation, ...] = ()
    trace: tuple[TraceStep, ...] = ()

    @classmethod
    def refuse(cls, rule_id: str, message: str, **details: Any) -> Decision:
        """A decision that records nothing and names the rule broken."""
        return cls(violations=(RuleViolation(rule_id, message, details),))

    def then(self, other: Decision) -> Decision:
        """This decision followed by another (events, violations and trace concatenated)."""
        return Decision(self.events + other.events, self.violations + other.violations, self.trace + other.trace)


@dataclass(frozen=True, slots=True)
class Inputs:
    """What the pure domain may not create itself: time, dice, revealed secrets."""

    timestamp: str
    dice: DiceSupply | None = None
    revealed: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks at a state: a seat, a spectator (seat None) or the arbiter."""

    seat: str | None = None
    arbiter: bool = False


@dataclass(frozen=True, slots=True)
class SealedRound:
    """An open round of secret submissions: who must seal, and the commitments posted so far."""

    round: str
    seats: tuple[str, ...]
    purpose: str = ""
    commitments: Mapping[str, str] = field(default_factory=dict)

    def is_complete(self) -> bool:
        """Every required seat has sealed."""
        return all(seat in self.commitments for seat in self.seats)


@dataclass(frozen=True, slots=True)
class GameMeta:
    """The platform's part of a game, the same for every ruleset."""

    game_id: str
    ruleset: str
    ruleset_version: str
    variant: str | None
    options: Mapping[str, Any]
    board: str | None
    seats: tuple[Seat, ...]
    mode: Mode
    dice: DiceMode
    dice_commitment: str | None
    client_seeds: Mapping[str, str] = field(default_factory=dict)
    dice_drawn: int = 0
    dice_seed: str | None = None  # hex, once revealed
    sealed: Mapping[str, SealedRound] = field(default_factory=dict)
    # Names of revealed rounds: a round name is never reused (the service keys secrets by it).
    revealed_rounds: tuple[str, ...] = ()
    ended: bool = False
    result: Mapping[str, Any] | None = None
    adjustments: int = 0
    # The id server dice are derived under: the game id, or the original id of an imported game.
    dice_game_id: str = ""

    def seat_names(self) -> tuple[str, ...]:
        """The seat ids in seating order."""
        return tuple(s.seat for s in self.seats)


@dataclass(frozen=True, slots=True)
class Game:
    """A game at one version: the envelope and the ruleset's state."""

    meta: GameMeta
    state: Any
    version: int
    # The board document the game is played on (None: a game without one), for checks that need it (CORE-ADJUST-3).
    # Not part of what a game is: the meta names the board by its content id, so equality and snapshots skip it.
    board: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
