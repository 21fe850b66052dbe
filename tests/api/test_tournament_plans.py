"""What a director previews is what is published (issue 13): a preview answers the plan's digest, and a publish
that sends it publishes that plan or is refused (409 plan-changed) writing nothing."""

from __future__ import annotations

from typing import Any

from domain.canonical import canonical_bytes, sha256_hex
from tests.api.conftest import assert_problem
from tests.api.test_tournaments import BASE, _create, _post, _register
from tests.conftest import Api


def _events(api: Api, tid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    return found


def test_a_preview_answers_its_plans_digest_and_a_publish_with_it_publishes_that_plan(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)

    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    published = _post(api, f"{tid}/rounds", {"plan_digest": preview["plan_digest"]})

    plan = {k: v for k, v in preview.items() if k not in ("published", "plan_digest")}
    assert preview["plan_digest"] == sha256_hex(canonical_bytes(plan))  # the plan's canonical JSON, hashed
    assert published.status_code == 201, published.get_json()
    assert published.get_json()["plan_digest"] == preview["plan_digest"]
    stored = [e for e in _events(api, tid) if e["type"] == "RoundPaired"]
    assert [e["data"] for e in stored] == [plan]


def test_a_publish_whose_plan_changed_since_its_preview_is_409_plan_changed_and_writes_nothing(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 9)
    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    dropped = _post(api, f"{tid}/players/{players[0]}/drop", {"reason": "left before round 1"})
    assert dropped.status_code == 200, dropped.get_json()
    before = _events(api, tid)

    refused = _post(api, f"{tid}/rounds", {"plan_digest": preview["plan_digest"], "accept_problems": True})

    problem = assert_problem(refused, 409, "plan-changed")
    assert "preview it again" in problem["detail"] and preview["plan_digest"] in problem["detail"]
    assert _events(api, tid) == before  # nothing written
    again = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    assert problem["plan_digest"] == again["plan_digest"] != preview["plan_digest"]
    published = _post(api, f"{tid}/rounds", {"plan_digest": again["plan_digest"], "accept_problems": True})
    assert published.status_code == 201, published.get_json()
    assert players[0] not in {p for t in published.get_json()["tables"] for p in t["players"]}


def test_a_plan_digest_that_is_no_sha256_is_refused_naming_the_field(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)

    refused = _post(api, f"{tid}/rounds", {"plan_digest": "yesterday's"})

    assert assert_problem(refused, 400)["errors"]["plan_digest"] == ["not a preview's plan_digest (64 hex digits)"]
    assert [e["type"] for e in _events(api, tid) if e["type"] == "RoundPaired"] == []
