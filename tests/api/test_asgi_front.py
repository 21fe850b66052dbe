"""The ASGI front of `annals serve`, called in-process with a fake connection (no server, no socket)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from service.live import asgi, live_of
from service.live.asgi import AnnalsAsgi
from tests.conftest import Api

BOUND_SECONDS = 20.0  # every call below ends long before this; it only keeps a broken front from hanging


class _Connection:
    """One HTTP request as an ASGI server hands it over, and what the app sends back."""

    def __init__(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> None:
        target, _, query = path.partition("?")
        self.scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": target,
            "raw_path": target.encode(),
            "root_path": "",
            "query_string": query.encode(),
            "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 5000),
        }
        self._body = body
        self._requested = False
        self.gone = asyncio.Event()
        self.sent: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        if not self._requested:
            self._requested = True
            return {"type": "http.request", "body": self._body, "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])

    @property
    def body(self) -> bytes:
        return b"".join(m.get("body", b"") for m in self.sent[1:])


@pytest.fixture
def front(api: Api) -> Iterator[AnnalsAsgi]:
    made = AnnalsAsgi(api.app, threads=2)
    yield made
    made.close()


def _run(front: AnnalsAsgi, connection: _Connection) -> _Connection:
    asyncio.run(asyncio.wait_for(front(connection.scope, connection.receive, connection.send), BOUND_SECONDS))
    return connection


def test_an_answer_is_sent_whole_when_the_route_is_not_a_stream(front: AnnalsAsgi) -> None:
    sent = _run(front, _Connection("GET", "/api/v1/health"))

    assert sent.status == 200
    assert [m["more_body"] for m in sent.sent[1:]] == [False]
    assert json.loads(sent.body)


def test_an_action_is_recorded_when_its_body_comes_through_the_front(front: AnnalsAsgi, api: Api) -> None:
    game = api.create_game()["id"]
    body = json.dumps({"type": "note", "seat": "red"}).encode()
    headers = {**api.headers(), "Content-Type": "application/json", "Content-Length": str(len(body))}

    sent = _run(front, _Connection("POST", f"/api/v1/games/{game}/actions", body, headers))

    assert sent.status == 201, sent.body
    assert json.loads(sent.body)["version"] == 2


def test_the_stream_is_sent_from_the_event_loop_and_frees_its_place_when_it_times_out(
    front: AnnalsAsgi, api: Api
) -> None:
    game = api.create_game()["id"]
    api.act(game, type="note", seat="red")

    sent = _run(front, _Connection("GET", f"/api/v1/games/{game}/stream?timeout=0"))

    assert sent.status == 200
    assert (b"content-type", b"text/event-stream; charset=utf-8") in sent.sent[0]["headers"]
    text = sent.body.decode()
    assert text.startswith("retry: 1000\n\n")
    assert "id: 1\nevent: GameCreated\n" in text and "id: 2\nevent: ActionRecorded\n" in text
    assert sent.sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}
    assert live_of(api.app).limits.held("127.0.0.1", None) == 0


def test_the_stream_ends_and_frees_its_place_when_the_client_goes_away(front: AnnalsAsgi, api: Api) -> None:
    game = api.create_game()["id"]
    connection = _Connection("GET", f"/api/v1/games/{game}/stream?timeout=60")

    async def leave_once_streaming() -> None:
        for _ in range(int(BOUND_SECONDS / 0.01)):
            if len(connection.sent) >= 2:  # the head and the first events have gone out
                break
            await asyncio.sleep(0.01)
        connection.gone.set()

    async def both() -> None:
        await asyncio.gather(front(connection.scope, connection.receive, connection.send), leave_once_streaming())

    asyncio.run(asyncio.wait_for(both(), BOUND_SECONDS))

    assert connection.status == 200
    assert live_of(api.app).limits.held("127.0.0.1", None) == 0
    assert live_of(api.app).notifier.subscribers == 0


def test_the_stream_ends_without_the_next_event_when_its_token_is_revoked_while_it_waits(
    front: AnnalsAsgi, api: Api
) -> None:
    """README, Tokens through the API: revoked at once in this process, the token's open stream included."""
    game = api.create_game(visibility="private")["id"]
    minted = api.client.post("/api/v1/tokens", json={"role": "viewer"}, headers=api.headers("organiser")).get_json()
    connection = _Connection(
        "GET", f"/api/v1/games/{game}/stream?timeout=8", headers={"Authorization": f"Bearer {minted['token']}"}
    )

    async def revoke_then_record() -> None:
        for _ in range(int(BOUND_SECONDS / 0.01)):
            if b"id: 1\n" in connection.body:
                break
            await asyncio.sleep(0.01)
        await asyncio.to_thread(api.client.delete, f"/api/v1/tokens/{minted['id']}", headers=api.headers("organiser"))
        await asyncio.to_thread(api.act, game, type="note", seat="red", data={"secret": "after the revocation"})

    async def both() -> None:
        await asyncio.gather(front(connection.scope, connection.receive, connection.send), revoke_then_record())

    elapsed = asyncio.run(_timed(both))

    assert connection.status == 200
    assert "id: 2" not in connection.body.decode()
    assert connection.sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}
    assert elapsed < 6  # ended at the event after the revocation, not at its timeout


