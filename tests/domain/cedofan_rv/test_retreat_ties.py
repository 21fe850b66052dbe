"""Several withdrawals of one faction to one of equally near places, each its owner's to redirect (RV-AMB-10).

"The owner breaks ties" (RV-AMB-10) of every withdrawal, not only of the last: when an alliance ends while B's
armies stand in two of A's cities, each army withdraws (RV-FLD-3, RV-FLD-5) and each may have its own tie.
**Decision** (retreat_ties.py): `choose_retreat`'s `pieces` names the withdrawal; without it, the faction's last
(what a `choose_retreat` recorded before meant).

The board: B's gb with 2 infantry in A's city c, B's gd alone in A's city d; B's cities h1 and h2 are each 1 step
from c, h3 and h4 each 1 step from d, and c and d are not joined: gb's army goes to h1 (first by id) and may choose
h2, gd goes to h3 and may choose h4.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.kernel import Event, Seat, Viewer
from domain.pending import Option
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, city, noble
from tests.domain.cedofan_rv.test_alliance_end import _board, _guests
from tests.domain.position_contract import assert_round_trip

AREAS = {"d": city(A), "h1": city(B), "h2": city(B), "h3": city(B), "h4": city(B)}
EDGES = [(a, b, "passable", 1) for a, b in (("c", "h1"), ("c", "h2"), ("d", "h3"), ("d", "h4"))]
ARMY = ["gb", "b1", "b2"]
SEATS = tuple(Seat(s) for s in (A, B, C))


def _two_ties() -> Table:
    """A has ended the alliance: gb's army withdrew to h1 (h2 as near), gd to h3 (h4 as near)."""
    table = _guests(AREAS, EDGES, noble("gd", B, "d"))
    table.act(A, "end_alliance", **{"with": B})
    assert {p: table.state.pieces[p].area for p in (*ARMY, "gd")} == {"gb": "h1", "b1": "h1", "b2": "h1", "gd": "h3"}
    return table


def _retreat_options(table: Table) -> list[Option]:
    waiting = {w.seat: w for w in CEDOFAN_RV.pending(table.game, Viewer(B)).waiting}
    return [o for o in waiting[B].options if o.type == "choose_retreat"] if B in waiting else []


@pytest.mark.parametrize("first_choice", ["army", "gd"])
def test_rv_amb_10_each_withdrawal_of_an_alliances_end_is_offered_and_chosen_in_either_order(first_choice: str) -> None:
    """Both ties are offered, each naming its pieces; choosing one leaves the other open, whichever goes first."""
    table = _two_ties()
    offered = [[dict(c) for c in o.choices] for o in _retreat_options(table)]
    assert offered == [[{"to": "h2", "pieces": ARMY}], [{"to": "h4", "pieces": ["gd"]}]]
    choices = {"army": ("h2", ARMY), "gd": ("h4", ["gd"])}
    order = [first_choice, *(k for k in choices if k != first_choice)]
    table.act(B, "choose_retreat", to=choices[order[0]][0], pieces=choices[order[0]][1])
    # The one tie left is the faction's last: it needs no naming, and naming it still works.
    to, pieces = choices[order[1]]
    assert [[dict(c) for c in o.choices] for o in _retreat_options(table)] == [[{"to": to}]]
    table.act(B, "choose_retreat", to=to, pieces=pieces)
    assert _retreat_options(table) == []
    assert {p: table.state.pieces[p].area for p in (*ARMY, "gd")} == {"gb": "h2", "b1": "h2", "b2": "h2", "gd": "h4"}


def test_rv_amb_10_a_choice_without_pieces_means_the_last_withdrawal_and_the_earlier_stays_open() -> None:
    """A `choose_retreat {to}` recorded before `pieces` existed meant the faction's last tie: it still moves gd, and
    gb's army may still choose h2. Pieces of no withdrawal, or of two, name none (RV-AMB-10)."""
    table = _two_ties()
    refused = table.decide(B, "choose_retreat", to="h2", pieces=["gb", "gd"]).violations
    assert [(v.rule_id, v.details.get("field")) for v in refused] == [("RV-AMB-10", "data.pieces")]
    assert table.decide(B, "choose_retreat", to="h2").violations[0].rule_id == "RV-AMB-10"
    chosen = table.act(B, "choose_retreat", to="h4").events[0].data
    assert (chosen["pieces"], chosen["from"], chosen["to"]) == (["gd"], "h3", "h4")
    assert [[dict(c) for c in o.choices] for o in _retreat_options(table)] == [[{"to": "h2"}]]
    table.act(B, "choose_retreat", to="h2", pieces=["b1"])
    assert {table.state.pieces[p].area for p in ARMY} == {"h2"}


def test_rv_amb_10_a_log_folds_again_to_both_open_withdrawals_and_its_old_state_document_reads() -> None:
    """The same events folded anew keep both ties; a state document written when a faction kept one tie (an
    object, not a list) reads as that one tie, and the state's JSON form is an exact inverse."""
    table = _two_ties()
    again = Table.on(_board(AREAS, EDGES, noble("gd", B, "d")))
    again.record(table.events[1:])
    ties = {B: ((tuple(ARMY), "h1", ("h1", "h2")), (("gd",), "h3", ("h3", "h4")))}
    assert again.state.retreat_ties == table.state.retreat_ties == ties
    document = CEDOFAN_RV.dump_state(table.state)
    assert CEDOFAN_RV.load_state(json.loads(json.dumps(document))) == table.state
    document["retreat_ties"] = {B: {"pieces": ["gd"], "to": "h3", "ties": ["h3", "h4"]}}
    assert CEDOFAN_RV.load_state(document).retreat_ties == {B: ((("gd",), "h3", ("h3", "h4")),)}


