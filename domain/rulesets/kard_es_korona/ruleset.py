"""The `kard_es_korona` ruleset: the kernel's contract, a facade over decide.py, evolve.py, the views and positions."""

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
from domain.rulesets.kard_es_korona import battle_order, cards, elections, lords, offices, setup
from domain.rulesets.kard_es_korona.actions import ACTION_SPECS, SEALED_SPECS, board_ids
from domain.rulesets.kard_es_korona.amendments import EMPTY_MELEE_SKIPPED
from domain.rulesets.kard_es_korona.board import kk_board_errors
from domain.rulesets.kard_es_korona.boards import SHIPPED_BOARDS
from domain.rulesets.kard_es_korona.bookmarks import bookmark_facts as _bookmark_facts
from domain.rulesets.kard_es_korona.bookmarks import bookmarks as _bookmarks
from domain.rulesets.kard_es_korona.bookmarks import former_bookmarks as _former_bookmarks
from domain.rulesets.kard_es_korona.decide import decide
from domain.rulesets.kard_es_korona.election_notation import sealed_round_name
from domain.rulesets.kard_es_korona.evolve import FIELDS_ADDED_LATER, evolve
from domain.rulesets.kard_es_korona.notation import notation
from domain.rulesets.kard_es_korona.notation_names import who
from domain.rulesets.kard_es_korona.options import DEFAULT_OPTIONS, option_errors
from domain.rulesets.kard_es_korona.pending import pending as table_pending
from domain.rulesets.kard_es_korona.position import from_position, position_of
from domain.rulesets.kard_es_korona.position_checks import position_errors
from domain.rulesets.kard_es_korona.position_schema import POSITION_SCHEMA
from domain.rulesets.kard_es_korona.rulebook import RULEBOOK
from domain.rulesets.kard_es_korona.state import KKState
from domain.rulesets.kard_es_korona.state_json import dump_state, load_state
from domain.rulesets.kard_es_korona.vassals_evolve import UPCASTERS
from domain.rulesets.kard_es_korona.victory import conclude
from domain.upcasting import Upcaster
from domain.versioned import Versioned


