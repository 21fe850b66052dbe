"""The state of a Kard és Korona game: frozen, shared structurally between versions, JSON round-trip exact.

Units are counted per county and owner (a seat = the lord's province id, `royal`, or `neutral:<province>`);
the lord figure is tracked apart (KK-LORD-1: never a unit). Units that stepped this year are counted again
in `moved` (KK-MOVE-6). A pending battle leaves both armies in its county; the battle record says who
attacks, from where, and how far the fight has gone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.rulesets.kard_es_korona.board import KKBoard, load_kk_board
from domain.rulesets.kard_es_korona.election_state import Election, OfficeSale
from domain.rulesets.kard_es_korona.forces import EMPTY, Force

ROYAL = "royal"
OFFICES = ("judge_royal", "treasurer", "palatine")

# Phases (KK-TURN-2) and the setup steps before the first year.
FIRST_PLAYER = "first_player"
PLACEMENT = "placement"
NEUTRAL_PLACEMENT = "neutral_placement"
GARRISON_SUBSTITUTION = "garrison_substitution"
EVENT = "event"
RECRUIT = "recruit"
MOVEMENT = "movement"
BATTLE = "battle"
ELECTION = "election"  # phase V: the office elections (elections.py)
FINISHED = "finished"  # after the last year (KK-WIN-7 decides the winner)

ATTACKER = "attacker"
DEFENDER = "defender"
DUEL = "duel"  # KK-LORD-5: the battle's status, and its exchange, once only the two lords fight on
SIDES = (ATTACKER, DEFENDER)


def is_neutral(owner: str) -> bool:
    """KK-NEUTRAL-1: royal units and the units of unplayed provinces."""
    return owner == ROYAL or owner.startswith("neutral:")


@dataclass(frozen=True, slots=True)
class PendingHits:
    """Hits one side scored in an exchange, waiting for the hitter's choice of casualties (KK-BATTLE-11)."""

    side: str  # the hitting side
    chooser: str | None  # the seat that chooses; None: the engine (neutral_casualty_policy = auto)
    targets: tuple[tuple[str, ...], ...]  # per hitting die, the enemy arms it can kill
    max_kills: int
    chosen: Force | None = None


@dataclass(frozen=True, slots=True)
class Origin:
    """One group of the step that started a battle: the county it set out from, its units, the lord with it.

    A converging attack (KK-MOVE-12) has one per origin county; a liege's veto (KK-VASSAL-2) sends each back there.
    """

    county: str
    units: Force
    lord: bool = False


# Battle and KKState keep their fields in a `__dict__` (no slots): evolve copies the state (and the battle being
# fought) once per event, and a dict is copied in one C call where slots are set one by one (`_copier`).
@dataclass(frozen=True)
class Battle:
    """One battle of the year, from its creating step to its end."""

    id: str
    county: str
    kind: str  # open | siege (KK-BATTLE-2)
    terrain: str
    attacker: str
    defender: str
    entry_counties: tuple[str, ...]
    step_seq: int
    attacker_lord: bool = False
    defender_lord: bool = False
    lord_battle: bool = False  # a lord took part when the battle phase began (KK-BATTLE-13, A-20)
    status: str = "pending"  # pending | fighting | withdrawing | capturing | ended
    led_arms: Mapping[str, str | None] = field(default_factory=dict)  # side -> arm the lord leads
    bonus_lost: tuple[str, ...] = ()  # sides whose lord's bonus ended (KK-LORD-3)
    round: int = 0
    exchange: str = ""  # the next exchange to roll
    pending: tuple[PendingHits, ...] = ()
    exchanges: int = 0  # exchanges rolled so far
    volleyed: tuple[str, ...] = ()  # sides whose archers volleyed in round 1 (KK-OPEN-2/3)
    forced: bool = False  # a forced battle of a siege surplus (KK-SIEGE-11)
    origins: tuple[Origin, ...] = ()  # the creating step's groups by origin (KK-MOVE-12); () for a forced battle
    crossed: bool = False  # a later step of the attacker crossed the county on this battle's pin (KK-ADV-1)

    def owner_of(self, side: str) -> str:
        return self.attacker if side == ATTACKER else self.defender

    def has_lord(self, side: str) -> bool:
        return self.attacker_lord if side == ATTACKER else self.defender_lord