def test_rv_amb_10_a_position_with_two_open_withdrawals_sets_up_again_and_an_older_one_still_reads() -> None:
    """The arbiter's position holds both ties and sets the same state up again; a position written when a faction
    kept one tie (an object) is still accepted, and its errors point into either shape."""
    table = _two_ties()
    board = _board(AREAS, EDGES, noble("gd", B, "d"))
    assert_round_trip(CEDOFAN_RV, table.game, board, SEATS, whole=True)
    position: dict[str, Any] = json.loads(json.dumps(CEDOFAN_RV.position_of(table.game)))
    assert [t["pieces"] for t in position["retreat_ties"][B]] == [ARMY, ["gd"]]
    position["retreat_ties"] = {B: {"pieces": ["gd"], "to": "h3", "ties": ["h3", "h4"]}}
    assert list(CEDOFAN_RV.position_errors(position, table.game.meta.options, board, SEATS)) == []
    state = CEDOFAN_RV.from_position(position, table.game.meta.options, board, SEATS)
    assert state.retreat_ties == {B: ((("gd",), "h3", ("h3", "h4")),)}
    position["retreat_ties"] = {B: [{"pieces": ["gd"], "to": "h3", "ties": ["h3", "zz"]}]}
    errors = CEDOFAN_RV.position_errors(position, table.game.meta.options, board, SEATS)
    assert [e.path for e in errors] == [f"/retreat_ties/{B}/0/ties/1"]


def _gd_moved_on() -> Table:
    """`_two_ties`, on a board where B's city f is 1 step from h3; in B's impulse gd moves on from h3 to f."""
    table = _guests({**AREAS, "f": city(B)}, [*EDGES, ("h3", "f", "passable", 1)], noble("gd", B, "d"))
    table.act(A, "end_alliance", **{"with": B})
    table.impulse(B)
    table.act(B, "move_banner", noble="gd", path=["f"], units=[])
    return table


def test_rv_amb_10_rv_mov_1_a_withdrawal_whose_pieces_moved_on_leaves_the_state_and_what_the_game_waits_for() -> None:
    """gd withdrew to h3 (h4 as near, RV-FLD-5) and then moved on to f (RV-MOV-1): his withdrawal stands, so it is
    gone from the state and the position at once, not at the round's end. The army's tie is B's only one: offered
    without naming its pieces, and gd's can no longer be chosen (RV-AMB-10)."""
    table = _gd_moved_on()
    army = (tuple(ARMY), "h1", ("h1", "h2"))
    assert table.state.retreat_ties == {B: (army,)}
    assert [[dict(c) for c in o.choices] for o in _retreat_options(table)] == [[{"to": "h2"}]]
    assert [t["pieces"] for t in CEDOFAN_RV.position_of(table.game)["retreat_ties"][B]] == [ARMY]
    refused = table.decide(B, "choose_retreat", to="h4", pieces=["gd"]).violations
    assert [v.rule_id for v in refused] == ["RV-AMB-10"]
    again = Table.on(_board({**AREAS, "f": city(B)}, [*EDGES, ("h3", "f", "passable", 1)], noble("gd", B, "d")))
    again.record(table.events[1:])
    assert again.state == table.state


def test_rv_amb_10_a_withdrawal_whose_pieces_were_all_lost_leaves_the_state_and_one_with_survivors_stays_theirs() -> (
    None
):
    """A recorded loss (HitsApplied) of b1 leaves the army's tie to gb and b2, still B's to redirect to h2; the
    loss of gd, the whole of his withdrawal, ends his tie (RV-AMB-10)."""
    table = _two_ties()
    table.record([Event("HitsApplied", {"deaths": ["b1", "gd"], "wasted": 0})])
    assert table.state.retreat_ties == {B: ((("gb", "b2"), "h1", ("h1", "h2")),)}
    chosen = table.act(B, "choose_retreat", to="h2").events[0].data
    assert (chosen["pieces"], chosen["to"]) == (["gb", "b2"], "h2")
    assert table.state.retreat_ties == {}


def test_rv_amb_10_a_withdrawal_whose_pieces_the_recorder_moved_elsewhere_leaves_the_state_with_the_adjustment() -> (
    None
):
    """The recorder moves gd from h3 to h4 by `adjust` (CORE-ADJUST-1): his withdrawal no longer stands where it
    left him, so the adjusted state holds only the army's tie (RV-AMB-10)."""
    table = _two_ties()
    table.act(None, "adjust", reason="gd was put back wrongly", changes=[{"path": "/pieces/gd/area", "value": "h4"}])
    assert table.state.retreat_ties == {B: ((tuple(ARMY), "h1", ("h1", "h2")),)}


def test_rv_amb_10_a_position_whose_withdrawn_pieces_stand_elsewhere_is_refused_naming_the_piece() -> None:
    """A position's tie says gd withdrew to h4, but the forces put him in h3: such a tie could not be open (its
    withdrawal would stand), so the position is refused at the piece (RV-AMB-10)."""
    table = _two_ties()
    board = _board(AREAS, EDGES, noble("gd", B, "d"))
    position: dict[str, Any] = json.loads(json.dumps(CEDOFAN_RV.position_of(table.game)))
    position["retreat_ties"][B][1]["to"] = "h4"
    errors = list(CEDOFAN_RV.position_errors(position, table.game.meta.options, board, SEATS))
    assert [(e.path, e.rule_id) for e in errors] == [(f"/retreat_ties/{B}/1/pieces/0", "RV-AMB-10")]
