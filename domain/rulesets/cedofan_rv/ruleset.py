"""The `cedofan_rv` ruleset: combat, sieges and storms of the cedofan.cz war for the Rudern Empire (seed 003)."""

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
from domain.rulesets.cedofan_rv import board as rv_board
from domain.rulesets.cedofan_rv import options as rv_options
from domain.rulesets.cedofan_rv.actions import ACTION_SPECS, SEALED_SPECS, board_ids
from domain.rulesets.cedofan_rv.amendments import SIEGE_KEPT_ON_MOVE, SLIPS_SETTLED_AT_END
from domain.rulesets.cedofan_rv.bookmarks import bookmarks as _bookmarks
from domain.rulesets.cedofan_rv.decide import decide, open_slips_settled
from domain.rulesets.cedofan_rv.evolve import FIELDS_ADDED_LATER, evolve
from domain.rulesets.cedofan_rv.notation import notation, sealed_round_name
from domain.rulesets.cedofan_rv.notation_names import faction
from domain.rulesets.cedofan_rv.pending import pending as _pending
from domain.rulesets.cedofan_rv.position import POSITION_SCHEMA, from_position, position_of
from domain.rulesets.cedofan_rv.position_checks import position_errors
from domain.rulesets.cedofan_rv.rulebook import RULEBOOK
from domain.rulesets.cedofan_rv.setup import setup
from domain.rulesets.cedofan_rv.state import RvState
from domain.rulesets.cedofan_rv.state_json import dump, load
from domain.rulesets.cedofan_rv.view import event_view, view
from domain.shipped_data import shipped_jsons
from domain.versioned import Versioned


