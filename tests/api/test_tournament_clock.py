"""The round clock (td19): a director starts a published round's clock, judges extend it (the whole round, or one
table delayed by a ruling) with a reason, and the director calls time. The times come from the service's clock
(frozen here), are written into the events, and the round resource shows the start, the end after extensions,
each extended table's own end and the call of time. A refusal names what it refuses and writes nothing."""

from __future__ import annotations

from typing import Any

from freezegun import freeze_time

from domain.kernel import Event
from domain.tournaments.state import fold
from tests.api.conftest import assert_problem
from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api

CLOCK_EVENTS = ("RoundClockStarted", "RoundClockExtended", "RoundTimeCalled")


def _events(api: Api, tid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    return found


def _published(api: Api, **settings: Any) -> str:
    tid: str = _create(api, rounds=2, **settings)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    return tid


def test_a_started_round_ends_after_its_minutes_and_every_extension_when_the_clock_is_frozen(api: Api) -> None:
    tid = _published(api, round_minutes=150)
    with freeze_time("2026-11-29T14:00:00Z"):
        started = _post(api, f"{tid}/rounds/1/clock/start")
    with freeze_time("2026-11-29T14:40:00Z"):
        whole = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 10, "reason": "fire alarm"})
        table = _post(
            api, f"{tid}/rounds/1/clock/extensions", {"minutes": 7, "reason": "ruling at table 2", "table": 2}
        )
    round_one = _round(api, tid, 1)

    assert started.status_code == 201, started.get_json()
    assert started.get_json()["started_at"] == "2026-11-29T14:00:00.000000Z"
    assert started.get_json()["ends_at"] == "2026-11-29T16:30:00.000000Z"  # an AGoT round of 2h30
    assert whole.status_code == 201 and whole.get_json()["ends_at"] == "2026-11-29T16:40:00.000000Z"
    assert table.get_json()["tables"] == [{"table": 2, "ends_at": "2026-11-29T16:47:00.000000Z", "extended": 7}]
    assert round_one["started_at"] == "2026-11-29T14:00:00.000000Z" and round_one["minutes"] == 150
    assert round_one["ends_at"] == "2026-11-29T16:40:00.000000Z" and round_one["extended"] == 10
    assert round_one["time_called"] is None
    assert [t["ends_at"] for t in round_one["tables"]] == [None, "2026-11-29T16:47:00.000000Z"]
    recorded = [e for e in _events(api, tid) if e["type"] in CLOCK_EVENTS]
    assert [e["data"] for e in recorded] == [
        {"round": 1, "started_at": "2026-11-29T14:00:00.000000Z", "minutes": 150},
        {"round": 1, "minutes": 10, "reason": "fire alarm", "table": None, "at": "2026-11-29T14:40:00.000000Z"},
        {"round": 1, "minutes": 7, "reason": "ruling at table 2", "table": 2, "at": "2026-11-29T14:40:00.000000Z"},
    ]


def test_time_called_is_recorded_at_the_service_clock_and_ends_every_extension(api: Api) -> None:
    tid = _published(api)  # untimed: this round is started with its own minutes
    with freeze_time("2026-11-29T14:00:00Z"):
        assert _post(api, f"{tid}/rounds/1/clock/start", {"minutes": 90}).status_code == 201
    with freeze_time("2026-11-29T15:31:05Z"):
        called = _post(api, f"{tid}/rounds/1/clock/call")
        late = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 5, "reason": "too late"})
        again = _post(api, f"{tid}/rounds/1/clock/call")

    assert called.status_code == 200, called.get_json()
    assert called.get_json()["time_called"] == "2026-11-29T15:31:05.000000Z"
    assert _round(api, tid, 1)["time_called"] == "2026-11-29T15:31:05.000000Z"
    assert assert_problem(late, 409)["time_called"] == "2026-11-29T15:31:05.000000Z"
    assert "time was called" in assert_problem(again, 409)["detail"]
    assert [e["type"] for e in _events(api, tid)].count("RoundTimeCalled") == 1


def test_clock_refusals_name_what_they_refuse_and_write_nothing(api: Api) -> None:
    untimed = _published(api)
    tid = _published(api, round_minutes=150)
    before = {t: len(_events(api, t)) for t in (untimed, tid)}

    unpublished = _post(api, f"{tid}/rounds/2/clock/start")
    league_round = _post(api, f"{tid}/rounds/0/clock/start")
    no_length = _post(api, f"{untimed}/rounds/1/clock/start")
    not_started = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 5, "reason": "ruling"})
    not_started_call = _post(api, f"{tid}/rounds/1/clock/call")
    zero = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 0, "reason": "ruling"})
    negative = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": -5, "reason": "ruling"})
    no_reason = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 5})
    player = _post(api, f"{tid}/rounds/1/clock/start", role="viewer")

    assert assert_problem(unpublished, 409)["round"] == 2 and "not published" in unpublished.get_json()["detail"]
    assert_problem(league_round, 409)
    assert "minutes" in assert_problem(no_length, 422)["errors"]
    assert "not started" in assert_problem(not_started, 409)["detail"]
    assert "not started" in assert_problem(not_started_call, 409)["detail"]
    assert "minutes" in assert_problem(zero, 400)["errors"]
    assert "minutes" in assert_problem(negative, 400)["errors"]
    assert "reason" in assert_problem(no_reason, 400)["errors"]
    assert_problem(player, 403)
    assert {t: len(_events(api, t)) for t in (untimed, tid)} == before  # nothing written

    assert _post(api, f"{tid}/rounds/1/clock/start").status_code == 201
    after_start = len(_events(api, tid))
    twice = _post(api, f"{tid}/rounds/1/clock/start")
    no_table = _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 5, "reason": "ruling", "table": 9})

    assert assert_problem(twice, 409)["started_at"] == _round(api, tid, 1)["started_at"]
    refused = assert_problem(no_table, 422)
    assert "table" in refused["errors"] and refused["table"] == 9
    assert len(_events(api, tid)) == after_start


