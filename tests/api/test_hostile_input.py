"""Hostile input (issue 16, point 1): bodies past the limits are refused before anything reads them, and
nothing stored, however deep, makes a read of its game fail."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from sqlalchemy import insert
from werkzeug.test import TestResponse

from domain.chain import event_hash_of_texts
from service.store import summaries
from service.store.tables import events
from tests.api.conftest import assert_problem, stored_events, total_events
from tests.chain_fields import ChainedFields
from tests.conftest import Api

DEPTH = 64  # the default ANNALS_MAX_JSON_DEPTH


def nested(depth: int) -> Any:
    """An object `depth` levels deep, {"a": {"a": ... {}}}, built without recursion."""
    value: dict[str, Any] = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


def nested_text(depth: int) -> str:
    """The JSON text of `nested(depth)`, written out (json.dumps itself cannot recurse past ~1,000 levels)."""
    return '{"a":' * (depth - 1) + "{}" + "}" * (depth - 1)


def post_raw(api: Api, path: str, text: str | bytes, role: str | None = "admin", **headers: str) -> Any:
    return api.client.post(
        path, data=text, headers={**api.headers(role), **headers, "Content-Type": "application/json"}
    )


def test_400_naming_the_path_when_action_data_nests_one_level_past_the_limit(api: Api) -> None:
    game = api.create_game()["id"]
    before = total_events(api)
    # The body is level 1 and `data` level 2: data nested DEPTH levels makes a body of DEPTH + 1.
    response = api.act(game, type="note", seat="red", data=nested(DEPTH))

    body = assert_problem(response, 400, "bad-request")
    pointer = "/data" + "/a" * (DEPTH - 1)
    assert body["errors"] == {pointer: [f"nested deeper than {DEPTH} levels"]}
    assert total_events(api) == before


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/{game}/actions",
        "/api/v1/games/{game}/forks",
        "/api/v1/games/{game}/annotations",
        "/api/v1/games/{game}/disputes",
        "/api/v1/games",
        "/api/v1/players",
    ],
)
def test_400_not_500_when_a_body_is_nested_deeper_than_json_loads_can_recurse(api: Api, path: str) -> None:
    game = api.create_game()["id"]
    before = total_events(api)
    text = '{"type":"note","seat":"red","data":' + nested_text(50_000) + "}"

    for role in ("admin", None):  # refused the same way before authentication as after
        body = assert_problem(post_raw(api, path.format(game=game), text, role), 400, "bad-request")
        assert list(body["errors"]) == ["/data" + "/a" * (DEPTH - 1)]
    assert total_events(api) == before


@pytest.mark.parametrize(
    ("data", "pointer", "message"),
    [
        ({f"k{i}": i for i in range(10_001)}, "/data", "10001 keys, more than 10000"),
        ({"list": list(range(10_001))}, "/data/list", "10001 items, more than 10000"),
    ],
)
def test_400_naming_the_container_when_it_holds_more_members_than_allowed(
    api: Api, data: Any, pointer: str, message: str
) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    body = assert_problem(api.act(game, type="note", seat="red", data=data), 400, "bad-request")

    assert body["errors"] == {pointer: [message]}
    assert total_events(api) == before


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b'{"type":"note","seat":"red","data":{"n":' + b"9" * 5000 + b"}}", "invalid JSON"),
        (b'{"type":"note","seat":"red","data":{"n":NaN}}', "not representable"),
        (b'{"type":"note","seat":"red","data":{"n":1e999}}', "not representable"),
        (b'{"type":"note","seat":"red","data":{"t":"\xff\xfe"}}', "not UTF-8"),
        (b'{"type":"note","seat":"red","data":{"t":"\\ud800"}}', "invalid Unicode"),
        (b'{"type":"note",', "invalid JSON"),
        (b"", "empty"),
        (b"null", "null"),
    ],
)
def test_400_naming_the_body_when_its_text_is_no_json_the_store_can_keep(api: Api, raw: bytes, reason: str) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    body = assert_problem(post_raw(api, f"/api/v1/games/{game}/actions", raw), 400, "bad-request")

    assert body["errors"] == {"body": [reason]}
    assert total_events(api) == before


@pytest.mark.parametrize(
    ("path", "raw", "pointer"),
    [
        ("actions", b'{"type":"note","seat":"red","seat":"blue","data":{}}', "/seat"),
        ("actions", b'{"type":"note","seat":"red","data":{"n":1,"m":[{"n":2,"n":3}]}}', "/data/m/0/n"),
        ("/api/v1/tokens", b'{"role":"admin","label":"dup","role":"viewer"}', "/role"),
    ],
)
def test_400_naming_the_member_and_nothing_written_when_an_object_repeats_a_key(
    api: Api, path: str, raw: bytes, pointer: str
) -> None:
    """Python kept the last of two same-named members (the seat 'blue', the role 'viewer'); another parser in
    front of the service (a proxy, a client library) may read the first, so such a body means two requests."""
    game = api.create_game()["id"]
    before = total_events(api)
    target = f"/api/v1/games/{game}/actions" if path == "actions" else path

    body = assert_problem(post_raw(api, target, raw), 400, "bad-request")

    assert body["errors"] == {pointer: ["the key appears twice in one object"]}
    assert total_events(api) == before
    minted = api.client.get("/api/v1/tokens", headers=api.headers("admin")).get_json()["items"]
    assert [t for t in minted if t["label"] == "dup"] == []


@pytest.mark.parametrize("path", ["actions", "/api/v1/games/import"])
def test_400_naming_content_encoding_and_nothing_written_when_the_body_is_compressed(api: Api, path: str) -> None:
    """A gzipped body was read as it came and refused as "not UTF-8 (byte 1)" (or "the record is not UTF-8")."""
    game = api.create_game()["id"]
    before = total_events(api)
    target = f"/api/v1/games/{game}/actions" if path == "actions" else path
    packed = gzip.compress(b'{"type":"note","seat":"red","data":{}}')

    body = assert_problem(post_raw(api, target, packed, **{"Content-Encoding": "gzip"}), 400, "bad-request")

    assert body["errors"] == {"Content-Encoding": ["only identity"]}
    assert total_events(api) == before


def test_401_before_the_body_is_read_when_it_is_malformed_but_within_the_limits(api: Api) -> None:
    game = api.create_game()["id"]

    assert_problem(post_raw(api, f"/api/v1/games/{game}/actions", b"{not json", None), 401)


@pytest.mark.parametrize("request_id", ["x" * 201, "with space", "tab\there", "caf\u00e9"])
def test_400_when_the_request_id_is_too_long_or_not_printable_ascii(api: Api, request_id: str) -> None:
    game = api.create_game()["id"]
    before = total_events(api)

    response = api.act(game, headers={"X-Request-Id": request_id}, type="note", seat="red", data={})

    assert list(assert_problem(response, 400, "bad-request")["errors"]) == ["X-Request-Id"]
    assert total_events(api) == before


def test_a_request_id_of_200_characters_is_recorded_whole(api: Api) -> None:
    game = api.create_game()["id"]
    request_id = "r" * 199 + "~"

    assert api.act(game, headers={"X-Request-Id": request_id}, type="note", seat="red", data={}).status_code == 201

    assert stored_events(api, game)[-1]["metadata"]["request_id"] == request_id


def test_a_long_user_agent_is_recorded_shortened(api: Api) -> None:
    game = api.create_game()["id"]

    assert api.act(game, headers={"User-Agent": "u" * 100_000}, type="note", seat="red", data={}).status_code == 201

    assert stored_events(api, game)[-1]["metadata"]["client"] == "u" * 200


# --- every read of a game works whatever its events hold ---


def read_everything(api: Api, game: str, version: int, importable: bool = True) -> dict[str, TestResponse]:
    """Every read endpoint of a game (and the writes that read it: dispute, fork, import); all must answer 2xx,
    but the import, when not `importable`, a 422 problem."""
    g = f"/api/v1/games/{game}"
    staff = api.headers("admin")
    answers = {
        "game": api.client.get(g),
        "events": api.client.get(f"{g}/events"),
        "events ndjson": api.client.get(f"{g}/events", headers={"Accept": "application/x-ndjson"}),
        "log": api.client.get("/api/v1/events", headers=staff),
        "stream": api.client.get(f"{g}/stream?timeout=0"),
        "state": api.client.get(f"{g}/state?at={version}"),
        "state as arbiter": api.client.get(f"{g}/state?at={version}&as=arbiter", headers=staff),
        "replay": api.client.get(f"{g}/replay?from=1"),
        "diff": api.client.get(f"{g}/diff?a=1&b={version}"),
        "bookmarks": api.client.get(f"{g}/bookmarks"),
        "annotations": api.client.get(f"{g}/annotations"),
        "verify": api.client.get(f"{g}/verify"),
        "audit": api.client.get(f"{g}/audit"),
        "audit of the version": api.client.get(f"{g}/audit/{version}"),
        "export": api.client.get(f"{g}/export"),
        "export as text": api.client.get(f"{g}/export?format=text"),
        "dispute": api.client.post(f"{g}/disputes", json={"version": version, "claim": "was it right?"}, headers=staff),
        "fork": api.client.post(f"{g}/forks", json={"at_version": version}, headers=staff),
    }
    record = answers["export"].get_data()
    answers["import"] = api.client.post(
        "/api/v1/games/import", data=record, headers={**staff, "Content-Type": "application/x-ndjson"}
    )
    if not importable:
        assert_problem(answers["import"], 422)
    failed = {
        name: (r.status_code, r.get_data(as_text=True)[:300])
        for name, r in answers.items()
        if r.status_code >= 300 and (importable or name != "import")
    }
    assert not failed
    return answers


def test_the_deepest_allowed_data_is_recorded_and_read_back_whole_through_every_read(any_api: Api) -> None:
    api = any_api
    game = api.create_game()["id"]
    data = nested(DEPTH - 1)  # the body {"type", "seat", "data"} is then exactly DEPTH levels deep

    recorded = api.act(game, type="note", seat="red", data=data)
    assert recorded.status_code == 201, recorded.get_json()
    assert api.act(game, type="note", seat="blue", data={"text": "after"}).status_code == 201

    answers = read_everything(api, game, 2)
    assert answers["events"].get_json()["items"][1]["data"]["data"] == data  # ActionRecorded {type, seat, data}
    assert json.loads(answers["events ndjson"].get_data(as_text=True).splitlines()[1])["data"]["data"] == data
    assert answers["verify"].get_json()["ok"] is True
    assert answers["audit of the version"].get_json()["verdict"] == "consistent"
    imported = answers["import"].get_json()
    assert api.client.get(f"/api/v1/games/{imported['game']}/events").get_json()["items"][1]["data"]["data"] == data


def append_stored_text(api: Api, game: str, data_text: str, metadata_text: str) -> None:
    """Store an event whose data is `data_text`, chained and summarised as an append would, bypassing every
    check: what a database written before the request limits existed may hold."""
    last = stored_events(api, game)[-1]
    version, recorded_at = last["version"] + 1, "2026-11-25T12:00:00Z"
    fields: ChainedFields = {
        "stream_id": f"game:{game}",
        "version": version,
        "event_id": f"00000000-0000-4000-8000-{version:012d}",
        "type": "ActionRecorded",
        "schema_version": 1,
        "recorded_at": recorded_at,
    }
    digest = event_hash_of_texts(last["hash"], data_json=data_text, metadata_json=metadata_text, **fields)
    row = {**fields, "position": last["position"] + 1, "data": data_text, "meta": metadata_text}
    with api.services.engine.begin() as conn:
        conn.execute(insert(events).values(**row, prev_hash=last["hash"], hash=digest))
        summaries.advance(conn, game, version, digest, recorded_at, False)
    api.services.loader.forget(game)
    api.services.store.forget_heads()  # the store's writer caches the stream heads it wrote itself


def test_an_event_stored_deeper_than_anything_readable_leaves_every_read_of_its_game_working(any_api: Api) -> None:
    api = any_api
    game = api.create_game()["id"]
    deep = nested_text(3000)
    action = '{"data":' + deep + ',"seat":"red","type":"poison"}'
    append_stored_text(api, game, action, '{"action":' + action[:-1] + ',"authority":"arbiter"}}')

    # Its export shows the event as it is read (the deep part as text): the import refuses a record that
    # nests that deep, naming the line and the path, rather than record a game it could not read back.
    answers = read_everything(api, game, 2, importable=False)

    refused = answers["import"].get_json()["detail"]
    assert refused.startswith("the record cannot be read: line 3: at /data/data/a/a/")
    assert refused.endswith("nested deeper than 100 levels")
    assert answers["verify"].get_json() == {
        "ok": True,
        "streams": [],
        "events": 2,
        "first_broken": None,
        "reason": None,
        "head": stored_events(api, game)[-1]["hash"],
        "findings": [],
        "checkpoint": None,  # read before the export signs one
    }
    shown = answers["events"].get_json()["items"][1]["data"]
    for _ in range(99):  # the store reads 100 levels whole (the event's data is level 1)
        shown = shown["data" if "data" in shown else "a"]
    assert isinstance(shown["a"], str) and shown["a"].startswith('{"a":{"a":')
    assert api.act(game, type="note", seat="red", data={"text": "the game goes on"}).status_code == 201


# --- ids, headers and encodings a client controls: never a 5xx ---

ODD_IDS = [
    "x" * 5000,
    "%00",
    "a%00b",
    "%C3%BC",
    "%27%3B%20DROP%20TABLE%20events%3B--",
    "%F0%9F%8E%B2",
]
ID_PATHS = [
    "/api/v1/games/{id}",
    "/api/v1/games/{id}/events",
    "/api/v1/games/{id}/state",
    "/api/v1/games/{id}/verify",
    "/api/v1/games/{id}/audit",
    "/api/v1/games/{id}/audit/1",
    "/api/v1/games/{id}/export",
    "/api/v1/games/{id}/replay",
    "/api/v1/games/{id}/annotations",
    "/api/v1/games/{id}/forks",
    "/api/v1/disputes/{id}",
    "/api/v1/players/{id}",
    "/api/v1/boards/{id}",
    "/api/v1/tokens/{id}",
    "/api/v1/rulesets/{id}",
    "/api/v1/rulesets/freeform/rules/{id}",
]


@pytest.mark.parametrize("odd", ODD_IDS, ids=range(len(ODD_IDS)))
def test_an_odd_id_in_any_path_is_a_4xx_problem_never_a_5xx(any_api: Api, odd: str) -> None:
    for path in ID_PATHS:
        response = any_api.client.get(path.format(id=odd), headers=any_api.headers())
        assert 400 <= response.status_code < 500, (path, odd[:20], response.get_data(as_text=True)[:300])


@pytest.mark.parametrize(
    "headers",
    [
        {"Idempotency-Key": "k\x01ey"},
        {"Idempotency-Key": "\u00fcber-\U0001f3b2"},
        {"If-Match": '"' + "9" * 400 + '"'},
        {"If-Match": '"\u00b2"'},
        {"User-Agent": "\x7f\u2028agent"},
        {"Authorization": "Bearer " + "t" * 20_000},
        {"Authorization": "Basic YWxhZGRpbjpvcGVuc2VzYW1l"},
        {"Content-Type": "application/json; charset=latin-1"},
    ],
    ids=range(8),
)
def test_an_odd_header_is_answered_without_a_5xx_and_a_refusal_writes_nothing(
    any_api: Api, headers: dict[str, str]
) -> None:
    game = any_api.create_game()["id"]
    before = total_events(any_api)

    response = any_api.client.post(
        f"/api/v1/games/{game}/actions",
        json={"type": "note", "seat": "red", "data": {}},
        headers={**any_api.headers(), **headers},
    )

    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    if response.status_code >= 400:
        assert total_events(any_api) == before


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/api/v1/players", {"name": "Al\u0000ice"}, "/name"),
        ("/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}], "title": "t\u0000"}, "/title"),
        (
            "/api/v1/games",
            {"ruleset": "freeform", "seats": [{"seat": "red"}], "options": {"k\u0000": 1}},
            "/options/k\u0000",
        ),
    ],
)
def test_400_naming_the_path_when_a_string_holds_nul(any_api: Api, path: str, body: Any, pointer: str) -> None:
    before = total_events(any_api)

    response = any_api.client.post(path, json=body, headers=any_api.headers())

    assert assert_problem(response, 400)["errors"] == {pointer: ["NUL character"]}
    assert total_events(any_api) == before


HUGE = "x" * 400_000


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("annotations", {"kind": "glyph", "at_version": 1, "body": {"glyph": HUGE}}),
        ("annotations", {"kind": "comment", "at_version": 1, "body": {"text": "a", HUGE: 1}}),
        ("actions", {"type": "end_game", "seat": None, "data": {"winners": [HUGE]}}),
        ("/api/v1/games", {"ruleset": "freeform", "seats": [{"seat": "red"}], "options": {HUGE: 1}}),
    ],
)
def test_a_refusal_quotes_a_huge_input_shortened_not_whole(api: Api, path: str, body: Any) -> None:
    """Refusals quoted the bad value whole, in `detail` and again in `errors` or `violations`: a body of 400 kB
    got an answer of 0.8-1.6 MB, each request amplified (and the quote helped no one read it)."""
    game = api.create_game()["id"]
    target = path if path.startswith("/") else f"/api/v1/games/{game}/{path}"

    response = api.client.post(target, json=body, headers=api.headers("admin"))

    assert response.status_code in (400, 422)
    assert len(response.get_data()) < 20_000
    problem = response.get_json()
    assert "xxxx" in problem["detail"] and problem["detail"].endswith("…")
