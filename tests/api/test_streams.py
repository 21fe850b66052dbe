"""Subscribers: the global log after a position, and a game live over Server-Sent Events."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import assert_problem
from tests.conftest import Api, _api, _finish, _make_app

NDJSON = "application/x-ndjson"


def _ndjson(response: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in response.get_data(as_text=True).splitlines() if line]


def _sse(text: str) -> list[dict[str, str]]:
    """The events of a Server-Sent Events body (comments and the retry line skipped)."""
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "id" in fields:
            found.append(fields)
    return found


def test_anonymous_feed_has_public_games_only_when_a_private_game_exists(any_api: Api) -> None:
    public = any_api.create_game(title="public")["id"]
    private = any_api.create_game(title="private", visibility="private")["id"]
    any_api.act(public, type="note", seat="red")
    any_api.act(private, type="note", seat="red")

    anonymous = any_api.client.get("/api/v1/events", headers={"Accept": NDJSON})
    staff = any_api.client.get("/api/v1/events", headers=any_api.headers("viewer", Accept=NDJSON))

    assert anonymous.mimetype == NDJSON
    assert {e["stream_id"] for e in _ndjson(anonymous)} == {f"game:{public}"}
    assert {e["stream_id"] for e in _ndjson(staff)} == {f"game:{public}", f"game:{private}"}
    positions = [e["position"] for e in _ndjson(staff)]
    assert positions == sorted(positions) and len(positions) == 4


def test_pages_cover_the_log_once_when_following_annals_next_after(api: Api) -> None:
    game = api.create_game()["id"]
    for n in range(6):
        api.act(game, type="note", seat="red", data={"n": n})
    seen: list[int] = []
    after = "0"
    for _ in range(10):
        page = api.client.get(f"/api/v1/events?after={after}&limit=3", headers={"Accept": NDJSON})
        seen += [e["position"] for e in _ndjson(page)]
        if page.headers["Annals-Next-After"] == after:
            break
        after = page.headers["Annals-Next-After"]

    assert seen == list(range(1, 8))


def test_feed_is_json_with_next_when_json_is_asked_for(api: Api) -> None:
    game = api.create_game()["id"]
    api.act(game, type="note", seat="red")

    page = api.client.get("/api/v1/events?limit=1", headers={"Accept": "application/json"}).get_json()

    assert [e["version"] for e in page["items"]] == [1] and page["next"] == "1"


def test_feed_is_json_when_the_client_sends_no_accept_header(api: Api) -> None:
    """Issue 15, point 4: a list client that asks for nothing gets JSON it can decode, not NDJSON."""
    game = api.create_game()["id"]

    page = api.client.get("/api/v1/events?limit=1")

    assert page.mimetype == "application/json"
    assert [e["stream_id"] for e in page.get_json()["items"]] == [f"game:{game}"]


def test_406_when_the_feed_is_asked_for_as_csv(api: Api) -> None:
    assert_problem(api.client.get("/api/v1/events", headers={"Accept": "text/csv"}), 406)


def test_stream_sends_every_event_with_its_version_as_id_when_started_from_the_beginning(any_api: Api) -> None:
    game = any_api.create_game()["id"]
    any_api.act(game, type="move", seat="red", data={"to": "ford"})
    any_api.act(game, type="note", seat="blue")

    response = any_api.client.get(f"/api/v1/games/{game}/stream?timeout=0")

    assert response.mimetype == "text/event-stream"
    events = _sse(response.get_data(as_text=True))
    assert [(e["id"], e["event"]) for e in events] == [
        ("1", "GameCreated"),
        ("2", "ActionRecorded"),
        ("3", "ActionRecorded"),
    ]
    assert json.loads(events[1]["data"])["data"]["data"] == {"to": "ford"}


def test_stream_resumes_after_last_event_id_when_a_client_reconnects(api: Api) -> None:
    game = api.create_game()["id"]
    for n in range(3):
        api.act(game, type="note", seat="red", data={"n": n})

    resumed = api.client.get(f"/api/v1/games/{game}/stream?timeout=0", headers={"Last-Event-ID": "2"})
    after = api.client.get(f"/api/v1/games/{game}/stream?timeout=0&after=3")

    assert [e["id"] for e in _sse(resumed.get_data(as_text=True))] == ["3", "4"]
    assert [e["id"] for e in _sse(after.get_data(as_text=True))] == ["4"]


def test_stream_delivers_an_event_recorded_while_it_is_open(api: Api) -> None:
    game = api.create_game()["id"]

    def record_later() -> None:
        time.sleep(0.4)
        api.act(game, type="move", seat="blue", data={"to": "hill"})

    writer = threading.Thread(target=record_later)
    writer.start()
    started = time.monotonic()
    response = api.client.get(f"/api/v1/games/{game}/stream?timeout=2&after=1")
    body = response.get_data(as_text=True)  # the stream ends at its timeout
    writer.join()

    assert [(e["id"], e["event"]) for e in _sse(body)] == [("2", "ActionRecorded")]
    assert time.monotonic() - started >= 0.4


def test_404_when_an_anonymous_client_streams_a_private_game(api: Api) -> None:
    game = api.create_game(visibility="private")["id"]

    assert_problem(api.client.get(f"/api/v1/games/{game}/stream?timeout=0"), 404)


def test_400_when_last_event_id_is_not_a_version(api: Api) -> None:
    game = api.create_game()["id"]

    for bad in ("abc", "9223372036854775808"):  # the second overflowed the database's integers once
        response = api.client.get(f"/api/v1/games/{game}/stream?timeout=0", headers={"Last-Event-ID": bad})
        assert_problem(response, 400)


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Api]:
    """An app whose clients may each hold two live streams."""
    made = _make_app(f"sqlite:///{tmp_path / 'annals.db'}", STREAMS_PER_TOKEN=2, STREAMS_PER_ADDRESS=2)
    yield _api(made)
    _finish(made)


def _open(api: Api, game: str, role: str | None, address: str = "127.0.0.1", timeout: int = 30) -> Any:
    """A stream opened and left unread (it holds its place until closed)."""
    return api.client.get(
        f"/api/v1/games/{game}/stream?timeout={timeout}",
        headers=api.headers(role),
        environ_base={"REMOTE_ADDR": address},
        buffered=False,
    )


def test_429_with_retry_after_when_a_token_holds_as_many_streams_as_allowed(limited: Api) -> None:
    game = limited.create_game()["id"]
    held = [_open(limited, game, "viewer", address) for address in ("127.0.0.2", "127.0.0.3")]

    refused = _open(limited, game, "viewer", "127.0.0.4")
    other_token = _open(limited, game, "arbiter")

    assert [r.status_code for r in held] == [200, 200]
    body = assert_problem(refused, 429, "too-many-streams")
    assert 1 <= int(refused.headers["Retry-After"]) <= 30
    assert body["retry_after"] == int(refused.headers["Retry-After"])
    assert other_token.status_code == 200
    for response in (*held, refused, other_token):
        response.close()


def test_429_when_an_anonymous_address_holds_as_many_streams_as_allowed(limited: Api) -> None:
    game = limited.create_game()["id"]
    held = [_open(limited, game, None, "127.0.0.2") for _ in range(2)]

    refused = _open(limited, game, None, "127.0.0.2")
    other_address = _open(limited, game, None, "127.0.0.3")
    with_a_token = _open(limited, game, "viewer", "127.0.0.2")

    assert [r.status_code for r in held] == [200, 200]
    assert_problem(refused, 429, "too-many-streams")
    assert other_address.status_code == with_a_token.status_code == 200
    for response in (*held, refused, other_address, with_a_token):
        response.close()


def test_a_stream_opens_again_when_one_of_the_client_streams_has_ended(limited: Api) -> None:
    game = limited.create_game()["id"]
    first = _open(limited, game, None, timeout=0)
    second = _open(limited, game, None)
    assert _open(limited, game, None).status_code == 429

    assert [e["id"] for e in _sse(first.get_data(as_text=True))] == ["1"]  # read to its end, then closed
    first.close()
    again = _open(limited, game, None)

    assert again.status_code == 200
    for response in (second, again):
        response.close()


@pytest.mark.parametrize("revoker", ["organiser", "itself"])
def test_an_open_stream_ends_without_the_next_event_when_its_token_is_revoked(api: Api, revoker: str) -> None:
    """README, Tokens through the API: a revoked token is refused at once by the process that revoked it, so
    the stream it opened on a private game sends nothing recorded after the revocation (it used to go on to
    its timeout, up to 60 s of the game's events); a token that signs out (DELETE /tokens/current) too."""
    game = api.create_game(visibility="private")["id"]
    minted = api.client.post("/api/v1/tokens", json={"role": "viewer"}, headers=api.headers("organiser")).get_json()
    stream = api.client.get(
        f"/api/v1/games/{game}/stream?timeout=5",
        headers={"Authorization": f"Bearer {minted['token']}"},
        buffered=False,
    )
    body: Iterator[bytes] = iter(stream.iter_encoded())
    opened = b""
    while b"id: 1\n" not in opened:
        opened += next(body)

    if revoker == "itself":
        revoked = api.client.delete("/api/v1/tokens/current", headers={"Authorization": f"Bearer {minted['token']}"})
    else:
        revoked = api.client.delete(f"/api/v1/tokens/{minted['id']}", headers=api.headers("organiser"))
    started = time.monotonic()
    api.act(game, type="note", seat="red", data={"secret": "after the revocation"})
    rest = b"".join(body).decode()
    stream.close()

    assert revoked.status_code == 204
    assert _sse(rest) == []
    assert time.monotonic() - started < 4  # ended at the next event, not at its timeout