class CedofanRvRuleset(Versioned, Ruleset[RvState]):
    """Battles by dice pools, sieges, storms, reliefs and the secret loot slip.

    One instance per shipped version (`VERSIONS`, domain/versioned.py): a ruling change that alters what recorded
    games decide ships as a new version carrying an amendment (amendments.py), which the version puts in every state
    it builds and the decide paths read (`state.amendments`); games pinned to an older version keep its rulings.
    """

    id = "cedofan_rv"
    title = "cedofan.cz RV: the war for the Rudern Empire (combat, sieges, storms)"
    rulebook = RULEBOOK
    default_options: Mapping[str, Any] = rv_options.DEFAULT_OPTIONS
    # The demonstration board (an invented map, labelled as such), by the shipped-data loader.
    shipped_boards: Mapping[str, Mapping[str, Any]] = shipped_jsons(__package__, "boards")
    actions: Mapping[str, ActionSpec] = ACTION_SPECS
    sealed_specs: Mapping[str, SealedSpec] = SEALED_SPECS
    # What the engine does not compute: entered with `adjust`, citing the rule (GET /rulesets/{id}, the rulebook page).
    left_to_adjust: tuple[tuple[str, str], ...] = (
        ("RV-TURN-2", "each round's weather and political event cards, council elections and the influence target"),
        ("RV-SUP-5", "independence, and the resources burned for it"),
        ("RV-TURN-5", "the council offices after the start: who holds the kard's and the other offices"),
        ("RV-BTY-3", "a battle under a fortress's special properties, which the seed does not give (RV-AMB-20)"),
        ("RV-VIC-4", "the Kard League's win by seizing Robert's body, ended with the arbiter's `end_game`"),
    )
    position_schema: Mapping[str, Any] = POSITION_SCHEMA
    # Purses and loot slips are secret (RV-SUP-3, RV-LOOT-2): events are read through `event_view`.
    has_secret_events = True
    # Event fields added after games were recorded (evolve.py): audits take an older event lacking only these as equal.
    fields_added_later: Mapping[str, tuple[str, ...]] = FIELDS_ADDED_LATER

    def action_ids(self, state: Any) -> Mapping[str, tuple[str, ...]]:
        """The ids this game's board fixes, by kind, for the schemas refined per game."""
        return board_ids(state)

    def option_errors(self, options: Mapping[str, Any]) -> list[str]:
        """RV-AMB-1 and the RV-AMB-* options: required data present and every value accepted."""
        return rv_options.option_errors(options)

    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]:
        """Regions, places, border kinds, distances and starting forces (see `board.py`)."""
        return rv_board.board_errors(board)

    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]:
        """Seats are factions of the game (two to six)."""
        errors = [
            f"seats: {s.seat!r} is not a faction ({', '.join(rv_options.FACTIONS)})"
            for s in seats
            if s.seat not in rv_options.FACTIONS
        ]
        if len(seats) < 2:
            errors.append("seats: a battle needs at least two factions")
        return errors

    def setup(self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> RvState:
        """The board's regions, places and starting forces, under this version's rulings."""
        return self.amended(setup(options, board, seats))

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        """Check an action against the rules and derive its consequences."""
        return decide(game, action, inputs)

    def evolve(self, state: RvState, event: Event) -> RvState:
        """Apply one event (total)."""
        return evolve(state, event)

    def view(self, state: RvState, viewer: Viewer) -> dict[str, Any]:
        """Purses, treasuries and loot amounts only to those the rules name."""
        return view(state, viewer)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        """Whom the table waits for and the legal options of each (issue 15, point 2; see `pending.py`)."""
        return _pending(game, viewer)

    def event_view(self, event: Event, viewer: Viewer) -> Event:
        """Events with purse and loot amounts hidden from those the rules do not name (RV-SUP-3, RV-LOOT-2)."""
        return event_view(event, viewer)

    def bookmarks(
        self, event: Event, state: RvState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """Places a replay can jump to (years, phases, battles, rounds…), naming what `state`'s board names."""
        return _bookmarks(event, state)

    def sealed_round_name(self, round: str) -> str:
        """A loot slip by whose it is and its battle, as notation reads it (RV-LOOT-2); another id as it is."""
        return sealed_round_name(round) or round

    def position_of(self, game: Game) -> dict[str, Any]:
        """Where every piece stands, who holds each place, the impulse, money, offices and sieges (position.py)."""
        return position_of(game)

    # The position contract's invariant checks (position_checks.py), taken as they are.
    position_errors = staticmethod(position_errors)

    def from_position(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> RvState:
        """The state of a game started from `position` (position.py), under this version's rulings."""
        return self.amended(from_position(position, options, board, seats))

    def seat_name(self, seat: str) -> str:
        """A faction by name ("katzowicove": Katzowicové)."""
        return faction(seat)

    def notation(self, event: Event, state_before: RvState) -> str:
        """One line per event."""
        return notation(event, state_before)

    def dump_state(self, state: RvState) -> dict[str, Any]:
        """The JSON form of a state."""
        return dump(state)

    def load_state(self, document: Mapping[str, Any]) -> RvState:
        """The state back from its JSON form, under this version's rulings."""
        return self.amended(load(document))

    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
        """RV-LOOT-2: a loot slip is `{"amount": n}`, a whole number of resources."""
        state: RvState = game.state
        loot = state.loot.get(round.round)
        if loot is None or loot.delivered is not None:
            return [RuleViolation("RV-LOOT-2", f"{round.round!r} is not an open loot slip", {"field": "round"})]
        amount = payload.get("amount") if isinstance(payload, Mapping) else None
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0 or set(payload) != {"amount"}:
            return [
                RuleViolation(
                    "RV-LOOT-2", f'a loot slip is {{"amount": n}} with n >= 0, not {payload!r}', {"field": "payload"}
                )
            ]
        return []

    def settled_at_end(self, game: Game) -> tuple[Event, ...]:
        """RV-LOOT-2, CORE-END-1: an `end_game` delivers every open loot slip at what the losing nobles carried
        (since 1.1.0, `SLIPS_SETTLED_AT_END`; under 1.0.0 the game ends with the slip open)."""
        state: RvState = game.state
        if SLIPS_SETTLED_AT_END not in state.amendments:
            return ()
        return tuple(open_slips_settled(state, (), "CORE-END-1"))

    def resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        """RV-LOOT-2: the slip's amount goes to the winner's treasury; it must match the purses the engine knew."""
        state: RvState = game.state
        loot = state.loot[round.round]
        amount = int(payloads[loot.from_seat]["amount"])
        event = Event(
            "LootDelivered",
            {
                "loot": loot.id,
                "from_seat": loot.from_seat,
                "to_seat": loot.to_seat,
                "amount": amount,
                "rule_ids": ["RV-LOOT-2", "RV-AMB-19"],
            },
        )
        if amount != loot.amount:
            mismatch = RuleViolation(
                "RV-LOOT-2",
                f"the slip says {amount} but the losing nobles carried {loot.amount}",
                {"field": "payload.amount", "slip": amount, "carried": loot.amount},
            )
            return Decision((event,), (mismatch,))
        return Decision((event,))


# Every shipped version, oldest first (domain/registry.py): the last is current, for new games.
CEDOFAN_RV_1_0_0 = CedofanRvRuleset("1.0.0")
CEDOFAN_RV = CedofanRvRuleset(
    "1.1.0",
    amendments=frozenset({SIEGE_KEPT_ON_MOVE, SLIPS_SETTLED_AT_END}),
    changes="a besieger's move that ends where he may still besiege keeps the siege (one out of reach breaks it off), "
    "and a game ending on influence or by end_game first delivers every open loot slip",
    changed_rules=("RV-REL-7", "RV-AMB-16", "RV-SIE-3", "RV-LOOT-2", "RV-VIC-3", "CORE-END-1"),
)
VERSIONS: tuple[CedofanRvRuleset, ...] = (CEDOFAN_RV_1_0_0, CEDOFAN_RV)
