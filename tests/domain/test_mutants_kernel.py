"""The kernel's envelope bookkeeping, adjustments and snapshots (domain/kernel.py) pinned where mutation testing
found them loose (issue 18, point 4). Every expectation is the platform rule stated in DESIGN §5-§8: dice drawn
count every face, a sealed round closes at its reveal, an adjustment edits one JSON pointer, a snapshot
round-trips.

The same tests measure domain/values.py (the kernel's values, split out of it): 19/19 mutants killed on
2026-11-28, none equivalent. The `Ruleset` contract (domain/ruleset_protocol.py) has its own file.

EQUIVALENT_MUTANTS (what `make mutate MODULE=domain/kernel.py` leaves alive; measured 2026-11-28: 720/722
killed, 99.7%; 713/722 before `start`'s options and board and `advance`'s state and board were pinned below):
- `_evolve_meta`, SubmissionSealed: the `"round"` key dropped from the text check: a round that is not a string
  is never a key of `meta.sealed`, so the event is ignored the line after anyway.
- `_evolve_meta`: `case _: return meta` removed: `_next` calls it only for the event types of
  `_ENVELOPE_EVENTS`, each of which has its own case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import (
    AdjustmentError,
    Decision,
    Event,
    Game,
    RuleViolation,
    SealedRound,
    Seat,
    TraceStep,
    advance,
    apply_change,
    fold,
    game_from_json,
    game_to_json,
    public_meta,
    start,
)
from domain.rulesets.freeform import FREEFORM
from domain.rulesets.freeform.ruleset import FreeformRuleset
from domain.rulesets.freeform.state import FreeformState
from tests.domain.builders import created

COMMIT_A = "a" * 64


def game_after(*events: Event) -> Game:
    return fold(FREEFORM, [created(dice="server"), *events], None)


def test_dice_drawn_counts_every_face_and_ignores_malformed_rolls() -> None:
    """DESIGN §6: roll k is the k-th face of the game; a malformed import leaves the count alone (evolve total)."""
    game = game_after(Event("DiceRolled", {"faces": [1, 2, 3]}), Event("DiceRolled", {"faces": [6]}))
    assert game.meta.dice_drawn == 4
    assert game_after(Event("DiceRolled", {"faces": "123"})).meta.dice_drawn == 0
    assert game.version == 3


def test_client_seeds_are_kept_by_seat_and_malformed_ones_ignored() -> None:
    game = game_after(
        Event("ClientSeedAdded", {"seat": "north", "client_seed": "n1"}),
        Event("ClientSeedAdded", {"seat": "south", "client_seed": "s1"}),
        Event("ClientSeedAdded", {"seat": "east", "client_seed": 7}),
    )
    assert dict(game.meta.client_seeds) == {"north": "n1", "south": "s1"}


def test_a_revealed_seed_is_kept() -> None:
    assert game_after(Event("DiceSeedRevealed", {"seed": "ab" * 32})).meta.dice_seed == "ab" * 32


def test_a_sealed_round_opens_collects_commitments_and_closes_at_its_reveal() -> None:
    """DESIGN §7: the log holds commitments until the reveal; a round name is never reused."""
    opened = Event("SealedRoundOpened", {"round": "r1", "seats": ["north", "south"], "purpose": "bids"})
    sealed = Event("SubmissionSealed", {"round": "r1", "seat": "north", "commitment": COMMIT_A})
    game = game_after(opened, sealed)
    round_ = game.meta.sealed["r1"]
    assert (round_.seats, round_.purpose, dict(round_.commitments)) == (("north", "south"), "bids", {"north": COMMIT_A})
    assert not round_.is_complete()
    assert SealedRound("r1", ("north",), "", {"north": COMMIT_A}).is_complete()
    other = Event("SealedRoundOpened", {"round": "r2", "seats": ["east"]})
    done = game_after(opened, sealed, other, Event("SubmissionsRevealed", {"round": "r1", "submissions": {}}))
    assert (list(done.meta.sealed), done.meta.revealed_rounds) == (["r2"], ("r1",))
    assert done.meta.sealed["r2"].purpose == ""


@pytest.mark.parametrize(
    "malformed",
    [
        Event("SealedRoundOpened", {"round": 1, "seats": ["north"]}),
        Event("SealedRoundOpened", {"round": "r9", "seats": "north"}),
        Event("SealedRoundOpened", {"round": "r9", "seats": ["north", 2]}),
        Event("SubmissionSealed", {"round": "r9", "seat": "north", "commitment": COMMIT_A}),
        Event("SubmissionSealed", {"round": "r1", "seat": "north", "commitment": None}),
        Event("SubmissionSealed", {"round": "r1", "seat": 5, "commitment": COMMIT_A}),
        Event("ClientSeedAdded", {"seat": 7, "client_seed": "x"}),
    ],
)
def test_malformed_sealed_round_events_leave_the_envelope_unchanged(malformed: Event) -> None:
    opened = Event("SealedRoundOpened", {"round": "r1", "seats": ["north"]})
    before = game_after(opened)
    after = advance(FREEFORM, before, malformed)
    assert (after.meta, after.version) == (before.meta, before.version + 1)


def test_an_adjustment_and_the_end_are_counted_in_the_envelope() -> None:
    ended = game_after(
        Event("StateAdjusted", {"changes": [], "reason": "r"}),
        Event("StateAdjusted", {"changes": "junk", "reason": "r"}),
        Event("GameEnded", {"winner": "north"}),
    )
    assert (ended.meta.adjustments, ended.meta.ended, dict(ended.meta.result or {})) == (2, True, {"winner": "north"})


def test_an_adjustment_skips_the_changes_that_do_not_apply_and_applies_the_rest() -> None:
    """CORE-ADJUST: evolve is total: a change that is not an object, or no longer applies, is skipped."""
    changes = ["junk", {"path": "/nope/x", "value": 1}, {"op": "set", "path": "/actions", "value": 7}]
    game = game_after(Event("StateAdjusted", {"changes": changes, "reason": "r"}))
    assert game.state.actions == 7
    assert game_after(Event("StateAdjusted", {"changes": 5, "reason": "r"})).state.actions == 0


def test_an_empty_stream_folds_to_no_game() -> None:
    with pytest.raises(ValueError, match=r"^an empty stream folds to no game$"):
        fold(FREEFORM, [], None)


def test_a_snapshot_round_trips_every_field_of_the_envelope() -> None:
    opened = Event("SealedRoundOpened", {"round": "r1", "seats": ["north", "south"], "purpose": "bids"})
    game = game_after(
        Event("ClientSeedAdded", {"seat": "north", "client_seed": "n1"}),
        Event("DiceRolled", {"faces": [5, 6]}),
        opened,
        Event("SubmissionSealed", {"round": "r1", "seat": "south", "commitment": COMMIT_A}),
        Event("SealedRoundOpened", {"round": "r0", "seats": ["east"]}),
        Event("SubmissionsRevealed", {"round": "r0", "submissions": {}}),
        Event("StateAdjusted", {"changes": [], "reason": "r"}),
    )
    document = game_to_json(FREEFORM, game)
    meta = document["meta"]
    assert (document["version"], meta["dice_drawn"], meta["client_seeds"], meta["adjustments"]) == (
        8,
        2,
        {"north": "n1"},
        1,
    )
    assert meta["sealed"] == {
        "r1": {"seats": ["north", "south"], "purpose": "bids", "commitments": {"south": COMMIT_A}}
    }
    assert (meta["revealed_rounds"], meta["ended"], meta["result"], meta["dice"]) == (["r0"], False, None, "server")
    assert game_from_json(FREEFORM, document) == game
    shown = public_meta(game.meta)
    assert shown["sealed_rounds"] == {"r1": {"seats": ["north", "south"], "purpose": "bids", "sealed": ["south"]}}
    assert (shown["dice_drawn"], shown["ended"], shown["result"], shown["adjustments"]) == (2, False, None, 1)
    assert shown["seats"] == [{"seat": s, "player": None} for s in ("north", "south", "east")]
    ended = advance(FREEFORM, game, Event("GameEnded", {"winner": "south"}))
    document = game_to_json(FREEFORM, ended)
    assert (document["meta"]["ended"], document["meta"]["result"]) == (True, {"winner": "south"})
    assert game_from_json(FREEFORM, document) == ended


def test_the_end_closes_every_open_sealed_round() -> None:
    """CORE-GAME-1: nothing is sealed after the end, so a round still open then is no longer listed as open."""
    game = game_after(
        Event("SealedRoundOpened", {"round": "r1", "seats": ["north", "south"], "purpose": "bids"}),
        Event("SubmissionSealed", {"round": "r1", "seat": "south", "commitment": COMMIT_A}),
        Event("GameEnded", {"winner": "south"}),
    )
    assert (game.meta.ended, game.meta.sealed, game.meta.revealed_rounds) == (True, {}, ())
    assert public_meta(game.meta)["sealed_rounds"] == {}


def test_an_older_snapshot_without_the_newer_fields_still_loads() -> None:
    game = game_after()
    document = game_to_json(FREEFORM, game)
    del document["meta"]["revealed_rounds"], document["meta"]["dice_game_id"]
    loaded = game_from_json(FREEFORM, document)
    assert (loaded.meta.revealed_rounds, loaded.meta.dice_game_id) == ((), "game-1")


# --- adjust: one JSON-pointer edit (CORE-ADJUST) ---


def test_set_and_remove_at_object_keys_and_list_indexes() -> None:
    doc = {"a": {"b": [1, 2, 3]}, "x/y": 1, "t~": 2}
    assert apply_change(doc, {"op": "set", "path": "/a/b/1", "value": 9}) == {**doc, "a": {"b": [1, 9, 3]}}
    assert apply_change(doc, {"path": "/a/c", "value": 0}) == {**doc, "a": {"b": [1, 2, 3], "c": 0}}
    assert apply_change(doc, {"op": "remove", "path": "/a/b/0"}) == {**doc, "a": {"b": [2, 3]}}
    assert apply_change(doc, {"op": "remove", "path": "/x~1y"}) == {"a": {"b": [1, 2, 3]}, "t~": 2}
    assert apply_change(doc, {"op": "set", "path": "/t~0", "value": 3})["t~"] == 3
    assert doc == {"a": {"b": [1, 2, 3]}, "x/y": 1, "t~": 2}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"path": "a", "value": 1}, "path 'a' is not a JSON pointer"),
        ({"path": None, "value": 1}, "path None is not a JSON pointer"),
        ({"op": "move", "path": "/a"}, "op 'move' is neither 'set' nor 'remove'"),
        ({"op": "set", "path": "/a"}, "set /a: no value"),
        ({"op": "set", "path": "/q/r", "value": 1}, "/q/r: no 'q' in the state"),
        ({"op": "remove", "path": "/q"}, "/q: nothing to remove"),
        ({"op": "set", "path": "/a/b/3", "value": 1}, "/a/b/3: index '3' out of range"),
        ({"op": "set", "path": "/a/b/x", "value": 1}, "/a/b/x: index 'x' out of range"),
        (
            {"op": "set", "path": "/a/b/0/z", "value": 1},
            "/a/b/0/z: 'z' is inside a value that is neither object nor list",
        ),
    ],
)
def test_an_adjustment_that_cannot_apply_names_its_path(change: dict[str, object], message: str) -> None:
    with pytest.raises(AdjustmentError) as refused:
        apply_change({"a": {"b": [1, 2, 3]}}, change)
    assert str(refused.value) == message


def test_decisions_refuse_with_one_violation_and_chain_in_order() -> None:
    refused = Decision.refuse("CORE-X-1", "no", field="data.x")
    assert refused == Decision(violations=(RuleViolation("CORE-X-1", "no", {"field": "data.x"}),))
    first = Decision((Event("A", {}),), (), (TraceStep("R-1", "one"),))
    second = Decision((Event("B", {}),), refused.violations, (TraceStep("R-2", "two"),))
    both = first.then(second)
    assert [e.type for e in both.events] == ["A", "B"]
    assert [t.rule_id for t in both.trace] == ["R-1", "R-2"]
    assert both.violations == refused.violations


# --- start: the envelope from GameCreated, and a game started from a position (issue 15, point 3) ---

POSITION = {"actions": 1, "counts": {"move": 1}, "last": {"north": {"type": "move", "data": {"to": "b2"}, "number": 1}}}
BOARD = {"name": "a board", "areas": []}


def full_created(**extra: object) -> Event:
    data = dict(created(dice="server").data)
    data.update(
        variant="v1",
        options={"o": 1},
        board="sha-of-board",
        seats=[{"seat": "north", "player": "p-1"}, {"seat": "south"}],
        dice_commitment="c" * 64,
        dice_game_id="original-id",
        **extra,
    )
    return Event("GameCreated", data)


def test_start_copies_every_field_of_game_created_into_the_envelope() -> None:
    game = start(FREEFORM, full_created(), BOARD)
    meta = game.meta
    assert (meta.game_id, meta.ruleset, meta.ruleset_version) == ("game-1", FREEFORM.id, FREEFORM.version)
    assert (meta.variant, dict(meta.options), meta.board, meta.dice_commitment) == (
        "v1",
        {"o": 1},
        "sha-of-board",
        "c" * 64,
    )
    assert meta.seats == (Seat("north", "p-1"), Seat("south", None))
    assert (meta.seat_names(), meta.dice_game_id, meta.mode.value, meta.dice.value) == (
        ("north", "south"),
        "original-id",
        "adjudicated",
        "server",
    )
    assert (game.version, game.board, game.state.actions) == (1, BOARD, 0)


def test_start_from_a_position_takes_its_state() -> None:
    """A game started from a position (FF-POSITION) has the position's record, on the given board."""
    game = start(FREEFORM, full_created(position=POSITION), BOARD)
    assert (game.version, game.board, game.meta.dice_game_id) == (1, BOARD, "original-id")
    assert FREEFORM.position_of(game) == POSITION
    plain = start(FREEFORM, created(), None)
    assert (dict(plain.meta.options), plain.meta.dice_game_id, plain.meta.variant) == ({}, "game-1", None)


