"""The `Ruleset` contract (DESIGN §4): what one game system gives the kernel and the service.

`domain.kernel` re-exports it; import it from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from domain.upcasting import Upcaster
from domain.values import (
    Action,
    Decision,
    Event,
    Game,
    Inputs,
    Rule,
    RuleViolation,
    SealedRound,
    Seat,
    Viewer,
)

if TYPE_CHECKING:  # domain.actions and domain.pending import from domain.kernel
    from domain.actions import ActionSpec, SealedSpec
    from domain.pending import Pending
    from domain.positions import PositionError


# What no earlier event told a bookmark (`Ruleset.bookmark_facts`).
NO_FACTS: Mapping[str, str] = MappingProxyType({})

# The state type of one ruleset (KKState, AgotState…); the kernel and the service hold `Ruleset[Any]`.
S = TypeVar("S")


class Ruleset(Protocol[S]):
    """The contract of one game system (DESIGN §4), generic over its state type. Pure: time and dice enter
    through `Inputs`.

    A ruleset subclasses `Ruleset[ItsState]` explicitly: mypy then checks every method against this contract,
    refuses to build a ruleset that misses one, and the optional hooks at the end come with their "none" answers
    (no cross-field game errors, events shown whole, no bookmarks of its own, no upcasters, no fields added later)
    for a ruleset to override. The game's state stays `Any` in `Game`, which the service carries without knowing
    its ruleset.
    """

    id: str
    version: str
    title: str
    rulebook: Mapping[str, Rule]
    default_options: Mapping[str, Any]
    # Boards shipped with the ruleset, by name ("basic"); a game may name one instead of a stored board id.
    shipped_boards: Mapping[str, Mapping[str, Any]]
    # Every action type the ruleset accepts, as data (issue 15); the platform's own are in domain.platform_actions.
    actions: Mapping[str, ActionSpec]
    # What the engine does not compute and a recorder or arbiter enters with `adjust`: (rule id, the effect), so
    # the rulebook says where the rules stop (issue 15; GET /rulesets/{id} and the rulebook page list them).
    left_to_adjust: tuple[tuple[str, str], ...]

    def action_ids(self, state: S) -> Mapping[str, tuple[str, ...]]: ...
    def option_errors(self, options: Mapping[str, Any]) -> list[str]: ...
    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]: ...
    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]: ...
    def setup(self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> S: ...
    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision: ...
    def evolve(self, state: S, event: Event) -> S: ...
    def view(self, state: S, viewer: Viewer) -> dict[str, Any]: ...
    # What the table waits for, as `viewer` may see it (issue 15, point 2; domain/pending.py has the contract).
    def pending(self, game: Game, viewer: Viewer) -> Pending: ...

    # Positions (issue 15, point 3; domain/positions.py has the contract): the JSON Schema of the ruleset's position
    # document, a game's position, a position's broken invariants, and the state of a game started from one.
    position_schema: Mapping[str, Any]

    def position_of(self, game: Game) -> dict[str, Any]: ...
    def position_errors(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> list[PositionError]: ...
    def from_position(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> S: ...
    def notation(self, event: Event, state_before: S) -> str: ...
    def dump_state(self, state: S) -> dict[str, Any]: ...
    def load_state(self, document: Mapping[str, Any]) -> S: ...
    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]: ...
    def resolve_reveal(
        self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs
    ) -> Decision: ...

    # --- hooks a ruleset overrides only when it has something to say: these defaults answer "none" ---

    # Event schema changes this ruleset reads old events through (domain/upcasting.py); none while no event changed.
    upcasters: tuple[Upcaster, ...] = ()
    # Data fields an event type gained after games were recorded, by event type: an older event that lacks only these
    # is the same ruling (audits and imports say `consistent` and list them as unrecorded); none by default.
    fields_added_later: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    # The payloads of the ruleset's sealed rounds, by kind (domain/actions.py `SealedSpec`): checked by the service
    # before `sealed_errors` (a malformed payload is a 400); none by default (any payload goes to `sealed_errors`).
    sealed_specs: Mapping[str, SealedSpec] = MappingProxyType({})
    # Whether an action type the ruleset does not declare is recorded as it is (freeform) rather than being a malformed
    # request (a 400 naming `type` before `decide`); False for every ruleset whose vocabulary is closed.
    accepts_any_action_type: bool = False
    # Whether `event_view` may hide part of an event: False lets the service hand events out without redacting.
    has_secret_events: bool = False
    # What this version changed from the one before it, in one line, and the rule ids whose rulings it changed
    # (GET /rulesets lists every shipped version with these); a ruleset's first version changed nothing.
    changes: str = "the first version"
    changed_rules: tuple[str, ...] = ()

    def game_errors(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> list[str]:
        """Checks that need options, board and seats together (a variant against its map); none by default."""
        return []

    def start_errors(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> list[str]:
        """Checks of a game set up from its options alone, not started from a given position (the set-up the options
        ask for fits the board and seats); none by default."""
        return []

    def position_notes(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> list[PositionError]:
        """What a valid position breaks that the rules test only at a later moment (agot2's supply, tested at a
        retreat): accepted, and told to whoever set it up or adjusted to it; none by default."""
        return []

    def event_view(self, event: Event, viewer: Viewer) -> Event:
        """An event as `viewer` may read it; whole by default (set `has_secret_events` when overriding)."""
        return event

    def seat_name(self, seat: str) -> str:
        """A seat as people call it at the table (a House, a lord's province, a faction); the id by default, as a
        freeform game's seats are named by whoever created it."""
        return seat

    def bookmarks(self, event: Event, state: S | None = None, facts: Mapping[str, str] = NO_FACTS) -> tuple[str, ...]:
        """The ruleset's own places a replay can jump to (years, phases, battles), from the event and the names of a
        state of its game (factions, places, as notation reads them) and the `facts` earlier events told
        (`bookmark_facts`); without a state, the labels as they read before they named anything (ids), which old
        links still hold."""
        return ()

    def bookmark_facts(self, event: Event) -> Mapping[str, str]:
        """What `event` tells later bookmarks that their own events do not say, by key (the county a battle is
        fought in, named when the battle was created); the platform gathers them along the stream and hands them to
        `bookmarks`, so a long game's bookmarks fold no state. Nothing by default."""
        return NO_FACTS

    def former_bookmarks(
        self, event: Event, state: S | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """The labels this event's bookmarks had before the ruleset reworded them, besides the id form (a saved link
        may hold them), paired with `bookmarks`' labels, read with the same `state` and `facts`; none by default."""
        return ()

    def sealed_round_name(self, round: str) -> str:
        """A sealed round by what it seals, as the ruleset's notation reads it (the platform's "sealed round: …" and
        "reveal: …" bookmarks name it so when they read names); the round's id by default."""
        return round

    def reveal_bookmarked_by_rules(self, round: str) -> bool:
        """Whether the ruleset bookmarks the reveal of `round` itself, at its own event after the platform's
        `SubmissionsRevealed`, where the state shows what was revealed (the bids on a track); the platform then
        marks no "reveal: …" of its own, so one reveal is one bookmark. False by default."""
        return False

    def end_errors(self, game: Game, winners: Sequence[str]) -> list[RuleViolation]:
        """Why seats named in an `end_game`'s `winners` may not win, in the game's own rules (a faction its rules bar
        from winning); none by default. The platform refuses the end with these after its own CORE-END-1 checks."""
        return []

    def settled_at_end(self, game: Game) -> tuple[Event, ...]:
        """What the game's own rules settle when an `end_game` ends it (loot owed on a slip nobody can seal any
        more), recorded before `GameEnded`; nothing by default."""
        return ()

    def outside_round_errors(self, game: Game, round: SealedRound, seat: str) -> list[RuleViolation]:
        """Why `seat`, which has no place in the sealed round, may not seal in it, in the game's own rules; none by
        default. The platform asks only for such a seat and cites these before its own CORE-SEAL-1, which it
        always cites: the answer explains a refusal, it never lets a seat in."""
        return []