@dataclass(frozen=True, slots=True)
class Retreat:
    """A declared retreat: who leaves which battle for where, and the obstacle losses still to be chosen."""

    battle: str
    side: str
    to: str
    losses_due: int = 0  # KK-ADV-11: units the retreating player must still pick as obstacle losses


@dataclass(frozen=True)
class KKState:
    """The whole table: setup, the year loop, battles, lords and their fates, elections, the advanced rules."""

    options: Mapping[str, Any]
    board: KKBoard | None
    board_document: Mapping[str, Any] | None
    problem: str  # why the game cannot be played ("" when it can)
    seats: tuple[str, ...]  # clockwise seating order (lords' provinces)
    neutral_provinces: tuple[str, ...]
    closed: frozenset[str]
    phase: str = FIRST_PLAYER
    year: int = 0  # the calendar year (1301 is year index 1); 0 before the first year
    starting_player: str | None = None
    turn: str | None = None  # whose turn it is in the current phase
    units: Mapping[str, Mapping[str, Force]] = field(default_factory=dict)
    moved: Mapping[str, Mapping[str, Force]] = field(default_factory=dict)
    lords: Mapping[str, str | None] = field(default_factory=dict)
    lords_moved: tuple[str, ...] = ()
    # seat -> "defeated" (while his defeat is processed), "captive", "vassal" or "eliminated"; absent: free
    lord_status: Mapping[str, str] = field(default_factory=dict)
    control: Mapping[str, str] = field(default_factory=dict)
    treasury: Mapping[str, int] = field(default_factory=dict)
    royal_treasury: int = 0
    offices: Mapping[str, str | None] = field(default_factory=dict)
    placed: tuple[str, ...] = ()
    neutral_pool: Mapping[str, Force] = field(default_factory=dict)  # KK-SETUP-10 pieces still to place
    event_card: str | None = None
    permanent_events: tuple[str, ...] = ()
    drawn_events: tuple[str, ...] = ()  # KK-EVENT-1: every card turned up this game, void ones too, in order
    extraordinary_election: bool = False
    recruited: tuple[str, ...] = ()
    knights_recruited: int = 0  # this year, all players (KK-RECRUIT-7)
    allowances: Mapping[str, int] = field(default_factory=dict)
    steps_taken: Mapping[str, int] = field(default_factory=dict)
    passed: tuple[str, ...] = ()
    frozen_passes: tuple[str, ...] = ()  # seats whose pass the freeze forced this year (KK-ADV-3); a veto lifts it
    step_seq: int = 0
    battles: tuple[Battle, ...] = ()
    battle_count: int = 0
    current_battle: str | None = None
    # Lords and their fates (lords.py, defeat.py, captivity.py, vassals.py, rerolls.py):
    lieges: Mapping[str, str] = field(default_factory=dict)  # vassal -> liege (KK-VASSAL)
    captives: Mapping[str, int] = field(default_factory=dict)  # captive seat -> his timeline year (KK-CAPTIVE-1)
    defeat: Mapping[str, Any] = field(default_factory=dict)  # the lord's defeat being processed (KK-ELIM), {} if none
    returning: tuple[str, ...] = ()  # freed vassals whose lord figure waits to be placed (KK-VASSAL-7)
    extra_step: Mapping[str, Any] = field(default_factory=dict)  # the winner's step on offer (KK-LORD-8), {} if none
    rerolls_used: tuple[str, ...] = ()  # the Judge Royal's rerolls spent, by occasion (KK-OFFICE-1/2)
    reroll_offer: Mapping[str, Any] = field(default_factory=dict)  # a roll the Judge Royal may reroll now
    # The advanced rules (KK-ADV-1..11); reset when a year begins.
    bound: Mapping[str, Force] = field(default_factory=dict)  # battle -> defenders kept after a release (ADV-4)
    released_lords: tuple[str, ...] = ()  # battles whose defending lord was released (KK-ADV-4)
    release_due: str | None = None  # battle whose defender names the released units before the next step
    retreat: Retreat | None = None  # the last retreat this year; under way while its battle is "retreating"
    stayed: str | None = None  # "<battle>:<round>" in which the attacker declared he stays
    event_rolls: Mapping[str, int] = field(default_factory=dict)  # siege id -> its Rainy Autumn roll (KK-EVENT-7)
    order_start: str | None = None  # KK-TRAD-3: who moves first this year, when it is not the starting player
    election: Election | None = None  # phase V under way (KK-ELECT-5)
    elections_held: int = 0  # elections opened so far, extraordinary ones included
    office_sale: OfficeSale | None = None  # a public office auction under way (KK-OFFICE-6)
    # The groups of the last step ({from, units, lord}), for the battle it may create (KK-MOVE-12, KK-VASSAL-2)
    step_groups: tuple[Mapping[str, Any], ...] = ()
    # The ruling changes of the ruleset version the game is pinned to (amendments.py, ruleset.py), which decide
    # paths read: set by that version's ruleset whenever it builds a state, never dumped (not a fact of the table,
    # so neither views nor `adjust` see it).
    amendments: frozenset[str] = frozenset()

    # --- queries ---

    def force(self, county: str, owner: str) -> Force:
        return self.units.get(county, {}).get(owner, EMPTY)

    def moved_force(self, county: str, owner: str) -> Force:
        return self.moved.get(county, {}).get(owner, EMPTY)

    def owners_in(self, county: str) -> tuple[str, ...]:
        return tuple(owner for owner, force in self.units.get(county, {}).items() if force.total)

    def battle(self, battle_id: str | None) -> Battle | None:
        for battle in self.battles:
            if battle.id == battle_id:
                return battle
        return None

    def battle_in(self, county: str) -> Battle | None:
        for battle in self.battles:
            if battle.county == county and battle.status != "ended":
                return battle
        return None

    def turn_order(self) -> tuple[str, ...]:
        """KK-TURN-3: clockwise from the starting player (KK-TRAD-3: or from his left neighbour); an eliminated
        player has no turn any more (KK-ELIM-1)."""
        seats = self.seats
        start = self.order_start if self.order_start is not None else self.starting_player
        if start in seats:
            index = seats.index(start)
            seats = seats[index:] + seats[:index]
        if "eliminated" in self.lord_status.values():
            return tuple(s for s in seats if self.lord_status.get(s) != "eliminated")
        return seats

    def castles_of(self, seat: str) -> tuple[str, ...]:
        if self.board is None:
            return ()
        return tuple(c for c in self.board.castles() if self.control.get(c) == seat)

    @property
    def year_index(self) -> int:
        return self.year - 1300 if self.year else 0

    @property
    def last_year(self) -> int:
        return 1312 if self.options.get("variant") == "advanced" else 1308


