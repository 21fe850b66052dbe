"""The `Ruleset` contract (domain/ruleset_protocol.py): the "none" answers of its optional hooks, and the promise
a ruleset makes when it overrides one (issue 18, point 4; DESIGN §4).

EQUIVALENT_MUTANTS: none, and no mutant at all (measured 2026-11-28: `make mutate
MODULE=domain/ruleset_protocol.py` reports 0 mutants): mutmut 3.8 mutates expressions inside functions, and the
module holds only declarations, class attributes and three bare returns (`[]`, `event`, `()`), none of which
it changes. The tests below pin those defaults by hand instead.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain import registry
from domain.kernel import Event, Ruleset, SealedRound, Viewer, start
from domain.rulesets.freeform import FREEFORM
from tests.domain.builders import created

SECRET = Event("SubmissionsRevealed", {"round": "r1", "submissions": {"north": {"bid": 3}}})


def test_a_ruleset_that_overrides_no_hook_answers_none() -> None:
    """Freeform overrides none of the optional hooks: no cross-field error, events shown whole to everyone,
    no bookmark of its own, its sealed rounds by their ids, no upcaster, nothing to redact, no reason of its own
    for a seat outside a round."""
    assert FREEFORM.game_errors({}, None, ()) == []
    for viewer in (Viewer(), Viewer("north"), Viewer(arbiter=True)):
        assert FREEFORM.event_view(SECRET, viewer) is SECRET
    assert FREEFORM.bookmarks(SECRET) == ()
    assert FREEFORM.sealed_round_name("r1") == "r1"
    assert dict(FREEFORM.bookmark_facts(SECRET)) == {}
    assert FREEFORM.former_bookmarks(SECRET) == ()
    assert FREEFORM.reveal_bookmarked_by_rules("r1") is False
    game = start(FREEFORM, created(), None)
    assert FREEFORM.outside_round_errors(game, SealedRound("r1", ("north",), "bid"), "south") == []
    assert (FREEFORM.upcasters, FREEFORM.has_secret_events) == ((), False)


@pytest.mark.parametrize("ruleset_id", registry.ruleset_ids())
def test_a_ruleset_that_hides_part_of_its_events_says_so(ruleset_id: str) -> None:
    """`event_view` overridden means `has_secret_events` set: the service hands events out unredacted otherwise
    (service/views.py), so a ruleset that forgot the flag would leak what its `event_view` hides."""
    ruleset: Ruleset[Any] = registry.current(ruleset_id)
    overrides_event_view = type(ruleset).event_view is not Ruleset.event_view
    assert ruleset.has_secret_events == overrides_event_view
