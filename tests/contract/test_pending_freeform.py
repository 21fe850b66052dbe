"""`pending` of freeform (issue 15, point 2): any seat may act; an open sealed round waits on its seats."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Action, Authority, Viewer, advance
from domain.pending import SEAL
from domain.platform import decide_action
from domain.rulesets.freeform import FREEFORM
from tests.contract.pending_play import check_pending, created, inputs_for, play

SEATS = ("north", "south", "east")


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_freeform_games_played_from_pending_alone_are_accepted_throughout(seed: int) -> None:
    played = play(FREEFORM, created(FREEFORM, SEATS), None, random.Random(seed), steps=40)

    assert len(played.steps) == 40  # freeform never ends by itself, so every step found a choice
    assert played.game.version > 40


def test_an_open_round_waits_on_the_seats_that_have_not_sealed_and_hides_their_choices_from_others() -> None:
    """FF-SEAL-1: the round opened for north and south waits on both until each has sealed."""
    played = play(FREEFORM, created(FREEFORM, SEATS), None, random.Random(1), steps=0)
    game = played.game
    opened = decide_action(
        FREEFORM,
        game,
        Action("open_sealed", "north", {"round": "bids", "seats": ["north", "south"]}, Authority.PLAYER),
        inputs_for(game),
    )
    for event in opened.events:
        game = advance(FREEFORM, game, event)

    pending = check_pending(FREEFORM, game)
    seals = {w.seat: [o for o in w.options if o.type == SEAL] for w in pending.waiting}
    assert [o.fields["round"] for o in seals["north"]] == ["bids"]
    assert [o.fields["round"] for o in seals["south"]] == ["bids"]
    assert seals["east"] == []
    as_south = FREEFORM.pending(game, Viewer(seat="south"))
    north_seal = next(o for w in as_south.waiting if w.seat == "north" for o in w.options if o.type == SEAL)
    assert north_seal.choices == () and north_seal.fields == {}
    south_seal = next(o for w in as_south.waiting if w.seat == "south" for o in w.options if o.type == SEAL)
    assert south_seal.choices == ({"round": "bids", "payload": {"sealed_by": "south"}},)