def test_fold_keeps_the_board_and_gives_a_snapshot_the_stream_s_board() -> None:
    folded = fold(FREEFORM, [created(), Event("GameEnded", {})], BOARD)
    assert folded.board == BOARD
    snapshot = game_from_json(FREEFORM, game_to_json(FREEFORM, folded))
    assert snapshot.board is None
    resumed = fold(FREEFORM, [Event("GameEnded", {})], BOARD, start_from=snapshot)
    assert (resumed.board, resumed.version) == (BOARD, 3)
    kept = fold(FREEFORM, [], {"other": True}, start_from=folded)
    assert kept.board == BOARD


def test_a_snapshot_of_a_fully_described_game_round_trips_and_shows_its_public_part() -> None:
    game = fold(
        FREEFORM,
        [
            full_created(),
            Event("ClientSeedAdded", {"seat": "north", "client_seed": "n1"}),
            Event("DiceSeedRevealed", {"seed": "ab" * 32}),
        ],
        None,
    )
    loaded = game_from_json(FREEFORM, game_to_json(FREEFORM, game))
    assert loaded == game
    assert (loaded.meta.variant, loaded.meta.board, loaded.meta.dice_seed, loaded.meta.dice_game_id) == (
        "v1",
        "sha-of-board",
        "ab" * 32,
        "original-id",
    )
    assert loaded.meta.seats[0] == Seat("north", "p-1")
    shown = public_meta(game.meta)
    assert (shown["client_seeds"], shown["dice_seed"]) == ({"north": "n1"}, "ab" * 32)