class KardEsKoronaRuleset(Versioned, Ruleset[KKState]):
    """Kard és Korona: the whole catalog, from setup to victory, in the basic and advanced games.

    One instance per shipped version (`VERSIONS`, domain/versioned.py): a ruling change that alters what recorded
    games decide ships as a new version carrying an amendment (amendments.py), which the version puts in every state
    it builds and the decide paths read (`state.amendments`); games pinned to an older version keep its rulings.
    """

    id = "kard_es_korona"
    title = "Kard és Korona (Sword and Crown)"
    rulebook = RULEBOOK
    default_options: Mapping[str, Any] = DEFAULT_OPTIONS
    shipped_boards: Mapping[str, Mapping[str, Any]] = SHIPPED_BOARDS
    actions: Mapping[str, ActionSpec] = ACTION_SPECS
    sealed_specs: Mapping[str, SealedSpec] = SEALED_SPECS
    # What the engine does not compute: entered with `adjust`, citing the rule (GET /rulesets/{id}, the rulebook page).
    left_to_adjust: tuple[tuple[str, str], ...] = (
        ("KK-EVENT-2", "Céhek megerősödése's effect on the players, which lasts to the end of the game"),
        ("KK-EVENT-1", "every effect of the nine event cards the seed does not name, citing the card (A-55)"),
    )
    # Event fields added after games were recorded (evolve.py): audits take an older event lacking only these as equal.
    fields_added_later: Mapping[str, tuple[str, ...]] = FIELDS_ADDED_LATER
    # Event shapes changed since games were recorded: read as today's by folds and audits alike (domain/upcasting.py).
    upcasters: tuple[Upcaster, ...] = UPCASTERS

    def action_ids(self, state: Any) -> Mapping[str, tuple[str, ...]]:
        """The ids this game's board fixes, by kind, for the schemas refined per game."""
        return board_ids(state)

    def option_errors(self, options: Mapping[str, Any]) -> list[str]:
        return option_errors(options)

    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]:
        """KK-GEN-1/2: the board must be a Kard és Korona board (see board.py)."""
        if board is None:
            return ["board: a Kard és Korona game needs a board ('basic', 'advanced' or an uploaded one)"]
        return kk_board_errors(board)

    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]:
        return setup.seat_errors(seats)

    def game_errors(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> list[str]:
        """KK-GEN-1: the variant is played on its own map side, so options and board must agree."""
        return [setup.board_problem(options, board)] if setup.board_problem(options, board) else []

    def setup(self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]) -> KKState:
        return self.amended(setup.initial_state(options, board, seats))

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        """The action decided by its phase's module (decide.py), then the victory check of KK-WIN-1 (A-58)."""
        return decide(game, action, inputs)

    def evolve(self, state: KKState, event: Event) -> KKState:
        return evolve(state, event)

    def view(self, state: KKState, viewer: Viewer) -> dict[str, Any]:
        """KK-ECON-7: everything is public, except other players' treasuries during an election (KK-ELECT-3)."""
        document = offices.hide_treasuries(dump_state(state), state, viewer)
        document.pop("board_document", None)
        document.pop("step_groups", None)  # the last step's groups, kept only for the battle it creates
        document["board"] = state.board.name if state.board is not None else None
        document["turn_order"] = list(state.turn_order())
        document["battle_status"] = dict(battle_order.chooser_summary(state))
        document["lords_waiting"] = lords.waiting_for(state)
        if (due := cards.siege_roll_due(state)) is not None:
            document["battle_status"]["event_roll_due"] = due.attacker
        return document

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        """Who may act now and the choices `decide` accepts from each (pending.py), as `viewer` may see them."""
        return table_pending(game, viewer, self.decide)

    # Positions (issue 15, point 3): the public form of a situation, its invariants, and games started from one.
    position_schema: Mapping[str, Any] = POSITION_SCHEMA

    def position_of(self, game: Game) -> dict[str, Any]:
        """The game's situation in the documented form of `position_schema` (position_schema.py)."""
        return position_of(game.state)

    # The position contract's invariant checks (position_checks.py), taken as they are.
    position_errors = staticmethod(position_errors)

    def from_position(
        self,
        position: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> KKState:
        """The state of a game started from `position` (position.py), under this version's rulings."""
        return self.amended(from_position(position, options, board, seats))

    def bookmarks(
        self, event: Event, state: KKState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """Places a replay can jump to (years, phases, battles, rounds…), naming what `state`'s board names and
        where `facts` say a battle is fought."""
        return _bookmarks(event, state, facts)

    def former_bookmarks(
        self, event: Event, state: KKState | None = None, facts: Mapping[str, str] = NO_FACTS
    ) -> tuple[str, ...]:
        """A retreat as it read before it was worded "retreat from the battle in Pozsony" ("battle in Pozsony
        retreat")."""
        return _former_bookmarks(event, state, facts)

    def bookmark_facts(self, event: Event) -> Mapping[str, str]:
        """A battle's county, told when the battle is created, for its later bookmarks."""
        return _bookmark_facts(event)

    def sealed_round_name(self, round: str) -> str:
        """An office's sealed bids by the office and year, as notation reads them (KK-ELECT-6); another id as it is."""
        return sealed_round_name(round) or round

    def seat_name(self, seat: str) -> str:
        """A lord by his province, as seed 000 spells it ("erdely": Erdély)."""
        return who(None, seat)

    def notation(self, event: Event, state_before: KKState) -> str:
        return notation(event, state_before)

    def dump_state(self, state: KKState) -> dict[str, Any]:
        return dump_state(state)

    def load_state(self, document: Mapping[str, Any]) -> KKState:
        return self.amended(load_state(document))

    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
        """KK-ELECT-6: the only sealed rounds are the elections' auctions."""
        if round.purpose.startswith(elections.BID_PURPOSE):
            return elections.sealed_errors(game.state, round, seat, payload)
        return [RuleViolation("KK-TURN-2", "Kard és Korona has no sealed round open in this phase")]

    def outside_round_errors(self, game: Game, round: SealedRound, seat: str) -> list[RuleViolation]:
        """KK-ELECT-14: captives, vassals and eliminated players have no place in an election's auctions."""
        if round.purpose.startswith(elections.BID_PURPOSE):
            return elections.bidder_errors(game.state, seat)
        return []

    def resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        return conclude(game.state, self._resolve_reveal(game, round, payloads, inputs))

    def _resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        """KK-ELECT-7..13: the revealed bids settle their auction."""
        if round.purpose.startswith(elections.BID_PURPOSE):
            return elections.resolve_bids(game.state, payloads)
        return Decision()


# Every shipped version, oldest first (domain/registry.py): the last is current, for new games.
KARD_ES_KORONA_1_0_0 = KardEsKoronaRuleset("1.0.0")
KARD_ES_KORONA = KardEsKoronaRuleset(
    "1.1.0",
    amendments=frozenset({EMPTY_MELEE_SKIPPED}),
    changes="an open battle whose volley leaves no cavalry or infantry on either side goes straight to full round 2, "
    "without a melee exchange of no dice",
    changed_rules=("KK-OPEN-4", "KK-OPEN-5"),
)
VERSIONS: tuple[KardEsKoronaRuleset, ...] = (KARD_ES_KORONA_1_0_0, KARD_ES_KORONA)
