"""The `cedofan_kards_bs` ruleset object: the kernel's contract wired to this package's modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.actions import ActionSpec
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
from domain.rulesets.cedofan_kards_bs import decide as deciding
from domain.rulesets.cedofan_kards_bs import notation as notations
from domain.rulesets.cedofan_kards_bs import options as opts
from domain.rulesets.cedofan_kards_bs import pending as pendings
from domain.rulesets.cedofan_kards_bs import state as states
from domain.rulesets.cedofan_kards_bs import view as views
from domain.rulesets.cedofan_kards_bs.actions import ACTION_SPECS, board_ids
from domain.rulesets.cedofan_kards_bs.board import map_errors
from domain.rulesets.cedofan_kards_bs.bookmarks import bookmarks as _bookmarks
from domain.rulesets.cedofan_kards_bs.evolve import evolve
from domain.rulesets.cedofan_kards_bs.notation_names import faction
from domain.rulesets.cedofan_kards_bs.position import POSITION_SCHEMA, from_position, position_of
from domain.rulesets.cedofan_kards_bs.position_checks import position_errors
from domain.rulesets.cedofan_kards_bs.rulebook import RULEBOOK
from domain.rulesets.cedofan_kards_bs.state import KbsState
from domain.shipped_data import shipped_jsons


class KardsBsRuleset(Ruleset[KbsState]):
    """Combat, sieges, movement, ransom, giants, pirates and vassalage of seed 002 (cedofan.cz)."""

    id = "cedofan_kards_bs"
    version = "1.0.0"
    title = "Cedofan: the age of the living kards (battles, sieges, ransom, vassalage)"
    rulebook = RULEBOOK
    default_options: Mapping[str, Any] = opts.DEFAULT_OPTIONS
    # The demonstration boards, by name (file name without .json), by the shipped-data loader.
    shipped_boards: Mapping[str, Mapping[str, Any]] = shipped_jsons(__package__, "boards")
    actions: Mapping[str, ActionSpec] = ACTION_SPECS
    # What the engine does not compute: entered with `adjust`, citing the rule (GET /rulesets/{id}, the rulebook page).
    left_to_adjust: tuple[tuple[str, str], ...] = (
        (
            "KBS-VAS-9",
            "the supplies and influence each faction gathers in the supply phase (the seed gives no amounts)",
        ),
        ("KBS-AMB-14", "placing a freed kard whose faction's capital is lost"),
        ("KBS-AMB-13", "removing the pirates' source ships from their ports when Ostius falls"),
        ("KBS-AMB-15", "what becomes of prisoners nobody ransomed, when the GM rules on them"),
        ("KBS-AMB-16", "a vassal's seat read otherwise than the seed's capital, ruler and 3 army units"),
    )
    position_schema: Mapping[str, Any] = POSITION_SCHEMA

    def action_ids(self, state: Any) -> Mapping[str, tuple[str, ...]]:
        """The ids this game's board fixes, by kind, for the schemas refined per game."""
        return board_ids(state)

    def option_errors(self, options: Mapping[str, Any]) -> list[str]:
        """Unknown, missing (required) and malformed options, each naming `options.<name>`."""
        return opts.option_errors(options)

    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]:
        """The map data a game needs (cities, capitals, factions, giants' targets, Ostius)."""
        return map_errors(board)

    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]:
        """At least two factions; the turn order, when given, names exactly the seats."""
        return opts.seat_errors([s.seat for s in seats], options)

    def setup(self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> Any:
        """The board's starting position; the turn order of the options or the seating order."""
        return states.opening_state(options, board, tuple(s.seat for s in seats))

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        """Check an action against the rules and say what it records."""
        return deciding.decide(game, action, inputs)

    def evolve(self, state: Any, event: Event) -> Any:
        """Apply one event (total: a malformed event changes nothing)."""
        return evolve(state, event)

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """Everything is public in this game."""
        return views.view(state, viewer)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        """Whom the table waits for and the legal options of each (issue 15, point 2)."""
        return pendings.pending(game, viewer)

    def bookmarks(
        self, event: Event, state: KbsState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """Places a replay can jump to (years, phases, battles, rounds…), naming what `state`'s board names."""
        return _bookmarks(event, state)

    def seat_name(self, seat: str) -> str:
        """A faction by name ("zapad": Západní kardství)."""
        return faction(seat)

    def notation(self, event: Event, state_before: Any) -> str:
        """One English line per event; a malformed (imported) event is named by its type."""
        try:
            return notations.notation(event, state_before)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            return event.type

    def position_of(self, game: Game) -> dict[str, Any]:
        """Factions, cities, armies, sieges, captives, retreats and open losses (position.py)."""
        return position_of(game)

    # The position contract's invariant checks and builder (position_checks.py, position.py), taken as they are.
    position_errors = staticmethod(position_errors)
    from_position = staticmethod(from_position)

    def dump_state(self, state: Any) -> dict[str, Any]:
        """The JSON form of the state."""
        return states.dump_state(state)

    def load_state(self, document: Mapping[str, Any]) -> Any:
        """The state back from its JSON form."""
        return states.load_state(document)

    def end_errors(self, game: Game, winners: Sequence[str]) -> list[RuleViolation]:
        """KBS-LDR-3: „Bez panovníka nelze vyhrát" — a faction whose ruler is held is named no winner."""
        return [
            RuleViolation(
                "KBS-LDR-3",
                f"{seat!r} cannot win: its ruler {game.state.map.factions[seat].ruler!r} is held",
                {"field": "data.winners"},
            )
            for seat in winners
            if views.ruler_held(game.state, seat)
        ]

    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
        """The seed has no secret submissions (catalog §5: no hidden information)."""
        return [RuleViolation("KBS-AMB-20", "this game has no sealed submissions", {"field": "payload"})]

    def resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        """Never reached: no round is ever opened."""
        return Decision()


CEDOFAN_KARDS_BS = KardsBsRuleset()