def test_set_inside_an_object_inside_a_list_keeps_the_other_items() -> None:
    doc = {"b": [{"c": 1}, {"c": 2}, {"c": 3}, {"c": 4}]}
    assert apply_change(doc, {"op": "set", "path": "/b/1/c", "value": 9}) == {
        "b": [{"c": 1}, {"c": 9}, {"c": 3}, {"c": 4}]
    }
    assert apply_change(doc, {"op": "remove", "path": "/b/2/c"}) == {"b": [{"c": 1}, {"c": 2}, {}, {"c": 4}]}


# --- what the kernel hands a ruleset: the game's own options and board (DESIGN §4) ---


class RecordingFreeform(FreeformRuleset):
    """Freeform that notes the options and board its start is given (a fake: freeform itself reads neither)."""

    def __init__(self) -> None:
        self.started_with: list[tuple[str, Mapping[str, Any], Mapping[str, Any] | None]] = []

    def setup(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> FreeformState:
        self.started_with.append(("setup", options, board))
        return super().setup(options, board, seats)

    def from_position(
        self,
        position_document: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> FreeformState:
        self.started_with.append(("from_position", options, board))
        return super().from_position(position_document, options, board, seats)


def test_start_hands_the_ruleset_the_game_s_options_and_board() -> None:
    """DESIGN §4: `setup(options, board, seats)` and `from_position(...)` get the options of GameCreated and the
    board the game is played on: a ruleset whose map or variant decides its opening depends on both."""
    recording = RecordingFreeform()
    start(recording, full_created(), BOARD)
    start(recording, full_created(position=POSITION), BOARD)
    assert recording.started_with == [("setup", {"o": 1}, BOARD), ("from_position", {"o": 1}, BOARD)]


def test_advance_evolves_the_state_and_keeps_the_board() -> None:
    """`advance` is one step of `fold`: the ruleset's state takes the event and the game stays on its board."""
    game = start(FREEFORM, created(), BOARD)
    moved = advance(FREEFORM, game, Event("ActionRecorded", {"type": "move", "seat": "north", "data": {}}))
    assert (moved.state.actions, dict(moved.state.counts), moved.version, moved.board) == (1, {"move": 1}, 2, BOARD)


@settings(deadline=None, max_examples=15)
@given(st.lists(st.sampled_from(["move", "pass", "trade"]), max_size=6))
def test_advancing_event_by_event_counts_what_folding_the_stream_counts(kinds: list[str]) -> None:
    """Replay = fold (DESIGN §5): one event at a time or the whole stream, the same game, each action counted."""
    events = [Event("ActionRecorded", {"type": kind, "seat": "south", "data": {}}) for kind in kinds]
    game = start(FREEFORM, created(), BOARD)
    for event in events:
        game = advance(FREEFORM, game, event)
    assert game == fold(FREEFORM, [created(), *events], BOARD)
    assert (game.state.actions, game.version, game.board) == (len(kinds), len(kinds) + 1, BOARD)
    assert dict(game.state.counts) == {kind: kinds.count(kind) for kind in set(kinds)}
