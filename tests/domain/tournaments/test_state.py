"""A tournament's stream folds into its state; standings come from the fold (issue 13)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.kernel import Event
from domain.tournaments.state import fold, standings_of

SEED = b"tournament-seed"


def created(**settings: Any) -> Event:
    return Event(
        "TournamentCreated", {"tournament_id": "t-1", "ruleset": "kard_es_korona", "table_size": 4, **settings}
    )


def registered(*players: str) -> list[Event]:
    return [Event("PlayerRegistered", {"player": p}) for p in players]


def round_one() -> list[Event]:
    """Eight players at two tables of four; table 1's result is approved, table 2's only reported."""
    return [
        created(tiebreaks=["score", "opponents_score", "draw"]),
        *registered("ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"),
        Event(
            "RoundPaired",
            {
                "round": 1,
                "tables": [
                    {"number": 1, "players": ["ann", "bob", "cid", "dan"]},
                    {"number": 2, "players": ["eve", "fay", "gus", "hal"]},
                ],
            },
        ),
        Event("TableGameCreated", {"round": 1, "table": 1, "game": "g-1"}),
        Event(
            "ResultReported", {"round": 1, "table": 1, "places": {"ann": 1, "bob": 2, "cid": 3, "dan": 4}, "by": "td"}
        ),
        Event("ResultConfirmed", {"round": 1, "table": 1, "player": "bob"}),
        Event("ResultApproved", {"round": 1, "table": 1}),
        Event("ResultReported", {"round": 1, "table": 2, "places": {"eve": 1, "fay": 2, "gus": 2, "hal": 4}}),
    ]


def test_the_fold_keeps_each_tables_game_result_and_how_far_it_was_accepted() -> None:
    state = fold(round_one())

    first, second = state.rounds[0].tables
    assert first.game == "g-1" and first.result is not None and not first.result.provisional
    assert first.result.confirmed_by == frozenset({"bob"})
    assert second.result is not None and second.result.provisional
    assert state.active_players == ("ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal")


def test_standings_score_every_reported_table_with_the_tournaments_system() -> None:
    lines = standings_of(fold(round_one()), SEED)
    score = {line.player: line.values["score"] for line in lines}

    # WBC placement points at four players: 100/50/20/10, two seconds sharing (50 + 20) / 2 = 35.
    assert score == {"ann": 100, "eve": 100, "bob": 50, "fay": 35, "gus": 35, "cid": 20, "dan": 10, "hal": 10}
    assert {line.player for line in lines[:2]} == {"ann", "eve"}
    assert [line.values["score"] for line in lines] == sorted(score.values(), reverse=True)


def test_an_amended_result_replaces_the_reported_one_and_names_its_dispute() -> None:
    events = [
        *round_one(),
        Event(
            "ResultAmended",
            {"round": 1, "table": 1, "places": {"bob": 1, "ann": 2, "cid": 3, "dan": 4}, "dispute": "d-9"},
        ),
    ]

    state = fold(events)
    result = state.rounds[0].tables[0].result

    assert result is not None and result.amended_by_dispute == "d-9" and result.places["bob"] == 1
    assert {line.player: line.values["score"] for line in standings_of(state, SEED)}["bob"] == 100


def test_a_dropped_player_keeps_their_results_and_is_paired_no_more() -> None:
    state = fold([*round_one(), Event("PlayerDropped", {"player": "dan"})])

    assert "dan" not in state.active_players
    assert {line.player for line in standings_of(state, SEED)} >= {"dan"}


def test_a_bye_is_worth_a_seats_expected_score_unless_the_director_set_it() -> None:
    paired = Event(
        "RoundPaired",
        {"round": 1, "tables": [{"number": 1, "players": ["ann", "bob", "cid", "dan"]}], "byes": ["eve"]},
    )
    players = registered("ann", "bob", "cid", "dan", "eve")

    expected = fold([created(), *players, paired])
    set_by_director = fold([created(bye_points=60), *players, paired])

    assert expected.bye_points == 45  # a seat's average at four: (100 + 50 + 20 + 10) / 4
    assert {x.player: x.values["score"] for x in standings_of(expected, SEED)}["eve"] == 45
    assert {x.player: x.values["score"] for x in standings_of(set_by_director, SEED)}["eve"] == Fraction(60)


def test_standings_after_an_earlier_round_leave_later_rounds_out() -> None:
    events = [
        *round_one(),
        Event("RoundClosed", {"round": 1}),
        Event("RoundPaired", {"round": 2, "tables": [{"number": 1, "players": ["ann", "eve", "bob", "fay"]}]}),
        Event("ResultReported", {"round": 2, "table": 1, "places": {"fay": 1, "ann": 2, "eve": 3, "bob": 4}}),
    ]

    state = fold(events)

    assert state.rounds[0].closed and not state.rounds[1].closed
    assert {x.player: x.values["score"] for x in standings_of(state, SEED, after_round=1)}["fay"] == 35
    assert {x.player: x.values["score"] for x in standings_of(state, SEED)}["fay"] == 135


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
types = st.sampled_from(
    [
        "TournamentCreated",
        "PlayerRegistered",
        "PlayerDropped",
        "RoundPaired",
        "TableGameCreated",
        "ResultReported",
        "ResultConfirmed",
        "ResultApproved",
        "ResultAmended",
        "RoundClosed",
        "TournamentFinished",
        "Unknown",
    ]
)


@given(
    st.lists(
        st.tuples(
            types,
            st.dictionaries(
                st.sampled_from(
                    [
                        "player",
                        "round",
                        "table",
                        "places",
                        "tables",
                        "byes",
                        "measures",
                        "game",
                        "bye_points",
                        "table_size",
                    ]
                ),
                junk,
                max_size=4,
            ),
        ),
        max_size=12,
    )
)
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])  # nested junk is slow to draw on a cold start
def test_any_stream_folds_without_failing_and_folding_twice_gives_the_same_state(
    stream: list[tuple[str, dict[str, Any]]],
) -> None:
    events = [Event(kind, data) for kind, data in stream]

    assert fold(events) == fold(events)


def test_normalised_scores_make_a_three_player_win_worth_what_a_four_player_win_is_on_average() -> None:
    # WBC: a 4-player table's seat averages (100+50+20+10)/4 = 45, a 3-player one's (100+40+10)/3 = 50, so a
    # 3-player win (100) normalised to tables of four is worth 100 * 45/50 = 90.
    events = [
        created(normalise=True),
        *registered("ann", "bob", "cid"),
        Event("RoundPaired", {"round": 1, "tables": [{"number": 1, "players": ["ann", "bob", "cid"]}]}),
        Event("ResultReported", {"round": 1, "table": 1, "places": {"ann": 1, "bob": 2, "cid": 3}}),
    ]

    score = {line.player: line.values["score"] for line in standings_of(fold(events), SEED)}

    assert score == {"ann": Fraction(90), "bob": Fraction(36), "cid": Fraction(9)}


def test_check_in_leaves_out_who_has_not_checked_in_only_while_open_and_required() -> None:
    """td20: a check-in that is not open ignores a `PlayerCheckedIn` (evolve stays total), opening it again starts
    afresh, and a `RoundPaired` ends it; without `require_check_in` nobody is left out."""
    opened = [*registered("a", "b", "c"), Event("CheckInOpened", {}), Event("PlayerCheckedIn", {"player": "a"})]
    required = [created(require_check_in=True), *opened]

    assert fold(required).not_checked_in == ("b", "c")
    assert fold([created(), *opened]).not_checked_in == ()
    assert fold([*required, Event("CheckInClosed", {}), Event("PlayerCheckedIn", {"player": "b"})]).checked_in == {"a"}
    assert fold([*required, Event("CheckInOpened", {})]).not_checked_in == ("a", "b", "c")
    paired = fold([*required, Event("RoundPaired", {"round": 1, "tables": []})])
    assert not paired.check_in_open and paired.not_checked_in == ()