def test_a_clock_write_with_a_stale_if_match_is_412_and_a_keyed_retry_writes_nothing_again(api: Api) -> None:
    tid = _published(api, round_minutes=150)
    version = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()["version"]
    headers = {**api.headers("organiser"), "Idempotency-Key": "start-1", "If-Match": f'"{version}"'}
    url = f"{BASE}/{tid}/rounds/1/clock/start"

    first = api.client.post(url, json={}, headers=headers)
    retry = api.client.post(url, json={}, headers=headers)
    stale = api.client.post(
        f"{BASE}/{tid}/rounds/1/clock/extensions",
        json={"minutes": 5, "reason": "ruling"},
        headers={**api.headers("organiser"), "If-Match": f'"{version}"'},
    )

    assert first.status_code == 201 and retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true" and retry.get_data() == first.get_data()
    assert assert_problem(stale, 412, "wrong-expected-version")["current_version"] == version + 1
    assert [e["type"] for e in _events(api, tid)].count("RoundClockStarted") == 1
    assert [e["type"] for e in _events(api, tid)][-1] == "RoundClockStarted"


def test_a_timed_rounds_stream_verifies_and_folds_to_the_same_clock_while_untimed_rounds_have_none(api: Api) -> None:
    tid = _published(api, round_minutes=150)
    with freeze_time("2026-11-29T14:00:00Z"):
        _post(api, f"{tid}/rounds/1/clock/start")
        _post(api, f"{tid}/rounds/1/clock/extensions", {"minutes": 4, "reason": "ruling", "table": 1})
    untimed = _published(api)

    verified = api.client.get(f"{BASE}/{tid}/verify", headers=api.headers()).get_json()
    state = fold([Event(e["type"], e["data"]) for e in _events(api, tid)])  # the stream as exported, folded again

    assert verified["ok"] is True, verified
    ticking = state.rounds[0].clock
    assert ticking is not None and ticking.ends_at == "2026-11-29T16:30:00.000000Z"
    assert ticking.table_ends_at(1) == "2026-11-29T16:34:00.000000Z" and ticking.table_ends_at(2) is None
    shown = _round(api, untimed, 1)
    assert (shown["started_at"], shown["ends_at"], shown["time_called"]) == (None, None, None)
    assert "round_minutes" not in api.client.get(f"{BASE}/{untimed}", headers=api.headers()).get_json()["settings"]


def test_a_round_whose_clock_started_is_not_withdrawn_even_without_games(api: Api) -> None:
    tid = _published(api, round_minutes=150)
    assert _post(api, f"{tid}/rounds/1/clock/start").status_code == 201
    before = len(_events(api, tid))

    refused = assert_problem(_post(api, f"{tid}/rounds/1/withdrawal", {"reason": "a no-show"}), 409)

    assert "clock was started" in refused["detail"] and refused["started_at"] == _round(api, tid, 1)["started_at"]
    assert len(_events(api, tid)) == before


def test_a_swap_after_the_clock_started_is_refused_naming_it_unless_the_director_says_after_start(api: Api) -> None:
    tid = _published(api, round_minutes=150)  # physical tables: no game is ever created
    first, second = (t["players"][0] for t in _round(api, tid, 1)["tables"])
    assert _post(api, f"{tid}/rounds/1/clock/start").status_code == 201
    before = len(_events(api, tid))
    body = {"players": [first, second], "reason": "sat at the wrong table"}

    refused = assert_problem(_post(api, f"{tid}/rounds/1/swaps", body), 409)
    unchanged = len(_events(api, tid))
    moved = _post(api, f"{tid}/rounds/1/swaps", {**body, "after_start": True})

    assert "clock was started" in refused["detail"] and refused["started_at"] == _round(api, tid, 1)["started_at"]
    assert unchanged == before
    assert moved.status_code == 201, moved.get_json()
    recorded = _events(api, tid)[-1]
    assert recorded["type"] == "PlayersSwapped" and recorded["data"]["after_start"] is True
    assert first in _round(api, tid, 1)["tables"][1]["players"]


def test_the_round_resource_gives_the_services_time_a_countdown_counts_from(api: Api) -> None:
    tid = _published(api, round_minutes=150)
    with freeze_time("2026-11-29T14:00:00Z"):
        _post(api, f"{tid}/rounds/1/clock/start")
    with freeze_time("2026-11-29T14:12:34Z"):
        shown = _round(api, tid, 1)

    assert shown["now"] == "2026-11-29T14:12:34.000000Z" and shown["ends_at"] == "2026-11-29T16:30:00.000000Z"