async def _timed(run: Any) -> float:
    loop = asyncio.get_running_loop()
    began = loop.time()
    await asyncio.wait_for(run(), BOUND_SECONDS)
    return loop.time() - began


def test_404_problem_when_an_anonymous_client_streams_a_private_game_through_the_front(
    front: AnnalsAsgi, api: Api
) -> None:
    game = api.create_game(visibility="private")["id"]

    sent = _run(front, _Connection("GET", f"/api/v1/games/{game}/stream?timeout=0"))

    assert sent.status == 404
    assert (b"content-type", b"application/problem+json") in sent.sent[0]["headers"]


class _SlowConnection(_Connection):
    """A request whose body comes as `parts` messages, then (with `stall`) never ends, or (with `leave`)
    ends with the client gone."""

    def __init__(self, *args: Any, parts: list[bytes], stall: bool = False, leave: bool = False, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._parts, self._stall, self._leave = list(parts), stall, leave

    async def receive(self) -> dict[str, Any]:
        if self._parts:
            part = self._parts.pop(0)
            more = bool(self._parts) or self._stall or self._leave
            return {"type": "http.request", "body": part, "more_body": more}
        if self._leave:
            return {"type": "http.disconnect"}
        await asyncio.Event().wait()  # the rest of the body never comes
        raise AssertionError("unreachable")


def test_a_body_sent_in_pieces_is_read_whole_before_the_action_is_recorded(front: AnnalsAsgi, api: Api) -> None:
    game = api.create_game()["id"]
    body = json.dumps({"type": "note", "seat": "red", "data": {"text": "split across three reads"}}).encode()
    headers = {**api.headers(), "Content-Type": "application/json", "Content-Length": str(len(body))}
    parts = [body[:7], body[7:20], body[20:]]

    sent = _run(front, _SlowConnection("POST", f"/api/v1/games/{game}/actions", headers=headers, parts=parts))

    assert sent.status == 201, sent.body
    assert api.client.get(f"/api/v1/games/{game}/events", headers=api.headers()).get_json()["items"][-1]["data"][
        "data"
    ]["text"] == ("split across three reads")


def test_408_problem_and_the_connection_closed_when_the_body_stops_coming(
    front: AnnalsAsgi, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(asgi, "BODY_SECONDS", 0.2)
    game = api.create_game()["id"]
    headers = {**api.headers(), "Content-Type": "application/json", "Content-Length": "100"}

    sent = _run(
        front, _SlowConnection("POST", f"/api/v1/games/{game}/actions", headers=headers, parts=[b'{"ty'], stall=True)
    )

    assert sent.status == 408
    assert (b"content-type", b"application/problem+json") in sent.sent[0]["headers"]
    assert (b"connection", b"close") in sent.sent[0]["headers"]
    problem = json.loads(sent.body)
    assert problem["status"] == 408 and "did not arrive within 0.2 s" in problem["detail"]
    assert problem["type"] == "/api/v1/problems/request-timeout"  # a project problem, as the 413's, not about:blank
    assert problem["title"] and problem["limit_seconds"] == 0.2 and problem["errors"]["body"]
    assert api.client.get(f"/api/v1/games/{game}", headers=api.headers()).get_json()["version"] == 1  # nothing recorded


def test_a_stalled_body_holds_no_request_thread(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """With one request thread, a client stalled in its body does not keep another from being answered."""
    monkeypatch.setattr(asgi, "BODY_SECONDS", 5.0)
    front = AnnalsAsgi(api.app, threads=1)
    stalled = _SlowConnection(
        "POST", "/api/v1/games", headers={**api.headers(), "Content-Length": "50"}, parts=[b"{"], stall=True
    )
    health = _Connection("GET", "/api/v1/health")

    async def both() -> None:
        waiting = asyncio.ensure_future(front(stalled.scope, stalled.receive, stalled.send))
        await asyncio.wait_for(front(health.scope, health.receive, health.send), 2.0)
        assert not waiting.done()  # still waiting for its body, on the loop
        waiting.cancel()

    try:
        asyncio.run(asyncio.wait_for(both(), BOUND_SECONDS))
    finally:
        front.close()
    assert health.status == 200
    assert stalled.sent == []


def test_nothing_is_answered_or_run_when_the_client_leaves_during_its_body(front: AnnalsAsgi, api: Api) -> None:
    game = api.create_game()["id"]
    headers = {**api.headers(), "Content-Type": "application/json", "Content-Length": "100"}

    sent = _run(
        front, _SlowConnection("POST", f"/api/v1/games/{game}/actions", headers=headers, parts=[b"{"], leave=True)
    )

    assert sent.sent == []
    assert api.client.get(f"/api/v1/games/{game}", headers=api.headers()).get_json()["version"] == 1


def test_a_chunked_body_is_read_within_the_limit(front: AnnalsAsgi, api: Api) -> None:
    game = api.create_game()["id"]
    body = json.dumps({"type": "note", "seat": "red"}).encode()
    headers = {**api.headers(), "Content-Type": "application/json", "Transfer-Encoding": "chunked"}

    sent = _run(
        front, _SlowConnection("POST", f"/api/v1/games/{game}/actions", headers=headers, parts=[body[:5], body[5:]])
    )

    assert sent.status == 201, sent.body


def test_413_problem_for_a_chunked_body_past_the_limit(off_contract: Api) -> None:
    """Read as far as the limit and no further (the rest never comes), then refused as a sized body is."""
    off_contract.app.config["MAX_CONTENT_LENGTH"] = 1024
    headers = {**off_contract.headers(), "Content-Type": "application/json", "Transfer-Encoding": "chunked"}
    connection = _SlowConnection("POST", "/api/v1/games", headers=headers, parts=[b" " * 1000, b" " * 100], stall=True)
    front = AnnalsAsgi(off_contract.app, threads=1)
    try:
        sent = _run(front, connection)
    finally:
        front.close()

    assert sent.status == 413, sent.body
    assert (b"content-type", b"application/problem+json") in sent.sent[0]["headers"]


class _HeldOpen(_Connection):
    """A body's first part, then nothing until `leave` is set, when the client goes away."""

    def __init__(self, *args: Any, part: bytes, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._part: bytes | None = part
        self.leave = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        if self._part is not None:
            part, self._part = self._part, None
            return {"type": "http.request", "body": part, "more_body": True}
        await self.leave.wait()
        return {"type": "http.disconnect"}


def test_past_the_body_budget_a_body_in_parts_waits_and_a_whole_one_does_not(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(asgi, "BODY_BUFFER_BYTES", 100)
    front = AnnalsAsgi(api.app, threads=2)
    game = api.create_game()["id"]
    path = f"/api/v1/games/{game}/actions"
    note = json.dumps({"type": "note", "seat": "red"}).encode()
    headers = {**api.headers(), "Content-Type": "application/json", "Content-Length": str(len(note))}
    hog = _HeldOpen("POST", path, headers={**headers, "Content-Length": "1000"}, part=b" " * 150)
    whole = _Connection("POST", path, note, headers)
    in_parts = _SlowConnection("POST", path, headers=headers, parts=[note[:10], note[10:]])

    async def scenario() -> None:
        hogging = asyncio.ensure_future(front(hog.scope, hog.receive, hog.send))
        await asyncio.sleep(0.05)
        assert front.buffered.held == 150  # past the budget of 100
        await asyncio.wait_for(front(whole.scope, whole.receive, whole.send), 5)  # one part: no wait
        waiting = asyncio.ensure_future(front(in_parts.scope, in_parts.receive, in_parts.send))
        await asyncio.sleep(0.2)
        assert not waiting.done() and in_parts.sent == []  # its second part waits for room
        hog.leave.set()
        await asyncio.wait_for(asyncio.gather(hogging, waiting), 5)

    try:
        asyncio.run(asyncio.wait_for(scenario(), BOUND_SECONDS))
    finally:
        front.close()
    assert whole.status == 201 and in_parts.status == 201, (whole.body, in_parts.body)
    assert hog.sent == []
    assert front.buffered.held == 0
