"""Reads: game lists with filters and cursors, event pages (JSON, NDJSON), states at a version, chain checks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine, event, text

from service.cli import cli
from tests.api.conftest import assert_problem
from tests.conftest import Api

GAMES = "/api/v1/games"
NDJSON = "application/x-ndjson"


def _game_with_notes(api: Api, notes: int, **body: Any) -> str:
    game: str = api.create_game(**body)["id"]
    for index in range(notes):
        seat = ("red", "blue")[index % 2]
        assert api.act(game, type="note", seat=seat, data={"n": index + 1}).status_code == 201
    return game


def _all_pages(api: Api, url: str, limit: int) -> list[list[dict[str, Any]]]:
    pages, cursor = [], None
    while True:
        separator = "&" if "?" in url else "?"
        page_url = f"{url}{separator}limit={limit}" + (f"&after={cursor}" if cursor else "")
        body = api.client.get(page_url, headers=api.headers("viewer")).get_json()
        pages.append(body["items"])
        cursor = body["next"]
        if cursor is None:
            return pages
        assert len(pages) < 20, "the cursor never ends"


# --- GET /games ---


def test_pages_are_disjoint_newest_first_and_cover_every_game_when_paging_by_two(api: Api) -> None:
    created = [api.create_game(title=f"game {n}")["id"] for n in range(5)]

    pages = _all_pages(api, GAMES, 2)

    assert [len(p) for p in pages] == [2, 2, 1]
    listed = [g["id"] for page in pages for g in page]
    assert listed == list(reversed(created))


def test_next_is_null_when_the_page_holds_the_last_game(api: Api) -> None:
    api.create_game()

    body = api.client.get(f"{GAMES}?limit=5").get_json()

    assert len(body["items"]) == 1
    assert body["next"] is None


@pytest.mark.parametrize("cursor", ["not-a-cursor", "%%%", "YWJj"])
def test_400_naming_after_when_the_cursor_was_not_issued_by_the_api(api: Api, cursor: str) -> None:
    problem = assert_problem(api.client.get(f"{GAMES}?after={cursor}"), 400)

    assert "after" in problem["errors"]


@pytest.mark.parametrize("query", ["limit=0", "limit=1001", "limit=ten", "status=paused", "player=bob"])
def test_400_naming_the_parameter_when_a_list_query_is_invalid(api: Api, query: str) -> None:
    problem = assert_problem(api.client.get(f"{GAMES}?{query}"), 400)

    assert query.split("=")[0] in problem["errors"]


def test_only_games_of_the_player_when_filtered_by_player(api: Api) -> None:
    alice, bob = api.player("Alice"), api.player("Bob")
    with_alice = [
        api.create_game(seats=[{"seat": "red", "player": alice}, {"seat": "blue", "player": bob}])["id"],
        api.create_game(seats=[{"seat": "red"}, {"seat": "blue", "player": alice}])["id"],
    ]
    api.create_game(seats=[{"seat": "red", "player": bob}])

    listed = api.client.get(f"{GAMES}?player={alice}").get_json()["items"]

    assert sorted(g["id"] for g in listed) == sorted(with_alice)


def test_only_ended_or_active_games_when_filtered_by_status(api: Api) -> None:
    ended, active = api.create_game()["id"], api.create_game()["id"]
    api.act(ended, type="end_game", data={"winners": []})

    ended_ids = [g["id"] for g in api.client.get(f"{GAMES}?status=ended").get_json()["items"]]
    active_ids = [g["id"] for g in api.client.get(f"{GAMES}?status=active").get_json()["items"]]

    assert ended_ids == [ended]
    assert active_ids == [active]


def test_only_games_of_the_ruleset_when_filtered_by_ruleset(api: Api) -> None:
    game = api.create_game()["id"]

    freeform = [g["id"] for g in api.client.get(f"{GAMES}?ruleset=freeform").get_json()["items"]]
    other = api.client.get(f"{GAMES}?ruleset=kard_es_korona").get_json()["items"]

    assert freeform == [game]
    assert other == []


def test_listed_version_follows_the_game_when_actions_are_recorded(api: Api) -> None:
    game = _game_with_notes(api, 3)

    [listed] = api.client.get(GAMES).get_json()["items"]

    assert listed["id"] == game
    assert listed["version"] == 4


# --- GET /games/{id}/events ---


def test_events_page_by_after_and_limit_when_next_is_followed(api: Api) -> None:
    game = _game_with_notes(api, 4)

    pages = _all_pages(api, f"{GAMES}/{game}/events", 2)

    versions = [[e["version"] for e in page] for page in pages]
    assert [v for page in versions for v in page] == [1, 2, 3, 4, 5]
    assert all(len(page) <= 2 for page in versions)


def test_events_start_after_the_given_version_when_after_is_set(api: Api) -> None:
    game = _game_with_notes(api, 4)

    body = api.client.get(f"{GAMES}/{game}/events?after=3").get_json()

    assert [e["version"] for e in body["items"]] == [4, 5]
    assert body["next"] is None
    first = body["items"][0]
    assert first["type"] == "ActionRecorded"
    assert first["stream_id"] == f"game:{game}"
    assert {"position", "event_id", "data", "metadata", "recorded_at", "prev_hash", "hash"} <= set(first)


def test_events_come_as_json_when_the_client_sends_no_accept_header(api: Api) -> None:
    """RFC 9110 §12.5.1: no Accept header means any media type is acceptable."""
    game = _game_with_notes(api, 1)

    response = api.client.get(f"{GAMES}/{game}/events")

    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    assert [e["version"] for e in response.get_json()["items"]] == [1, 2]


def test_one_json_object_per_line_when_ndjson_is_asked_for(api: Api) -> None:
    game = _game_with_notes(api, 3)

    response = api.client.get(f"{GAMES}/{game}/events", headers={"Accept": NDJSON})

    assert response.status_code == 200
    assert response.mimetype == NDJSON
    body = response.get_data(as_text=True)
    assert body.endswith("\n")
    lines = body.splitlines()
    records = [json.loads(line) for line in lines]
    assert all(isinstance(r, dict) for r in records)
    assert [r["version"] for r in records] == [1, 2, 3, 4]
    json_items = api.client.get(f"{GAMES}/{game}/events", headers={"Accept": "application/json"}).get_json()["items"]
    assert records == json_items


def test_ndjson_respects_after_and_limit_when_given(api: Api) -> None:
    game = _game_with_notes(api, 4)

    response = api.client.get(f"{GAMES}/{game}/events?after=1&limit=2", headers={"Accept": NDJSON})

    assert [json.loads(line)["version"] for line in response.get_data(as_text=True).splitlines()] == [2, 3]


def test_406_problem_when_only_csv_is_acceptable(api: Api) -> None:
    game = _game_with_notes(api, 1)

    response = api.client.get(f"{GAMES}/{game}/events", headers={"Accept": "text/csv"})

    assert_problem(response, 406, "not-acceptable")


def test_404_when_events_of_an_unknown_game_are_read(api: Api) -> None:
    assert_problem(api.client.get(f"{GAMES}/00000000-0000-4000-8000-000000000000/events"), 404)


# --- GET /games/{id}/state ---


def test_earlier_counts_when_the_state_is_read_at_an_earlier_version(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, type="move", seat="red")
    api.act(game, type="move", seat="blue")
    api.act(game, type="attack", seat="red")

    early = api.client.get(f"{GAMES}/{game}/state?at=2")
    now = api.client.get(f"{GAMES}/{game}/state")

    assert early.status_code == 200
    assert early.headers["ETag"] == '"2"'
    assert early.get_json()["version"] == 2
    assert early.get_json()["state"]["rules"]["counts"] == {"move": 1}
    assert now.get_json()["version"] == 4
    assert now.get_json()["state"]["rules"]["counts"] == {"move": 2, "attack": 1}


def test_empty_record_when_the_state_is_read_at_version_one(api: Api) -> None:
    game = _game_with_notes(api, 2)

    state = api.client.get(f"{GAMES}/{game}/state?at=1").get_json()

    assert state["state"]["rules"]["counts"] == {}
    assert state["viewer"] == "spectator"


@pytest.mark.parametrize("at", ["4", "0", "-1", "two"])
def test_400_naming_at_when_the_version_is_not_in_the_game(api: Api, at: str) -> None:
    game = _game_with_notes(api, 2)

    problem = assert_problem(api.client.get(f"{GAMES}/{game}/state?at={at}"), 400)

    assert "at" in problem["errors"]


@pytest.mark.parametrize("role", ["arbiter", "admin"])
def test_full_state_when_an_arbiter_or_admin_asks_for_the_arbiters_view(api: Api, role: str) -> None:
    game = _game_with_notes(api, 1)

    response = api.client.get(f"{GAMES}/{game}/state?as=arbiter", headers=api.headers(role))

    assert response.status_code == 200
    body = response.get_json()
    assert body["viewer"] == "arbiter"
    assert body["state"]["meta"]["game_id"] == game
    assert body["state"]["state"]["counts"] == {"note": 1}


@pytest.mark.parametrize("role", ["organiser", "viewer", None])
def test_403_when_anyone_else_asks_for_the_arbiters_view(api: Api, role: str | None) -> None:
    game = _game_with_notes(api, 1)

    response = api.client.get(f"{GAMES}/{game}/state?as=arbiter", headers=api.headers(role))

    assert_problem(response, 403)


def test_400_naming_as_when_the_seat_is_not_in_the_game(api: Api) -> None:
    game = _game_with_notes(api, 1)

    problem = assert_problem(api.client.get(f"{GAMES}/{game}/state?as=green", headers=api.headers()), 400)

    assert "as" in problem["errors"]


def test_seat_view_when_staff_asks_as_a_seat(api: Api) -> None:
    game = _game_with_notes(api, 1)

    response = api.client.get(f"{GAMES}/{game}/state?as=blue", headers=api.headers("organiser"))

    assert response.status_code == 200
    assert response.get_json()["viewer"] == "blue"


def test_no_seed_in_any_view_when_the_game_is_still_running(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, type="roll", seat="red", data={"count": 2})

    for viewer in ("spectator", "red", "arbiter"):
        state = api.client.get(f"{GAMES}/{game}/state?as={viewer}", headers=api.headers()).get_json()["state"]

        assert state["meta"]["dice_seed"] is None, viewer


# --- GET /games/{id}/verify ---


def test_chain_is_ok_when_nothing_was_tampered_with(any_api: Api) -> None:
    game = _game_with_notes(any_api, 3)
    head = any_api.client.get(f"{GAMES}/{game}").get_json()["last_hash"]

    response = any_api.client.get(f"{GAMES}/{game}/verify")

    assert response.status_code == 200
    body = response.get_json()
    assert body["ok"] is True
    assert body["events"] == 4
    assert body["first_broken"] is None
    assert body["head"] == head


def test_broken_at_the_edited_version_when_an_event_is_tampered_with(api: Api) -> None:
    game = _game_with_notes(api, 3)
    with api.services.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER events_refuse_update"))
        conn.execute(
            text("UPDATE events SET data = :data WHERE stream_id = :stream AND version = 3"),
            {"data": '{"data":{"n":99},"seat":"blue","type":"note"}', "stream": f"game:{game}"},
        )

    body = api.client.get(f"{GAMES}/{game}/verify").get_json()

    assert body["ok"] is False
    assert body["first_broken"] == 3


def test_409_naming_the_event_when_a_stored_event_is_no_json_not_an_internal_error(api: Api) -> None:
    """An edit outside Annals that leaves an event's stored data unreadable: the read says which event and points to
    verify (tamper evidence), as a problem document; it was a 500 and a traceback."""
    game = _game_with_notes(api, 2)
    with api.services.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER IF EXISTS events_refuse_update"))
        conn.execute(
            text("UPDATE events SET data = 'not json' WHERE stream_id = :s AND version = 2"), {"s": f"game:{game}"}
        )

    response = api.client.get(f"{GAMES}/{game}/events", headers=api.headers())

    body = assert_problem(response, 409, "log-unreadable")
    assert body["stream"] == f"game:{game}" and body["version"] == 2 and "verify" in body["detail"]
    assert api.client.get(f"{GAMES}/{game}/verify").get_json()["first_broken"] == 2


def _edit_first_event(api: Api, stream: str) -> None:
    """Edit the stored data of a stream's first event behind the store's back (its hash no longer matches)."""
    with api.services.engine.begin() as conn:
        conn.execute(text("DROP TRIGGER IF EXISTS events_refuse_update"))
        conn.execute(
            text("UPDATE events SET data = replace(data, 'ford', 'hill') WHERE stream_id = :s AND version = 1"),
            {"s": stream},
        )


def test_verify_reads_the_games_events_once_and_still_finds_an_edited_summary(api: Api) -> None:
    """The chain check and the summary comparison read the stream in one pass (they read it twice: 18.5 of the
    35 ms of GET /verify on the 661-event sample), and an edited summary is still found."""
    game = _game_with_notes(api, 3, visibility="public")
    stream = f"game:{game}"
    reads: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if "events.data" in statement and stream in (params if isinstance(params, tuple | list) else ()):
            reads.append(statement)

    event.listen(api.services.engine, "before_cursor_execute", count)
    try:
        intact = api.client.get(f"{GAMES}/{game}/verify").get_json()
        with api.services.engine.begin() as conn:
            conn.execute(text("UPDATE game_summaries SET title = 'forged' WHERE game_id = :g"), {"g": game})
        edited = api.client.get(f"{GAMES}/{game}/verify", headers=api.headers()).get_json()
    finally:
        event.remove(api.services.engine, "before_cursor_execute", count)

    assert intact["ok"] is True and edited["ok"] is False
    assert [(f["kind"], f["detail"].endswith("on title")) for f in edited["findings"]] == [("head-mismatch", True)]
    assert len(reads) == 2  # one read of the events per GET /verify


def test_annals_verify_reads_a_games_events_once_and_still_finds_an_edited_summary(
    api: Api, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`annals verify GAME` checks the chain and the summary in one read of the stream, as GET /verify does."""
    game = _game_with_notes(api, 3)
    stream = f"game:{game}"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'annals.db'}")  # the api fixture's database
    reads: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if "events.data" in statement and stream in (params if isinstance(params, tuple | list) else ()):
            reads.append(statement)

    event.listen(Engine, "before_cursor_execute", count)  # every engine: the command makes its own
    try:
        intact = CliRunner().invoke(cli, ["verify", game])
        with api.services.engine.begin() as conn:
            conn.execute(text("UPDATE game_summaries SET title = 'forged' WHERE game_id = :g"), {"g": game})
        edited = CliRunner().invoke(cli, ["verify", game])
    finally:
        event.remove(Engine, "before_cursor_execute", count)

    assert intact.exit_code == 0, intact.output
    assert edited.exit_code == 1 and "on title" in edited.output
    assert len(reads) == 2  # one read of the events per run


