"""The `agot2` ruleset: A Game of Thrones: The Board Game (2nd ed.), influence tracks, orders and combat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.actions import ActionSpec, SealedSpec
from domain.kernel import (
    NO_FACTS,
    Action,
    Decision,
    Event,
    Game,
    Inputs,
    Ruleset,
    RuleViolation,
    SealedRound,
    Seat,
    Viewer,
)
from domain.pending import Pending
from domain.positions import PositionError
from domain.rulesets.agot2.actions import ACTION_SPECS, SEALED_SPECS, board_ids
from domain.rulesets.agot2.amendments import RETREAT_ADDS_NO_EXCESS
from domain.rulesets.agot2.bookmarks import bookmarks as _bookmarks
from domain.rulesets.agot2.bookmarks import former_bookmarks as _former_bookmarks
from domain.rulesets.agot2.bookmarks import reveal_bookmarked_by_rules as _reveal_bookmarked_by_rules
from domain.rulesets.agot2.data import BASE_BOARD
from domain.rulesets.agot2.data import board_errors as data_board_errors
from domain.rulesets.agot2.decide import decide, resolve_reveal, sealed_errors
from domain.rulesets.agot2.evolve import evolve
from domain.rulesets.agot2.notation import notation, sealed_round_name
from domain.rulesets.agot2.notation_names import house
from domain.rulesets.agot2.options import (
    DEFAULT_OPTIONS,
    PREDATING_DEFAULTS,
    neutral_board_errors,
    option_errors,
    seat_errors,
)
from domain.rulesets.agot2.pending import pending
from domain.rulesets.agot2.position import from_position, position_of
from domain.rulesets.agot2.position_checks import position_errors
from domain.rulesets.agot2.position_notes import supply_notes
from domain.rulesets.agot2.position_schema import POSITION_SCHEMA
from domain.rulesets.agot2.rulebook import RULEBOOK
from domain.rulesets.agot2.setup import setup
from domain.rulesets.agot2.setup_checks import legacy_position_errors
from domain.rulesets.agot2.standard_setup import start_errors
from domain.rulesets.agot2.state import AgotState, dump, load
from domain.rulesets.agot2.view import view
from domain.versioned import Versioned


class Agot2Ruleset(Versioned, Ruleset[AgotState]):
    """Decides and explains every ruling of the catalog `shared/rules/agot2.md` by rule id.

    One instance per shipped version (`VERSIONS`, domain/versioned.py): a ruling change that alters what recorded
    games decide ships as a new version carrying an amendment (amendments.py), which the version puts in every state
    it builds and the decide paths read (`state.amendments`); games pinned to an older version keep its rulings.
    """

    id = "agot2"
    title = "A Game of Thrones: The Board Game (2nd ed.): tracks, orders and combat"
    rulebook = RULEBOOK
    default_options: Mapping[str, Any] = DEFAULT_OPTIONS
    shipped_boards: Mapping[str, Mapping[str, Any]] = {"base": BASE_BOARD}
    actions: Mapping[str, ActionSpec] = ACTION_SPECS
    sealed_specs: Mapping[str, SealedSpec] = SEALED_SPECS
    # What the engine does not compute: entered with `adjust`, citing the rule (GET /rulesets/{id}, the rulebook page).
    left_to_adjust: tuple[tuple[str, str], ...] = (
        ("GOT-X-25", "the Westeros phase: Westeros cards, mustering and supply track changes"),
        ("GOT-X-25", "the wildling track, wildling attacks and the Wildling cards' effects"),
        ("GOT-X-25", "victory: the castles and strongholds count and the game's end"),
    )
    # The public form of a mid-game table (issue 15, point 3): see domain/rulesets/agot2/position.py.
    position_schema: Mapping[str, Any] = POSITION_SCHEMA

    def action_ids(self, state: Any) -> Mapping[str, tuple[str, ...]]:
        """The ids this game's board fixes, by kind, for the schemas refined per game."""
        return board_ids(state)

    def option_errors(self, options: Mapping[str, Any]) -> list[str]:
        """The GOT-X switches and the set-up data (catalog §0.3.4, §4)."""
        return option_errors(options)

    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]:
        """A board is required and must pass the agot2 board schema (catalog §0.3.1)."""
        if board is None:
            return ["board: agot2 needs a board (e.g. the shipped 'base')"]
        return data_board_errors(board)

    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]:
        """Seats are houses of the card set; the tracks list every seat."""
        return seat_errors(tuple(s.seat for s in seats), {**DEFAULT_OPTIONS, **options})

    def game_errors(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> list[str]:
        """GOT-X-26: the position's neutral forces stand on land areas of the game's board; its units and orders fit
        the board, the seats and the token set (GOT-X-25)."""
        names = tuple(s.seat for s in seats)
        return neutral_board_errors(options, board) + legacy_position_errors(options, board, names)

    def start_errors(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> list[str]:
        """GOT-X-29: the printed set-up seats 3 to 6 of the base game's Houses on the base board."""
        return start_errors({**DEFAULT_OPTIONS, **options}, board, tuple(s.seat for s in seats))

    def setup(self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> AgotState:
        """The opening state from the options' set-up data and the board, under this version's rulings."""
        return self.amended(setup({**DEFAULT_OPTIONS, **PREDATING_DEFAULTS, **options}, board, seats))

    def position_of(self, game: Game) -> dict[str, Any]:
        """The game's table as a position document (every secret included: hands are the arbiter's view)."""
        return position_of(game.state)

    def position_errors(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> list[PositionError]:
        """Every broken invariant of a schema-valid position, by JSON pointer and rule id."""
        return position_errors(position, options, board, seats)

    def position_notes(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> list[PositionError]:
        """A House over its supply limits: accepted (the seed tests supply only at a retreat) and told (GOT-X-17)."""
        return supply_notes(position, options, board, seats)

    def from_position(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> AgotState:
        """The state of a game started from a position (`options.position` is then ignored), under this version's
        rulings."""
        return self.amended(from_position(position, options, board, seats))

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        """Check an action and record it with its automatic consequences."""
        return decide(game, action)

    def evolve(self, state: AgotState, event: Event) -> AgotState:
        """Apply one event (total)."""
        return evolve(state, event)

    def view(self, state: AgotState, viewer: Viewer) -> dict[str, Any]:
        """What this viewer may see (GOT-CARD-9, X-14)."""
        return view(state, viewer)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        """Who may act now and the choices the rules accept, as the viewer may see them (issue 15, point 2)."""
        return pending(game, viewer)

    def bookmarks(
        self, event: Event, state: AgotState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """Places a replay can jump to (years, phases, battles, rounds…), naming what `state`'s board names."""
        return _bookmarks(event, state)

    def former_bookmarks(
        self, event: Event, state: AgotState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """A bid's reveal as it read when it was two bookmarks ("bids for Fiefdoms revealed")."""
        return _former_bookmarks(event, state)

    def reveal_bookmarked_by_rules(self, round: str) -> bool:
        """Orders and bids are bookmarked where the board shows them, the event after their reveal."""
        return _reveal_bookmarked_by_rules(round)

    def sealed_round_name(self, round: str) -> str:
        """Orders, house cards and bids by what they seal, as notation reads them ("the orders of round 2"); another
        id as it is."""
        return sealed_round_name(round)

    def seat_name(self, seat: str) -> str:
        """A House by name ("stark": Stark)."""
        return house(seat)

    def notation(self, event: Event, state_before: AgotState) -> str:
        """One English line."""
        return notation(event, state_before)

    def dump_state(self, state: AgotState) -> dict[str, Any]:
        """The JSON form of a state."""
        return dump(state)

    def load_state(self, document: Mapping[str, Any]) -> AgotState:
        """The state from its JSON form, under this version's rulings."""
        return self.amended(load(document))

    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
        """Orders (GOT-X-13), a house card (GOT-CARD-1) or a bid (GOT-TERM-6), by the round's purpose."""
        return sealed_errors(game.state, round, seat, payload)

    def resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        """The revealed orders, cards or bids, and whatever follows automatically."""
        return resolve_reveal(game, round, payloads)


# Every shipped version, oldest first (domain/registry.py): the last is current, for new games.
AGOT2_1_0_0 = Agot2Ruleset("1.0.0")
AGOT2 = Agot2Ruleset(
    "1.1.0",
    amendments=frozenset({RETREAT_ADDS_NO_EXCESS}),
    changes="a House already over its supply limit may retreat into an area of its own units when the retreat adds "
    "no excess (destroying first as few retreating units as that takes), where 1.0.0 closed every such area",
    changed_rules=("GOT-RETREAT-5", "GOT-RETREAT-6", "GOT-X-17"),
)
VERSIONS: tuple[Agot2Ruleset, ...] = (AGOT2_1_0_0, AGOT2)
