"""How `pending` knows a choice is legal: it asks the ruleset's own `decide` (issue 15, point 2).

The situation modules propose candidate payloads from the state (the counties a lord may return to, the
casualties the dice allow, the steps a stack can pay for…); `Probe` keeps those that `decide` records without a
violation, so every choice `pending` lists is one the engine accepts at that version, and the rules live once.
Dice are drawn from a fixed cycle of faces: whether an action is legal never depends on the faces it will roll.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from domain.dice import DiceExhausted
from domain.kernel import Action, Authority, Decision, Game, Inputs
from domain.pending import Option, Waiting

Decide = Callable[[Game, Action, Inputs], Decision]
Candidates = Iterable[Mapping[str, Any]]

# A cycle of distinct faces: consecutive dice never tie, so a roll that repeats ties (the first player's roll,
# a roll-off) ends at once; an action drawing more than _MOST_DICE is taken as one that never ends.
_FACES = (6, 3, 5, 1, 4, 2)
_MOST_DICE = 600
_TRIED_AT = "2026-01-01T00:00:00Z"
# Choices listed per option at most when the candidates are many (moves, garrisons): a representative set.
MANY = 12


class Probe:
    """Tries candidate actions on one game with the ruleset's `decide`; remembers every answer."""

    def __init__(self, game: Game, decide: Decide) -> None:
        self.game = game
        self._decide = decide
        self._seen: dict[tuple[str | None, str, str], bool] = {}

    def accepts(self, seat: str | None, action_type: str, data: Mapping[str, Any]) -> bool:
        """Whether `decide` records the action with no violation (no deviation either, in a transcript)."""
        key = (seat, action_type, repr(sorted(data.items())))
        if key not in self._seen:
            self._seen[key] = self._tried(seat, action_type, data)
        return self._seen[key]

    def _tried(self, seat: str | None, action_type: str, data: Mapping[str, Any]) -> bool:
        if seat is not None and seat not in self.game.meta.seat_names():
            return False  # CORE-SEAT-1: royal and neutral forces are nobody's seat, nobody acts for them
        authority = Authority.PLAYER if seat is not None else Authority.RECORDER
        action = Action(action_type, seat, data, authority)
        try:
            decision = self._decide(self.game, action, Inputs(_TRIED_AT, CycledDice()))
        except DiceExhausted:
            return False
        return bool(decision.events) and not decision.violations

    def kept(
        self, seat: str | None, action_type: str, candidates: Candidates, limit: int | None = None
    ) -> tuple[Mapping[str, Any], ...]:
        """The accepted candidates, without repeats, at most `limit` of them."""
        found: list[Mapping[str, Any]] = []
        for data in candidates:
            if limit is not None and len(found) >= limit:
                break
            if data not in found and self.accepts(seat, action_type, data):
                found.append(data)
        return tuple(found)


class CycledDice:
    """The dice a tried action rolls (a `DiceSupply`): `_FACES` over and over, never validated again, because
    trying every candidate of every version must stay cheap."""

    __slots__ = ("_drawn",)

    def __init__(self) -> None:
        self._drawn = 0

    @property
    def drawn(self) -> int:
        return self._drawn

    def draw(self, count: int) -> tuple[int, ...]:
        if self._drawn + count > _MOST_DICE:
            raise DiceExhausted(needed=self._drawn + count, available=_MOST_DICE)
        faces = tuple(_FACES[(self._drawn + index) % len(_FACES)] for index in range(count))
        self._drawn += count
        return faces


def offered(
    probe: Probe,
    seat: str | None,
    action_type: str,
    rule_ids: tuple[str, ...],
    candidates: Candidates,
    *,
    complete: bool = True,
    fields: Mapping[str, Any] | None = None,
    note: str = "",
    limit: int | None = None,
    dice_count: int | None = None,
    dice_by: Mapping[str, Mapping[str, int]] | None = None,
) -> Option | None:
    """The option of the accepted candidates (None when the rules accept none of them).

    `complete` says the candidates are every legal payload; a `limit` reached makes the list representative.
    `dice_count`: the dice the action rolls whichever choice is sent, when the state says how many (Option's);
    `dice_by`: the dice per value of the field that sets the count, when the choice does (Option's).
    """
    choices = probe.kept(seat, action_type, candidates, limit)
    if not choices:
        return None
    exhaustive = complete and (limit is None or len(choices) < limit)
    fields = dict(fields or {})
    return Option(
        action_type,
        rule_ids,
        choices,
        exhaustive=exhaustive,
        fields=fields,
        note=note,
        dice_count=dice_count,
        dice_by=dice_by or {},
    )


def waiting(seat: str | None, reason: str, *options: Option | None) -> tuple[Waiting, ...]:
    """The seat's entry with the options the rules accept; nothing when none is accepted."""
    kept = tuple(o for o in options if o is not None)
    return (Waiting(seat, kept, reason),) if kept else ()


NO_DATA: tuple[Mapping[str, Any], ...] = ({},)
# A roll of the Judge Royal's own (KK-OFFICE-2): by default he rerolls when it loses; `false` lets it stand.
JUDGE_MAY_REROLL: tuple[Mapping[str, Any], ...] = ({}, {"judge_royal_reroll": False})