def _copier(cls: type[Any]) -> Any:
    """A function `(obj, changes) -> copy of obj with changes`: a fast `dataclasses.replace`.

    `dataclasses.replace` inspects the fields and runs `__init__` on every call; evolve copies the state once
    per event, so the copy fills the new object's `__dict__` from the old one's and the changes (the instances
    are frozen for everyone else: only this copy writes to a new, not yet shared, object).
    """
    new = object.__new__

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        copied = new(cls)
        values = copied.__dict__
        values.update(obj.__dict__)
        values.update(changes)
        return copied

    return copy


_COPY_STATE = _copier(KKState)
_COPY_BATTLE = _copier(Battle)


def evolved(state: KKState, **changes: Any) -> KKState:
    """The state with `changes` (a fast `dataclasses.replace`)."""
    copied: KKState = _COPY_STATE(state, changes)
    return copied


def battle_with(battle: Battle, **changes: Any) -> Battle:
    """The battle with `changes` (a fast `dataclasses.replace`)."""
    copied: Battle = _COPY_BATTLE(battle, changes)
    return copied


def with_battle(state: KKState, battle: Battle) -> KKState:
    """The state with `battle` in place of the battle of the same id."""
    return evolved(state, battles=tuple(battle if b.id == battle.id else b for b in state.battles))


def next_in_cycle(state: KKState, seat: str) -> str:
    """The seat after `seat` in this year's turn order (KK-TURN-3), round the table."""
    order = state.turn_order()
    return order[(order.index(seat) + 1) % len(order)]


# The typed boards of the last documents seen, by identity: every fold of a game starts from the same document
# object (a shipped board, or the loader's cached copy), and validating a board costs more than folding a year.
_TYPED: list[tuple[Mapping[str, Any], KKBoard]] = []


def typed_board(document: Mapping[str, Any]) -> KKBoard:
    """`load_kk_board`, remembered for the last few documents (the documents are never mutated)."""
    for seen, board in _TYPED:
        if seen is document:
            return board
    board = load_kk_board(document)
    _TYPED[:] = [(document, board), *_TYPED[:7]]
    return board