def test_verify_lists_no_other_stream_when_the_game_has_no_annotations_or_disputes(api: Api) -> None:
    game = _game_with_notes(api, 1)

    body = api.client.get(f"{GAMES}/{game}/verify").get_json()

    assert body["ok"] is True and body["streams"] == []


@pytest.mark.parametrize("edited", ["annotations", "dispute"])
def test_verify_is_not_ok_naming_the_stream_when_an_annotation_or_dispute_row_was_edited(api: Api, edited: str) -> None:
    game = _game_with_notes(api, 2)
    note = {"kind": "comment", "at_version": 2, "body": {"text": "the ford"}}
    assert api.client.post(f"{GAMES}/{game}/annotations", json=note, headers=api.headers()).status_code == 201
    claim = {"version": 2, "claim": "the ford was never crossed"}
    opened = api.client.post(f"{GAMES}/{game}/disputes", json=claim, headers=api.headers("arbiter"))
    assert opened.status_code == 201, opened.get_json()
    dispute = f"dispute:{opened.get_json()['id']}"
    assert api.client.get(f"{GAMES}/{game}/verify").get_json()["ok"] is True

    _edit_first_event(api, f"annotations:{game}" if edited == "annotations" else dispute)
    body = api.client.get(f"{GAMES}/{game}/verify").get_json()

    assert body["ok"] is False
    assert body["first_broken"] is None and body["reason"] is None  # the game's own stream holds
    by_stream = {s["stream"]: s for s in body["streams"]}
    assert set(by_stream) == {f"annotations:{game}", dispute}
    broken = by_stream[f"annotations:{game}" if edited == "annotations" else dispute]
    assert broken["ok"] is False and broken["first_broken"] == 1 and broken["reason"]
    assert [s["ok"] for s in body["streams"]].count(True) == 1


def test_verify_lists_a_dispute_whose_read_model_row_was_deleted_and_not_another_games(api: Api) -> None:
    game, other = _game_with_notes(api, 2), _game_with_notes(api, 2)
    opened = [
        api.client.post(f"{GAMES}/{g}/disputes", json={"version": 2, "claim": "no"}, headers=api.headers("arbiter"))
        for g in (game, other)
    ]
    assert [o.status_code for o in opened] == [201, 201]
    dispute = opened[0].get_json()["id"]
    with api.services.engine.begin() as conn:
        conn.execute(text("DELETE FROM dispute_rules WHERE dispute_id = :d"), {"d": dispute})
        conn.execute(text("DELETE FROM disputes WHERE dispute_id = :d"), {"d": dispute})

    body = api.client.get(f"{GAMES}/{game}/verify").get_json()

    assert body["ok"] is False and body["first_broken"] is None  # the game's own stream holds
    assert [s["stream"] for s in body["streams"]] == [f"dispute:{dispute}"]
    assert body["streams"][0]["ok"] is False
    assert "no disputes read-model row" in body["streams"][0]["reason"]
