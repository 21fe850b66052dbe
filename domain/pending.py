"""What the table waits for (issue 15, point 2): who may act now, which actions, and the legal options of each.

A ruleset answers `pending(game, viewer)` with a `Pending`: the phase, the rule that says whose turn it is, and
one `Waiting` per seat (or for the table, seat None: an action a recorder sends for nobody, such as the roll for
the first player) with the `Option`s it may send. An option lists complete `data` payloads the rules accept now
(`choices`); where the legal payloads are too many to list (a move of any part of a stack along any path),
`exhaustive` is False, the choices are a representative set, and `fields` describes the legal values per field
(destinations with the steps each costs, the units available by area, the steps left…).

The contract a client may rely on, and the property tests check (tests/contract/test_pending_play.py):
- every listed choice is accepted by `decide` at that version (with server dice, or table dice entered as the
  action's spec says);
- a game that has not ended waits on somebody: `waiting` is never empty;
- nothing a viewer may not see is listed: an option marked `private` (cards in a hand, a bid within a hidden
  treasury) keeps its choices and fields for its own seat and the arbiter; others see only that the seat may
  send that type (`for_viewer`).

Sealed submissions are options too, of type `seal`: a client sends them to `POST /games/{id}/sealed` as
`{"seat": <the waiting seat>, "round": ..., "payload": ...}`, the two keys of each choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from domain.json_values import thawed
from domain.kernel import Game, GameMeta, SealedRound, Viewer

SEAL = "seal"
# The phase of a game that takes no more actions (CORE-GAME-1).
ENDED_PHASE = "ended"


@dataclass(frozen=True, slots=True)
class Option:
    """One action type a seat may send now, with what the rules allow for its `data`."""

    type: str
    # The rules that make the table wait for this action (the turn, the step, the choice they ask for).
    rule_ids: tuple[str, ...]
    # Complete `data` payloads the rules accept now (without table dice: the spec's `dice` says which to enter).
    choices: tuple[Mapping[str, Any], ...] = ()
    # Whether `choices` lists every legal payload; when False, `fields` says how to build the others.
    exhaustive: bool = True
    # Legal values per field where the choices are not exhaustive (ruleset-specific, documented per action).
    fields: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    # Choices and fields only the waiting seat (and the arbiter) may see: a hand, a bid within a hidden treasury.
    private: bool = False
    # How many table dice the action rolls now, when the rules know it before it is sent (0: none this time, so a
    # recorder asks for none); None when it depends on the choice or the dice (a battle's rounds).
    dice_count: int | None = None
    # When one field of the data sets the count (a Judge Royal's reroll: the group he names), the dice each of its
    # values rolls: {field: {value as JSON text: count}} ('"cavalry"', 'true'); empty otherwise.
    dice_by: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The option as the API shows it (the service adds the spec's senders and dice order)."""
        return {
            "type": self.type,
            "rule_ids": list(self.rule_ids),
            "choices": [thawed(c) for c in self.choices],
            "exhaustive": self.exhaustive,
            "fields": thawed(self.fields),
            "note": self.note,
            "private": self.private,
            "dice_count": self.dice_count,
            "dice_by": thawed(self.dice_by),
        }


@dataclass(frozen=True, slots=True)
class Waiting:
    """A seat the game waits for (None: the table, for an action a recorder sends for no seat)."""

    seat: str | None
    options: tuple[Option, ...]
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason, "options": [o.to_json() for o in self.options]}


@dataclass(frozen=True, slots=True)
class Pending:
    """Where the game stands and whom it waits for."""

    phase: str
    rule_id: str
    summary: str
    waiting: tuple[Waiting, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "rule_id": self.rule_id,
            "summary": self.summary,
            "waiting": [w.to_json() for w in self.waiting],
        }

    def seats(self) -> tuple[str | None, ...]:
        """The seats waited on, in order."""
        return tuple(w.seat for w in self.waiting)


ENDED = Pending(ENDED_PHASE, "CORE-GAME-1", "the game has ended; it takes no more actions")


def merged(waiting: Iterable[Waiting]) -> tuple[Waiting, ...]:
    """One entry per seat, in first-seen order: the options of a seat waited on for two reasons together."""
    by_seat: dict[str | None, Waiting] = {}
    for entry in waiting:
        known = by_seat.get(entry.seat)
        if known is None:
            by_seat[entry.seat] = entry
        else:
            reason = "; ".join(r for r in (known.reason, entry.reason) if r)
            by_seat[entry.seat] = Waiting(entry.seat, known.options + entry.options, reason)
    return tuple(by_seat.values())


def sealing(
    meta: GameMeta,
    payloads: Callable[[SealedRound, str], tuple[Mapping[str, Any], ...]],
    rule_ids: tuple[str, ...],
    *,
    exhaustive: bool = True,
    fields: Callable[[SealedRound, str], Mapping[str, Any]] | None = None,
) -> tuple[Waiting, ...]:
    """The seats still to seal in the open sealed rounds, each with a private `seal` option per round.

    `payloads(round, seat)` gives the payloads the ruleset's `sealed_errors` accepts from that seat; they become
    choices `{"round", "payload"}`.
    """
    waiting = []
    for sealed_round in meta.sealed.values():
        for seat in sealed_round.seats:
            if seat in sealed_round.commitments:
                continue
            choices = tuple({"round": sealed_round.round, "payload": p} for p in payloads(sealed_round, seat))
            option = Option(
                SEAL,
                rule_ids,
                choices,
                exhaustive=exhaustive,
                fields={"round": sealed_round.round, **(fields(sealed_round, seat) if fields else {})},
                note=sealed_round.purpose,
                private=True,
            )
            waiting.append(Waiting(seat, (option,), f"seals in round {sealed_round.round}"))
    return tuple(waiting)


def for_viewer(pending: Pending, viewer: Viewer) -> Pending:
    """The pending as `viewer` may see it: private options keep their choices for their own seat and the arbiter."""
    if viewer.arbiter:
        return pending
    shown = []
    for entry in pending.waiting:
        own = viewer.seat is not None and viewer.seat == entry.seat
        options = tuple(o if own or not o.private else _hidden(o) for o in entry.options)
        shown.append(Waiting(entry.seat, options, entry.reason))
    return replace(pending, waiting=tuple(shown))


def _hidden(option: Option) -> Option:
    return replace(option, choices=(), fields={}, exhaustive=False)


def ended_or(game: Game, compute: Callable[[Game], Pending]) -> Pending:
    """ENDED for an ended game (CORE-GAME-1: nothing more is accepted), else what `compute` says."""
    return ENDED if game.meta.ended else compute(game)
