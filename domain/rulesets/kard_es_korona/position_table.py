"""What the checks of a position share: the errors found so far, and the game's table (board, seats, known ids)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.positions import PositionError, pointer
from domain.rulesets.kard_es_korona.board import KKBoard
from domain.rulesets.kard_es_korona.state import ROYAL, KKState


@dataclass(slots=True)
class Found:
    """The broken invariants found so far, in the order they were found."""

    errors: list[PositionError] = field(default_factory=list)

    def add(self, rule_id: str, message: str, *path: str | int) -> None:
        self.errors.append(PositionError(pointer(*path), rule_id, message))


@dataclass(frozen=True, slots=True)
class Table:
    """A position on its game: the opening state carries the board, options, seats and unplayed provinces."""

    position: Mapping[str, Any]
    state: KKState
    board: KKBoard
    in_play: tuple[str, ...]  # seats whose player is still in the game (KK-ELIM-1)
    owners: frozenset[str]
    battles: frozenset[str]

    @classmethod
    def of(cls, position: Mapping[str, Any], state: KKState) -> Table:
        """The table of a position whose board is a valid Kard és Korona board (`state.board` is set)."""
        assert state.board is not None, "position_errors checks the board first"
        fates = position["lords"]["fates"]
        gone = tuple(s for s in state.seats if fates.get(s) == "eliminated")
        # KK-NEUTRAL-1, KK-NEUTRAL-5 (A-26): unplayed provinces' pieces and a departed player's units are neutral.
        neutral = (f"neutral:{p}" for p in (*state.neutral_provinces, *gone))
        return cls(
            position=position,
            state=state,
            board=state.board,
            in_play=tuple(s for s in state.seats if s not in gone),
            owners=frozenset((*state.seats, ROYAL, *neutral)),
            battles=frozenset(b["id"] for b in position["battles"]),
        )

    @property
    def seats(self) -> tuple[str, ...]:
        return self.state.seats

    @property
    def variant(self) -> str:
        return self.board.variant

    @property
    def options(self) -> Mapping[str, Any]:
        return self.state.options

    @property
    def arm_limit(self) -> str:
        """The option `castle_arm_limit` (A-4): which garrisons the half-rounded-up arm limit binds."""
        return str(self.options.get("castle_arm_limit", "over_four"))

    def check_seat(self, found: Found, seat: str | None, *path: str | int) -> bool:
        """KK-SETUP-1: a seat named (null passes) is one of the game's."""
        if seat is None or seat in self.seats:
            return True
        found.add("KK-SETUP-1", f"{seat!r} is not a seat of this game ({', '.join(self.seats)})", *path)
        return False

    def check_county(self, found: Found, county: str | None, *path: str | int) -> bool:
        """KK-GEN-2: a county named (null passes) is one of the board's."""
        if county is None or county in self.board.counties:
            return True
        found.add("KK-GEN-2", f"{county!r} is not a county of the board {self.board.name!r}", *path)
        return False

    def check_owner(self, found: Found, owner: str, *path: str | int) -> bool:
        """KK-NEUTRAL-1: an owner is a seat, the crown, or the neutral pieces of a province not in play."""
        if owner in self.owners:
            return True
        found.add(
            "KK-NEUTRAL-1",
            f"{owner!r} owns nothing here: owners are the seats, 'royal', or 'neutral:<province>' of a province "
            "nobody plays",
            *path,
        )
        return False

    def check_battle(self, found: Found, battle: str | None, *path: str | int) -> bool:
        """A battle named (null passes) is one of the position's battles (KK-BATTLE-1)."""
        if battle is None or battle in self.battles:
            return True
        found.add("KK-BATTLE-1", f"{battle!r} is not one of this year's battles", *path)
        return False
