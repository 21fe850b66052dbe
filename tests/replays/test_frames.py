"""Diffs and frames: applying the deltas rebuilds every state; nothing else is needed to step through."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, Viewer, advance, public_meta
from domain.rulesets.freeform import FREEFORM
from replays.frames import apply_patch, bookmarks, frames, json_diff
from tests.domain.builders import given as given_game

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_patch_turns_a_into_b_when_applied(a: Any, b: Any) -> None:
    assert apply_patch(a, json_diff(a, b)) == b


def test_diff_is_empty_when_nothing_changed() -> None:
    assert json_diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []


def test_keys_with_slashes_and_tildes_are_escaped_when_diffed() -> None:
    ops = json_diff({"a/b": 1, "c~d": 1}, {"a/b": 2, "c~d": 1})

    assert ops == [{"op": "replace", "path": "/a~1b", "value": 2}]


def test_true_is_not_taken_for_one_when_diffed() -> None:
    assert json_diff({"x": 1}, {"x": True}) == [{"op": "replace", "path": "/x", "value": True}]


def test_containers_python_finds_equal_are_still_diffed_as_json() -> None:
    """[1] == [True] and {"n": 1} == {"n": 1.0} in Python, not in JSON: the patch must still say so."""
    assert json_diff({"x": [1]}, {"x": [True]}) == [{"op": "replace", "path": "/x/0", "value": True}]
    assert json_diff({"x": {"n": 1}}, {"x": {"n": 1.0}}) == [{"op": "replace", "path": "/x/n", "value": 1.0}]


def test_only_the_children_json_tells_apart_are_patched_among_many_equal_ones() -> None:
    """Children Python finds equal are confirmed together; the ones JSON tells apart are still each patched."""
    before = {"a": {"n": 1}, "b": {"n": 2}, "c": [1], "d": {"n": 3}}
    after = {"a": {"n": 1}, "b": {"n": 2.0}, "c": [True], "d": {"n": 3}}

    assert json_diff(before, after) == [
        {"op": "replace", "path": "/b/n", "value": 2.0},
        {"op": "replace", "path": "/c/0", "value": True},
    ]


def test_a_value_held_twice_is_no_change_when_diffed() -> None:
    """One dict met twice (a view reusing a value) against two equal dicts: the same JSON, so no operation."""
    shared = {"infantry": 2}
    before = {"units": {"buda": shared, "pest": shared}, "year": 1301}
    after = {"units": {"buda": {"infantry": 2}, "pest": {"infantry": 2}}, "year": 1302}

    assert json_diff(before, after) == [{"op": "replace", "path": "/year", "value": 1302}]


SCALARS_JSON_TELLS_APART = st.recursive(
    st.booleans() | st.sampled_from([0, 1, 0.0, 1.0, 2]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("ab"), inner, max_size=2),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(SCALARS_JSON_TELLS_APART, SCALARS_JSON_TELLS_APART)
def test_patch_turns_a_into_b_as_json_text_too(a: Any, b: Any) -> None:
    patched = apply_patch(a, json_diff(a, b))

    assert json.dumps(patched, sort_keys=True) == json.dumps(b, sort_keys=True)


def _view(game: Game) -> dict[str, Any]:
    """The spectator's view, as `?as=spectator` gives it (service/views.py)."""
    return {"meta": public_meta(game.meta), "rules": FREEFORM.view(game.state, Viewer())}


def test_stepping_through_the_frames_rebuilds_each_state_when_deltas_are_applied() -> None:
    start = given_game()
    events = [
        Event("ActionRecorded", {"seat": "north", "type": "move", "data": {"to": "ford"}}),
        Event("DiceRolled", {"seat": "south", "purpose": "", "faces": [3, 4], "first_k": 1}),
        Event("ActionRecorded", {"seat": "north", "type": "move", "data": {"to": "hill"}}),
        Event("GameEnded", {"by": "recorder", "winners": ["north"]}),
    ]

    steps = frames(FREEFORM, start, events, _view)

    state, game = _view(start), start
    for step, event in zip(steps, events, strict=True):
        game = advance(FREEFORM, game, event)
        state = apply_patch(state, step.delta)
        assert state == _view(game), step.version
    assert [s.version for s in steps] == [2, 3, 4, 5]
    assert steps[1].notation == "south rolls 2d6: 3 4"
    assert steps[-1].bookmarks == ("game end",)


def test_bookmarks_name_the_round_when_a_sealed_round_is_revealed() -> None:
    assert bookmarks(Event("SubmissionsRevealed", {"round": "bids-1", "submissions": {}})) == ("reveal: bids-1",)
    assert bookmarks(Event("ActionRecorded", {})) == ()


def test_a_sealed_round_is_bookmarked_as_its_ruleset_names_it_and_by_its_id_without_a_state() -> None:
    from domain.rulesets.cedofan_rv import CEDOFAN_RV
    from tests.domain.cedofan_rv.test_notation import _demonstration_game

    opened = Event("SealedRoundOpened", {"round": "loot-2-katzowicove", "seats": ["katzowicove"]})

    assert bookmarks(opened, CEDOFAN_RV, _demonstration_game()) == (
        "sealed round: the loot slip of Katzowicové from battle 2",
    )
    assert bookmarks(opened, CEDOFAN_RV) == ("sealed round: loot-2-katzowicove",)
    # Freeform keeps the protocol's default: its rounds are named by whoever opened them.
    assert bookmarks(opened, FREEFORM, given_game().state) == ("sealed round: loot-2-katzowicove",)


def test_bookmarks_of_a_stream_name_places_and_keep_the_id_label_they_had_before() -> None:
    from domain.rulesets.cedofan_rv import CEDOFAN_RV
    from replays.frames import Bookmark, bookmarks_of
    from tests.domain.cedofan_rv.test_notation import _demonstration_game

    events = [Event("RoundStarted", {"round": 1}), Event("SiegeStarted", {"place": "knorow"})]

    assert bookmarks_of(CEDOFAN_RV, events, 2, _demonstration_game()) == [
        Bookmark(2, "round 1"),
        Bookmark(3, "siege of Knorów begins", was="siege of knorow begins"),
    ]
    assert bookmarks_of(CEDOFAN_RV, events, 2) == [Bookmark(2, "round 1"), Bookmark(3, "siege of knorow begins")]
